"""Long texts in pieces: split a text a pipeline cannot take whole, run records through.

spaCy refuses a text longer than ``nlp.max_length`` (E088), and a parser needs memory in
proportion to the text. A corpus record can be a whole book on one line, so the jobs that read
records (neutral, swap, sentences) pass a long one through in pieces and merge the results.

``split_text`` cuts at the coarsest boundary that gives pieces within the limit: paragraph
breaks (a blank line), then sentence ends, then whitespace, and only as a last resort at the
limit itself. A separator stays at the end of the piece before it, so ``"".join(pieces)`` is
the text again, character for character, and a cut never falls inside a word unless a
single word is longer than the limit.
"""

import re
from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar

from spacy.language import Language
from spacy.tokens import Doc

from ..extensions import DOC_SWAP_EDITS, DOC_SWAPPED

Context = TypeVar("Context")

# A blank line: a line break, an optional run of spaces, another line break, and any
# whitespace after it (the next paragraph starts at its first visible character).
PARAGRAPH_BREAK = re.compile(r"\n[^\S\n]*\n\s*")
# Sentence-final punctuation, closing quotes or brackets, then whitespace; not after an
# initial ("J. Smith"), and (``_sentence_cuts``) not before a lower-case word ("“Stop!” said
# Tom"). An abbreviation ("Mr. Smith") may still end a piece: a cut between two words of one
# sentence, never inside a word.
SENTENCE_END = re.compile(r"(?<!\b\w)[.!?…]+[\"'”’»)\]]*\s+")
WHITESPACE = re.compile(r"\s+")


def _cuts(pattern: re.Pattern) -> Callable[[str], list[int]]:
    return lambda text: [match.end() for match in pattern.finditer(text)]


def _sentence_cuts(text: str) -> list[int]:
    return [end for end in _cuts(SENTENCE_END)(text) if not text[end:end + 1].islower()]


# Where a text may be cut, coarsest first: each gives the cut positions, in order. A cut
# follows its separator, so that a piece's tokens are those the whole text has. (A word that
# fits only without its space is cut from it by the hard cut, which falls in the space.)
BOUNDARIES = (_cuts(PARAGRAPH_BREAK), _sentence_cuts, _cuts(WHITESPACE))


def split_text(text: str, limit: int) -> list[str]:
    """Cut ``text`` into pieces of at most ``limit`` characters, at paragraph breaks where
    possible, then at sentence ends, then at whitespace, and then anywhere.

    text (str): the text to split.
    limit (int): the most characters a piece may have (e.g. ``nlp.max_length``).
    RETURNS (list[str]): the pieces, in order; ``"".join(pieces) == text``. A text within the
        limit (the empty text included) is one piece.
    """
    if limit < 1:
        raise ValueError(f"The piece limit must be at least 1 character, got {limit}.")
    return list(_split(text, limit, 0))


def _split(text: str, limit: int, level: int) -> Iterator[str]:
    if len(text) <= limit:
        yield text
        return
    if level == len(BOUNDARIES):
        for start in range(0, len(text), limit):
            yield text[start:start + limit]
        return
    # Pack whole segments (text up to and including a separator) greedily into pieces; a
    # segment longer than the limit on its own is split at the next, finer boundary.
    start = end = 0  # the piece being packed is text[start:end]
    for cut in [*BOUNDARIES[level](text), len(text)]:
        if cut - start <= limit:
            end = cut
            continue
        if end > start:
            yield text[start:end]
            start = end
        if cut - start > limit:
            yield from _split(text[start:cut], limit, level + 1)
            start = cut
        end = cut
    if end > start:
        yield text[start:end]


def piece_offsets(pieces: Iterable[str]) -> Iterator[tuple[int, str]]:
    """``(start character in the whole text, piece)`` for each piece of ``split_text``."""
    offset = 0
    for piece in pieces:
        yield offset, piece
        offset += len(piece)


def pipe_in_pieces(
    nlp: Language,
    records: Iterable[tuple[str, Context]],
    *,
    limit: int | None = None,
    batch_size: int | None = None,
    n_process: int = 1,
    disable: Iterable[str] = (),
) -> Iterator[tuple[list[Doc], Context]]:
    """Run ``nlp`` over ``(text, context)`` records, a text longer than ``limit`` in pieces.

    All pieces go through one ``nlp.pipe`` stream, so records and pieces share batches and
    the output keeps the input order. Memory stays bounded by the batch: a record is held
    only as the Docs of its own pieces.

    nlp (Language): the pipeline.
    records (Iterable[tuple[str, Context]]): the texts, each with a context that is passed
        through as it is (it stays in this process).
    limit (int | None): the most characters one Doc may have. Defaults to ``nlp.max_length``.
    batch_size (int | None): texts (pieces) per batch of ``nlp.pipe``. Defaults to spaCy's.
    n_process (int): processes for ``nlp.pipe``. Defaults to 1.
    disable (Iterable[str]): pipes not to run. Defaults to none.
    YIELDS (tuple[list[Doc], Context]): for each record, in input order, the Docs of its
        pieces (one Doc for a text within the limit) and its context.
    """
    limit = nlp.max_length if limit is None else limit

    def pieces() -> Iterator[tuple[str, tuple[int, int]]]:
        # Each piece carries its record's number and how many pieces the record has, so that
        # the output can be regrouped without holding more than one record's Docs.
        for number, (text, context) in enumerate(records):
            parts = split_text(text, limit)
            contexts[number] = context
            for part in parts:
                yield part, (number, len(parts))

    contexts: dict[int, Context] = {}
    docs: list[Doc] = []
    for doc, (number, n_pieces) in nlp.pipe(pieces(), as_tuples=True, batch_size=batch_size,
                                            n_process=n_process, disable=list(disable)):
        docs.append(doc)
        if len(docs) == n_pieces:
            yield docs, contexts.pop(number)
            docs = []


def join_docs(docs: list[Doc]) -> Doc:
    """One Doc of a record processed in pieces: the pieces' tokens, annotations, entities
    and ``doc.spans``, its text exactly the record's (no space is added between pieces).
    Extension values are not carried over: the caller merges the ones it needs. The tokens
    are those of the whole text, since pieces end at whitespace (unless a word had to be cut).
    """
    if len(docs) == 1:
        return docs[0]
    return Doc.from_docs(docs, ensure_whitespace=False, exclude=["user_data"])


__all__ = ["join_docs", "piece_offsets", "pipe_in_pieces", "split_text"]


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
