"""The Ukrainian morphological swap engine (groundwork of the gender_swapper component)."""

import json

import pytest

from spacy_genderfair.lexicon import get_lexicon
from spacy_genderfair.swap.edits import apply_edits
from spacy_genderfair.swap.walk import swap_edits
from tests.conftest import blank_pipeline


def swap(text: str, direction: str = "invert") -> str:
    doc = blank_pipeline("uk").make_doc(text)
    return apply_edits(doc, swap_edits(doc, get_lexicon("uk"), direction))


def test_paper_figure_2_example_and_round_trip():
    original = "Черговий лікар ще вночі ґрунтовно поінформував про перспективи одужання."
    swapped = "Чергова лікарка ще вночі ґрунтовно поінформувала про перспективи одужання."
    assert swap(original) == swapped
    assert swap(swapped) == original


@pytest.mark.parametrize(("original", "swapped"), [
    ("Прийшов лікар.", "Прийшла лікарка."),
    ("Немає лікаря.", "Немає лікарки."),
    ("Пишаємося лікарем.", "Пишаємося лікаркою."),
    ("Дякуємо черговому лікареві.", "Дякуємо черговій лікарці."),
    ("Ми подякували нашому новому директорові.", "Ми подякували нашій новій директорці."),
    ("Ми зустріли відомого журналіста біля редакції.",
     "Ми зустріли відому журналістку біля редакції."),
    ("Чекаємо лікарів.", "Чекаємо лікарів."),  # plural job titles stay
])
def test_case_and_number_paradigms(original, swapped):
    assert swap(original) == swapped


def test_common_gender_noun_stays_and_its_agreement_changes():
    assert swap("Досвідчений суддя оголосив перерву.") == "Досвідчена суддя оголосила перерву."


def test_possessor_stays_where_one_gender_turns_and_turns_under_invert():
    text = "Син директора прийшов на зустріч."
    assert swap(text, "to_feminine") == "Донька директора прийшла на зустріч."
    assert swap(text) == "Донька директорки прийшла на зустріч."


def test_directions():
    text = "Лікарка привітала лікаря."
    assert swap(text, "to_feminine") == "Лікарка привітала лікарку."
    assert swap(text, "to_masculine") == "Лікар привітав лікаря."
    assert swap(text) == "Лікар привітав лікарку."
    assert swap(text, "feminine_first") == "Лікарка привітала лікарку."
    assert swap("Лікарка привітала пацієнтку.", "feminine_first") == (
        "Лікар привітав пацієнта.")
    with pytest.raises(ValueError, match="direction must be one of"):
        swap(text, "flip")


def test_unknown_counterpart_is_reported_not_invented():
    doc = blank_pipeline("uk").make_doc("Митрополит прийшов до храму.")
    edits = swap_edits(doc, get_lexicon("uk"))
    assert [(e.old, e.new) for e in edits][:1] == [("Митрополит", None)]
    assert "no counterpart" in edits[0].reason
    assert apply_edits(doc, edits).startswith("Митрополит")
    assert json.loads(json.dumps([e.to_dict() for e in edits]))[0]["i"] == 0


def test_swapped_doc_realigns_entities_to_the_new_text():
    from spacy.tokens import Span

    from spacy_genderfair.swap.realign import swapped_doc

    nlp = blank_pipeline("uk")
    doc = nlp.make_doc("Головний лікар Іван Петренко поінформував журналістів у Львові.")
    doc.ents = [Span(doc, 0, 2, label="JOB"), Span(doc, 2, 4, label="PERS"),
                Span(doc, 7, 8, label="LOC")]
    new = swapped_doc(doc, swap_edits(doc, get_lexicon("uk")))
    # names are not swapped by this engine yet: only the title and its agreement
    assert new.text == "Головна лікарка Іван Петренко поінформувала журналістів у Львові."
    assert [(e.text, e.label_, e.start_char, e.end_char) for e in new.ents] == [
        ("Головна лікарка", "JOB", 0, 15), ("Іван Петренко", "PERS", 16, 29),
        ("Львові", "LOC", 58, 64)]
    for ent in new.ents:
        assert new.text[ent.start_char:ent.end_char] == ent.text


@pytest.mark.parametrize(("text", "expected"), [
    # a reflexive verb keeps the text's ending, -ся or -сь, where the norm allows -сь:
    # after a vowel only (the masculine's -всь is poetic)
    ("Він звернувся до суду.", "Вона звернулася до суду."),
    ("Вона звернулась до суду.", "Він звернувся до суду."),
    ("Він звернувсь до суду.", "Вона звернулась до суду."),
    ("Вона числилася у штаті.", "Він числився у штаті."),
    # of a verb's two forms the one with the text's stem (прагнув, not праг; стиснула)
    ("Вона прагнула миру.", "Він прагнув миру."),
    ("Він стиснув кулаки.", "Вона стиснула кулаки."),
])
def test_verb_form_closest_to_the_text(text, expected):
    assert swap(text) == expected


def test_pronouns_swap_with_their_verb():
    assert swap("Лікар сказав, що він втомився.").startswith("Лікарка сказала, що вона втомил")
    assert swap("Його брат працює з ним.") == "Її сестра працює з нею."
    assert swap("Він прийшов.", "to_masculine") == "Він прийшов."
