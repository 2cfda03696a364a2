"""The data types of a language profile: its rows and the ``LanguageProfile`` itself.

Plain frozen data; ``lang.reader`` builds them from a profile's files.
"""

import re
from dataclasses import dataclass, field

from .formation import FeminineFormation

PRONOUN_GROUPS = ("she/her", "he/him", "they/them")
PRONOUN_TYPES = ("personal", "possessive", "reflexive")
CASES = ("nom", "acc", "dat", "gen", "ins", "loc", "-")
NUMBERS = ("sing", "plur")
KINDS = ("noun", "relation", "job")
# The roles of generic_masculine.tsv rows (lexicon/generic_masculine.py says what each does).
GENERIC_MASCULINE_ROLES = ("humanity", "humanity-bare", "male", "quantifier", "indefinite",
                           "generic-adjective", "pronoun", "feminine-pronoun",
                           "masculine-head", "feminine-head")
CODINGS = ("masculine", "feminine")
ROLES = ("subject", "object", "indirect_object", "passive_subject", "agent")
GENDERS = ("masculine", "feminine")
# What swaps a Doc with no dependency parse where the parse-based steps would guess too much
# (``bare_fallback``): the clause walk of Ukrainian (swap/walk/).
BARE_FALLBACKS = ("clause_walk",)
SWAP_TYPES = ("personal", "possessive", "independent", "reflexive", "clitic", "*")
# Dependency labels (UD, TIGER, ClearNLP) of the words that agree with the noun they hang on.
DEFAULT_AGREEMENT_DEPS = ("det", "det:poss", "amod", "acl", "nk", "predet")


class ProfileError(ValueError):
    """A language data file is malformed. The message names the file and line."""


@dataclass(frozen=True)
class PronounRow:
    form: str
    group: str
    type: str
    case: str
    number: str


@dataclass(frozen=True)
class PersonNounRow:
    masculine: tuple[str, ...]
    feminine: tuple[str, ...]
    neutral: tuple[str, ...]
    kind: str


@dataclass(frozen=True)
class InflectionRule:
    pattern: re.Pattern
    replacement: str
    number: str | None  # "Plur" / "Sing" when the rule always produces that number


@dataclass(frozen=True)
class PronounSwapRow:
    """A third-person pronoun form and its counterpart, for swapping (``pronoun_swaps.tsv``)."""

    masculine: str
    feminine: str
    type: str  # personal | possessive | independent | reflexive | clitic | *
    case: str  # nom | acc | dat | gen | - (any)
    number: str  # sing | plur: the pronoun's (a possessive's: the possessor's) number


@dataclass(frozen=True)
class HonorificPair:
    """A title before a name and its counterpart (``honorific_pairs.tsv``)."""

    masculine: str
    feminine: str
    case: str  # nom | acc | dat | gen | - (any)


@dataclass(frozen=True)
class NounFormRule:
    """How a person-noun lemma makes one inflected form (``noun_paradigms.tsv``)."""

    gender: str  # masculine | feminine | *
    number: str  # Sing | Plur
    cases: frozenset[str]  # UD cases in lower case; empty = every case
    pattern: re.Pattern
    replacement: str


@dataclass(frozen=True)
class AgreementRow:
    """A determiner (whole word) or adjective ending and its counterpart (``agreement.tsv``)."""

    masculine: str  # without the leading "-" of an ending
    feminine: str
    ending: bool
    case: str  # nom | acc | dat | gen | - (any)
    number: str  # Sing | Plur
    declension: str  # a word row: the declension it gives the adjectives after it; an
    #                  ending row: the declension it belongs to ("none": no determiner); "-"


@dataclass(frozen=True)
class InclusivePattern:
    label: str
    pattern: re.Pattern


