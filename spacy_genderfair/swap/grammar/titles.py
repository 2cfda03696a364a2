"""A quoted name: a short phrase in quotes that opens with a capital and has no verb («Шахтар»,
«Видавництво Старого Лева», «Холістичне детективне агентство Дірка Джентлі», "Урядовий
кур'єр"). It names a team, a firm, a paper or a work, and stays whole in a swap, person nouns
and first names in it included; a quoted sentence has a verb or punctuation ("« З дружиною
порадитися »", "« Марік , — зверталася") and is swapped as any other text.
"""

from collections.abc import Callable, Sequence

from spacy.tokens import Doc, Token

from ...tokens import is_word
from .government import _CLOSING_QUOTES, _OPENING_QUOTES

# Straight double quotes open a title too ("Урядовий кур'єр").
_TITLE_OPENING_QUOTES = _OPENING_QUOTES | {'"'}
# The most words a quoted name has; a longer quoted phrase is taken for a quotation.
QUOTED_TITLE_WIDTH = 6


def in_quoted_title(doc: Doc | Sequence[Token], i: int, readings: Callable) -> bool:
    """Whether the word at ``i`` is in a quoted name (see the module docstring): the run of
    words around it (hyphens inside: «Зіко-Буд») has an opening quote before it and a
    closing one after, opens with a capital, is at most ``QUOTED_TITLE_WIDTH`` words long
    and none of its words reads as a verb, but as a name (``readings``: a token's
    analyser readings)."""
    def in_run(k: int) -> bool:
        return is_word(doc[k]) or (doc[k].text == "-" and 0 < k < len(doc) - 1
                                   and is_word(doc[k - 1]) and is_word(doc[k + 1]))
    start = i
    while start > 0 and in_run(start - 1):
        start -= 1
    end = i + 1
    while end < len(doc) and in_run(end):
        end += 1
    words = [doc[k] for k in range(start, end) if is_word(doc[k])]
    return 0 < start and end < len(doc) and len(words) <= QUOTED_TITLE_WIDTH \
        and doc[start].text[:1].isupper() and doc[start - 1].text in _TITLE_OPENING_QUOTES \
        and doc[end].text in _CLOSING_QUOTES \
        and not any(_verb(readings(word)) for word in words)


def _verb(readings) -> bool:
    # (a name that spells like a verb is the name: «Радій», the imperative of радіти too)
    return any(r.pos == "VERB" for r in readings) and not any(r.name_part for r in readings)
