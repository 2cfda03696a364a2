"""Binding: which mentions a pronoun's own clause rules in or out as its antecedent.

A personal pronoun is free in its clause: it does not refer to the clause's subject ("Anna
saw her": her is not Anna), a reflexive is bound by it ("Anna saw herself"). The subject
counts also where the clause shares it rather than names it: a coordinated predicate takes
its first conjunct's subject ("The developer argued with the designer and slapped her": the
developer slapped), and an open complement (xcomp) its controller, the object of the
governing verb where it has one ("Eva asked Anna to call her": Anna calls), else its subject
("Eva wanted to call her": Eva calls). An accusative subject belongs to the clause of the
verb that governs it ("Eva helped her do it": her is not Eva).

Conjuncts are alike in form, so a verb that the parser hung from the head of a complement
clause of another form ("The guard saw the clerk take the pen and accused her": past
"accused" under infinitive "take") coordinates with the verb that takes the complement where
that verb has its form ("saw"), and shares that verb's subject.
"""

from spacy.tokens import Token

from ..roles import name_head

# Subject labels of UD, ClearNLP and TIGER.
SUBJECT_DEPS = frozenset(("nsubj", "nsubj:pass", "nsubjpass", "sb", "csubj"))
_CLAUSE_POS = frozenset(("VERB", "AUX", "ADJ"))
# A conjunct: UD and ClearNLP "conj" hangs from the first conjunct, TIGER "cj" from the
# coordinating conjunction ("cd"), which hangs from the first conjunct.
_CONJUNCT_DEPS = frozenset(("conj", "cj"))
_CONTROLLING_OBJECT_DEPS = frozenset(("obj", "dobj", "oa", "iobj", "dative", "da"))
# ClearNLP hangs a predicative adjective or noun from the copula, which has the subject
# ("was rude to him"); UD makes the adjective the head, with the subject its own.
_COPULA_COMPLEMENT_DEPS = frozenset(("acomp", "attr"))
_PREPOSITION_DEPS = frozenset(("prep", "dative"))
_AUXILIARY_DEPS = frozenset(("aux", "aux:pass", "auxpass", "cop"))
# Coordination and control rarely stack deeper than this; the bound also stops a cycle.
_MAX_CLIMB = 4


def is_subject(token: Token) -> bool:
    return token.dep_ in SUBJECT_DEPS


def clause_head(token: Token) -> Token:
    """The predicate of the clause a token belongs to."""
    head = token.head
    while head.pos_ not in _CLAUSE_POS and head.head.i != head.i:
        head = head.head
    return head


def clause_subjects(token: Token) -> list[Token]:
    """The subjects of the clause ``token`` belongs to, named or shared.

    token (Token): a word of the clause (the pronoun).
    RETURNS (list[Token]): the subject (or controller) tokens; empty where the clause has
        none (an imperative, a fragment).
    """
    predicate = clause_head(token)
    if token.head == predicate and is_subject(token) and "Acc" in token.morph.get("Case"):
        # An accusative subject ("helped him do it", "let her go") is marked by the
        # governing verb, and is free or bound in that verb's clause.
        predicate = clause_head(predicate)
    for _ in range(_MAX_CLIMB):
        subjects = [child for child in predicate.children if is_subject(child)]
        if subjects:
            return subjects
        governor = predicate.head
        if predicate.dep_ == "cj" and governor.dep_ == "cd":
            governor = governor.head
        if predicate.dep_ in _CONJUNCT_DEPS:
            governor = coordinated_head(predicate, governor)
        if governor.i == predicate.i:
            return []
        if predicate.dep_ == "xcomp":
            objects = _controlling_objects(governor)
            if objects:
                return objects
        elif predicate.dep_ not in _CONJUNCT_DEPS | _COPULA_COMPLEMENT_DEPS:
            return []
        predicate = governor
    return []


def coordinated_head(conjunct: Token, governor: Token) -> Token:
    """The verb a conjunct coordinates with: its governor, unless the governor heads a
    complement clause after its verb and has another form (VerbForm and Tense of the
    clause) while the verb that takes the complement has the conjunct's form: then that
    verb.

    conjunct (Token): a conjunct verb.
    governor (Token): the word it hangs from in the parse.
    RETURNS (Token): the first conjunct it is coordinated with.
    """
    if governor.dep_ != "ccomp" or not governor.head.i < governor.i:
        return governor  # also a quote before its reporting verb ("…", sagte er)
    form, governor_form = _verb_form(conjunct), _verb_form(governor)
    if form and governor_form and form != governor_form and _verb_form(governor.head) == form:
        return governor.head
    return governor


def _verb_form(token: Token) -> tuple[str, str] | None:
    """(VerbForm, Tense) of a verb's clause: of its finite auxiliary where it has one ("was
    arrested", "have become": Fin), else of the verb itself."""
    if token.pos_ not in ("VERB", "AUX"):
        return None
    auxiliaries = [child for child in token.children if child.dep_ in _AUXILIARY_DEPS
                   and "Fin" in child.morph.get("VerbForm")]
    if auxiliaries:
        token = auxiliaries[0]
    verb_form = token.morph.get("VerbForm")
    if not verb_form:
        return None
    return verb_form[0], ",".join(token.morph.get("Tense"))


def bound_by_clause_subject(pronoun, mentions, subjects: set[int] | None = None) -> bool:
    """Whether one of ``mentions`` before the pronoun is a subject of the pronoun's clause,
    named or shared: what rules the mentions' actor out for a personal pronoun and in for a
    reflexive. The rule-based and the learned resolver both apply it.

    pronoun (Mention): the pronoun.
    mentions (Iterable[Mention]): a candidate actor's mentions (a name counts as the noun
        it is a flat name part or title of: "Бабця Зоня").
    subjects (set[int] | None): the token indices of ``clause_subjects(pronoun.root)``,
        where the caller has them already. Defaults to None (computed here).
    RETURNS (bool): whether the actor is the pronoun's clause subject.
    """
    if subjects is None:
        subjects = {t.i for t in clause_subjects(pronoun.root)}
    return any(name_head(m.root).i in subjects for m in mentions if m.end <= pronoun.start)


def _controlling_objects(governor: Token) -> list[Token]:
    """The objects that control an open complement of ``governor``: the direct or indirect
    object ("asked Anna to call her"), else a prepositional one ("prevailed upon Anna to
    call her", UD "obl"): where the verb has one, its subject is not the controller."""
    objects = [child for child in governor.children if child.dep_ in _CONTROLLING_OBJECT_DEPS]
    if objects:
        return objects
    return [grandchild for child in governor.children if child.dep_ in _PREPOSITION_DEPS
            for grandchild in child.children if grandchild.dep_ == "pobj"] + [
        child for child in governor.children if child.dep_ == "obl"]
