"""Property tests: 1,000 generated files through each corpus reader (records, CoNLL-U,
DocBin, brat, paragraphs).

Each reader either raises its own documented error (one clear line for the CLI) or reads the
file to the end with every input record accounted for: records + bad == lines, or the
reader's own equivalent.
"""

import io
import json
import re

from hypothesis import event, given
from hypothesis import strategies as st
from spacy.tokens import DocBin

from spacy_genderfair.corpus.brat import BratFormatError, read_ann, read_brat_folder
from spacy_genderfair.corpus.conllu import CoNLLUFormatError, read_conllu
from spacy_genderfair.corpus.records import BadRecord, Record, read_records
from spacy_genderfair.corpus.sentence_input import (
    MAX_PARAGRAPH_CHARS,
    read_conllu_docs,
    read_docbin_docs,
    read_jsonl_paragraphs,
    read_text_paragraphs,
)
from spacy_genderfair.corpus.sentences import SentenceSummary

from .files import (
    BOM,
    clean_file_bytes,
    count_lines,
    encoded,
    file_bytes,
    fresh_folder,
    json_line,
    one_line,
    plain_text,
)
from .strategies import DEPS, PROPERTY_SETTINGS, UPOS, arbitrary_text, morphology

# -- records (text and JSONL) -----------------------------------------------------------------

RECORD_LINE = st.one_of(encoded(json_line({"text": arbitrary_text})), encoded(plain_text))


@PROPERTY_SETTINGS
@given(data=file_bytes(RECORD_LINE), fmt=st.sampled_from(("text", "jsonl")))
def test_read_records_accounts_for_every_line(data, fmt):
    records = list(read_records(io.BytesIO(data), fmt))
    assert [record.index for record in records] == list(range(count_lines(data)))
    raw_lines = io.BytesIO(data).readlines()
    for record, raw in zip(records, raw_lines, strict=True):
        if isinstance(record, BadRecord):
            assert record.reason
            continue
        assert isinstance(record, Record) and isinstance(record.text, str)
        assert record.line == raw.rstrip(b"\r\n").decode("utf-8")
        if fmt == "jsonl":
            assert json.loads(record.line)["text"] == record.text
        else:
            assert record.text == record.line


# -- CoNLL-U ----------------------------------------------------------------------------------

@st.composite
def conllu_row(draw) -> bytes:
    token_id = draw(st.one_of(st.integers(0, 12).map(str), st.just("1-2"), st.just("3-4"),
                              st.just("2.1"), st.just("x"), st.just("")))
    cols = [
        token_id,
        draw(st.one_of(arbitrary_text.map(one_line), st.just("_"))),
        draw(st.one_of(arbitrary_text.map(one_line), st.just("_"))),
        draw(st.sampled_from((*UPOS, "_"))),
        "_",
        draw(st.one_of(morphology(), st.just("_"), st.just("Gender"), st.just("=|="))),
        draw(st.one_of(st.integers(0, 12).map(str), st.just("-1"), st.just("x"),
                       st.just("_"))),
        draw(st.sampled_from((*DEPS, "root", "_"))),
        "_",
        draw(st.sampled_from(("_", "SpaceAfter=No", "SpaceAfter=No|Foo=1", "x"))),
    ]
    if draw(st.integers(0, 9)) == 0:
        cols = cols[: draw(st.integers(1, 9))] if draw(st.booleans()) else [*cols, "extra"]
    return "\t".join(cols).encode("utf-8", "surrogatepass")


@st.composite
def conllu_sentence(draw) -> bytes:
    """A sentence numbered 1..n whose heads point anywhere in it: a tree, a forest, or a
    cycle; now and then one row is replaced by a random one."""
    n = draw(st.integers(1, 6))
    rows = []
    for index in range(1, n + 1):
        form = one_line(draw(st.sampled_from(("Maria", "disse", "ele", ".", "«", "»"))))
        head = draw(st.integers(0, n))
        rows.append(f"{index}\t{form}\t{form}\tX\t_\t_\t{head}\tdep\t_\t_".encode())
    if draw(st.integers(0, 4)) == 0:
        rows[draw(st.integers(0, n - 1))] = draw(conllu_row())
    return b"\n".join(rows)


