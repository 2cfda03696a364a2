"""Coreference data as spaCy Docs: LitBank coreference books and GAP snippets.

Both readers give Docs whose gold proper-name person mentions are PERSON entities (the
resolver is measured on resolution, not on mention detection) and whose gold chains sit in
``doc.user_data[GOLD_MENTIONS]`` as ``[start, end, chain]`` rows (token offsets, end
exclusive; chain ids are strings). The base pipeline (a tagger, parser and NER such as
en_core_web_sm) runs over the data set's own tokens where it has them (LitBank), so gold
offsets never need aligning.

The readers are used by the training command (``python -m spacy_genderfair.coref.train``)
and the benchmarks; parsed Docs can be cached as DocBins (``cached_docs``), since parsing is
the slow part.
"""

import csv
import hashlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from spacy.language import Language
from spacy.tokens import Doc, DocBin, Span
from spacy.util import filter_spans

# doc.user_data keys (plain JSON-able values, so they survive DocBin)
GOLD_MENTIONS = "genderfair_gold_mentions"  # [[start, end, chain], ...]
GOLD_NAMES = "genderfair_gold_names"  # [[start, end], ...]: the proper-name person mentions
GOLD_PRONOUN = "genderfair_gold_pronoun"  # GAP: [start, end] of the pronoun to resolve
DOC_ID = "genderfair_doc_id"

PERSON = "PERSON"


@dataclass(frozen=True)
class GoldMention:
    """A LitBank mention over the book's tokens (``end`` exclusive)."""

    start: int
    end: int
    chain: str
    category: str  # PER | FAC | LOC | GPE | ORG | VEH
    kind: str  # PROP | NOM | PRON


def read_litbank_book(txt_path: Path, ann_path: Path) -> tuple[list[list[str]], list[GoldMention]]:
    """One LitBank coreference book in its tsv form.

    txt_path (Path): the tokenised text, one sentence a line, tokens separated by spaces.
    ann_path (Path): ``MENTION id sent tok sent tok text category kind`` and
        ``COREF id chain`` rows (sentence and token numbers from 0, the end inclusive).
    RETURNS (tuple[list[list[str]], list[GoldMention]]): the sentences' tokens and the
        mentions, with book-level token offsets.
    """
    sentences = [line.split(" ") for line in txt_path.read_text(encoding="utf-8").splitlines()]
    offsets = [0]
    for words in sentences:
        offsets.append(offsets[-1] + len(words))
    spans, chains = {}, {}
    with open(ann_path, encoding="utf-8") as handle:
        for row in csv.reader(handle, delimiter="\t", quoting=csv.QUOTE_NONE):
            if row[0] == "MENTION":
                start = offsets[int(row[2])] + int(row[3])
                end = offsets[int(row[4])] + int(row[5]) + 1
                spans[row[1]] = (start, end, row[7], row[8])
            elif row[0] == "COREF":
                chains[row[1]] = row[2]
    mentions = [GoldMention(start, end, chains.get(mid, mid), category, kind)
                for mid, (start, end, category, kind) in spans.items()]
    return sentences, sorted(mentions, key=lambda m: (m.start, m.end))


def litbank_books(folder: Path) -> list[str]:
    """The book ids of a LitBank coreference folder (its ``tsv/*.ann`` files), sorted."""
    return sorted(path.stem for path in (Path(folder) / "tsv").glob("*.ann"))


def litbank_docs(nlp: Language, folder: Path, books: Iterable[str] | None = None
                 ) -> Iterator[Doc]:
    """Parsed Docs of LitBank coreference books.

    nlp (Language): the base pipeline, run over LitBank's own tokens and sentences.
    folder (Path): the ``litbank/coref`` folder (with ``tsv/``).
    books (Iterable[str] | None): the book ids to read. Defaults to every book.
    YIELDS (Doc): one per book, gold PER PROP mentions as PERSON entities (the model's
        other entities, but not its PERSON ones, kept where they do not overlap them: the
        gold names are exhaustive), gold chains in
        ``user_data[GOLD_MENTIONS]`` (person mentions only).
    """
    tsv = Path(folder) / "tsv"
    for book in books if books is not None else litbank_books(folder):
        sentences, mentions = read_litbank_book(tsv / f"{book}.txt", tsv / f"{book}.ann")
        words = [word for sentence in sentences for word in sentence]
        starts = [i == 0 for sentence in sentences for i in range(len(sentence))]
        doc = nlp(Doc(nlp.vocab, words=words, sent_starts=starts))
        people = [m for m in mentions if m.category == "PER"]
        names = [(m.start, m.end) for m in people if m.kind == "PROP"]
        _set_gold_people(doc, names, keep_people=False)
        doc.user_data[GOLD_MENTIONS] = [[m.start, m.end, m.chain] for m in people]
        doc.user_data[GOLD_NAMES] = [list(span) for span in names]
        doc.user_data[DOC_ID] = book
        yield doc


