"""A record that ``gender_swapper`` swapped in pieces (see ``corpus.pieces``), joined again."""

from spacy.tokens import Doc

from ..corpus.pieces import join_docs
from ..extensions import DOC_SWAP_EDITS, DOC_SWAPPED


def join_swapped(docs: list[Doc]) -> Doc:
    """The Doc of a record from the Docs of its pieces, each processed by gender_swapper.

    docs (list[Doc]): the pieces' Docs, in order.
    RETURNS (Doc): the pieces joined (``join_docs``), with ``doc._.swapped`` the swapped
        pieces joined and ``doc._.swap_edits`` the pieces' edits, each token index ``i``
        counted from the start of the record: ``joined[edit["i"]].text == edit["old"]``.

    Each piece is swapped on its own: replacement first names are drawn with the piece's
    text as seed, so one name may get a different replacement in each piece of a record.
    """
    if len(docs) == 1:
        return docs[0]
    joined = join_docs(docs)
    edits, first_token = [], 0
    for doc in docs:
        edits.extend({**edit, "i": edit["i"] + first_token}
                     for edit in doc._.get(DOC_SWAP_EDITS) or [])
        first_token += len(doc)
    joined._.set(DOC_SWAP_EDITS, edits)
    joined._.set(DOC_SWAPPED, "".join(doc._.get(DOC_SWAPPED) for doc in docs))
    return joined
