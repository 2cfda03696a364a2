"""Relative clauses after a person: the relative pronoun agrees with it, and so do the verbs
the pronoun is the subject of.

"Суддя, який очолював" → "Суддя, яка очолювала": "який" takes the person's gender and number,
and its case from its own clause (``_relative_cases``: the preposition before it, "до якого",
or the verb that governs it, "якого називають експертом"). A nominative relative is its
verb's subject, walked to as a subject's (:class:`.clause_verbs.ClauseVerbFinder`); an
accusative one may be the object of a verb that predicates of it ("якого всі вважали
винним"). The uninflected "що" shows no case: the person's verb is the clause's first, with
no word on the way that could be its subject ("що мужню поезію творив").
"""

from ...tokens import is_word
from ..grammar.verbs import takes_object
from ..rules import rule
from .apposition import AppositionFinder
from .clause_verbs import ClauseVerbFinder
from .clauses import ClauseReader
from .coordination import VerbCoordination
from .predicates import PredicateFinder

# How long a genitive tail of things may be before a relative pronoun that is still the
# person's ("начальник відділу лісового господарства Лугинського держлісгоспу, який").
_LONG_TAIL_WIDTH = 8


class RelativeFinder:
    """The relative clauses of one Doc's persons (see the module docstring)."""

    def __init__(self, clauses: ClauseReader, apposition: AppositionFinder,
                 clause_verbs: ClauseVerbFinder, coordination: VerbCoordination,
                 predicates: PredicateFinder) -> None:
        self.clauses = clauses
        self.tokens, self.lex, self._readings, self._agreeing_reading, self._past_adverbials = \
            clauses.basics
        self.apposition, self.clause_verbs = apposition, clause_verbs
        self.coordination, self.predicates = coordination, predicates

    @rule("relative-clause")
    def _relative_clause(self, end: int, gender: str):
        """", який очолював" right after the person, or after a genitive tail none of whose
        words could be the pronoun's antecedent ("директор фірми, який": фірма is feminine);
        ", що побажав" with the verb right after the uninflected "що"."""
        comma = self.clauses.phrases._comma_after_tail(end, gender)
        if comma is None:
            # past a thing of the person's gender: the relative that is its verb's subject
            # or object right after the comma is the person's ("начальник відділу …
            # держлісгоспу, який проживає", "керівника … центру, якого пов'язують"; not
            # "фільму, в якому", "заводу, … діяльності якого", "фірми, якій ТЕЦ подарувала")
            comma = self.clauses.phrases._comma_after_tail(end, gender, things=False,
                                                   width=_LONG_TAIL_WIDTH)
            if comma is not None and not self._relative_before_verb(comma + 1):
                return
        at = self.clauses.phrases._relative_pronoun_at(comma + 1) if comma is not None else None
        if at is None and comma is not None:
            # past an appositive participle: "Олексія Алтуніна, прописаного в Донецьку, який"
            comma = self.apposition._after_appositive(comma, gender)
            at = self.clauses.phrases._relative_pronoun_at(comma + 1) if comma is not None else None
        if at is None:
            return
        end = comma
        pronoun = self.tokens[at]
        if pronoun.lower_ in self.lex.profile.uninflected_relatives:
            # "що" shows no case: the person's own verb is the first of the clause, with no
            # word on the way that could be its subject ("що мужню поезію творив")
            k = at + 1
            while k < len(self.tokens) and is_word(self.tokens[k]) and not any(
                    r.case == "Nom" or r.pos == "VERB" for r in self._readings(self.tokens[k])):
                k += 1
            match = (self._agreeing_reading(self.tokens[k], ("VERB",), gender, None)
                     if k < len(self.tokens) else None)
            if match is not None and not self.clauses._subject_at(
                    self._past_adverbials(k + 1), match):
                yield self.tokens[k], match
                yield from self.predicates._predicate(k + 1, gender)
                yield from self.coordination._coordinated_verbs(k + 1, gender)
            return
        match = next((m for case in (*(self._relative_cases(at) or ()), None)
                      if (m := self._agreeing_reading(pronoun, ("ADJ", "PRON"), gender, case))
                      is not None), None)
        if match is None or match.lemma not in self.lex.profile.relative_pronouns:
            return
        yield pronoun, match
        if match.case == "Nom" and at == end + 1:
            yield from self.clause_verbs._clause_verb(at, at + 1, gender, relative=True)
        elif match.case == "Acc":
            yield from self._relative_object_predicate(at, gender)

    @rule("relative-object-predicate")
    def _relative_object_predicate(self, at: int, gender: str):
        """What a verb such as "вважати" (profile ``object_predicate_verbs``) says in the
        instrumental of the relative pronoun at ``at``, its object: the adjective right
        after the verb ("якого всі вважали винним" → "яку всі вважали винною")."""
        doc, verbs = self.tokens, self.lex.profile.object_predicate_verbs
        k = self._relative_verb(at)
        if k >= len(doc) or not any(r.pos == "VERB" and r.lemma in verbs
                                    for r in self._readings(doc[k])):
            return
        j = self._past_adverbials(k + 1)
        if j < len(doc) and (match := self._agreeing_reading(doc[j], ("ADJ",), gender, "Ins")):
            yield doc[j], match

    @rule("relative-case")
    def _relative_cases(self, at: int) -> tuple[str, ...]:
        """The cases the relative pronoun at token ``at`` can be in, from what governs it in
        its clause: the preposition before it ("до якого"), a negation or another genitive
        governor after it ("якого не було"), or else a verb right after it that takes an
        object ("якого називають експертом": the accusative, which the masculine "якого"
        shares with the genitive and the feminine "яку" does not)."""
        doc, profile = self.tokens, self.lex.profile
        if doc[at - 1].lower_ in profile.preposition_cases:
            return profile.preposition_cases[doc[at - 1].lower_]
        if is_word(doc[at - 1]):
            return ("Gen",)  # the possessive after its noun: "ім'я якого"
        if not {"Gen", "Acc"} <= {r.case for r in self._readings(doc[at])}:
            return ()  # "який" is its verb's subject, not the inanimate accusative
        k = self._past_adverbials(at + 1)
        if any(doc[j].lower_ in profile.genitive_governors for j in range(at + 1, k + 1)
               if j < len(doc)):
            return ("Gen",)
        k = self._relative_verb(at)
        return ("Acc",) if k < len(doc) and takes_object(doc[k], self.lex) else ()

    def _relative_verb(self, at: int) -> int:
        """Where the verb of the relative pronoun at ``at`` should stand: past adverbs,
        prepositional phrases and the clause's own subject, which may stand between ("якого
        всі вважали", "якого суд визнав", "якого батьки ще в дитинстві привезли": then the
        relative is no subject, and its verb's object)."""
        k = self._past_nominative(self._past_adverbials(at + 1))
        while (after := self.clauses.phrases._past_governed_words(
                self._past_adverbials(k), len(self.tokens))) > self._past_adverbials(k):
            k = after  # (each prepositional phrase: "в дитинстві")
        return self._past_adverbials(k)

    def _past_nominative(self, k: int) -> int:
        """The index after a subject word at ``k`` (a nominative that is no verb: "всі",
        "ми", "суд"), else ``k``."""
        if k >= len(self.tokens) or not is_word(self.tokens[k]):
            return k
        readings = self._readings(self.tokens[k])
        if any(r.pos == "VERB" for r in readings):
            return k
        return k + 1 if any(r.case == "Nom" and r.pos in ("NOUN", "PRON", "PROPN", "DET")
                            for r in readings) else k

    @rule("relative-before-verb")
    def _relative_before_verb(self, at: int) -> bool:
        """Whether token ``at`` is a relative pronoun with a verb right after it (adverbs
        between): a subject's or an object's, no possessive's nor a preposition's."""
        doc = self.tokens
        if at >= len(doc) or not self.clauses._is_relative_pronoun(doc[at]):
            return False
        k = self._past_adverbials(at + 1)
        return k < len(doc) and any(r.pos == "VERB" and r.verb_form == "Fin"
                                    for r in self._readings(doc[k]))
