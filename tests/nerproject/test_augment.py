"""The project's training and test sets, built from the real NER-UK corpus step."""

import pytest
import spacy
from spacy.tokens import DocBin

from spacy_genderfair.nerproject.augment import write_test_sets, write_training_sets
from spacy_genderfair.nerproject.corpus import write_corpus
from spacy_genderfair.nerproject.package import package_meta
from tests.conftest import shared_path


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    root = shared_path("ner-uk")
    folder = tmp_path_factory.mktemp("corpus")
    write_corpus(root / "v2.0" / "data", folder, swapped_root=root / "v2.0-swapped" / "data")
    return root, folder


def docs(path):
    return list(DocBin().from_disk(path).get_docs(spacy.blank("uk").vocab))


def test_training_sets_add_the_swaps_of_the_chosen_lines(corpus, tmp_path):
    root, folder = corpus
    # The reviewed swapped corpus stands in for "ours": same layout as augment-brat writes.
    report = write_training_sets(folder, root / "v2.0-swapped" / "data",
                                 root / "v2.0" / "data", tmp_path, limit=400)
    orig = docs(tmp_path / "orig.spacy")
    gold = docs(tmp_path / "orig+gold.spacy")
    ours = docs(tmp_path / "orig+ours.spacy")
    assert len(orig) == 400
    assert [d.text for d in gold[:400]] == [d.text for d in orig]
    keys = {(d.user_data["doc_id"], d.user_data["line"]) for d in orig}
    added_gold = gold[400:]
    assert len(added_gold) == report["added"]["gold"] > 0
    assert {d.user_data["source"] for d in added_gold} == {"gold"}
    assert all((d.user_data["doc_id"], d.user_data["line"]) in keys for d in added_gold)
    added_ours = ours[400:]
    assert {d.user_data["source"] for d in added_ours} == {"ours"}
    # Only lines with a person or a job title are added from our swapper.
    originals = {(d.user_data["doc_id"], d.user_data["line"]): d for d in orig}
    for doc in added_ours:
        original = originals[doc.user_data["doc_id"], doc.user_data["line"]]
        assert {"PERS", "JOB"} & {e.label_ for e in original.ents}


def test_test_sets_pair_the_swapped_lines_with_the_test_lines(corpus, tmp_path):
    root, folder = corpus
    report = write_test_sets(folder, root / "v2.0-swapped" / "data", root / "v2.0" / "data",
                             tmp_path, source="gold", limit=300)
    # The swaps here hold only DEV documents: none of them is a test document.
    assert report["docs"] == {"original": 300, "swapped": 0, "augmented": 300,
                              "gold-swapped": 65}
    assert report["swapped_source"] == "gold"
    gold_swapped = docs(tmp_path / "gold-swapped.spacy")
    assert {d.user_data["source"] for d in gold_swapped} == {"gold"}


def test_package_meta_carries_the_data_licence():
    meta = package_meta({"lang": "uk", "name": "pipeline", "labels": {"ner": ["JOB"]}},
                        name="ner_genderfair", version="0.2.0")
    assert (meta["lang"], meta["name"], meta["version"]) == ("uk", "ner_genderfair", "0.2.0")
    assert meta["license"] == "CC BY-NC-SA 4.0"
    assert meta["labels"] == {"ner": ["JOB"]}
    assert meta["sources"][0]["name"] == "NER-UK 2.0"
    assert meta["requirements"] == []
    trf = package_meta({"requirements": ["spacy-transformers>=1.3"]}, name="ner_trf",
                       version="0.1.0", requirements=["torch==2.13.0"])
    assert trf["requirements"] == ["spacy-transformers>=1.3", "torch==2.13.0"]
