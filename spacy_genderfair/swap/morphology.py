"""Swap the gender of person nouns and what agrees with them, by morphology.

For languages with a morphological analyser (Ukrainian: pymorphy3), without a parser:

1. a singular person noun with a counterpart in the lexicon (лікар ↔ лікарка) is replaced by
   the counterpart lemma re-inflected to the original case (лікаря → лікарки);
2. the words that agree with it change gender too: the contiguous modifiers before it
   (черговий → чергова) and, for a nominative subject, the past-tense verb of its clause
   (поінформував → поінформувала);
3. a common-gender noun (суддя) stays; its agreeing words change;
4. plural nouns, and a person noun in the genitive right after another person noun (the
   possessor: "Син директора"), stay unchanged;
4a. third-person singular pronouns change by the profile's ``pronoun_pairs.tsv`` (він ↔
   вона, йому ↔ їй), and a nominative one takes its verb along (він прийшов → вона прийшла);
5. a word whose counterpart or form the lexicon and the analyser do not know is left as it is
   and reported: nothing is invented.

Every change is an ``Edit`` (token index, old, new, reason), JSON-able via ``to_dict``.
"""

from dataclasses import asdict, dataclass

from spacy.tokens import Doc, Token

from ..extensions import COMMON, FEMININE, MASCULINE
from ..lexicon import Lexicon, LexiconHit
from ..morph import Reading

DIRECTIONS = ("invert", "to_feminine", "to_masculine")
_UD_GENDER = {MASCULINE: "Masc", FEMININE: "Fem"}
_FLIP = {"Masc": "Fem", "Fem": "Masc"}
# Words that agree with a noun before it: adjectives, participles, ordinals, and
# determiners such as "наш", "цей", "свій" (pymorphy3 tags them as pronouns).
_MODIFIER_POS = ("ADJ", "PRON")
# Punctuation that ends the stretch in which a subject's verb is looked for.
_CLAUSE_END = frozenset(".,;:!?—–()\"«»„“”")


@dataclass(frozen=True)
class Edit:
    i: int
    old: str
    new: str | None  # None: the word should change but no form is known (reported, kept)
    reason: str

    def to_dict(self) -> dict:
        return asdict(self)


def swap_edits(doc: Doc, lexicon: Lexicon, direction: str = "invert") -> list[Edit]:
    """The edits that swap the gender of the person nouns of ``doc``."""
    if direction not in DIRECTIONS:
        raise ValueError(f"direction must be one of {DIRECTIONS}, got {direction!r}")
    if lexicon.analyzer is None:
        raise ValueError(f"Swapping by morphology needs a morphological analyser; the "
                         f"'{lexicon.profile.code}' profile has none")
    return _MorphSwapper(doc, lexicon, direction).edits()


def apply_edits(doc: Doc, edits: list[Edit]) -> str:
    """The text of ``doc`` with the edits applied (whitespace and capitalisation kept)."""
    new = {e.i: e.new for e in edits if e.new is not None}
    return "".join(_match_case(doc[i].text, new[i]) + doc[i].whitespace_ if i in new
                   else doc[i].text_with_ws for i in range(len(doc)))


def _match_case(old: str, new: str) -> str:
    if old.isupper() and len(old) > 1:
        return new.upper()
    if old[:1].isupper():
        return new[:1].upper() + new[1:]
    return new


