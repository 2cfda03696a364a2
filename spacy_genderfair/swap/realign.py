"""The swapped text as a new Doc, with the original entities re-aligned.

Swap edits replace a token by one word, so the token sequence keeps its length: entities and
span groups keep their token indices and get the new character offsets from the new Doc
(the re-alignment the NER-UK swapped data needed by hand).
"""

from spacy.tokens import Doc, Span

from ..extensions import DOC_SWAP_EDITS
from .edits import Edit, match_case


def swapped_doc(doc: Doc, edits: list[Edit]) -> Doc:
    """A new Doc of the swapped text: same tokenization, entities and span groups re-aligned.

    doc (Doc): the original document.
    edits (list[Edit]): its swap edits; edits without a new form are kept as they are.
    RETURNS (Doc): the swapped document (no other annotation is copied: the morphology and
        parse of the original no longer describe the new words).
    """
    new_words = {e.i: match_case(doc[e.i].text, e.new) for e in edits if e.new is not None}
    words = [new_words.get(token.i, token.text) for token in doc]
    spaces = [bool(token.whitespace_) for token in doc]
    swapped = Doc(doc.vocab, words=words, spaces=spaces)
    swapped.ents = [Span(swapped, e.start, e.end, label=e.label_, kb_id=e.kb_id_)
                    for e in doc.ents]
    for key, group in doc.spans.items():
        swapped.spans[key] = [Span(swapped, s.start, s.end, label=s.label_, kb_id=s.kb_id_,
                                   span_id=s.id_) for s in group]
    return swapped


def get_swapped_doc(doc: Doc) -> Doc | None:
    """``doc._.swapped_doc``: the swapped Doc built from ``doc._.swap_edits`` (None before
    gender_swapper ran). Built on each access; keep the result if you need it twice."""
    edits = doc._.get(DOC_SWAP_EDITS)
    if edits is None:
        return None
    return swapped_doc(doc, [Edit(**edit) for edit in edits])
