"""``genderfair sentences``: probing sentences about named persons (JBCS 2025 Portuguese
literary corpus for probing LLMs)."""

import json
import sys
from enum import Enum
from pathlib import Path

import srsly
import typer
from tqdm import tqdm

from . import app, check_input_file, fail
from .options import (
    DEFAULT_MODEL_HELP,
    OnError,
    batch_size_option,
    format_option,
    id_field_option,
    lang_option,
    lexicon_option,
    model_option,
    n_process_option,
    on_error_option,
    output_option,
    progress_option,
    report_option,
    text_field_option,
)


class Entities(str, Enum):
    auto = "auto"
    ner = "ner"
    propn = "propn"


class Paragraphs(str, Enum):
    blank = "blank"
    line = "line"


class Balance(str, Enum):
    equal = "equal"
    fill = "fill"


@app.command("sentences")
def sentences_command(
    corpus: Path = typer.Argument(
        ..., metavar="CORPUS", help="A folder of .txt files (one work per file), a JSONL file, "
        "or parsed data: a .spacy DocBin or CoNLL-U file, or a folder of them."),
    out: Path = output_option("Probing sentences, one JSON per line."),
    lang: str = lang_option(),
    model: str | None = model_option(
        f"spaCy pipeline with parser and NER for text input. {DEFAULT_MODEL_HELP} Not used "
        "for .conllu/.spacy input."),
    fmt: str = format_option(("text", "jsonl", "conllu", "spacy")),
    field: str = text_field_option(),
    work_field: str = typer.Option(
        "work", "--work-field", help="JSONL field holding the work id. A record without it "
        "is a work of its own, named by --id-field or 'file:line'."),
    id_field: str | None = id_field_option(),
    entities: Entities = typer.Option(
        Entities.auto, "--entities", help="Persons: 'ner' = doc.ents; 'propn' = runs of "
        "proper nouns starting with a known first name; 'auto' = ner where documents have "
        "NER annotation (model output), propn where not (CoNLL-U)."),
    role: list[str] = typer.Option(
        ["subject", "object"], "--role", help="Accepted role of the person (repeatable, in "
        "order of preference): subject, object, passive_subject, indirect_object, agent."),
    marker: list[str] = typer.Option(
        ["pronoun"], "--marker", help="gender_lexicon kinds whose masculine/feminine words "
        "exclude a sentence (repeatable): pronoun, noun, job, name."),
    min_tokens: int = typer.Option(5, "--min-tokens", help="Minimum sentence length."),
    max_per_work: int = typer.Option(
        100, "--max-per-work", help="At most this many sentences per work, balanced by gender "
        "(0: no cap)."),
    balance: Balance = typer.Option(
        Balance.equal, "--balance", help="Works over the cap: 'equal' = as many feminine as "
        "masculine sentences; 'fill' = up to half each, the rest from the other gender."),
    paragraphs: Paragraphs = typer.Option(
        Paragraphs.blank, "--paragraphs", help="Text: 'blank' = blank lines separate "
        "paragraphs (wrapped lines are joined); 'line' = one paragraph per line."),
    lexicon: list[Path] = lexicon_option(),
    on_error: OnError = on_error_option(
        "invalid UTF-8, malformed JSON or CoNLL-U, missing fields"),
    report: Path | None = report_option(),
    batch_size: int = batch_size_option(64),
    n_process: int = n_process_option(),
    progress: bool = progress_option(),
) -> None:
    """Write probing sentences: a person named by a proper noun is the subject or direct
    object, the sentence has at least MIN_TOKENS tokens and no gendered pronoun. Each comes
    with the entity, its role and the gender of its first name (masculine | feminine |
    unknown). At most MAX_PER_WORK per work, balanced between feminine and masculine.
    """
    from ..corpus import sentence_annotation as annotation
    from ..corpus import sentence_input as reader
    from ..corpus import sentences as engine

    if not corpus.is_dir():
        check_input_file(corpus, "Corpus")
    try:
        input_format = reader.detect_format(corpus, fmt)
        files = reader.corpus_files(corpus, input_format)
        criteria = engine.ProbingCriteria.for_language(
            lang, roles=role, min_tokens=min_tokens, markers=marker)
        parsed = input_format in ("conllu", "spacy")
        if parsed and model:
            fail(f"--model is for text input; {input_format} input is already parsed.")
        nlp = annotation.sentences_pipeline(lang, model, parsed=parsed, lexicons=lexicon)
        annotate = annotation.SentenceAnnotator(nlp.get_pipe("gender_lexicon"),
                                            entities=entities.value)
    except (ValueError, OSError, ImportError) as err:
        fail(str(err))
    summary = engine.SentenceSummary()

    def on_bad(bad):
        summary.add_bad(bad)
        if on_error == OnError.fail:
            raise engine.BadCorpusInput(bad)

    bar = tqdm(total=sum(path.stat().st_size for path, _ in files), unit="B",
               unit_scale=True, desc="sentences", disable=not progress, file=sys.stderr)

    def parsed_docs():
        for path, work in files:
            if input_format == "conllu":
                stream = reader.read_conllu_docs(path, work, nlp.vocab, summary, on_bad,
                                                 progress=bar)
            elif input_format == "spacy":
                stream = reader.read_docbin_docs(path, work, nlp.vocab, summary, on_bad)
            else:
                stream = _text_docs(engine, nlp, path, work, input_format)
            for doc, doc_work, source in stream:
                yield annotate(doc), doc_work, source
            if input_format == "spacy":
                bar.update(path.stat().st_size)

    def _text_docs(engine, nlp, path, work, input_format):
        # A long paragraph goes through the parser in pieces, its memory bounded.
        limit = min(nlp.max_length, reader.MAX_PIECE_CHARS)
        if input_format == "jsonl":
            texts = reader.read_jsonl_paragraphs(
                path, summary, on_bad, field=field, work_field=work_field, id_field=id_field,
                paragraphs=paragraphs.value, limit=limit, progress=bar)
        else:
            texts = reader.read_text_paragraphs(path, work, summary, on_bad,
                                                paragraphs=paragraphs.value, limit=limit,
                                                progress=bar)
        # gender_lexicon runs after the entity step (SentenceAnnotator), not inside the pipe.
        for doc, (doc_work, source) in nlp.pipe(texts, as_tuples=True, batch_size=batch_size,
                                                n_process=n_process,
                                                disable=["gender_lexicon"]):
            yield doc, doc_work, source

    try:
        with open(out, "w", encoding="utf-8") as handle:
            for sentence in engine.extract_sentences(
                parsed_docs(), criteria, max_per_work=max_per_work, balance=balance.value,
                summary=summary, works_are_contiguous=input_format == "text",
            ):
                handle.write(json.dumps(sentence.to_dict(), ensure_ascii=False) + "\n")
    except engine.BadCorpusInput as err:
        bar.close()
        fail(f"{err} (use --on-error skip to count and skip bad records)")
    except (engine.MissingAnnotationError, OSError) as err:
        bar.close()
        fail(str(err))
    bar.close()
    _print_summary(summary, out, max_per_work)
    if report:
        srsly.write_json(report, summary.to_dict())


