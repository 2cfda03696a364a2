"""Reading a profile's files (formats in ``lang/README.md``) into a ``LanguageProfile``.

Every error names the file and line (``ProfileError``).
"""

import json
import re
from pathlib import Path

from . import swap_tables
from .formation import FORMATION_COLUMNS, FeminineFormation, FormationRule
from .profile import (
    BARE_FALLBACKS,
    CASES,
    CODINGS,
    DEFAULT_AGREEMENT_DEPS,
    GENERIC_MASCULINE_ROLES,
    KINDS,
    NUMBERS,
    PRONOUN_GROUPS,
    PRONOUN_TYPES,
    ROLES,
    InclusivePattern,
    InflectionRule,
    LanguageProfile,
    PersonNounRow,
    ProfileError,
    PronounRow,
)

# The contexts and actions of swap_exceptions.tsv: (context, action) -> (the profile field
# the row fills, whether its word is a pair "a/b"). Each is a closed grammatical class that
# has one or two members in a language (lang/README.md says what the swap does with each).
SWAP_EXCEPTIONS = {
    ("emphatic-pronoun", "agree-with-subject"): ("predicate_lemmas", False),
    ("uninflected-relative", "verb-after-agrees"): ("uninflected_relatives", False),
    ("neuter-pronoun", "masculine-forms-after-may-be-its"): ("neuter_pronouns", False),
    ("partitive-numeral", "group-takes-gender"): ("partitive_numerals", False),
    ("capitalised-being", "no-person"): ("capitalised_beings", False),
    ("emphatic-particle", "form-by-last-letter"): ("emphatic_particles", True),
    ("euphonic-particle", "form-by-last-letter"): ("euphonic_particles", True),
    ("spouse", "turns-with-partner"): ("spouse_pairs", True),
}
SWAP_EXCEPTIONS_PAIRS = dict(SWAP_EXCEPTIONS.values())
# A profile that names no first-name resolver: gender-guesser's (spacy_genderfair.names).
DEFAULT_NAME_RESOLVER = "spacy_genderfair.gender_guesser_resolver.v1"


