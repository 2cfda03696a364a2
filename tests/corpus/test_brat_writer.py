"""Writing a swapped brat corpus (NER-UK v2.0-swapped layout) and reading it back as pairs."""

import re
import shutil

import pytest
import spacy

from spacy_genderfair.corpus.brat import BratEntity, BratFormatError, read_ann
from spacy_genderfair.corpus.brat_writer import (
    AugmentSummary,
    OffsetMap,
    SwappedLine,
    augment_brat,
    carry_entities,
    line_doc,
    swap_lines,
    target_labels,
    write_split,
    write_swapped_document,
)
from spacy_genderfair.corpus.swap_pairs import (
    LineEntity,
    PairReport,
    read_split,
    read_swapped_pairs,
)
from tests.conftest import shared_path
from tests.corpus.test_swap_pairs import ORIGINAL, ORIGINAL_ANN

# Two NER-UK documents with JOB and PERS entities; 00b1a798bebf has an ART entity that spans
# a line break ("Наші гроші.\nЗапоріжжя").
NER_UK_DOCS = ("003d28360166", "00b1a798bebf")


@pytest.fixture(scope="module")
def nlp():
    nlp = spacy.blank("uk")
    nlp.add_pipe("gender_swapper")
    return nlp


def _ner_uk_sample(tmp_path):
    source = shared_path("ner-uk", "v2.0", "data", "ng")
    src = tmp_path / "src"
    (src / "ng").mkdir(parents=True)
    for doc_id in NER_UK_DOCS:
        for suffix in (".txt", ".ann"):
            shutil.copy(source / f"{doc_id}{suffix}", src / "ng" / f"{doc_id}{suffix}")
    return src


def test_offset_map_keeps_offsets_in_unchanged_tokens_and_snaps_in_replaced_ones(nlp):
    doc = nlp("Черговий лікар прийшов о 7 год.")
    swapped = doc._.swapped_doc
    assert swapped.text == "Чергова лікарка прийшла о 7 год."
    offsets = OffsetMap(doc, swapped)
    assert offsets(0) == 0 and offsets(len(doc.text)) == len(swapped.text)
    assert swapped.text[offsets(9):offsets(14, end=True)] == "лікарка"
    # Inside a replaced word: the span grows to the whole new word.
    assert swapped.text[offsets(11):offsets(12, end=True)] == "лікарка"
    # Inside an unchanged token ("год." is one token): the offset keeps its place.
    start = doc.text.index("7 год")
    assert swapped.text[offsets(start):offsets(start + 5, end=True)] == "7 год"


def test_line_doc_counts_entities_it_cannot_place(nlp):
    line = "Директор Валерій Ріяко працює з 2005 р. і до 2007 р."
    entities = [
        LineEntity("JOB", 0, 8, "Директор"),
        LineEntity("PERS", 9, 22, "Валерій Ріяко"),
        LineEntity("PERIOD", 32, 51, line[32:51]),
        LineEntity("DATE", 32, 39, line[32:39]),  # nested in the PERIOD: not on doc.ents
    ]
    doc, unplaced = line_doc(nlp.make_doc, line, entities)
    assert unplaced == 1
    assert [(e.text, e.label_) for e in doc.ents] == [
        ("Директор", "JOB"), ("Валерій Ріяко", "PERS"), (line[32:51], "PERIOD")]


