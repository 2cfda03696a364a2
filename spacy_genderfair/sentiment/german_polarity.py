"""German: a lexicon scorer over the German Polarity Lexicon (Clematide & Klenner 2010).

Data: ``textblob_de/data/de-sentiment.xml`` from the ``textblob-de`` package (MIT package; the
file itself states "Licensed under the Apache License, Version 2.0", polarity values by
Klenner et al. 2010, XML version by Markus Killer). About 7,400 polar lemmas, polarity in
[-1, 1]. The file is read from the installed package without importing ``textblob_de``: that
import needs ``textblob<0.18`` (textblob-de 0.4.3 imports ``textblob.translate``, removed in
textblob 0.18), the data file does not. Works offline.

Why not textblob-de's own analyzer: it lower-cases every word before the lookup, so no noun
("Erfolg", "Krise") is ever found, and it only knows lemmas while its tagger often fails to
lemmatise inflected adjectives ("schlechten"). Here a word is looked up as written, lower-cased
and capitalised, then with common inflection endings removed. Alternatives considered: SentiWS
(``gersent``, ``spacy-sentiws``) is CC BY-NC-SA (non-commercial); ``germansentiment`` is a
transformer that downloads its model; ``asent``'s German list (Chen & Skiena 2014) is GPL-3.0
and binary.

Scoring: the mean polarity of the polar words of the text, in [-1, 1]. A negation ("nicht",
"kein…", "nie", "ohne", …) flips the first polar word within the next three words; one of
the lexicon's degree adverbs ("extrem", "kaum", "wenig", …) scales the next polar word. A
negation after the word it negates ("Das mag ich nicht") is not seen.
"""

import re
from importlib.util import find_spec
from pathlib import Path
from statistics import fmean
from xml.etree import ElementTree

from spacy.util import registry

from .base import missing_backend

REQUIREMENT = "textblob-de>=0.4.3"
NAME = "spacy_genderfair.german_polarity_scorer.v1"

NEGATIONS = frozenset(
    "nicht nie niemals nimmer nichts ohne weder kein keine keinen keinem keiner keines".split()
)
NEGATION_WINDOW = 3  # words after a negation that it can reach
INTENSITY_WINDOW = 2  # words after a degree adverb that it can reach
# Inflection endings tried longest first (superlative, comparative, declension).
ENDINGS = tuple(
    "esten estem ester estes este sten stem ster stes ste eren erem erer eres ere "
    "en em er es e n s".split()
)
# Finite verb and participle endings -> infinitive endings ("hasst" -> "hassen").
VERB_ENDINGS = (
    ("test", "en"), ("tet", "en"), ("ten", "en"), ("te", "en"), ("est", "en"), ("et", "en"),
    ("st", "en"), ("t", "en"), ("t", "n"), ("e", "en"),
)
MIN_STEM = 3
WORD = re.compile(r"[^\W\d_]+")


def lexicon_path() -> Path:
    """The German Polarity Lexicon file of the installed textblob-de."""
    spec = find_spec("textblob_de")
    if spec is None or not spec.submodule_search_locations:
        raise missing_backend(REQUIREMENT, NAME, "textblob-de is not installed")
    path = Path(next(iter(spec.submodule_search_locations))) / "data" / "de-sentiment.xml"
    if not path.is_file():
        raise missing_backend(REQUIREMENT, NAME, f"{path} is missing")
    return path


class GermanPolarityScorer:
    """Mean polarity of the German Polarity Lexicon words in a text, in [-1, 1].

    path (str | Path | None): a lexicon file in the textblob-de XML format
        (``<word form=… polarity=… intensity=…/>``). Defaults to the one in textblob-de.
    """

    def __init__(self, path=None) -> None:
        self.polarity: dict[str, float] = {}
        self.intensity: dict[str, float] = {}
        self._read(Path(path) if path is not None else lexicon_path())
        self._memo: dict[str, str | None] = {}

    def _read(self, path: Path) -> None:
        values: dict[str, list[float]] = {}
        for word in ElementTree.parse(path).getroot().iter("word"):
            form = word.get("form")
            polarity = float(word.get("polarity", 0))
            intensity = float(word.get("intensity", 1))
            if not form:
                continue
            if polarity:
                values.setdefault(form, []).append(polarity)
            if intensity != 1.0:
                self.intensity[form.lower()] = intensity
        # A form listed under several parts of speech gets its mean polarity.
        self.polarity = {form: fmean(ps) for form, ps in values.items()}

    def score(self, text: str) -> float:
        values = []
        negate_until = intensify_until = -1
        factor = 1.0
        for i, word in enumerate(WORD.findall(text)):
            lower = word.lower()
            if lower in NEGATIONS:
                negate_until = i + NEGATION_WINDOW
                continue
            if lower in self.intensity:
                factor, intensify_until = self.intensity[lower], i + INTENSITY_WINDOW
                continue
            entry = self.lookup(word)
            if entry is None:
                continue
            value = self.polarity[entry]
            if i <= intensify_until:
                value, intensify_until = value * factor, -1
            if i <= negate_until:
                value, negate_until = -value, -1
            values.append(max(-1.0, min(1.0, value)))
        return fmean(values) if values else 0.0

    def lookup(self, word: str) -> str | None:
        """The lexicon entry for a word form, or None: the form as written, lower-cased and
        capitalised, then without an inflection ending, then as an infinitive."""
        try:
            return self._memo[word]
        except KeyError:
            pass
        entry = None
        for cased in dict.fromkeys((word, word.lower(), word.capitalize())):
            entry = next((f for f in _candidates(cased) if f in self.polarity), None)
            if entry is not None:
                break
        if len(self._memo) < 200_000:  # bound the memo on huge vocabularies
            self._memo[word] = entry
        return entry


def _candidates(word: str):
    yield word
    for ending in ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= MIN_STEM:
            yield word[: -len(ending)]
    # Finite forms, then participles without "ge" ("gefeiert" -> "feiern").
    stems = (word, word[2:]) if word.startswith("ge") else (word,)
    for stem in stems:
        for ending, infinitive in VERB_ENDINGS:
            if stem.endswith(ending) and len(stem) - len(ending) >= MIN_STEM:
                yield stem[: -len(ending)] + infinitive


@registry.misc(NAME)
def german_polarity_scorer(path: str | None = None) -> GermanPolarityScorer:
    """The German Polarity Lexicon.

    path (str | None): the lexicon's XML file. Defaults to the one textblob-de installs.
    """
    return GermanPolarityScorer(path)
