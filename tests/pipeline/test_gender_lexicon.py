"""Component contracts: serialization, multiprocessing, config, errors."""

import pytest
import spacy
from spacy.tokens import Doc, DocBin

from spacy_genderfair.lexicon import LexiconFormatError
from tests.conftest import EN_MODEL, marks

TEXT = ("Angela Merkel told the chairmen that she admired the firefighters and the "
        "Lehrer*innen; his/her aggressive plan impressed the spokeswomen.")


def _summary(doc):
    return (
        marks(doc),
        [(t.text, t._.gender_coded) for t in doc if t._.gender_coded],
        [(s.text, s.label_) for key in ("gender_inclusive", "generic_masculine",
                                        "gender_mismatch") for s in doc.spans[key]],
        doc._.is_gender_neutral,
        list(doc._.gender_neutral_reasons),  # DocBin's msgpack gives lists back as tuples
        doc._.generic_masculine,
    )


@pytest.fixture(scope="module")
def lexicon_nlp(en_nlp):
    nlp = spacy.load(EN_MODEL)
    nlp.add_pipe("gender_lexicon")
    return nlp


@pytest.fixture(scope="module")
def reference(lexicon_nlp):
    return lexicon_nlp(TEXT)


def test_marks_are_as_expected(reference):
    found, coded, spans, neutral, reasons, generic = _summary(reference)
    assert found == [
        ("Angela", "feminine", "name"), ("chairmen", "masculine", "job"),
        ("she", "feminine", "pronoun"), ("firefighters", "neutral", "job"),
        ("his", "neutral", "inclusive"), ("her", "neutral", "inclusive"),
        ("spokeswomen", "feminine", "job"),
    ]
    assert coded == [("aggressive", "masculine")]
    assert spans == [("his/her", "slash"), ("chairmen", "chairman")]
    assert (neutral, reasons, generic) == (False, ["name", "pronoun", "gendered_noun"], True)


def test_doc_bytes_round_trip(reference):
    restored = Doc(reference.vocab).from_bytes(reference.to_bytes())
    assert _summary(restored) == _summary(reference)


def test_docbin_round_trip(reference):
    data = DocBin(docs=[reference], store_user_data=True).to_bytes()
    (restored,) = DocBin().from_bytes(data).get_docs(reference.vocab)
    assert _summary(restored) == _summary(reference)


def test_multiprocessing_keeps_all_marks(lexicon_nlp, reference):
    docs = list(lexicon_nlp.pipe([TEXT, TEXT], n_process=2, batch_size=1))
    assert [_summary(d) for d in docs] == [_summary(reference)] * 2


def test_nlp_to_disk_keeps_user_lexicons(tmp_path):
    lexicon = tmp_path / "extra.tsv"
    lexicon.write_text("dragonrider\tdragonriderin\t\tjob\n", encoding="utf-8")
    nlp = spacy.blank("en")
    nlp.add_pipe("gender_lexicon", config={"extra_lexicons": [str(lexicon)]})
    assert nlp("The dragonriderin left.")[1]._.gender == "feminine"
    nlp.to_disk(tmp_path / "pipeline")
    lexicon.unlink()  # the packaged pipeline must not need the original file
    loaded = spacy.load(tmp_path / "pipeline")
    assert loaded("The dragonriderin left.")[1]._.gender == "feminine"
    from_bytes = spacy.blank("en")
    from_bytes.add_pipe("gender_lexicon", config={"extra_lexicons": [str(lexicon)]})
    from_bytes.from_bytes(nlp.to_bytes())
    assert from_bytes("The dragonriderin left.")[1]._.gender == "feminine"


def test_missing_user_lexicon_is_a_clear_error(tmp_path):
    nlp = spacy.blank("en")
    nlp.add_pipe("gender_lexicon", config={"extra_lexicons": [str(tmp_path / "nope.csv")]})
    with pytest.raises(LexiconFormatError, match=r"Lexicon file not found: .*nope\.csv"):
        nlp("Some text.")


def test_unknown_language_fails_at_add_pipe():
    with pytest.raises(ValueError, match="No language profile for 'fr'"):
        spacy.blank("fr").add_pipe("gender_lexicon")


def test_lang_config_overrides_nlp_lang():
    nlp = spacy.blank("xx")  # multi-language tokenizer, German profile
    nlp.add_pipe("gender_lexicon", config={"lang": "de"})
    assert marks(nlp("Die Lehrerin kam.")) == [("Lehrerin", "feminine", "job")]


def test_error_handler_is_used():
    nlp = spacy.blank("en")
    pipe = nlp.add_pipe("gender_lexicon")
    seen = []
    pipe.set_error_handler(lambda name, proc, docs, err: seen.append((name, type(err))))
    pipe.min_chars = None  # len(text) < None raises inside the component
    nlp("A sentence.")
    assert seen == [("gender_lexicon", TypeError)]


def test_does_not_touch_upstream_annotation(en_nlp, reference):
    before = [(t.pos_, t.lemma_, str(t.morph), t.ent_type_) for t in en_nlp(TEXT)]
    after = [(t.pos_, t.lemma_, str(t.morph), t.ent_type_) for t in reference]
    assert after == before


@pytest.mark.parametrize(("text", "flagged"), [
    # a masculine form used for people of any gender
    ("Every fireman must pass a fitness test.", ["fireman"]),
    ("The history of mankind is a history of migration.", ["mankind"]),
    ("A judge must give his reasons in writing.", ["his"]),
    ("Man-made fibres are cheaper than wool.", ["Man-made"]),
    ("No man is an island.", ["man"]),
    # words that name male people, in reference to them
    ("Her three sons and their wives arrived on Sunday.", []),
    ("The men of the crew slept on deck.", []),
    ("Every father wants the best for his children.", []),
    ("Mr. Brown, the chairman, opened the meeting.", []),
    ("A man was walking his dog in the park.", []),
])
def test_english_generic_masculine_follows_its_definition(lexicon_nlp, text, flagged):
    doc = lexicon_nlp(text)
    assert [span.text for span in doc.spans["generic_masculine"]] == flagged
    assert doc._.generic_masculine is bool(flagged)


def test_his_or_her_is_no_generic_masculine(lexicon_nlp):
    doc = lexicon_nlp("Each student must bring his or her own laptop.")
    assert list(doc.spans["generic_masculine"]) == []
