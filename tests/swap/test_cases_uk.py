"""Ukrainian swap cases kept as data (``tests/swap/data/uk/*.jsonl``), one runner for all.

A case: ``text``, ``entities`` ([label, words] found in order), ``direction``, ``expected``
and ``rule``, the id of the rule the case exercises (``lang/uk/swap_rules.tsv``): the rule
must fire on it, and with the rule switched off the output must differ (the case needs the
rule), but for a ``"guard": true`` case, which shows the rule keeping to its ground where
the plain swap is right too. ``"fires": false`` marks a counter-example, where the rule must
not fire. Names are kept unless the case says ``"swap_names": true`` (the drawn names are
then those of seed 0).
The sentences are our own, general Ukrainian, not NER-UK lines: they are where a rule that
fires in few news documents shows that it is general grammar.
"""

import json
from pathlib import Path

import pytest
import spacy

from spacy_genderfair.swap.rules import counting_rules, read_rules, rules_disabled
from tests.swap.helpers import doc_with_entities

DATA = Path(__file__).parent / "data" / "uk"
CASES = [(f"{path.stem}:{number}", json.loads(line))
         for path in sorted(DATA.glob("*.jsonl"))
         for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
         if line.strip()]


@pytest.fixture(scope="module")
def pipelines():
    made = {}

    def get(direction: str, swap_names: bool):
        if (direction, swap_names) not in made:
            nlp = spacy.blank("uk")
            nlp.add_pipe("gender_swapper", config={"seed": 0, "swap_names": swap_names,
                                                   "direction": direction})
            made[direction, swap_names] = nlp
        return made[direction, swap_names]

    return get


@pytest.mark.parametrize("case", [case for _, case in CASES], ids=[key for key, _ in CASES])
def test_swap_case(pipelines, case):
    nlp = pipelines(case["direction"], case.get("swap_names", False))
    with counting_rules() as fired:
        doc = nlp(doc_with_entities(nlp, case["text"], case["entities"]))
    assert doc._.swapped == case["expected"], case["rule"]
    assert (case["rule"] in fired) == case.get("fires", True), sorted(fired)
    if case.get("fires", True) and not case.get("guard"):
        with rules_disabled([case["rule"]]):
            doc = nlp(doc_with_entities(nlp, case["text"], case["entities"]))
        assert doc._.swapped != case["expected"], f"{case['rule']} is not needed here"


def test_every_case_names_a_rule_of_the_table():
    rules = read_rules()
    assert CASES
    assert all(case["rule"] in rules for _, case in CASES)
