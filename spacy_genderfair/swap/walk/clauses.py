"""Read the clause structure around a word, by morphology and punctuation alone.

Without a parser, the Ukrainian swapper finds what agrees with a person by walking the
tokens around it. ``ClauseReader`` answers the questions that walk asks: where a clause
ends (punctuation, but not the full stop of "рр."), which groups (quotes, brackets) to step
over, which words are adverbs or particles to skip, whether a noun/verb homograph is the
noun here ("5 тис грн"), and where a relative clause opens (", який", ", без якого": the
walks across such phrases are a :class:`.phrases.PhraseWalker`'s, which the reader holds).
It knows nothing about persons or genders beyond reading a word's agreeing form.
"""
from functools import lru_cache
from types import SimpleNamespace

from spacy.tokens import Doc, Token

from ...lexicon import Lexicon
from ...morph import OTHER_GENDER, Reading
from ...tokens import initial_stop, is_word, prefix_hyphen
from ..grammar.following import only_adverb
from ..grammar.government import genitive_plural_noun, noun_after_preposition
from ..names.swapper import attribute_of_noun
from ..rules import rule
from .phrases import PhraseWalker

_NOMINAL_POS = ("NOUN", "PROPN", "ADJ")
# Words that agree with a noun before it: adjectives, participles, ordinals, "один", and
# determiners such as "наш", "цей", "свій", "жоден" (pymorphy3 tags them as pronouns).
_MODIFIER_POS = ("ADJ", "PRON", "NUM")
# Words that agree with the noun after them (a numeral governs it instead: "двоє будівельників").
_AGREEING_MODIFIER_POS = ("ADJ", "PRON")

_FUNCTION_POS = ("ADP", "CCONJ", "SCONJ", "PART")
# Words that may stand between a subject and a predicate adjective: "Черніков також відомий".
_ADVERBIAL_POS = ("ADV", "PART")
# Punctuation that ends the stretch in which a subject's verb is looked for.
_CLAUSE_END = frozenset(".,;:!?—–()\"«»„“”")
_SENTENCE_END = frozenset(".;!?")
# A dash between a subject and its verb ("Плевнік – не задекларував").
_DASHES = frozenset("—–")
# A quoted name or a parenthesis inside a clause does not end it: "Екс-керівник
# «Укравтодору» відгородив", "Олег Савченко (Свобода) заявив".
_GROUPS = {"«": "»", "(": ")", "„": "“", "“": "”"}
_GROUP_WIDTH = 12
# How long a verbless predicate after a dash may be ("– депутат міськради,").
_PREDICATE_WIDTH = 5

# How long a phrase between commas with no clause of its own may be to be stepped over, and
# how long an appositive participle phrase may be (", прописаного в Донецьку,").
_INSERTED_WIDTH = 10

# The genders one singular adjective form stands for in a case: the masculine and the neuter
# share their genitive, dative, instrumental and locative endings (-ого, -ому, -им, -ому/-ім).
_FORM_GENDERS = {(case, gender): {"Masc", "Neut"} for case in ("Gen", "Dat", "Ins", "Loc")
                 for gender in ("Masc", "Neut")}

class DocReadings:
    """A Doc's tokens, entities and each word's analyses as they are read, shared by the
    readers of one Doc (the two tries of ``feminine_first`` read the same words)."""

    def __init__(self, doc: Doc) -> None:
        self.tokens = list(doc)  # indexing a Doc makes a new Token object each time
        self.entities = doc.ents  # (each access builds the spans anew)
        # each token of an entity -> the entity
        self.entity_at = {i: span for span in self.entities
                          for i in range(span.start, span.end)}
        self.readings_by_token: dict[int, tuple[Reading, ...]] = {}
        # each token -> the cases governed at it (``governed_cases``)
        self.governed_by_token: dict[int, tuple[str, ...]] = {}
        # the start of each person entity -> whether it is adjectives agreeing with a noun
        self.attributive: dict[int, bool] = {}
        self.doc = doc


@lru_cache(maxsize=16)
def reader_words(lexicon: Lexicon) -> SimpleNamespace:
    """The profile's word sets as the readers look them up, built once per lexicon."""
    profile = lexicon.profile
    return SimpleNamespace(
        person_labels=frozenset(profile.person_labels),
        job_labels=frozenset(profile.job_labels),
        conjunctions=frozenset(profile.pair_conjunctions),
        # what joins verbs sharing a subject ("і", "та", "але")
        coordinating=frozenset(profile.pair_conjunctions | profile.verb_conjunctions),
        # each form of an emphatic particle -> its (after a consonant, after a vowel) forms
        emphatic_particles={form: pair for pair in profile.emphatic_particles
                            for form in pair},
    )


