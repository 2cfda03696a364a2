"""NER-UK brat documents as spaCy training Docs: one Doc per line, the upstream split kept.

NER-UK's ``.txt`` files hold one sentence or paragraph per line. Each line becomes one Doc;
the lines that an entity runs across (49 entities in NER-UK 2.0) are joined into one Doc,
the line break written as a space so that offsets stay those of the source. NER-UK nests
entities (a DATE inside a PERIOD); ``doc.ents`` cannot, so the outer entity of a nested pair
is kept. Every entity that does not reach ``doc.ents`` is counted by reason, never dropped
silently.

The upstream split file lists DEV (train) and TEST documents. The development set is a fixed,
seeded share of the DEV documents chosen by a hash of their id, never the test set: the test
documents are for evaluation only. A swapped line always goes to its original's split.
"""

import hashlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path

from spacy.tokens import Doc, Span

from ..corpus.swap_pairs import SwapPair, line_spans, read_split

TRAIN, DEV, TEST = "train", "dev", "test"
# Headers of NER-UK's dev-test-split.txt: its "DEV" documents are the training documents.
UPSTREAM_SPLITS = {"DEV": TRAIN, "TEST": TEST}


@dataclass
class EntityCounts:
    """What became of the brat entities. ``entities == kept + nested + overlapping +
    misaligned``."""

    entities: int = 0
    kept: int = 0
    nested: int = 0  # inside a longer entity, which is kept
    overlapping: int = 0  # crossing a longer entity without being inside it
    misaligned: int = 0  # on whitespace only, or on no Doc's line
    duplicates: int = 0  # the same label and offsets twice in one .ann (counted once above)
    split_tokens: int = 0  # tokens split because an entity boundary fell inside them

    def to_dict(self) -> dict:
        return asdict(self)


