"""Property tests: 1,000 generated files through each reader of the swapping stage and of
user data (review CSV, swapped pairs, split files, lexicons, name lists, eval-swap JSONL).

Each reader either raises its own documented error (one clear line for the CLI) or reads the
file to the end with every input record accounted for.
"""

import csv
import io
import json

import typer
from hypothesis import event, given
from hypothesis import strategies as st

from spacy_genderfair.cli.eval_swap import _read_jsonl
from spacy_genderfair.corpus.swap_pairs import (
    PairReport,
    SwapDataError,
    read_split,
    read_swapped_pairs,
)
from spacy_genderfair.corpus.swap_review import (
    REVIEW_COLUMNS,
    ReviewError,
    apply_review,
    read_review,
)
from spacy_genderfair.lexicon import LexiconFormatError, read_lexicon
from spacy_genderfair.swap.names.lists import NameListError, read_name_list

from .files import encoded, file_bytes, fresh_folder, json_line, one_line, plain_text
from .strategies import PROPERTY_SETTINGS, arbitrary_text

# -- review CSV -------------------------------------------------------------------------------

@st.composite
def review_csv(draw) -> bytes:
    header = list(REVIEW_COLUMNS)
    if draw(st.integers(0, 9)) == 0:
        header = draw(st.permutations(header))[: draw(st.integers(0, len(header)))]
    rows = []
    for _ in range(draw(st.integers(0, 5))):
        original = draw(plain_text)
        entities = draw(st.lists(st.tuples(st.sampled_from(("PERS", "JOB", 1)),
                                           st.integers(-1, len(original) + 1),
                                           st.integers(0, len(original) + 1)), max_size=3))
        rows.append({
            "id": str(len(rows)),
            "original": original,
            "swapped": draw(st.one_of(st.just(original), plain_text)),
            "edits": draw(st.sampled_from(("[]", "", "[{}]", "{", "null"))),
            "entities": draw(st.one_of(st.just(json.dumps(entities)),
                                       st.sampled_from(("", "[", "[[1, 2]]", '"x"')))),
            "decision": draw(st.sampled_from(("accept", "correct", "dismiss", "", " Accept",
                                              "maybe"))),
            "correction": draw(st.one_of(st.just(""), plain_text)),
        })
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=header, extrasaction="ignore")
    writer.writeheader()
    writer.writerows(rows)
    data = out.getvalue().encode("utf-8", "surrogatepass")
    extra = draw(st.lists(st.sampled_from((b"\xff\xfe,", b'"unclosed,quote', b"a,b,c,d,e,f,g,h",
                                           b"\x00,\x00", b"x" * 140_000, b'"' + b"y" * 140_000)),
                          max_size=2))
    return b"\r\n".join([data, *extra]) if extra else data


@PROPERTY_SETTINGS
@given(data=review_csv())
def test_review_reader_accounts_for_every_row(scratch, blank_nlp, data):
    path = scratch / "review.csv"
    path.write_bytes(data)
    added = []
    try:
        rows = list(read_review(path))
    except ReviewError as err:
        event("outcome", "ReviewError")
        assert str(err).startswith(str(path)) and "\n" not in str(err)
        return
    line_numbers = [row.line_no for row in rows]
    assert line_numbers == sorted(set(line_numbers))
    summary = apply_review(iter(rows), blank_nlp.make_doc, added.append, on_error="skip")
    assert summary.rows == len(rows) == (summary.accepted + summary.corrected
                                         + summary.dismissed + summary.pending + summary.bad)
    event("reviewed Docs", str(min(len(added), 2)))
    assert len(added) == summary.accepted + summary.corrected
    assert sum(len(doc.ents) for doc in added) == summary.entities_kept


# -- swapped pairs and split files ------------------------------------------------------------

META_LINE = st.one_of(st.integers(0, 8).map(lambda i: str(i).encode()),
                      st.sampled_from((b"-1", b"x", b" 1 ", b"")))


SENTENCE = st.builds(lambda start, rest: start + one_line(rest),
                     st.sampled_from(("Вона прийшла", "Директор Ріяко", "She said", "Er kam")),
                     plain_text)
RANDOM_TEXT = file_bytes(encoded(plain_text))
RANDOM_META = file_bytes(META_LINE)


@st.composite
def _ann(draw, text: str) -> bytes:
    """A brat .ann for ``text``: up to 2 entities, offsets into the whole file."""
    lines = []
    for number in range(draw(st.integers(0, 2))):
        start = draw(st.integers(0, len(text)))
        end = draw(st.integers(start, len(text)))
        lines.append(f"T{number + 1}\tPERS\t{start}\t{end}\t{one_line(text[start:end])}")
    return "\n".join(lines).encode("utf-8", "surrogatepass")