class ClauseReader:
    """Questions about the tokens of one Doc, each word's analyses read once."""

    def __init__(self, doc: Doc, lexicon: Lexicon, shared: DocReadings | None = None) -> None:
        shared = shared or DocReadings(doc)
        self.doc = doc
        self.shared = shared
        self.tokens = shared.tokens
        self.lex = lexicon
        self.person_labels = reader_words(lexicon).person_labels
        self.readings_by_token = shared.readings_by_token
        # what every walk over the Doc has and asks, which each walker (PredicateFinder,
        # the finders of agreement.py, PhraseWalker) copies: the tokens, the lexicon, and
        # the reader's basic questions (a word's readings, its agreeing reading, the index
        # past the adverbs)
        self.basics = (self.tokens, self.lex, self._readings, self._agreeing_reading,
                       self._past_adverbials)
        # the walks across the phrases around a word (phrases.py)
        self.phrases = PhraseWalker(self)

    def _readings(self, token: Token) -> tuple[Reading, ...]:
        # Agreement checks look at the same few tokens many times.
        readings = self.readings_by_token.get(token.i)
        if readings is None:
            readings = self.readings_by_token[token.i] = self.lex.token_readings(token)
        return readings

    def _agreeing_reading(self, token: Token, pos: tuple, gender: str | None,
                          case: str | None) -> Reading | None:
        if not is_word(token) or self._abbreviation(token.i):
            return None
        if self._name_word(token):
            return None
        if "VERB" in pos and self._noun_not_verb(token.i):
            pos = tuple(p for p in pos if p != "VERB")
        emphatic, first = self.lex.profile.predicate_lemmas, None
        readings = self._readings(token)
        if "ADJ" in pos and self._genitive_plural_noun(token, readings):
            pos = tuple(p for p in pos if p != "ADJ")
        # A man's accusative is his genitive's form: a masculine accusative no genitive
        # spells alike is a thing's ("кримський хан", "зниклий Приймак" are nominative)
        inanimate_accusative = case == "Acc" and not any(
            r.case == "Gen" and r.gender == "Masc" and r.pos in pos for r in readings)
        for reading in readings:
            if (reading.pos in pos and reading.gender in OTHER_GENDER and reading.number != "Plur"
                    and (gender is None or reading.gender == gender)
                    and (case is None or reading.case == case)
                    and not (inanimate_accusative and reading.gender == "Masc")):
                if first is None:
                    first = reading
                    if reading.lemma in emphatic:
                        break
                elif reading.lemma in emphatic:
                    return reading  # "Сама пані" is the emphatic сам (→ "Сам пан")
                elif reading.pos == "VERB" and first.pos == "ADJ" and first.lemma not in emphatic:
                    first = reading  # a past-tense verb before the adjective it also spells:
                    # "була" is бути's, not булий's (→ "був", never "булий")
        return first

    @rule("genitive-plural-noun")
    def _genitive_plural_noun(self, token: Token, readings) -> bool:
        """Whether a genitive plural noun is spelt like a possessive adjective's nominative
        ("зібрав учителів", "учнів та вчителів ліцею"): it is the noun, agreeing with
        nothing (never "учителева"; ``government.genitive_plural_noun``)."""
        return genitive_plural_noun(token, readings)

    @rule("name-word")
    def _name_word(self, token: Token) -> bool:
        """Whether ``token`` is part of a name, which agrees with nothing (the name swapper
        changes names): a word of a person entity, or a capitalised word inside the
        sentence that the analyser does not know, whose readings are guesses ("Валентина
        Лайтер" is no past tense of a verb "лайтерти")."""
        span = self.shared.entity_at.get(token.i)
        if span is not None and span.label_ in self.lex.profile.person_labels:
            return not self._attributive_entity(span)
        return token.i > 0 and token.text[:1].isupper() \
            and not self.lex.analyzer.is_known(token.lower_)

    @rule("attributive-entity")
    def _attributive_entity(self, span) -> bool:
        """Whether a person entity is adjectives agreeing with a noun, whose adjectives do
        agree ("Ірмина мама" → "Ірмин тато"; see :func:`..names.swapper.attribute_of_noun`)."""
        known = self.shared.attributive.get(span.start)
        if known is None:
            words = [t for t in self.tokens[span.start:span.end] if is_word(t)]
            known = self.shared.attributive[span.start] = bool(words) and attribute_of_noun(
                self.tokens, words, self._readings)
        return known

    @rule("noun-not-verb")
    def _noun_not_verb(self, k: int) -> bool:
        """Whether a word that also reads as a noun is the noun here: after a number ("5
        тис грн", "по 2007 рік") or ending a noun phrase ("альтернативних палив")."""
        if k == 0 or not any(r.pos == "NOUN" for r in self._readings(self.tokens[k])):
            return False
        previous = self.tokens[k - 1]
        # "дільничний привіз": the adjectival person noun is the subject, not a modifier
        return previous.like_num or (self._in_noun_phrase(k) and not (
            is_word(previous) and self.lex.persons.may_be_person_noun(previous.lower_)))

    @rule("in-noun-phrase")
    def _in_noun_phrase(self, k: int) -> bool:
        """Whether token ``k``, read as a noun, ends a phrase begun before it: "за минулий
        рік", "за жоден рік" (not the verb "рік", he said), "на ставу"."""
        if k == 0:
            return False
        if noun_after_preposition(self.tokens, k, self.lex):
            return True
        previous = self.tokens[k - 1]
        if previous.lower_ in self.lex.pronouns or self._is_relative_pronoun(previous):
            return False  # "вона стала", "котра жила" (not the nouns стала, жила)
        if previous.is_title and any(r.name_part for r in self._readings(previous)):
            return False  # "Марія Петрова стала": a surname, no possessive's noun
        return any(a.pos in _MODIFIER_POS and n.pos == "NOUN"
                   and (a.case, a.number, a.gender) == (n.case, n.number, n.gender)
                   for a in self._readings(previous) for n in self._readings(self.tokens[k]))

    def _is_adverbial(self, token: Token) -> bool:
        return token.lower_ in self.lex.profile.particles or any(
            r.pos in _ADVERBIAL_POS for r in self._readings(token))

    def _only_adverb(self, token: Token) -> bool:
        return only_adverb(token, self.lex)

    def _past_adverbials(self, k: int, stop: int | None = None) -> int:
        """The first index from ``k`` (before ``stop``) that is no adverb or particle:
        ", не обізнаний", "та щиро розкаявся"."""
        stop = len(self.tokens) if stop is None else stop
        while k < stop and self._is_adverbial(self.tokens[k]):
            k += 1
        return k

    def _ends_clause(self, j: int) -> bool:
        token = self.tokens[j]
        if token.text not in _CLAUSE_END:
            return False
        # "у 2009-2010 рр. працював": the full stop of a short lower-case abbreviation, or
        # of a name's initial ("ботанік А . де Барі розробив")
        return not (token.text == "." and j > 0
                    and (self._abbreviation(j - 1) or self._initial_in_name(j)))

    @rule("initial-in-name")
    def _initial_in_name(self, j: int) -> bool:
        """Whether the full stop at ``j`` cuts an initial inside a person's name."""
        doc = self.tokens
        return initial_stop(doc, j) and doc[j - 1].ent_type_ in self.person_labels \
            and j + 1 < len(doc) and doc[j + 1].ent_type_ in self.person_labels

    def _ends_sentence(self, j: int) -> bool:
        return self.tokens[j].text in _SENTENCE_END and self._ends_clause(j)

    def _readings_as_written(self, k: int) -> tuple[Reading, ...]:
        """The readings of the word at ``k`` its spelling allows: a lower-case word, or a
        capital that only opens the sentence, names nobody where it reads as anything else
        ("Кошик", "Барабан" are surnames too; "Тому" is the conjunction, not Tom's
        dative)."""
        token, readings = self.tokens[k], self._readings(self.tokens[k])
        if k == 0 or not token.text[:1].isupper() or self._ends_sentence(k - 1):
            return tuple(r for r in readings if not r.name_part) or readings
        return readings

    @rule("abbreviation")
    def _abbreviation(self, j: int) -> bool:
        """A short lower-case word cut by a full stop inside a sentence: "рр.", "тис. грн"
        ("тис" is no verb there), "3,7 тис грн., тобто"."""
        doc = self.tokens
        return (j + 2 < len(doc) and len(doc[j]) <= 3 and doc[j].is_lower
                and doc[j + 1].text == "."
                and (doc[j + 2].is_lower or doc[j + 2].like_num or doc[j + 2].text == ","))

    def _group_end(self, j: int, step: int) -> int | None:
        """The index of the bracket or quote closing the group that opens at ``j`` (reading
        in the direction ``step``), when it closes within a few tokens."""
        pairs = _GROUPS if step == 1 else {v: k for k, v in _GROUPS.items()}
        closing = pairs.get(self.tokens[j].text)
        if closing is None:
            return None
        for k in range(j + step, j + step * _GROUP_WIDTH, step):
            if not 0 <= k < len(self.tokens) or self.tokens[k].text in _SENTENCE_END:
                return None
            if self.tokens[k].text == closing:
                return k
        return None

    @rule("modifies")
    def _modifies(self, reading: Reading, token: Token) -> bool:
        """Whether a word read as ``reading`` can be a modifier of ``token``: it agrees with
        one of its readings in case, number and, in the singular, gender, the masculine and
        the neuter being one form outside the nominative and accusative ("нагородженим
        премією" is no modifier of премією, "усім тілом" is); a function word is no noun
        ("відомий як": як, the yak)."""
        readings = self._readings(token)
        genders = _FORM_GENDERS.get((reading.case, reading.gender), {reading.gender})
        return not any(r.pos in _FUNCTION_POS for r in readings) and any(
            r.pos in _NOMINAL_POS and r.case == reading.case
            and (reading.number is None or r.number in (None, reading.number))
            and (reading.number == "Plur" or None in (r.gender, reading.gender)
                 or r.gender in genders)
            for r in readings)

    def _modifier_readings(self, token: Token) -> tuple[Reading, ...]:
        """The readings of ``token`` as a modifier that agrees (adjective, pronoun), where it
        reads as nothing else but the noun its adjective makes ("старий", also the old man:
        "старий діду" is the vocative, not the dative); none where it is also another noun
        or a verb."""
        readings = self._readings(token)
        others = [r for r in readings if r.pos not in _AGREEING_MODIFIER_POS]
        if others and not self._adjective_as_noun(readings, others):
            return ()
        return tuple(r for r in readings if r.pos in _AGREEING_MODIFIER_POS)

    @rule("adjective-as-noun")
    def _adjective_as_noun(self, readings, others) -> bool:
        """Whether the non-modifier readings ``others`` of a word are all the noun its own
        adjective makes (старий: the old man, молодий): before a noun, it is the adjective."""
        adjectives = {r.lemma for r in readings if r.pos == "ADJ"}
        return all(r.pos == "NOUN" and r.lemma in adjectives for r in others)

    @rule("possessor-pronoun")
    def _possessor_pronoun(self, token: Token) -> bool:
        """A pronoun that shows its referent, not the noun, by its form: personal "його",
        "її", "їх" (uninflected possessives too), unlike the declined "їхній"."""
        return any(r.type == "personal" or r.case == "-"
                   for r in self.lex.pronouns.readings(token.lower_))

    def _prefix_hyphen(self, j: int) -> bool:
        return prefix_hyphen(self.tokens, j)

    @rule("linking-verb")
    def _linking_verb(self, start: int, end: int) -> tuple[int, int] | None:
        """The linking verb (profile ``linking_verbs``) of an instrumental predicate at
        tokens [start, end), with the step from it towards its subject: -1 for a verb right
        before the predicate ("Гріпак є директором", and a dash standing for one: "Ренкас –
        головним бухгалтером"), +1 for the first verb after it in the clause ("Засновником
        ТОВ «Х» є компанія", "директором фірми став Шевцов"). None for any other verb:
        "призначила Петра директором" predicates of the object."""
        doc = self.tokens
        k = start - 1
        while k >= 0 and self._is_adverbial(doc[k]):
            k -= 1
        if k >= 0 and (doc[k].text in _DASHES or self._is_linking_verb(k)):
            return k, -1
        j = end
        while j < len(doc):
            group_end = self._group_end(j, 1)
            if group_end is not None:
                j = group_end + 1
                continue
            if self._ends_clause(j):
                return None
            if is_word(doc[j]) and not self._noun_not_verb(j) and any(
                    r.pos == "VERB" for r in self._readings(doc[j])):
                return (j, 1) if self._is_linking_verb(j) else None
            j += 1
        return None

    def _is_linking_verb(self, k: int) -> bool:
        return not self._noun_not_verb(k) and any(
            r.pos == "VERB" and r.lemma in self.lex.profile.linking_verbs
            for r in self._readings(self.tokens[k]))

    def _is_relative_pronoun(self, token: Token) -> bool:
        return any(r.lemma in self.lex.profile.relative_pronouns for r in self._readings(token))

    @rule("subject-at")
    def _subject_at(self, k: int, verb: Reading) -> bool:
        """Whether token ``k`` may be the nominative subject of a verb before it: ", що
        підтвердив брат" (the brother confirmed it)."""
        if k >= len(self.tokens):
            return False
        token = self.tokens[k]
        readings = self._readings(token)
        if token.ent_type_ in self.person_labels:
            # (a name in a case no subject is in is the verb's object or predicate: ", що
            # назвався Владиславом")
            return not readings or any(r.case in ("Nom", None) for r in readings)
        return any(r.pos in _NOMINAL_POS and r.case == "Nom" and r.gender == verb.gender
                   for r in readings)

    def _dash(self, j: int) -> bool:
        """Whether token ``j`` is a dash: also a hyphen set off by spaces ("Катані - чесний")."""
        token = self.tokens[j]
        return token.text in _DASHES or (token.text == "-" and bool(token.whitespace_)
                                         and j > 0 and bool(self.tokens[j - 1].whitespace_))

