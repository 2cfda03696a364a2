"""What a swap returns: one edit per changed token, and the text with the edits applied.

An edit replaces one token by one word, so the swapped Doc keeps the original's tokens (and
its entities and span groups their token indices); a word whose new form is not known is an
edit with no new word, reported and kept.
"""

from dataclasses import dataclass

from spacy.tokens import Doc

from ..tokens import APOSTROPHES


@dataclass(frozen=True)
class Edit:
    i: int
    old: str
    new: str | None  # None: the word should change but no form is known (reported, kept)
    reason: str

    def to_dict(self) -> dict:
        return {"i": self.i, "old": self.old, "new": self.new, "reason": self.reason}


def apply_edits(doc: Doc, edits: list[Edit]) -> str:
    """The text of ``doc`` with the edits applied (whitespace and capitalisation kept)."""
    new = {e.i: e.new for e in edits if e.new is not None}
    if not new:
        return doc.text  # (most Docs of a corpus: joined in Cython, no Python loop)
    return "".join(match_case(t.text, new[t.i]) + t.whitespace_ if t.i in new
                   else t.text_with_ws for t in doc)


def match_case(old: str, new: str) -> str:
    """``new`` written as ``old`` is: its capitals, and its apostrophe ("кур’єром" →
    "кур’єркою", though the lexicon writes "кур'єрка")."""
    apostrophe = next((c for c in old if c in APOSTROPHES), None)
    if apostrophe is not None:
        new = "".join(apostrophe if c in APOSTROPHES else c for c in new)
    if old.isupper() and len(old) > 1:
        return new.upper()
    if old[:1].isupper():
        return new[:1].upper() + new[1:]
    return new
