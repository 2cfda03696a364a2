"""Person nouns: which words denote people, with which gender, and their counterparts."""

from dataclasses import dataclass, replace

from ..extensions import COMMON, FEMININE, MASCULINE, NEUTRAL
from ..lang import LanguageProfile, PersonNounRow
from ..lang.formation import attested_feminine
from ..morph import MorphAnalyzer, Reading
from .derived_pairs import derived_base, made_feminine
from .phrases import PhraseIndex


@dataclass(frozen=True)
class PersonEntry:
    """A person noun lemma.

    lemma (str): lower-cased lemma.
    gender (str): masculine | feminine | neutral | common.
    kind (str): noun | relation | job (see the lang README).
    concept (int): id shared by the gendered and neutral forms of one concept (-1: none).
    counterparts (tuple): lemmas of the other gender (masculine <-> feminine).
    source (str): where the entry comes from: "builtin", a user lexicon's file name,
        "derivation" (a built-in row's feminine the analyser attests), "morphology" (a pair
        the analyser attests on both sides), "derived" (a feminine the profile's learned
        ``feminine_formation`` makes for a masculine the analyser knows alone), "compound".
    """

    lemma: str
    gender: str
    kind: str
    concept: int = -1
    counterparts: tuple[str, ...] = ()
    source: str = "builtin"

    @property
    def from_analyser(self) -> bool:
        """Whether only the analyser makes this word a person noun (no list names it)."""
        return self.source in ("morphology", "derived")


# The shortest person noun a compound prefix may stand before ("фін" + "інспектор").
_MIN_COMPOUND_HEAD = 4


@dataclass(frozen=True)
class LexiconHit:
    entry: PersonEntry
    number: str | None = None  # "Sing"/"Plur" when the surface form tells; else None
    case: str | None = None