class _MorphSwapper:
    def __init__(self, doc: Doc, lexicon: Lexicon, direction: str) -> None:
        self.doc = doc
        self.lex = lexicon
        self.analyzer = lexicon.analyzer
        self.direction = direction
        self.edits_by_token: dict[int, Edit] = {}
        pairs = lexicon.profile.pronoun_pairs
        self.pronoun_counterparts = {
            "Masc": {m: f for m, f in pairs},
            "Fem": {f: m for m, f in reversed(pairs)},  # the first listed form wins
        }

    def edits(self) -> list[Edit]:
        for token in self.doc:
            if token.i in self.edits_by_token or not token.is_alpha:
                continue
            found = self._person_noun(token)
            if found is not None:
                self._swap_person(token, *found)
            else:
                self._swap_pronoun(token)
        return [self.edits_by_token[i] for i in sorted(self.edits_by_token)]

    def _swap_pronoun(self, token: Token) -> None:
        for gender, counterparts in self.pronoun_counterparts.items():
            new = counterparts.get(token.lower_)
            if new is None or not self._wanted(gender):
                continue
            self._record(token.i, token.text, new, "pronoun")
            if any(r.case == "nom" for r in self.lex.pronouns.readings(token.lower_)):
                nominative = Reading(lemma=token.lower_, pos="PRON", gender=gender,
                                     number="Sing", case="Nom")
                self._swap_agreement(token, nominative, gender, f"agreement with {token.text}")
            return

    def _readings(self, token: Token) -> tuple[Reading, ...]:
        return self.lex.token_readings(token)

    def _person_noun(self, token: Token, *, check_next: bool = True
                     ) -> tuple[LexiconHit, Reading] | None:
        readings = self._readings(token)
        if check_next and token.i + 1 < len(self.doc) and any(r.pos == "ADJ" for r in readings):
            if self._person_noun(self.doc[token.i + 1], check_next=False) is not None:
                return None  # "черговий лікар": the modifier, not a nominalised noun
        candidates = []
        for reading in readings:
            if reading.pos != "NOUN" or reading.number == "Plur":
                continue
            hit = self.lex.persons.lookup_readings((reading,))
            if hit is not None:
                candidates.append((hit, reading))
        if not candidates:
            return None
        # An animate masculine accusative looks like the genitive ("зустрів відомого
        # журналіста"): right after a verb (and its modifiers), the accusative is the reading.
        j = token.i - 1
        while j >= 0 and self.doc[j].is_alpha and any(
                r.pos in _MODIFIER_POS for r in self._readings(self.doc[j])):
            j -= 1
        previous = self.doc[j] if j >= 0 else None
        governors = self.lex.profile.genitive_governors
        negated = j > 0 and self.doc[j - 1].lower_ in governors  # "не бачив лікаря"
        if (previous is not None and previous.lower_ not in governors and not negated
                and any(r.pos == "VERB" for r in self._readings(previous))):
            for hit, reading in candidates:
                if reading.case == "Acc":
                    return hit, reading
        return candidates[0]

    def _wanted(self, gender: str) -> bool:
        return (self.direction == "invert"
                or (self.direction == "to_feminine" and gender == "Masc")
                or (self.direction == "to_masculine" and gender == "Fem"))

    def _swap_person(self, token: Token, hit: LexiconHit, reading: Reading) -> None:
        entry = hit.entry
        if self._is_possessor(token, reading):
            return
        if entry.gender == COMMON:
            gender = self._agreement_gender(token, reading)
            if gender and self._wanted(gender):
                self._swap_agreement(token, reading, gender, "agreement with common noun")
            return
        gender = _UD_GENDER.get(entry.gender)
        if gender is None or not self._wanted(gender):
            return
        if not entry.counterparts:
            self._record(token.i, token.text, None, f"no counterpart of '{entry.lemma}'")
            return
        counterpart = entry.counterparts[0]
        new = self._counterpart_form(counterpart, reading)
        self._record(token.i, token.text, new,
                     f"{entry.lemma} -> {counterpart}" if new else
                     f"no {reading.case} form of '{counterpart}'")
        self._swap_agreement(token, reading, gender, f"agreement with {entry.lemma}")

    def _counterpart_form(self, lemma: str, reading: Reading) -> str | None:
        for base in self.analyzer.analyze(lemma):
            if base.pos == "NOUN" and base.lemma == lemma:
                return self.analyzer.inflect(lemma, base, case=reading.case or "Nom")
        return None

    def _is_possessor(self, token: Token, reading: Reading) -> bool:
        """A genitive right after another person noun: "Син директора" keeps директора."""
        if reading.case != "Gen" or token.i == 0:
            return False
        return self._person_noun(self.doc[token.i - 1]) is not None

    def _agreement_gender(self, token: Token, reading: Reading) -> str | None:
        first = next(self._agreeing(token, reading, gender=None), None)
        return first[1].gender if first else None

    def _swap_agreement(self, token: Token, reading: Reading, gender: str, reason: str) -> None:
        for other, other_reading in self._agreeing(token, reading, gender):
            new = self.analyzer.inflect(other.lower_, other_reading, gender=_FLIP[gender])
            self._record(other.i, other.text, new,
                         reason if new else f"{reason}: no {_FLIP[gender]} form")

    def _agreeing(self, token: Token, reading: Reading, gender: str | None):
        """Modifiers right before the noun in its case, then (for a nominative subject) the
        first past-tense verb of its clause; each with the reading that agrees."""
        doc = self.doc
        for j in range(token.i - 1, -1, -1):
            if doc[j].lower_ in self.lex.pronouns:
                break  # "його брат": a possessor's pronoun does not agree with the noun
            match = self._agreeing_reading(doc[j], _MODIFIER_POS, gender, reading.case)
            if match is None:
                break
            yield doc[j], match
        if reading.case != "Nom":
            return
        # The subject's verb: after it in the clause, else before it ("Прийшов лікар").
        for step in (1, -1):
            j = token.i + step
            while 0 <= j < len(doc) and doc[j].text not in _CLAUSE_END:
                match = self._agreeing_reading(doc[j], ("VERB",), gender, None)
                if match is not None:
                    yield doc[j], match
                    return
                j += step

    def _agreeing_reading(self, token: Token, pos: tuple, gender: str | None,
                          case: str | None) -> Reading | None:
        if not token.is_alpha:
            return None
        for reading in self._readings(token):
            if (reading.pos in pos and reading.gender in _FLIP and reading.number != "Plur"
                    and (gender is None or reading.gender == gender)
                    and (case is None or reading.case == case)):
                return reading
        return None

    def _record(self, i: int, old: str, new: str | None, reason: str) -> None:
        if i not in self.edits_by_token:
            self.edits_by_token[i] = Edit(i, old, new, reason)
