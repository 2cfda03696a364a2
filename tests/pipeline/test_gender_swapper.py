"""The gender_swapper component: config, extensions, the swapped Doc, serialization, and the
LLM mistakes (Nahurna & Romanyshyn 2025, Appendix B) it must not make."""

import pytest
import spacy
from spacy.tokens import DocBin, Span

from spacy_genderfair.swap.names.lists import NameListError
from tests.conftest import shared_path

FIGURE_2 = "Черговий лікар ще вночі ґрунтовно поінформував про перспективи одужання."
FIGURE_2_SWAPPED = "Чергова лікарка ще вночі ґрунтовно поінформувала про перспективи одужання."


def swapper(**config):
    nlp = spacy.blank("uk")
    nlp.add_pipe("gender_swapper", config={"seed": 0, **config})
    return nlp


def test_issue_example_with_edits_and_swapped_doc():
    doc = swapper(direction="invert")(FIGURE_2)
    assert doc._.swapped == FIGURE_2_SWAPPED
    assert doc.text == FIGURE_2  # the input Doc is not changed
    assert doc._.swap_edits == [
        {"i": 0, "old": "Черговий", "new": "Чергова", "reason": "agreement with лікар"},
        {"i": 1, "old": "лікар", "new": "лікарка", "reason": "лікар -> лікарка"},
        {"i": 5, "old": "поінформував", "new": "поінформувала",
         "reason": "agreement with лікар"},
    ]
    assert doc._.swapped_doc.text == FIGURE_2_SWAPPED


@pytest.mark.parametrize(("direction", "text", "expected"), [
    ("to_feminine", "Лікар прийшов, а медсестра пішла.", "Лікарка прийшла, а медсестра пішла."),
    ("to_masculine", "Лікар прийшов, а вчителька пішла.", "Лікар прийшов, а вчитель пішов."),
    ("invert", "Лікар прийшов, а вчителька пішла.", "Лікарка прийшла, а вчитель пішов."),
])
def test_directions(direction, text, expected):
    assert swapper(direction=direction)(text)._.swapped == expected


def test_missing_name_list_fails_clearly(tmp_path):
    nlp = swapper(name_list=str(tmp_path / "missing.tsv"))
    with pytest.raises(NameListError, match="not found"):
        nlp.initialize()


def test_entities_are_realigned_to_the_swapped_text():
    nlp = swapper(swap_names=False)
    doc = nlp.make_doc("Вчора черговий лікар Іван Петренко поінформував міністра охорони здоров'я.")
    doc.ents = [Span(doc, 2, 3, "JOB"), Span(doc, 3, 5, "PERS"), Span(doc, 6, 7, "JOB")]
    doc = nlp(doc)
    swapped = doc._.swapped_doc
    assert swapped.text == doc._.swapped
    assert [(e.label_, e.text) for e in swapped.ents] == [
        ("JOB", "лікарка"), ("PERS", "Іван Петренко"), ("JOB", "міністерку")]
    for ent in swapped.ents:
        assert swapped.text[ent.start_char:ent.end_char] == ent.text


def test_name_list_by_path_and_seeded_draws():
    names = str(shared_path("name_freq_dict_uk"))
    first = swapper(name_list=names, seed=1)("Іван Петренко прийшов.")._.swapped
    again = swapper(name_list=names, seed=1)("Іван Петренко прийшов.")._.swapped
    assert first == again
    assert first.endswith(" Петренко прийшла.") and not first.startswith("Іван")


def test_docbin_and_multiprocessing_keep_the_results():
    nlp = swapper()
    texts = [FIGURE_2, "Директор Олег Бойко підписав наказ.", "Тут немає людей."]
    single = [doc._.swapped for doc in nlp.pipe(texts)]
    assert [doc._.swapped for doc in nlp.pipe(texts, n_process=2)] == single
    docs = list(DocBin(docs=list(nlp.pipe(texts)), store_user_data=True).get_docs(nlp.vocab))
    assert [doc._.swapped for doc in docs] == single
    assert list(docs[2]._.swap_edits) == [] and docs[2]._.swapped == texts[2]


def test_saved_pipeline_keeps_config_and_user_lexicon(tmp_path):
    lexicon = tmp_path / "pairs.csv"
    lexicon.write_text("male,female\nсоколар,соколарка\n", encoding="utf-8")
    nlp = swapper(direction="to_feminine", extra_lexicons=[str(lexicon)])
    nlp.to_disk(tmp_path / "model")
    lexicon.unlink()  # the saved pipeline carries its lexicon
    loaded = spacy.load(tmp_path / "model")
    assert loaded.get_pipe("gender_swapper").direction == "to_feminine"
    assert loaded("Соколар прийшов.")._.swapped == "Соколарка прийшла."


# -- the LLM mistakes of the paper's Appendix B, as we read them ---------------------------
@pytest.mark.parametrize(("mistake", "text", "expected"), [
    # a person who is not the target is swapped too (the possessor)
    ("non-target person", "Син директора прийшов.", "Донька директора прийшла."),
    # the counterpart is put in the wrong case
    ("wrong case", "Ми зустріли нового директора.", "Ми зустріли нову директорку."),
    # an agreeing word keeps the old gender
    ("missed agreement", "Досвідчений юрист, який очолював відділ, звільнився.",
     "Досвідчена юристка, яка очолювала відділ, звільнилася."),
    # a common-gender noun is given a made-up counterpart
    ("common noun changed", "Суддя оголосив перерву.", "Суддя оголосила перерву."),
    # plural job titles are swapped although the group is mixed
    ("plural swapped", "Лікарі прийшли до директора.", "Лікарі прийшли до директорки."),
    # words that are not about gender are rewritten (paraphrase, synonyms, extra words)
    ("paraphrase", "Директор заводу поінформував журналістів про ремонт.",
     "Директорка заводу поінформувала журналістів про ремонт."),
])
def test_appendix_b_mistakes_are_not_made(mistake, text, expected):
    # (the paper's task, feminine_first: its references keep a possessor, whom invert turns)
    doc = swapper(direction="feminine_first")(text)
    assert doc._.swapped == expected, mistake
    assert len(doc._.swapped_doc) == len(doc)  # never adds or drops tokens


def test_unknown_word_is_reported_not_invented():
    doc = swapper()("Митрополит прийшов.")
    assert doc._.swapped == "Митрополит прийшов."
    assert doc._.swap_edits == [
        {"i": 0, "old": "Митрополит", "new": None, "reason": "no counterpart of 'митрополит'"}]
