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
    bounds, start = [], 0
    for i in range(1, len(doc)):
        if _opens_sentence(doc, i, abbreviation):
            bounds.append((start, i))
            start = i
    bounds.append((start, len(doc)))
    return bounds


def _opens_sentence(doc: Doc, i: int, abbreviation: Callable[[str], bool]) -> bool:
    """Whether token ``i`` opens a sentence of a bare Doc."""
    before = doc[i - 1]
    if "\n" in before.text or "\n" in before.whitespace_:
        return not doc[i].is_space
    if doc[i].is_space or not before.whitespace_:
        return False
    end = i - 1
    if end > 0 and doc[end].text in _CLOSING:
        end -= 1  # (a closing quote after the mark: «… !» Він …)
    if doc[end].text not in _END_MARKS:
        return False
    if doc[end].text == "." and end > 0:
        word = doc[end - 1].text
        if (len(word) == 1 and word.isalpha()) or (word.islower() and abbreviation(word)):
            return False
    if doc[i].text in _DASHES:
        # a dash opens a line of dialogue ("— Він прийшов"), or the words that say who
        # spoke, which go on the sentence («Що ти робиш?» — спитала вона)
        return i + 1 < len(doc) and doc[i + 1].text[:1].isupper()
    return doc[i].text[:1].isupper() or doc[i].text[:1] in _OPENERS