@pytest.mark.parametrize("line,container,person,swapped", [
    # NER-UK nests a job title in a DOC entity and a name in the ORG named after its owner
    ("Указом президента було встановлено і діаметр медалі.", ("DOC", 0, 17),
     ("JOB", 7, 17), r"Указом президентки було встановлено і діаметр медалі\."),
    ("ФОП Любач Вадим Євгенович був зареєстрований підприємцем.", ("ORG", 0, 25),
     ("PERS", 4, 25), r"ФОП Любач \w+ Євгенівна була зареєстрована підприємницею\."),
])
def test_swap_lines_shows_the_swapper_a_person_nested_in_another_entity(
        line, container, person, swapped):
    nlp = spacy.blank("uk")
    nlp.add_pipe("gender_swapper", config={"direction": "feminine_first"})
    entities = [LineEntity(label, start, end, line[start:end])
                for label, start, end in (container, person)]
    assert target_labels(nlp) == ("PERS", "PER", "PERSON", "JOB")
    doc, unplaced = line_doc(nlp.make_doc, line, entities, target_labels(nlp))
    assert unplaced == 1
    assert [(e.label_, e.start_char, e.end_char) for e in doc.ents] == [person]
    # without the swapper's labels the container wins and hides the person
    assert [e.label_ for e in line_doc(nlp.make_doc, line, entities)[0].ents] == [container[0]]
    summary = AugmentSummary()
    changed = swap_lines(nlp, line, [BratEntity(f"T{i}", e.label, e.start, e.end, e.text)
                                     for i, e in enumerate(entities, 1)], summary)
    assert len(changed) == 1 and re.fullmatch(swapped, changed[0].text)  # (a drawn name)
    assert summary.entities_not_on_doc == 1


def test_carry_entities_keeps_nested_entities(nlp):
    line = "Директор працює з 2005 р. і до 2007 р."
    entities = [LineEntity("JOB", 0, 8, "Директор"),
                LineEntity("PERIOD", 18, 37, line[18:37]),
                LineEntity("DATE", 31, 37, line[31:37])]
    doc, _ = line_doc(nlp.make_doc, line, entities)
    doc = nlp.get_pipe("gender_swapper")(doc)
    moved = carry_entities(entities, OffsetMap(doc, doc._.swapped_doc))
    assert doc._.swapped == "Директорка працює з 2005 р. і до 2007 р."
    assert moved == (LineEntity("JOB", 0, 10, "Директорка"),
                     LineEntity("PERIOD", 20, 39, "2005 р. і до 2007 р"),
                     LineEntity("DATE", 33, 39, "2007 р"))


def test_written_files_have_the_ner_uk_layout(tmp_path):
    lines = [SwappedLine(1, "Чергова лікарка прийшла.", (LineEntity("JOB", 8, 15, "лікарка"),)),
             SwappedLine(3, "Мерка привітала всіх.", (LineEntity("JOB", 0, 5, "Мерка"),))]
    txt = write_swapped_document(tmp_path / "ng", "abc", lines)
    assert txt == tmp_path / "ng" / "abc-swapped.txt"
    assert txt.read_text(encoding="utf-8") == "Чергова лікарка прийшла.\nМерка привітала всіх."
    assert txt.with_suffix(".ann").read_text(encoding="utf-8") == (
        "T1\tJOB\t8\t15\tлікарка\n"
        "T2\tJOB\t25\t30\tМерка\n")
    assert txt.with_suffix(".meta").read_text(encoding="utf-8") == "1\n3\n"


def test_swapped_corpus_round_trips_through_read_swapped_pairs(tmp_path, nlp):
    src = tmp_path / "src" / "ng"
    src.mkdir(parents=True)
    (src / "abc.txt").write_text(ORIGINAL, encoding="utf-8")
    (src / "abc.ann").write_text(ORIGINAL_ANN, encoding="utf-8")
    out = tmp_path / "out"
    summary = augment_brat(tmp_path / "src", out, nlp)
    assert (summary.documents, summary.written_documents, summary.written) == (1, 1, ["ng/abc"])
    # "Новини дня." has nothing to swap; the other three lines change.
    assert (summary.lines, summary.swapped_lines, summary.unchanged_lines) == (4, 3, 1)
    assert (out / "ng" / "abc-swapped.meta").read_text() == "1\n2\n3\n"
    pairs = list(read_swapped_pairs(out, tmp_path / "src"))
    assert [(p.line_index, p.reference) for p in pairs] == [
        (1, "Чергова лікарка поінформувала про перспективи."),
        (2, "Директорка Єлизавета Ріяко підписала наказ."),
        (3, "Очільниця міста привітала мешканців."),
    ]
    # The MISC entity crossing the line break of lines 2-3 is clipped to each line, exactly
    # as pairs.py clips the original.
    assert pairs[0].reference_entities == (
        LineEntity("JOB", 8, 15, "лікарка"), LineEntity("MISC", 34, 46, "перспективи."))
    assert [(e.label, e.text) for e in pairs[1].reference_entities] == [
        ("MISC", "Директорка"), ("JOB", "Директорка"), ("PERS", "Єлизавета Ріяко")]
    for pair in pairs:
        assert [e.label for e in pair.reference_entities] == \
            [e.label for e in pair.original_entities]


