"""``genderfair show``: actors and quotes of a text as a displaCy HTML page."""

import sys
from pathlib import Path

import typer

from . import app, check_input_file, fail
from .options import DEFAULT_MODEL_HELP, blank_option, lang_option, model_option, output_option

STACK = ("gender_lexicon", "actor_linker", "role_counter", "quote_typer")
# Word gender -> the colour of the pronoun group that goes with it in the actor view.
WORD_COLORS = {"feminine": "#f4a6c6", "masculine": "#8ec5ff", "common": "#b9e4a7",
               "neutral": "#b9e4a7"}


@app.command("show")
def show_command(
    text: str | None = typer.Argument(
        None, help="The text to analyse. Or give --file instead."),
    file: str | None = typer.Option(
        None, "--file", "-f", metavar="PATH", help="Read the text from this UTF-8 file; "
        "'-' = stdin."),
    lang: str = lang_option(),
    model: str | None = model_option(f"spaCy pipeline with parser and NER. {DEFAULT_MODEL_HELP}"),
    blank: bool = blank_option(),
    output: Path | None = output_option(
        "Write the HTML page here instead of printing it.", required=False),
) -> None:
    """Show the actors (coloured by pronoun group) and quotes (type, speaker) of a text, or
    with --blank its gendered words, as an HTML page.

    The text is the TEXT argument or the content of --file (one of the two).
    """
    from ..pipelines import PipelineNotFoundError, build_pipeline

    text = _input_text(text, file)
    if blank and model:
        fail("--blank runs no trained pipeline; leave out --model or --blank")
    try:
        if blank:
            nlp = build_pipeline(lang, ["gender_lexicon"], blank=True)
        else:
            nlp = build_pipeline(lang, STACK, model=model)
    except (PipelineNotFoundError, ValueError, ImportError) as err:
        fail(str(err))
    if len(text) > nlp.max_length:
        fail(f"the text has {len(text):,} characters; show renders at most "
             f"{nlp.max_length:,} (the pipeline's max_length): show a part of it")
    html = _lexicon_page(nlp(text)) if blank else _actor_page(nlp(text))
    if output is None:
        typer.echo(html)
        return
    try:
        output.write_text(html, encoding="utf-8")
    except OSError as err:
        fail(str(err))
    typer.echo(f"wrote {output}")


def _input_text(text: str | None, file: str | None) -> str:
    """The text to show: TEXT, or the file (or stdin) that --file names."""
    from ..corpus.records import Utf8Error, read_utf8

    if (text is None) == (file is None):
        fail("give the text as TEXT or --file PATH ('-' = stdin), not both or neither")
    if file is not None:
        check_input_file(file)
        try:
            if file == "-":
                text = sys.stdin.buffer.read().decode("utf-8")
            else:
                text = read_utf8(file)
        except UnicodeDecodeError as err:
            fail(str(Utf8Error("stdin", err)))
        except (OSError, ValueError) as err:
            fail(str(err))
    if not text.strip():
        fail(f"{'stdin' if file == '-' else 'TEXT'} is empty: nothing to show")
    return text


def _actor_page(doc) -> str:
    from ..view import render

    return render(doc, page=True)


def _lexicon_page(doc) -> str:
    """The gendered words that gender_lexicon marked ("feminine pronoun", "masculine job"...),
    in displaCy's span view: what a bare tokenizer can show without NER."""
    from spacy import displacy

    from ..extensions import TOKEN_GENDER, TOKEN_GENDER_KIND

    spans, colors = [], {}
    for token in doc:
        gender, kind = token._.get(TOKEN_GENDER), token._.get(TOKEN_GENDER_KIND)
        if gender in WORD_COLORS and kind:
            label = f"{gender} {kind}"
            colors[label] = WORD_COLORS[gender]
            spans.append({"start_token": token.i, "end_token": token.i + 1, "label": label})
    data = {"text": doc.text, "tokens": [t.text for t in doc], "spans": spans}
    return displacy.render(data, style="span", manual=True, page=True,
                           options={"colors": colors})
