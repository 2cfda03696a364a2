"""Whether a verb has a subject of its own, and the verbs of a person that have none.

A past-tense verb agrees in gender with its subject. Which word is that subject is the
question ``SubjectReader._own_subject`` answers: a nominative noun or pronoun of the verb's
gender or of none ("я"), a non-person entity, the thing an uninflected relative stands for
("гімн міста, що … не звучав"); not an amount ("отримав $31 тис хабара"), an entity that
depends on a noun before it ("був співвласником ТОВ «Енергоатіс»"), nor the emphatic "сам".

``_subjectless_verbs`` finds, once the walks from the persons are done, the past-tense verbs
of a swapped subject's gender that the walks could not reach and that have no subject of
their own in their clause: a sentence's only subject of that gender is theirs.
``_emphatics_of_genderless_verbs`` does the same for the emphatic "сам" before a verb of no
gender ("суддя проігнорував, хоча сам нею користується").

It also says whether a verb's own subject follows it (``_person_after``, ``_subject_after``),
which ends the verbs coordinated with a person's ("як зміцнів та помолодшав старий вояк").
"""

from functools import lru_cache

from spacy.tokens import Token

from ...lexicon import Lexicon
from ...morph import OTHER_GENDER, Reading
from ...tokens import is_word
from ..grammar.government import _CLOSING_QUOTES, opening_preposition
from ..rules import rule
from .clauses import ClauseReader

# What may be a verb's own subject ("майдан", "я", "Чернівецький").
_SUBJECT_POS = ("NOUN", "PROPN", "PRON")
# What may follow a predicate that ends its clause.
_PREDICATE_ENDS = frozenset({",", ".", "!", "?", ";", ":", "…", "—", "–"})
# How many words before the comma the noun an uninflected relative stands for may stand
# ("гімн міста, що").
_ANTECEDENT_REACH = 3
# A singular noun read in this many cases does not decline (замгубернатора, пані).
_UNDECLINED_CASES = 6


@lru_cache(maxsize=50_000)
def _emphatic_form(lexicon: Lexicon, word: str) -> bool:
    """Whether ``word`` reads as a nominative of the emphatic "сам" (profile
    ``predicate_lemmas``): a cheap first test, cached per word."""
    predicates = lexicon.profile.predicate_lemmas
    return any(r.lemma in predicates and r.case == "Nom" for r in lexicon.analyzer.analyze(word))


