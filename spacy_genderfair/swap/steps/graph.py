"""The agreement graph of a parsed Doc: which words agree with which, by which relation.

A controller (a noun, a name, a pronoun) has targets, the words whose form follows its gender;
each edge carries the relation of the rule table (``lang/uk/swap_rules.tsv``):

- ``modifier``: a determiner, adjective or participle of the noun ("чергова лікарка", "der
  neue Lehrer", "o professor cansado"), and the adjectives coordinated with it;
- ``subject-predicate``: the verb of a subject, its auxiliaries and copula, and the verbs
  coordinated with it that have no subject of their own ("лікарка прийшла і сіла");
- ``predicate-complement``: what a linking or considering verb predicates of the subject
  ("вона була втомлена", "O professor está cansado", "Ele foi eleito");
- ``relative-pronoun``: the relative pronoun of a relative clause on the noun ("лікарка, яка
  прийшла"); its own verb is an edge of the pronoun, a subject in its clause;
- ``apposition``: a noun apposed to it ("Іван Петренко, директор фірми").

The graph is read from the dependency parse — UD labels, TIGER's where the German models use
them, and the profile's ``agreement_deps`` and ``dependency_roles`` — so one graph serves every
language. It only says which words stand in an agreement relation: whether a word shows the
controller's gender, and its form in the other gender, is the engine's question (pymorphy3's
readings for Ukrainian, the agreement tables for English, German and Portuguese). Anaphoric
pronouns are no edges of a parse: pronoun binding finds them.
"""

from typing import NamedTuple

from spacy.tokens import Doc, Token

from ...lang import LanguageProfile

MODIFIER = "modifier"
SUBJECT_PREDICATE = "subject-predicate"
PREDICATE_COMPLEMENT = "predicate-complement"
RELATIVE_PRONOUN = "relative-pronoun"
APPOSITION = "apposition"

# Dependency labels (UD, and TIGER's as the German models write them).
_CONJUNCT = frozenset({"conj", "cj"})
_AUXILIARY = frozenset({"aux", "aux:pass", "auxpass", "cop"})
_APPOSITION = frozenset({"appos", "app"})
_RELATIVE_CLAUSE = frozenset({"acl", "acl:relcl", "relcl", "rc"})
# A predicative complement hung from its verb: UD's xcomp (uk "xcomp:pred": "вважали
# винним"; "advcl:pred": "писатиметься першим"), TIGER's pd, the English models' acomp and
# oprd.
PREDICATIVE_LABELS = _PREDICATIVE = frozenset({"xcomp", "xcomp:pred", "advcl:pred", "pd",
                                               "acomp", "oprd"})
_SUBJECT_ROLES = frozenset({"subject", "passive_subject"})
# Parts of speech that may agree with a noun (a noun under an agreement label does not:
# "Herr Müller" in TIGER's nk), and those a predicate may be.
_AGREEING_POS = frozenset({"DET", "ADJ", "PRON", "NUM", "VERB", "AUX"})
_PREDICATE_POS = frozenset({"ADJ", "VERB", "AUX", "NOUN", "PROPN", "DET", "PRON", "NUM"})
_VERB_POS = frozenset({"VERB", "AUX"})
# What a controller may be: a noun, a name, a pronoun, or a word standing for one.
_NOMINAL_POS = frozenset({"NOUN", "PROPN", "PRON", "ADJ", "DET", "NUM"})


class Edge(NamedTuple):
    target: int
    relation: str


