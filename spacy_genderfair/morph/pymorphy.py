"""pymorphy3 backend (Ukrainian dictionaries from pymorphy3-dicts-uk)."""

from functools import cache, lru_cache

from ..registry import morph_analyzers
from ..tokens import ascii_apostrophes, same_letters
from . import Reading

# pymorphy3 (OpenCorpora) grammemes -> UD values.
_POS = {
    "NOUN": "NOUN", "ADJF": "ADJ", "ADJS": "ADJ", "COMP": "ADJ", "PRTF": "ADJ", "PRTS": "ADJ",
    "VERB": "VERB", "INFN": "VERB", "GRND": "VERB", "NUMR": "NUM", "ADVB": "ADV",
    "NPRO": "PRON", "PRED": "ADV", "PREP": "ADP", "CONJ": "CCONJ", "PRCL": "PART", "INTJ": "INTJ",
}
_GENDER = {"masc": "Masc", "femn": "Fem", "neut": "Neut", "ms-f": "Com"}
_NUMBER = {"sing": "Sing", "plur": "Plur"}
_CASE = {
    "nomn": "Nom", "gent": "Gen", "datv": "Dat", "accs": "Acc", "ablt": "Ins", "loct": "Loc",
    "voct": "Voc",
}
_UD_TO_GRAMMEME = {
    "gender": {"Masc": "masc", "Fem": "femn", "Neut": "neut"},
    "number": {"Sing": "sing", "Plur": "plur"},
    "case": {ud: grammeme for grammeme, ud in _CASE.items()},
}
_NAME_PART = {"Name": "first", "Patr": "patronymic", "Surn": "surname"}
_VERB_FORM = {"VERB": "Fin", "INFN": "Inf", "GRND": "Conv"}
# The uk dictionaries tag infinitives VERB + "infn" rather than INFN.
_INFINITIVE = "infn"
_REFLEXIVE = "Refl"
# The tag of a verb's impersonal form in -но/-то (звільнено, допитано).
_IMPERSONAL = "Impe"
# The short reflexive ending -сь is written only after these (звернулась; звернувся).
_VOWELS = frozenset("аеєиіїоуюя")
_PERSON = {"1per": "1", "2per": "2", "3per": "3"}
# pymorphy3-dicts-uk's mark of a non-standard (dialectal or older) form.
_NON_STANDARD = "Dist"
# ґ spelled as the dictionaries spell the words they know only with г.
_PLAIN_G = str.maketrans("ґҐ", "гГ")
# The -ові endings a masculine person noun has in the singular dative and locative (Петрові).
_OVI_ENDINGS = ("ові", "еві", "єві")


@morph_analyzers.register("pymorphy3.v1")
class Pymorphy3Analyzer:
    """Morphological analyser over pymorphy3 with ``lang="uk"``.

    lang (str): pymorphy3 dictionary language. Defaults to "uk".
    """

    def __init__(self, lang: str = "uk") -> None:
        import pymorphy3  # lazy: loading the dictionaries takes a moment

        self._morph = pymorphy3.MorphAnalyzer(lang=lang)
        # Per-instance caches: corpora repeat words, and parsing is the costly part.
        self.analyze = lru_cache(maxsize=200_000)(self._analyze)
        self.is_known = lru_cache(maxsize=200_000)(self._is_known)
        self._inflect = lru_cache(maxsize=200_000)(self._inflect_uncached)
        self.transitive = lru_cache(maxsize=50_000)(self._transitive)

    def _analyze(self, word: str) -> tuple[Reading, ...]:
        # The non-standard readings (the dictionaries' "Dist": "народній" as a soft-stem
        # народній) come last, so that the standard lexeme (народний) is the one agreement
        # re-inflects: "народній депутатці" → "народному депутату", not "народньому".
        readings, non_standard = [], []
        for parse in self._morph.parse(self._spelling(word)):
            before_case, case, after_case, lemma_is_nominative, dist = _tag_features(parse.tag)
            if case is None and lemma_is_nominative and parse.word == parse.normal_form:
                case = "Nom"  # (see _case)
            (non_standard if dist else readings).append(
                Reading(parse.normal_form, *before_case, case, *after_case))
        return (*readings, *non_standard)

    def inflect(self, word: str, reading: Reading, **features: str) -> str | None:
        """Re-inflect ``word`` from the parse that matches ``reading``.

        features: UD values by name, e.g. ``gender="Fem"``, ``case="Gen"``, ``number="Plur"``.
        """
        return self._inflect(word, reading, tuple(sorted(features.items())))

    def _inflect_uncached(self, word: str, reading: Reading, features: tuple) -> str | None:
        grammemes = set()
        for name, value in features:
            grammeme = _UD_TO_GRAMMEME[name].get(value)
            if grammeme is None:
                return None
            grammemes.add(grammeme)
        for parse in self._morph.parse(self._spelling(word)):
            tag = parse.tag
            if (parse.normal_form != reading.lemma or _pos(tag) != reading.pos
                    or (reading.case and _case(parse) != reading.case)
                    or (reading.gender and _GENDER.get(tag.gender) != reading.gender)
                    or (tag.animacy == "anim") != reading.animate
                    or _name_part(tag) != reading.name_part):
                # another lexeme: Мельник the woman's surname is not the miller, Володимир
                # the man (accusative Володимира) is not the town (accusative Володимир)
                continue
            inflected = parse.inflect(grammemes)
            if inflected is not None:
                return same_letters(word, _closest_form(word, inflected, parse))
        return None

    def _transitive(self, word: str) -> bool:
        # Only a transitive verb makes the impersonal -но/-то form ("звільнити" →
        # "звільнено"; "входити" has none): the dictionaries' one trace of transitivity.
        return any(_pos(parse.tag) == "VERB"
                   and any(_IMPERSONAL in form.tag for form in parse.lexeme)
                   for parse in self._morph.parse(self._spelling(word)))

    def _is_known(self, word: str) -> bool:
        return self._morph.word_is_known(self._spelling(word))

    def _spelling(self, word: str) -> str:
        """``word`` as the dictionaries spell it: the ASCII apostrophe, and г for the ґ that
        the 2019 orthography allows in foreign names and loans where the dictionaries
        know only г ("Дуґлас", "Булґакова", "Вольфґанґ"; "ґанок" stays ґ)."""
        word = ascii_apostrophes(word)
        if "ґ" not in word.lower() or self._morph.word_is_known(word):
            return word
        plain = word.translate(_PLAIN_G)
        return plain if self._morph.word_is_known(plain) else word


