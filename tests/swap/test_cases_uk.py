"""Ukrainian swap cases kept as data (``tests/swap/data/uk/*.jsonl``), one runner for all.

A case: ``text``, ``entities`` ([label, words] found in order), ``direction``, ``expected``
and ``rule`` (the id and, at its first use, the one-line grammar the case exercises). Names
are kept (``swap_names`` false), so that the outputs are exact. The sentences are our own,
general Ukrainian, not NER-UK lines.
"""

import json
from pathlib import Path

import pytest
import spacy

from tests.swap.helpers import doc_with_entities

DATA = Path(__file__).parent / "data" / "uk"
CASES = [(f"{path.stem}:{number}", json.loads(line))
         for path in sorted(DATA.glob("*.jsonl"))
         for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
         if line.strip()]


@pytest.fixture(scope="module")
def pipelines():
    made = {}

    def get(direction: str):
        if direction not in made:
            nlp = spacy.blank("uk")
            nlp.add_pipe("gender_swapper", config={"seed": 0, "swap_names": False,
                                                   "direction": direction})
            made[direction] = nlp
        return made[direction]

    return get


@pytest.mark.parametrize("case", [case for _, case in CASES], ids=[key for key, _ in CASES])
def test_swap_case(pipelines, case):
    nlp = pipelines(case["direction"])
    doc = nlp(doc_with_entities(nlp, case["text"], case["entities"]))
    assert doc._.swapped == case["expected"], case["rule"]


def test_every_case_names_its_rule():
    assert CASES
    assert all(case["rule"] for _, case in CASES)
