"""The WinoBias reader and its fixed tuning / frozen halves."""

from collections import Counter

from spacy_genderfair.evaluation.winobias import (
    HALVES,
    KINDS,
    half_of,
    neutralized,
    parse_line,
    read_files,
)
from tests.conftest import shared_path


def test_parse_line_keeps_the_offsets_of_the_brackets():
    sentence = parse_line("2 The developer argued with [the designer] because [her] idea "
                          "cannot be implemented.")
    assert sentence.text == ("The developer argued with the designer because her idea cannot "
                             "be implemented.")
    assert sentence.text[slice(*sentence.antecedent)] == "the designer"
    assert [sentence.text[slice(*p)] for p in sentence.pronouns] == ["her"]
    assert sentence.feminine


def test_pro_and_anti_versions_hash_alike():
    pro = "The chief called the counselor and told her that she could have the day off."
    anti = "The chief called the counselor and told him that he could have the day off."
    assert neutralized(pro) == neutralized(anti)
    assert half_of(pro) == half_of(anti)
    assert half_of(pro) in HALVES
    # the seed decides: some seed puts the sentence in the other half
    assert {half_of(pro, seed) for seed in range(8)} == set(HALVES)


def test_dev_halves_pair_pro_with_anti_and_split_about_evenly():
    folder = shared_path("winobias")
    for kind in KINDS:
        files = read_files(folder, kind)
        assert [s.half for s in files["pro"]] == [s.half for s in files["anti"]]
        halves = Counter(s.half for s in files["pro"])
        assert sum(halves.values()) == 396
        assert 0.4 < halves["tuning"] / 396 < 0.6
    # the seed-33 split, as docs/benchmarks.md reports it
    assert Counter(s.half for s in read_files(folder, "type2")["pro"]) == {
        "tuning": 218, "frozen": 178}
