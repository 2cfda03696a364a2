import pytest

from spacy_genderfair.corpus.brat import BratFormatError, read_ann, read_brat_folder
from tests.conftest import shared_path


def test_multiline_entity_continues_on_next_line(tmp_path):
    text = "Директор ПАТ «Наші\nгроші» сказав."
    (tmp_path / "a.txt").write_text(text, encoding="utf-8")
    (tmp_path / "a.ann").write_text(
        "T1\tJOB\t0\t8\tДиректор\nT2\tORG\t9\t25\tПАТ «Наші\nгроші»\n", encoding="utf-8")
    entities = read_ann(tmp_path / "a.ann", text)
    assert [(e.id, e.label, e.text) for e in entities] == [
        ("T1", "JOB", "Директор"), ("T2", "ORG", "ПАТ «Наші\nгроші»")]


def test_garbage_first_line_is_an_error_with_line_number(tmp_path):
    (tmp_path / "b.ann").write_text("not an entity\n", encoding="utf-8")
    with pytest.raises(BratFormatError, match="line 1"):
        read_ann(tmp_path / "b.ann")


def test_ner_uk_counts_match_its_readme():
    folder = shared_path("ner-uk", "v2.0", "data")
    entities = [e for _, _, ents in read_brat_folder(folder) for e in ents]
    assert len(entities) == 21993
    assert sum(e.label == "JOB" for e in entities) == 1982
    assert sum("\n" in e.text for e in entities) == 49