@st.composite
def swapped_corpus(draw) -> dict[str, bytes | None]:
    """A consistent original/swapped document most of the time (every swapped line with its
    original line index), else with one file replaced by random bytes or missing."""
    newline = draw(st.sampled_from(("\n", "\r\n")))
    originals = draw(st.lists(SENTENCE, min_size=1, max_size=5))
    indices = draw(st.lists(st.integers(0, len(originals) - 1), max_size=4))
    swapped = [draw(SENTENCE) for _ in indices]
    original_text = newline.join(originals) + newline
    swapped_text = newline.join(swapped) + (newline if swapped else "")
    files = {
        "swapped/d/X-swapped.txt": swapped_text.encode("utf-8", "surrogatepass"),
        "swapped/d/X-swapped.meta": "\n".join(map(str, indices)).encode(),
        "original/d/X.txt": original_text.encode("utf-8", "surrogatepass"),
        "swapped/d/X-swapped.ann": draw(_ann(swapped_text)),
        "original/d/X.ann": draw(_ann(original_text)),
    }
    damage = draw(st.integers(0, 5))
    name = draw(st.sampled_from(sorted(files)))
    if damage == 0:
        files[name] = None  # a missing file
    elif damage == 1:
        files[name] = draw(RANDOM_META if name.endswith(".meta") else RANDOM_TEXT)
    return files


@PROPERTY_SETTINGS
@given(files=swapped_corpus())
def test_pairs_reader_accounts_for_every_swapped_line(scratch, files):
    root = fresh_folder(scratch / "pairs")
    for name, data in files.items():
        if data is not None:
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            (root / name).write_bytes(data)
    (root / "original").mkdir(exist_ok=True)
    (root / "swapped").mkdir(exist_ok=True)
    report = PairReport()
    try:
        pairs = list(read_swapped_pairs(root / "swapped", root / "original", on_error="skip",
                                        report=report))
    except SwapDataError as err:
        event("outcome", "SwapDataError")
        assert "\n" not in str(err)
        return
    event("pairs read", str(min(len(pairs), 2)))
    assert report.swapped_lines == report.pairs + report.skipped_lines == (
        len(pairs) + report.skipped_lines)
    for pair in pairs:
        for entity in (*pair.original_entities, *pair.reference_entities):
            source = pair.original if entity in pair.original_entities else pair.reference
            assert entity.text == source[entity.start:entity.end]


@PROPERTY_SETTINGS
@given(header=st.sampled_from((b"DEV\n", b"TEST\r\n", b"")),
       data=file_bytes(st.one_of(st.sampled_from((b"DEV", b"TEST", b"abc-swapped")),
                                 encoded(plain_text))))
def test_split_reader_reads_or_fails_clearly(scratch, header, data):
    path = scratch / "split.txt"
    path.write_bytes(header + data)
    try:
        splits = read_split(path)
    except SwapDataError as err:
        event("outcome", "SwapDataError")
        assert "\n" not in str(err)
        return
    assert all(isinstance(ids, list) for ids in splits.values())


# -- user lexicons and name lists -------------------------------------------------------------

LEXICON_LINE = st.one_of(
    st.sampled_from((b"male,female", b"lekar,lekarka", b"a\tb\t\tnoun", b"a\tb", b"x,y,z",
                     b'[{"word": "he", "gender": "m"}]', b'{"word": 1}', b"name\tmasculine\t1",
                     b"name\tfeminine\t-1", b"n\tx\t1", b"#comment")),
    encoded(plain_text),
)


@PROPERTY_SETTINGS
@given(data=file_bytes(LEXICON_LINE, max_lines=6),
       suffix=st.sampled_from((".tsv", ".csv", ".json", ".txt")))
def test_lexicon_and_name_list_readers_read_or_fail_clearly(scratch, data, suffix):
    path = scratch / f"lexicon{suffix}"
    path.write_bytes(data)
    try:
        read_lexicon(path)
    except LexiconFormatError as err:
        event("outcome", "LexiconFormatError")
        assert str(err)
    if suffix in (".tsv", ".csv"):  # a name list TSV, or both files of a name list folder
        if suffix == ".csv":
            path = fresh_folder(scratch / "names")
            for name in ("male_fname_freq_dict.csv", "female_fname_freq_dict.csv"):
                (path / name).write_bytes(data)
        try:
            read_name_list(path)
        except NameListError as err:
            event("outcome", "NameListError")
            assert str(path) in str(err)


# -- eval-swap pairs (JSONL) ------------------------------------------------------------------

PAIR_LINE = encoded(json_line({"original": arbitrary_text, "reference": arbitrary_text,
                               "prediction": arbitrary_text,
                               "original_entities": st.just([["PERS", 0, 1]])}))


@PROPERTY_SETTINGS
@given(data=file_bytes(PAIR_LINE))
def test_eval_swap_pairs_reader_accounts_for_every_line(scratch, data):
    path = scratch / "pairs.jsonl"
    path.write_bytes(data)
    try:
        records, summary = _read_jsonl(path, "skip")
    except typer.Exit as done:  # fail(): one line on stderr, exit code 1
        event("outcome", "fail()")
        assert done.exit_code == 1
        return
    assert summary["lines"] == summary["pairs"] + summary["blank_lines"] + summary["bad_lines"]
    assert summary["pairs"] == len(records)
