"""NER-UK brat -> training Docs: line grouping, nested entities, token splits, the split."""

import pytest
import spacy
from spacy.tokens import DocBin

from spacy_genderfair.corpus.brat import BratEntity
from spacy_genderfair.nerproject.corpus import (
    EntityCounts,
    brat_line_docs,
    dev_documents,
    document_splits,
    entity_doc,
    line_groups,
    write_corpus,
)
from tests.conftest import shared_path


@pytest.fixture(scope="module")
def make_doc():
    return spacy.blank("uk").make_doc


def ents(doc):
    return [(e.text, e.label_) for e in doc.ents]


def test_line_groups_join_the_lines_an_entity_runs_across():
    text = "Перший рядок.\nІван\nПетренко прийшов.\n\nОстанній."
    start = text.index("Іван")
    crossing = (start, text.index("Петренко") + len("Петренко"))
    assert line_groups(text, []) == [(0, 13), (14, 18), (19, 36), (38, 47)]
    assert line_groups(text, [crossing]) == [(0, 13), (14, 36), (38, 47)]


def test_entity_doc_keeps_the_outer_entity_of_a_nested_pair(make_doc):
    counts = EntityCounts()
    text = "з 1 січня 2020 року по 2021 рік"
    period = ("PERIOD", 0, len(text))
    date = ("DATE", 2, 19)
    doc = entity_doc(make_doc, text, [date, period, date], counts)
    assert ents(doc) == [(text, "PERIOD")]
    assert (counts.entities, counts.kept, counts.nested, counts.duplicates) == (2, 1, 1, 1)


def test_entity_doc_splits_a_token_an_entity_boundary_falls_inside(make_doc):
    counts = EntityCounts()
    text = "Площа 44,3 кв м."
    doc = entity_doc(make_doc, text, [("QUANT", 6, 15)], counts)
    assert ents(doc) == [("44,3 кв м", "QUANT")]
    assert [t.text for t in doc][-2:] == ["м", "."]
    assert doc.text == text
    assert (counts.misaligned, counts.split_tokens) == (0, 1)


def test_brat_line_docs_one_doc_per_line_with_provenance(make_doc):
    text = "Директор Іван\nПетренко.\nДругий рядок."
    entities = [BratEntity("T1", "JOB", 0, 8, "Директор"),
                BratEntity("T2", "PERS", 9, 22, "Іван\nПетренко")]
    counts = EntityCounts()
    docs = list(brat_line_docs(make_doc, "abc", text, entities, counts))
    assert [d.text for d in docs] == ["Директор Іван Петренко.", "Другий рядок."]
    assert ents(docs[0]) == [("Директор", "JOB"), ("Іван Петренко", "PERS")]
    assert [d.user_data["line"] for d in docs] == [0, 2]
    assert docs[1].user_data == {"doc_id": "abc", "line": 2, "source": "ner-uk"}
    assert counts.kept == 2


def test_dev_documents_are_a_seeded_share_independent_of_order():
    ids = [f"doc{i:03d}" for i in range(50)]
    chosen = dev_documents(ids, 0.1, seed=0)
    assert len(chosen) == 5
    assert chosen == dev_documents(reversed(ids), 0.1, seed=0)
    assert chosen != dev_documents(ids, 0.1, seed=1)
    assert dev_documents(ids, 0.0, seed=0) == []


def test_document_splits_of_ner_uk():
    split_file = shared_path("ner-uk", "v2.0", "data", "dev-test-split.txt")
    splits = document_splits(split_file, dev_share=0.1, seed=0)
    counts = {name: list(splits.values()).count(name) for name in ("train", "dev", "test")}
    assert counts == {"train": 352, "dev": 39, "test": 169}


def test_write_corpus_keeps_every_ner_uk_entity(tmp_path):
    root = shared_path("ner-uk")
    report = write_corpus(root / "v2.0" / "data", tmp_path,
                          swapped_root=root / "v2.0-swapped" / "data", seed=0)
    assert report["entities"] == {"entities": 21983, "kept": 21556, "nested": 427,
                                  "overlapping": 0, "misaligned": 0, "duplicates": 10,
                                  "split_tokens": 63}
    assert report["docs"] == {"train": 10831, "dev": 1713, "test": 5746,
                              "gold-swapped-train": 862, "gold-swapped-dev": 65}
    # One reviewed swapped entity lies on whitespace only: counted, not placed.
    assert report["swapped_entities"] == {"entities": 3837, "kept": 3752, "nested": 84,
                                          "overlapping": 0, "misaligned": 1,
                                          "duplicates": 1, "split_tokens": 9}
    assert report["swapped_pairs"]["skipped_lines"] == 1
    assert report["not_in_split"] == []
    nlp = spacy.blank("uk")
    dev_ids = set(report["dev_documents"])
    gold_dev = list(DocBin().from_disk(tmp_path / "gold-swapped-dev.spacy").get_docs(nlp.vocab))
    assert {d.user_data["doc_id"] for d in gold_dev} <= dev_ids
    assert {d.user_data["source"] for d in gold_dev} == {"gold"}
