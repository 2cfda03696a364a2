"""Hand-made audit records for the report tests: ``record(...)`` gives one record with every
column of the contract defaulted (an ok text of 2019 with no actors), ``records_table`` makes the
pyarrow table the report reads."""

import pyarrow as pa

GROUP_KEYS = ("she", "he", "they", "unknown")
_GROUP_INT_FIELDS = (
    "actors",
    "named",
    "pronoun",
    "unresolved",
    "subject",
    "object",
    "quotes_direct",
    "quotes_indirect",
    "sentiment_count",
    "coded_feminine",
    "coded_masculine",
)
_LEMMA = pa.struct([("pos", pa.string()), ("lemma", pa.string()), ("count", pa.int32())])


def _schema() -> pa.Schema:
    fields = [
        ("seq", pa.int64()),
        ("id", pa.string()),
        ("source", pa.string()),
        ("line", pa.int32()),
        ("date", pa.string()),
        ("year", pa.int32()),
        ("month", pa.int32()),
        ("status", pa.string()),
        ("reason", pa.string()),
        ("n_tokens", pa.int32()),
        ("actor_level", pa.bool_()),
        ("inclusive_forms", pa.int32()),
        ("generic_masculine", pa.bool_()),
        ("coded_feminine", pa.int32()),
        ("coded_masculine", pa.int32()),
    ]
    for key in GROUP_KEYS:
        fields.append((f"{key}_pronoun_tokens", pa.int32()))
        fields += [(f"{key}_{name}", pa.int32()) for name in _GROUP_INT_FIELDS]
        fields.append((f"{key}_sentiment_sum", pa.float64()))
        fields.append((f"{key}_lemmas", pa.list_(_LEMMA)))
    return pa.schema(fields)


SCHEMA = _schema()


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
