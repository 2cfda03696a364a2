import json
import shutil
from importlib import resources

import pytest
import spacy

from spacy_genderfair.lang import ProfileError, available_languages, load_profile

BUILT_IN = ["de", "en", "pt", "uk"]


def test_built_in_languages():
    assert available_languages() == BUILT_IN


@pytest.mark.parametrize("code", BUILT_IN)
def test_profile_loads_and_has_its_data(code):
    profile = load_profile(code)
    assert profile.code == code
    assert profile.pronouns and profile.person_nouns
    groups = {row.group for row in profile.pronouns}
    assert {"she/her", "he/him"} <= groups
    folder = resources.files("spacy_genderfair.lang") / code
    assert (folder / "PROVENANCE.md").is_file()


@pytest.mark.parametrize("code", BUILT_IN)
def test_inclusive_patterns_and_inflection_compile(code):
    profile = load_profile(code)
    for rule in profile.inflection:
        assert rule.pattern.pattern
    for pattern in profile.inclusive_patterns:
        assert pattern.label


def test_unknown_language_lists_the_available_ones():
    with pytest.raises(ValueError, match=r"No language profile for 'fr'.*de, en, pt, uk"):
        load_profile("fr")


@pytest.fixture
def profile_copy(tmp_path):
    source = resources.files("spacy_genderfair.lang") / "en"
    target = tmp_path / "xx"
    shutil.copytree(str(source), target)
    settings = json.loads((target / "profile.json").read_text())
    settings["code"] = "xx"
    (target / "profile.json").write_text(json.dumps(settings))
    return target


def test_a_folder_is_a_profile(profile_copy):
    assert load_profile(str(profile_copy)).code == "xx"


@pytest.mark.parametrize(("filename", "line", "message"), [
    ("pronouns.tsv", "she\tshe/her\tpersonal\tnom\tdual", "number must be one of"),
    ("pronouns.tsv", "zie\tzie/zir\tpersonal\tnom\tsing", "group must be one of"),
    ("person_nouns.tsv", "king\tqueen\t\tmonarchy", "kind must be one of"),
    ("person_nouns.tsv", "a\tb\tc\tnoun\textra", "expected 4 TAB-separated columns"),
    ("person_nouns.tsv", "\t\t\tnoun", "a row needs at least one form"),
    ("coded_words.tsv", "brave*\tmale", "coding must be one of"),
    ("swap_exceptions.tsv", "сам\temphatic-pronoun\tkeep\tgrammar",
     r"\(context, action\) must be one of"),
    ("swap_exceptions.tsv", "чоловік\tspouse\tturns-with-partner\tlexicon",
     "spouse takes a pair a/b"),
    ("swap_exceptions.tsv", "сам\temphatic-pronoun\tagree-with-subject\t",
     "every row names its source"),
    ("feminine_formation.tsv", "ник\tник\tниця\tmany\t0.9\t12",
     "pairs, share and masculines must be numbers"),
    ("feminine_formation.tsv", "ник\tник\tниця\t8\t0.9\t12\textra",
     "expected 6 TAB-separated columns"),
])
def test_malformed_rows_name_file_and_line(profile_copy, filename, line, message):
    path = profile_copy / filename
    with path.open("a", encoding="utf-8") as handle:
        handle.write(line + "\n")
    n_lines = len(path.read_text(encoding="utf-8").splitlines())
    with pytest.raises(ProfileError, match=f"{filename} line {n_lines}: {message}"):
        load_profile(str(profile_copy))


def test_bad_regex_is_reported(profile_copy):
    settings = json.loads((profile_copy / "profile.json").read_text())
    settings["inclusive_patterns"] = [{"label": "star", "pattern": "(unclosed"}]
    (profile_copy / "profile.json").write_text(json.dumps(settings))
    with pytest.raises(ProfileError, match="bad regex in inclusive_patterns"):
        load_profile(str(profile_copy))


def test_the_swap_exceptions_table_fills_the_profile():
    profile = load_profile("uk")
    assert profile.predicate_lemmas == {"сам"}
    assert profile.spouse_pairs == (("чоловік", "дружина"),)
    assert profile.emphatic_particles == (("же", "ж"),)
    assert profile.neuter_pronouns == {"воно"}
    assert load_profile("de").spouse_pairs == ()  # (a profile without the table)


def test_a_key_moved_to_the_exceptions_table_is_an_error(profile_copy):
    settings = json.loads((profile_copy / "profile.json").read_text())
    settings["spouse_pairs"] = [["husband", "wife"]]
    (profile_copy / "profile.json").write_text(json.dumps(settings))
    with pytest.raises(ProfileError, match=r"spouse_pairs are rows of swap_exceptions\.tsv"):
        load_profile(str(profile_copy))


def test_plurals_that_name_one_sex_turn_unless_the_profile_keeps_them(tmp_path):
    profile = load_profile("uk")
    assert not profile.swap_plurals and profile.swap_sex_marked_plurals
    assert profile.plural_turns("вчителька", feminine=True)
    assert profile.plural_turns("син", feminine=False)
    assert not profile.plural_turns("вчитель", feminine=False)
    # a copy of the uk profile that keeps every plural (a corpus convention's choice)
    folder = tmp_path / "uk_keep"
    shutil.copytree(str(resources.files("spacy_genderfair.lang") / "uk"), folder)
    settings = json.loads((folder / "profile.json").read_text(encoding="utf-8"))
    settings["swap_sex_marked_plurals"] = False
    (folder / "profile.json").write_text(json.dumps(settings, ensure_ascii=False),
                                         encoding="utf-8")
    text = "Вчительки прийшли на збори, а сини поїхали додому."
    swapped = {}
    for lang in ("uk", str(folder)):
        nlp = spacy.blank("uk")
        nlp.add_pipe("gender_swapper", config={"lang": lang, "direction": "invert"})
        swapped[lang] = nlp(text)._.swapped
    assert swapped["uk"] == "Вчителі прийшли на збори, а доньки поїхали додому."
    assert swapped[str(folder)] == text


@pytest.mark.parametrize(("code", "form", "group"), [
    ("en", "they/them", "they/them"), ("en", "xe/xem", "they/them"), ("de", "sie/ihr", "she/her"),
    ("uk", "він/його", "he/him"), ("pt", "elu/delu", "they/them"),
])
def test_every_language_reads_stated_pronouns(code, form, group):
    table = load_profile(code).stated_pronouns
    assert table[form] == group
    assert "marker" in table.values()
