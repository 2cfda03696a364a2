"""The training and test sets of the NER-UK project, built from the corpus step's DocBins.

Training sets, so that the effect of each source of swapped lines is measured on its own:

    orig        the NER-UK train lines
    orig+gold   + the human-reviewed swapped lines of those lines (NER-UK v2.0-swapped)
    orig+ours   + our gender_swapper's swaps of those lines that hold a PERS or JOB entity
                (``genderfair augment-brat`` over every document)

Test sets: ``original`` (the NER-UK test lines), ``swapped`` (their swapped lines, from a
given folder or else from our swapper), ``augmented`` (both) and ``gold-swapped`` (the
reviewed swaps of the dev-split documents: never trained on, and not made by our swapper, so
it does not favour the model trained on our own swaps).

Every Doc keeps its provenance in ``doc.user_data``: ``doc_id``, ``line``, ``source``, and
for our swapper's lines ``swapper``: the settings ``augment-brat`` recorded (version,
direction, seed, ...), which the reports repeat.
"""

from collections.abc import Iterable, Iterator
from pathlib import Path

from spacy.tokens import Doc, DocBin
from spacy.vocab import Vocab

from .corpus import EntityCounts, swapped_line_doc

# The labels a line must hold for our swapper's version of it to be added, as in the paper.
GENDERED_LABELS = ("PERS", "JOB")
TRAINING_SETS = ("orig", "orig+gold", "orig+ours")
TEST_SETS = ("original", "swapped", "augmented", "gold-swapped")


def read_docs(path: str | Path, vocab: Vocab, limit: int = 0) -> list[Doc]:
    """The Docs of a DocBin, with their user data.

    limit (int): keep the first ``limit`` Docs; 0 keeps all. Defaults to 0.
    """
    docs = list(DocBin().from_disk(path).get_docs(vocab))
    return docs[:limit] if limit else docs


def line_key(doc: Doc) -> tuple[str, int]:
    """(document id, 0-based line) of a Doc from the corpus step."""
    return doc.user_data["doc_id"], doc.user_data["line"]


def swaps_of(docs: Iterable[Doc], swaps: Iterable[Doc]) -> list[Doc]:
    """The swapped Docs whose original line is among ``docs``, in the order of ``swaps``."""
    keys = {line_key(doc) for doc in docs}
    return [swap for swap in swaps if line_key(swap) in keys]


def our_swaps(ours_root: str | Path, original_root: str | Path, vocab: Vocab,
              docs: Iterable[Doc], counts: EntityCounts, *,
              labels: Iterable[str] | None = GENDERED_LABELS, source: str = "ours"
              ) -> Iterator[Doc]:
    """Our swapper's lines (an ``augment-brat`` folder) of the original ``docs`` that hold an
    entity with one of ``labels``.

    ours_root (str | Path): the folder ``genderfair augment-brat`` wrote.
    original_root (str | Path): the brat originals it was made from.
    vocab (Vocab): the vocab of the Docs made.
    docs (Iterable[Doc]): original line Docs (``user_data`` doc_id and line).
    counts (EntityCounts): updated with what became of the swapped entities.
    labels (Iterable[str] | None): labels of which the original line must hold one; None
        takes every swapped line. Defaults to GENDERED_LABELS.
    source (str): the ``user_data["source"]`` of the Docs made. Defaults to "ours".
    YIELDS (Doc): the swapped Docs.
    """
    from spacy.lang.uk import Ukrainian

    from ..corpus.swap_pairs import read_swapped_pairs

    settings = _swapper(ours_root)
    wanted = {line_key(doc) for doc in docs
              if labels is None or any(e.label_ in labels for e in doc.ents)}
    make_doc = Ukrainian(vocab=vocab).make_doc
    ids = {doc_id for doc_id, _ in wanted}
    for pair in read_swapped_pairs(ours_root, original_root, documents=ids):
        key = (Path(pair.doc_id).name, pair.line_index)
        if key in wanted:
            doc = swapped_line_doc(make_doc, pair, source, counts)
            if settings is not None:
                doc.user_data["swapper"] = settings
            yield doc


