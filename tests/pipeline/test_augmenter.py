"""The gender swap augmenter: resolved from a training config, applied to NER-UK examples."""

import subprocess
import sys
from importlib.metadata import entry_points

import pytest
import spacy
from spacy.tokens import Doc, DocBin, Span
from spacy.training import Corpus, Example
from spacy.training.iob_utils import doc_to_biluo_tags
from thinc.api import Config

from spacy_genderfair.corpus.brat import read_ann
from spacy_genderfair.corpus.brat_writer import line_doc
from spacy_genderfair.corpus.swap_pairs import entities_on_line, line_spans
from spacy_genderfair.pipeline.augmenter import GenderSwapAugmenter, create_gender_swap_augmenter
from tests.conftest import shared_path

NAME = "spacy_genderfair.gender_swap_augmenter.v1"
CONFIG = f"""
[corpora]

[corpora.train]
@readers = "spacy.Corpus.v1"
path = "train.spacy"
gold_preproc = false

[corpora.train.augmenter]
@augmenters = "{NAME}"
level = 1.0
direction = "invert"
"""


@pytest.fixture(scope="module")
def nlp():
    return spacy.blank("uk")


@pytest.fixture(scope="module")
def ner_uk_docs(nlp):
    """The lines of a NER-UK document as Docs with their gold entities."""
    folder = shared_path("ner-uk", "v2.0", "data", "ng")
    text = (folder / "003d28360166.txt").read_text(encoding="utf-8")
    entities = read_ann(folder / "003d28360166.ann", text)
    return [line_doc(nlp.make_doc, line, entities_on_line(entities, start, line))[0]
            for start, line in line_spans(text) if line.strip()]


def _example(nlp, doc: Doc) -> Example:
    return Example(nlp.make_doc(doc.text), doc)


def test_entry_point_is_declared_and_resolves_in_a_fresh_process():
    assert NAME in [ep.name for ep in entry_points(group="spacy_augmenters")]
    assert spacy.registry.augmenters.get(NAME) is create_gender_swap_augmenter
    # Without importing spacy_genderfair first: spaCy finds it through the entry point.
    code = f"import spacy; print(spacy.registry.augmenters.get({NAME!r})().level)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "0.5"


def test_resolved_from_a_config_and_applied_to_real_examples(nlp, ner_uk_docs):
    config = Config().from_str(CONFIG)
    section = {"augmenter": config["corpora"]["train"]["augmenter"]}
    augmenter = spacy.util.registry.resolve(section)["augmenter"]
    assert isinstance(augmenter, GenderSwapAugmenter) and augmenter.level == 1.0
    swapped_count = 0
    for doc in ner_uk_docs:
        example = _example(nlp, doc)
        out = list(augmenter(nlp, example))
        assert out[0] is example
        if len(out) == 1:
            continue
        swapped_count += 1
        swapped = out[1]
        assert swapped.reference.text != doc.text
        assert swapped.predicted.text == swapped.reference.text
        assert len(swapped.reference) == len(doc)
        # Entities stay on their tokens; their texts are the slices of the swapped text.
        ents = swapped.reference.ents
        assert [(e.start, e.end, e.label_) for e in ents] == \
            [(e.start, e.end, e.label_) for e in doc.ents]
        for ent in ents:
            assert ent.text == swapped.reference.text[ent.start_char:ent.end_char]
        # The predicted Doc is nlp.make_doc of the new text: the gold NER aligns to it.
        assert swapped.get_aligned_ner() == doc_to_biluo_tags(swapped.reference)
    assert swapped_count >= 3
    line = next(e for e in ner_uk_docs if e.text.startswith("Незмінним директором"))
    swapped = list(augmenter(nlp, _example(nlp, line)))[1].reference
    assert swapped.text.startswith("Незмінною директоркою цієї філії вже 12 років є ")
    assert [e.text for e in swapped.ents if e.label_ == "JOB"] == ["директоркою", "директоркою"]


def test_level_and_seed(nlp):
    doc = nlp.make_doc("Черговий лікар поінформував про перспективи.")
    doc.ents = [Span(doc, 1, 2, "JOB")]
    example = _example(nlp, doc)
    assert len(list(create_gender_swap_augmenter(level=0.0)(nlp, example))) == 1

    def pattern(seed):
        augmenter = create_gender_swap_augmenter(level=0.5, seed=seed)
        return [len(list(augmenter(nlp, example))) for _ in range(40)]

    assert pattern(1) == pattern(1)
    assert set(pattern(1)) == {1, 2}
    with pytest.raises(ValueError, match="level"):
        create_gender_swap_augmenter(level=1.5)
    with pytest.raises(ValueError, match="direction"):
        create_gender_swap_augmenter(direction="sideways")


def test_nothing_to_swap_is_yielded_once(nlp):
    doc = nlp.make_doc("Сонце світить над Києвом.")
    doc.ents = [Span(doc, 3, 4, "LOC")]
    assert len(list(create_gender_swap_augmenter(level=1.0)(nlp, _example(nlp, doc)))) == 1


def test_partial_annotation_tags_and_morphology(nlp):
    words = ["Черговий", "лікар", "поінформував", "про", "перспективи", "."]
    doc = Doc(nlp.vocab, words=words, spaces=[True] * 4 + [False, False],
              morphs=["Gender=Masc", "Animacy=Anim|Gender=Masc", "Gender=Masc|Tense=Past",
                      "", "Number=Plur", ""],
              lemmas=["черговий", "лікар", "поінформувати", "про", "перспектива", "."],
              pos=["ADJ", "NOUN", "VERB", "ADP", "NOUN", "PUNCT"],
              ents=["O", "B-JOB", "O", "O", None, None])  # the last two: missing
    doc.spans["persons"] = [Span(doc, 0, 2, "JOB")]
    swapped = create_gender_swap_augmenter(level=1.0).swap(nlp, _example(nlp, doc))
    reference = swapped.reference
    assert reference.text == "Чергова лікарка поінформувала про перспективи."
    assert [t.ent_iob_ for t in reference] == ["O", "B", "O", "O", "", ""]
    assert [(s.text, s.label_) for s in reference.spans["persons"]] == [
        ("Чергова лікарка", "JOB")]
    assert [t.pos_ for t in reference] == [t.pos_ for t in doc]
    # Replaced words: the lemma is unknown (missing), the gender is the other one.
    assert [t.lemma_ for t in reference] == ["", "", "", "про", "перспектива", "."]
    assert [str(t.morph) for t in reference][:3] == [
        "Gender=Fem", "Animacy=Anim|Gender=Fem", "Gender=Fem|Tense=Past"]
    # The gold Doc itself is left as it was.
    assert doc.text.startswith("Черговий лікар") and doc._.swap_edits is None


def test_corpus_with_the_augmenter_over_a_docbin(tmp_path, nlp, ner_uk_docs):
    path = tmp_path / "train.spacy"
    DocBin(docs=ner_uk_docs).to_disk(path)
    config = Config().from_str(CONFIG.replace('"train.spacy"', f'"{path}"'))
    corpus = spacy.util.registry.resolve(config)["corpora"]["train"]
    assert isinstance(corpus, Corpus)
    examples = list(corpus(nlp))
    originals = [e for e in examples if e.reference.text in {d.text for d in ner_uk_docs}]
    assert len(originals) == len(ner_uk_docs)
    swapped = [e for e in examples if e not in originals]
    assert len(swapped) >= 3
    for example in swapped:
        for ent in example.reference.ents:
            assert ent.text == example.reference.text[ent.start_char:ent.end_char]
        assert example.predicted.text == example.reference.text
