"""Rule-based resolution of third-person pronouns to actors.

Candidates are the actors mentioned before the pronoun within a few sentences. They are
filtered by agreement (the pronoun group against what is known of the actor: honorific,
predicate agreement, first name, pronouns resolved so far) and by binding (a non-reflexive
personal pronoun does not refer to the subject of its own clause; a reflexive does). The
remaining candidates are ranked by salience: subjects before other roles, the same role as
the pronoun (parallelism), for a possessive the object that c-commands it ("gave Alleway her
first cap", "told Isabella that her …"), named mentions, then recency.
"""

from spacy.tokens import Token

from ..extensions import THEY
from .mentions import Actor, Mention

# Roles that make a mention salient, in UD, ClearNLP and TIGER labels.
SUBJECT_DEPS = frozenset(("nsubj", "nsubj:pass", "nsubjpass", "sb", "csubj"))
OBJECT_DEPS = frozenset(("obj", "dobj", "iobj", "dative", "oa", "da", "og", "obl", "pobj"))
# Arguments that bind a possessive inside their verb's other argument or complement.
_COMMANDING_OBJECT_DEPS = frozenset(("obj", "dobj", "iobj", "dative", "oa", "da"))
_CLAUSE_POS = frozenset(("VERB", "AUX", "ADJ"))


def clause_head(token: Token) -> Token:
    """The predicate of the clause a token belongs to."""
    head = token.head
    while head.pos_ not in _CLAUSE_POS and head.head.i != head.i:
        head = head.head
    return head


def is_subject(token: Token) -> bool:
    return token.dep_ in SUBJECT_DEPS


def resolve_pronoun(
    pronoun: Mention, actors: list[Actor], max_sentence_distance: int
) -> tuple[Actor, str] | None:
    """The actor a pronoun refers to, with the group the pronoun contributes, or None."""
    token = pronoun.root
    clause = clause_head(token)
    best, best_score = None, None
    for actor in actors:
        last = actor.last_before(pronoun.start)
        if last is None or pronoun.sent - last.sent > max_sentence_distance:
            continue
        group = compatible_group(pronoun, actor)
        if group is None:
            continue
        same_clause_subject = any(
            m.sent == pronoun.sent and is_subject(m.root) and clause_head(m.root) == clause
            for m in actor.mentions if m.end <= pronoun.start
        )
        binding_violated = pronoun.pronoun_type == "personal" and same_clause_subject
        if binding_violated and not pronoun.type_ambiguous:
            continue  # "Anna saw him": him is not Anna
        score = _salience(pronoun, last, same_clause_subject)
        if binding_violated:
            # "her" tagged as an object may be a possessive ("gave her book"): the tagger's
            # call is not certain enough for a hard rule, and only feminine forms have this
            # ambiguity in English, so a hard rule would treat women's pronouns differently.
            score -= 3.0
        if best_score is None or score > best_score:
            best, best_score = (actor, group), score
    return best or _cataphora(pronoun, actors)


def _cataphora(pronoun: Mention, actors: list[Actor]) -> tuple[Actor, str] | None:
    """A pronoun with no antecedent may point forward to the subject of its own sentence
    ("In his first season, Kurt …")."""
    clause = clause_head(pronoun.root)
    for actor in actors:
        for mention in actor.mentions:
            if (mention.kind == "named" and mention.sent == pronoun.sent
                    and mention.start > pronoun.start and is_subject(mention.root)):
                if pronoun.pronoun_type == "personal" and clause_head(mention.root) == clause:
                    continue  # "що його Андрій поголив": його is not Андрій
                group = compatible_group(pronoun, actor)
                if group is not None:
                    return actor, group
    return None


def compatible_group(pronoun: Mention, actor: Actor) -> str | None:
    known = actor.current_group()
    if known is not None:
        return known if known in pronoun.groups else None
    # An actor with no evidence yet: only an unambiguous gendered pronoun can claim it.
    # Singular they and German "sie" (she or they) wait for evidence.
    if len(pronoun.groups) == 1 and THEY not in pronoun.groups:
        return next(iter(pronoun.groups))
    return None


def commanding_object(candidate: Mention, pronoun: Mention) -> bool:
    """Whether the candidate is an object of a verb that dominates the pronoun from another
    branch (it c-commands the pronoun), in the same sentence."""
    if candidate.sent != pronoun.sent or candidate.root.dep_ not in _COMMANDING_OBJECT_DEPS:
        return False
    ancestors = {t.i for t in pronoun.root.ancestors}
    return candidate.root.head.i in ancestors and candidate.root.i not in ancestors


def _salience(pronoun: Mention, last: Mention, same_clause_subject: bool) -> float:
    score = -2.0 * (pronoun.sent - last.sent)
    if is_subject(last.root):
        score += 2.0
    if is_subject(last.root) == is_subject(pronoun.root):
        score += 1.0  # syntactic parallelism
    if pronoun.pronoun_type == "reflexive" and same_clause_subject:
        score += 5.0  # a reflexive is bound by its clause's subject
    if pronoun.pronoun_type == "possessive" and commanding_object(last, pronoun):
        score += 2.0
    if last.kind == "named":
        score += 0.5
    # Recency breaks the remaining ties.
    return score - (pronoun.start - last.end) / 1000.0