CONLLU_LINE = st.one_of(
    conllu_row(), conllu_sentence(), conllu_sentence(), st.just(b""),
    st.sampled_from((b"# sent_id = s1", b"# text = A b.", b"# newdoc id = w1", b"#",
                     b"# newdoc_id =", b"# = =")),
)


def _conllu_blocks(data: bytes) -> int:
    """Sentences of a CoNLL-U file: runs of non-blank lines with a token (or bad) line."""
    blocks, has_row = 0, False
    for raw in [*io.BytesIO(data).readlines(), b""]:
        try:
            line = raw.decode("utf-8").rstrip("\r\n")
        except UnicodeDecodeError:
            line, has_row = "#", True
        if not line.strip():
            blocks += has_row
            has_row = False
        elif not line.startswith("#"):
            has_row = True
    return blocks


def _is_forest(doc) -> bool:
    """Every token reaches a root (a token that is its own head) within len(doc) steps."""
    for token in doc:
        for _ in range(len(doc)):
            if token.head.i == token.i:
                break
            token = token.head
        else:
            return False
    return True


@PROPERTY_SETTINGS
@given(data=file_bytes(CONLLU_LINE, max_lines=30))
def test_conllu_readers_account_for_every_sentence(scratch, blank_nlp, data):
    path = scratch / "corpus.conllu"
    path.write_bytes(data)
    vocab = blank_nlp.vocab
    summary, bad = SentenceSummary(), []
    docs = list(read_conllu_docs(path, "work", vocab, summary, bad.append))
    assert summary.records == len(docs) + len(bad) == _conllu_blocks(data)
    assert all(b.line_no >= 1 and b.reason for b in bad)
    # A sentence read is a tree: spaCy's span.root and the components walk the heads.
    assert all(_is_forest(doc) for doc, _, _ in docs)
    try:
        strict = list(read_conllu(path, vocab))
    except CoNLLUFormatError as err:
        event("outcome", "CoNLLUFormatError")
        assert str(err).startswith(str(path)) and "\n" not in str(err)
    else:
        assert not bad and len(strict) == len(docs)


# -- DocBin (already parsed input of the sentences command) ----------------------------------

@st.composite
def docbin_bytes(draw, blank_nlp) -> bytes:
    """A real DocBin of up to 3 parsed Docs, as stored or damaged: cut short, bytes changed,
    or something else entirely."""
    texts = draw(st.lists(st.sampled_from(("Maria disse.", "", "Er kam nicht", "«Так»")),
                          max_size=3))
    docs = []
    for text in texts:
        doc = blank_nlp.make_doc(text)
        doc.user_data["work"] = draw(st.sampled_from(("w1", "", None, 3)))
        docs.append(doc)
    data = DocBin(store_user_data=True, docs=docs).to_bytes()
    damage = draw(st.integers(0, 3))
    if damage == 1 and data:
        data = data[: draw(st.integers(0, len(data) - 1))]
    elif damage == 2 and data:
        at = draw(st.integers(0, len(data) - 1))
        data = data[:at] + bytes([draw(st.integers(0, 255))]) + data[at + 1:]
    elif damage == 3:
        data = draw(st.binary(max_size=40))
    return data


@PROPERTY_SETTINGS
@given(data=st.data())
def test_docbin_reader_accounts_for_every_document(scratch, blank_nlp, data):
    path = scratch / "corpus.spacy"
    path.write_bytes(data.draw(docbin_bytes(blank_nlp), label="docbin"))
    summary, bad = SentenceSummary(), []
    docs = list(read_docbin_docs(path, "work", blank_nlp.vocab, summary, bad.append))
    assert summary.records == len(docs) + len(bad)
    assert len(bad) <= 1 and all(b.line_no is None and b.reason for b in bad)
    assert all(isinstance(work, str) and work for _, work, _ in docs)


# -- brat -------------------------------------------------------------------------------------

_ENTITY_LINE = re.compile(r"^T\d+\t\S+[\t ]\d+[\t ]\d+\t")
SEPARATORS = ("\t", " ")


