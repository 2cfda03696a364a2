"""Hand-written news articles the audit tests run on, and helpers to write inputs."""

import json
from pathlib import Path

ARTICLES = [
    'Mary Jones was elected mayor by the council. "We will build more houses," she said. '
    'John Brown praised her, and he called her a strong leader.',
    "The minister said that he would resign. Anna Weber thanked him. Each student must bring "
    "his or her own laptop.",
    "David Kim, a nurse, told reporters that they were exhausted. Their colleague Sarah Lee "
    'said the ward needed more staff. "It is a caring team," Lee added.',
    "The chairmen met the firemen on Monday. The firefighter said s/he was ready. Okonkwo Zibe "
    "was confident, ambitious and supportive.",
]
DATES = ["2019-03-04", 2020, "2021-07", None]


def write_jsonl(path: Path, rows: list[dict]) -> Path:
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    return path


def news_rows(copies: int = 1) -> list[dict]:
    """The articles as JSONL rows with ids n1, n2, ... and their dates, ``copies`` times."""
    rows = []
    for _ in range(copies):
        for text, date in zip(ARTICLES, DATES, strict=True):
            rows.append({"id": f"n{len(rows) + 1}", "date": date, "text": text})
    return rows


def compact(record: dict) -> dict:
    """A record without its null, zero and empty columns; lemmas as {"POS lemma": count}."""
    out = {}
    for name, value in record.items():
        if name.endswith("_lemmas") and value:
            value = {f"{entry['pos']} {entry['lemma']}": entry["count"] for entry in value}
        if value not in (None, 0, [], False) or name == "seq":
            out[name] = value
    return out


def stop_after_two_shards(monkeypatch) -> None:
    """Make the audit raise RuntimeError("interrupted") when it would write its third shard."""
    from spacy_genderfair.audit import shards

    write = shards.ShardStore.write

    def write_two_then_fail(self, number, records):
        if len(self.finished) == 2:
            raise RuntimeError("interrupted")
        return write(self, number, records)

    monkeypatch.setattr(shards.ShardStore, "write", write_two_then_fail)


def parsed_docbin(nlp, rows: list[dict]):
    """A DocBin of the rows' texts parsed by ``nlp``, their id and date in user_data."""
    from spacy.tokens import DocBin

    doc_bin = DocBin(store_user_data=True)
    for row in rows:
        doc = nlp(row["text"])
        doc.user_data.update({"id": row["id"], "date": row["date"]})
        doc_bin.add(doc)
    return doc_bin