def _case(parse) -> str | None:
    _, case, _, lemma_is_nominative, _ = _tag_features(parse.tag)
    if case is None and lemma_is_nominative and parse.word == parse.normal_form:
        # Some uk lemmas (секретар, розвідниця, дніпропетровський) carry no case; the
        # lemma form is nominative.
        return "Nom"
    return case


@cache
def _tag_features(tag) -> tuple[tuple, str | None, tuple, bool, bool]:
    """A tag's Reading fields before the case (pos, gender, number), its case, its fields
    after the case, whether its lemma form would be nominative (a caseless noun or
    adjective) and whether it is non-standard, worked out once per tag: the dictionaries
    have a few thousand tags, and reading grammemes off a tag is much of the cost of a
    parse."""
    pos = _pos(tag)
    before_case = (
        pos,
        _GENDER.get(tag.gender),
        # The uk dictionaries leave number out of singular forms that carry gender.
        _NUMBER.get(tag.number) or ("Sing" if tag.gender else None),
    )
    after_case = (
        tag.animacy == "anim",
        _name_part(tag),
        "Inf" if _INFINITIVE in tag else _VERB_FORM.get(tag.POS),
        _REFLEXIVE in tag,
        _PERSON.get(tag.person),
    )
    return (before_case, _CASE.get(tag.case), after_case, pos in ("NOUN", "ADJ"),
            _NON_STANDARD in tag)


def _name_part(tag) -> str | None:
    return next((v for k, v in _NAME_PART.items() if k in tag), None)


def _pos(tag) -> str:
    pos = _POS.get(tag.POS, "X")
    return "PROPN" if pos == "NOUN" and _name_part(tag) else pos


def _closest_form(word: str, inflected, parse) -> str:
    """Of the forms the lexeme has for the inflected tag, the one closest to the text's own:
    its reflexive ending, -ся or -сь, where the norm allows -сь (after a vowel: звільнився →
    звільнилася, числилась → числився, not the poetic числивсь), and a verb's stem
    (прагнула → прагнув, not праг); else the form pymorphy3 inflects to."""
    forms = [form.word for form in parse.lexeme if form.tag == inflected.tag]
    forms = [inflected.word, *(form for form in forms if form != inflected.word)]
    ending = word[-2:]
    if ending in ("ся", "сь"):
        forms = [form for form in forms
                 if form.endswith(ending if form[-3:-2] in _VOWELS else "ся")] or forms
    if inflected.tag.POS != "VERB":
        # a word that agrees with a person mostly predicates of it, in the short form where
        # the lexeme has one ("повинна" → "повинен", "певна" → "певен"), and the pronouns'
        # short forms are the usual ones ("кожна" → "кожен"); else pymorphy3's form (the
        # stem only tells a verb's variants apart: "одного" is no reason for the colloquial
        # "одної")
        if "nomn" in inflected.tag:
            return min(forms, key=len)
        if {"loct", "masc", "anim"} <= inflected.tag.grammemes and "plur" not in inflected.tag:
            # a man's locative ends in -ові/-еві/-єві, the norm for persons ("на Дмитрові",
            # "при батькові"), though the dictionaries list "Дмитрі" first
            return next((form for form in forms if form.endswith(_OVI_ENDINGS)),
                        forms[0])
        if {"datv", "masc", "anim"} <= inflected.tag.grammemes and "plur" not in inflected.tag:
            # a man's dative as texts write it: -у/-ю ("синові" and "сину" are both the norm,
            # but NER-UK's texts have "Івану", "депутату" eight times as often as -ові)
            return next((form for form in forms if not form.endswith(_OVI_ENDINGS)),
                        forms[0])
        return forms[0]
    return max(forms, key=lambda form: _shared_prefix(form, word))  # (the first on a tie)


def _shared_prefix(a: str, b: str) -> int:
    """How many first letters ``a`` and ``b`` share."""
    return next((k for k, (x, y) in enumerate(zip(a, b, strict=False)) if x != y),
                min(len(a), len(b)))