@dataclass(frozen=True)
class LanguageProfile:
    """Everything spacy_genderfair knows about one language, as data."""

    code: str
    name: str
    path: str
    person_labels: tuple[str, ...]
    job_labels: tuple[str, ...]
    organisation_labels: tuple[str, ...]
    # the entity labels of dates, times and periods (a phrase governed by nothing)
    time_labels: frozenset[str]
    # neuter personal pronouns ("воно"), whose oblique forms a language may share with the
    # masculine (його, йому, ним): those after one may stand for it
    neuter_pronouns: frozenset[str]
    surname_derivation: tuple[tuple[str, str], ...]
    # (masculine endings, feminine endings) of one declension of gendered surnames, each
    # in the case order Nom, Gen, Dat, Acc, Ins, Loc (Азаров, Азарова, Азарову …): for
    # surnames the analyser does not know
    surname_declensions: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]
    patronymic_derivation: tuple[tuple[str, str], ...]
    # endings of surnames that decline alike for both genders (Джига, Джиги)
    common_surname_endings: tuple[str, ...]
    # endings of surnames a woman shares undeclined, though a derivation pair matches them
    # (Гнатишин: not Гнатишина)
    invariable_surname_endings: tuple[str, ...]
    # words after which a clause-initial adjective is a subject of its own ("Один із них")
    standalone_followers: frozenset[str]
    relative_pronouns: frozenset[str]
    # relative words that do not inflect ("що"): only a verb right after them agrees
    uninflected_relatives: frozenset[str]
    # conjunctions that join verbs sharing a subject besides pair_conjunctions ("але", "а")
    verb_conjunctions: frozenset[str]
    # infinitives of linking verbs, through which a predicate adjective agrees with the
    # subject ("побажав залишитися неназваним")
    link_infinitives: frozenset[str]
    # (lemmas) verbs whose complement is an infinitive: a noun/infinitive homograph right
    # after one is the infinitive ("мусить мати", "не може мати")
    modal_verbs: frozenset[str]
    # lemmas a predicate word is read as when it has several of the same form ("сама" said
    # of the subject is сам's, not самий's)
    predicate_lemmas: frozenset[str]
    # lemmas of verbs whose instrumental noun describes their subject ("є директором",
    # "працювала заступником"): a title there is the subject's
    linking_verbs: frozenset[str]
    # lemmas of verbs whose instrumental adjective or noun describes their object ("визнав
    # інженера винним", "обрали Петра депутатом")
    object_predicate_verbs: frozenset[str]
    # (masculine, feminine) nouns for a spouse, which change with their partner
    # ("чоловік", "дружина")
    spouse_pairs: tuple[tuple[str, str], ...]
    # lemmas of the possessive determiners ("її", "мій", "свій"): a noun of both readings after
    # one is the kinship noun ("її чоловік": her husband, whose counterpart is "дружина")
    possessive_determiners: frozenset[str]
    # lemmas of the personal pronouns ("я", "він", "себе"): their oblique forms are a verb's
    # objects, which may stand before it ("і мене залишила")
    personal_pronoun_lemmas: frozenset[str]
    # first parts of hyphenated titles that do not decline ("прем'єр-міністра"), ASCII
    # apostrophe
    hyphen_prefixes: frozenset[str]
    # adverbs and particles the morphological analyser lacks or misreads ("ще", "уже")
    particles: frozenset[str]
    # numerals ("один") that, before a genitive preposition and a plural person noun, pick
    # one of a group: the group takes the gender of the one ("одна із засновниць")
    partitive_numerals: frozenset[str]
    # conjunctions opening an adverbial clause ("коли", "хоча"): one inserted between commas
    # right after a subject leaves the subject's verb after it
    adverbial_conjunctions: frozenset[str]
    # person nouns that, capitalised, name one being and stay ("Бог": God; "бог" is a god)
    capitalised_beings: frozenset[str]
    # words that make the name after them an institution's eponym ("університету імені
    # Тараса Шевченка"), which stays when no entities say whose name it is
    eponym_markers: frozenset[str]
    # whether a capitalised third-person pronoun inside a sentence stands for God (Ukrainian
    # "просити в Нього прощення") and stays
    capitalized_pronoun_is_reverent: bool
    # emphatic particles between a modifier and its noun ("Цей же Черніков"), each as its
    # (after a consonant, after a vowel) forms, and the letters that are vowels
    emphatic_particles: tuple[tuple[str, str], ...]
    # other particles whose form follows the last letter of the word before them, as
    # (after a consonant, after a vowel) forms: after any swapped word ("Він уже" → "Вона вже")
    euphonic_particles: tuple[tuple[str, str], ...]
    vowels: str
    # numerals that change with the gender of the plural person noun after them:
    # (masculine, feminine, the case the noun takes after the feminine or None for its own)
    numeral_pairs: tuple[tuple[str, str, str | None], ...]
    preposition_cases: dict[str, tuple[str, ...]]
    name_resolver: str
    name_countries: tuple[str, ...]
    morph_analyzer: str | None
    np_head: str
    inflection: tuple[InflectionRule, ...]
    derivation: tuple[tuple[str, str], ...]
    # clipped stems of compound person nouns: "фін" + "інспектор" (Ukrainian)
    compound_prefixes: tuple[str, ...]
    pair_conjunctions: frozenset[str]
    inclusive_patterns: tuple[InclusivePattern, ...]
    capitalized_pronoun_is_formal: bool
    prepositional_cases: frozenset[str]
    nouns_capitalized: bool
    pronoun_homographs: frozenset[str]
    pronouns: tuple[PronounRow, ...]
    person_nouns: tuple[PersonNounRow, ...]
    common_nouns: tuple[str, ...]
    forms: tuple[tuple[str, str, str | None], ...]  # (form, lemma, UD number or None)
    coded_words: tuple[tuple[str, str], ...]
    coded_exceptions: frozenset[str]
    honorifics: tuple[tuple[str, str], ...]
    name_homographs: frozenset[str] = field(default_factory=frozenset)
    # (nominative ending, genitive ending) of first names the analyser may also list as
    # indeclinable (Ukrainian "Марко"): their declining lexeme is read through the genitive
    first_name_genitives: tuple[tuple[str, str], ...] = ()
    # (noun ending, possessive adjective ending) pairs, most specific first: the possessive
    # adjectives of person nouns (Ukrainian "батько" → "батьків", "жінка" → "жінчин"); a
    # noun that forms its own is a pair of whole words ("мати" → "материн")
    possessive_adjectives: tuple[tuple[str, str], ...] = ()
    # words of no verb that take an infinitive in a clause of no subject (треба, можна,
    # варто, важко): a noun/infinitive homograph after one in its clause is the infinitive
    impersonal_predicates: frozenset[str] = field(default_factory=frozenset)
    # whether a listed first name that is also a word, capitalised inside a sentence, is the
    # name (Ukrainian; not English, which capitalises months and days: "in June")
    capital_inside_sentence_is_name: bool = False
    # verb forms that follow a third-person singular subject (was, met, said): a homograph
    # before one is its subject, a name ("John met Mary"), not an imperative ("Mark the date")
    finite_verbs: frozenset[str] = field(default_factory=frozenset)
    # articles, demonstratives, possessives: never a first name ("The developer" as PERSON)
    determiners: frozenset[str] = field(default_factory=frozenset)
    # occupations and roles that name a person without marking gender ("developer"):
    # person mentions of actor_linker(generic_nouns=True), never gender evidence
    role_nouns: frozenset[str] = field(default_factory=frozenset)
    # subjects that own a possessive of no person's gender (German "man … seine Rechte")
    indefinite_subjects: frozenset[str] = field(default_factory=frozenset)
    # Actors, roles, quotes (issue 3 components)
    dependency_roles: dict[str, str] = field(default_factory=dict)
    quote_marks: tuple[tuple[str, str], ...] = ()
    dialogue_dash: bool = False
    reporting_verbs: frozenset[str] = field(default_factory=frozenset)
    complementizers: frozenset[str] = field(default_factory=frozenset)
    attribution_phrases: tuple[str, ...] = ()
    sentiment_scorer: str | None = None
    genitive_governors: frozenset[str] = field(default_factory=frozenset)
    pronoun_pairs: tuple[tuple[str, str], ...] = ()
    default_model: str | None = None
    # Gender swapping from tables, for languages without an analyser (swap/steps/)
    pronoun_swaps: tuple[PronounSwapRow, ...] = ()
    honorific_pairs: tuple[HonorificPair, ...] = ()
    noun_paradigms: tuple[NounFormRule, ...] = ()
    agreement: tuple[AgreementRow, ...] = ()
    agreement_deps: frozenset[str] = frozenset(DEFAULT_AGREEMENT_DEPS)
    common_nouns_decline: bool = False
    # whether a plural person noun turns ("лікарі" → "лікарки"); where not (Ukrainian, as
    # NER-UK's swapped corpus does), a group of people stays as it is
    swap_plurals: bool = True
    # where plural person nouns stay (swap_plurals false), whether those that name one sex
    # turn all the same, having no generic reading: every feminine plural ("вчительки" names
    # women only) and the masculine lemmas of sex_marked_nouns.txt ("чоловіки", "сини")
    swap_sex_marked_plurals: bool = True
    sex_marked_nouns: frozenset[str] = field(default_factory=frozenset)
    # whether a third-person pronoun may stand for a thing (a language whose nouns of things
    # have the persons' genders: "вона" of a purchase, "er" of a holiday); with a parse, one
    # whose nearest subject before it is such a thing stays
    pronouns_of_things: bool = False
    # whether, with a parse, a person noun in the genitive attached to another person noun
    # (its possessor: "Син директора") stays while that one turns (Ukrainian, as NER-UK's
    # swapped corpus does: "Донька директора"), or turns too
    possessors_stay: bool = False
    # whether the language's taggers may tag a person noun PROPN (the English models: "the
    # Queen"); where not (Ukrainian, tagged as UD uk_iu is), a proper noun is a name and no
    # person noun ("«Шахтар»", a club)
    propn_person_nouns: bool = True
    # What swaps a Doc without a dependency parse (swap/__init__.py): None, the parse-based
    # steps with their fallbacks (English, German, Portuguese), or "clause_walk", the
    # Ukrainian clause walk (swap/walk/) for a bare tokenizer
    bare_fallback: str | None = None
    # Whether a swap reads a Doc's dependency parse by default (gender_swapper's
    # ``read_parse``): false where the bare path measures better than the parse-based steps
    # on a predicted parse (Ukrainian: the clause walk; docs/benchmarks.md)
    read_parse: bool = True
    # A registered analyser of nouns only (German: german_nouns.v1): number, case and genus
    # of a noun form, and the person-noun pairs of a dictionary, for gender_lexicon. Unlike
    # ``morph_analyzer`` it takes no part in swapping.
    noun_analyzer: str | None = None
    # Nouns that the noun analyser pairs but that name no person (Hund/Hündin): lemmas and
    # compound heads, lower-cased (non_person_nouns.txt)
    non_person_nouns: frozenset[str] = field(default_factory=frozenset)
    # The feminine each masculine ending forms, learned from a dictionary's attested pairs
    # (feminine_formation.tsv; lang/formation.py): a masculine person noun the
    # analyser knows without a feminine gets the feminine of its ending's rule, a *derived*
    # pair (Ukrainian: мірошник → мірошниця); None: only attested pairs
    feminine_formation: FeminineFormation | None = None
    # the pronoun sets a person states for themself (stated_pronouns.tsv: "they/them" ->
    # its group) and the words that mark such a statement ("pronouns" -> "marker")
    stated_pronouns: dict[str, str] = field(default_factory=dict)
    # what makes a masculine form generic (generic_masculine.tsv: word -> one of
    # GENERIC_MASCULINE_ROLES; lexicon/generic_masculine.py); empty: every masculine plural
    # person noun with a counterpart is generic (German "die Lehrer")
    generic_masculine: dict[str, str] = field(default_factory=dict)
    # words that open a comparison ("мов струна"): its noun is no pronoun's antecedent
    comparison_words: frozenset[str] = field(default_factory=frozenset)
    # conjunctions of purpose ("щоб"): a linking infinitive right after one has no subject of
    # its own, and its predicate agrees with the sentence's ("щоб бути корисним")
    purpose_conjunctions: frozenset[str] = field(default_factory=frozenset)
    # nouns (lemmas) of time: in the genitive after a modifier of theirs they are a time
    # adverbial that governs nothing ("Наступного дня дипломата прийняла": its object)
    time_nouns: frozenset[str] = field(default_factory=frozenset)
    # person nouns (lemmas) that name a side of a conflict where no one's ("ворог": the
    # enemy army), no person
    side_nouns: frozenset[str] = field(default_factory=frozenset)
    # words that define a party by the role after them in a contract ("надалі — Орендар")
    definition_words: frozenset[str] = field(default_factory=frozenset)
    # nouns (lemmas) of places and institutions after which a name, past initials and title
    # words, is their name, in any form ("вулиці Чорновола", "церкві святого Миколая")
    eponym_nouns: frozenset[str] = field(default_factory=frozenset)
    # nouns (lemmas) of the bodies and days named after an office or a role: a person noun
    # in the genitive right after one is part of that name ("Адміністрації президента",
    # "Дня журналіста")
    institution_nouns: frozenset[str] = field(default_factory=frozenset)
    # the first- and second-person singular pronouns in the nominative ("я", "ти"): no gender
    # of their own, but the past tenses agreeing with them show the speaker's or addressee's
    speaker_pronouns: frozenset[str] = field(default_factory=frozenset)
    # the lemmas of the second-person pronouns and possessives ("ти", "ви", "твій", "ваш"):
    # a sentence with one speaks to someone, and a name set off by commas in it is an address
    addressee_pronouns: frozenset[str] = field(default_factory=frozenset)
    # (noun ending, verb ending) pairs that make a verbal noun of a verb ("отримання" of
    # "отримати": -ння, -ти): a genitive pronoun before a transitive verb's noun is what
    # the verb acts on ("з дня його отримання"), no agent
    verbal_noun_endings: tuple[tuple[str, str], ...] = ()
    # whether the lexicon makes derived pairs from ``feminine_formation`` (off: attested
    # pairs only; the learned rules still pick which attested feminine a masculine takes)
    derived_pairs: bool = False
    # determiner form -> its (case, number, gender) readings, UD values, gender None in the
    # plural (determiner_readings.tsv): what a noun after it can be ("die Lehrer": plural)
    determiner_readings: dict[str, tuple[tuple[str, str, str | None], ...]] = field(
        default_factory=dict)

    def plural_turns(self, lemma: str, feminine: bool) -> bool:
        """Whether a plural of the person noun ``lemma`` turns outside a job entity: every
        plural where ``swap_plurals``, else one that names one sex (``swap_sex_marked_plurals``:
        a feminine, or a lemma of ``sex_marked_nouns``)."""
        return self.swap_plurals or (self.swap_sex_marked_plurals
                                     and (feminine or lemma in self.sex_marked_nouns))
