"""Phrases set off by commas or brackets after a person: apposition, appositive participles,
and the phrases inserted between a subject and its verb.

An apposition is a second noun phrase naming the same person, in its case: "Омелько,
магістратський писар, бував" (``_nominative_apposition``). An appositive participle or
adjective after a comma or an opening bracket agrees with the person before it: "Віталій
Сухаревський, прописаний у місті", "депутат (позапартійний)" (``_appositive_participle``).
A phrase between commas after a subject and before its verb is stepped over when it is no
clause of its own, and its participles agree with the subject: "Брагін, втомлений і злий,
зайшов" (``_inserted_phrase``); a subordinate clause with no subject of its own has the
subject's verbs ("він, коли прийшов додому, сів").
"""

from collections.abc import Callable

from spacy.tokens import Token

from ...tokens import is_word
from ..rules import rule
from .clauses import _FUNCTION_POS, _INSERTED_WIDTH, _SENTENCE_END, ClauseReader, reader_words
from .predicates import PredicateFinder
from .subjects import _SUBJECT_POS, SubjectReader

# The longest apposition between commas that is skipped ("магістратський писар").
_APPOSITION_WIDTH = 4
# What opens a phrase set off after a noun: ", прописаний у місті", "(позапартійний)".
_APPOSITION_OPENERS = frozenset({",", "("})


