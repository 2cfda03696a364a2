"""Person nouns, number and case from a profile's noun analyser (German: ``german_nouns.v1``).

The person lexicon lists a thousand nouns or so; a dictionary of a language's nouns knows a
hundred times more. A masculine noun with a feminine counterpart in the dictionary (Bäcker/
Bäckerin, Arzt/Ärztin: the analyser's ``pairs``) is a person noun unless the profile's
``non_person_nouns`` name it (Hund/Hündin); a compound is one by its head (Hauptschullehrer:
Lehrer). The dictionary's readings, narrowed by the determiner before the noun (the profile's
``determiner_readings``), give the number a blank pipeline lacks: "die Lehrer" is plural.
"""

from functools import lru_cache

from spacy.tokens import Token

from ..extensions import FEMININE, MASCULINE
from ..morph import Reading, agrees
from .person_lexicon import LexiconHit, PersonEntry, PersonLexicon

# The shortest head and prefix of a compound (Hauptschul|lehrer). Heads of unknown words must
# be longer: "Neu|mann", "Hoff|mann" are surnames, not men.
_MIN_PREFIX = 3
_MIN_HEAD = 4
_MIN_HEAD_OF_UNKNOWN = 5
# How far back the determiner of a noun may stand: "die vielen neuen Lehrer".
_MAX_MODIFIERS = 3
# The linking elements between the parts of a compound (Bundes|rat, Schäfer|hund: none).
_LINKS = ("", "s", "es", "n", "en", "e", "er")
# Ids of the backend's concepts start above any the person lexicon hands out.
_CONCEPT_BASE = 1_000_000
_GENDER = {"Masc": MASCULINE, "Fem": FEMININE}
# What a numeral in digits says of the noun after it.
_PLURAL = tuple(Reading("", "NUM", None, "Plur", case) for case in ("Nom", "Acc", "Dat", "Gen"))


