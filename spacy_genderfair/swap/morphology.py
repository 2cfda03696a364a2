"""Swap the gender of person nouns and what agrees with them, by morphology.

For languages with a morphological analyser (Ukrainian: pymorphy3), without a parser:

1. a singular person noun with a counterpart in the lexicon (лікар ↔ лікарка) is replaced by
   the counterpart lemma re-inflected to the original case (лікаря → лікарки);
2. the words that agree with it change gender too: the contiguous modifiers before it
   (черговий → чергова) and, for a nominative subject, the past-tense verb of its clause
   (поінформував → поінформувала), and any other past-tense verb of its gender whose clause
   has no subject of its own;
3. a common-gender noun (суддя) stays; its agreeing words change; so does a masculine title
   whose words are feminine ("наукова керівник") when the woman it names is swapped;
4. plural nouns (unless a job entity, the group being the referent, or a title predicated
   of people: "Власниками є Павло і Петро"), and a person noun in the genitive right after
   another person noun (the possessor: "Син директора"), stay unchanged;
4a. third-person singular pronouns change by the profile's ``pronoun_pairs.tsv`` (він ↔
   вона, йому ↔ їй), and a nominative one takes its verb along (він прийшов → вона прийшла);
5. a word whose counterpart or form the lexicon and the analyser do not know is left as it is
   and reported: nothing is invented.

Every change is an :class:`.edits.Edit` (token index, old, new, reason).
"""

import random
from functools import lru_cache
from types import SimpleNamespace

from spacy.tokens import Doc, Token

from ..extensions import COMMON, FEMININE, MASCULINE
from ..lexicon import Lexicon, LexiconHit, PersonEntry
from ..morph import OTHER_GENDER, Reading, agrees
from ..tokens import ascii_apostrophes, counts_several, is_word, sentence_initial
from .agreement import _CLOSING_QUOTES, _OPENING_QUOTES, AgreementFinder
from .binding import PronounBinding
from .clauses import (
    _AGREEING_MODIFIER_POS,
    _CLAUSE_END,
    _DASHES,
    _FUNCTION_POS,
    _MODIFIER_POS,
    ClauseReader,
    DocReadings,
    reader_words,
)
from .direction import UNKNOWN_TITLE, LazyRandom, by_direction, check_direction, wanted
from .edits import Edit
from .government import _APPOSITION_MARKS, CASE_ORDER, animate_cases, governed_cases
from .names import NameMention, NameSwapper
from .rules import rule

_UD_GENDER = {MASCULINE: "Masc", FEMININE: "Fem"}
# What may open a quoted name: the opening quotes and the straight one ("Шахтар").
_TITLE_OPENING_QUOTES = _OPENING_QUOTES | {'"'}
# The most words a quoted name has ("Урядовий кур'єр").
_QUOTED_TITLE_WIDTH = 3
# The most adjectives before the noun of an infinitive's object ("мати зручні під'їзні шляхи").
_OBJECT_MODIFIERS = 3
# Punctuation a clause opens after, and that a sentence opens after.
_CLAUSE_OPENERS = frozenset({",", ":", ";", "—", "–", "-", ".", "!", "?", "…", "«", "\"", "("})
_SENTENCE_OPENERS = frozenset({".", "!", "?", "…", "—", "–", "«", "\""})
# How far a standalone subject's verb may stand ("Останній в 2003-2006 роках працював").
_STANDALONE_WIDTH = 8
# A word read in this many cases does not decline ("віце", "пані").
_INDECLINABLE_CASES = 4
# How far after a masculine title a feminine verb shows it names a woman ("замовник
# з'ясувала", "переможець торгів не надала").
_NEAR_VERB = 4
# How far after a title its genitive name may stand ("депутата від Партії регіонів Миколи").
_NAME_WIDTH = 6


def _genders_after_swap(mentions) -> set[str]:
    """The genders the named persons have once the swap is done."""
    return {OTHER_GENDER[m.gender] if m.swapped else m.gender for m in mentions}


def swap_edits(doc: Doc, lexicon: Lexicon, direction: str = "invert",
               names: NameSwapper | None = None, rng: random.Random | None = None
               ) -> list[Edit]:
    """The edits that swap the gender of the persons of ``doc``.

    names (NameSwapper | None): swaps person names too when given (else names stay).
    rng (random.Random | None): draws the replacement first names; seeded from the text
        when not given, so one sentence always gets the same names.
    """
    check_direction(direction)
    if lexicon.analyzer is None:
        raise ValueError(f"Swapping by morphology needs a morphological analyser; the "
                         f"'{lexicon.profile.code}' profile has none")
    rng = rng or LazyRandom(lambda: doc.text)
    shared = DocReadings(doc)
    if not _names_a_person(doc, shared.tokens, lexicon, names):
        return []  # (most sentences of a corpus: nothing to look at twice)

    kept_generic = False

    def swap(way: str) -> list[Edit]:
        # feminine_first's to_feminine try looks for men: a woman's generic masculine title
        # ("етнограф Лілія Мусіхіна") is hers and stays, and a Doc naming only such women
        # is inverted (she becomes a man, and keeps it); where men are found, or where
        # nothing can be inverted ("Кокседж числилась номінальним директором": a surname
        # with no masculine form known), her title takes the feminine as in to_feminine
        nonlocal kept_generic
        first_try = direction == "feminine_first" and way == "to_feminine"
        state = rng.getstate() if first_try else None
        swapper = _MorphSwapper(doc, lexicon, way, names, rng, shared, keep_generic=first_try)
        edits = swapper.edits()
        if first_try:
            kept_generic = swapper.kept_generic
            if edits and kept_generic:
                rng.setstate(state)
                edits = _MorphSwapper(doc, lexicon, way, names, rng, shared).edits()
        elif direction == "feminine_first" and not edits and kept_generic and any(
                span.label_ in lexicon.profile.person_labels for span in doc.ents):
            # (a named woman's: "«Діта» стала переможцем" is a firm's generic title)
            edits = _MorphSwapper(doc, lexicon, "to_feminine", names, rng, shared).edits()
        return edits

    return by_direction(direction, swap, rng)


def _names_a_person(doc: Doc, tokens: list[Token], lexicon: Lexicon,
                    names: NameSwapper | None) -> bool:
    """Whether ``doc`` (its ``tokens``) has a word that may name a person — a person
    noun, a gendered pronoun, a name, a job entity (reported when the lexicon knows none of
    its words) — the only words a swap starts from."""
    pronouns = _swap_words(lexicon).pronoun_gender
    persons = lexicon.persons
    if any(is_word(token) and (token.lower_ in pronouns
                               or persons.may_be_person_noun(token.lower_)) for token in tokens):
        return True
    if any(span.label_ in lexicon.profile.job_labels for span in doc.ents):
        return True
    return names is not None and bool(names.name_spans(doc))


@lru_cache(maxsize=16)
def _swap_words(lexicon: Lexicon) -> SimpleNamespace:
    """The profile's spouse, pronoun and numeral pairs as the swapper looks them up, built
    once per lexicon."""
    profile = lexicon.profile
    pairs = profile.pronoun_pairs
    counterparts = {
        "Masc": {m: f for m, f in pairs},
        "Fem": {f: m for m, f in reversed(pairs)},  # the first listed form wins
    }
    return SimpleNamespace(
        spouses={a: b for pair in profile.spouse_pairs for a, b in (pair, pair[::-1])},
        pronoun_counterparts=counterparts,
        pronoun_gender={word: gender for gender, forms in counterparts.items()
                        for word in forms},
        numerals=frozenset(word for row in profile.numeral_pairs for word in row[:2]),
    )


@lru_cache(maxsize=50_000)  # (asked of the same words many times per Doc)
def _indeclinable(readings: tuple[Reading, ...]) -> bool:
    """A word read in many cases of one number does not decline ("віце", "пані"); "фірми"
    (genitive singular, nominative plural) does."""
    return any(len({r.case for r in readings if r.number == number}) >= _INDECLINABLE_CASES
               for number in {r.number for r in readings})


# The words that name no person though they may (``_MorphSwapper._names_no_person``): which
# words each exclusion rule is asked of, and the rule, in the order they are asked.
_EXCLUSIONS = (
    ("joined", "_undeclined_first_part"),  # "прем'єр-міністра": only міністра changes
    # "«Шахтар» проґавив", "видання "Урядовий кур'єр"": a team's, a firm's or a paper's name
    ("untagged person noun", "_in_quoted_title"),
    ("untagged person noun", "_capitalised_being"),  # "що Бог їх забрав": God
    ("untagged person noun", "_surname_in_text"),  # "що Тютюнник характеризується"
    ("person word", "_part_of_known_non_person"),  # "Їй-богу", "майстер-клас"
    ("person word", "_first_part_of_thing"),  # "майстер-копії"
    ("untagged person noun", "_infinitive_after_predicate"),  # "повинен мати": to have
)