def test_real_ner_uk_documents_round_trip(tmp_path, nlp):
    src = _ner_uk_sample(tmp_path)
    out = tmp_path / "out"
    summary = augment_brat(src, out, nlp)
    assert summary.written == [f"ng/{d}" for d in NER_UK_DOCS]
    assert summary.lines == summary.swapped_lines + summary.unchanged_lines
    report = PairReport()
    pairs = list(read_swapped_pairs(out, src, report=report))
    assert report.pairs == summary.swapped_lines == len(pairs) > 0
    assert not report.problems and not report.warnings
    for doc_id in NER_UK_DOCS:
        swapped_txt = out / "ng" / f"{doc_id}-swapped.txt"
        text = swapped_txt.read_text(encoding="utf-8")
        # Every entity's text in the .ann is exactly its slice of the swapped text.
        for entity in read_ann(swapped_txt.with_suffix(".ann")):
            assert entity.text == text[entity.start:entity.end], entity
        source_lines = (src / "ng" / f"{doc_id}.txt").read_text(encoding="utf-8").split("\n")
        for pair in (p for p in pairs if p.doc_id == f"ng/{doc_id}"):
            assert pair.original == source_lines[pair.line_index]
            assert pair.reference != pair.original
            # Swapping keeps the entities: same labels in the same order.
            assert [e.label for e in pair.reference_entities] == \
                [e.label for e in pair.original_entities]
    # The line NER-UK's own swapped corpus has as "Незмінною директоркою цієї філії ...":
    # the same JOB entities.
    line = next(p for p in pairs if p.doc_id == "ng/003d28360166" and p.line_index == 9)
    assert line.reference.startswith("Незмінною директоркою цієї філії вже 12 років є ")
    assert [e.text for e in line.reference_entities if e.label == "JOB"] == \
        ["директоркою", "директоркою"]


def test_bad_document_is_skipped_or_fails(tmp_path, nlp):
    src = tmp_path / "src"
    src.mkdir()
    (src / "good.txt").write_text("Черговий лікар прийшов.\n", encoding="utf-8")
    (src / "good.ann").write_text("T1\tJOB\t9\t14\tлікар\n", encoding="utf-8")
    (src / "bad.txt").write_bytes(b"\xff\xfe\n")
    (src / "bad.ann").write_text("", encoding="utf-8")
    (src / "notes.txt").write_text("no .ann: not a document\n", encoding="utf-8")
    summary = augment_brat(src, tmp_path / "out", nlp, on_error="skip")
    assert (summary.documents, summary.skipped_documents, summary.written_documents) == (2, 1, 1)
    assert "bad.txt" in summary.problems[0].path
    with pytest.raises(BratFormatError, match=r"bad\.txt"):
        augment_brat(src, tmp_path / "out2", nlp, on_error="fail")


def test_split_file_keeps_each_documents_split(tmp_path):
    split = tmp_path / "dev-test-split.txt"
    split.write_text("DEV\naaa\nbbb\nTEST\nccc\nddd\n", encoding="utf-8")
    out = tmp_path / "dev-test-split-swapped.txt"
    counts, unlisted = write_split(split, out, ["ng/ccc", "bruk/aaa", "ng/zzz"])
    assert counts == {"DEV": 1, "TEST": 1} and unlisted == ["zzz"]
    assert out.read_text(encoding="utf-8") == "DEV\naaa-swapped\nTEST\nccc-swapped\n"
    assert read_split(out) == {"DEV": ["aaa"], "TEST": ["ccc"]}


def test_summary_is_json_able():
    assert AugmentSummary().to_dict()["problems"] == []