class NounBackend:
    """Person-noun knowledge at the scale of a noun dictionary, for ``gender_lexicon``.

    persons (PersonLexicon): the language's person lexicon; its entries come first.
    analyzer (MorphAnalyzer): the noun analyser; besides ``analyze`` and ``is_known`` it
        gives ``pairs()``, the (masculine, feminine) lemma pairs of its dictionary.
    profile (LanguageProfile): ``non_person_nouns`` and ``determiner_readings``.
    """

    def __init__(self, persons: PersonLexicon, analyzer, profile) -> None:
        self.persons = persons
        self.analyzer = analyzer
        self.non_person = tuple(profile.non_person_nouns)
        self.determiners = {
            form: tuple(Reading(form, "DET", gender, number, case)
                        for case, number, gender in readings)
            for form, readings in profile.determiner_readings.items()}
        self.counterparts: dict[tuple[str, str], tuple[str, ...]] = {}
        self.concepts: dict[str, int] = {}
        for masculine, feminine in analyzer.pairs():
            if self.names_no_person(masculine):
                continue
            concept = self.concepts.setdefault(masculine, _CONCEPT_BASE + len(self.concepts))
            self.concepts.setdefault(feminine, concept)
            self.counterparts.setdefault((masculine, "Masc"), ())
            self.counterparts[masculine, "Masc"] += (feminine,)
            self.counterparts[feminine, "Fem"] = (*self.counterparts.get((feminine, "Fem"), ()),
                                                  masculine)
        self.entry = lru_cache(maxsize=100_000)(self._entry)
        self._surface_split = lru_cache(maxsize=100_000)(self._surface_split_uncached)
        self._out_of_context = lru_cache(maxsize=200_000)(self._out_of_context_uncached)
        self._plural_first = lru_cache(maxsize=100_000)(self._plural_first_uncached)

    def names_no_person(self, lemma: str) -> bool:
        """Whether ``lemma`` is, or is a compound headed by, one of the profile's non-person
        nouns: Hund, See|hund, Bundes|rat; not Demok|rat."""
        for head in self.non_person:
            if lemma == head or (lemma.endswith(head) and self._is_word(lemma[: -len(head)])):
                return True
        return False

    def _is_word(self, prefix: str) -> bool:
        """Whether a compound's first part is a word of the dictionary, with or without its
        linking element."""
        return any(self.analyzer.is_known(prefix[: len(prefix) - len(link)])
                   for link in _LINKS if prefix.endswith(link) and len(prefix) > len(link) + 1)

    # -- entries ----------------------------------------------------------------------------
    def _entry(self, lemma: str, gender: str) -> PersonEntry | None:
        """The person entry of a lemma of UD ``gender``: a pair of the dictionary, or a
        compound whose head is a person noun of that gender."""
        counterparts = self.counterparts.get((lemma, gender))
        if counterparts is not None:
            return PersonEntry(lemma, _GENDER[gender], "noun", self.concepts[lemma],
                               counterparts, "pairs")
        return self._compound_entry(lemma, gender)

    def _compound_entry(self, lemma: str, gender: str) -> PersonEntry | None:
        for at in range(_MIN_PREFIX, len(lemma) - _MIN_HEAD + 1):
            head = self._head_entry(lemma[at:], gender)
            if head is not None and not self.names_no_person(lemma):
                return self._compound(lemma[:at], head)
        return None

    def _head_entry(self, head: str, gender: str) -> PersonEntry | None:
        entry = self.persons.get(head)
        if entry is not None:
            return entry if entry.gender == _GENDER.get(gender) else None
        return self._entry(head, gender) if (head, gender) in self.counterparts else None

    def _compound(self, prefix: str, head: PersonEntry) -> PersonEntry:
        lemma = prefix + head.lemma
        concept = self.concepts.setdefault(lemma, _CONCEPT_BASE + len(self.concepts))
        for counterpart in head.counterparts:
            self.concepts.setdefault(prefix + counterpart, concept)
        return PersonEntry(lemma, head.gender, head.kind, concept,
                           tuple(prefix + c for c in head.counterparts), "compound")

    # -- lookup -----------------------------------------------------------------------------
    def lookup(self, token: Token, hit: LexiconHit | None) -> LexiconHit | None:
        """The person-noun hit of ``token``: the lexicon's ``hit`` with the number and case
        its context allows, or one from the dictionary when the lexicon has none."""
        word = token.lower_
        if hit is None:
            # (per word, out of context: most nouns of a text are no person, and their
            # context is never looked at)
            hit, word = self._out_of_context(word)
            if hit is None or self._noun_follows(token):
                # "Berliner Polizei", "Wiener Schnitzel": a place name's adjective in -er
                return None
        gender = hit.entry.gender
        for reading in self.readings_in_context(token, word):
            if gender not in (MASCULINE, FEMININE) or \
                    _GENDER.get(reading.gender, gender) == gender:
                return LexiconHit(hit.entry, reading.number, reading.case)
        return hit

    def _out_of_context_uncached(self, word: str) -> tuple[LexiconHit | None, str]:
        """(a person-noun hit, the word whose readings give its number): the word's own
        readings, else those of its head ("oppositionspolitikerinnen": politikerinnen)."""
        readings = self.analyzer.analyze(word)
        if readings:
            return self._hit_from_readings(readings), word
        split = self._surface_split(word)
        if split is None:
            return None, word
        prefix, head_word, head = split
        return LexiconHit(self._compound(prefix, head.entry), head.number, head.case), head_word

    def lookup_word(self, word: str) -> LexiconHit | None:
        """The person-noun hit of a lower-cased word out of context: a form the lexicon
        lists, else the first of the dictionary's readings that is a person noun."""
        return self.persons.lookup(word) or self._hit_from_readings(self.analyzer.analyze(word))

    def _hit_from_readings(self, readings: tuple[Reading, ...]) -> LexiconHit | None:
        for reading in readings:
            entry = self.persons.get(reading.lemma)
            if entry is not None and entry.gender in (MASCULINE, FEMININE) and \
                    entry.gender != _GENDER.get(reading.gender):
                continue  # "die Leiter" (ladder) is no reading of Leiter the leader
            entry = entry or (self.entry(reading.lemma, reading.gender)
                              if reading.gender in _GENDER else None)
            if entry is not None:
                return LexiconHit(entry, reading.number, reading.case)
        return None

    def readings_in_context(self, token: Token, word: str | None = None
                            ) -> tuple[Reading, ...]:
        """The noun readings of ``token`` (or of ``word``, its compound head) that its
        context allows, the likeliest first:

        - after a determiner, those that agree with it (all, if none does), singular first;
          a determiner right after a noun opens a genitive attribute ("der Ton der Verkäufer");
        - after a numeral, the plural ("4600 Menschen");
        - with no determiner, the plural first: a person noun is a count noun, whose singular
          takes one ("Menschen warten", "Kunden kaufen"), unless a name follows it
          ("Kanzler Scholz").
        """
        word = word or token.lower_
        readings = self.analyzer.analyze(word)
        if not readings:
            return readings
        at, determiner = self._determiner_before(token)
        if determiner is None:
            return readings if self._name_follows(token) else self._plural_first(word)
        agreeing = tuple(r for r in readings if any(agrees(d, r) for d in determiner))
        if agreeing and self._follows_noun(token, at):
            agreeing = tuple(r for r in agreeing if r.case == "Gen") or agreeing
        return agreeing or readings

    def _determiner_before(self, token: Token) -> tuple[int, tuple[Reading, ...] | None]:
        """(position, readings) of the determiner of ``token``, if any."""
        doc = token.doc
        for i in range(token.i - 1, max(token.i - 1 - _MAX_MODIFIERS, -1), -1):
            word = doc[i].lower_
            if word in self.determiners:
                return i, self.determiners[word]
            if doc[i].like_num and not doc[i].is_alpha:
                return i, _PLURAL
            # adjectives (lower case: no noun) may stand between: "die neuen Lehrer"
            if not (doc[i].is_alpha and doc[i].is_lower):
                break
        return -1, None

    def _follows_noun(self, token: Token, at: int) -> bool:
        """Whether the determiner at ``at`` follows a noun inside the sentence."""
        if at < 2:
            return False
        before = token.doc[at - 1]
        return before.is_title and before.is_alpha and not token.doc[at - 2].is_punct \
            and self.analyzer.is_known(before.lower_)

    def _plural_first_uncached(self, word: str) -> tuple[Reading, ...]:
        readings = self.analyzer.analyze(word)
        return (*(r for r in readings if r.number == "Plur"),
                *(r for r in readings if r.number != "Plur"))

    def _noun_follows(self, token: Token) -> bool:
        return self._capitalised_word_follows(token, known=True)

    def _name_follows(self, token: Token) -> bool:
        return self._capitalised_word_follows(token, known=False)

    def _capitalised_word_follows(self, token: Token, *, known: bool) -> bool:
        """Whether the next token is a capitalised word the dictionary knows (a noun) or, with
        ``known=False``, one it does not know (a name)."""
        if token.i + 1 >= len(token.doc):
            return False
        following = token.doc[token.i + 1]
        return following.is_title and following.is_alpha \
            and self.analyzer.is_known(following.lower_) == known

    def _surface_split_uncached(self, word: str) -> tuple[str, str, LexiconHit] | None:
        """(prefix, head, the head's hit) of a word the dictionary lacks, read as a compound
        by the surface form of its head: "oppositionspolitikerinnen" → politikerinnen."""
        if self.names_no_person(word):
            return None
        for at in range(_MIN_PREFIX, len(word) - _MIN_HEAD_OF_UNKNOWN + 1):
            head = word[at:]
            hit = self.lookup_word(head)
            if hit is not None and hit.entry.gender in (MASCULINE, FEMININE):
                return word[:at], head, hit
        return None


__all__ = ["NounBackend"]
