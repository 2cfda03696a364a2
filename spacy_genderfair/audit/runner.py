"""``run_audit``: CORPUS paths -> ``OUTPUT/records/*.parquet`` and ``OUTPUT/manifest.json``.

The pipeline is built once (the user's trained pipeline + gender_lexicon, actor_linker,
role_counter, quote_typer; in blank mode a tokenizer + gender_lexicon), checked before the
first document, and run over every input record with ``nlp.pipe``. Records are written in
shards that a second run resumes (``shards.py``).
"""

import hashlib
import json
import sys
import time
from collections import Counter
from collections.abc import Iterable, Iterator
from contextlib import nullcontext
from dataclasses import dataclass, field
from itertools import groupby
from pathlib import Path

from spacy.language import Language

from .analysis import AuditError, audit_pipeline, process_items, record_stream
from .distributed import Cluster, PipelineSettings, analyse_shards, connect
from .inputs import DOCBIN_SUFFIX, InputItem, input_files, input_kind, read_inputs
from .schema import STATUS_BAD, import_pyarrow
from .shards import DEFAULT_SHARD_SIZE, ShardStore, write_atomically

# Texts per nlp.pipe batch, as ``genderfair audit --batch-size`` defaults to: spaCy's 1000
# holds 1000 Docs at once for no speed gain (benchmarks/audit_speed.py, memory).
DEFAULT_BATCH_SIZE = 64

MANIFEST_FILE = "manifest.json"
MAX_BAD_EXAMPLES = 20
BLANK_NOTE = ("actor-level columns are null: run without a parser and NER (--blank), so "
              "there are no actors, roles or quotes")


@dataclass
class AuditSummary:
    """What one run did: every input record is ``ok`` or ``bad``."""

    output: Path
    input_records: int = 0
    ok: int = 0
    bad: int = 0
    reasons: Counter = field(default_factory=Counter)
    bad_examples: list[str] = field(default_factory=list)  # the first bad records, placed
    shards_written: int = 0
    shards_resumed: int = 0
    processed: int = 0  # records analysed in this run (not read back from finished shards)
    seconds: float = 0.0

    @property
    def docs_per_second(self) -> float:
        return self.processed / self.seconds if self.seconds else 0.0

    def to_dict(self) -> dict:
        return {"input_records": self.input_records, "ok": self.ok, "bad": self.bad,
                "bad_reasons": dict(self.reasons.most_common()),
                "bad_examples": self.bad_examples,
                "shards_written": self.shards_written, "shards_resumed": self.shards_resumed,
                "processed": self.processed, "seconds": round(self.seconds, 3)}


def run_audit(
    paths: list[str],
    *,
    output: str | Path,
    lang: str = "en",
    model: str | None = None,
    blank: bool = False,
    n_process: int = 1,
    batch_size: int | None = DEFAULT_BATCH_SIZE,
    shard_size: int = DEFAULT_SHARD_SIZE,
    id_field: str | None = None,
    text_field: str = "text",
    date_field: str | None = None,
    on_error: str = "skip",
    progress: bool = True,
    overwrite: bool = False,
    dask: str | None = None,
) -> AuditSummary:
    """Audit ``paths``: write ``output/records/part-*.parquet`` and ``output/manifest.json``.

    paths (list[str]): the CORPUS paths (JSONL, folders of .txt, .spacy DocBins).
    output (str | Path): the audit folder.
    lang (str): language profile. Defaults to "en".
    model (str | None): trained pipeline; None takes the profile's default.
    blank (bool): no trained pipeline: lexicon-level columns only. Defaults to False.
    n_process, batch_size: ``nlp.pipe`` settings. Default to 1 and 64 (the CLI's); a batch
        size of None takes spaCy's.
    shard_size (int): records per shard. Defaults to 1000.
    id_field, text_field, date_field: the input's fields (``inputs.read_inputs``).
    on_error (str): "skip" counts bad records, "fail" stops at the first. Defaults to "skip".
    progress (bool): a progress bar (docs/s) on stderr. Defaults to True.
    overwrite (bool): replace the records of an earlier, different run. Defaults to False.
    dask (str | None): analyse the shards on the Dask cluster at this address (``local:N``
        starts a LocalCluster of N workers; ``distributed.connect``). Defaults to None:
        this process runs the pipeline.
    RETURNS (AuditSummary): the counts; ``input_records == ok + bad``.
    """
    if dask is not None and n_process > 1:
        raise AuditError("--dask and --n-process > 1 exclude each other: the Dask workers "
                         "are the processes (start more workers instead).")
    import_pyarrow()
    paths = [str(path) for path in paths]
    parsed_input_only = all(input_kind(path) == "docbin" for path in paths)
    nlp = audit_pipeline(lang, model=model, blank=blank, parsed_input_only=parsed_input_only)
    trained = not blank and not (parsed_input_only and model is None)
    inputs = {path: input_checksum(path) for path in paths}
    parameters = {"lang": lang, "model": None if blank else model, "blank": blank,
                  "id_field": id_field, "text_field": text_field, "date_field": date_field,
                  "shard_size": shard_size, "max_length": nlp.max_length}
    store = ShardStore(output, {"inputs": inputs, **parameters}, overwrite=overwrite)
    summary = AuditSummary(Path(output))
    with connect(dask) if dask is not None else nullcontext() as cluster:
        started = time.perf_counter()
        bar = _progress_bar(progress)
        items = read_inputs(paths, vocab=nlp.vocab, id_field=id_field, text_field=text_field,
                            date_field=date_field)
        pending = _pending(items, store, shard_size, summary, on_error)
        settings = PipelineSettings(lang, model, blank, parsed_input_only, nlp.max_length)
        try:
            for number, shard in _analysed(nlp, pending, settings, cluster, shard_size,
                                           batch_size, n_process, bar):
                store.write(number, shard)
                summary.shards_written += 1
                summary.processed += len(shard)
                _count(summary, len(shard), [record for record in shard
                                             if record["status"] == STATUS_BAD])
        finally:
            bar.close()
        summary.seconds = time.perf_counter() - started
        _write_manifest(Path(output), nlp, inputs, parameters, summary, blank=blank,
                        trained=trained, cluster=cluster)
    return summary


