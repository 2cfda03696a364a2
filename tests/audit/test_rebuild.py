"""Step 4, the rebuild: every input file streamed, kept records byte for byte, and the two
faults of the reference code (files without a step-3 exclusion vanish; step 3 overwrites
the step-2 exclusions) as regression tests."""

import json
from pathlib import Path

import pytest
import spacy
from spacy.tokens import DocBin

from spacy_genderfair.audit import rebuild
from spacy_genderfair.audit.balance import BalanceSettings, run_balance
from spacy_genderfair.audit.exclude import run_exclude
from spacy_genderfair.audit.rebuild import run_rebuild
from spacy_genderfair.audit.steps import StepError, read_manifest

from .report_records import record
from .step_audit import write_audit

A_LINES = [b'{"text": "Mary and John."}\r\n', b"{not json\n", b'{"text": "He left."}']
B_LINES = [b'{"text": "She came."}\n', b'{"text": "He went."}\n']


def make_corpus(root: Path) -> list[str]:
    """a.jsonl (a CRLF line, a bad line, no final newline), b.jsonl, a folder of two .txt
    files and a DocBin of two docs."""
    root.mkdir()
    (root / "a.jsonl").write_bytes(b"".join(A_LINES))
    (root / "b.jsonl").write_bytes(b"".join(B_LINES))
    (root / "texts").mkdir()
    (root / "texts" / "x.txt").write_bytes(b"He spoke.\n")
    (root / "texts" / "y.txt").write_bytes(b"Nothing happened.\r\n")
    nlp = spacy.blank("en")
    doc_bin = DocBin(store_user_data=True)
    for number, sentence in enumerate(["He ran.", "She won."]):
        doc = nlp(sentence)
        doc.user_data["id"] = f"d{number}"
        doc_bin.add(doc)
    doc_bin.to_disk(root / "docs.spacy")
    return [str(root / name) for name in ("a.jsonl", "b.jsonl", "texts", "docs.spacy")]


def audit_of(folder: Path, paths: list[str]) -> Path:
    """The records of the corpus: a1 is excluded (roles and quotes flags); then S = 2,
    H = 4, and greedy balancing removes the two he/him texts of smallest id, c-doc0 and
    c-x. Nothing is removed from b.jsonl."""
    a, b, texts, docs = paths

    def at(source, line, name, she=0, he=0, **values):
        return record(id=name, source=source, line=line, she_actors=she, she_named=she,
                      he_actors=he, he_named=he, **values)

    rows = [at(a, 1, "a1", she=1, he=1, she_subject=3, she_quotes_direct=2),
            record(bad=True, id="a2", source=a, line=2),
            at(a, 3, "n3", he=1), at(b, 1, "n4", she=1), at(b, 2, "n5", he=1),
            at(texts, None, "c-x", he=1), at(texts, None, "y"),
            at(docs, 0, "c-doc0", he=1), at(docs, 1, "d1", she=1)]
    return write_audit(folder, rows, inputs=paths, shard_size=4)


@pytest.fixture
def steps_run(tmp_path):
    paths = make_corpus(tmp_path / "corpus")
    folder = audit_of(tmp_path / "audit", paths)
    run_exclude(folder)
    run_balance(folder, BalanceSettings(method="greedy"))
    return paths, folder


def tree(folder: Path) -> dict[str, bytes]:
    return {path.relative_to(folder).as_posix(): path.read_bytes()
            for path in sorted(folder.rglob("*")) if path.is_file()}


def test_every_file_is_rebuilt_and_both_steps_removals_are_gone(steps_run, tmp_path):
    paths, folder = steps_run
    counts = run_rebuild(paths, folder, tmp_path / "out")
    files = tree(tmp_path / "out")
    assert sorted(files) == ["a.jsonl", "b.jsonl", "docs.spacy", "texts/y.txt"]
    # step 2 removed a1, step 3 nothing of a.jsonl: the step-2 exclusion stays
    assert files["a.jsonl"] == A_LINES[1] + A_LINES[2]
    # nothing removed from b.jsonl: it is still there, byte for byte
    assert files["b.jsonl"] == b"".join(B_LINES)
    assert files["texts/y.txt"] == b"Nothing happened.\r\n"
    docs = list(DocBin().from_disk(tmp_path / "out" / "docs.spacy").get_docs(
        spacy.blank("en").vocab))
    assert [(doc.text, doc.user_data["id"]) for doc in docs] == [("She won.", "d1")]
    assert [(c.records, c.kept, c.removed) for c in counts] == [
        (3, 2, {"exclude": 1, "balance": 0}), (2, 2, {"exclude": 0, "balance": 0}),
        (2, 1, {"exclude": 0, "balance": 1}), (2, 1, {"exclude": 0, "balance": 1})]
    section = read_manifest(folder)["rebuild"]
    assert (section["records"], section["kept"]) == (9, 6)


def test_a_changed_corpus_file_is_one_error_before_anything_is_written(steps_run, tmp_path):
    paths, folder = steps_run
    Path(paths[1]).write_bytes(b"".join(B_LINES[:1]))
    with pytest.raises(StepError, match=r"b\.jsonl changed since the audit"):
        run_rebuild(paths, folder, tmp_path / "out")
    assert not (tmp_path / "out").exists()


def test_other_inputs_than_the_audits_are_refused(steps_run, tmp_path):
    paths, folder = steps_run
    with pytest.raises(StepError, match="The audit read 4 CORPUS path"):
        run_rebuild(paths[:2], folder, tmp_path / "out")
    with pytest.raises(StepError, match="holds the input"):
        run_rebuild(paths, folder, tmp_path / "corpus")


def test_a_killed_rebuild_run_again_writes_the_same_output(steps_run, tmp_path, monkeypatch):
    paths, folder = steps_run
    run_rebuild(paths, folder, tmp_path / "clean")

    def killed(*args):
        raise KeyboardInterrupt

    monkeypatch.setattr(rebuild, "_copy_docs", killed)
    with pytest.raises(KeyboardInterrupt):
        run_rebuild(paths, folder, tmp_path / "out")
    monkeypatch.undo()
    run_rebuild(paths, folder, tmp_path / "out")
    assert tree(tmp_path / "out") == tree(tmp_path / "clean")


def test_rebuild_after_a_re_run_step_follows_the_new_parameters(steps_run, tmp_path):
    paths, folder = steps_run
    run_rebuild(paths, folder, tmp_path / "out")
    run_exclude(folder)  # balancing dropped: only a1 removed now
    run_rebuild(paths, folder, tmp_path / "out")
    files = tree(tmp_path / "out")
    assert sorted(files) == ["a.jsonl", "b.jsonl", "docs.spacy", "texts/x.txt", "texts/y.txt"]
    index = json.loads((folder / "excluded_index.json").read_text(encoding="utf-8"))
    assert index == {"2019-05": {"exclude": ["a1"]}}
