"""The conventions every ``genderfair`` command keeps: shared option names and aliases, the
version, ``show`` from TEXT, a file or stdin, and one error line for whatever escapes."""

import subprocess
import sys
from pathlib import Path

import pytest
import typer.main
from typer.testing import CliRunner

import spacy_genderfair
from spacy_genderfair import __version__
from spacy_genderfair.cli import app
from tests.conftest import EN_MODEL

runner = CliRunner()
COMMANDS = typer.main.get_command(app).commands
SENTENCE = "She said that he is a nurse."


def _options(command: str) -> dict[str, list[str]]:
    """Each option of ``command`` by its parameter name: all its spellings."""
    return {p.name: p.opts + p.secondary_opts for p in COMMANDS[command].params
            if p.param_type_name == "option"}


def test_version_via_python_m():
    result = subprocess.run([sys.executable, "-m", "spacy_genderfair", "--version"],
                            capture_output=True, text=True, check=False)
    assert (result.returncode, result.stdout, result.stderr) == (
        0, f"genderfair {__version__}\n", "")


@pytest.mark.parametrize(("concept", "spellings"), [
    ("output", ["--output", "-o", "--out"]),
    ("lang", ["--lang", "-l"]),
    ("text_field", ["--text-field", "--field"]),
    ("on_error", ["--on-error"]),
    ("model", ["--model"]),
    ("batch_size", ["--batch-size"]),
    ("format", ["--format"]),
])
def test_a_concept_has_the_same_spellings_in_every_command(concept, spellings):
    found = {}
    for command in COMMANDS:
        for spelled in _options(command).values():
            if spellings[0] in spelled:
                found[command] = spelled
    assert found, concept
    assert all(spelled == spellings for spelled in found.values()), found


@pytest.mark.parametrize(("command", "lang"), [
    ("neutral", "en"), ("swap", "en"), ("swap-apply", "en"), ("sentences", "en"),
    ("show", "en"), ("eval-swap", "uk"), ("augment-brat", "uk"),
])
def test_defaults_lang_and_on_error(command, lang):
    params = {p.name: p for p in COMMANDS[command].params}
    assert params["lang"].default == lang
    if "on_error" in params:
        assert params["on_error"].default.value == "skip"


def test_old_spellings_still_work(tmp_path):
    corpus = tmp_path / "corpus.jsonl"
    corpus.write_text('{"body": "He met her."}\n', encoding="utf-8")
    for output_flag, field_flag in [("--out", "--field"), ("-o", "--text-field")]:
        out = tmp_path / f"swapped{output_flag}.jsonl"
        result = runner.invoke(app, ["swap", str(corpus), output_flag, str(out), field_flag,
                                     "body", "--no-progress"])
        assert result.exit_code == 0, result.output
        assert out.read_text(encoding="utf-8").startswith(
            '{"body": "He met her.", "swapped": "She met him.", ')


def test_output_folder_is_created(tmp_path):
    corpus = tmp_path / "corpus.txt"
    corpus.write_text("The committee reviewed the annual budget and approved the plan.\n"
                      "He met her.\n", encoding="utf-8")
    out = tmp_path / "out" / "nested" / "neutral.txt"
    result = runner.invoke(app, ["neutral", str(corpus), "-o", str(out), "--no-progress"])
    assert result.exit_code == 0, result.output
    assert out.read_text(encoding="utf-8") == (
        "The committee reviewed the annual budget and approved the plan.\n")


@pytest.mark.parametrize("command", ["neutral", "swap"])
def test_n_process_gives_the_same_output(tmp_path, command):
    corpus = Path(spacy_genderfair.__file__).parent / "examples" / "en_corpus.txt"
    outputs = []
    for n_process in (1, 2):
        out = tmp_path / f"{command}{n_process}.txt"
        result = runner.invoke(app, [command, str(corpus), "-o", str(out), "--lang", "en",
                                     "--n-process", str(n_process), "--no-progress"])
        assert result.exit_code == 0, result.output
        outputs.append(out.read_text(encoding="utf-8"))
    assert outputs[0] == outputs[1]
    assert len(outputs[0].splitlines()) == (24 if command == "neutral" else 40)