@st.composite
def brat_document(draw) -> tuple[bytes, bytes]:
    """(.txt bytes, .ann bytes): entity offsets mostly inside the text as stored."""
    text = draw(st.lists(st.one_of(plain_text, st.sampled_from(("\r\n", "\n", "\r"))),
                         max_size=8).map("".join))
    size = len(text)

    @st.composite
    def entity(draw):
        start = draw(st.integers(0, size))
        end = draw(st.integers(start, size))
        if draw(st.integers(0, 29)) == 0:  # past the text, or ending before it starts
            start, end = draw(st.sampled_from(((start, size + 1), (end + 1, start))))
        label = draw(st.sampled_from(("PERS", "JOB", "LOC")))
        sep1, sep2 = draw(st.sampled_from(SEPARATORS)), draw(st.sampled_from(SEPARATORS))
        line = (f"T{draw(st.integers(0, 99))}\t{label}{sep1}{start}{sep2}{end}\t"
                f"{one_line(text[start:end])}")
        return line.encode("utf-8", "surrogatepass")

    other = st.sampled_from((b"R1\tRel Arg1:T1 Arg2:T2", b"#1\tAnnotatorNotes T1\tnote",
                             b"A1\tNegated T1", b"E1\tEv:T1", b""))
    ann_line = st.one_of(entity(), entity(), other)
    ann = draw(st.one_of(clean_file_bytes(ann_line), clean_file_bytes(ann_line),
                         file_bytes(ann_line)))
    body = text.encode("utf-8", "surrogatepass")
    if draw(st.integers(0, 9)) == 0:
        body = draw(st.sampled_from((b"\xff", BOM, b"caf\xe9 "))) + body
    return body, ann


@PROPERTY_SETTINGS
@given(document=brat_document())
def test_brat_reader_keeps_offsets_or_fails_clearly(scratch, document):
    body, ann = document
    folder = fresh_folder(scratch / "brat")
    (folder / "doc.txt").write_bytes(body)
    (folder / "doc.ann").write_bytes(ann)
    try:
        ((doc_id, text, entities),) = list(read_brat_folder(folder))
    except BratFormatError as err:
        event("outcome", "BratFormatError")
        assert "\n" not in str(err).split(": not a brat entity line")[0]
        return
    assert doc_id == "doc"
    assert text == body.decode("utf-8")  # as stored: brat offsets count "\r" too
    lines = ann.decode("utf-8").splitlines()
    assert len(entities) == sum(bool(_ENTITY_LINE.match(line)) for line in lines)
    for entity in entities:
        assert 0 <= entity.start <= entity.end <= len(text)
        assert entity.text == text[entity.start:entity.end]
    assert read_ann(folder / "doc.ann") is not None  # without the text: no offset check


# -- paragraphs for probing sentences (text and JSONL) ----------------------------------------

PARAGRAPH_LINE = st.one_of(encoded(plain_text), encoded(json_line({"text": arbitrary_text,
                                                                    "work": arbitrary_text})))


@PROPERTY_SETTINGS
@given(data=file_bytes(PARAGRAPH_LINE), jsonl=st.booleans(),
       paragraphs=st.sampled_from(("blank", "line")))
def test_paragraph_readers_account_for_every_line(scratch, data, jsonl, paragraphs):
    path = scratch / ("corpus.jsonl" if jsonl else "corpus.txt")
    path.write_bytes(data)
    summary, bad = SentenceSummary(), []
    if jsonl:
        texts = list(read_jsonl_paragraphs(path, summary, bad.append, paragraphs=paragraphs))
    else:
        texts = list(read_text_paragraphs(path, "work", summary, bad.append,
                                          paragraphs=paragraphs))
    n_lines = count_lines(data)
    assert summary.records == n_lines
    assert len(bad) <= n_lines and all(1 <= b.line_no <= n_lines for b in bad)
    for text, (work, source) in texts:
        # a piece of a long paragraph keeps the space it was cut after
        assert text.strip() and "\n" not in text
        assert len(text) <= MAX_PARAGRAPH_CHARS
        # every character of the text is on a line of the input
        lines = [int(source.at(i).rsplit(":", 1)[1]) for i in (0, len(text) - 1)]
        assert isinstance(work, str) and all(1 <= line <= n_lines for line in lines)