def line_groups(text: str, entities: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """The (start, end) character ranges of the Docs of a document: one per non-blank line,
    the lines an entity runs across joined into one range.

    text (str): the document text.
    entities (Iterable[tuple[int, int]]): entity (start, end) offsets into ``text``.
    RETURNS (list[tuple[int, int]]): ranges in text order; ``end`` excludes the line break.
    """
    reach = sorted(entities)
    groups: list[tuple[int, int]] = []
    for start, line in line_spans(text):
        end = start + len(line)
        if groups and any(a < start <= b for a, b in reach):
            # An entity crosses the line break before this line: join it to the group.
            groups[-1] = (groups[-1][0], end)
        elif line.strip():
            groups.append((start, end))
    return groups


def entity_doc(make_doc: Callable[[str], Doc], text: str,
               entities: Iterable[tuple[str, int, int]], counts: EntityCounts) -> Doc:
    """A Doc of ``text`` with its entities on ``doc.ents``. A token that an entity boundary
    falls inside is split there ("25 м." -> "25 м" + "."): the gold span is kept as
    annotated rather than widened to the tokenizer's token.

    make_doc (Callable[[str], Doc]): the tokenizer (``nlp.make_doc``).
    text (str): the text of one Doc (one line or a group of lines).
    entities (Iterable[tuple[str, int, int]]): (label, start, end), offsets into ``text``.
    counts (EntityCounts): updated with what became of each entity.
    RETURNS (Doc): the Doc.
    """
    entities = list(entities)
    unique = set(entities)
    counts.duplicates += len(entities) - len(unique)
    doc = make_doc(text.replace("\n", " "))
    doc = _split_at(doc, {offset for _, start, end in unique for offset in (start, end)},
                    counts)
    # Longest first: the outer entity of a nested pair wins, as in spacy.util.filter_spans.
    ranked = sorted(unique, key=lambda e: (-(e[2] - e[1]), e[1], e[0]))
    kept: list[tuple[int, int]] = []
    spans: list[Span] = []
    for label, start, end in ranked:
        counts.entities += 1
        outer = next(((a, b) for a, b in kept if start < b and a < end), None)
        if outer is not None:
            if outer[0] <= start and end <= outer[1]:
                counts.nested += 1
            else:
                counts.overlapping += 1
            continue
        span = doc.char_span(start, end, label=label, alignment_mode="strict")
        if span is None or not span.text.strip():
            counts.misaligned += 1
            continue
        kept.append((start, end))
        spans.append(span)
    counts.kept += len(spans)
    doc.ents = sorted(spans)
    return doc


def _split_at(doc: Doc, offsets: set[int], counts: EntityCounts) -> Doc:
    """``doc`` with every token that contains one of ``offsets`` strictly inside split there."""
    words: list[str] = []
    spaces: list[bool] = []
    for token in doc:
        cuts = sorted(o - token.idx for o in offsets if token.idx < o < token.idx + len(token))
        if cuts:
            counts.split_tokens += 1
        pieces = [token.text[a:b] for a, b in zip([0, *cuts], [*cuts, len(token)], strict=True)]
        words.extend(pieces)
        spaces.extend([False] * (len(pieces) - 1) + [bool(token.whitespace_)])
    if len(words) == len(doc):
        return doc
    return Doc(doc.vocab, words=words, spaces=spaces)


def brat_line_docs(make_doc: Callable[[str], Doc], doc_id: str, text: str,
                   entities: Iterable, counts: EntityCounts) -> Iterator[Doc]:
    """The Docs of one brat document, one per line (group), with their provenance in
    ``doc.user_data``: ``doc_id``, ``line`` (0-based index of its first line), ``source``.

    make_doc (Callable[[str], Doc]): the tokenizer.
    doc_id (str): the document id (file stem).
    text (str): the document text.
    entities (Iterable[BratEntity]): its entities (``corpus.brat.read_ann``).
    counts (EntityCounts): updated with what became of each entity.
    YIELDS (Doc): the Docs in text order.
    """
    entities = list(entities)
    placed = 0
    for start, end in line_groups(text, [(e.start, e.end) for e in entities]):
        inside = [(e.label, e.start - start, e.end - start) for e in entities
                  if start <= e.start and e.end <= end]
        placed += len(inside)
        doc = entity_doc(make_doc, text[start:end], inside, counts)
        doc.user_data.update({"doc_id": doc_id, "line": text.count("\n", 0, start),
                              "source": "ner-uk"})
        yield doc
    # On a blank line, or ending on a line break: in no Doc's range.
    counts.entities += len(entities) - placed
    counts.misaligned += len(entities) - placed


def swapped_line_doc(make_doc: Callable[[str], Doc], pair: SwapPair, source: str,
                     counts: EntityCounts) -> Doc:
    """The Doc of a swapped line (``corpus.swap_pairs.read_swapped_pairs``), with its provenance in
    ``doc.user_data``: ``doc_id``, ``line`` (of the original), ``source`` (which swapper).

    make_doc (Callable[[str], Doc]): the tokenizer.
    pair (SwapPair): the swapped line and its entities.
    source (str): who swapped it, e.g. "gold" (NER-UK v2.0-swapped) or "ours".
    counts (EntityCounts): updated with what became of each entity.
    RETURNS (Doc): the Doc.
    """
    entities = [(e.label, e.start, e.end) for e in pair.reference_entities]
    doc = entity_doc(make_doc, pair.reference, entities, counts)
    doc.user_data.update({"doc_id": Path(pair.doc_id).name, "line": pair.line_index,
                          "source": source})
    return doc


def document_splits(split_file: str | Path, *, dev_share: float = 0.1,
                    seed: int = 0) -> dict[str, str]:
    """Every document of a NER-UK split file with its split: train, dev or test.

    split_file (str | Path): ``dev-test-split.txt`` (DEV and TEST headers, one id a line).
    dev_share (float): share of the DEV documents moved to the dev split. Defaults to 0.1.
    seed (int): seeds the choice of dev documents. Defaults to 0.
    RETURNS (dict[str, str]): document id -> split.
    """
    upstream = read_split(split_file, suffix="")
    unknown = set(upstream) - set(UPSTREAM_SPLITS)
    if unknown:
        raise ValueError(f"{split_file}: unknown split header(s) {sorted(unknown)}")
    splits = {doc_id: UPSTREAM_SPLITS[name] for name, ids in upstream.items() for doc_id in ids}
    train_ids = sorted(doc_id for doc_id, split in splits.items() if split == TRAIN)
    for doc_id in dev_documents(train_ids, dev_share, seed):
        splits[doc_id] = DEV
    return splits


def dev_documents(doc_ids: Iterable[str], share: float, seed: int) -> list[str]:
    """A fixed, seeded share of ``doc_ids``: the first ones ordered by a hash of seed and id,
    so the choice depends on neither the order of the ids nor Python's hash seed.

    RETURNS (list[str]): round(share * n) ids (at least one when there are any).
    """
    doc_ids = sorted(set(doc_ids))
    if not 0 <= share < 1:
        raise ValueError(f"dev share must be in [0, 1), not {share}")
    count = max(1, round(share * len(doc_ids))) if doc_ids and share else 0
    return sorted(doc_ids, key=lambda i: _id_hash(seed, i))[:count]


def _id_hash(seed: int, doc_id: str) -> str:
    return hashlib.sha256(f"{seed}:{doc_id}".encode()).hexdigest()


def write_corpus(original_root: str | Path, out_dir: str | Path, *,
                 swapped_root: str | Path | None = None, lang: str = "uk",
                 dev_share: float = 0.1, seed: int = 0) -> dict:
    """Write NER-UK as DocBins ``train``/``dev``/``test.spacy`` and, with ``swapped_root``,
    its human-reviewed swapped lines as ``gold-swapped-<split>.spacy``, each in its
    original's split.

    original_root (str | Path): NER-UK ``v2.0/data`` (brat files + ``dev-test-split.txt``).
    out_dir (str | Path): the folder written.
    swapped_root (str | Path | None): NER-UK ``v2.0-swapped/data``. Defaults to None.
    lang (str): the language of the tokenizer. Defaults to "uk".
    dev_share (float): share of the DEV documents in the dev split. Defaults to 0.1.
    seed (int): seeds the choice of dev documents. Defaults to 0.
    RETURNS (dict): the report: Docs and entities per file, entity counts, dev documents.
    """
    import spacy
    from spacy.tokens import DocBin

    from ..corpus.brat import read_brat_folder
    from ..corpus.swap_pairs import PairReport, read_swapped_pairs

    original_root, out_dir = Path(original_root), Path(out_dir)
    splits = document_splits(original_root / "dev-test-split.txt", dev_share=dev_share,
                             seed=seed)
    make_doc = spacy.blank(lang).make_doc
    counts = EntityCounts()
    bins: dict[str, DocBin] = {}
    unlisted: set[str] = set()

    def add(name: str, doc: Doc) -> None:
        bins.setdefault(name, DocBin(store_user_data=True)).add(doc)

    for doc_id, text, entities in read_brat_folder(original_root):
        if doc_id not in splits:
            unlisted.add(doc_id)
            continue
        for doc in brat_line_docs(make_doc, doc_id, text, entities, counts):
            add(splits[doc_id], doc)
    swapped_counts, pair_report = EntityCounts(), PairReport()
    if swapped_root is not None:
        # Upstream has a few .meta indices past the end of their original: counted, skipped.
        for pair in read_swapped_pairs(swapped_root, original_root, on_error="skip",
                                       report=pair_report):
            split = splits.get(Path(pair.doc_id).name)
            if split is None:
                unlisted.add(pair.doc_id)
                continue
            add(f"gold-swapped-{split}", swapped_line_doc(make_doc, pair, "gold",
                                                          swapped_counts))
    out_dir.mkdir(parents=True, exist_ok=True)
    files = {}
    for name, docbin in sorted(bins.items()):
        docbin.to_disk(out_dir / f"{name}.spacy")
        files[name] = len(docbin)
    return {"docs": files, "entities": counts.to_dict(),
            "swapped_entities": swapped_counts.to_dict(),
            "swapped_pairs": pair_report.to_dict(),
            "documents": {split: sum(1 for s in splits.values() if s == split)
                          for split in (TRAIN, DEV, TEST)},
            "dev_documents": sorted(d for d, s in splits.items() if s == DEV),
            "not_in_split": sorted(unlisted), "seed": seed, "dev_share": dev_share}
