"""``genderfair show``: actors and quotes of a text as a displaCy HTML page."""

from pathlib import Path

import typer

from . import app, fail

STACK = ("gender_lexicon", "actor_linker", "role_counter", "quote_typer")


@app.command("show")
def show_command(
    text: str = typer.Argument(..., help="The text to analyse."),
    lang: str = typer.Option("en", "--lang", "-l", help="Language profile: en, de, uk, pt."),
    model: str | None = typer.Option(
        None, "--model", help="spaCy pipeline with parser and NER. Default: en_core_web_sm."),
    out: Path | None = typer.Option(
        None, "--out", "-o", help="Write the HTML page here instead of printing it."),
) -> None:
    """Show the actors (coloured by pronoun group) and quotes (type, speaker) of a text."""
    from ..pipelines import PipelineNotFoundError, build_pipeline
    from ..render import render

    try:
        nlp = build_pipeline(lang, STACK, model=model)
    except PipelineNotFoundError as err:
        fail(str(err))
    html = render(nlp(text), page=True)
    if out is None:
        typer.echo(html)
    else:
        out.write_text(html, encoding="utf-8")
        typer.echo(f"wrote {out}")
