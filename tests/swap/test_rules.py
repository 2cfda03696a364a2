"""The swapper's rule table and its switches (spacy_genderfair.swap.rules)."""

import pytest
import spacy

from spacy_genderfair.swap.rules import (
    RELATIONS,
    USED_IDS,
    counting_rules,
    read_rules,
    rules_disabled,
)
from spacy_genderfair.swap.walk.couples import CoupleSwap


@pytest.fixture(scope="module")
def nlp():
    nlp = spacy.blank("uk")
    nlp.add_pipe("gender_swapper", config={"direction": "invert", "swap_names": False})
    return nlp


def test_every_marked_method_has_a_row_and_every_row_a_method():
    rules = read_rules()
    assert set(rules) == USED_IDS
    assert all(rule.relation in RELATIONS and rule.statement.endswith(".")
               for rule in rules.values())


def test_counting_names_the_rules_that_decided(nlp):
    with counting_rules() as fired:
        doc = nlp("Коли її чоловік повернувся додому, вона вже спала.")
    assert doc._.swapped == "Коли її дружина повернулася додому, вона вже спала."
    assert fired["possessed"] == 1
    with counting_rules() as fired:
        nlp("Погода була гарна.")
    assert "possessed" not in fired


def test_a_rule_switched_off_is_as_if_deleted(nlp):
    text = "Коли її чоловік повернувся додому, вона вже спала."
    with rules_disabled(["possessed"]):
        # without the rule, чоловік is a man, not the husband
        assert nlp(text)._.swapped == "Коли її жінка повернулася додому, вона вже спала."
    assert nlp(text)._.swapped == "Коли її дружина повернулася додому, вона вже спала."


def test_a_relation_switched_off_finds_nothing(nlp):
    text = "Лікар, якого ми бачили, пішов."
    assert nlp(text)._.swapped == "Лікарка, яку ми бачили, пішла."
    with rules_disabled(["relative-clause"]):
        assert nlp(text)._.swapped == "Лікарка, якого ми бачили, пішла."


def test_outside_the_switches_the_methods_are_the_plain_ones():
    plain = CoupleSwap._possessed
    with counting_rules():
        assert CoupleSwap._possessed is not plain
        with rules_disabled(["possessed"]):  # (nested: still wrapped)
            assert CoupleSwap._possessed is not plain
        assert CoupleSwap._possessed is not plain
    assert CoupleSwap._possessed is plain


def test_an_unknown_rule_is_one_clear_error():
    with pytest.raises(ValueError, match="No such swap rule: no-such-rule"):
        with rules_disabled(["no-such-rule"]):
            pass


@pytest.mark.parametrize(("text", "expected"), [
    # German first names that are ordinary words are names only before a surname; the name
    # rules serve the steps of every language too
    ("Die Rose blüht im Garten.", "Die Rose blüht im Garten."),
    ("Das ist mein Ernst, sagte er.", "Das ist mein Ernst, sagte sie."),
    # a name elsewhere in the text does not make a noun one where every noun is capitalised
    ("Rose Weber kam heute. Die Rose blüht im Garten.",
     "Felix Weber kam heute. Die Rose blüht im Garten."),
])
def test_a_name_homograph_alone_is_a_word(text, expected):
    nlp = spacy.blank("de")
    nlp.add_pipe("gender_swapper", config={"direction": "invert", "seed": 0})
    with counting_rules() as fired:
        assert nlp(text)._.swapped == expected
    assert fired["name-homograph-alone"]
    with rules_disabled(["name-homograph-alone"]):
        assert nlp(text)._.swapped != expected
