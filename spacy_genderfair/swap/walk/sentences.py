"""The sentences of a Doc the clause walk swaps one at a time.

The walk's decisions are a sentence's: which persons it swaps (and so which way
``feminine_first`` goes), the only subject of a gender a verb agrees with, the spouse whose
partner turned. A Doc of many sentences (a paragraph, a whole document) is therefore swapped
sentence by sentence, each pronoun reading its antecedent back into the sentences before
(``antecedents.py``), and a person keeps one new name throughout.

Where the Doc has sentence boundaries (a parser's or a senter's), they are its sentences;
a bare tokenizer's Doc is cut after an end mark (. ! ? …) before a word that opens a
sentence (a capital, a dash of dialogue, an opening quote), and at a line break; never after
an initial ("І . Франка", "Т. Шевченка") or an abbreviation (``abbreviation``: a word the
analyser does not know, "ім.", "вул.", or one of the profile's eponym markers, "м.", "с.").
"""

from collections.abc import Callable

from spacy.tokens import Doc

_END_MARKS = frozenset({".", "!", "?", "…", "...", "?!", "!?", "?.."})
_OPENERS = frozenset("«„“\"'(")
_DASHES = frozenset({"—", "–", "-"})
_CLOSING = frozenset("»”\")")


def sentence_bounds(doc: Doc, abbreviation: Callable[[str], bool] = lambda word: False
                    ) -> list[tuple[int, int]]:
    """The (start, end) token spans of the sentences of ``doc``, in order; ``abbreviation``
    says whether a lower-case word before a full stop is one."""
    if len(doc) == 0:
        return []
    if doc.has_annotation("SENT_START"):
        return [(sent.start, sent.end) for sent in doc.sents]
    # (the words read once: indexing a Doc makes a new Token object each time)
    texts, spaces = [], []
    for token in doc:
        texts.append(token.text)
        spaces.append(token.whitespace_)
    bounds, start = [], 0
    for i in range(1, len(texts)):
        if _opens_sentence(texts, spaces, i, abbreviation):
            bounds.append((start, i))
            start = i
    bounds.append((start, len(texts)))
    return bounds


def _opens_sentence(texts: list[str], spaces: list[str], i: int,
                    abbreviation: Callable[[str], bool]) -> bool:
    """Whether word ``i`` (of a bare Doc's ``texts`` and trailing ``spaces``) opens a
    sentence."""
    before, space, word = texts[i - 1], spaces[i - 1], texts[i]
    if "\n" in before or "\n" in space:
        return not word.isspace()
    if word.isspace() or not space:
        return False
    end = i - 1
    if end > 0 and texts[end] in _CLOSING:
        end -= 1  # (a closing quote after the mark: «… !» Він …)
    if texts[end] not in _END_MARKS:
        return False
    if texts[end] == "." and end > 0:
        previous = texts[end - 1]
        if (len(previous) == 1 and previous.isalpha()) \
                or (previous.islower() and abbreviation(previous)):
            return False
    if word in _DASHES:
        # a dash opens a line of dialogue ("— Він прийшов"), or the words that say who
        # spoke, which go on the sentence («Що ти робиш?» — спитала вона)
        return i + 1 < len(texts) and texts[i + 1][:1].isupper()
    return word[:1].isupper() or word[:1] in _OPENERS
