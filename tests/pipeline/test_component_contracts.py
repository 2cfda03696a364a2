"""What every component declares and keeps as spaCy's own components do: the annotations it
reads (``requires``, so that ``nlp.analyze_pipes()`` reports a missing one) and the
``exclude`` argument of its serializers."""

import shutil
from importlib import resources

import pytest
import spacy
import srsly

TEXT = "The dragonriderin left."
# What each component reads of gender_lexicon's output.
LEXICON_OUTPUTS = {
    "actor_linker": ["doc._.is_gender_neutral", "token._.gender", "token._.gender_kind"],
    "role_counter": ["token._.gender", "token._.gender_coded", "token._.gender_kind"],
}


def _parsed_pipeline(*components: str) -> spacy.Language:
    nlp = spacy.blank("en")
    for name in ("tagger", "parser", "ner", *components):
        nlp.add_pipe(name)
    return nlp


@pytest.mark.parametrize("component", sorted(LEXICON_OUTPUTS))
def test_analyze_pipes_reports_a_missing_gender_lexicon(component):
    components = ("actor_linker", "role_counter")[: 1 + (component == "role_counter")]
    problems = _parsed_pipeline(*components).analyze_pipes()["problems"]
    assert sorted(problems[component]) == LEXICON_OUTPUTS[component]


def test_analyze_pipes_is_content_with_the_whole_stack():
    nlp = _parsed_pipeline("gender_lexicon", "actor_linker", "role_counter", "quote_typer",
                           "gender_swapper")
    assert all(problems == [] for problems in nlp.analyze_pipes()["problems"].values())


# -- exclude ---------------------------------------------------------------------------------
@pytest.fixture
def sources(tmp_path):
    """A user lexicon, a name list and a copy of the en profile."""
    (tmp_path / "dragons.tsv").write_text("dragonrider\tdragonriderin\t\tjob\n",
                                          encoding="utf-8")
    (tmp_path / "names.tsv").write_text("Ann\tfeminine\t1\nBob\tmasculine\t1\n",
                                        encoding="utf-8")
    shutil.copytree(str(resources.files("spacy_genderfair") / "lang" / "en"), tmp_path / "en")
    return tmp_path


def _component(factory: str, sources, **config):
    nlp = spacy.blank("en")
    settings = {"lang": str(sources / "en"), "extra_lexicons": [str(sources / "dragons.tsv")]}
    if factory == "gender_swapper":
        settings["name_list"] = str(sources / "names.tsv")
    pipe = nlp.add_pipe(factory, config={**settings, **config})
    pipe.initialize(nlp=nlp)
    return pipe


# The fields each component saves: by to_bytes (keys) and to_disk (file or folder names).
FIELDS = {
    "gender_lexicon": {"profile", "lexicons"},
    "gender_swapper": {"profile", "lexicons", "name_list"},
}


@pytest.mark.parametrize(("factory", "field"), [(factory, field) for factory in sorted(FIELDS)
                                                for field in sorted(FIELDS[factory])])
def test_to_bytes_and_to_disk_leave_out_the_excluded_field(factory, field, sources, tmp_path):
    pipe = _component(factory, sources)
    assert set(srsly.msgpack_loads(pipe.to_bytes())) == FIELDS[factory]
    assert set(srsly.msgpack_loads(pipe.to_bytes(exclude=[field]))) == FIELDS[factory] - {field}
    pipe.to_disk(tmp_path / "all")
    pipe.to_disk(tmp_path / "some", exclude=[field])
    saved = {path.name.split(".")[0] for path in (tmp_path / "all").iterdir()}
    assert field in saved
    assert {path.name.split(".")[0] for path in (tmp_path / "some").iterdir()} == (
        saved - {field} - ({"cfg"} if field == "lexicons" else set()))


def _feminine(pipe) -> bool:
    nlp = spacy.blank("en")
    return pipe(nlp(TEXT))[1]._.gender == "feminine"


def test_an_excluded_lexicon_is_neither_saved_nor_loaded(sources, tmp_path):
    pipe = _component("gender_lexicon", sources)
    assert _feminine(pipe)
    (sources / "dragons.tsv").unlink()  # what the component knows comes from the saved data

    def fresh():
        return spacy.blank("en").add_pipe("gender_lexicon")

    assert _feminine(fresh().from_bytes(pipe.to_bytes()))
    assert not _feminine(fresh().from_bytes(pipe.to_bytes(exclude=["lexicons"])))
    assert not _feminine(fresh().from_bytes(pipe.to_bytes(), exclude=["lexicons"]))
    pipe.to_disk(tmp_path / "all")
    pipe.to_disk(tmp_path / "some", exclude=["lexicons"])
    assert _feminine(fresh().from_disk(tmp_path / "all"))
    assert not _feminine(fresh().from_disk(tmp_path / "some"))
    assert not _feminine(fresh().from_disk(tmp_path / "all", exclude=["lexicons"]))
