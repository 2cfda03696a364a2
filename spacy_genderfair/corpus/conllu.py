"""Read CoNLL-U (Universal Dependencies) files into Docs with their gold annotation.

Tokens are the syntactic words (a multiword token such as Portuguese "das" becomes "de as"),
so POS, morphology, lemmas and dependencies stay exactly as annotated. ``doc.user_data``
keeps the ``sent_id`` and original ``text`` comments.
"""

from collections.abc import Iterator
from pathlib import Path

from spacy.tokens import Doc
from spacy.vocab import Vocab


def read_conllu(path: str | Path, vocab: Vocab) -> Iterator[Doc]:
    """Yield one Doc per sentence of a CoNLL-U file."""
    comments: dict[str, str] = {}
    rows: list[list[str]] = []
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            line = line.rstrip("\n")
            if line.startswith("#"):
                key, _, value = line[1:].partition("=")
                comments[key.strip()] = value.strip()
            elif line.strip():
                rows.append(line.split("\t"))
            elif rows:
                yield _sentence_doc(vocab, rows, comments)
                rows, comments = [], {}
    if rows:
        yield _sentence_doc(vocab, rows, comments)


def _sentence_doc(vocab: Vocab, rows: list[list[str]], comments: dict[str, str]) -> Doc:
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
    doc = Doc(vocab, words=words, spaces=spaces, lemmas=lemmas, pos=pos, tags=tags,
              morphs=morphs, heads=heads, deps=deps)
    doc.user_data["sent_id"] = comments.get("sent_id", "")
    doc.user_data["text"] = comments.get("text", "")
    return doc