class AgreementGraph:
    """Controller token index -> its edges, for one parsed Doc."""

    def __init__(self, doc: Doc, profile: LanguageProfile) -> None:
        self.doc = doc
        self.profile = profile
        # (a parse without tags: every dependent under an agreement label may agree)
        self.has_pos = doc.has_annotation("POS")
        self.edges: dict[int, list[Edge]] = {}
        for token in doc:
            if self.has_pos and token.pos_ not in _NOMINAL_POS:
                continue
            found = [*self._modifiers(token), *self._predicates(token),
                     *self._relatives(token), *self._appositions(token)]
            if found:
                self.edges[token.i] = found

    @classmethod
    def of(cls, doc: Doc, profile: LanguageProfile) -> "AgreementGraph | None":
        """The graph of ``doc``, or None when it has no dependency parse."""
        return cls(doc, profile) if doc.has_annotation("DEP") else None

    def edges_of(self, i: int, relation: str) -> list[Edge]:
        """The edges of the controller at ``i`` with ``relation``, its own only."""
        return [edge for edge in self.edges.get(i, ()) if edge.relation == relation]

    def targets(self, i: int, relations: frozenset[str] | None = None) -> list[Edge]:
        """The edges of the controller at ``i``, and those of its relative pronouns (their
        verbs and predicates agree with the noun through them), in the order of the text."""
        found, queue, seen = [], [i], {i}
        while queue:
            for edge in self.edges.get(queue.pop(), ()):
                if edge.target in seen:
                    continue
                seen.add(edge.target)
                if relations is None or edge.relation in relations:
                    found.append(edge)
                if edge.relation == RELATIVE_PRONOUN:
                    queue.append(edge.target)
        return sorted(found)

    # -- the relations ----------------------------------------------------------------------
    def _modifiers(self, noun: Token) -> list[Edge]:
        deps = self.profile.agreement_deps
        found = [c for c in noun.children if c.dep_.lower() in deps
                 and (not self.has_pos or c.pos_ in _AGREEING_POS)
                 and not _finite_or_infinitive(c)]
        found += [c for t in found for c in t.children
                  if c.dep_ in _CONJUNCT and c.pos_ == "ADJ"]  # "молода й талановита"
        return [Edge(c.i, MODIFIER) for c in found]

    def _predicates(self, subject: Token) -> list[Edge]:
        """The verb and the predicate of ``subject``. UD hangs a nominal or adjectival
        predicate's subject and copula from the predicate ("вона була втомлена": втомлена
        ← вона, була); TIGER and the English models hang both from the verb (pd, acomp)."""
        head = subject.head
        role = self.profile.dependency_roles.get(subject.dep_)
        if head is subject or role not in (*_SUBJECT_ROLES, "object"):
            return []
        if role == "object":
            # a verb's predicative complement is its object's where it has one ("визнав
            # його винним", "considera excessivo o que pagou")
            return [Edge(c.i, PREDICATE_COMPLEMENT) for c in self._complements(head)]
        if head.pos_ in _VERB_POS and not any(c.dep_ == "cop" for c in head.children):
            verbs = [head, *_own_conjuncts(head)]
            # (a conjunct may be a nominal predicate with its own copula: "не хвилювався,
            # був індиферентний")
            found = [Edge(v.i, SUBJECT_PREDICATE if v.pos_ in _VERB_POS or not self.has_pos
                          else PREDICATE_COMPLEMENT) for v in verbs]
            found += [Edge(c.i, SUBJECT_PREDICATE) for v in verbs for c in v.children
                      if c.dep_ in _AUXILIARY]
            found += [Edge(c.i, PREDICATE_COMPLEMENT) for v in verbs
                      for c in self._complements(v) if not self._has_object(v)]
            return found
        if head.pos_ not in _PREDICATE_POS:
            return []
        predicates = [head, *(c for c in _own_conjuncts(head) if c.pos_ in _PREDICATE_POS)]
        found = [Edge(p.i, PREDICATE_COMPLEMENT) for p in predicates]
        found += [Edge(c.i, SUBJECT_PREDICATE) for c in head.children if c.dep_ in _AUXILIARY]
        return found

    def _complements(self, verb: Token) -> list[Token]:
        return [c for c in verb.children if c.dep_ in _PREDICATIVE
                and (not self.has_pos or c.pos_ in _PREDICATE_POS) and not _finite_or_infinitive(c)]

    def _has_object(self, verb: Token) -> bool:
        """Whether ``verb`` has an object, which then controls its predicative complement
        (UD's rule for xcomp: the object where there is one, else the subject); a reflexive
        one (``Reflex=Yes``) is the subject itself."""
        return any(self.profile.dependency_roles.get(c.dep_) == "object"
                   and "Yes" not in c.morph.get("Reflex") for c in verb.children)

    def _relatives(self, noun: Token) -> list[Edge]:
        """The relative pronoun opening each relative clause on ``noun``: the first word of
        the clause that the morphology marks ``PronType=Rel`` or the profile lists as a
        relative pronoun."""
        relatives = self.profile.relative_pronouns
        found = []
        for clause in noun.children:
            if clause.dep_.lower() not in _RELATIVE_CLAUSE:
                continue  # (any head: "про якого важливо згадати" hangs from the adverb)
            pronoun = next((t for t in clause.subtree if t.i < clause.i and (
                "Rel" in t.morph.get("PronType") or t.lemma_.lower() in relatives)), None)
            if pronoun is not None:
                found.append(Edge(pronoun.i, RELATIVE_PRONOUN))
        return found

    def _appositions(self, noun: Token) -> list[Edge]:
        return [Edge(c.i, APPOSITION) for c in noun.children if c.dep_ in _APPOSITION]


def _own_conjuncts(head: Token) -> list[Token]:
    """The words coordinated with ``head`` that have no subject of their own: they share
    its subject ("прийшла і сіла"; not "прийшла, а він сів")."""
    return [c for c in head.conjuncts if c.i > head.i and not any(
        child.dep_.startswith(("nsubj", "csubj", "sb")) for child in c.children)]


def _finite_or_infinitive(token: Token) -> bool:
    """A verb that is no participle: the head of a clause on the noun, which agrees with
    nothing ("einen Kunden, der … lassen will")."""
    return token.pos_ in _VERB_POS and bool(set(token.morph.get("VerbForm")) & {"Fin", "Inf"})