def _print_summary(summary, out: Path, max_per_work: int) -> None:
    from ..corpus.sentences import GENDER_LABELS, REJECT_REASONS

    typer.echo(f"works      {summary.works} ({summary.works_kept} with probing sentences)")
    typer.echo(f"sentences  {summary.sentences} read, {summary.candidates} candidates")
    for reason in REJECT_REASONS:
        typer.echo(f"  {reason:<15}{summary.rejected[reason]}")
    typer.echo(f"kept       {summary.kept} sentences, {summary.tokens} tokens -> {out}")
    for gender in GENDER_LABELS:
        typer.echo(f"  {gender:<15}{summary.genders[gender]}")
    for role, count in sorted(summary.roles.items()):
        typer.echo(f"  {role:<15}{count}")
    if summary.capped_works:
        typer.echo(f"capped     {summary.capped_works} works over --max-per-work "
                   f"{max_per_work}: {summary.dropped} candidates left out")
    typer.echo(f"records    {summary.records} read, {summary.bad} bad")
    for bad in summary.bad_inputs[:20]:
        typer.echo(f"  {bad}")
    if summary.bad > 20:
        typer.echo(f"  ... {summary.bad - 20} more (see --report)")
    typer.echo(f"{summary.works_kept:,} works, {summary.kept:,} sentences, "
               f"{summary.tokens:,} tokens")