def write_docs(path: str | Path, docs: Iterable[Doc]) -> int:
    """Write ``docs`` with their user data as a DocBin. RETURNS (int): how many."""
    docbin = DocBin(store_user_data=True, docs=docs)
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    docbin.to_disk(path)
    return len(docbin)


def write_training_sets(corpus_dir: str | Path, ours_root: str | Path,
                        original_root: str | Path, out_dir: str | Path, *,
                        limit: int = 0) -> dict:
    """Write ``orig``, ``orig+gold`` and ``orig+ours`` as ``<out_dir>/<name>.spacy``.

    corpus_dir (str | Path): the corpus step's folder (train.spacy, gold-swapped-train.spacy).
    ours_root (str | Path): ``genderfair augment-brat``'s output over ``original_root``.
    original_root (str | Path): NER-UK ``v2.0/data``.
    out_dir (str | Path): the folder written.
    limit (int): the number of NER-UK train lines (the first ones); 0 takes all; only their
        swaps are added. Defaults to 0.
    RETURNS (dict): Docs per set and the entity counts of our swapped lines.
    """
    corpus_dir, out_dir = Path(corpus_dir), Path(out_dir)
    vocab = Vocab()
    orig = read_docs(corpus_dir / "train.spacy", vocab, limit)
    gold_path = corpus_dir / "gold-swapped-train.spacy"
    gold = swaps_of(orig, read_docs(gold_path, vocab)) if gold_path.exists() else []
    counts = EntityCounts()
    ours = list(our_swaps(ours_root, original_root, vocab, orig, counts))
    sets = {"orig": orig, "orig+gold": orig + gold, "orig+ours": orig + ours}
    docs = {name: write_docs(out_dir / f"{name}.spacy", sets[name]) for name in TRAINING_SETS}
    return {"docs": docs, "added": {"gold": len(gold), "ours": len(ours)},
            "ours_entities": counts.to_dict(), "ours_swapper": _swapper(ours_root),
            "train_limit": limit}


def write_test_sets(corpus_dir: str | Path, swapped_root: str | Path,
                    original_root: str | Path, out_dir: str | Path, *, source: str,
                    limit: int = 0) -> dict:
    """Write the test sets ``original``, ``swapped``, ``augmented`` and ``gold-swapped`` as
    ``<out_dir>/<name>.spacy``.

    corpus_dir (str | Path): the corpus step's folder (test.spacy, gold-swapped-dev.spacy).
    swapped_root (str | Path): swapped test documents laid out like NER-UK v2.0-swapped.
    original_root (str | Path): NER-UK ``v2.0/data``.
    out_dir (str | Path): the folder written.
    source (str): who made ``swapped_root`` ("gold" or "ours"), kept as each Doc's source.
    limit (int): the number of test lines (the first ones); 0 takes all. Defaults to 0.
    RETURNS (dict): Docs per set and where the swapped lines come from.
    """
    corpus_dir, out_dir = Path(corpus_dir), Path(out_dir)
    vocab = Vocab()
    original = read_docs(corpus_dir / "test.spacy", vocab, limit)
    counts = EntityCounts()
    # Every swapped line of the test documents, not only those with PERS/JOB: the test set
    # is what the swapper changed.
    swapped = list(our_swaps(swapped_root, original_root, vocab, original, counts,
                             labels=None, source=source))
    gold_path = corpus_dir / "gold-swapped-dev.spacy"
    sets = {"original": original, "swapped": swapped, "augmented": original + swapped,
            "gold-swapped": read_docs(gold_path, vocab, limit) if gold_path.exists() else []}
    docs = {name: write_docs(out_dir / f"{name}.spacy", sets[name]) for name in TEST_SETS}
    return {"docs": docs, "swapped_source": source, "swapped_root": str(swapped_root),
            "swapped_swapper": _swapper(swapped_root) if source == "ours" else None,
            "swapped_entities": counts.to_dict(), "test_limit": limit}


def _swapper(ours_root: str | Path) -> dict | None:
    from ..corpus.brat_outputs import read_swap_settings

    return read_swap_settings(ours_root)

