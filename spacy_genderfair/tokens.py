"""Small token helpers shared by the components."""

import re
from functools import lru_cache

from spacy.tokens import Token

# Letters with apostrophes inside, as Ukrainian writes them: з'явився, пов’язаний, Мар'яна.
_WORD = re.compile(r"[^\W\d_]+(?:['’ʼ][^\W\d_]+)+")
# A number written in digits joined to a declined word: 30-річний, 5-поверхового (not the
# suffixed ordinals "5-го", "2-х").
_NUMBER_COMPOUND = re.compile(r"\d+-[^\W\d_]{3,}")
_TO_ASCII_APOSTROPHE = str.maketrans({"’": "'", "ʼ": "'"})
# The apostrophes words are written with (our data and the dictionaries use ASCII ').
APOSTROPHES = frozenset("'’ʼ")
_SENTENCE_END = frozenset(".!?…:;\"“”„«»—–-")


def sentence_initial(token: Token) -> bool:
    """Whether a token starts a sentence (by the parse/senter, or after end punctuation)."""
    return bool(token.is_sent_start) or opens_sentence_by_text(token)


def opens_sentence_by_text(token: Token) -> bool:
    """Whether a token starts a sentence by the text alone: the first token, or after end
    punctuation. The same with any pipeline, where a parse's sentences are not."""
    if token.i == 0:
        return True
    previous = token.doc[token.i - 1]
    return previous.is_punct and previous.text[-1:] in _SENTENCE_END


def first(values: list[str]) -> str | None:
    return values[0] if values else None


def one_gender(values: list[str]) -> str | None:
    """Reduce a UD Gender value list to "Fem", "Masc" or None.

    "Masc,Neut" (his/its) still rules out she/her; only the feminine/masculine split matters.
    """
    if "Fem" in values:
        return "Fem" if "Masc" not in values else None
    return "Masc" if "Masc" in values else None


def is_word(token: Token) -> bool:
    """Whether a token is a word: letters only, letters with apostrophes inside, or a
    number joined to a declined word ("30-річним")."""
    return token.is_alpha or _word_text(token.text)


@lru_cache(maxsize=20_000)
def _word_text(text: str) -> bool:
    # (cached: the words that are not all letters are mostly the same punctuation marks)
    return _WORD.fullmatch(text) is not None or _NUMBER_COMPOUND.fullmatch(text) is not None


def prefix_hyphen(tokens, j: int) -> bool:
    """Whether token ``j`` of ``tokens`` (a Doc or a list of its tokens) is the hyphen after a
    prefix written together with the next word ("віце-спікера", "екс-директора")."""
    return (j > 0 and tokens[j].text == "-" and not tokens[j].whitespace_
            and is_word(tokens[j - 1]) and not tokens[j - 1].whitespace_)


def ascii_apostrophes(text: str) -> str:
    """``text`` with ’ and ʼ spelled as the ASCII apostrophe, as word lists and the uk
    dictionaries write them."""
    return text.translate(_TO_ASCII_APOSTROPHE)


def same_letters(word: str, inflected: str) -> str:
    """A form of ``word`` (inflected, or made by a rule from the dictionaries' lemma)
    spelled with the word's own apostrophe ("з’явився" → "з’явилася", not the
    dictionaries' "з'явилася") and its own ґ where the dictionaries have г ("Булґаков" →
    "Булґакова", not "Булгакова")."""
    mark = next((c for c in "’ʼ" if c in word), None)
    if mark:
        inflected = inflected.replace("'", mark)
    if "ґ" in word.lower():
        inflected = "".join(
            word[i] if i < len(word) and word[i] in "ґҐ" and c in "гГ" else c
            for i, c in enumerate(inflected))
    return inflected


def initial_stop(tokens, j: int) -> bool:
    """Whether token ``j`` of ``tokens`` is the full stop of a name's initial written apart
    from it: "А . де Барі", "І . К . Мацуревича"."""
    return 0 < j and tokens[j].text == "." and len(tokens[j - 1].text) == 1 \
        and tokens[j - 1].text.isupper()


def counts_several(token: Token, *, singular_after_ones: bool = False) -> bool:
    """Whether ``token`` is a whole number in figures that counts more than one of what
    follows: not 0 or 1, and with ``singular_after_ones`` (Ukrainian) not 21, 31 … either,
    which take the singular (11 does not)."""
    text = token.text
    return text.isdigit() and text.lstrip("0") not in ("", "1") and not (
        singular_after_ones and text.endswith("1") and not text.endswith("11"))


def is_initial(token: Token) -> bool:
    """Whether ``token`` is an initial of a name: "О."."""
    return len(token.text) == 2 and token.text[0].isupper() and token.text[1] == "."
