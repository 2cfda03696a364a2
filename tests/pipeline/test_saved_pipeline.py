"""A saved pipeline stands on its own: the files a component read from user paths (name
list, language profile folder, user lexicons) are saved with it, and its config.cfg names
no path of the machine it was made on."""

import json
import os
import re
import shutil
import subprocess
import sys
from importlib import resources
from pathlib import Path

import pytest
import spacy
from spacy.util import load_model_from_config

from spacy_genderfair.lang import ProfileError, load_profile, read_profile_files, store_profile
from spacy_genderfair.swap.names.lists import builtin_name_list

from ..conftest import EN_MODEL
from .spawned_pipe import COMPONENTS, en_profile_copy

NAMES = "Богдан\tmasculine\t1\nЯрина\tfeminine\t1\n"
# A user lexicon that overrides the built-in pair of "лікар".
LEXICON = "лікар\tлікарша\t\tjob\n"
TEXTS = [
    "Вчора Оксана Петренко поінформувала лікаря.",
    "Черговий лікар ще вночі ґрунтовно поінформував про перспективи одужання.",
]
# With the tiny name list, Оксана can only become Богдан; the lexicon gives лікарша.
SWAPPED = [
    "Вчора Богдан Петренко поінформував лікаршу.",
    "Чергова лікарша ще вночі ґрунтовно поінформувала про перспективи одужання.",
]
LOAD_AND_SWAP = (
    "import json, sys, spacy\n"
    "nlp = spacy.load(sys.argv[1])\n"
    "print(json.dumps([doc._.swapped for doc in nlp.pipe(sys.argv[2:])], ensure_ascii=False))"
)


@pytest.fixture
def sources(tmp_path):
    """A name list, a user lexicon and a copy of the uk profile, in a folder of their own."""
    folder = tmp_path / "sources"
    folder.mkdir()
    (folder / "names.tsv").write_text(NAMES, encoding="utf-8")
    (folder / "doctors.tsv").write_text(LEXICON, encoding="utf-8")
    shutil.copytree(str(resources.files("spacy_genderfair") / "lang" / "uk"), folder / "uk_copy")
    return folder


def _strings(value):
    if isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)
    elif isinstance(value, str):
        yield value