class _MorphSwapper:
    """Which words are the persons to swap, and the edits that swap them and what agrees
    with them (found by its ``AgreementFinder``)."""

    def __init__(self, doc: Doc, lexicon: Lexicon, direction: str,
                 names: NameSwapper | None, rng: random.Random,
                 shared: DocReadings | None = None, keep_generic: bool = False) -> None:
        # the Doc's clause structure, what agrees with a person in it, and which pronouns
        # may stand for the persons swapped: three readers of one Doc, composed
        self.clauses = ClauseReader(doc, lexicon, shared)
        # (the reader's basic questions, asked everywhere)
        self._readings = self.clauses._readings
        self._agreeing_reading = self.clauses._agreeing_reading
        self._past_adverbials = self.clauses._past_adverbials
        self.agreement = AgreementFinder(self.clauses, self._person_noun,
                                         self._predicated_person)
        self.doc, self.shared, self.tokens = doc, self.clauses.shared, self.clauses.tokens
        self.lex, self.person_labels = lexicon, self.clauses.person_labels
        self.predicates = self.agreement.predicates
        self.conjunctions = self.agreement.conjunctions
        self.euphonic_particles = self.agreement.euphonic_particles
        self.names = names
        self.rng = rng
        self.analyzer = lexicon.analyzer
        self.direction = direction
        # whether a masculine title said of a woman who is not swapped stays, and whether
        # one did
        self.keep_generic = keep_generic
        self.kept_generic = False
        self.edits_by_token: dict[int, Edit] = {}
        words = _swap_words(lexicon)
        self.spouses = words.spouses
        self.job_entity = self.shared.entity_at
        self.entity_label = {i: span.label_ for i, span in self.job_entity.items()}
        self.job_labels = reader_words(lexicon).job_labels
        self.tagged_jobs = any(label in self.job_labels for label in self.entity_label.values())
        self.pronoun_counterparts = words.pronoun_counterparts
        self.pronoun_gender = words.pronoun_gender
        self.swapped_genders: set[str] = set()
        # the genders of the singular persons swapped (a plural group is no pronoun's)
        self.singular_genders: set[str] = set()
        # the gender of a spouse turning against the direction, while it turns
        self.turning_couple: str | None = None
        # the genders of the swapped persons whose verb was swapped with them
        self.subject_genders: set[str] = set()
        # start token of each swapped name -> its (original) gender when genitive, else None
        self.genitive_names: dict[int, str | None] = {}
        # each token of a swapped name -> the name's (original) gender
        self.name_gender: dict[int, str] = {}
        # the token after each swapped name -> that name
        self.name_ends: dict[int, NameMention] = {}
        self.numerals = words.numerals
        # the first token of each name whose gender is known, swapped or kept -> that name
        self.name_starts: dict[int, NameMention] = {}
        # the tokens of those names ("Палій" is a surname there, not the noun палій)
        self.name_tokens: set[int] = set()
        # first names replaced in this Doc -> their replacement (one person, one name)
        self.chosen_names: dict[str, str | None] = {}
        # surnames of the names read so far -> their person's gender (a bare surname later
        # is that person)
        self.surnames: dict[str, str | None] = {}
        # person nouns swapped as another mention's title or predicate ("Паля, син",
        # "він був депутатом"): no person of their own
        self.titles: set[int] = set()
        # the names of unknown gender, and the genders of person nouns with no
        # counterpart, kept
        self.unknown_names: list[tuple[int, int]] = []
        self.kept_genders: set[str] = set()
        # swapped singular person nouns of their own (no title) -> their gender and case
        # before the swap: "нардеп колись міг його знімати" (a subject, as names are)
        self.person_nouns: dict[int, tuple[str, str | None]] = {}
        self.binding = PronounBinding(
            self.clauses, self.agreement, edits_by_token=self.edits_by_token,
            entity_label=self.entity_label, name_starts=self.name_starts,
            person_nouns=self.person_nouns, pronoun_gender=self.pronoun_gender,
            titles=self.titles)

    def edits(self) -> list[Edit]:
        if self.names is not None:
            self._swap_names()
        pronouns, anaphors, spouses = [], [], []
        for token in self.tokens:
            if token.i in self.edits_by_token or token.i in self.name_tokens \
                    or not is_word(token):
                continue
            label = self.entity_label.get(token.i)
            if label is not None and label not in self.job_labels:
                # "Партії регіонів": not a person here; a name's "Мельник" is no miller
                continue
            person_word = self.lex.persons.may_be_person_noun(token.lower_)
            if self._names_no_person(token, label, person_word):
                continue
            # A plural person noun is a target only as an annotated job entity (the group is
            # then the referent: "працівників" → "працівниць") or predicated of people;
            # elsewhere plurals stay.
            if not person_word:
                found = None
                if label in self.job_labels and (title := self._unknown_title(token)):
                    self._record(token.i, token.text, None, f"{UNKNOWN_TITLE}: '{title}'")
                    continue
            elif (found := self._person_noun(token, plural=label in self.job_labels)) is None \
                    and label is None:
                found = self._predicated_of_people(token) or self._plural_conjunct(token)
            if found is None and label is None and self.name_starts \
                    and (group := self._group_of_names(token)) is not None:
                self._replace_person(token, *group)  # "кияни Олександр … і Людмила …"
                continue
            if found is not None and (gender := self._gender_of_named(token, *found)):
                # a person noun apposed to a swapped name, or predicated of it, is that
                # person ("Паля, син екс-начальника", "Крупко є сином екс-міністра": the
                # relative after it stays); its counterpart is the other spouse for a spouse
                self._replace_person(token, found[0].entry, found[1], gender,
                                     self.spouses.get(found[0].entry.lemma))
                self.titles.add(token.i)
                continue
            if found is not None and label is None and self._untagged_thing(token, found[1]):
                continue  # "політику домінування" beside tagged titles: the policy
            if found is not None and (self._organisation_subject(token, found[1]) or (
                    label is None and self._relative_subject(token)
                    and self._names_organisation(self._relative_subject(token) - 2))):
                continue  # "ТОВ «ДБК», який виступає підрядником", "конкурентом був
                # «Діамантбанк»": the company's title
            if found is not None and found[0].entry.lemma in self.spouses:
                spouses.append((token, *found))
                continue
            if found is not None and label is None and self._before_the_target(token, *found):
                continue  # "Донька президента", "брат Михайла": the other one is the target
            if found is not None and token.lower_ in self.lex.honorifics \
                    and any(start == token.i + 1 for start, _ in self.unknown_names):
                continue  # "пані Доро": the form of address of a name no one can swap
            if found is not None:
                self._swap_person(token, *found)
            elif token.lower_ in self.pronoun_gender and not self._reverent_pronoun(token):
                pronouns.append(token)
            elif (token.i == 0 or (self.tokens[token.i - 1].text in _CLAUSE_END
                                   and not self._names_organisation(token.i - 1))) and (
                    standalone := self._standalone_subject(token)) is not None:
                anaphors.append((token, standalone))  # (only a clause's first word is one;
                # after a quoted name, that name is the subject: "«Енергоатом» зобов'язаний")
        for token, hit, reading in spouses:
            self._swap_spouse(token, hit, reading)
        # A pronoun is swapped with a swapped person of its gender ("його" stays when only a
        # woman is swapped: it refers to someone or something else), or when no person is
        # (but for a named one whose gender only the words agreeing with the name show, or
        # one whose person noun has no counterpart)
        genders = self.swapped_genders or (
            {"Masc", "Fem"} - self.kept_genders - self._unknown_name_genders()
            if pronouns else set())
        if pronouns and not self.singular_genders and not any(
                mention.swapped for mention in self.name_starts.values()):
            # (nobody swapped, or only plural groups: "королів … його геополітичного
            # розташування" is Lviv's)
            pronouns = self.binding._without_things_pronouns(pronouns)
        for token in pronouns:
            if (self.pronoun_gender[token.lower_] in genders or self._speaker(token)) \
                    and not self.binding._disjoint_from_subject(token):
                self._swap_pronoun(token)
        for token, reading in anaphors:
            if reading.gender in self.swapped_genders and self._wanted(reading.gender):
                self._swap_anaphor(token, reading)
        if len(self.subject_genders) == 1:
            gender = next(iter(self.subject_genders))
            # (listed first: recording an edit grows the set the search skips)
            reason = "agreement with the sentence's only subject of its gender"
            for token, reading in list(self.agreement._subjectless_verbs(
                    gender, self.edits_by_token)):
                if self._record_agreeing(token, reading, gender, reason):
                    self._swap_emphatic_before(token, gender, reason)  # "бо сам був винен"
                    # and what it predicates ("побажав залишитися неназваним"), and the
                    # verbs that share its subject ("виніс постанову…, тобто зменшив")
                    for other, other_reading in (
                            *self.predicates._predicate(token.i + 1, gender),
                            *self.agreement._coordinated_verbs(token.i + 1, gender)):
                        self._record_agreeing(other, other_reading, gender, reason)
            for token, reading in list(self.agreement._emphatics_of_genderless_verbs(
                    gender, self.edits_by_token)):
                self._record_agreeing(token, reading, gender, reason)
        self._swap_partitive_groups()
        self._swap_numerals_after_names()
        self._swap_demonstrative_subjects()
        self._swap_euphony()
        return [self.edits_by_token[i] for i in sorted(self.edits_by_token)]

    def _names_no_person(self, token: Token, label: str | None, person_word: bool) -> bool:
        """Whether a word that may name a person (a person noun, a pronoun, a job entity's
        word) names none here: the exclusion rules of ``_EXCLUSIONS``, in order, each asked
        of the words it applies to."""
        applies = {
            "joined": not token.whitespace_,
            "untagged person noun": person_word and label is None,
            "person word": person_word or token.lower_ in self.pronoun_gender,
        }
        # (looked up by name at each call: a rule switched off is the method wrapped then)
        return any(applies[words] and getattr(self, method)(token)
                   for words, method in _EXCLUSIONS)

    def _swap_demonstrative_subjects(self) -> None:
        """A demonstrative after a conjunction ("щоб та", "але та", "коли той"), the
        subject of the past-tense verb after it, stands for the nearest noun of its gender
        before it: it turns with its verbs when that noun is a swapped person ("гукнути
        служницю, щоб та принесла …, розчесала" → "гукнути служника, щоб той приніс …,
        розчесав"), not for a thing or a person who stays ("присісти на лавку, але та
        обпекла її"). One right before a verb that turned for another reason, adverbs
        between ("а той і справді знав"), turns with it."""
        swapped = bool(self.person_nouns) or any(m.swapped for m in self.name_starts.values())
        for j, token in enumerate(self.tokens if swapped else ()):
            subject = None if j in self.edits_by_token else self.agreement._demonstrative_subject(j)
            k = self._past_adverbials(j + 1)
            if subject is None or k >= len(self.tokens):
                continue
            verb = self._agreeing_reading(self.tokens[k], ("VERB",), subject.gender, None)
            antecedent = self._antecedent_before(j, subject.gender)
            if verb is None or antecedent is None or not self._swapped_person_at(antecedent):
                continue
            new = self.analyzer.inflect(token.lower_, subject,
                                        gender=OTHER_GENDER[subject.gender])
            reason = f"agreement with {self.tokens[antecedent].text}"
            self._record(j, token.text, new, reason)
            if new:
                for other, reading in ((self.tokens[k], verb),
                                       *self.predicates._predicate(k + 1, subject.gender),
                                       *self.agreement._coordinated_verbs(k + 1, subject.gender)):
                    self._record_agreeing(other, reading, subject.gender, reason)
        for i in sorted(self.edits_by_token):
            j = i - 1
            while j > 1 and self.clauses._is_adverbial(self.tokens[j]):
                j -= 1  # ("а той і справді знав")
            if self.edits_by_token[i].new is None or j < 1 or j in self.edits_by_token \
                    or not any(r.pos in ("CCONJ", "SCONJ")
                               for r in self._readings(self.tokens[j - 1])) \
                    or any(r.pos == "VERB" for r in self._readings(self.tokens[j - 1])):
                continue  # (after a verb, "та" is the conjunction: "приходила та працювала")
            verb = next((r for r in self._readings(self.tokens[i])
                         if r.pos == "VERB" and r.gender in OTHER_GENDER), None)
            subject = next((r for r in self._readings(self.tokens[j])
                            if r.pos == "PRON" and r.case == "Nom"
                            and verb is not None and r.gender == verb.gender), None)
            if subject is not None:
                new = self.analyzer.inflect(self.tokens[j].lower_, subject,
                                            gender=OTHER_GENDER[subject.gender])
                self._record(j, self.tokens[j].text, new,
                             f"agreement with {self.tokens[i].text}")

    @rule("antecedent-before")
    def _antecedent_before(self, j: int, gender: str) -> int | None:
        """The nearest word before token ``j`` that is a singular noun or name of
        ``gender`` (a person's or a thing's, any case): what a demonstrative stands for.
        None past a name whose gender is not known ("нагородив Смольку …, але той": the
        surname may be his)."""
        for k in range(j - 1, -1, -1):
            mention = next((m for m in self.name_starts.values() if m.start <= k < m.end),
                           None)
            if mention is not None:
                return k if mention.gender == gender else None
            if k in self.person_nouns:
                return k if self.person_nouns[k][0] == gender else None
            token = self.tokens[k]
            if token.text[:1].isupper() and k > 0 and is_word(token) \
                    and not self.clauses._ends_sentence(k - 1):
                return None
            if self.pronoun_gender.get(token.lower_) == gender \
                    and self.agreement._nominative_pronoun(k):
                return None  # "він так виспівував, якщо той не з'явився": the demonstrative
                # is someone other than that subject, whom the words before may not name
            if any(r.pos in ("NOUN", "PROPN") and r.gender == gender and r.number != "Plur"
                   for r in self._readings(token)):
                return k
        return None

    def _swapped_person_at(self, k: int) -> bool:
        """Whether token ``k`` is a swapped person noun or in a swapped name."""
        return k in self.person_nouns or any(
            m.start <= k < m.end and m.swapped for m in self.name_starts.values())

    def _swap_numerals_after_names(self) -> None:
        """A numeral (profile ``numeral_pairs``, those keeping the noun's case) right after
        coordinated names takes the gender they all have after the swap: "Андрій Сенченко й
        Людмила Денисова обидва" → "Марія Сенченко й Людмила Денисова обидві"."""
        for start in sorted(self.name_starts):
            group = self._coordinated_names(start)
            k = group[-1].end
            if len(group) < 2 or not any(m.swapped for m in group) or k >= len(self.tokens):
                continue
            genders = _genders_after_swap(group)
            word = self.tokens[k].lower_
            for masculine, feminine, case in self.lex.profile.numeral_pairs:
                if case is None and genders == {"Fem"} and word == masculine:
                    self._record(k, self.tokens[k].text, feminine, "numeral agreement")
                elif case is None and "Masc" in genders and word == feminine:
                    self._record(k, self.tokens[k].text, masculine, "numeral agreement")

    def _swap_partitive_groups(self) -> None:
        """The plural person noun after a swapped partitive numeral (profile
        ``partitive_numerals``) and its genitive preposition is the group the person is one
        of, and takes the person's gender: "Один із засновників" → "Одна із засновниць"
        (a group entity is swapped already; modifiers of the noun between are skipped)."""
        numerals = self.lex.profile.partitive_numerals
        for i, edit in list(self.edits_by_token.items()):
            if not edit.new or i + 2 >= len(self.tokens):
                continue
            reading = next((r for r in self._readings(self.tokens[i])
                            if r.lemma in numerals and r.gender in OTHER_GENDER), None)
            preposition = self.tokens[i + 1].lower_
            if reading is None or "Gen" not in self.lex.profile.preposition_cases.get(
                    preposition, ()):
                continue
            k = i + 2
            while k < len(self.tokens) and k not in self.edits_by_token and any(
                    r.pos == "ADJ" and r.case == "Gen" and r.number == "Plur"
                    for r in self._readings(self.tokens[k])):
                k += 1  # "одним із перших засновників"
            if k >= len(self.tokens) or k in self.edits_by_token:
                continue
            found = self._person_noun(self.tokens[k], check_next=False, plural=True)
            if found is not None and found[1].number == "Plur" and found[1].case == "Gen":
                self._replace_person(self.tokens[k], found[0].entry, found[1], reading.gender)
        persons = self.singular_genders | {
            mention.gender for mention in self.name_starts.values() if mention.swapped}
        if persons:
            for k, edit in list(self.edits_by_token.items()):
                if edit.new:
                    self._swap_numeral_before_group(k, numerals, persons)

    def _swap_numeral_before_group(self, k: int, numerals, persons: set[str]) -> None:
        """A partitive numeral before its genitive preposition and the plural person noun
        at ``k`` that turned is the swapped person, one of that group, and turns with it:
        "є одним з засновників" → "є однією з засновниць" (said of "Ткачук Ігор Борисович,
        який також …"). Only where a single person of the numeral's gender (``persons``)
        was swapped: "одним із підрядників було ТОВ …" is a firm."""
        m = k - 1
        while m >= 0 and m not in self.edits_by_token and any(
                r.pos == "ADJ" and r.case == "Gen" and r.number == "Plur"
                for r in self._readings(self.tokens[m])):
            m -= 1  # "одним із перших засновників"
        if m < 1 or m - 1 in self.edits_by_token or "Gen" not in \
                self.lex.profile.preposition_cases.get(self.tokens[m].lower_, ()):
            return
        token = self.tokens[m - 1]
        reading = next((r for r in self._readings(token)
                        if r.lemma in numerals and r.gender in persons), None)
        if reading is None:
            return
        hit = self.lex.persons.lookup_readings(tuple(
            r for r in self._readings(self.tokens[k]) if r.number == "Plur" and r.case == "Gen"))
        if hit is not None and _UD_GENDER.get(hit.entry.gender) == reading.gender:
            self._record_agreeing(token, reading, reading.gender,
                                  f"agreement with {hit.entry.lemma}")

    @rule("infinitive-after-predicate")
    def _infinitive_after_predicate(self, token: Token) -> bool:
        """Whether a word that reads as a noun and an infinitive is the infinitive: after a
        verb or an adjective it cannot be the subject or noun of ("могли мати",
        "дозволялось мати", "повинен мати"; "бралась мати", "його мати" are the mother),
        or after a verb before its object in the accusative ("прагнула мати справу"; past its
        modifiers: "може мати суттєвий вплив", "мріє мати багато друзів")."""
        if token.i == 0 or not any(r.pos == "VERB" and r.verb_form == "Inf"
                                   for r in self._readings(token)):
            return False
        head = self._object_head(token.i + 1)
        if head is not None and not (head + 1 < len(self.tokens) and any(
                r.pos == "VERB" and r.verb_form == "Fin"
                for r in self._readings(self.tokens[head + 1]))):
            return True  # "з усього мати користь", "мати фізичні відчуття": the mother has
            # no accusative after her (but for her verb's object before it: "як мати пісню
            # заводила")
        before = self._readings(self.tokens[token.i - 1])
        nouns = [r for r in self._readings(token) if r.pos == "NOUN"
                 and self.lex.persons.lookup_readings((r,)) is not None]

        def agrees(word: Reading) -> bool:
            return any(word.number in (None, noun.number) and word.gender in (None, noun.gender)
                       and (word.pos == "VERB" or word.case == noun.case) for noun in nouns)

        verbs = [r for r in before if r.pos == "VERB" and r.verb_form == "Fin"]
        adjectives = [r for r in before if r.pos == "ADJ"]
        if (verbs or adjectives) and not any(agrees(r) for r in (*verbs, *adjectives)):
            return True
        if not verbs:
            return False
        k = token.i + 1
        while k < len(self.tokens) and is_word(self.tokens[k]) and all(
                r.pos in ("ADJ", "ADV", "NUM", "PRON") for r in self._readings(self.tokens[k])):
            k += 1  # ("може мати суттєвий негативний вплив", "мріє мати багато друзів")
        following = self._readings(self.tokens[k]) if k < len(self.tokens) else ()
        # (after a past tense that agrees with it, "мати" is its subject unless the noun can
        # only be an object: "прийшла мати її подруги")
        if any(r.gender for r in verbs):
            ambiguous = ("Nom", "Gen")
        else:
            ambiguous = ("Nom",) if k == token.i + 1 else ()
        return any(r.pos == "NOUN" and r.case == "Acc" for r in following) \
            and not any(r.case in ambiguous for r in following)

    @rule("unknown-title")
    def _unknown_title(self, token: Token) -> str | None:
        """The lemma of the first noun of a job entity in which the lexicon knows no person
        noun ("голубівники", "поліцаїв"), when its gender is one the direction swaps: left
        as it is, and reported."""
        span = next((s for s in self.shared.entities if s.start <= token.i < s.end), None)
        if span is None or any(self.lex.persons.may_be_person_noun(t.lower_) for t in span):
            return None
        head = next((t.i for t in span if is_word(t)
                     and any(r.pos == "NOUN" for r in self._readings(t))), None)
        if head != token.i or token.text.isupper():
            return None  # (an abbreviation, "ФОП", has no gendered form to report)
        lemma = next(r.lemma for r in self._readings(token) if r.pos == "NOUN")
        genders = {r.gender for r in self.lex.analyzer.analyze(lemma)
                   if r.pos == "NOUN" and r.lemma == lemma} & set(OTHER_GENDER)
        return lemma if len(genders) == 1 and self._wanted(genders.pop()) else None

    @rule("object-head")
    def _object_head(self, k: int) -> int | None:
        """The index of the head noun of a thing's accusative phrase starting at ``k``, past
        adjectives that read in no genitive and the conjunctions between them ("фізичні
        відчуття", "зручні під'їзні шляхи", "механічні й технологічні властивості"), else
        None."""
        start, adjectives = k, 0
        while k < len(self.tokens) and adjectives < _OBJECT_MODIFIERS and (
                readings := self._readings(self.tokens[k])):
            if all(r.pos == "ADJ" and r.case != "Gen" for r in readings):
                adjectives += 1
            elif not (adjectives and self.tokens[k].lower_ in self.lex.profile.pair_conjunctions):
                break
            k += 1
        if k >= len(self.tokens) or not self._readings(self.tokens[k]):
            return None
        if self._thing_object(self.tokens[k]) or (k > start and any(
                r.pos == "NOUN" and r.case == "Acc" and not r.animate
                for r in self._readings(self.tokens[k]))):
            return k
        return None

    @rule("thing-object")
    def _thing_object(self, token: Token) -> bool:
        """Whether ``token`` reads as a thing's accusative and never as a genitive (the case
        of a person noun's possessor): "користь", "справу"."""
        readings = self._readings(token)
        return any(r.pos == "NOUN" and r.case == "Acc" and not r.animate for r in readings) \
            and not any(r.case == "Gen" for r in readings) and not token.text[:1].isupper()

    @rule("first-part-of-thing")
    def _first_part_of_thing(self, token: Token) -> bool:
        """Whether ``token`` is the undeclined first part of a hyphenated noun whose second
        part, its head, is a thing, no person: it shares no case and number with the head
        ("майстер-класи", "майстер-копію"; not "брат-двійня", whose parts both decline)."""
        i, doc = token.i, self.tokens
        if i + 2 >= len(doc) or not self.clauses._prefix_hyphen(i + 1) or doc[i + 1].whitespace_:
            return False
        head = doc[i + 2]
        forms = {(r.case, r.number) for r in self._readings(head) if r.pos == "NOUN"}
        return bool(forms) and not self.lex.persons.may_be_person_noun(head.lower_) \
            and not any(r.animate for r in self._readings(head)) \
            and not any((r.case, r.number) in forms
                        for r in self._readings(token) if r.pos == "NOUN")

    @rule("part-of-known-non-person")
    def _part_of_known_non_person(self, token: Token) -> bool:
        """Whether ``token`` is a part of a hyphenated word the analyser knows as a whole
        and as no person: no noun ("Їй-богу") or a thing's ("майстер-клас")."""
        i, doc = token.i, self.tokens
        if i >= 2 and self.clauses._prefix_hyphen(i - 1):
            joined = f"{doc[i - 2].lower_}-{token.lower_}"
        elif i + 2 < len(doc) and self.clauses._prefix_hyphen(i + 1) and not doc[i + 1].whitespace_:
            joined = f"{token.lower_}-{doc[i + 2].lower_}"
        else:
            return False
        return self.analyzer.is_known(joined) and not any(
            r.pos == "NOUN" and r.animate for r in self.analyzer.analyze(joined))

    @rule("standalone-subject")
    def _standalone_subject(self, token: Token) -> Reading | None:
        """A clause-initial adjective or numeral that is the subject itself, standing for a
        person named before: "Останній є директором", "Один із них очолював", "Останній в
        2003-2006 роках працював" (a verb later in the clause, and no noun on the way that it
        could modify). A noun's possessive ("клієнтів") is the noun."""
        i, doc = token.i, self.tokens
        if (i > 0 and not self.clauses._ends_clause(i - 1)) or i + 1 >= len(doc) \
                or token.lower_ in self.lex.pronouns:
            return None
        reading = self._agreeing_reading(token, ("ADJ", "NUM"), None, "Nom")
        if reading is None or any(r.pos == "NOUN" for r in self._readings(token)):
            return None
        after = self._past_adverbials(i + 1)  # "Останній також є партнером"
        if after >= len(doc):
            return None
        following = doc[after]
        if following.lower_ in self.lex.profile.preposition_cases and after + 1 < len(doc) \
                and self._of_things(doc[after + 1]):
            return None  # "Один із каменів поцілив": one of the stones
        if following.lower_ in self.lex.profile.standalone_followers or any(
                r.pos == "VERB" for r in self._readings(following)):
            return reading
        for k in range(i + 1, min(i + 1 + _STANDALONE_WIDTH, len(doc))):
            if self.clauses._ends_clause(k) or self.clauses._modifies(reading, doc[k]):
                return None
            if self._agreeing_reading(doc[k], ("VERB",), reading.gender, None) is not None:
                return reading
        return None

    @rule("of-things")
    def _of_things(self, token: Token) -> bool:
        """Whether every noun reading of ``token`` is a plural that is no person
        ("каменів")."""
        nouns = [r for r in self._readings(token) if r.pos == "NOUN"]
        return bool(nouns) and all(r.number == "Plur" and self._thing(r) for r in nouns)

    def _swap_anaphor(self, token: Token, reading: Reading) -> None:
        if token.i in self.edits_by_token:
            return
        new = self.analyzer.inflect(token.lower_, reading, gender=OTHER_GENDER[reading.gender])
        reason = "agreement with the person it stands for"
        self._record(token.i, token.text, new, reason if new else f"{reason}: no form")
        if new:
            self._swap_agreement(token.i, token.i + 1, "Nom", reading.gender, reason,
                                 modifiers=False)

    def _swap_names(self) -> None:
        for span in self.names.name_spans(self.doc, self.shared.entities):
            edits, mention = self.names.swap(self.doc, span, self.rng, self.chosen_names,
                                             self._wanted, self._context_gender,
                                             self.surnames)
            for edit in edits:
                self._record(edit.i, self.tokens[edit.i].text, edit.new, edit.reason)
            if mention is not None:
                self.name_starts[mention.start] = mention
                self.name_tokens.update(range(mention.start, mention.end))
            else:
                self.unknown_names.append(span)
            if mention is not None and mention.swapped:
                self.swapped_genders.add(mention.gender)
                self.name_gender.update(dict.fromkeys(range(mention.start, mention.end),
                                                      mention.gender))
                self.name_ends[mention.end] = mention
                self.genitive_names[mention.start] = (mention.gender if mention.case == "Gen"
                                                      else None)
                self._swap_agreement(mention.start, mention.end, mention.case, mention.gender,
                                     f"agreement with {self.doc[span[0]:span[1]].text}")

    @rule("in-quoted-title")
    def _in_quoted_title(self, token: Token) -> bool:
        """Whether ``token`` is in a short quoted phrase with no verb that opens with a
        capital: the name of a team, firm or paper («Шахтар», "Урядовий кур'єр"), not a
        quoted sentence ("« З дружиною порадитися »")."""
        doc, i = self.tokens, token.i
        start = i
        while start > 0 and is_word(doc[start - 1]):
            start -= 1
        end = i + 1
        while end < len(doc) and is_word(doc[end]):
            end += 1
        return 0 < start and end < len(doc) and end - start <= _QUOTED_TITLE_WIDTH \
            and doc[start].text[:1].isupper() and doc[start - 1].text in _TITLE_OPENING_QUOTES \
            and doc[end].text in _CLOSING_QUOTES and not any(
                r.pos == "VERB" for k in range(start, end) for r in self._readings(doc[k]))

    @rule("reverent-pronoun")
    def _reverent_pronoun(self, token: Token) -> bool:
        """Whether ``token`` is a capitalised pronoun inside its sentence where the profile
        reads one as God's (``capitalized_pronoun_is_reverent``: "просити в Нього
        прощення")."""
        if not (self.lex.profile.capitalized_pronoun_is_reverent and token.is_title) \
                or sentence_initial(token):
            return False
        before = self.tokens[token.i - 1]  # (a word, or a comma: "на наше повернення, Він
        return is_word(before) or before.text in (",", ";")  # завжди готовий")

    @rule("surname-in-text")
    def _surname_in_text(self, token: Token) -> bool:
        """Whether ``token`` is capitalised inside its sentence (after a word) and also
        reads as a surname: the person's name, not the common noun it spells ("Тютюнник",
        "Олійник", "Кобзар")."""
        i = token.i
        return i > 0 and token.text[:1].isupper() and is_word(self.tokens[i - 1]) \
            and any(r.name_part == "surname" for r in self._readings(token))

    @rule("capitalised-being")
    def _capitalised_being(self, token: Token) -> bool:
        """Whether ``token`` is a capitalised form of a person noun the profile's
        ``capitalised_beings`` lists: the name of one being ("Бог", "Богові")."""
        beings = self.lex.profile.capitalised_beings
        return bool(beings) and token.text[:1].isupper() and any(
            r.lemma in beings for r in self._readings(token) if r.pos == "NOUN")

    def _unknown_name_genders(self) -> set[str]:
        """The genders the words agreeing with the kept names of unknown gender show
        ("Тюлень сказав": a he)."""
        return {gender for start, end in self.unknown_names
                if (gender := self._context_gender(start, end, "Nom")) in OTHER_GENDER}

    @rule("speaker")
    def _speaker(self, token: Token) -> bool:
        """Whether the pronoun at ``token`` is the nominative subject of a reporting verb
        (profile ``reporting_verbs``) right after it, adverbs between: someone who speaks is
        a person, swapped with the persons even where none of its gender is ("Вона сказала
        лікареві, що …"); not where an organisation or a thing of its gender that is a
        verb's subject comes before it, which reports too ("Компанія оголосила тендер. Вона
        повідомила")."""
        if not self.agreement._nominative_pronoun(token.i):
            return False
        k = self._past_adverbials(token.i + 1)
        if k >= len(self.tokens) or self.tokens[k].lower_ not in self.lex.profile.reporting_verbs:
            return False
        if any(i < token.i and label in self.lex.profile.organisation_labels
               for i, label in self.entity_label.items()):
            return False
        gender = self.pronoun_gender[token.lower_]
        return not any(thing < token.i and of == gender
                       for thing, of in self.binding._thing_subjects([token]))

    def _swap_pronoun(self, token: Token) -> None:
        for gender, counterparts in self.pronoun_counterparts.items():
            new = counterparts.get(token.lower_)
            if new is None or not self._wanted(gender):
                continue
            self._record(token.i, token.text, new, "pronoun")
            readings = self.lex.pronouns.readings(token.lower_)
            self._swap_emphatic(token, {r.case.capitalize() for r in readings}, gender)
            if any(r.case == "nom" for r in readings):
                self._swap_agreement(token.i, token.i + 1, "Nom", gender,
                                     f"agreement with {token.text}", modifiers=False)
                for other, reading in self._predicates_before(token.i, gender):
                    self._record_agreeing(other, reading, gender, f"agreement with {token.text}")
            elif any(r.case == "acc" for r in readings):
                # "визнав його винним" → "визнав її винною"
                for other, reading in self.predicates._object_predicate(
                        token.i, token.i + 1, gender, tail=False):
                    self._record_agreeing(other, reading, gender, f"agreement with {token.text}")
            return

    def _predicates_before(self, i: int, gender: str) -> list[tuple[Token, Reading]]:
        """The adjectives opening the clause of the subject pronoun at ``i``, right before it
        or before a comparison between commas, coordinated: what they say of it agrees
        ("Дурний він!" → "Дурна вона!", "Пряма і напружена, мов струна, вона" → "Прямий і
        напружений, мов струна, він")."""
        doc, k = self.tokens, i - 1
        if k > 0 and doc[k].text == ",":
            opening = next((j for j in range(k - 1, max(k - _STANDALONE_WIDTH, 0), -1)
                            if doc[j].text == ","), None)
            if opening is None or not any(r.pos in ("CCONJ", "PART")
                                          for r in self._readings(doc[opening + 1])):
                return []
            k = opening - 1  # ", мов струна,"
        found = []
        while k >= 0 and k not in self.edits_by_token:
            readings = self._readings(doc[k])
            match = next((r for r in readings if r.pos == "ADJ" and r.case == "Nom"
                          and r.gender == gender and r.number != "Plur"), None)
            if match is None or any(r.pos in ("VERB", "PRON") for r in readings):
                break
            found.append((doc[k], match))
            k -= 1
            if k > 0 and doc[k].lower_ in self.conjunctions:
                k -= 1  # "Пряма і напружена"
            else:
                break
        # (opening the sentence, or a clause after its punctuation, in lower case: not a
        # street's name after its abbreviation, "на вул. Лаврська вона купила")
        opens = k < 0 or (doc[k].text in _CLAUSE_OPENERS and (
            doc[k + 1].is_lower or doc[k].text in _SENTENCE_OPENERS))
        return found if found and opens else []

    def _swap_emphatic_before(self, verb: Token, gender: str, reason: str) -> None:
        """The emphatic "сам" (profile ``predicate_lemmas``) right before a swapped
        subjectless verb, adverbs between, stands for its subject and agrees: "бо сам був
        винен", "у що сам не вірив"."""
        k = verb.i - 1
        while k >= 0 and self.clauses._is_adverbial(self.tokens[k]):
            k -= 1  # "у що сам не вірив"
        if k < 0 or k in self.edits_by_token:
            return
        match = self.agreement._emphatic_of_subject(k, gender)
        if match is not None:
            self._record_agreeing(self.tokens[k], match, gender, reason)

    def _swap_emphatic(self, token: Token, cases: set[str], gender: str) -> None:
        """The emphatic "сам" (profile ``predicate_lemmas``) right after a swapped pronoun,
        in its case: "його самого вкинули" → "її саму" (accusative, as the verb governs)."""
        following = token.i + 1
        while following < len(self.tokens) and self.clauses._only_adverb(self.tokens[following]):
            following += 1  # "вона тут сама виросла"
        if following >= len(self.tokens):
            return
        matches = {r.case: r for r in self._readings(self.tokens[following])
                   if r.lemma in self.lex.profile.predicate_lemmas and r.gender == gender
                   and r.number == "Sing" and r.case in cases}
        # ungoverned, "його самого" is a noun's dependent ("портрет його самого") or else
        # mostly a fronted object ("його самого вкинули")
        fallback = ("Gen",) if self._after_common_noun(token.i) else ("Acc",)
        order = (*self._governed(token.i), *fallback, *CASE_ORDER)
        case = next((c for c in order if c in matches), None)
        if case is not None:
            self._record_agreeing(self.tokens[following], matches[case], gender,
                                  f"agreement with {token.text}")

    def _governed(self, i: int) -> tuple[str, ...]:
        """``governed_cases`` at token ``i``, worked out once per Doc (both tries of
        ``feminine_first`` read it, and a word is looked at several times)."""
        found = self.shared.governed_by_token.get(i)
        if found is None:
            found = self.shared.governed_by_token[i] = governed_cases(self.tokens, i, self.lex)
        return found

    def _person_noun(self, token: Token, *, check_next: bool = True, plural: bool = False
                     ) -> tuple[LexiconHit, Reading] | None:
        readings = self._readings(token)
        if check_next and token.i + 1 < len(self.tokens) and self._modifies_next(token):
            return None  # "черговий лікар", "військового патруля": a modifier, no person
        candidates = []
        for reading in readings:
            if reading.pos != "NOUN" or (reading.number == "Plur" and not plural):
                continue
            hit = self.lex.persons.lookup_readings((reading,))
            if hit is not None:
                candidates.append((hit, reading))
        if not candidates:
            candidates = self._adjectival_person_noun(token, readings, plural)
        if not candidates or self._modifier_names_a_thing(token, readings, candidates):
            return None
        if all(hit.entry.source == "morphology" for hit, _ in candidates) \
                and token.i not in self.job_entity and any(
                    r.pos == "NOUN" and not r.animate and r.lemma == hit.entry.lemma
                    for r in readings for hit, _ in candidates):
            return None  # a word only the analyser makes a person, that is also its thing
            # ("людський фактор", "компілятор", "за графіком"), unless tagged a job
        candidates = self._agreeing_with_modifier(token, candidates)
        # A person's accusative is animate ("директор" also reads as an inanimate accusative),
        # and an animate accusative is the genitive's form in the plural and the masculine:
        # "журналісти" is no accusative, "журналістів" is.
        genitive = {r.number for _, r in candidates if r.case == "Gen"}
        candidates = [(h, r) for h, r in candidates if r.case != "Acc" or (
            r.animate and (r.number in genitive
                           or (r.number != "Plur" and h.entry.gender != MASCULINE)))
        ] or candidates
        if token.i > 0 and self.tokens[token.i - 1].lower_ in self.numerals:
            # "дві депутатки": plural after a numeral, not the genitive singular
            candidates = [(h, r) for h, r in candidates if r.number == "Plur"] or candidates
        if not plural and token.i > 0 and counts_several(
                self.tokens[token.i - 1], singular_after_ones=True) \
                and any(r.pos == "NOUN" and r.number == "Plur" for r in readings):
            return None  # "залучено 38 чоловік": the genitive plural a figure counts
        if not plural and not any(r.case == "Nom" for _, r in candidates) \
                and self._plural_subject(token):
            return None  # "поки жінки там пораються", "Чи розуміли гості": the plural
            # subject, not the singular genitive or dative it also spells
        cases = self._governed(token.i)
        if _indeclinable(tuple(r for r in readings if r.pos == "NOUN")) and (
                context := self._name_case_after(token) or self._context_cases(token)
                or self._hyphen_partner_cases(token)):
            # An indeclinable noun ("замміністра", "пані") is in any case: the modifier
            # before it, a linking verb, the name after it or the noun hyphenated to it says
            # which ("перший замміністра" → "перша замміністерка", "з однією пані" → "з
            # одним паном", "гордість пані Даманської" → "гордість пана Даманського", "з
            # пані-товаришкою" → "з паном-товаришем").
            hit, reading = candidates[0]
            candidates = [(hit, reading._replace(case=case)) for case in context]
            cases = context
        if not cases and _indeclinable(readings) and self._after_common_noun(token.i) and not (
                token.i + 1 < len(self.tokens) and self.tokens[token.i + 1].is_title):
            # "у помешканні замдиректора": the noun's dependent (not "Відповідь пані
            # Даманська отримала", whose name shows the case)
            cases = ("Gen",)
        if token.i > 1 and self.clauses._prefix_hyphen(token.i - 1):
            # "робітника-нелегала": the second part of a compound takes the first's case
            before = self.tokens[token.i - 2]
            first = self._person_noun(before, check_next=False, plural=plural)
            if first is not None and not self._undeclined_first_part(before) \
                    and not _indeclinable(self._readings(before)):
                # (not after an indeclinable "пані-", which reads in every case)
                cases = (first[1].case, *cases)
        if plural and {r.number for _, r in candidates} == {"Sing", "Plur"} \
                and self._plural_subject(token, tagged=True):
            cases = ("Nom", *cases)  # "Раніше журналістки повідомляли": the plural subject
        for case in cases:
            for hit, reading in candidates:
                if reading.case == case:
                    return hit, reading
        if cases and not plural and any(r.pos == "NOUN" and r.number == "Plur"
                                        and r.case in cases for r in readings):
            return None  # "Мешканці обрали": the plural in the governed case, not the
            # dative singular of мешканка
        if any(r.case in cases and r.number == "Sing" and self._thing(r) for r in readings):
            return None  # "любить математику": the thing in the governed case, not the
            # dative of математик (a plural thing is no such reading: "заявив прем'єр")
        if not cases and (token.i == 0 or not is_word(self.tokens[token.i - 1])) \
                and not (token.i > 1 and self.clauses._prefix_hyphen(token.i - 1)) \
                and not (self.tokens[token.i - 1].text == "." and not self.clauses._ends_clause(
                    token.i - 1)):  # (an abbreviation's full stop: "в. о. начальниці")
            # nothing governs a noun after punctuation: the nominative ("…: гостя далеко не
            # безвільна", not the genitive of гість), a singular one (", депутатки
            # Одеської ради" with no plural verb is the genitive singular); a thing's
            # nominative before any person's oblique case ("Механіка не змінюється")
            if not any(r.case == "Nom" for _, r in candidates) and any(
                    r.case == "Nom" and r.number == "Sing" and self._thing(r)
                    for r in readings):
                return None
            return next(((h, r) for h, r in candidates if r.case == "Nom"
                         and r.number != "Plur"), None) or next(
                ((h, r) for h, r in candidates if r.number != "Plur"), None) or next(
                ((h, r) for h, r in candidates if r.case == "Nom"), candidates[0])
        if "Ins" not in cases:
            # an instrumental needs a governor (a linking verb, a preposition): "дав доступ
            # слідчим СБУ" is the dative plural, not the instrumental singular it spells
            others = [(h, r) for h, r in candidates if r.case != "Ins"]
            if cases and not others and not plural and any(
                    r.number == "Plur" and r.case == "Dat" for r in readings):
                return None  # (where something governs another case: "надав слідчим
                # доступ"; "видався знайомим" may be the predicate)
            candidates = others or candidates
        if not cases:
            # nothing says the plural: "слів священиці", "в. о. начальниці" are the
            # genitive singular, not the nominative plural the form also spells (a plural
            # subject has its verb: see above)
            candidates = [(h, r) for h, r in candidates if r.number != "Plur"] or candidates
        return candidates[0]

    @rule("plural-subject")
    def _plural_subject(self, token: Token, tagged: bool = False) -> bool:
        """Whether ``token`` reads as a plural nominative with a plural verb right before
        it or after it, adverbs between (or anything after it, when it opens its clause;
        past its genitive tail, when it is a ``tagged`` group): that verb's subject."""
        if not any(r.pos == "NOUN" and r.case == "Nom" and r.number == "Plur"
                   for r in self._readings(token)) or (
                token.i > 0 and self.tokens[token.i - 1].lower_
                in self.lex.profile.preposition_cases):
            return False  # ("у мами були зустрічі": the preposition's, no subject)
        before = token.i - 1
        while before >= 0 and (self.clauses._is_adverbial(self.tokens[before])
                               or self.clauses._only_adverb(self.tokens[before])):
            before -= 1  # ("Отак": a caseless pronoun to the analyser)
        if before >= 0 and self._plural_verb(self.tokens[before]):
            return True  # "Чи розуміли гості"
        end = token.i
        while end + 2 < len(self.tokens) and self.clauses._prefix_hyphen(end + 1):
            end += 2  # the compound's last part: "викладачки-методистки Олександр …"
        k = self._past_adverbials(end + 1)
        if tagged and len(self._coordinated_names(end + 1)) > 1:
            return True  # "режисерки Наталія … та Наталія …"
        if before < 0 or self.clauses._ends_clause(before) \
                or self.tokens[before].lower_ in self.lex.profile.complementizers:
            # (a clause "що" opens: "що операторки ринку не тільки виконали")
            # opening its clause (past adverbs: "Отак німці до Бога прийшли"), the first
            # finite verb of the clause tells ("Європейці вже зі стартових хвилин взяли гру";
            # for a tagged group also past an inserted phrase and a quoted name: "Тренерки,
            # зі свого боку, нагадали", "Експертки «Центру …» проаналізували")
            words = 0
            while k < len(self.tokens) and words < _STANDALONE_WIDTH and not any(
                    r.pos == "VERB" and r.verb_form == "Fin"
                    for r in self._readings(self.tokens[k])):
                group = self.clauses._group_end(k, 1) if tagged else None
                inserted = self.agreement._inserted_phrase(k, None) if tagged else None
                if group is not None:
                    k = group
                elif inserted is not None:
                    k = inserted[0]
                elif self.clauses._ends_clause(k):
                    break
                # (a tagged group's genitive tail does not count: "що інспекторки обласного
                # управління Держпраці з 6 до 12 червня 2018 року перевіряли")
                words += not (tagged and self._past_genitive_tail(k) > k)
                k += 1
        elif tagged:
            # a tagged group past its genitive tail: "У 2018 році депутати Хмельницької
            # міськради розглянули" (untagged, "Юрфірми дружини Беззубенка захищали" is the
            # firms' verb)
            k = self._past_genitive_tail(k)
        return k < len(self.tokens) and self._plural_verb(self.tokens[k])

    def _past_genitive_tail(self, k: int) -> int:
        """The first index from ``k`` past the genitive words and organisations that depend
        on the noun before it."""
        doc = self.tokens
        while k < len(doc) and (
                (doc[k].ent_type_ and doc[k].ent_type_ not in self.person_labels)
                or doc[k].text in "«»\"" or (is_word(doc[k]) and any(
                    r.case == "Gen" for r in self._readings(doc[k])))):
            k += 1
        return k

    def _plural_verb(self, token: Token) -> bool:
        readings = self._readings(token)
        return any(r.pos == "VERB" and r.verb_form == "Fin" and r.number == "Plur"
                   for r in readings) and not any(
            r.pos == "VERB" and r.number != "Plur" for r in readings)

    def _name_case_after(self, token: Token) -> tuple[str, ...]:
        """The case of the name right after ``token``, as the name swapper read it."""
        mention = self.name_starts.get(token.i + 1)
        return (mention.case,) if mention is not None and mention.case else ()

    @rule("untagged-thing")
    def _untagged_thing(self, token: Token, person: Reading) -> bool:
        """Whether a person noun that the entity recogniser left untagged, in a Doc where it
        tagged job titles, also reads as a thing and nothing before it makes it the person:
        "політику домінування" (policy), "в мандрівці", "відбулася прем'єра". An adjective
        agreeing with the person reading keeps it one ("мова новоявленого класика"). In any
        Doc, a locative after a preposition that also reads as a thing's is that thing
        ("при покупці")."""
        if person.case == "Loc" and token.i > 0 and "Loc" in self.lex.profile.preposition_cases.get(
                self.tokens[token.i - 1].lower_, ()) and any(
                    self._thing(r) and r.case == "Loc" for r in self._readings(token)):
            return True  # "при покупці", "на прем'єрі фільму": a thing or an event there
        if not self.tagged_jobs:
            return False
        if token.i > 0 and self._agreeing_reading(self.tokens[token.i - 1], _MODIFIER_POS,
                                                  person.gender, person.case) is not None:
            return False
        return self._reads_as_thing(token)

    @rule("thing-of-its-gender")
    def _thing_of_its_gender(self, token: Token, reading: Reading, gender: str) -> bool:
        """Whether a common-gender noun that also names a thing ("голова": a head) is that
        thing: untagged, agreeing in the thing's own gender and case, and with no genitive
        dependent or name after it that makes it a title ("за свою голову", not "голова
        правління" or "голова Петренко")."""
        if self.entity_label.get(token.i) is not None or not any(
                r.pos == "NOUN" and not r.animate and r.gender == gender
                and r.case == reading.case for r in self._readings(token)):
            return False
        following = token.i + 1
        return following >= len(self.tokens) or not (
            self.tokens[following].text[:1].isupper()
            or any(r.case == "Gen" for r in self._readings(self.tokens[following])))

    def _reads_as_thing(self, token: Token) -> bool:
        """Whether the word at ``token`` also reads as an inanimate noun that is no person."""
        return any(self._thing(r) for r in self._readings(token))

    def _thing(self, reading: Reading) -> bool:
        """Whether ``reading`` is an inanimate noun that is no person noun."""
        return reading.pos == "NOUN" and not reading.animate \
            and self.lex.persons.lookup_readings((reading,)) is None

    def _agreeing_with_modifier(self, token: Token, candidates: list) -> list:
        """The person readings of the noun at ``token`` that the adjective or pronoun before
        it agrees with, when any does: "любий дядьку" is vocative (not the dative дядьку),
        "чарівна красуня" is the woman красуня (not the genitive of красунь), "своїй
        господині" is dative. A personal pronoun modifies nothing ("із неї мати"), nor does a
        relative pronoun opening its clause, and a numeral governs rather than agrees
        ("двоє будівельників")."""
        if token.i == 0 or self.tokens[token.i - 1].lower_ in self.pronoun_gender \
                or self.clauses._relative_opening(token.i - 1):
            return candidates
        before = self._readings(self.tokens[token.i - 1])
        if not before or any(r.pos not in _AGREEING_MODIFIER_POS for r in before):
            return candidates
        agreeing = [(hit, reading) for hit, reading in candidates
                    if any(agrees(modifier, reading) for modifier in before)]
        return agreeing or candidates

    @rule("modifier-names-a-thing")
    def _modifier_names_a_thing(self, token: Token, readings, candidates) -> bool:
        """Whether the adjective before a noun agrees with a thing the word also reads as and
        with none of its person readings: "державницьку політику" (politics, not the dative
        of політик), "нову техніку"."""
        if token.i == 0:
            return False
        before = self._readings(self.tokens[token.i - 1])
        if not before or any(r.pos not in _MODIFIER_POS for r in before):
            return False

        def modified(noun: Reading) -> bool:
            return any(agrees(r, noun) for r in before)

        people = {(r.lemma, r.case, r.number, r.gender) for _, r in candidates}
        return not any(modified(r) for _, r in candidates) and any(
            r.pos == "NOUN" and modified(r) and (r.lemma, r.case, r.number, r.gender) not in people
            for r in readings)

    def _context_cases(self, token: Token) -> tuple[str, ...]:
        """The cases the words before a noun show: its modifier's (a person's, see
        ``animate_cases``), or the instrumental after a linking verb."""
        if token.i == 0:
            return ()
        before = self.tokens[token.i - 1]
        if self.clauses._is_linking_verb(token.i - 1):
            return ("Ins",)
        if before.lower_ in self.pronoun_gender:
            return ()  # "із неї мати": a personal pronoun modifies nothing
        cases = animate_cases([r for r in self._readings(before) if r.pos in _MODIFIER_POS
                               and r.number == "Sing" and r.gender in OTHER_GENDER])
        return tuple(c for c in CASE_ORDER if c in cases)

    def _hyphen_partner_cases(self, token: Token) -> tuple[str, ...]:
        """The cases of the person noun hyphenated right after ``token`` ("пані-товаришкою":
        the instrumental)."""
        k = token.i + 2
        if k >= len(self.tokens) or not self.clauses._prefix_hyphen(token.i + 1):
            return ()
        readings = self._readings(self.tokens[k])
        if _indeclinable(tuple(r for r in readings if r.pos == "NOUN")):
            return ()
        return tuple(c for c in CASE_ORDER if any(
            r.pos == "NOUN" and r.case == c and r.number == "Sing" for r in readings))

    @rule("after-common-noun")
    def _after_common_noun(self, i: int) -> bool:
        """Whether token ``i`` follows a word that reads only as a noun and is no person
        ("помешканні"), outside entities."""
        if i == 0:
            return False
        previous = self.tokens[i - 1]
        readings = self._readings(previous)
        return (is_word(previous) and not previous.ent_type_ and bool(readings)
                and all(r.pos == "NOUN" for r in readings)
                and not self.lex.persons.may_be_person_noun(previous.lower_))

    @rule("modifies-next")
    def _modifies_next(self, token: Token) -> bool:
        """Whether an adjectival person noun (черговий, військовий) is an adjective agreeing
        with the common noun after it, or the modifier of a person noun (past a closing
        quote: "«підозрюваним» рітейлерам")."""
        following = self.tokens[token.i + 1]
        if following.text in _CLOSING_QUOTES and token.i + 2 < len(self.tokens):
            following = self.tokens[token.i + 2]
        readings = self._readings(token)
        nouns = {r.lemma for r in readings if r.pos == "NOUN"}
        # the same lemma as a noun: "військовий" (not the possessive "князів" of князь)
        adjectives = [r for r in readings if r.pos == "ADJ" and r.lemma in nouns]
        if not adjectives:
            return following.is_lower and self._other_adjective_agrees(readings, following)
        if self._person_noun(following, check_next=False) is not None:
            return True
        if any(r.pos == "VERB" and r.gender in {a.gender for a in adjectives}
               for r in self._readings(following)):
            return False  # "дільничний привіз (brought) людей", not the noun "привіз"
        return following.is_lower and any(
            n.pos == "NOUN" and (n.case, n.number, n.gender) == (a.case, a.number, a.gender)
            for n in self._readings(following) for a in adjectives)

    @rule("other-adjective-agrees")
    def _other_adjective_agrees(self, readings, following: Token) -> bool:
        """Whether a word is a singular adjective of another lemma agreeing with the common
        noun after it, in a case none of its noun readings is in: "друга хвиля" (the
        ordinal, not the genitive of друг). A plural one is more often the dative noun
        before its object ("дає читачеві ключі", not the possessive читачеві)."""
        following_readings = self._readings(following)
        if any(r.pos in _FUNCTION_POS or r.pos == "VERB" for r in following_readings):
            return False  # "розповісти читачеві про": a preposition, no noun; "князів
            # став містом": the verb
        noun_forms = {(r.case, r.number) for r in readings if r.pos == "NOUN"}
        if any(n.pos == "NOUN" and (n.case, n.number, n.gender) == (a.case, a.number, a.gender)
               and (n.case, n.number) not in noun_forms
               for n in following_readings for a in readings
               if a.pos == "ADJ" and a.number == "Sing"):
            return True
        # one of a chain of plural adjectives ("в сині трикотажні штани": blue, not сину)
        return not any(r.pos == "NOUN" for r in following_readings) and any(
            n.pos == "ADJ" and (n.case, n.number) == (a.case, a.number)
            and (a.case, a.number) not in noun_forms
            for n in following_readings for a in readings
            if a.pos == "ADJ" and a.number == "Plur")

    def _wanted(self, gender: str) -> bool:
        return wanted(self.direction, gender) or gender == self.turning_couple

    def _swap_person(self, token: Token, hit: LexiconHit, reading: Reading,
                     counterpart: str | None = None) -> None:
        entry = hit.entry
        if self._is_possessor(token, reading) or self._names_a_thing(token, reading):
            return
        if entry.gender == COMMON and entry.source == "morphology" \
                and self._reads_as_thing(token):
            return  # a common-gender noun only the analyser knows, in a form that is also
            # a thing's: "даху" (the roof's, not даха's), "шкоди", "зірка"
        if entry.gender == COMMON or self._names_a_woman(token, hit, reading):
            gender = self._agreement_gender(token, reading)
            if gender and self._wanted(gender) and not (
                    entry.gender == COMMON and self._thing_of_its_gender(token, reading, gender)):
                self.swapped_genders.add(gender)
                self.singular_genders.add(gender)
                self._swap_agreement(token.i, token.i + 1, reading.case, gender,
                                     "agreement with common noun")
            return
        gender = _UD_GENDER.get(entry.gender)
        if gender is None or not self._wanted(gender):
            return
        if self._predicated_of_other(token, reading, gender):
            return  # "Гріпак є директором": a generic masculine; "Засновником є ТОВ"
        if self._named_after(token.i) not in (None, gender):
            return  # a generic masculine naming a woman ("віце-президента … Гонтарєвої"),
            # or a relative of the named one ("на лікування мами … Андрія")
        named = self._title_of(token, reading)
        if named is not None and named.gender != gender and (
                named.swapped or self.keep_generic):
            # "підприємця Валентину Козименко": a generic masculine naming a woman, who
            # becomes a man, or stays a woman with her title (keep_generic)
            self.kept_generic = self.kept_generic or not named.swapped
            return
        self._replace_person(token, entry, reading, gender, counterpart)

    @rule("names-a-thing")
    def _names_a_thing(self, token: Token, reading: Reading) -> bool:
        """The second part of a compound whose head is a thing of another gender in the
        same case ("фірма-переможець", "з компанією-забудовником"): no person. A head
        that does not decline is no such thing ("бізнес-партнером"), and a second part that
        also reads as an adjective agreeing with a thing before it is that adjective
        ("чарчину-другу"). So is a title said of
        an organisation: its predicate right after it ("визначило ТОВ «Київ-Інстал»
        переможцем") or its apposition after a dash ("ТОВ «Х» – найбільшого постачальника")."""
        if self._said_of_organisation(token, reading):
            return True
        if token.i < 2 or not self.clauses._prefix_hyphen(token.i - 1):
            return False
        head = self.tokens[token.i - 2]
        if self.lex.persons.may_be_person_noun(head.lower_) and self._person_noun(
                head, check_next=False) is not None:
            return False
        readings = self._readings(head)
        if _indeclinable(readings):
            return False  # "віце-спікера", "екс-мера": a prefix, not a noun
        if any(word.pos == "ADJ" and agrees(word, noun) for word in self._readings(token)
               for noun in readings if noun.pos == "NOUN" and not noun.animate):
            return True  # "перехилити чарчину-другу": a second one, no friend
        # (a thing's title is the generic masculine: a feminine one is a woman's, whatever
        # the first part's gender, "бізнес-партнерка")
        return reading.gender != "Fem" and any(
            r.pos == "NOUN" and r.case == reading.case and r.number == reading.number
            and r.gender not in (None, reading.gender) for r in readings)

    @rule("said-of-organisation")
    def _said_of_organisation(self, token: Token, reading: Reading) -> bool:
        """Whether the person noun at ``token`` is an organisation entity's instrumental
        predicate right after it, or its apposition after a dash (profile
        ``organisation_labels``)."""
        k = token.i - 1
        while k >= 0 and self._agreeing_reading(self.tokens[k], _MODIFIER_POS, None,
                                                reading.case) is not None:
            k -= 1  # "– найбільшого постачальника"
        dash = k >= 0 and self.tokens[k].text in _DASHES
        if dash:
            k -= 1
        elif reading.case != "Ins":
            return False
        if k < 0 or self.entity_label.get(k) not in self.lex.profile.organisation_labels \
                or (not dash and self.agreement._dependent_entity(k)):
            return False  # (not "У ТОВ «Х» директором є …")
        after = token.i + 1  # "– керівник якої": the organisation's person
        return after >= len(self.tokens) \
            or not self.clauses._is_relative_pronoun(self.tokens[after])

    @rule("names-a-woman")
    def _names_a_woman(self, token: Token, hit: LexiconHit, reading: Reading) -> bool:
        """A masculine title whose words agree in the feminine names a woman ("наукова
        керівник", "замовник з'ясувала"). Where women are swapped it stays, like a
        common-gender noun, and its words change; where they are not (``to_feminine``),
        it takes the feminine like any masculine title ("директор отримувала" →
        "директорка отримувала")."""
        if hit.entry.gender != MASCULINE or reading.gender != "Masc" or not self._wanted("Fem"):
            return False
        first = next(self.agreement._agreeing(token.i, token.i + 1, reading.case, None), None)
        if first is None or first[1].gender != "Fem":
            return False
        # a modifier, or a verb next to it: a verb further on may be another subject's
        other = first[0].i
        near = other - token.i <= _NEAR_VERB and not any(
            self.clauses._ends_clause(k) for k in range(token.i, other))
        return other < token.i or near

    @rule("undeclined-first-part")
    def _undeclined_first_part(self, token: Token) -> bool:
        """The first part of a hyphenated title that does not decline (profile
        ``hyphen_prefixes``): "прем'єр-міністра", "генерал-майором"."""
        i = token.i
        return (i + 2 < len(self.tokens) and self.clauses._prefix_hyphen(i + 1)
                and ascii_apostrophes(token.lower_) in self.lex.profile.hyphen_prefixes)

    def _swap_spouse(self, token: Token, hit: LexiconHit, reading: Reading) -> None:
        """A spouse noun (profile ``spouse_pairs``) changes with its partner: once a person
        of the other gender is swapped, the couple's genders both turn, whatever the
        direction ("Дружина депутата Юрія" → "Чоловік депутатки Ольги", "не задекларував
        бізнес дружини" → "не задекларувала бізнес чоловіка"). Otherwise it is a person
        noun like any other ("Донька президента" rules included). Its counterpart is the
        other spouse (чоловік ↔ дружина), so a second swap brings the first word back."""
        gender = _UD_GENDER.get(hit.entry.gender)
        if gender is not None and OTHER_GENDER[gender] in self.swapped_genders:
            if reading.number != "Plur" and token.i not in self.edits_by_token:
                # (the spouse turns whatever the direction, and what it predicates with it:
                # "… Ірина Плевнік є співзасновницею" → "… Петро Плевнік є співзасновником")
                self.turning_couple = gender
                try:
                    self._turn_spouse(token, hit, reading, gender)
                finally:
                    self.turning_couple = None
        elif not self._before_the_target(token, hit, reading):
            # "її чоловік": possessed, the noun is the husband, and its counterpart the wife
            # ("її дружина"), not the generic "жінка" of "чоловік" alone
            spouse = self.spouses.get(hit.entry.lemma) if self._possessed(token) else None
            self._swap_person(token, hit, reading, counterpart=spouse)

    @rule("possessed")
    def _possessed(self, token: Token) -> bool:
        """Whether a possessive determiner (profile ``possessive_determiners``) stands right
        before the noun."""
        return token.i > 0 and any(
            r.lemma in self.lex.profile.possessive_determiners
            for r in self._readings(self.tokens[token.i - 1]))

    def _turn_spouse(self, token: Token, hit: LexiconHit, reading: Reading, gender: str
                     ) -> None:
        """Turn the spouse noun at ``token`` and the names that are the spouse's."""
        self._replace_person(token, hit.entry, reading, gender,
                             self.spouses[hit.entry.lemma])
        self._swap_spouse_name(token.i + 1, gender)
        after = self._past_partner(token.i + 1, gender)
        if after > token.i + 1 and after + 1 < len(self.tokens) \
                and self.tokens[after].text in _APPOSITION_MARKS \
                and getattr(self.name_starts.get(after + 1), "gender", None) == gender:
            after += 1  # the spouse's name apposed after the partner: "бізнес-партнер
            # дружини Святаша, Лариси"
        mention = self.name_starts.get(after)
        if after > token.i + 1 and mention is not None and mention.case == reading.case:
            # the spouse's own name past the partner's genitive: "Жінка посадовця
            # Ірина Плевнік є співзасновницею" → "Чоловік посадовиці Петро … є
            # співзасновником"; "Дружина народного депутата від Опозиційного блока Юрія
            # Мірошниченка Софія" → "Чоловік … Ольги Мірошниченко Максим"
            self._swap_spouse_name(after, gender, agreement=True)
        if token.i > 1 and self.tokens[token.i - 1].text in _APPOSITION_MARKS:
            # the name it is apposed to: "входила Лілія Близнюк, дружина
            # губернатора" → "входив Василь Близнюк, чоловік губернаторки"
            apposed = next((m for m in self.name_starts.values()
                            if m.end == token.i - 1), None)
            if apposed is not None:
                self._swap_spouse_name(apposed.start, gender, agreement=True)

    def _past_partner(self, k: int, spouse_gender: str | None = None) -> int:
        """The index past the partner's genitive phrase starting at ``k``: past its genitive
        person nouns and names, or, where words come between ("народного депутата від
        Опозиційного блока Юрія Мірошниченка"), past the first name of the phrase, a
        genitive one or one whose gender is unknown ("дружина Журавко Анжела"); ``k``
        when no partner's name ends the phrase. A name of the spouse's own gender
        (``spouse_gender``) is no partner's: the index is that name's, the spouse's
        ("дружини міністра молоді та спорту Ірини Сафіулліної")."""
        start = k
        while k < len(self.tokens):
            mention = self.name_starts.get(k)
            if mention is not None and mention.case == "Gen" and mention.gender != spouse_gender:
                k = mention.end
            elif k in self.person_nouns and self.person_nouns[k][1] == "Gen":
                k += 1
            else:
                break
        if k > start and (k >= len(self.tokens) or not self.tokens[k].is_alpha
                          or k in self.name_starts):
            return k
        unknown = dict(self.unknown_names)
        for j in range(start, min(len(self.tokens), start + _NAME_WIDTH + 1)):
            if not is_word(self.tokens[j]):
                break
            mention = self.name_starts.get(j)
            if mention is not None and mention.gender == spouse_gender:
                return j if j > start else start
            if mention is not None:
                return mention.end if mention.case == "Gen" else start
            if j in unknown:
                return unknown[j]
        return start

    def _swap_spouse_name(self, start: int, gender: str, agreement: bool = False) -> None:
        """The kept name right after a turned spouse noun turns with it: "дружина Наталія"
        → "чоловік Дмитро", not "чоловік Наталія"; with ``agreement``, the words agreeing
        with the name turn too (the name the spouse noun is apposed to)."""
        mention = self.name_starts.get(start)
        if self.names is None or mention is None or mention.swapped or mention.gender != gender:
            return
        edits, _ = self.names.swap(self.doc, (mention.start, mention.end), self.rng,
                                   self.chosen_names, lambda _gender: True,
                                   self._context_gender)
        for edit in edits:
            self._record(edit.i, self.tokens[edit.i].text, edit.new, edit.reason)
        if agreement and edits:
            reason = f"agreement with {self.doc[mention.start:mention.end].text}"
            self._swap_agreement(mention.start, mention.end, mention.case, gender, reason)
            if mention.end < len(self.tokens) and self.clauses._is_linking_verb(mention.end):
                # what the present linking verb after it predicates ("Ірина Плевнік є
                # співзасновницею" → "Петро Плевнік є співзасновником"): no verb form shows
                # the gender, so the walk above stops at it
                for other, other_reading in self.predicates._predicate(mention.end + 1, gender):
                    self._record_agreeing(other, other_reading, gender, reason)

    def _replace_person(self, token: Token, entry: PersonEntry, reading: Reading,
                        gender: str, counterpart: str | None = None) -> None:
        """Swap the person noun at ``token`` for ``counterpart`` (by default its first one
        in the lexicon), with its agreement."""
        if counterpart is None and not entry.counterparts:
            self._record(token.i, token.text, None, f"no counterpart of '{entry.lemma}'")
            self.kept_genders.add(gender)  # ("пастир … на його думку": his pronouns stay)
            return
        self.swapped_genders.add(gender)
        if reading.number != "Plur":
            self.singular_genders.add(gender)
        counterpart = counterpart or self._declining_counterpart(entry, reading)
        numeral = self._numeral_before(token, reading, gender)
        form_reading = reading._replace(case=numeral[1]) if numeral and numeral[1] else reading
        new = self._counterpart_form(counterpart, form_reading) \
            or self._adjectival_form(token, gender, form_reading.case)
        self._record(token.i, token.text, new,
                     f"{entry.lemma} -> {counterpart}" if new else
                     f"no {reading.case} form of '{counterpart}'")
        if new and numeral:
            self._record(token.i - 1, self.tokens[token.i - 1].text, numeral[0],
                         f"numeral agreement with {entry.lemma}")
        if new:
            self._swap_compound_partner(token, entry, reading, gender)
        if reading.number != "Plur":  # plural modifiers and verbs have no gender
            if new:
                self.person_nouns[token.i] = (gender, reading.case)
            self._swap_agreement(token.i, token.i + 1, reading.case, gender,
                                 f"agreement with {entry.lemma}")
            if new and reading.case == "Ins":
                self._swap_relative_subject(token, gender, f"agreement with {entry.lemma}")

    def _swap_compound_partner(self, token: Token, entry: PersonEntry, reading: Reading,
                               gender: str) -> None:
        """The person noun hyphenated before a swapped one, in its gender, number and case,
        is the same person and swaps too, though the entity may leave it out
        ("героїв-хліборобів" → "героїнь-хліборобок"); not the first part of a title the
        lexicon lists whole ("прем'єр-міністр": its counterpart is the whole's)."""
        k = token.i - 2
        if k < 0 or not self.clauses._prefix_hyphen(k + 1) or k in self.edits_by_token \
                or not self.lex.persons.may_be_person_noun(self.tokens[k].lower_) \
                or f"{self.tokens[k].lower_}-{entry.lemma}" in self.lex.persons:
            return
        for partner in self._readings(self.tokens[k]):
            if partner.pos != "NOUN" or (partner.case, partner.number) != (
                    reading.case, reading.number):
                continue
            hit = self.lex.persons.lookup_readings((partner,))
            if hit is None or _UD_GENDER.get(hit.entry.gender) != gender \
                    or not hit.entry.counterparts:
                continue
            counterpart = self._declining_counterpart(hit.entry, partner)
            new = self._counterpart_form(counterpart, partner)
            if new:
                self._record(k, self.tokens[k].text, new, f"{hit.entry.lemma} -> {counterpart}")
            return

    @rule("relative-subject")
    def _relative_subject(self, token: Token) -> int | None:
        """The index of the relative pronoun opening a clause right before the linking verb
        of which the instrumental title at ``token`` (past its modifiers) is predicated:
        ", який є депутатом"; else None."""
        k = token.i - 1
        while k > 0 and self._agreeing_reading(self.tokens[k], _MODIFIER_POS, None, "Ins"):
            k -= 1
        if k < 2 or not self.clauses._is_linking_verb(k) \
                or self.clauses._relative_pronoun_at(k - 1) is None \
                or not self.clauses._is_relative_pronoun(self.tokens[k - 1]):
            return None
        return k - 1

    @rule("organisation-subject")
    def _organisation_subject(self, token: Token, reading: Reading) -> bool:
        """Whether the instrumental title at ``token`` is predicated by the linking verb
        after it (past a relative clause on the title) of a quoted name or an organisation:
        "її єдиним конкурентом найчастіше був «Діамантбанк»", "єдиним підрядником, який
        відповідає вимогам, було «Датагруп»"."""
        if reading.case != "Ins":
            return False
        k = self._past_adverbials(token.i + 1)
        if k + 1 < len(self.tokens) and self.tokens[k].text == "," \
                and self.clauses._is_relative_pronoun(self.tokens[k + 1]):
            # past a relative clause on the title: "єдиним підрядником, який відповідає
            # вимогам митників, було «Датагруп»"
            k += 2
            while k < len(self.tokens) and not self.clauses._ends_sentence(k) \
                    and not self.clauses._is_linking_verb(k):
                k += 1
        if k >= len(self.tokens) or not self.clauses._is_linking_verb(k):
            return False
        subject = self._past_adverbials(k + 1)
        if subject >= len(self.tokens):
            return False
        after = self.tokens[subject]
        return after.text in ("«", "„", "\"") or bool(
            after.ent_type_ and after.ent_type_ not in self.person_labels
            and after.ent_type_ not in self.job_labels)

    def _names_organisation(self, k: int) -> bool:
        """Whether token ``k`` ends the name of an organisation or place: a closing quote
        ("ТОВ «Запорізький ДБК»") or an entity that is no person's."""
        if k < 0:
            return False
        token = self.tokens[k]
        return token.text in ("»", "”", "\"") or bool(
            token.ent_type_ and token.ent_type_ not in self.person_labels)

    def _swap_relative_subject(self, token: Token, gender: str, reason: str) -> None:
        """A relative pronoun and the linking verb of which the swapped instrumental title
        at ``token`` is predicated swap with it: ", який є депутатом" → ", яка є
        депутаткою", ", котрий був директором" → ", котра була директоркою" (one person)."""
        at = self._relative_subject(token)
        if at is None or at in self.edits_by_token:
            return
        relative = self.tokens[at]
        for other, pos in ((relative, ("ADJ", "PRON")), (self.tokens[at + 1], ("VERB",))):
            # (the linking verb as a verb: "була" is also the adjective булий's)
            match = self._agreeing_reading(other, pos, gender,
                                           "Nom" if other.i == relative.i else None)
            if match is not None:
                self._record_agreeing(other, match, gender, reason)

    @rule("numeral-before")
    def _numeral_before(self, token: Token, reading: Reading, gender: str
                        ) -> tuple[str, str | None] | None:
        """The numeral right before a plural person noun of ``gender`` in its other-gender
        form, with the case the noun then takes (None: its own): "двоє будівельників" →
        ("дві", "Nom"), "дві депутатки" → ("два", None). Profile ``numeral_pairs``."""
        if reading.number != "Plur" or token.i == 0:
            return None
        word = self.tokens[token.i - 1].lower_
        for masculine, feminine, case in self.lex.profile.numeral_pairs:
            if gender == "Masc" and word == masculine and (case is None or reading.case == "Gen"):
                return feminine, case
            if gender == "Fem" and word == feminine and case is None:
                return masculine, None
        return None

    @rule("predicated-of-other")
    def _predicated_of_other(self, token: Token, reading: Reading, gender: str) -> bool:
        """Whether a title in the instrumental is predicated, through a linking verb, of
        something that is no person of its gender and keeps it: a woman who becomes a man
        ("Гріпак є директором", "працювала заготівельником": a generic masculine; where
        she stays a woman, the title becomes feminine), or an organisation ("Засновником
        ТОВ «Х» є компанія «Y»", "Ця фірма була співзасновником"). A plural title is a
        group's: the people among the coordinated subjects decide ("Засновниками є ТОВ
        «Володар», Микола Мітрахов і Сергій Єрмолаєв" → "Засновницями є ТОВ «Володар»,
        Марія Мітрахова і …"), else any organisation keeps it."""
        if reading.case != "Ins":
            return False
        start = token.i
        while start > 0 and self._agreeing_reading(self.tokens[start - 1], _MODIFIER_POS,
                                                   None, "Ins") is not None:
            start -= 1  # "працювала першим заступником"
        found = self.clauses._linking_verb(start, token.i + 1)
        if found is None:
            return False
        verb, step = found
        plural = reading.number == "Plur"
        genders = {r.gender for r in self._readings(self.tokens[verb])
                   if r.pos == "VERB" and r.gender is not None}
        if genders and not plural and gender in genders:
            return False  # "працював директором"
        subject = self.clauses._subject_from(verb + step, step)
        subjects = [subject] if subject is not None else []
        if plural and step == 1 and subjects:
            subjects += self._conjuncts(subjects[0])
            people = [k for k in subjects if self.entity_label.get(k) in self.person_labels
                      or k in self.name_gender]
            subjects = people or subjects  # the people among organisations decide
        if any(self._other_referent(k, gender) for k in subjects):
            return True
        if self.keep_generic and not plural and gender == "Masc" and step < 0 and (
                "Fem" in genders or any(self._kept_woman(k) for k in subjects)):
            # "Таїсія Гріпак є директором", "працювала заготівельником": the generic
            # masculine predicated of her after she is named, kept in feminine_first's
            # first try (see swap_edits); a title put first is the sentence's topic and
            # takes her gender ("Директором є Олена" → "Директоркою є Олена")
            self.kept_generic = True
            return True
        # "працювала заготівельником" (she becomes a man), "було ТОВ" (neuter); only the
        # masculine is generic: "керівницею був" is a man's title to swap back
        return bool(genders) and not plural and gender == "Masc" and (
            "Fem" not in genders or self._wanted("Fem"))

    @rule("gender-of-named")
    def _gender_of_named(self, token: Token, hit: LexiconHit, reading: Reading) -> str | None:
        """The gender of the swapped name that the singular person noun at ``token`` names
        too, when they share it: in apposition after a comma or dash and in its case
        ("Інна Кривопішина, син екс-директорки", "Тетяна Ворошилова – чоловік
        підприємиці"), after its genitive possessor in its own case ("Батько голови ОДА
        Анатолій Кузьменко"), or predicated of it by a linking verb before ("Ганна Крупко є
        сином екс-міністра")."""
        gender = _UD_GENDER.get(hit.entry.gender)
        if reading.number == "Plur" or not hit.entry.counterparts or gender is None:
            return None
        after = self._name_past_possessor(token.i, reading.case)
        if after is not None:
            return gender if after.gender == gender else None
        k = token.i - 1
        while k > 0 and self._agreeing_reading(self.tokens[k], _MODIFIER_POS, None,
                                               reading.case) is not None:
            k -= 1  # "Світлана Супруненко, колишній зять"
        if k < 1:
            return None
        if self.tokens[k].text in _APPOSITION_MARKS:
            name = self.name_ends.get(k)
            return gender if name is not None and name.case == reading.case and (
                name.gender == gender) else None
        if reading.case == "Ins" and self.clauses._is_linking_verb(k) and not any(
                r.gender for r in self._readings(self.tokens[k]) if r.pos == "VERB"):
            # (a past-tense verb shows the subject's gender, and its walk predicates)
            subject = self.clauses._subject_from(k - 1, -1)
            if subject is not None and self.name_gender.get(subject) == gender:
                return gender
        return None

    @rule("title-of")
    def _title_of(self, token: Token, reading: Reading) -> NameMention | None:
        """The name, swapped or kept, that the singular person noun at ``token`` is the
        title of: right after it in its case ("етнограф Лілія Мусіхіна")."""
        name = self.name_starts.get(token.i + 1)
        return name if name is not None and reading.number != "Plur" and (
            name.case == reading.case) else None

    @rule("name-past-possessor")
    def _name_past_possessor(self, i: int, case: str | None) -> NameMention | None:
        """A swapped name in ``case`` (not the genitive) right after the genitive phrase that
        follows the person noun at ``i``: the name is that person's, not the possessor's
        ("Батько голови ОДА Анатолій Кузьменко", "Брат Вячеслава Супруненка Олександр")."""
        doc = self.tokens
        if case in (None, "Gen") or i + 1 >= len(doc):
            return None
        k, end = i + 1, min(i + 1 + _NAME_WIDTH, len(doc))
        while k < end:
            name = self.name_starts.get(k)
            if name is not None and k == i + 1 and name.case == "Gen":
                k = name.end  # the possessor's name: "Брат Вячеслава Супруненка Олександр"
                continue
            if name is not None:  # (right after it, the noun's own: "Брат Олександр")
                return name if k > i + 1 and name.swapped and name.case == case else None
            if not (doc[k].ent_type_ and doc[k].ent_type_ not in self.person_labels) and not (
                    is_word(doc[k]) and any(r.case == "Gen" for r in self._readings(doc[k]))):
                return None
            k += 1
        return None

    @rule("plural-conjunct")
    def _plural_conjunct(self, token: Token) -> tuple[LexiconHit, Reading] | None:
        """A plural person noun coordinated with a swapped plural one before it, in its
        case, is part of the same group: "військовослужбовців та працівників ЗС" →
        "військовослужбовиць та працівниць ЗС"."""
        k = token.i - 1
        if k < 1 or self.tokens[k].lower_ not in self.conjunctions:
            return None
        before = self.edits_by_token.get(k - 1)
        if before is None or not before.new:
            return None
        found = self._person_noun(token, plural=True)
        partner = self._person_noun(self.tokens[k - 1], check_next=False, plural=True)
        if found is None or partner is None or found[1].number != "Plur" \
                or partner[1].number != "Plur" or found[1].case != partner[1].case:
            return None
        return found

    @rule("predicated-of-people")
    def _predicated_of_people(self, token: Token) -> tuple[LexiconHit, Reading] | None:
        """A plural title predicated through a linking verb of coordinated people is theirs,
        as an annotated group's is: "Власниками фірми є киянин Павло Брицький і Петро
        Брицький" → "Власницями …"."""
        found = self._person_noun(token, plural=True)
        if found is None or found[1].number != "Plur" or found[1].case != "Ins":
            return None
        linking = self.clauses._linking_verb(token.i, token.i + 1)
        if linking is None or linking[1] != 1:
            return None
        first = self.clauses._subject_from(linking[0] + 1, 1)
        if first is None:
            return None
        subjects = [first, *self._conjuncts(first)]
        return found if all(self._is_person(k) for k in subjects) else None

    def _coordinated_names(self, k: int) -> list[NameMention]:
        """The names coordinated from token ``k`` on, joined by conjunctions or commas:
        "Олександр Власенко і Людмила Найденова"."""
        doc, mentions = self.tokens, []
        while (mention := self.name_starts.get(k)) is not None:
            mentions.append(mention)
            k = mention.end
            if k + 1 >= len(doc) or not (doc[k].lower_ in self.conjunctions or doc[k].text == ","):
                break
            k += 1
        return mentions

    @rule("group-of-names")
    def _group_of_names(self, token: Token) -> tuple[PersonEntry, Reading, str] | None:
        """A plural person noun right before coordinated names in its case is their group
        ("кияни Олександр Власенко і Людмила Найденова", "братів Вячеслава та Олександра"):
        when the swap leaves them all of the other gender, it takes that gender (entry,
        reading and its own gender, to replace it by). A mixed group keeps the masculine."""
        mentions = self._coordinated_names(token.i + 1)
        if len(mentions) < 2 or not any(m.swapped for m in mentions):
            return None
        after = _genders_after_swap(mentions)
        cases = {m.case for m in mentions}
        if len(after) != 1 or len(cases) != 1 or not self.lex.persons.may_be_person_noun(
                token.lower_):
            return None
        for reading in self._readings(token):
            if reading.pos == "NOUN" and reading.number == "Plur" and reading.case in cases:
                hit = self.lex.persons.lookup_readings((reading,))
                gender = _UD_GENDER.get(hit.entry.gender) if hit is not None else None
                if gender is not None and OTHER_GENDER[gender] in after:
                    return hit.entry, reading, gender
        return None

    def _is_person(self, k: int) -> bool:
        """Whether the subject at token ``k`` is a person: a name, or a person noun."""
        if self.entity_label.get(k) in self.person_labels or k in self.name_gender:
            return True
        token = self.tokens[k]
        return self.lex.persons.may_be_person_noun(token.lower_) and self._person_noun(
            token, check_next=False) is not None

    def _conjuncts(self, first: int) -> list[int]:
        """The subjects coordinated with the one at ``first``: "Шуляк і ТОВ «Володар»",
        "Власенко, Найденова та Петров". The list ends at the first word that is neither
        a conjunction nor part of a name ("з Києва", "за даними ЗМІ")."""
        doc, found, k = self.tokens, [], first + 1
        while k < len(doc):
            group_end = self.clauses._group_end(k, 1)
            if group_end is not None:
                k = group_end + 1
            elif doc[k].lower_ in self.conjunctions or doc[k].text == ",":
                subject = self.clauses._subject_from(k + 1, 1)
                if subject is None:
                    break
                found.append(subject)
                k = subject + 1
            elif doc[k].is_title or doc[k].is_upper or doc[k].ent_type_:
                k += 1  # the rest of a name: "Олександр Власенко", "ТОВ «Х»"
            else:
                break
        return found

    @rule("kept-woman")
    def _kept_woman(self, k: int) -> bool:
        """Whether token ``k`` is in a woman's name that the direction keeps."""
        return any(m.start <= k < m.end and m.gender == "Fem" and not m.swapped
                   for m in self.name_starts.values())

    @rule("other-referent")
    def _other_referent(self, k: int, gender: str) -> bool:
        """Whether the subject at token ``k`` keeps a title of ``gender`` predicated of it:
        an organisation or place (entity or inanimate noun), or a woman who becomes a man
        (swapped name, or person noun) for a masculine title, the generic one."""
        label = self.entity_label.get(k)
        if label in self.person_labels:
            return gender == "Masc" and self.name_gender.get(k, gender) != gender
        if label is not None and label not in self.job_labels:
            return True
        token = self.tokens[k]
        found = self._person_noun(token, check_next=False, plural=True) \
            if self.lex.persons.may_be_person_noun(token.lower_) else None
        if found is not None:
            other = _UD_GENDER.get(found[0].entry.gender)
            return gender == "Masc" and other == "Fem" and self._wanted(other)
        if k in self.name_gender:
            return gender == "Masc" and self.name_gender[k] != gender
        readings = self._readings(token)
        nominative = [r for r in readings if r.pos == "NOUN" and r.case == "Nom"
                      and not r.animate]
        if nominative and all(r.gender == "Fem" and r.number == "Sing" for r in nominative) \
                and self._wanted(gender) and self._names_organisation_after(k):
            return False  # a title agrees with the feminine noun the organisation's name
            # follows, as current usage has it: "Засновницею є компанія «Х»" (and turns
            # back to the generic masculine: a second swap restores the first)
        # (not a short lower-case abbreviation: "у 2006-2007 рр був")
        return (token.is_upper or len(token) > 3) and bool(nominative) \
            and not any(r.pos == "PROPN" or r.animate for r in readings)

    @rule("names-organisation-after")
    def _names_organisation_after(self, k: int) -> bool:
        """Whether the noun at ``k`` is followed by the organisation's name: a quoted one
        or an organisation entity ("компанія «Ітонс Холдинг»", "компанія Kittep Ltd")."""
        after = k + 1
        return after < len(self.tokens) and (
            self.tokens[after].text in _OPENING_QUOTES
            or self.entity_label.get(after) in self.lex.profile.organisation_labels)

    def _predicated_person(self, token: Token, hit: LexiconHit, reading: Reading,
                           gender: str) -> None:
        # "був депутатом" → "була депутаткою": the title of the subject's gender changes
        if token.i not in self.edits_by_token and _UD_GENDER.get(hit.entry.gender) == gender:
            self.titles.add(token.i)
            self._swap_person(token, hit, reading)

    def _adjectival_person_noun(self, token: Token, readings: tuple[Reading, ...],
                                plural: bool) -> list[tuple[LexiconHit, Reading]]:
        """A job title that declines like an adjective (the lexicon's ``adjectival_title``:
        дільничний, дільнична) in a form the dictionary reads only as the adjective
        ("дільнична", "дільничну"): its adjective readings as the noun's, animate, so that
        the swap back finds the person too."""
        found = []
        for reading in readings:
            if self.lex.persons.adjectival_title(reading) is None or (
                    reading.number == "Plur" and not plural) or self._elliptical(token, reading):
                continue
            noun = reading._replace(pos="NOUN", animate=True)
            hit = self.lex.persons.lookup_readings((noun,))
            if hit is not None:
                found.append((hit, noun))
        return found

    @rule("elliptical")
    def _elliptical(self, token: Token, adjective: Reading) -> bool:
        """Whether the adjective at ``token`` may modify a noun left out, one of its
        gender, number and case earlier in the sentence naming a thing ("від подружньої
        присяги до військової": the military oath)."""
        k = token.i - 1
        while k >= 0 and not self.clauses._ends_sentence(k):
            if any(r.pos == "NOUN" and not r.animate and agrees(adjective, r)
                   for r in self._readings(self.tokens[k])):
                return True
            k -= 1
        return False

    def _declining_counterpart(self, entry: PersonEntry, reading: Reading) -> str:
        """The entry's first counterpart, but for a plural the first one that declines: a
        group of "бізнесменів" are "бізнесменок", not the indeclinable "бізнесвумен"."""
        if reading.number == "Plur" and len(entry.counterparts) > 1:
            for counterpart in entry.counterparts:
                form = self._counterpart_form(counterpart, reading)
                if form and form != counterpart:
                    return counterpart
        return entry.counterparts[0]

    def _adjectival_form(self, token: Token, gender: str, case: str | None) -> str | None:
        """A noun that declines like an adjective (слідчий, черговий) changes as one, in the
        noun's case: "слідчому" → "слідчій", "обійняв дільничного" → "дільничну" (the
        accusative, not the genitive the form also spells); its plural stays as it is."""
        match = self._agreeing_reading(token, ("ADJ",), gender, case)
        if match is None and not any(r.pos == "ADJ" and r.number == "Plur" and r.case == case
                                     for r in self._readings(token)):
            match = self._agreeing_reading(token, ("ADJ",), gender, None)
        if match is None:
            if any(r.pos == "ADJ" and r.number == "Plur" and r.case == case
                   for r in self._readings(token)):
                return token.lower_  # a plural has no gender: "слідчі", "учених" stay
            return None
        return self.analyzer.inflect(token.lower_, match, gender=OTHER_GENDER[gender])

    def _counterpart_form(self, lemma: str, reading: Reading) -> str | None:
        if reading.case in (None, "Nom") and reading.number != "Plur":
            # The lemma is the nominative singular (and some uk lemmas lack the case tag).
            return lemma
        prefix, head = "", lemma
        if not self.analyzer.is_known(lemma):
            # "замміністерка": the analyser knows the head only; inflect it behind the prefix
            prefix, head = self.lex.persons.compound_parts(lemma) or (prefix, head)
        # Singular is the lemma's number (the uk dictionaries do not mark it).
        number = {"number": "Plur"} if reading.number == "Plur" else {}
        bases = [r for r in self.analyzer.analyze(head) if r.pos == "NOUN" and r.lemma == head]
        # a person is animate: "сестра" also reads as an inanimate noun with no plural
        for base in sorted(bases, key=lambda r: not r.animate):
            form = self.analyzer.inflect(head, base, case=reading.case or "Nom", **number)
            if form:
                return prefix + form
        return None

    def _in_job(self, i: int) -> bool:
        return self.entity_label.get(i) in self.job_labels

    @rule("is-possessor")
    def _is_possessor(self, token: Token, reading: Reading) -> bool:
        """A person noun that depends on another: a genitive right after one ("Син
        директора" keeps директора); in a job entity, any person noun after the title's
        head ("заступник міністра", "вчитель математики") unless coordinated with it
        ("засновник і директор"), and the head itself right after a relative turned with its
        name."""
        if token.i == 0 or self._named_after(token.i) is not None \
                or self._address_of_title(token, reading):
            return False
        if self._in_job(token.i):
            entity = self.job_entity[token.i]
            if reading.case == "Gen" and self._before_prefix(entity.start) in self.titles \
                    and not self._name_follows(token.i):
                # the unnamed title of a relative's relative: "Тарас Палій, син
                # екс-начальника" turns the son with his name, and his father stays (never
                # "донька екс-начальниці")
                return True
            previous = self.tokens[token.i - 1]
            if previous.lower_ in self.conjunctions or previous.text == "," or (
                    self.clauses._prefix_hyphen(token.i - 1)):
                return False  # "засновник і директор", "робітника-нелегала"
            return any(self._person_noun(self.tokens[j], plural=True) is not None
                       and not self._undeclined_first_part(self.tokens[j])
                       for j in range(entity.start, token.i))
        before = self._before_prefix(token.i)
        return reading.case == "Gen" and before >= 0 and self._person_noun(
            self.tokens[before]) is not None

    @rule("name-follows")
    def _name_follows(self, i: int) -> bool:
        """Whether a name, swapped or kept, follows the person noun at ``i`` within a few
        words, past organisations ("заступника директора ФПГ «Альтком» Михайла
        Ковальова")."""
        doc, words, k = self.tokens, 0, i + 1
        while k < len(doc):
            if k in self.name_starts:
                return True
            quoted = self.clauses._group_end(k, 1)
            if quoted is not None:
                k = quoted + 1  # "від партії «УДАР» Андрія Путілова"
                continue
            if self.clauses._ends_clause(k) or words >= _NAME_WIDTH:
                return False
            if is_word(doc[k]) and not doc[k].ent_type_:
                words += 1
            k += 1
        return False

    def _before_prefix(self, i: int) -> int:
        """The index before the word at ``i`` and its hyphenated prefix ("син
        екс-начальника": the prefix stands between)."""
        return i - 3 if i > 2 and self.clauses._prefix_hyphen(i - 1) else i - 1

    @rule("before-the-target")
    def _before_the_target(self, token: Token, hit: LexiconHit, reading: Reading) -> bool:
        """Whether a person noun outside entities is the relative of the one after it, a
        job title or a swapped genitive name ("Донька президента", "брат Михайла"), unless
        it is a title in apposition to that name ("віце-спікера Ігоря"); also the relative of
        a genitive title whose swapped name follows ("Батько директора фірми Петра
        Кузьменка"), also past the title's form of address ("сина пана директора")."""
        if self._address_of_title(token, reading) or (
                token.lower_ in self.lex.honorifics and token.i + 1 in self.name_starts):
            return False  # ("пана Івана": the form of address of the name, in apposition)
        after = token.i + 1
        if after < len(self.tokens) and self.tokens[after].lower_ in self.lex.honorifics:
            after += 1
        return self._in_job(after) or bool(
            self.genitive_names.get(token.i + 1) and not self._title_of_name(hit, reading)
        ) or self._named_possessor(token.i + 1)

    @rule("address-of-title")
    def _address_of_title(self, token: Token, reading: Reading) -> bool:
        """Whether a form of address stands before a job title in its case: it is the
        title's apposition ("пан доктор", "пана директора"), swapped with it."""
        following = token.i + 1
        return token.lower_ in self.lex.honorifics and self._in_job(following) and any(
            r.case == reading.case for r in self._readings(self.tokens[following]))

    @rule("named-possessor")
    def _named_possessor(self, i: int) -> bool:
        """Whether token ``i`` is a genitive person noun whose swapped name follows."""
        doc = self.tokens
        if i >= len(doc) or not is_word(doc[i]) \
                or not self.lex.persons.may_be_person_noun(doc[i].lower_):
            return False
        found = self._person_noun(doc[i])
        return found is not None and found[1].case == "Gen" and self._named_after(i) is not None

    @rule("title-of-name")
    def _title_of_name(self, hit: LexiconHit, reading: Reading) -> bool:
        """A person noun in the genitive before a genitive name is its apposition ("віце-спікера
        Ігоря", "киянина Андрія", "класика Льва Толстого": a noun only the analyser knows),
        but for a relation (profile kind ``relation``) or a spouse, the name's relative
        ("брата Михайла", "її чоловіка Євгена")."""
        return hit.entry.kind != "relation" and hit.entry.lemma not in self.spouses \
            and reading.case == "Gen"

    @rule("named-after")
    def _named_after(self, i: int) -> str | None:
        """The gender of a swapped genitive name that follows the person noun at ``i``
        within its phrase ("помічником депутата від Партії регіонів Миколи Джиги"): the
        possessor is then that person and changes with the name."""
        doc = self.tokens
        if not self.genitive_names:
            return None
        for k in range(i + 1, min(i + 1 + _NAME_WIDTH, len(doc))):
            if self.genitive_names.get(k):
                return self.genitive_names[k]
            if self.clauses._ends_clause(k) or (
                    is_word(doc[k]) and self.lex.persons.may_be_person_noun(doc[k].lower_)
                    and self._person_noun(doc[k]) is not None):
                return None
        return None

    def _agreement_gender(self, token: Token, reading: Reading) -> str | None:
        return self._context_gender(token.i, token.i + 1, reading.case)

    def _context_gender(self, start: int, end: int, case: str | None, *,
                        relative: bool = False) -> str | None:
        """The gender of the first word agreeing with the person at [start, end), else,
        with ``relative``, of the relative pronoun after it ("Валерія Нечитайло, який
        балотувався": Валерій's genitive)."""
        first = next(self.agreement._agreeing(start, end, case, None), None)
        if first is not None or not relative:
            return first[1].gender if first else None
        return next((gender for gender in OTHER_GENDER
                     if next(self.agreement._relative_clause(end, gender), None) is not None), None)

    def _swap_agreement(self, start: int, end: int, case: str | None, gender: str, reason: str,
                        *, modifiers: bool = True) -> None:
        first = start
        for other, other_reading in self.agreement._agreeing(start, end, case, gender,
                                                   modifiers=modifiers):
            new = self.analyzer.inflect(other.lower_, other_reading, gender=OTHER_GENDER[gender])
            if new and other_reading.pos == "VERB":
                self.subject_genders.add(gender)
            self._record(other.i, other.text, new,
                         reason if new else f"{reason}: no {OTHER_GENDER[gender]} form")
            if new:
                self._hyphen_partner(other, other_reading, gender, reason)
            if new and other.i < start:
                first = min(first, other.i)
        if case == "Nom" and modifiers and not self._apposed_to_name(first) \
                and not self._clause_has_verb(start):
            # a nominative person with no verb in its clause is a subject whose verb stands
            # past a comma ("чиновник у салоні …, на автопарковці … отримав"): the verbs no
            # other word can be the subject of are its (_subjectless_verbs); one apposed to
            # a name ("Іван Петренко, директор фірми,") is not the subject, the name is
            self.subject_genders.add(gender)

    def _clause_has_verb(self, i: int) -> bool:
        """Whether the clause of token ``i`` has a finite verb other than a linking one
        ("поки доктор вовтузиться", not "Масалітін є директором …, а також працював")."""
        linking = self.lex.profile.linking_verbs
        return any(not self.clauses._noun_not_verb(k) and any(
            r.pos == "VERB" and r.verb_form == "Fin" and r.lemma not in linking
            for r in self._readings(self.tokens[k])) for k in self.agreement._clause_tokens(i))

    @rule("apposed-to-name")
    def _apposed_to_name(self, first: int) -> bool:
        """Whether the phrase starting at token ``first`` follows a name and a comma or dash."""
        return first > 1 and self.tokens[first - 1].text in _APPOSITION_MARKS \
            and self.tokens[first - 2].ent_type_ in self.person_labels

    def _record_agreeing(self, token: Token, reading: Reading, gender: str,
                         reason: str) -> str | None:
        """Record ``token`` (read as ``reading``) in the other gender; return the new form."""
        new = self.analyzer.inflect(token.lower_, reading, gender=OTHER_GENDER[gender])
        self._record(token.i, token.text, new, reason)
        if new:
            self._hyphen_partner(token, reading, gender, reason)
        return new

    def _hyphen_partner(self, token: Token, reading: Reading, gender: str, reason: str) -> None:
        """The words hyphenated to an agreeing word that changed agree too when they read
        in its gender and case: "сам-один" → "сама-одна", "доброю-доброю" → "добрим-добрим"."""
        k = token.i + 2
        while k < len(self.tokens) and self.clauses._prefix_hyphen(k - 1) \
                and k not in self.edits_by_token:
            partner = self.tokens[k]
            match = self._agreeing_reading(partner, _MODIFIER_POS, gender, reading.case)
            new = match and self.analyzer.inflect(partner.lower_, match,
                                                  gender=OTHER_GENDER[gender])
            if not new:
                return
            self._record(k, partner.text, new, reason)
            k += 2  # "довгий-довгий-довжелезний"

    def _swap_euphony(self) -> None:
        """A particle right after a swapped word takes the form its new last letter asks
        for: "Цей же" → "Ця ж", "він же" → "вона ж", "був уже" → "була вже" (profile
        ``emphatic_particles`` and ``euphonic_particles``)."""
        for i, edit in list(self.edits_by_token.items()):
            following = i + 1
            if not edit.new or following >= len(self.tokens) \
                    or not self.tokens[i].whitespace_ or following in self.edits_by_token:
                continue
            particle = self.tokens[following]
            pair = self.euphonic_particles.get(particle.lower_)
            if pair is not None:
                form = pair[1] if edit.new[-1:].lower() in self.lex.profile.vowels else pair[0]
                self._record(following, particle.text, form, "euphony")

    def _record(self, i: int, old: str, new: str | None, reason: str) -> None:
        if new is not None and new == old.lower():
            return  # nothing changes: no edit, and a one-way swap that finds only these
            # finds nothing
        if i not in self.edits_by_token:
            self.edits_by_token[i] = Edit(i, old, new, reason)
