"""Verbs that share a person's subject: coordinated ("уклав угоду … і отримав") and
juxtaposed ("вдихнув, заплющив очі") after its verb, or coordinated before it ("як зміцнів та
помолодшав Іван").

A verb after a coordinating conjunction or a comma is the subject's too, the adverbs, a
prepositional phrase and oblique pronouns between stepped over ("і мене на роботі
залишила"), unless it has a subject of its own: a demonstrative ("коли та потребувала"), or a
person after it ("як зміцнів та помолодшав старий вояк"), asked of a
:class:`.subjects.SubjectReader`.
"""

from ...morph import Reading
from ...tokens import is_word
from ..rules import rule
from .apposition import AppositionFinder
from .clauses import _SENTENCE_END, ClauseReader, reader_words
from .predicates import PredicateFinder
from .subjects import SubjectReader

# The most words (quotes not counted) in a prepositional phrase between a conjunction and the
# verb coordinated with the one before it ("та разом ще з кількома депутатами від
# «Батьківщини» і «Фронту змін» долучився").
_PHRASE_WIDTH = 10
# What juxtaposes verbs that share a subject ("вдихнув, заплющив очі").
_JUXTAPOSING = frozenset({",", "–", "—"})


class VerbCoordination:
    """The verbs coordinated with a person's verb in one Doc (see the module docstring)."""

    def __init__(self, clauses: ClauseReader, subjects: SubjectReader,
                 apposition: AppositionFinder, predicates: PredicateFinder) -> None:
        self.clauses = clauses
        self.tokens, self.lex, self._readings, self._agreeing_reading, self._past_adverbials = \
            clauses.basics
        self.subjects, self.apposition, self.predicates = subjects, apposition, predicates
        self.coordinating = reader_words(clauses.lex).coordinating

    @rule("coordinated-verbs")
    def _coordinated_verbs(self, j: int, gender: str | None, *, within_clause: bool = False):
        """Verbs sharing the subject: "уклав угоду … і отримав" → "уклала … і отримала".
        Scans to the end of the sentence (or ``within_clause``, of the clause); a verb
        counts right after a coordinating conjunction (profile ``pair_conjunctions`` and
        ``verb_conjunctions``, optionally after a comma) or a comma, adverbs between ("та
        щиро розкаявся", ", але не пройшов")."""
        doc, conjunctions = self.tokens, self.coordinating
        while j < len(doc) and not self.clauses._ends_sentence(j):
            if within_clause and self.clauses._ends_clause(j):
                inserted = self.apposition._inserted_phrase(j, gender) \
                    if doc[j].text == "," else None
                if inserted is not None and inserted[0] > j:
                    j = inserted[0]  # ", наче пташка, і впала": past a comparison
                    continue
                # the clause's last verb may follow a comma and a conjunction ("який
                # працює радником, а раніше очолював"), its subject left out
                if doc[j].text == "," and j + 1 < len(doc) and doc[j + 1].lower_ in conjunctions \
                        and not self.subjects._demonstrative_subject(j + 2):
                    k = self._past_adverbials(j + 2)
                    match = self._agreeing_reading(doc[k], ("VERB",), gender, None) \
                        if k < len(doc) else None
                    if match is not None:
                        yield doc[k], match
                        yield from self.predicates._predicate(k + 1, gender)
                break
            if doc[j].lower_ in conjunctions and self.subjects._demonstrative_subject(j):
                break  # "коли та потребувала": a subject of its own
            # "уклав угоду і отримав", and juxtaposed "вдихнув, заплющив очі", "не
            # переймалася – любила"
            if doc[j].lower_ in conjunctions or doc[j].text in _JUXTAPOSING:
                k = self._past_adverbials(j + 1)
                if doc[j].lower_ in conjunctions:
                    k = self._past_adverbials(self._past_prepositional_phrase(k))
                    while k < len(doc) and self._object_before_verb(k):
                        # "і мене на роботі залишила": past the verb's objects and phrases
                        # (a preposition first: "на" also reads as a particle)
                        k += 1
                        phrases = self.clauses.phrases
                        while (after := phrases._past_governed_words(k, len(doc))) > k or (
                                after := self._past_adverbials(k)) > k:
                            k = after
                if k >= len(doc) or any(self.subjects._demonstrative_subject(m)
                                        for m in range(j, k)):
                    break  # (", але та обпекла": past words the walk skips)
                emphatic = self.subjects._emphatic_of_subject(k, gender)
                if emphatic is not None and (verb := self._past_adverbials(k + 1)) < len(doc) \
                        and self._agreeing_reading(doc[verb], ("VERB",), gender, None):
                    yield doc[k], emphatic  # "віддав доньку в пансіон, а сам вирушив": the
                    k = verb  # subject's emphatic, then its verb
                match = self._agreeing_reading(doc[k], ("VERB",), gender, None)
                if match is not None \
                        and self.subjects._person_after(self._verb_group_end(k, gender)):
                    break  # ", як зміцнів та помолодшав старий вояк": a clause of its own
                if match is not None:
                    yield doc[k], match
                    yield from self.predicates._predicate(k + 1, gender)
                elif doc[j].lower_ in conjunctions and k + 1 < len(doc):
                    # "вказав контакти і прописаний за адресою"
                    match = self._agreeing_reading(doc[k], ("ADJ",), gender, "Nom")
                    if match is not None and not self._modifies_ahead(match, k + 1):
                        yield doc[k], match
                        before = self._agreeing_reading(doc[j - 1], ("ADJ",), gender, "Nom")
                        if before is not None and match.pos == before.pos:
                            yield doc[j - 1], before  # "бліда й тиха": both predicated
            j += 1

    @rule("object-before-verb")
    def _object_before_verb(self, k: int) -> bool:
        """Whether token ``k`` is an oblique personal pronoun (profile
        ``personal_pronoun_lemmas``), an object that may stand before its verb: "і мене на
        роботі залишила", "і йому все пояснив"."""
        readings = [r for r in self._readings(self.tokens[k])
                    if r.pos == "PRON" and r.lemma in self.lex.profile.personal_pronoun_lemmas]
        return bool(readings) and all(r.case != "Nom" for r in readings)

    @rule("verbs-coordinated-before")
    def _verbs_coordinated_before(self, k: int, gender: str | None):
        """The agreeing verbs joined by a conjunction before the verb at ``k``, adverbs
        between: "зміцнів та навіть помолодшав"."""
        while True:
            n, joined = k - 1, False
            while n >= 0 and (self.tokens[n].lower_ in self.coordinating
                              or self.clauses._is_adverbial(self.tokens[n])):
                joined = joined or self.tokens[n].lower_ in self.coordinating
                n -= 1
            match = self._agreeing_reading(self.tokens[n], ("VERB",), gender, None) \
                if joined and n >= 0 else None
            if match is None:
                return
            yield self.tokens[n], match
            k = n

    def _verb_group_end(self, k: int, gender: str | None) -> int:
        """The last of the verbs of ``gender`` coordinated from token ``k`` on ("зміцнів та
        навіть помолодшав")."""
        while True:
            n, joined = k + 1, False
            while n < len(self.tokens) and (self.tokens[n].lower_ in self.coordinating
                                            or self.clauses._is_adverbial(self.tokens[n])):
                joined = joined or self.tokens[n].lower_ in self.coordinating
                n += 1
            if not joined or n >= len(self.tokens) or self._agreeing_reading(
                    self.tokens[n], ("VERB",), gender, None) is None:
                return k
            k = n

    @rule("modifies-ahead")
    def _modifies_ahead(self, reading: Reading, k: int) -> bool:
        """Whether a word read as ``reading`` modifies a noun from token ``k`` on, past other
        adjectives and hyphenated parts: "Вільногірський гірничо-металургійний комбінат"."""
        doc = self.tokens
        while k < len(doc):
            if self.clauses._modifies(reading, doc[k]):
                return True
            if self.clauses._prefix_hyphen(k) or (is_word(doc[k]) and any(
                    r.pos == "ADJ" for r in self._readings(doc[k]))) or (
                    k + 1 < len(doc) and self.clauses._prefix_hyphen(k + 1)):
                k += 1
                continue
            return False
        return False

    def _past_prepositional_phrase(self, k: int) -> int:
        """The index after a prepositional phrase starting at ``k`` ("та разом ще з
        кількома депутатами від «Батьківщини» долучився"), when a past-tense verb ends it
        within a few words; else ``k``."""
        doc = self.tokens
        if k >= len(doc) or doc[k].lower_ not in self.lex.profile.preposition_cases:
            return k
        words = 0
        for end in range(k + 1, len(doc)):
            token = doc[end]
            if token.text in _SENTENCE_END or token.text == "," or words >= _PHRASE_WIDTH:
                return k
            if is_word(token) and any(r.pos == "VERB" and r.gender
                                      for r in self._readings(token)):
                return k if self.subjects._subject_after(end) else end
            words += is_word(token)
        return k