def read_gap(path: Path) -> list[dict]:
    """The rows of a GAP tsv file (``ID, Text, Pronoun, Pronoun-offset, A, A-offset, A-coref,
    B, B-offset, B-coref, URL``)."""
    with open(path, encoding="utf-8") as handle:
        return list(csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE))


def gap_docs(nlp: Language, rows: list[dict], batch_size: int = 64) -> Iterator[Doc]:
    """Parsed Docs of GAP snippets: A and B as PERSON entities at their gold offsets (the
    model's other entities kept where they do not overlap them), the pronoun in
    ``user_data[GOLD_PRONOUN]``, and a chain per candidate in ``user_data[GOLD_MENTIONS]``:
    the pronoun's chain holds the candidates marked coreferent. A or B may be missing
    (``None``) where its offsets do not align to tokens."""
    texts = (row["Text"] for row in rows)
    for row, doc in zip(rows, nlp.pipe(texts, batch_size=batch_size), strict=True):
        pronoun = _char_span(doc, row["Pronoun-offset"], row["Pronoun"])
        gold = [[pronoun.start, pronoun.end, "P"]] if pronoun is not None else []
        names = []
        for key in ("A", "B"):
            span = _char_span(doc, row[f"{key}-offset"], row[key])
            if span is None:
                continue
            coreferent = row[f"{key}-coref"].strip().upper() == "TRUE"
            gold.append([span.start, span.end, "P" if coreferent else key])
            names.append((span.start, span.end))
        _set_gold_people(doc, names, keep_people=True)
        doc.user_data[GOLD_MENTIONS] = gold
        doc.user_data[GOLD_NAMES] = [list(span) for span in names]
        doc.user_data[GOLD_PRONOUN] = [pronoun.start, pronoun.end] if pronoun else None
        doc.user_data[DOC_ID] = row["ID"]
        yield doc


def _char_span(doc: Doc, offset: str, text: str) -> Span | None:
    start = int(offset)
    return doc.char_span(start, start + len(text), alignment_mode="expand")


def _set_gold_people(doc: Doc, names: list[tuple[int, int]], *, keep_people: bool) -> None:
    """Gold names as PERSON entities; the model's PERSON entities stay only where the gold
    names are not exhaustive (``keep_people``: GAP marks two names a snippet)."""
    gold = filter_spans([Span(doc, start, end, label=PERSON) for start, end in names])
    others = [e for e in doc.ents if (keep_people or e.label_ != PERSON)
              and not any(e.start < g.end and g.start < e.end for g in gold)]
    doc.ents = filter_spans(gold + others)


def cached_docs(cache: Path | None, name: str, nlp: Language, build: Callable[[], Iterable[Doc]]
                ) -> list[Doc]:
    """Docs from ``cache/name.spacy`` when it exists, else built and saved there.

    cache (Path | None): the cache folder; None builds without caching.
    name (str): the DocBin's file name, without ``.spacy``.
    nlp (Language): its vocab reads the cached Docs.
    build (Callable[[], Iterable[Doc]]): makes the Docs when they are not cached.
    RETURNS (list[Doc]): the Docs, user_data included.
    """
    path = Path(cache) / f"{name}.spacy" if cache is not None else None
    if path is not None and path.exists():
        return list(DocBin().from_disk(path).get_docs(nlp.vocab))
    docs = list(build())
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        DocBin(docs=docs, store_user_data=True).to_disk(path)
    return docs


def file_checksum(path: Path) -> str:
    """The sha256 of a file, to record which data a model was trained on."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()