class PersonLexicon:
    """Person nouns of one language, looked up by surface form or lemma.

    Built from the profile's ``person_nouns.tsv`` and ``common_nouns.txt``, extended by user
    lexicons (``add``), by the profile's ``derivation`` rules (a feminine derived from a
    masculine lemma, kept only when attested) and ``inflection`` rules (plural and case forms,
    so a tokenizer-only pipeline recognises "chairmen" or "Lehrerinnen").

    profile (LanguageProfile): the language profile.
    analyzer (MorphAnalyzer | None): used to check derived words and, at lookup time, to
        lemmatise and to recognise derived person nouns the lexicon does not list.
    The profile's ``derived_pairs`` says whether a masculine person noun the analyser knows
    without a feminine gets the feminine of the learned ``feminine_formation`` (мірошник →
    мірошниця), recognised in texts too; off, only attested pairs count.
    """

    def __init__(self, profile: LanguageProfile, analyzer: MorphAnalyzer | None = None) -> None:
        self.profile = profile
        self.analyzer = analyzer
        self.formation = profile.feminine_formation
        self._entries: dict[str, PersonEntry] = {}
        self._forms: dict[str, LexiconHit] = {}
        self._next_concept = 0
        self._override: dict | None = None
        self._morph_cache: dict[str, PersonEntry | None] = {}
        self._noun_words: dict[str, bool] = {}
        # (source, word) of counterparts left out as forms of their own row's lemma
        self.rejected: list[tuple[str, str]] = []
        # (source, word, gender kept, gender left out): a user lexicon giving a word two genders
        self.conflicts: list[tuple[str, str, str, str]] = []
        self.phrases = PhraseIndex({})  # the forms of several words ("member of parliament")
        self.add(profile.person_nouns, profile.common_nouns, source="builtin")

    def __len__(self) -> int:
        return len(self._entries)

    def __contains__(self, lemma: str) -> bool:
        return lemma.lower() in self._entries

    def entries(self):
        return self._entries.values()

    def surface_forms(self):
        """Every form the lexicon recognises without a lemmatiser (lemmas + generated forms)."""
        return self._forms.keys()

    def get(self, lemma: str) -> PersonEntry | None:
        return self._entries.get(lemma.lower())

    # -- building ---------------------------------------------------------------------------
    def add(self, rows, common=(), source: str = "builtin", override: bool = False) -> int:
        """Add person-noun rows and common-gender lemmas.

        override (bool): whether these entries replace existing ones for the same lemma (user
            lexicons do: a user who loads the GENEUTRAL list wants its genders). Within one
            call, the first entry for a lemma wins; one of another gender is recorded in
            ``conflicts``. A common lemma keeps the kind the lexicon gives it (a file of
            common nouns has no kind column), else is a noun.
        RETURNS (int): the number of lemmas added or replaced.
        """
        self._override = {} if override else None
        for row in rows:
            self._add_row(row, source)
        for lemma in common:
            lemma = lemma.lower()
            known = self._entries.get(lemma)
            self._put(PersonEntry(lemma, COMMON, known.kind if known else "noun", source=source))
        changed = len(self._override) if override else 0
        self._override = None
        self._derive_feminines()
        self._rebuild_forms()
        self._morph_cache.clear()
        self._noun_words.clear()
        return changed

    def _add_row(self, row: PersonNounRow, source: str) -> None:
        concept = self._next_concept
        self._next_concept += 1
        masc = tuple(w.lower() for w in row.masculine)
        fem = tuple(w.lower() for w in row.feminine)
        kept_fem = tuple(w for w in fem if not self._form_of(w, "Fem", masc, source))
        kept_masc = tuple(w for w in masc if not self._form_of(w, "Masc", fem, source))
        if (fem and not kept_fem) or (masc and not kept_masc):
            return  # nothing of the row's pairing is left: what the lexicon has stands
        masc, fem = kept_masc, kept_fem
        # a row without a kind (a male,female CSV) keeps the kind the lexicon gave the word:
        # "син" stays a relation, "мер" a job
        neutral = tuple(w.lower() for w in row.neutral)
        kind = row.kind or next((self._entries[w].kind for w in (*masc, *fem, *neutral)
                                 if w in self._entries), "noun")
        for at, lemma in enumerate(masc):
            self._put(PersonEntry(lemma, MASCULINE, kind, concept,
                                  _paired_first(fem, at, len(masc)), source))
        for at, lemma in enumerate(fem):
            self._put(PersonEntry(lemma, FEMININE, kind, concept,
                                  _paired_first(masc, at, len(fem)), source))
        for lemma in neutral:
            self._put(PersonEntry(lemma, NEUTRAL, kind, concept, (), source))

    def _form_of(self, word: str, gender: str, others: tuple[str, ...], source: str) -> bool:
        """Whether the counterpart ``word`` (of UD ``gender``) is only an oblique form of its
        own row's lemma (GenderGid's "науковець,науковця": the genitive, not a feminine;
        "хвора" is the adjective хворий's feminine, and stays): such a pair is a slip in the
        data, left out and recorded in ``rejected``."""
        if self.analyzer is None or " " in word or not self.analyzer.is_known(word):
            return False
        readings = self.analyzer.analyze(word)
        if any(r.lemma == word or (r.case in (None, "Nom") and r.gender in (None, gender))
               for r in readings) or not any(r.lemma in others for r in readings):
            return False
        self.rejected.append((source, word))
        return True

    def _put(self, entry: PersonEntry) -> None:
        kept = self._override.get(entry.lemma) if self._override is not None else None
        if kept is not None and kept.gender != entry.gender:
            self.conflicts.append((entry.source, entry.lemma, kept.gender, entry.gender))
        overriding = self._override is not None and entry.lemma not in self._override
        if entry.lemma not in self._entries or overriding:
            self._entries[entry.lemma] = entry
            if overriding:
                self._override[entry.lemma] = entry

    def _derive_feminines(self) -> None:
        """Add the productive feminine of masculine lemmas whose row has none."""
        for entry in list(self._entries.values()):
            if entry.gender != MASCULINE or entry.counterparts:
                continue
            for masc_suffix, fem_suffix in self.profile.derivation:
                if not entry.lemma.endswith(masc_suffix):
                    continue
                stem = entry.lemma[: len(entry.lemma) - len(masc_suffix)]
                feminine = stem + fem_suffix
                if feminine in self._entries or not self._attested(feminine, "Fem") \
                        or self._names_a_thing(feminine):
                    continue
                self._put(
                    PersonEntry(feminine, FEMININE, entry.kind, entry.concept, (entry.lemma,),
                                "derivation")
                )
                self._entries[entry.lemma] = replace(entry, counterparts=(feminine,))
                break

    def _attested(self, word: str, gender: str) -> bool:
        # Without an analyser the masculine base being in the lexicon is the evidence; with
        # one, the derived word must be a real animate noun of the expected gender.
        if self.analyzer is None:
            return True
        # is_known: pymorphy3 also *guesses* readings for words it has never seen.
        return self.analyzer.is_known(word) and any(
            r.pos == "NOUN" and r.animate and r.gender == gender and r.lemma == word
            for r in self.analyzer.analyze(word)
        )

    def _names_a_thing(self, word: str) -> bool:
        """Whether ``word`` is also an inanimate noun: a row left without a feminine is not
        filled with one that names a thing first ("митниця", the customs office)."""
        return self.analyzer is not None and any(
            r.pos == "NOUN" and not r.animate and r.lemma == word
            for r in self.analyzer.analyze(word))

    def _rebuild_forms(self) -> None:
        """Surface form -> entry: lemmas first, then irregular forms, then rule-made forms."""
        forms = {lemma: LexiconHit(entry) for lemma, entry in self._entries.items()}
        for form, lemma, number in self.profile.forms:
            if lemma in self._entries:
                forms.setdefault(form, LexiconHit(self._entries[lemma], number))
        for entry in self._entries.values():
            for rule in self.profile.inflection:
                if rule.pattern.search(entry.lemma):
                    form = rule.pattern.sub(rule.replacement, entry.lemma, count=1)
                    forms.setdefault(form, LexiconHit(entry, rule.number))
        self._forms = forms
        self.phrases = PhraseIndex(forms)

    # -- lookup -----------------------------------------------------------------------------
    def lookup(self, word: str, lemma: str | None = None) -> LexiconHit | None:
        """Find a person noun by its surface form, then by its lemma."""
        hit = self._forms.get(word.lower())
        if hit is None and lemma:
            hit = self._forms.get(lemma.lower())
        return hit

    def lookup_readings(self, readings: tuple[Reading, ...]) -> LexiconHit | None:
        """Find a person noun among a word's analyser readings (lemma + number + case)."""
        for reading in readings:
            if reading.pos != "NOUN":
                continue
            # (the analyser is asked about the lemma only for an animate reading: an
            # inanimate one is no person, and most nouns of a text have no other)
            entry = self._entries.get(reading.lemma) or (
                self.entry_from_morphology(reading.lemma) if reading.animate else None)
            if entry is not None:
                return LexiconHit(self._in_form_gender(entry, reading), reading.number,
                                  reading.case)
        return None

    def _in_form_gender(self, entry: PersonEntry, reading: Reading) -> PersonEntry:
        """The entry of the gender the form shows: the analyser gives a feminine adjectival
        noun its masculine lemma ("слідча", "уповноваженої" → слідчий, уповноважений), whose
        feminine counterpart is the person."""
        if reading.gender == "Fem" and entry.gender == MASCULINE:
            for counterpart in entry.counterparts:
                other = self._entries.get(counterpart)
                if other is not None and other.gender == FEMININE:
                    return other
            if entry.from_analyser and entry.counterparts:
                # a pair of one lexeme the analyser attests (військовополонена)
                return PersonEntry(entry.counterparts[0], FEMININE, entry.kind, entry.concept,
                                   (entry.lemma,), entry.source)
        return entry

    def may_be_person_noun(self, word: str) -> bool:
        """Whether any reading of ``word`` (out of context) is a person noun: a cheap first
        test before the context-filtered lookup, cached per word."""
        known = self._noun_words.get(word)
        if known is None:
            readings = self.analyzer.analyze(word) if self.analyzer is not None else ()
            known = self._noun_words[word] = (
                self.lookup_readings(readings) is not None or self.lookup(word) is not None
                or any(self.adjectival_title(r) is not None for r in readings))
        return known

    def adjectival_title(self, reading: Reading) -> PersonEntry | None:
        """The built-in job title that declines like an adjective (дільничний, дільнична)
        of an adjective reading: the dictionary reads some of their forms only as the
        adjective ("дільничну")."""
        if reading.pos != "ADJ":
            return None
        entry = self._entries.get(reading.lemma)
        return entry if entry is not None and entry.source == "builtin" \
            and entry.kind == "job" else None

    def entry_from_morphology(self, lemma: str) -> PersonEntry | None:
        """Recognise a person noun the lexicon lacks, from the analyser alone.

        - an animate noun that is both masculine and feminine is common gender (суддя);
        - a feminine derived by a profile rule from an animate masculine noun (інженер →
          інженерка), or a masculine whose derived feminine exists, is a person noun;
        - a compound of the profile's ``compound_prefixes`` and a person noun is one, with
          the head's counterparts behind the same prefixes (фінінспектор → фінінспекторка).
        """
        if self.analyzer is None or not lemma.replace("'", "").replace("-", "").isalpha():
            return None
        if lemma in self._morph_cache:
            return self._morph_cache[lemma]
        if lemma in self.profile.non_person_nouns:
            return None  # an animal (лев, лисиця's лис): the analyser pairs it, no person
        nouns = [r for r in self.analyzer.analyze(lemma)
                 if r.pos == "NOUN" and r.animate and r.lemma == lemma]
        if not self.analyzer.is_known(lemma):
            # pymorphy3 guesses readings for unknown words: not evidence, but for the
            # feminine a learned rule makes of a masculine it knows ("мірошниця")
            base = derived_base(self, lemma)
            entry = PersonEntry(lemma, FEMININE, base[1], counterparts=(base[0],),
                                source="derived") if base else self._compound_entry(lemma)
            self._morph_cache[lemma] = entry
            return entry
        genders = {r.gender for r in nouns}
        entry = None
        if "Com" in genders or {"Masc", "Fem"} <= genders:
            entry = PersonEntry(lemma, COMMON, "noun", source="morphology")
        elif "Fem" in genders:
            base = self._derived_base(lemma)
            if base:
                entry = PersonEntry(lemma, FEMININE, "noun", counterparts=(base,),
                                    source="morphology")
        elif "Masc" in genders:
            feminine = self._derived_feminine(lemma)
            if feminine:
                entry = PersonEntry(lemma, MASCULINE, "noun", counterparts=(feminine,),
                                    source="morphology")
        if entry is None:
            entry = self._compound_entry(lemma)
        if entry is None and "Masc" in genders and not genders & {"Fem", "Com"} \
                and (feminine := made_feminine(self, lemma)) is not None:
            # (after the compound: "замміністр" takes міністр's listed feminine)
            entry = PersonEntry(lemma, MASCULINE, "noun", counterparts=(feminine,),
                                source="derived")
        self._morph_cache[lemma] = entry
        return entry

    def compound_parts(self, lemma: str) -> tuple[str, str] | None:
        """(prefixes, head) of a compound person noun whose head the lexicon knows:
        "замкерівниця" → ("зам", "керівниця"), "держекоінспектор" → ("держеко", "інспектор")."""
        for prefix in self.profile.compound_prefixes:
            head = lemma[len(prefix):]
            if not lemma.startswith(prefix) or len(head) < _MIN_COMPOUND_HEAD:
                continue
            if head in self._entries:
                return prefix, head
            if self.analyzer is not None and self.entry_from_morphology(head) is not None:
                inner = self.compound_parts(head)  # "держ" + "екоінспектор"
                return (prefix + inner[0], inner[1]) if inner else (prefix, head)
        return None

    def _compound_entry(self, lemma: str) -> PersonEntry | None:
        parts = self.compound_parts(lemma)
        if parts is None:
            return None
        prefix, head = parts
        entry = self._entries.get(head) or self.entry_from_morphology(head)
        return PersonEntry(lemma, entry.gender, entry.kind,
                           counterparts=tuple(prefix + c for c in entry.counterparts),
                           source="compound")

    def _derived_base(self, feminine: str) -> str | None:
        for masc_suffix, fem_suffix in self.profile.derivation:
            if fem_suffix and feminine.endswith(fem_suffix):
                base = feminine[: len(feminine) - len(fem_suffix)] + masc_suffix
                if base in self.profile.non_person_nouns:
                    continue  # "вовчиця": the wolf's
                if len(base) > 2 and (base in self._entries or self._attested(base, "Masc")):
                    return base
        return None

    def _derived_feminine(self, masculine: str) -> str | None:
        """The feminine the analyser attests for ``masculine``: by the learned rule of its
        ending first (мірошник: -ник → -ниця), then by the profile's rules in order."""
        rules = self.profile.derivation
        learned = self.formation.rule_for(masculine) if self.formation else None
        if learned is not None:
            rules = ((learned.masc_suffix, learned.fem_suffix), *rules)
        found = attested_feminine(
            masculine, rules,
            lambda word: self._attested(word, "Fem") or self._feminine_of_lexeme(word, masculine))
        return found[0] if found else None

    def _feminine_of_lexeme(self, word: str, masculine: str) -> bool:
        """Whether ``word`` is the feminine nominative of the same animate noun as
        ``masculine``: the dictionary lists a noun that declines like an adjective as one
        lexeme of both genders (військовополонений, військовополонена). Only where neither
        form is also an adjective, a participle or a verb: "старий", "померла" are first
        those, which the clause walk would read as persons."""
        if self.analyzer is None:
            return False
        readings = self.analyzer.analyze(word)
        return all(r.pos in ("NOUN", "PROPN") for r in (*readings,
                                                       *self.analyzer.analyze(masculine))) \
            and any(r.pos == "NOUN" and r.animate and r.gender == "Fem" and r.case == "Nom"
                    and r.number == "Sing" and r.lemma == masculine for r in readings)


def _paired_first(others: tuple[str, ...], at: int, alternatives: int) -> tuple[str, ...]:
    """The counterparts of a row's alternative number ``at`` of ``alternatives``: with as
    many on the other side, the one in its place first (дід|дідусь ↔ баба|бабуся,
    diretor|director ↔ diretora|directora), then the others; else as the row lists them."""
    if alternatives != len(others) or alternatives < 2:
        return others
    return (others[at], *others[:at], *others[at + 1:])
