"""Ukrainian swap cases kept as data (``tests/swap/data/uk/**/*.jsonl``), one runner for all.

A case: ``text``, ``entities`` ([label, words] found in order; ``null`` for a Doc with no
entities set, where the swapper finds names by its lists), ``direction``, ``expected`` and
``rule``, the id of the rule the case exercises (``lang/uk/swap_rules.tsv``): the rule must
fire on it, and with the rule switched off the output must differ (the case needs the
rule), but for a ``"guard": true`` case, which shows the rule keeping to its ground where
the plain swap is right too. ``"fires": false`` marks a counter-example, where the rule must
not fire. ``"rule": null`` is a case no rule fires on (a plain lexical swap, or a word that
stays): only its output is checked. Names are kept unless the case says
``"swap_names": true`` (the drawn names are then those of seed 0); ``"names": "one"`` draws
them from one name per gender (Петро, Марія), so that outputs are exact. ``"note"`` says
what the case shows; ``"xfail": "reason"`` marks a known failure (strict).

The top-level files hold our own sentences, general Ukrainian, not NER-UK lines: they are
where a rule that fires in few news documents shows that it is general grammar. ``news/``
holds cases shaped like the NER-UK news lines they were found in (entities given as the
corpus annotates them), a group of cases in the file of the rule table's relation that most
of them exercise (``spouses.jsonl``: a spouse turning with the partner), the cases with no
rule in ``news/plain.jsonl``. ``names/`` holds the cases of person names, most drawn from one name
per gender: what is a name (``finding``), first names and patronymics, surnames, the case
and gender a name takes from the words around it (``governors``) and the words agreeing
with it (``agreement``). A case's rule is the most specific one it needs: of the rules
that change its output when switched off, the one firing in the fewest ``news/`` cases; a
guard's, where none does, the most specific rule that fires.
"""

import json
from pathlib import Path

import pytest
import spacy

from spacy_genderfair.swap.rules import counting_rules, read_rules, rules_disabled
from tests.swap.helpers import doc_with_entities

DATA = Path(__file__).parent / "data" / "uk"
CASES = [(f"{path.relative_to(DATA).with_suffix('').as_posix()}:{number}", json.loads(line))
         for path in sorted(DATA.rglob("*.jsonl"))
         for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
         if line.strip()]
ONE_NAME_PER_GENDER = "Петро\tmasculine\t1\nМарія\tfeminine\t1\n"


@pytest.fixture(scope="module")
def pipelines(tmp_path_factory):
    made = {}

    def get(direction: str, swap_names: bool, names: str | None):
        key = direction, swap_names, names
        if key not in made:
            config = {"seed": 0, "swap_names": swap_names, "direction": direction}
            if names == "one":
                path = tmp_path_factory.mktemp("names") / "names.tsv"
                path.write_text(ONE_NAME_PER_GENDER, encoding="utf-8")
                config["name_list"] = str(path)
            elif names is not None:
                raise ValueError(f"unknown name list {names!r}")
            nlp = spacy.blank("uk")
            nlp.add_pipe("gender_swapper", config=config)
            made[key] = nlp
        return made[key]

    return get


def _doc(nlp, case):
    if case["entities"] is None:
        return nlp.make_doc(case["text"])
    return doc_with_entities(nlp, case["text"], case["entities"])


def _param(key, case):
    marks = [pytest.mark.xfail(strict=True, reason=case["xfail"])] if "xfail" in case else []
    return pytest.param(case, id=key, marks=marks)


@pytest.mark.parametrize("case", [_param(key, case) for key, case in CASES])
def test_swap_case(pipelines, case):
    nlp = pipelines(case["direction"], case.get("swap_names", False), case.get("names"))
    with counting_rules() as fired:
        doc = nlp(_doc(nlp, case))
    assert doc._.swapped == case["expected"], case["rule"]
    if case["rule"] is None:
        return
    assert (case["rule"] in fired) == case.get("fires", True), sorted(fired)
    if case.get("fires", True) and not case.get("guard"):
        with rules_disabled([case["rule"]]):
            doc = nlp(_doc(nlp, case))
        assert doc._.swapped != case["expected"], f"{case['rule']} is not needed here"


def test_every_case_names_a_rule_of_the_table():
    rules = read_rules()
    assert CASES
    assert all(case["rule"] is None or case["rule"] in rules for _, case in CASES)