class AppositionFinder:
    """The phrases set off after one Doc's persons (see the module docstring).
    ``person_noun`` says whether a word is a person noun (and which)."""

    def __init__(self, clauses: ClauseReader, subjects: SubjectReader,
                 predicates: PredicateFinder, person_noun: Callable) -> None:
        self.clauses = clauses
        self.tokens, self.lex, self._readings, self._agreeing_reading, self._past_adverbials = \
            clauses.basics
        self.subjects, self.predicates, self._person_noun = subjects, predicates, person_noun
        self.coordinating = reader_words(clauses.lex).coordinating

    @rule("inserted-phrase")
    def _inserted_phrase(self, j: int, gender: str | None):
        """For the comma at ``j``, the comma closing an inserted phrase that starts right
        after it, and the participles and adjectives in it that agree with the subject (",
        втомлений і злий,", ", такий старенький,"); None when no such phrase starts there."""
        doc = self.tokens
        if self.clauses._dash(j):
            return self._between_dashes(j)
        if doc[j].text != ",":
            return None
        closing = next((k for k in range(j + 2, len(doc)) if doc[k].text == ","
                        or doc[k].text in _SENTENCE_END), None)
        if closing is None or doc[closing].text != ",":
            return None
        if (words := self._demonstrative_apposition(j + 1, closing, gender)) is not None:
            return closing, words
        if self.clauses.phrases._relative_pronoun_at(j + 1) is not None \
                or self._nominative_apposition(j + 1, closing):
            # "Іван, який очолював відділ, зустрів", "Омелько, магістратський писар,
            # бував": past the relative clause or the apposition
            return closing, ()
        k = self._past_adverbials(j + 1, closing)
        if k >= closing:
            return closing, ()  # ", звичайно,": only adverbs
        if k + 1 == closing and self._parenthetical_verb(doc[k]):
            return closing, ()  # ", здається,": a parenthetical verb, no one's
        if (verbs := self._subjectless_subordinate(j + 1, closing, gender)) is not None:
            return closing, verbs
        if any(r.verb_form == "Conv" for r in self._readings(doc[k])):
            return closing, ()
        if closing - j <= _INSERTED_WIDTH and doc[j + 1].lower_ not in self.coordinating \
                and not any(self._clause_word(doc[m]) for m in range(j + 1, closing)):
            # ", як і чимало молодих журналістів у редакції,", ", без сумніву,": no verb,
            # subject or predicate of a clause of its own (not ", та ще й Голуби,", which
            # goes on with what came before)
            return closing, ()
        words = self.predicates._predicate_words(k, closing, gender)
        if words:
            return closing, words
        if closing - j <= _INSERTED_WIDTH and doc[j + 1].lower_ not in self.coordinating \
                and any(r.pos in ("CCONJ", "PART") for r in self._readings(doc[j + 1])) \
                and not any(r.pos == "VERB" for m in range(j + 1, closing)
                            for r in self._readings(doc[m])) \
                and any(r.case == "Nom" and r.pos in _SUBJECT_POS for m in range(j + 2, closing)
                        for r in self._readings(doc[m])):
            return closing, words  # a comparison with a nominative and no verb: "Він, як
            # ніхто, вмів", ", наче прудка мавпочка,"
        return None

    @rule("apposition-between-dashes")
    def _between_dashes(self, j: int):
        """For the dash at ``j``, the dash closing a name or a nominative apposition set off
        by dashes right after it ("Директор підприємства – Іван Петренко – підписав"), and
        no words agreeing in it; None where no such phrase starts there."""
        doc = self.tokens
        closing = next((k for k in range(j + 2, min(j + 2 + _APPOSITION_WIDTH, len(doc)))
                        if self.clauses._dash(k) or doc[k].text in _SENTENCE_END), None)
        if closing is None or not self.clauses._dash(closing):
            return None
        words = doc[j + 1:closing]
        if all(is_word(t) and t.text[:1].isupper() for t in words) \
                or self._nominative_apposition(j + 1, closing):
            return closing, ()
        return None

    @rule("demonstrative-apposition")
    def _demonstrative_apposition(self, start: int, closing: int, gender: str | None):
        """For a phrase between commas opened by a nominative demonstrative of ``gender``
        and the uninflected relative "що" (", той що атестував,"): the demonstrative, apposed
        to the subject, and the verbs of that clause, whose subject it is, agreeing with
        it; None for any other phrase."""
        doc, profile = self.tokens, self.lex.profile
        if gender is None or start + 2 >= closing \
                or doc[start + 1].lower_ not in profile.complementizers:
            return None
        personal = {*profile.personal_pronoun_lemmas, *profile.predicate_lemmas,
                    *profile.relative_pronouns}
        demonstrative = next((r for r in self._readings(doc[start]) if r.pos == "PRON"
                              and r.lemma not in personal and r.case == "Nom"
                              and r.gender == gender and r.number != "Plur"), None)
        if demonstrative is None:
            return None
        return [(doc[start], demonstrative), *(
            (doc[m], match) for m in range(start + 2, closing)
            if (match := self._agreeing_reading(doc[m], ("VERB",), gender, None)))]

    @rule("parenthetical-verb")
    def _parenthetical_verb(self, token: Token) -> bool:
        """Whether ``token``, alone between commas, is a verb no person's subject can have:
        only a neuter past or a present of no gender ("здавалося", "здається"), never a
        person's past tense."""
        readings = self._readings(token)
        return bool(readings) and all(
            r.pos == "VERB" and r.verb_form == "Fin" and r.number != "Plur"
            and r.gender in (None, "Neut") for r in readings)

    @rule("subjectless-subordinate")
    def _subjectless_subordinate(self, start: int, closing: int, gender: str | None):
        """For a clause between commas opened by an adverbial conjunction (profile
        ``adverbial_conjunctions``), inserted after the subject before its verb: the
        past-tense verbs in it that agree with the subject when it has no subject of its
        own (no entity; no nominative noun or pronoun but for a thing's object after the
        verb that reads nominative too): they are that subject's ("Вона, хоча і
        зажила слави, …", "він, коли прийшов додому, сів"); none when it has one ("він,
        коли сонце зайшло, сів"). None for any other phrase."""
        doc = self.tokens
        if gender is None or doc[start].lower_ not in self.lex.profile.adverbial_conjunctions:
            return None  # (not "як", which also compares: ", як це – цілувати …")
        verbs = [(doc[m], match) for m in range(start + 1, closing)
                 if (match := self._agreeing_reading(doc[m], ("VERB",), gender, None))]
        first_verb = verbs[0][0].i if verbs else closing
        for m in range(start + 1, closing):
            readings = self._readings(doc[m])
            nominative = any(r.pos in _SUBJECT_POS and r.case == "Nom" for r in readings)
            if doc[m].ent_type_ or (nominative and (
                    m < first_verb or not doc[m].is_lower
                    or not any(r.case == "Acc" and not r.animate for r in readings))):
                return []  # (a subject of its own; not a thing's object after the verb that
                # its nominative spells: "хоч і покидав обійстя")
        return verbs

    @rule("clause-word")
    def _clause_word(self, token: Token) -> bool:
        """Whether ``token`` may be a clause's verb, or its singular subject or predicate
        (a nominative noun, pronoun or adjective that is no function word: not "як"; not a
        noun after a preposition or a number: "за 2017 рік")."""
        before = self.tokens[token.i - 1] if token.i > 0 else None
        if before is not None and (before.like_num
                                   or before.lower_ in self.lex.profile.preposition_cases):
            return False
        readings = self._readings(token)
        return any(r.pos == "VERB" for r in readings) or (
            not any(r.pos in _FUNCTION_POS for r in readings)
            and any(r.pos in (*_SUBJECT_POS, "ADJ") and r.case == "Nom" and r.number != "Plur"
                    for r in readings))

    @rule("nominative-apposition")
    def _nominative_apposition(self, start: int, end: int) -> bool:
        """Whether tokens [start, end) are a person noun in the nominative with its
        modifiers and genitive dependents or its name: ", магістратський писар,", ",
        колишній радник Міхаіла Ґорбачова,", ", наш директор,", ", киянин Олег Демченко,"."""
        doc = self.tokens
        if not 0 < end - start <= _APPOSITION_WIDTH or not all(
                is_word(doc[k]) for k in range(start, end)):
            return False
        head = start
        while head < end and any(r.pos in ("ADJ", "PRON") for r in self._readings(doc[head])) \
                and not self.lex.persons.may_be_person_noun(doc[head].lower_):
            head += 1  # (a possessive or demonstrative too: ", наш директор,")
        if head >= end or not self.lex.persons.may_be_person_noun(doc[head].lower_):
            return False
        found = self._person_noun(doc[head], check_next=False)
        return found is not None and found[1].case == "Nom" and all(
            doc[k].ent_type_ or doc[k].text[:1].isupper()
            or any(r.case == "Gen" for r in self._readings(doc[k]))
            for k in range(head + 1, end))

    @rule("appositive-participle")
    def _appositive_participle(self, end: int, case: str, gender: str | None):
        """A participle or adjective after the person and a comma or an opening bracket, in
        its case: "Віталій Сухаревський, прописаний у місті", "з Юрієм Іванющенком,
        відомим як", "депутат (позапартійний)"; also past a genitive tail none of whose
        nouns has the person's gender and the adjective's case ("депутата Одеської обласної
        ради, обраного від")."""
        doc = self.tokens
        if end >= len(doc):
            return
        comma = end if doc[end].text in _APPOSITION_OPENERS else (
            self.clauses.phrases._comma_after_tail(end, gender, case) if gender is not None
            else None)
        if comma is None:
            return
        k = self._past_adverbials(comma + 1)
        if k + 1 >= len(doc):
            return
        match = self._agreeing_reading(doc[k], ("ADJ",), gender, case)
        if match is not None and not self.clauses._modifies(match, doc[k + 1]) \
                and not any(r.pos == "VERB" for r in self._readings(doc[k])):
            yield doc[k], match  # (not a past-tense verb: "бізнесвумен, була членкинею"
            # is a clause of its own, its "була" no adjective булий)

    @rule("after-appositive")
    def _after_appositive(self, comma: int, gender: str) -> int | None:
        """The comma closing an appositive participle phrase of ``gender`` that opens after
        the comma at ``comma`` (", прописаного в Донецьку,"), or None."""
        doc = self.tokens
        k = self._past_adverbials(comma + 1)
        if k + 1 >= len(doc):
            return None
        match = self._agreeing_reading(doc[k], ("ADJ",), gender, None)
        if match is None or self.clauses._modifies(match, doc[k + 1]):
            return None
        for closing in range(k + 1, min(k + _INSERTED_WIDTH, len(doc))):
            if doc[closing].text == ",":
                return closing
            if self.clauses._ends_clause(closing) or self.subjects._finite_verb(doc[closing]):
                return None
        return None