def _analysed(nlp: Language, items: Iterable[InputItem], settings: PipelineSettings,
              cluster: Cluster | None, shard_size: int, batch_size: int | None,
              n_process: int, bar) -> Iterator[tuple[int, list[dict]]]:
    """``(shard number, records)`` of the pending items: by ``nlp`` in this process, or on
    the Dask cluster's workers; the progress bar ticks by record, or by returned shard."""
    if cluster is not None:
        for number, shard in analyse_shards(cluster, items, settings, shard_size=shard_size,
                                            batch_size=batch_size):
            bar.update(len(shard))
            yield number, shard
        return
    records = _ticking(record_stream(nlp, items, actor_level=not settings.blank,
                                     batch_size=batch_size, n_process=n_process), bar)
    for number, shard in groupby(records, key=lambda record: record["seq"] // shard_size):
        yield number, list(shard)


def _pending(items: Iterable[InputItem], store: ShardStore, shard_size: int,
             summary: AuditSummary, on_error: str) -> Iterator[InputItem]:
    """The items of unfinished shards; those of finished shards are counted from disk."""
    counted: set[int] = set()
    for item in items:
        number = item.seq // shard_size
        if number in store.finished:
            if number not in counted:
                counted.add(number)
                summary.shards_resumed += 1
                counts = store.status_counts(number)
                _count(summary, sum(counts.values()), store.bad_records(number))
            continue
        if item.is_bad and on_error == "fail":
            raise AuditError(f"{item.where}: {item.reason} (use --on-error skip to count and "
                             "skip bad records)")
        yield item


def _ticking(records: Iterator[dict], bar) -> Iterator[dict]:
    for record in records:
        bar.update(1)
        yield record


def _count(summary: AuditSummary, records: int, bad: list[dict]) -> None:
    summary.input_records += records
    summary.ok += records - len(bad)
    summary.bad += len(bad)
    summary.reasons.update(_reason_kind(record["reason"]) for record in bad)
    room = MAX_BAD_EXAMPLES - len(summary.bad_examples)
    summary.bad_examples.extend(f"{record_place(record)}: {record['reason']}"
                                for record in bad[:max(room, 0)])


def record_place(record: dict) -> str:
    """Where a record is in the input: ``corpus.jsonl line 3``, ``docs.spacy doc 0``,
    ``texts: 2019/a.txt``."""
    if record["line"] is None:
        return f"{record['source']}: {record['id']}"
    unit = "doc" if record["source"].endswith(DOCBIN_SUFFIX) else "line"
    return f"{record['source']} {unit} {record['line']}"


def _reason_kind(reason: str) -> str:
    """A reason without its particulars, for the summary: "invalid date '2019-13'" ->
    "invalid date"."""
    for marker in (" '", " (", " at byte"):
        reason = reason.split(marker)[0]
    return reason


def _progress_bar(enabled: bool):
    from tqdm import tqdm

    return tqdm(unit="doc", desc="audit", disable=not enabled, file=sys.stderr)


def input_checksum(path: str) -> str:
    """sha256 of an input file; of a folder: of its .txt files' relative names and bytes."""
    digest = hashlib.sha256()
    root = Path(path)
    for file in input_files(root):
        if root.is_dir():
            digest.update(file.relative_to(root).as_posix().encode("utf-8") + b"\0")
        with open(file, "rb") as handle:
            while block := handle.read(1 << 20):
                digest.update(block)
    return digest.hexdigest()


def _write_manifest(output: Path, nlp: Language, inputs: dict, parameters: dict,
                    summary: AuditSummary, *, blank: bool, trained: bool,
                    cluster: Cluster | None = None) -> None:
    """Write the "audit" section of ``manifest.json``, keeping other steps' sections.
    ``trained``: a trained pipeline was loaded (not in blank mode, nor for parsed input
    without --model), whose name and version the manifest records; ``cluster``: the Dask
    cluster that ran the analysis, if any."""
    import spacy

    from .. import __version__

    path = output / MANIFEST_FILE
    try:
        manifest = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        manifest = {}
    model = f"{nlp.meta.get('lang')}_{nlp.meta.get('name')}" if trained else None
    manifest["audit"] = {
        "inputs": [{"path": p, "sha256": checksum} for p, checksum in inputs.items()],
        "parameters": parameters,
        "versions": {"spacy_genderfair": __version__, "spacy": spacy.__version__,
                     "model": model,
                     "model_version": nlp.meta.get("version") if trained else None},
        "pipeline": nlp.pipe_names,
        "actor_level": not blank,
        "notes": [BLANK_NOTE] if blank else [],
        "cluster": cluster.to_dict() if cluster is not None else None,
        "counts": summary.to_dict(),
    }
    write_atomically(path, lambda tmp: tmp.write_text(
        json.dumps(manifest, indent=2, ensure_ascii=False) + "\n", encoding="utf-8"))


# AuditError, audit_pipeline, process_items and record_stream live in ``analysis`` (which
# the Dask workers import too) and are also importable from here.
__all__ = ["AuditError", "AuditSummary", "audit_pipeline", "input_checksum", "process_items",
           "record_stream", "run_audit"]