class ProfileReader:
    """Reads the files of a profile folder. ``texts`` may supply a file's content directly
    (a user lexicon restored by ``from_disk``); with ``texts_only``, they are the whole profile
    and the file system is not looked at (a profile stored with a pipeline)."""

    def __init__(self, folder: Path, texts: dict[str, str] | None = None,
                 texts_only: bool = False) -> None:
        self.folder = folder
        self.texts = texts or {}
        self.texts_only = texts_only

    def read(self) -> LanguageProfile:
        settings = self.settings()
        exceptions = self._swap_exceptions()
        return LanguageProfile(
            code=settings["code"],
            name=settings.get("name", settings["code"]),
            path=str(self.folder),
            person_labels=tuple(settings.get("person_labels", ["PERSON", "PER", "PERS"])),
            job_labels=tuple(settings.get("job_labels", ["JOB"])),
            organisation_labels=tuple(settings.get("organisation_labels", ["ORG"])),
            time_labels=frozenset(settings.get("time_labels", ["DATE", "TIME", "PERIOD"])),
            neuter_pronouns=exceptions["neuter_pronouns"],
            surname_derivation=tuple(tuple(p) for p in settings.get("surname_derivation", [])),
            surname_declensions=tuple((tuple(masc), tuple(fem)) for masc, fem
                                      in settings.get("surname_declensions", [])),
            patronymic_derivation=tuple(
                tuple(p) for p in settings.get("patronymic_derivation", [])),
            common_surname_endings=tuple(settings.get("common_surname_endings", [])),
            first_name_genitives=tuple(tuple(pair) for pair in settings.get(
                "first_name_genitives", [])),
            possessive_adjectives=tuple(tuple(pair) for pair in settings.get(
                "possessive_adjectives", [])),
            invariable_surname_endings=tuple(settings.get("invariable_surname_endings", [])),
            standalone_followers=frozenset(settings.get("standalone_followers", [])),
            relative_pronouns=frozenset(settings.get("relative_pronouns", [])),
            uninflected_relatives=exceptions["uninflected_relatives"],
            verb_conjunctions=frozenset(settings.get("verb_conjunctions", [])),
            particles=frozenset(settings.get("particles", [])),
            partitive_numerals=exceptions["partitive_numerals"],
            adverbial_conjunctions=frozenset(settings.get("adverbial_conjunctions", [])),
            capitalised_beings=exceptions["capitalised_beings"],
            eponym_markers=frozenset(settings.get("eponym_markers", [])),
            capitalized_pronoun_is_reverent=bool(
                settings.get("capitalized_pronoun_is_reverent")),
            emphatic_particles=exceptions["emphatic_particles"],
            euphonic_particles=exceptions["euphonic_particles"],
            vowels=settings.get("vowels", ""),
            numeral_pairs=tuple(tuple(row) for row in settings.get("numeral_pairs", [])),
            link_infinitives=frozenset(settings.get("link_infinitives", [])),
            modal_verbs=frozenset(settings.get("modal_verbs", [])),
            impersonal_predicates=frozenset(settings.get("impersonal_predicates", [])),
            predicate_lemmas=exceptions["predicate_lemmas"],
            linking_verbs=frozenset(settings.get("linking_verbs", [])),
            object_predicate_verbs=frozenset(settings.get("object_predicate_verbs", [])),
            spouse_pairs=exceptions["spouse_pairs"],
            possessive_determiners=frozenset(settings.get("possessive_determiners", [])),
            personal_pronoun_lemmas=frozenset(settings.get("personal_pronoun_lemmas", [])),
            speaker_pronouns=frozenset(settings.get("speaker_pronouns", [])),
            addressee_pronouns=frozenset(settings.get("addressee_pronouns", [])),
            verbal_noun_endings=tuple(tuple(pair) for pair in
                                      settings.get("verbal_noun_endings", [])),
            eponym_nouns=frozenset(settings.get("eponym_nouns", [])),
            institution_nouns=frozenset(settings.get("institution_nouns", [])),
            hyphen_prefixes=frozenset(settings.get("hyphen_prefixes", [])),
            preposition_cases={word: tuple(cases) for word, cases
                               in settings.get("preposition_cases", {}).items()},
            name_resolver=settings.get("name_resolver", DEFAULT_NAME_RESOLVER),
            name_countries=tuple(settings.get("name_countries", [])),
            morph_analyzer=settings.get("morph_analyzer"),
            np_head=settings.get("np_head", "last"),
            inflection=tuple(self._inflection(settings.get("inflection", []))),
            derivation=tuple(tuple(pair) for pair in settings.get("derivation", [])),
            compound_prefixes=tuple(settings.get("compound_prefixes", [])),
            pair_conjunctions=frozenset(settings.get("pair_conjunctions", [])),
            inclusive_patterns=tuple(self._inclusive(settings.get("inclusive_patterns", []))),
            capitalized_pronoun_is_formal=bool(settings.get("capitalized_pronoun_is_formal")),
            prepositional_cases=frozenset(settings.get("prepositional_cases", [])),
            nouns_capitalized=bool(settings.get("nouns_capitalized")),
            capital_inside_sentence_is_name=bool(
                settings.get("capital_inside_sentence_is_name")),
            pronoun_homographs=frozenset(settings.get("pronoun_homographs", [])),
            indefinite_subjects=frozenset(settings.get("indefinite_subjects", [])),
            pronouns=tuple(self._pronouns()),
            person_nouns=tuple(self._person_nouns()),
            common_nouns=tuple(self._words("common_nouns.txt", required=True)),
            forms=tuple(self._forms()),
            coded_words=tuple(self._keyed("coded_words.tsv", CODINGS, "coding")),
            coded_exceptions=frozenset(w.lower() for w in self._words("coded_exceptions.txt")),
            honorifics=tuple(self._keyed("honorifics.tsv", PRONOUN_GROUPS, "group")),
            name_homographs=frozenset(w.lower() for w in self._words("name_homographs.txt")),
            finite_verbs=frozenset(w.lower() for w in self._words("finite_verbs.txt")),
            determiners=frozenset(w.lower() for w in self._words("determiners.txt")),
            role_nouns=frozenset(w.lower() for w in self._words("role_nouns.txt")),
            dependency_roles=dict(self._keyed("dependency_roles.tsv", ROLES, "role",
                                              lower=False)),
            quote_marks=tuple((o, c) for _, (o, c) in self._rows("quote_marks.tsv", 2)),
            dialogue_dash=bool(settings.get("dialogue_dash")),
            reporting_verbs=frozenset(w.lower() for w in self._words("reporting_verbs.txt")),
            complementizers=frozenset(w.lower() for w in self._words("complementizers.txt")),
            attribution_phrases=tuple(w.lower() for w in self._words("attribution_phrases.txt")),
            sentiment_scorer=settings.get("sentiment_scorer"),
            genitive_governors=frozenset(settings.get("genitive_governors", [])),
            default_model=settings.get("default_model"),
            pronoun_pairs=tuple((m.lower(), f.lower())
                                for _, (m, f) in self._rows("pronoun_pairs.tsv", 2)),
            pronoun_swaps=tuple(swap_tables.pronoun_swaps(self)),
            honorific_pairs=tuple(swap_tables.honorific_pairs(self)),
            noun_paradigms=tuple(swap_tables.noun_paradigms(self)),
            agreement=tuple(swap_tables.agreement(self)),
            agreement_deps=frozenset(settings.get("agreement_deps", DEFAULT_AGREEMENT_DEPS)),
            common_nouns_decline=bool(settings.get("common_nouns_decline")),
            swap_plurals=bool(settings.get("swap_plurals", True)),
            swap_sex_marked_plurals=bool(settings.get("swap_sex_marked_plurals", True)),
            sex_marked_nouns=frozenset(w.lower() for w in self._words("sex_marked_nouns.txt")),
            pronouns_of_things=bool(settings.get("pronouns_of_things")),
            possessors_stay=bool(settings.get("possessors_stay")),
            propn_person_nouns=bool(settings.get("propn_person_nouns", True)),
            bare_fallback=settings.get("bare_fallback"),
            read_parse=bool(settings.get("read_parse", True)),
            noun_analyzer=settings.get("noun_analyzer"),
            non_person_nouns=frozenset(w.lower() for w in self._words("non_person_nouns.txt")),
            feminine_formation=self._feminine_formation(),
            derived_pairs=bool(settings.get("derived_pairs", False)),
            comparison_words=frozenset(settings.get("comparison_words", [])),
            purpose_conjunctions=frozenset(settings.get("purpose_conjunctions", [])),
            time_nouns=frozenset(settings.get("time_nouns", [])),
            side_nouns=frozenset(settings.get("side_nouns", [])),
            definition_words=frozenset(settings.get("definition_words", [])),
            generic_masculine=dict(self._keyed("generic_masculine.tsv", GENERIC_MASCULINE_ROLES,
                                               "role")),
            stated_pronouns=dict(self._keyed("stated_pronouns.tsv", (*PRONOUN_GROUPS, "marker"),
                                             "group")),
            determiner_readings=dict(swap_tables.determiner_readings(self)),
        )

    # -- settings -----------------------------------------------------------------------
    def settings(self) -> dict:
        path = self.folder / "profile.json"
        try:
            text = self.texts.get("profile.json")
            settings = json.loads(text if text is not None else path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
            raise ProfileError(f"{path}: cannot read profile settings: {err}") from None
        if "code" not in settings:
            raise ProfileError(f"{path}: missing required key 'code'")
        if settings.get("np_head", "last") not in ("first", "last"):
            raise ProfileError(f"{path}: np_head must be 'first' or 'last'")
        moved = sorted(set(settings) & {field for field, _ in SWAP_EXCEPTIONS.values()})
        if moved:
            raise ProfileError(f"{path}: {', '.join(moved)} are rows of swap_exceptions.tsv "
                               f"now (word, context, action, source; see lang/README.md)")
        if "swap_engine" in settings:
            raise ProfileError(f"{path}: swap_engine is gone: one engine swaps every language; "
                               f"a Ukrainian-style clause walk for Docs without a parse is "
                               f"bare_fallback: \"clause_walk\" (see lang/README.md)")
        if settings.get("bare_fallback") not in (None, *BARE_FALLBACKS):
            raise ProfileError(f"{path}: bare_fallback must be null or one of "
                               f"{', '.join(BARE_FALLBACKS)}")
        return settings

    def _inflection(self, rules: list) -> list[InflectionRule]:
        out = []
        for i, rule in enumerate(rules):
            if not (isinstance(rule, list) and len(rule) in (2, 3)):
                raise ProfileError(
                    f"{self.folder / 'profile.json'}: inflection rule {i} must be "
                    f"[regex, replacement] or [regex, replacement, number], got {rule!r}"
                )
            number = {"plur": "Plur", "sing": "Sing"}.get(rule[2]) if len(rule) == 3 else None
            out.append(InflectionRule(self._compile(rule[0], "inflection"), rule[1], number))
        return out

    def _inclusive(self, patterns: list) -> list[InclusivePattern]:
        return [
            InclusivePattern(p["label"], self._compile(p["pattern"], "inclusive_patterns"))
            for p in patterns
        ]

    def _compile(self, pattern: str, key: str) -> re.Pattern:
        try:
            return re.compile(pattern)
        except re.error as err:
            raise ProfileError(
                f"{self.folder / 'profile.json'}: bad regex in {key}: {pattern!r} ({err})"
            ) from None

    # -- line-based files ---------------------------------------------------------------
    def _lines(self, filename: str, required: bool = False):
        path = self.folder / filename
        if filename in self.texts:
            text = self.texts[filename]
        elif not self.texts_only and path.is_file():
            text = path.read_text(encoding="utf-8")
        elif required:
            raise ProfileError(f"{self.folder}: missing required file {filename}")
        else:
            return
        for line_no, line in enumerate(text.splitlines(), start=1):
            if line.strip() and not line.lstrip().startswith("#"):
                yield line_no, line

    def _words(self, filename: str, required: bool = False):
        for _, line in self._lines(filename, required):
            yield line.strip()

    def _rows(self, filename: str, ncols: int, required: bool = False):
        for line_no, line in self._lines(filename, required):
            cells = [c.strip() for c in line.split("\t")]
            if len(cells) > ncols:
                self._fail(filename, line_no, f"expected {ncols} TAB-separated columns, "
                           f"got {len(cells)}")
            cells += [""] * (ncols - len(cells))
            yield line_no, cells

    def _fail(self, filename: str, line_no: int, message: str):
        raise ProfileError(f"{self.folder / filename} line {line_no}: {message}")

    def _keyed(self, name: str, allowed, column: str, lower: bool = True):
        """The (key, value) rows of a two-column file whose value is one of ``allowed``
        (the ``column`` an error names); keys lower-cased unless ``lower`` is false."""
        for line_no, (key, value) in self._rows(name, 2):
            self._check(name, line_no, value, allowed, column)
            yield (key.lower() if lower else key), value

    def _check(self, filename, line_no, value, allowed, column):
        if value not in allowed:
            self._fail(filename, line_no, f"{column} must be one of {', '.join(allowed)}, "
                       f"got {value!r}")

    def _feminine_formation(self) -> FeminineFormation | None:
        """The learned rules of ``feminine_formation.tsv`` (None without the file)."""
        name = "feminine_formation.tsv"
        rules = []
        for line_no, cells in self._rows(name, len(FORMATION_COLUMNS)):
            try:
                if tuple(cells) != FORMATION_COLUMNS:  # (not the header row)
                    rules.append(FormationRule.from_cells(cells))
            except ValueError as err:
                self._fail(name, line_no, str(err))
        return FeminineFormation(rules) if rules else None

    def _swap_exceptions(self) -> dict:
        """The rows of ``swap_exceptions.tsv`` as the profile fields they fill: each
        (context, action) names one field; a pair's words are written "a/b"."""
        name = "swap_exceptions.tsv"
        found: dict[str, list] = {field: [] for field, _ in SWAP_EXCEPTIONS.values()}
        for line_no, (word, context, action, source) in self._rows(name, 4):
            if (context, action) not in SWAP_EXCEPTIONS:
                known = "; ".join(f"{c} {a}" for c, a in SWAP_EXCEPTIONS)
                self._fail(name, line_no, f"(context, action) must be one of: {known}; "
                           f"got {context!r} {action!r}")
            if not source:
                self._fail(name, line_no, "every row names its source")
            field, pair = SWAP_EXCEPTIONS[context, action]
            words = tuple(w.strip().lower() for w in word.split("/"))
            if len(words) != (2 if pair else 1) or not all(words):
                self._fail(name, line_no, f"{context} takes {'a pair a/b' if pair else 'one word'}"
                           f", got {word!r}")
            found[field].append(words if pair else words[0])
        return {field: tuple(values) if SWAP_EXCEPTIONS_PAIRS[field] else frozenset(values)
                for field, values in found.items()}

    def _pronouns(self):
        name = "pronouns.tsv"
        for line_no, (form, group, ptype, case, number) in self._rows(name, 5, required=True):
            self._check(name, line_no, group, PRONOUN_GROUPS, "group")
            self._check(name, line_no, ptype, PRONOUN_TYPES, "type")
            self._check(name, line_no, case or "-", CASES, "case")
            self._check(name, line_no, number, NUMBERS, "number")
            yield PronounRow(form.lower(), group, ptype, case or "-", number)

    def _person_nouns(self, name: str = "person_nouns.tsv"):
        for line_no, (masc, fem, neut, kind) in self._rows(name, 4, required=True):
            self._check(name, line_no, kind, KINDS, "kind")
            row = PersonNounRow(_alternatives(masc), _alternatives(fem), _alternatives(neut), kind)
            if not (row.masculine or row.feminine or row.neutral):
                self._fail(name, line_no, "a row needs at least one form")
            yield row

    def _forms(self):
        name = "forms.tsv"
        for line_no, (form, lemma, number) in self._rows(name, 3):
            if not (form and lemma):
                self._fail(name, line_no, "expected form<TAB>lemma[<TAB>number]")
            if number:
                self._check(name, line_no, number, NUMBERS, "number")
            yield form.lower(), lemma.lower(), {"sing": "Sing", "plur": "Plur"}.get(number)


def read_person_nouns(path: Path, text: str | None = None) -> list[PersonNounRow]:
    """Read a file (or its ``text``) in the ``person_nouns.tsv`` format; errors name the line."""
    texts = {path.name: text} if text is not None else None
    return list(ProfileReader(path.parent, texts)._person_nouns(path.name))


def read_word_list(path: Path, text: str | None = None) -> list[str]:
    """Read a one-word-per-line file (``#`` comments and blank lines skipped)."""
    texts = {path.name: text} if text is not None else None
    return list(ProfileReader(path.parent, texts)._words(path.name, required=True))


def _alternatives(cell: str) -> tuple[str, ...]:
    return tuple(part.strip() for part in cell.split("|") if part.strip())