class SubjectReader:
    """The subjects of one Doc's verbs (see the module docstring), read with a
    :class:`.clauses.ClauseReader`."""

    def __init__(self, clauses: ClauseReader) -> None:
        self.clauses = clauses
        self.tokens, self.lex, self._readings, self._agreeing_reading, self._past_adverbials = \
            clauses.basics
        self.person_labels = clauses.person_labels

    @rule("subjectless-verbs")
    def _subjectless_verbs(self, gender: str, taken: set[int] | dict[int, object]):
        """The past-tense verbs of ``gender`` (every reading of the word) whose clause has
        no word, outside ``taken``, that could be their own subject: a nominative noun or
        pronoun of that gender or of none ("я"), a non-person entity, or a quoted name
        right before the verb ("«Укрвійськбуд» розрахувався"). "Секретарка наполягла, аби
        охоронниця пішла …, на власні очі пересвідчилася": the subject is the sentence's
        only one of that gender."""
        doc = self.tokens
        for token in doc:
            if token.i in taken or not is_word(token):
                continue
            # (a lower-case word names nobody: "вела" is вести's, not the surname Вел's)
            readings = self.clauses._readings_as_written(token.i)
            if token.i > 0 and self._only_particle(doc[token.i - 1]):
                # after "не", the verb ("не міг"), not the noun it also spells (МіГ)
                readings = tuple(r for r in readings if r.pos == "VERB") or readings
            if not readings or any(r.pos != "VERB" or r.gender != gender
                                   or r.number == "Plur" for r in readings):
                continue
            if token.i > 0 and doc[token.i - 1].text in _CLOSING_QUOTES:
                continue
            if not any(self._own_subject(k, gender, taken)
                       for k in self._clause_tokens(token.i)):
                yield token, readings[0]
        yield from self._subjectless_predicates(gender, taken)

    @rule("subjectless-predicate")
    def _subjectless_predicates(self, gender: str, taken: set[int] | dict[int, object]):
        """The adjectives of ``gender`` in the nominative that are all a reported clause
        says (a complementizer opening it, no verb, no noun after them, no subject of their
        own: "сказав, що ще не готовий"): the predicate of the subject left out, the
        sentence's only one of that gender."""
        doc, profile = self.tokens, self.lex.profile
        for token in doc:
            if token.i in taken or not is_word(token):
                continue
            readings = self._readings(token)
            if not readings or any(r.pos != "ADJ" for r in readings) or not any(
                    r.case == "Nom" and r.gender == gender and r.number != "Plur"
                    for r in readings):
                continue
            following = token.i + 1
            if following < len(doc) and doc[following].text not in _PREDICATE_ENDS:
                continue  # ("що ще не готовий план", "вказаний «…» телефон": a modifier)
            clause = list(self._clause_tokens(token.i))
            opening = min(clause, default=token.i)
            if doc[opening].lower_ not in profile.complementizers or any(
                    any(r.pos in ("VERB", "NOUN", "PROPN", "PRON") for r in self._readings(doc[k]))
                    for k in clause if k != opening):
                continue
            yield token, next(r for r in readings if r.case == "Nom" and r.gender == gender)

    def _nominative_pronoun(self, i: int) -> bool:
        """Whether the pronoun at ``i`` may be nominative."""
        return any(
            r.case == "nom" for r in self.lex.pronouns.readings(self.tokens[i].lower_))

    @rule("emphatics-of-genderless-verbs")
    def _emphatics_of_genderless_verbs(self, gender: str, taken: set[int] | dict[int, object]):
        """The emphatic "сам" of ``gender`` (see ``_emphatic_of_subject``) opening a clause
        (after its punctuation or conjunction) before a finite verb of no gender, adverbs and
        oblique pronouns between, whose clause has no subject of its own: it stands for the
        sentence's subject left out ("суддя проігнорував, хоча сам нею користується",
        "відповів — сам проконтролює"). A past-tense verb's "сам" turns with the verb
        (``_subjectless_verbs``)."""
        doc, pronouns = self.tokens, self.lex.pronouns
        for token in doc[1:]:
            if not _emphatic_form(self.lex, token.lower_) or token.i in taken or not (
                    self.clauses._ends_clause(token.i - 1) or self.clauses._dash(token.i - 1)
                    or any(r.pos in ("CCONJ", "SCONJ")
                           for r in self._readings(doc[token.i - 1]))):
                continue
            emphatic = self._emphatic_of_subject(token.i, gender)
            if emphatic is None:
                continue
            k = token.i + 1
            while k < len(doc) and (self.clauses._is_adverbial(doc[k]) or (
                    doc[k].lower_ in pronouns and not self._nominative_pronoun(k)) or (
                    doc[k].lower_ in self.lex.profile.preposition_cases
                    and k + 1 < len(doc) and doc[k + 1].lower_ in pronouns)):
                k += 1  # ("сам нею користується", "хоча сам у неї грає": a pronoun's
                # prepositional phrase)
            if k < len(doc) and self._finite_verb(doc[k]) and all(
                    r.gender is None and r.person in (None, "3") and r.number != "Plur"
                    for r in self._readings(doc[k])) and not any(
                    self._own_subject(m, gender, taken) for m in self._clause_tokens(token.i)):
                yield token, emphatic

    @rule("thing-antecedent")
    def _thing_antecedent(self, comma: int, gender: str) -> bool:
        """Whether the noun phrase before ``comma`` is a thing of ``gender`` an uninflected
        relative after it stands for: its head (past a genitive tail) an inanimate singular
        noun of that gender in any case but the genitive ("гімн міста, що", "під дашком,
        що"), with no person noun in the phrase ("Керівник банку, що" may be the person's;
        "набрався страху, що" is the conjunction)."""
        j = comma - 1
        while j > 0 and comma - j <= _ANTECEDENT_REACH and is_word(self.tokens[j]):
            token = self.tokens[j]
            if self.lex.persons.may_be_person_noun(token.lower_):
                return False
            readings = self._readings(token)
            if any(r.pos == "NOUN" and r.case == "Gen" for r in readings):
                j -= 1  # the genitive tail ("міста"; "банку" reads as one too)
                continue
            return any(r.pos == "NOUN" and r.gender == gender and r.number != "Plur"
                       and not r.animate for r in readings)
        return False

    def _only_particle(self, token: Token) -> bool:
        readings = self._readings(token)
        return bool(readings) and all(r.pos == "PART" for r in readings)

    def _clause_tokens(self, i: int):
        """The indices of the other tokens of the clause of token ``i``."""
        for step in (-1, 1):
            k = i + step
            while 0 <= k < len(self.tokens) and not self.clauses._ends_clause(k):
                yield k
                k += step

    @rule("own-subject")
    def _own_subject(self, k: int, gender: str, taken) -> bool:
        token = self.tokens[k]
        if k in taken:
            return False
        if _figure(token) or token.is_currency or (k > 0 and _figure(self.tokens[k - 1])):
            return False  # "отримав $31 тис хабара": an amount (тис, yew, is no subject)
        if k > 0 and any(r.pos == "NUM" and r.number == "Plur"
                         for r in self._readings(self.tokens[k - 1])):
            return False  # "сім літ віддав": what a cardinal counts (літ, lit, is no subject)
        if token.lower_ in self.lex.profile.preposition_cases and k + 1 < len(self.tokens) \
                and is_word(self.tokens[k + 1]):
            return False  # "думала про неї": the preposition, not the noun про it spells
        label = token.ent_type_
        if label and label not in self.person_labels \
                and label not in self.lex.profile.job_labels:
            # an entity after a noun or preposition depends on it ("був співвласником ТОВ
            # «Енергоатіс»"), and no subject
            return not self._dependent_entity(k)
        if k > 0 and self._undeclined(token) and self.clauses._is_linking_verb(k - 1):
            return False  # "був замгубернатора": the predicate, whatever case it reads in
        if token.lower_ in self.lex.profile.uninflected_relatives and k > 1 \
                and self.tokens[k - 1].text == "," and self._thing_antecedent(k - 1, gender):
            return True  # "гімн міста, що … не звучав": the thing the relative stands for
        if self._after_preposition(k):
            return False  # "не визначився зі складом на фінал": a preposition's noun
        readings = self._readings(token)
        if any(r.lemma in self.lex.profile.predicate_lemmas for r in readings):
            return False  # the emphatic: "бо сам був винен", and "сама", which is also the
            # determiner самий's (which needs a noun, and is no subject either)
        return any(r.pos in _SUBJECT_POS and r.case == "Nom" and r.number != "Plur"
                   and r.gender in (gender, None) for r in readings)

    def _after_preposition(self, k: int) -> bool:
        """Whether the word at ``k`` follows a preposition, past modifiers it agrees with:
        no preposition governs the nominative, so the word is none ("на фінал", "на
        цей рік")."""
        return k > 0 and opening_preposition(self.tokens, k - 1, self.lex, self._readings,
                                             ("ADJ", "DET", "NUM")) is not None

    @rule("undeclined")
    def _undeclined(self, token: Token) -> bool:
        """A noun that reads as one form in every case ("замгубернатора")."""
        cases = {r.case for r in self._readings(token) if r.pos == "NOUN" and r.number == "Sing"}
        return len(cases) >= _UNDECLINED_CASES

    @rule("dependent-entity")
    def _dependent_entity(self, k: int) -> bool:
        """Whether the entity at token ``k`` follows a preposition, a noun that is not
        nominative or does not decline (whose dependent it is), or an abbreviated noun ("у
        м. Дніпрі")."""
        doc = self.tokens
        start = k
        while start > 0 and doc[start].ent_iob_ == "I":
            start -= 1
        if start == 0:
            return False
        before = doc[start - 1]
        if before.lower_ in self.lex.profile.preposition_cases or (
                before.is_lower and before.text.endswith(".") and len(before) > 1):
            return True
        cases = {r.case for r in self._readings(before) if r.pos == "NOUN"}
        # (an undeclined noun reads as a nominative too: "замгубернатора Одеської області")
        return bool(cases) and ("Nom" not in cases or self._undeclined(before)) \
            and cases != {None}

    @rule("demonstrative-subject")
    def _demonstrative_subject(self, j: int) -> Reading | None:
        """The nominative reading of a demonstrative at ``j`` that opens a clause after a
        conjunction ("щоб та", "але той"; not the emphatic "і сам", nor "та" after a verb,
        the conjunction joining two: "підвелася та приєдналася")."""
        if j == 0 or j >= len(self.tokens):
            return None
        readings = self._readings(self.tokens[j])
        subject = next((r for r in readings if r.pos == "PRON" and r.case == "Nom"
                        and r.gender in OTHER_GENDER and r.number != "Plur"), None)
        if subject is None or any(r.lemma in self.lex.profile.predicate_lemmas
                                  for r in readings) or not any(
                r.pos in ("CCONJ", "SCONJ") for r in self._readings(self.tokens[j - 1])):
            return None
        return subject

    @rule("emphatic-of-subject")
    def _emphatic_of_subject(self, j: int, gender: str | None) -> Reading | None:
        """The reading of the emphatic "сам" (``swap_exceptions.tsv``, emphatic-pronoun) at
        ``j`` that stands for a nominative subject of ``gender``: not the determiner of a
        noun or name after it ("навіть сам вигляд", "сам Толстой", "сам панотець")."""
        if gender is None:
            return None
        match = next((r for r in self._readings(self.tokens[j])
                      if r.lemma in self.lex.profile.predicate_lemmas and r.gender == gender
                      and r.case == "Nom" and r.number != "Plur"), None)
        following = j + 1
        if match is None or (following < len(self.tokens) and is_word(self.tokens[following])
                             and (not self.tokens[following].is_lower or any(
                                 r.pos in ("NOUN", "ADJ") and r.case in ("Nom", "Acc")
                                 for r in self._readings(self.tokens[following])))):
            return None
        return match

    def _finite_verb(self, token: Token) -> bool:
        """Whether ``token`` reads only as a finite verb of a person: of no gender
        (тримає) or a person's (відвела), not the neuter "було" ("уже було зібрався")."""
        readings = self._readings(token)
        return bool(readings) and all(
            r.pos == "VERB" and r.verb_form == "Fin" and r.gender in (None, *OTHER_GENDER)
            for r in readings)

    @rule("person-after")
    def _person_after(self, verb: int) -> bool:
        """Whether a person in the nominative, the verb's own subject, follows the verb at
        ``verb`` past its modifiers: a person entity or a person noun ("помолодшав старий
        вояк"), not an object ("дістав телефон"); after a linking verb any nominative noun
        ("чи був то сон")."""
        k = verb + 1
        linking = any(r.lemma in self.lex.profile.linking_verbs
                      for r in self._readings(self.tokens[verb]) if r.pos == "VERB")
        if linking:
            k = self._past_adverbials(k)
        while k < len(self.tokens) and self._agreeing_reading(
                self.tokens[k], ("ADJ",), None, "Nom") is not None \
                and not self.lex.persons.may_be_person_noun(self.tokens[k].lower_):
            k += 1
        if k >= len(self.tokens) or not is_word(self.tokens[k]):
            return False
        token = self.tokens[k]
        if linking and token.lower_ not in self.lex.pronouns and any(
                r.pos == "NOUN" and r.case == "Nom" and r.number != "Plur"
                for r in self._readings(token)):
            return True  # "а чи був то сон": a linking verb's nominative is its subject
        if token.ent_type_ in self.person_labels:
            readings = self._readings(token)  # (not an object: "підхоплювала Зойку")
            return not readings or any(r.case == "Nom" for r in readings)
        nominative = tuple(r for r in self._readings(token) if r.pos == "NOUN"
                           and r.case == "Nom" and r.number != "Plur")
        return bool(nominative) and self.lex.persons.may_be_person_noun(token.lower_) \
            and self.lex.persons.lookup_readings(nominative) is not None

    @rule("subject-after")
    def _subject_after(self, verb: int) -> bool:
        """Whether a verb's own subject follows it: a nominative of its gender right after
        it ("і в кімнатці пролунав дзенькіт", "і з математики була важка контрольна"),
        not a possessive ("вдихнув його запах")."""
        after = verb + 1
        if after >= len(self.tokens) or self.clauses._possessor_pronoun(self.tokens[after]):
            return False
        genders = {r.gender for r in self._readings(self.tokens[verb]) if r.pos == "VERB"}
        return any(self._own_subject(after, gender, ()) or self._agreeing_reading(
            self.tokens[after], ("ADJ",), gender, "Nom") is not None
            for gender in genders & set(OTHER_GENDER))


def _figure(token: Token) -> bool:
    """A number written in figures ("31", "2,5"), not in words ("один такий" is a subject)."""
    return any(character.isdigit() for character in token.text)