def test_show_blank_marks_gendered_words_from_a_file_or_stdin(tmp_path):
    path = tmp_path / "text.txt"
    path.write_text(SENTENCE + "\n", encoding="utf-8")
    page = tmp_path / "page.html"
    from_file = runner.invoke(app, ["show", "--file", str(path), "--blank", "-o", str(page)])
    assert (from_file.exit_code, from_file.stdout) == (0, f"wrote {page}\n")
    from_stdin = runner.invoke(app, ["show", "--file", "-", "--blank"], input=SENTENCE)
    assert from_stdin.exit_code == 0, from_stdin.output
    for html in (page.read_text(encoding="utf-8"), from_stdin.stdout):
        assert html.count("feminine pronoun") == 1 and html.count("masculine pronoun") == 1
        assert "nurse" in html and "A1" not in html  # no actors without a trained pipeline


def test_show_text_argument_with_the_model():
    result = runner.invoke(app, ["show", "Angela Merkel said she agreed.", "--model", EN_MODEL])
    assert result.exit_code == 0, result.output
    assert result.stdout.count("A1 she/her") == 2  # Angela Merkel, she


@pytest.mark.parametrize(("args", "message"), [
    (["show"], "give the text as TEXT or --file PATH ('-' = stdin), not both or neither"),
    (["show", "x", "--file", "-"],
     "give the text as TEXT or --file PATH ('-' = stdin), not both or neither"),
    (["show", "  "], "TEXT is empty: nothing to show"),
    (["show", "x", "--blank", "--model", EN_MODEL],
     "--blank runs no trained pipeline; leave out --model or --blank"),
])
def test_show_usage_errors_are_one_line(args, message):
    result = runner.invoke(app, args)
    assert (result.exit_code, result.stderr) == (1, f"Error: {message}\n")


def test_a_bad_name_list_names_its_file_and_line(tmp_path):
    corpus = tmp_path / "corpus.txt"
    corpus.write_text("He met her.\n", encoding="utf-8")
    names = tmp_path / "names.tsv"
    names.write_bytes(b"Anna\tfeminine\t1\nJos\xe9\tmasculine\t1\n")
    result = runner.invoke(app, ["swap", str(corpus), "--name-list", str(names),
                                 "--no-progress"])
    assert (result.exit_code, result.stderr) == (
        1, f"Error: --name-list: {names} line 2: invalid UTF-8 at byte 3\n")


def test_usage_errors_are_one_line_with_exit_code_2():
    result = runner.invoke(app, ["no-such-command"])
    assert (result.exit_code, result.stderr) == (
        2, "Error: No such command 'no-such-command'. (see 'genderfair --help')\n")
    result = runner.invoke(app, ["--bogus"], prog_name="genderfair")
    assert (result.exit_code, result.stderr) == (
        2, "Error: No such option: --bogus (see 'genderfair --help')\n")
    result = runner.invoke(app, ["neutral", "x.txt", "-o", "y.txt", "--on-error", "maybe"])
    assert result.exit_code == 2
    assert result.stderr.startswith("Error: Invalid value for '--on-error': ")
    assert result.stderr.count("\n") == 1


def test_an_unexpected_exception_is_one_line_unless_asked_for_the_traceback(tmp_path,
                                                                            monkeypatch):
    import spacy_genderfair.pipelines as pipelines

    def broken(*args, **kwargs):
        raise KeyError("gender_lexicon")

    monkeypatch.setattr(pipelines, "build_pipeline", broken)
    result = runner.invoke(app, ["show", "Text.", "--blank"])
    assert (result.exit_code, result.stderr) == (
        1, "Error: KeyError: 'gender_lexicon' (set GENDERFAIR_TRACEBACK=1 for the "
        "traceback)\n")
    monkeypatch.setenv("GENDERFAIR_TRACEBACK", "1")
    result = runner.invoke(app, ["show", "Text.", "--blank"])
    assert isinstance(result.exception, KeyError)


def test_augment_brat_refuses_a_language_it_does_not_serve(tmp_path):
    result = runner.invoke(app, ["augment-brat", str(tmp_path), str(tmp_path / "out"),
                                 "--lang", "en"])
    assert (result.exit_code, result.stderr) == (
        2, "Error: Invalid value for '--lang' / '-l': augment-brat serves uk only, not 'en' "
        "(see 'genderfair augment-brat --help')\n")
