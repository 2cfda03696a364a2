"""The displaCy view and `genderfair show` on a real English pipeline."""

import pytest
import spacy
from typer.testing import CliRunner

from spacy_genderfair.cli import app
from spacy_genderfair.view import GROUP_COLORS, QUOTE_COLORS, render, view_data
from tests.conftest import EN_MODEL

TEXT = ('Angela Merkel met Emmanuel Macron in Berlin. "We will work together," she said. '
        "Macron said that he agreed with her.")


@pytest.fixture(scope="module")
def doc():
    nlp = spacy.load(EN_MODEL)
    for name in ("gender_lexicon", "actor_linker", "quote_typer"):
        nlp.add_pipe(name)
    return nlp(TEXT)


def test_view_data_labels_actors_and_quotes(doc):
    data, colors = view_data(doc)
    labels = [(data["tokens"][s["start_token"]], s["label"]) for s in data["spans"]]
    assert ("Angela", "A1 she/her") in labels
    assert ("Emmanuel", "A2 he/him") in labels
    assert ('"', "direct ← A1") in labels
    assert ("that", "indirect ← A2") in labels  # "that he agreed with her"
    assert colors["A1 she/her"] == GROUP_COLORS["she/her"]
    assert colors["direct ← A1"] == QUOTE_COLORS["direct"]


def test_render_is_displacy_html(doc):
    html = render(doc, page=True)
    assert html.startswith("<!DOCTYPE html>")
    assert html.count("A1 she/her") == 3  # Angela Merkel, she, her
    assert GROUP_COLORS["he/him"] in html


def test_show_command_writes_a_page(tmp_path):
    out = tmp_path / "view.html"
    result = CliRunner().invoke(app, ["show", TEXT, "--model", EN_MODEL, "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "direct ← A1" in out.read_text(encoding="utf-8")


def test_show_without_the_model_is_one_clear_line():
    result = CliRunner().invoke(app, ["show", "Text.", "--model", "xx_missing_model"])
    assert result.exit_code == 1
    assert "spaCy pipeline 'xx_missing_model' is not installed" in result.output


def test_package_render_is_the_function_after_the_module_is_imported():
    # The view module has its own name, so importing it never shadows the package's
    # ``render`` (a module named render.py used to replace the function by itself).
    import spacy_genderfair
    import spacy_genderfair.view

    assert spacy_genderfair.render is spacy_genderfair.view.render
    assert callable(spacy_genderfair.render)
