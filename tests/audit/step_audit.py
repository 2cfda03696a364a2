"""An audit folder made of hand-made records (``report_records.record``), as ``genderfair
audit`` leaves it: the records' shards, ``records/_progress.json`` and ``manifest.json``, so
that the corpus steps (exclude, balance, rebuild) run on counts the tests choose."""

import json
from pathlib import Path

from spacy_genderfair.audit.runner import MANIFEST_FILE, input_checksum
from spacy_genderfair.audit.shards import ShardStore, chunked

from .report_records import record


def write_audit(folder: Path, rows: list[dict], *, inputs: list[str] | None = None,
                shard_size: int = 1000) -> Path:
    """Write ``rows`` (records; ``seq`` numbered here, ids "t0", "t1", ... unless given) as an
    audit of ``inputs`` (paths whose sha256 the manifest keeps). Returns ``folder``."""
    inputs = inputs or []
    checksums = {path: input_checksum(path) if Path(path).exists() else "0" * 64 for path in inputs}
    parameters = {"lang": "en", "model": None, "blank": False, "id_field": None,
                  "text_field": "text", "date_field": "date", "shard_size": shard_size,
                  "max_length": 1_000_000}
    store = ShardStore(folder, {"inputs": checksums, **parameters})
    numbered = [{**row, "seq": seq} for seq, row in enumerate(rows)]
    for number, shard in chunked(numbered, shard_size):
        store.write(number, shard)
    manifest = {"audit": {
        "inputs": [{"path": path, "sha256": sha} for path, sha in checksums.items()],
        "parameters": parameters, "actor_level": True, "notes": [],
        "counts": {"input_records": len(rows)}}}
    (folder / MANIFEST_FILE).write_text(json.dumps(manifest), encoding="utf-8")
    return folder


def text(seq_id: str, **counts) -> dict:
    """A record with id ``seq_id`` and the given counts (e.g. she_actors=1, he_subject=2)."""
    return record(id=seq_id, **counts)
