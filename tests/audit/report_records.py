"""Hand-made audit records for the report tests: ``record(...)`` gives one record with every
column of the contract defaulted (an ok text of 2019 with no actors), ``records_table`` makes the
pyarrow table the report reads."""

import pyarrow as pa

from spacy_genderfair.audit.schema import ACTOR_GROUP_FIELDS, GROUP_KEYS, record_schema

# every group count of the schema but the two that are not integers
_GROUP_INT_FIELDS = tuple(name for name in ACTOR_GROUP_FIELDS
                          if name not in ("sentiment_sum", "lemmas"))
SCHEMA = record_schema()


def record(blank: bool = False, bad: bool = False, **values) -> dict:
    """One record: every column defaulted, ``values`` override them (e.g. she_actors=2,
    he_lemmas=[("NOUN", "minister", 3)]). ``blank``: actor-level columns null, as ``--blank``
    writes them; ``bad``: a bad record (no text, every count 0 or null)."""
    row = {
        "seq": 0,
        "id": "corpus.jsonl:1",
        "source": "corpus.jsonl",
        "line": 1,
        "date": "2019-05-01",
        "year": 2019,
        "month": 5,
        "status": "ok",
        "reason": None,
        "n_tokens": 100,
        "actor_level": not blank,
        "inclusive_forms": 0,
        "generic_masculine": False,
        "coded_feminine": 0,
        "coded_masculine": 0,
    }
    for key in GROUP_KEYS:
        row[f"{key}_pronoun_tokens"] = 0
        for name in _GROUP_INT_FIELDS:
            row[f"{key}_{name}"] = None if blank or bad else 0
        row[f"{key}_sentiment_sum"] = None if blank or bad else 0.0
        row[f"{key}_lemmas"] = None if blank or bad else []
    if bad:
        row.update(status="bad", reason="malformed JSON", n_tokens=0, actor_level=False)
    for name, value in values.items():
        if name not in row:
            raise KeyError(f"no record column {name!r}")
        if name.endswith("_lemmas") and value is not None:
            value = [{"pos": pos, "lemma": lemma, "count": count} for pos, lemma, count in value]
        row[name] = value
    return row


def records_table(rows: list[dict]) -> pa.Table:
    """The records as the report reads them, ``seq`` numbered in order."""
    return pa.Table.from_pylist([row | {"seq": seq} for seq, row in enumerate(rows)], schema=SCHEMA)
