"""Swapping Ukrainian person names, where the test checks something other than the whole
swapped text: the edits (their words and reasons), or a part of the text. The cases that
check the swapped text are data: ``tests/swap/data/uk/names/*.jsonl``, run by
``test_cases_uk.py``."""

from spacy.tokens import Span

from spacy_genderfair.lexicon import get_lexicon
from spacy_genderfair.swap import NameSwapper, apply_edits, swap_edits
from spacy_genderfair.swap.names.lists import NameList
from tests.conftest import blank_pipeline

LEX = get_lexicon("uk")
# A one-name-per-gender list makes the draw deterministic, so outputs can be asserted exactly.
ONE_NAME = NameList({"masculine": (("Петро", 1.0),), "feminine": (("Марія", 1.0),)})


def test_a_two_word_name_ends_in_its_surname():
    doc = blank_pipeline("uk").make_doc("Ігор Зінкевич виявився учасником.")
    doc.ents = [Span(doc, 0, 2, "PERS")]
    edits = swap_edits(doc, LEX, names=NameSwapper(LEX, ONE_NAME))
    assert apply_edits(doc, edits) == "Марія Зінкевич виявилася учасницею."
    # "Зінкевич" ends like a patronymic, but is the surname here
    assert not any(edit.reason.startswith("patronymic") for edit in edits)


def test_initials_regnal_numbers_and_plural_adjectival_nouns_are_no_edits():
    # an initial and a regnal number stay and are no gap to report; a plural adjectival
    # noun ("слідчі") has no gender to change; the chemist's title turns with the person
    doc = blank_pipeline("uk").make_doc(
        "Слідчі допитали хіміка С . М . Реформатського та короля Зиґмунта II .")
    doc.ents = [Span(doc, 3, 8, "PERS"), Span(doc, 10, 12, "PERS")]
    edits = swap_edits(doc, LEX, "invert", NameSwapper(LEX, ONE_NAME))
    assert [(e.old, e.reason) for e in edits] == [
        ("хіміка", "хімік -> хімікиня"), ("Реформатського", "surname"),
        ("короля", "король -> королева"),
        ("Зиґмунта", "first name")]


def test_a_surname_with_no_gendered_ending_in_the_nominative_is_no_unmade_edit():
    # "Яковинець" is the same word for a woman: nothing to report as unknown
    doc = blank_pipeline("uk").make_doc("Будинком володіє Анатолій Яковинець.")
    doc.ents = [Span(doc, 2, 4, "PERS")]
    edits = swap_edits(doc, LEX, "to_feminine", NameSwapper(LEX, ONE_NAME))
    assert [(e.old, e.new) for e in edits] == [("Анатолій", "Марія")]


def test_a_word_the_analyser_knows_is_no_unknown_first_name():
    # a capitalised word the analyser knows as no name stays where an unknown first name
    # would be replaced: "Діда Мороза" keeps its "Діда"
    doc = blank_pipeline("uk").make_doc("Він не вірив у існування Діда Мороза.")
    doc.ents = [Span(doc, 5, 7, "PERS")]
    edits = swap_edits(doc, LEX, "invert", NameSwapper(LEX, ONE_NAME))
    assert "Діда" in apply_edits(doc, edits)
