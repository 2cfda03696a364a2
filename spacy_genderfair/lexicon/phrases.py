"""Person nouns of several words ("member of parliament", "пані академік") found in a Doc."""

import re
from collections.abc import Iterator, Mapping

from spacy.tokens import Doc, Span, Token

# The letters a phrase's first word begins with: the key under which the phrase is looked
# for at a token ("actor's agent" at the token "actor", "mr. smith" at "mr.").
_LEADING_WORD = re.compile(r"\w+")


class PhraseIndex:
    """The multi-word forms of a person lexicon, matched on a Doc's tokens.

    forms (Mapping[str, LexiconHit]): every surface form of the lexicon, lower-cased; those
        with a space are phrases (user lexicons write them: a GenderGid cell, a WordNet entry).
    """

    def __init__(self, forms: Mapping) -> None:
        self._forms = forms
        # first word's key -> (most words, most characters) of the phrases it begins
        self._starts: dict[str, tuple[int, int]] = {}
        for form in forms:
            if " " in form:
                key = _leading_word(form)
                words, chars = self._starts.get(key, (0, 0))
                self._starts[key] = (max(words, form.count(" ") + 1), max(chars, len(form)))

    def find(self, doc: Doc) -> Iterator[tuple[Span, object]]:
        """The phrases in ``doc``, the longest at each token, none overlapping; matched
        case-insensitively with any whitespace between the words, as listed or in the form
        the profile's inflection makes of the whole ("police officers").

        YIELDS (Span, LexiconHit): the phrase's tokens and its entry.
        """
        if not self._starts:
            return  # (most lexicons have no phrase: no cost per token)
        start = 0
        while start < len(doc):
            found = self._at(doc, start)
            if found is None:
                start += 1
                continue
            end, hit = found
            yield doc[start:end], hit
            start = end

    def _at(self, doc: Doc, start: int):
        limits = self._starts.get(_leading_word(doc[start].lower_))
        if limits is None:
            return None
        most_words, most_chars = limits
        found = None
        for end in range(start + 2, len(doc) + 1):
            text = " ".join(doc[start:end].text.lower().split())
            if text.count(" ") >= most_words or len(text) > most_chars:
                break
            hit = self._forms.get(text)
            if hit is not None and " " in text:
                found = (end, hit)
        return found

    def head(self, span: Span) -> Token:
        """The word of a phrase that carries its mark: its last person noun ("member" of
        "member of parliament", "академік" of "пані академік"), else its last word."""
        words = [token for token in span if token.is_alpha] or list(span)
        return next((token for token in reversed(words) if token.lower_ in self._forms),
                    words[-1])


def _leading_word(text: str) -> str:
    match = _LEADING_WORD.match(text)
    return match.group() if match else text


__all__ = ["PhraseIndex"]