def _saved_and_loaded_elsewhere(nlp, tmp_path, sources) -> list[str]:
    """Save ``nlp``, delete the source files, load it in a fresh process and swap TEXTS."""
    nlp.to_disk(tmp_path / "pipeline")
    shutil.rmtree(sources)
    config = spacy.util.load_config(tmp_path / "pipeline" / "config.cfg")
    assert [value for value in _strings(config) if os.path.isabs(value)] == []
    result = subprocess.run(
        [sys.executable, "-c", LOAD_AND_SWAP, str(tmp_path / "pipeline"), *TEXTS],
        capture_output=True, text=True, encoding="utf-8", check=True,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    return json.loads(result.stdout)


# A text that shows the data of en_profile_copy at work in every component.
ZORB_TEXT = "Zorbmistress Anna zorbled that the zorbman had left."
LOAD_AND_ANNOTATE = """
import json, sys, spacy
from spacy_genderfair.extensions import DOC_ACTOR_DATA, DOC_GENDER_STATS, DOC_SWAPPED
nlp = spacy.load(sys.argv[1])
doc = nlp(sys.argv[2])
print(json.dumps({
    "profiles": [nlp.get_pipe(name).lang.split("@")[0] for name in sys.argv[3:]],
    "genders": [(t.text, t._.gender) for t in doc if t._.gender],
    "groups": [actor["group"] for actor in doc._.get(DOC_ACTOR_DATA).values()],
    "stats": {group: counts["subject"]
              for group, counts in doc._.get(DOC_GENDER_STATS)["groups"].items()
              if counts["actors"]},
    "quotes": [(span.label_, span.text) for span in doc.spans["quotes"]],
    "swapped": doc._.get(DOC_SWAPPED).split()[2:],
}))
"""


def test_a_trained_pipeline_with_a_profile_folder_loads_elsewhere(tmp_path):
    """As users do it: a trained pipeline, which nlp.initialize() would reset, gets the
    components with a profile folder and is saved; the folder is gone where it is loaded."""
    pytest.importorskip(EN_MODEL, reason=f"{EN_MODEL} is not installed")
    folder = en_profile_copy(tmp_path / "my_profile")
    nlp = spacy.load(EN_MODEL)
    for name in COMPONENTS:
        nlp.add_pipe(name, config={"lang": str(folder)})
    nlp.to_disk(tmp_path / "pipeline")
    shutil.rmtree(folder)
    result = subprocess.run(
        [sys.executable, "-c", LOAD_AND_ANNOTATE, str(tmp_path / "pipeline"), ZORB_TEXT,
         *COMPONENTS],
        capture_output=True, text=True, encoding="utf-8",
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    assert result.returncode == 0, result.stderr.strip().splitlines()[-1]
    assert json.loads(result.stdout) == {
        "profiles": ["en"] * len(COMPONENTS),
        "genders": [["Zorbmistress", "feminine"], ["Anna", "feminine"],
                    ["zorbman", "masculine"]],
        "groups": ["she/her"],
        "stats": {"she/her": 1},
        "quotes": [["indirect", "that the zorbman had left"]],
        "swapped": ["zorbled", "that", "the", "zorbwoman", "had", "left."],
    }


def test_a_profile_folder_named_without_a_path_is_saved_too(tmp_path, monkeypatch):
    """A folder named as in docs/profiles.md ("my_profile"), relative to where the pipeline
    is made, is saved with it and not looked for where it is loaded."""
    monkeypatch.chdir(tmp_path)
    en_profile_copy(tmp_path / "my_profile")
    nlp = spacy.blank("en")
    nlp.add_pipe("gender_swapper", config={"lang": "my_profile", "swap_names": False})
    nlp.to_disk(tmp_path / "pipeline")
    shutil.rmtree(tmp_path / "my_profile")
    loaded = spacy.load(tmp_path / "pipeline")
    assert loaded("The zorbman left.")._.swapped == "The zorbwoman left."


def test_a_profile_folder_gone_before_it_was_read_fails_naming_it(tmp_path):
    folder = en_profile_copy(tmp_path / "my_profile")
    nlp = spacy.blank("en")
    nlp.add_pipe("gender_lexicon", config={"lang": str(folder)})
    shutil.rmtree(folder)
    message = rf"^No language profile folder at '{re.escape(str(folder))}' \(a folder with"
    for use in (lambda: nlp("The zorbman left."), nlp.initialize,
                lambda: nlp.to_disk(tmp_path / "pipeline")):
        with pytest.raises(ProfileError, match=message):
            use()


def test_factory_paths_are_saved_with_the_pipeline(tmp_path, sources):
    nlp = spacy.blank("uk")
    nlp.add_pipe("gender_swapper", config={
        "name_list": str(sources / "names.tsv"), "lang": str(sources / "uk_copy"),
        "extra_lexicons": [str(sources / "doctors.tsv")]})
    nlp.initialize()
    assert [doc._.swapped for doc in nlp.pipe(TEXTS)] == SWAPPED
    settings = nlp.get_pipe_config("gender_swapper")
    # the config refers to the files read by name and digest
    assert settings["name_list"].startswith("names.tsv@")
    assert settings["lang"].startswith("uk@")
    assert [ref.split("@")[0] for ref in settings["extra_lexicons"]] == ["doctors.tsv"]
    assert _saved_and_loaded_elsewhere(nlp, tmp_path, sources) == SWAPPED


def test_a_loaded_pipeline_saves_the_same_references(tmp_path, sources):
    nlp = spacy.blank("uk")
    nlp.add_pipe("gender_swapper", config={
        "name_list": str(sources / "names.tsv"), "lang": str(sources / "uk_copy"),
        "extra_lexicons": [str(sources / "doctors.tsv")]})
    nlp.initialize()
    nlp.to_disk(tmp_path / "first")
    shutil.rmtree(sources)
    loaded = spacy.load(tmp_path / "first")
    loaded.initialize()  # (a loaded pipeline may be initialized again, e.g. to train on)
    # the profile's own first names (patronymics are made from them) come from the stored copy
    profile = loaded.get_pipe("gender_swapper").profile
    assert builtin_name_list(profile).names == builtin_name_list(load_profile("uk")).names
    assert [doc._.swapped for doc in loaded.pipe(TEXTS)] == SWAPPED
    loaded.to_disk(tmp_path / "second")
    for name in ("config.cfg", "gender_swapper/name_list.json", "gender_swapper/cfg"):
        assert (tmp_path / "second" / name).read_text(encoding="utf-8") == (
            tmp_path / "first" / name).read_text(encoding="utf-8")


def test_initialize_settings_are_saved_with_the_pipeline(tmp_path, sources):
    nlp = spacy.blank("uk")
    nlp.add_pipe("gender_swapper", config={"extra_lexicons": [str(sources / "doctors.tsv")]})
    nlp.config["initialize"]["components"]["gender_swapper"] = {
        "name_list": str(sources / "names.tsv")}
    nlp.initialize()
    assert [doc._.swapped for doc in nlp.pipe(TEXTS)] == SWAPPED
    assert nlp.config["initialize"]["components"]["gender_swapper"]["name_list"] == (
        nlp.get_pipe("gender_swapper").name_list)
    assert _saved_and_loaded_elsewhere(nlp, tmp_path, sources) == SWAPPED


def test_bytes_round_trip_needs_no_source_file(sources):
    nlp = spacy.blank("uk")
    nlp.add_pipe("gender_swapper", config={
        "name_list": str(sources / "names.tsv"), "lang": str(sources / "uk_copy")})
    nlp.initialize()
    data = nlp.to_bytes()
    shutil.rmtree(sources)
    restored = load_model_from_config(nlp.config).from_bytes(data)
    assert restored(TEXTS[0])._.swapped == "Вчора Богдан Петренко поінформував лікарку."


@pytest.mark.parametrize("factory", ["gender_lexicon", "actor_linker", "role_counter",
                                     "quote_typer"])
def test_profile_folder_is_saved_with_every_component(tmp_path, sources, factory):
    nlp = spacy.blank("uk")
    nlp.add_pipe(factory, config={"lang": str(sources / "uk_copy")})
    nlp.initialize()
    reference = nlp.get_pipe_config(factory)["lang"]
    assert reference.startswith("uk@")
    nlp.to_disk(tmp_path / "pipeline")
    shutil.rmtree(sources)
    assert sorted(p.name for p in (tmp_path / "pipeline" / factory / "profile").iterdir()) == (
        sorted(p.name for p in (resources.files("spacy_genderfair") / "lang" / "uk").iterdir()
               if Path(p.name).suffix in (".json", ".tsv", ".txt", ".md")))
    loaded = spacy.load(tmp_path / "pipeline")
    assert loaded.get_pipe(factory).lang == reference
    assert loaded.get_pipe(factory).profile.code == "uk"


def test_a_stored_reference_without_its_pipeline_fails_clearly():
    nlp = spacy.blank("uk")
    nlp.add_pipe("gender_swapper", config={"name_list": "names.tsv@0123456789ab"})
    with pytest.raises(ValueError, match="saved with a pipeline: load that pipeline"):
        nlp.initialize()
    with pytest.raises(ValueError, match="saved with a pipeline and is not loaded"):
        spacy.blank("uk").add_pipe("quote_typer", config={"lang": "xx@0123456789ab"})(
            spacy.blank("uk")("Він сказав, що прийде."))


def test_a_broken_stored_profile_fails_at_load_naming_file_and_line(sources):
    files = read_profile_files(sources / "uk_copy")
    files["pronouns.tsv"] += "вона\tshe/her\tpersonal\tnom\tmany\n"
    line = len(files["pronouns.tsv"].splitlines())
    with pytest.raises(ProfileError, match=rf"pronouns.tsv line {line}: number must be one of"):
        store_profile(files)
    reference = store_profile(read_profile_files(sources / "uk_copy"))
    assert load_profile(reference).code == "uk"
    assert load_profile(reference).pronouns == load_profile("uk").pronouns


SPAWNED_QUOTES = """
import json, multiprocessing, shutil, sys
import spacy

if __name__ == "__main__":
    multiprocessing.set_start_method("spawn")  # as on macOS and Windows
    nlp = spacy.blank("uk")
    nlp.add_pipe("quote_typer", config={"lang": sys.argv[1]})
    nlp.initialize()  # reads the profile folder
    shutil.rmtree(sys.argv[1])
    docs = nlp.pipe(sys.argv[2:], n_process=2, batch_size=1)
    print(json.dumps([[span.text for span in doc.spans["quotes"]] for doc in docs]))
"""


def test_spawned_processes_get_the_stored_profile(tmp_path, sources):
    script = tmp_path / "spawned.py"
    script.write_text(SPAWNED_QUOTES, encoding="utf-8")
    result = subprocess.run(
        [sys.executable, str(script), str(sources / "uk_copy"),
         "Він сказав, що прийде завтра.", "— Добре, — сказала вона."],
        capture_output=True, text=True, encoding="utf-8", check=True,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
    assert json.loads(result.stdout) == [["що прийде завтра"], ["— Добре,"]]
