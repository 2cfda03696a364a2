"""Read CoNLL-U (Universal Dependencies) files into Docs with their gold annotation.

Tokens are the syntactic words (a multiword token such as Portuguese "das" becomes "de as"),
so POS, morphology, lemmas and dependencies stay exactly as annotated. ``doc.user_data``
keeps the ``sent_id`` and original ``text`` comments, and ``newdoc_id`` on the first sentence
of a document (the ``# newdoc id`` comment).
"""

from collections.abc import Iterator
from pathlib import Path

from spacy.tokens import Doc
from spacy.vocab import Vocab


class CoNLLUFormatError(ValueError):
    pass


def read_conllu(path: str | Path, vocab: Vocab) -> Iterator[Doc]:
    """Yield one Doc per sentence of a CoNLL-U file; a malformed sentence raises
    CoNLLUFormatError naming the file and line."""
    for line_no, rows, comments, error in conllu_blocks(path):
        if error is not None:
            raise CoNLLUFormatError(f"{path} line {error[0]}: {error[1]}")
        try:
            yield sentence_doc(vocab, rows, comments)
        except (ValueError, IndexError) as err:
            raise CoNLLUFormatError(f"{path} line {line_no}: malformed sentence ({err})") from None


def conllu_blocks(path: str | Path, progress=None):
    """``(first line, rows, comments, error)`` per sentence of a CoNLL-U file; ``error`` is
    None or ``(line number, reason)`` of the sentence's first bad line. Reads bytes, so that
    invalid UTF-8 is reported per sentence; ``progress.update(n_bytes)`` is called per line."""
    start, rows, comments, error = 0, [], {}, None
    with open(path, "rb") as handle:
        for line_no, raw in enumerate(handle, start=1):
            if progress is not None:
                progress.update(len(raw))
            try:
                line = raw.decode("utf-8").rstrip("\r\n")
            except UnicodeDecodeError as err:
                line, error = "#", error or (line_no, f"invalid UTF-8 at byte {err.start}")
            if not line.strip():
                if rows or error:
                    yield start, rows, comments, error
                start, rows, comments, error = 0, [], {}, None
                continue
            start = start or line_no
            if line.startswith("#"):
                key, _, value = line[1:].partition("=")
                comments[key.strip()] = value.strip()
            else:
                cols = line.split("\t")
                if len(cols) != 10 and error is None:
                    error = (line_no, f"expected 10 TAB-separated columns, got {len(cols)}")
                rows.append(cols)
    if rows or error:
        yield start, rows, comments, error


def sentence_doc(vocab: Vocab, rows: list[list[str]], comments: dict[str, str]) -> Doc:
    """The Doc of one CoNLL-U sentence (its token rows and ``#`` comments)."""
    words, spaces, lemmas, pos, tags, morphs, heads, deps = [], [], [], [], [], [], [], []
    mwt_end, mwt_space = 0, True
    for cols in rows:
        token_id = cols[0]
        if "." in token_id:
            continue  # empty nodes of enhanced dependencies
        space_after = "SpaceAfter=No" not in cols[9]
        if "-" in token_id:
            mwt_end, mwt_space = int(token_id.split("-")[1]), space_after
            continue
        index = int(token_id)
        words.append(cols[1])
        spaces.append(mwt_space if index == mwt_end else (index < mwt_end or space_after))
        lemmas.append(cols[2])
        pos.append(cols[3])
        tags.append(cols[4] if cols[4] != "_" else cols[3])
        morphs.append(cols[5] if cols[5] != "_" else "")
        head = int(cols[6])
        heads.append(head - 1 if head else index - 1)
        deps.append("ROOT" if cols[7] == "root" else cols[7])
    if spaces:
        spaces[-1] = False
    _check_tree(heads)
    doc = Doc(vocab, words=words, spaces=spaces, lemmas=lemmas, pos=pos, tags=tags,
              morphs=morphs, heads=heads, deps=deps)
    doc.user_data["sent_id"] = comments.get("sent_id", "")
    doc.user_data["text"] = comments.get("text", "")
    if "newdoc id" in comments:
        doc.user_data["newdoc_id"] = comments["newdoc id"]
    return doc


def _check_tree(heads: list[int]) -> None:
    """Raise ValueError unless every token's heads lead to a root (a token that is its own
    head): spaCy accepts a cycle, and Span.root then fails deep inside a component."""
    for start in range(len(heads)):
        token = start
        for _ in range(len(heads)):
            if not 0 <= heads[token] < len(heads):
                raise ValueError(f"token {token + 1}: head out of range")
            if heads[token] == token:
                break
            token = heads[token]
        else:
            raise ValueError(f"token {start + 1}: its heads form a cycle")
