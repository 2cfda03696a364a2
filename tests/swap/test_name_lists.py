"""First-name lists: reading a user's list, and the built-in lists the names are drawn from."""

import re

import pytest

from spacy_genderfair.lang import load_profile
from spacy_genderfair.lexicon import get_lexicon
from spacy_genderfair.swap import NameSwapper, read_name_list
from spacy_genderfair.swap.names.lists import NameListError, builtin_name_list


def test_malformed_name_list_names_the_line(tmp_path):
    path = tmp_path / "names.tsv"
    path.write_text("Іван\tmasculine\t3\nОлена\tfemale\t2\n", encoding="utf-8")
    with pytest.raises(NameListError, match="line 2"):
        read_name_list(path)
    with pytest.raises(NameListError, match="not found"):
        read_name_list(tmp_path / "missing.tsv")


@pytest.mark.parametrize("lang", ["uk", "en", "de", "pt"])
def test_no_built_in_first_name_takes_a_large_share_of_draws(lang):
    # the paper found a quarter of its LLM's women named "Наталія": the commonest name of
    # our own lists is drawn about as often as a common name is given (under 10 %)
    names = builtin_name_list(load_profile(lang))
    for gender, rows in names.names.items():
        weights = [weight for _, weight in rows]
        assert len(weights) >= 50
        assert max(weights) / sum(weights) < 0.10, (lang, gender)


def test_the_builtin_first_names_keep_the_apostrophe_after_a_labial():
    # Ukrainian writes an apostrophe between a labial (б, п, в, м, ф) that opens the word or
    # follows a vowel and a following я, ю, є, ї: В'ячеслав, not Вячеслав (Святослав has none:
    # its в follows a consonant)
    labial = re.compile(r"(?<![бвгґджзклмнпрстфхцчшщ])[бпвмф][яюєї]")
    names = builtin_name_list(load_profile("uk")).names
    wrong = [name for group in names.values() for name, _ in group if labial.search(name.lower())]
    assert wrong == []
    assert "В'ячеслав" in {name for name, _ in names["masculine"]}


def test_every_builtin_ukrainian_first_name_declines():
    # the dictionary also lists some names as indeclinable ("Марко"): a drawn masculine name
    # in -о takes its declining forms, as the language declines it
    forms = NameSwapper(get_lexicon("uk")).forms
    assert forms.inflected_first_name("Марко", "Masc", "Acc") == "марка"
    assert forms.inflected_first_name("Марко", "Masc", "Ins") == "марком"
    names = builtin_name_list(load_profile("uk")).names["masculine"]
    undeclined = [name for name, _ in names if name.endswith("о")
                  and forms.inflected_first_name(name, "Masc", "Gen") == name.lower()]
    assert undeclined == []
