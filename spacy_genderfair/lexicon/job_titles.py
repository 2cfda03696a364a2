"""Classify job titles (e.g. NER-UK JOB entities) by grammatical gender.

Follows Nahurna & Romanyshyn (2025): take the head word of the title (a multi-word title's
head noun, the last part of a hyphenated word), lemmatise it, then decide by the pair lexicon,
the common-gender list, and finally the word's own morphology.
"""

import re

from ..extensions import COMMON, FEMININE, MASCULINE, NEUTRAL, UNKNOWN
from .person_lexicon import PersonLexicon

TITLE_CLASSES = (MASCULINE, FEMININE, COMMON, NEUTRAL, UNKNOWN)
_WORD = re.compile(r"[^\W\d_]+(?:['’ʼ-][^\W\d_]+)*")
_MORPH_GENDER = {"Masc": MASCULINE, "Fem": FEMININE, "Com": COMMON}


class JobTitleClassifier:
    """lexicon (PersonLexicon): the language's person lexicon (with its analyser, if any)."""

    def __init__(self, lexicon: PersonLexicon) -> None:
        self.lexicon = lexicon
        self.analyzer = lexicon.analyzer
        self.head_first = lexicon.profile.np_head == "first"

    def head_word(self, title: str) -> str | None:
        """The head of a title: its first/last noun (per profile ``np_head``)."""
        words = _WORD.findall(title)
        if self.analyzer is not None:
            # "першого заступника": an adjective that can also be read as a noun is not the head.
            nouns = [w for w in words if self._noun_readings(w) == "noun"]
            nouns = nouns or [w for w in words if self._noun_readings(w)]
            words = nouns or words
        if not words:
            return None
        return words[0] if self.head_first else words[-1]

    def classify(self, title: str) -> str:
        """RETURNS (str): masculine | feminine | common | neutral | unknown."""
        head = self.head_word(title)
        if head is None:
            return UNKNOWN
        candidates = [head]
        if "-" in head:
            candidates.append(head.rsplit("-", 1)[1])
        for word in candidates:
            gender = self._classify_word(word.lower())
            if gender != UNKNOWN:
                return gender
        return UNKNOWN

    def _noun_readings(self, word: str) -> str:
        """"noun" (only noun readings), "mixed" (noun among others) or "" (no noun reading)."""
        pos = {r.pos for r in self.analyzer.analyze(word.lower())}
        if "NOUN" not in pos:
            return ""
        return "noun" if not pos & {"ADJ", "NUM"} else "mixed"

    def _classify_word(self, word: str) -> str:
        # 1-2: pair lexicon and common-gender list (both live in the person lexicon).
        if self.analyzer is not None:
            readings = self.analyzer.analyze(word)
            hit = self.lexicon.lookup_readings(readings)
        else:
            readings = ()
            hit = self.lexicon.lookup(word)
        if hit is not None:
            return hit.entry.gender
        # 3: the word's own grammatical gender (plural forms carry none: ask the lemma).
        for reading in readings:
            if reading.pos != "NOUN":
                continue
            genders = [reading.gender] if reading.gender else [
                r.gender for r in self.analyzer.analyze(reading.lemma)
                if r.pos == "NOUN" and r.lemma == reading.lemma]
            for gender in genders:
                if gender in _MORPH_GENDER:
                    return _MORPH_GENDER[gender]
        return UNKNOWN
