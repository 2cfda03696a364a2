"""``genderfair eval-swap``: score gender swaps against gold references."""

import json
from pathlib import Path

import srsly
import typer

from . import app, check_input_file, fail
from .options import OnError, lang_option, on_error_option, report_option

# eval-swap scores sentence pairs; ROUGE-L's LCS is quadratic in their length, so a record
# far longer than a paragraph is a bad line, not a run that never ends.
MAX_PAIR_CHARS = 10_000
METRICS = (
    ("exact_match", "Exact Match"),
    ("exact_match_without_pers", "EM without PERS"),
    ("job_match", "JOB Match"),
    ("job_match_micro", "JOB Match (micro)"),
    ("bleu", "BLEU"),
    ("bleu_without_pers", "BLEU without PERS"),
    ("rouge_l", "ROUGE-L"),
    ("token_count_match", "Token Count Match"),
    ("round_trip_exact_match", "Round-trip EM"),
    ("dictionary_coverage", "Dictionary coverage"),
    ("bertscore_f1", "BERTScore F1"),
)
_NOT_GIVEN = {
    "round_trip_exact_match": "(no --round-trip)",
    "bertscore_f1": "(no --bert-model)",
    "dictionary_coverage": "(no original JOB entities)",
    "job_match": "(no reference JOB entities)",
    "job_match_micro": "(no reference JOB entities)",
}


@app.command("eval-swap")
def eval_swap_command(
    pairs: Path = typer.Option(
        ..., "--pairs", help="A swapped brat folder (NER-UK v2.0-swapped/data; needs "
        "--original-root) or a JSONL of {original, reference[, prediction], "
        "[reference_entities], [original_entities]}."),
    predictions: Path | None = typer.Option(
        None, "--predictions", help="Text file, one prediction per line, aligned with the "
        "pairs (see --write-pairs for their order). Default: each JSONL 'prediction', else "
        "the do-nothing baseline (prediction = original)."),
    original_root: Path | None = typer.Option(
        None, "--original-root", help="Folder of the original brat files (NER-UK v2.0/data)."),
    round_trip: Path | None = typer.Option(
        None, "--round-trip", help="Text file: each prediction swapped again, one per line."),
    bert_model: Path | None = typer.Option(
        None, "--bert-model", help="Local model folder for BERTScore (pip install bert-score)."),
    lang: str = lang_option("uk"),
    on_error: OnError = on_error_option(
        "a bad .meta index or document; a JSONL line with invalid UTF-8, malformed JSON, a "
        "missing field"),
    write_pairs: Path | None = typer.Option(
        None, "--write-pairs", help="Write the evaluated pairs as JSONL, in evaluation order."),
    report: Path | None = report_option("Write all figures as JSON."),
) -> None:
    """Score swaps: Exact Match, EM without PERS, JOB Match, BLEU (with and without PERS),
    ROUGE-L, Token Count Match, round-trip EM, dictionary coverage, BERTScore (definitions:
    spacy_genderfair.evaluation.swap_metrics).
    """
    from ..evaluation.swap_metrics import SwapTriple

    if pairs.is_dir():
        records, read_summary = _read_folder(pairs, original_root, on_error.value)
    else:
        check_input_file(pairs, "--pairs")
        if original_root is not None:
            fail("--original-root is only for a swapped folder, not a JSONL file")
        records, read_summary = _read_jsonl(pairs, on_error.value)
    if not records:
        fail(f"no pairs read from {pairs}")
    if write_pairs is not None:  # as read: the input a swapper is to be run on
        srsly.write_jsonl(write_pairs, records)
    source = "baseline (prediction = original)"
    if predictions is not None:
        lines = _aligned_lines(predictions, len(records), "--predictions")
        records = [{**r, "prediction": p} for r, p in zip(records, lines, strict=True)]
        source = str(predictions)
    elif any("prediction" in r for r in records):
        source = f"{pairs} ('prediction' field)"
    else:
        records = [{**r, "prediction": r["original"]} for r in records]
    second_pass = (_aligned_lines(round_trip, len(records), "--round-trip")
                   if round_trip is not None else None)
    triples = [SwapTriple(r["original"], r["reference"], r["prediction"],
                          tuple(r.get("reference_entities", ())),
                          tuple(r.get("original_entities", ()))) for r in records]
    scores = _evaluate(triples, second_pass, bert_model, lang)
    _print(scores, read_summary, source)
    if report is not None:
        srsly.write_json(report, {"pairs_source": str(pairs), "predictions": source,
                                  "read": read_summary, "scores": scores.to_dict()})


def _evaluate(triples, second_pass, bert_model, lang):
    from ..evaluation.swap_metrics import evaluate_swaps

    try:
        return evaluate_swaps(triples, round_trip=second_pass, bert_model=bert_model, lang=lang)
    except (ValueError, OSError, ImportError) as err:
        fail(str(err))


def _read_folder(folder: Path, original_root: Path | None, on_error: str):
    from ..corpus.swap_pairs import PairReport, SwapDataError, read_swapped_pairs

    if original_root is None:
        fail("a swapped folder needs --original-root (the folder of the original .txt/.ann)")
    summary = PairReport()
    try:
        records = [p.to_dict() for p in read_swapped_pairs(
            folder, original_root, on_error=on_error, report=summary)]
    except SwapDataError as err:
        fail(f"{err} (use --on-error skip to count and skip bad lines)")
    except (ValueError, OSError) as err:
        fail(str(err))
    return records, summary.to_dict()


def _read_jsonl(path: Path, on_error: str):
    from ..corpus.records import BadRecord, open_input, read_records

    records, bad = [], []
    lines = blank = 0
    try:
        handle = open_input(path)
    except OSError as err:
        fail(str(err))
    with handle:
        # "text" records: each line decoded on its own, so that bad UTF-8 is one bad line.
        for record in read_records(handle, "text"):
            lines += 1
            if isinstance(record, BadRecord):
                reason = record.reason
            elif not record.text.strip():
                blank += 1
                continue
            else:
                try:
                    records.append(_record(record.text))
                    continue
                except ValueError as err:
                    reason = str(err)
            if on_error == "fail":
                fail(f"{path} line {record.line_no}: {reason} (use --on-error skip to count "
                     "and skip bad lines)")
            bad.append({"line": record.line_no, "reason": reason})
    with_prediction = sum("prediction" in r for r in records)
    if 0 < with_prediction < len(records):
        fail(f"{path}: {len(records) - with_prediction} of {len(records)} records have no "
             "'prediction' (give all or none; none = the do-nothing baseline)")
    return records, {"lines": lines, "pairs": len(records), "blank_lines": blank,
                     "bad_lines": len(bad), "problems": bad}


def _record(line: str) -> dict:
    from ..corpus.records import json_error_reason

    try:
        data = json.loads(line)
    except json.JSONDecodeError as err:
        raise ValueError(json_error_reason(err)) from None
    except RecursionError:  # json's decoder recurses once per nesting level
        raise ValueError("malformed JSON (nested too deeply)") from None
    if not isinstance(data, dict):
        raise ValueError("not a JSON object")
    record = {}
    for key in ("original", "reference", "prediction"):
        if key in data:
            if not isinstance(data[key], str):
                raise ValueError(f"'{key}' is not a string")
            if len(data[key]) > MAX_PAIR_CHARS:
                raise ValueError(f"'{key}' has {len(data[key]):,} characters, over "
                                 f"{MAX_PAIR_CHARS:,} (eval-swap scores sentence pairs)")
            record[key] = data[key]
        elif key != "prediction":
            raise ValueError(f"no '{key}' field")
    for key, text_key in (("reference_entities", "reference"),
                          ("original_entities", "original")):
        if data.get(key) is not None:
            record[key] = _entities(data[key], record[text_key], key)
    return record


def _entities(value, text: str, key: str) -> list[list]:
    if not isinstance(value, list):
        raise ValueError(f"'{key}' is not a list")
    entities = []
    for item in value:
        if isinstance(item, dict):
            item = [item.get("label"), item.get("start"), item.get("end")]
        if not (isinstance(item, list) and len(item) in (3, 4) and isinstance(item[0], str)
                and all(isinstance(x, int) for x in item[1:3])):
            raise ValueError(f"'{key}': expected [label, start, end(, text)] or "
                             f"{{label, start, end}}, got {item!r}")
        label, start, end = item[:3]
        if not 0 <= start < end <= len(text):
            raise ValueError(f"'{key}': {label} ({start}, {end}) outside the text")
        entities.append([label, start, end, text[start:end]])
    return entities


def _aligned_lines(path: Path, expected: int, option: str) -> list[str]:
    from ..corpus.records import Utf8Error, read_utf8

    try:
        text = read_utf8(path)
    except Utf8Error as err:
        fail(f"{option}: {err}")
    except OSError as err:
        fail(f"{option}: cannot read {path}: {err}")
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    lines = [line.rstrip("\r") for line in lines]
    if len(lines) != expected:
        fail(f"{option} {path} has {len(lines)} lines for {expected} pairs "
             "(one line per pair, in the order of --write-pairs)")
    return lines


def _print(scores, read_summary: dict, source: str) -> None:
    if "swapped_lines" in read_summary:
        typer.echo(f"documents       {read_summary['documents']} "
                   f"({read_summary['skipped_documents']} skipped)")
        typer.echo(f"swapped lines   {read_summary['swapped_lines']}  = pairs "
                   f"{read_summary['pairs']} + skipped {read_summary['skipped_lines']}  "
                   f"(+ {read_summary['blank_lines']} blank lines, not pairs)")
        problems = [f"{p['path']} line {p['line']}: {p['reason']}"
                    for p in read_summary["problems"]]
        warnings = [f"{p['path']} line {p['line']}: {p['reason']} (kept)"
                    for p in read_summary["warnings"]]
    else:
        typer.echo(f"lines           {read_summary['lines']}  = pairs {read_summary['pairs']} "
                   f"+ bad {read_summary['bad_lines']} + blank {read_summary['blank_lines']}")
        problems = [f"line {p['line']}: {p['reason']}" for p in read_summary["problems"]]
        warnings = []
    for line in (problems + warnings)[:20]:
        typer.echo(f"  {line}")
    if len(problems) + len(warnings) > 20:
        typer.echo(f"  ... {len(problems) + len(warnings) - 20} more (see --report)")
    typer.echo(f"predictions     {source}")
    typer.echo(f"JOB             {scores.job_entities} reference entities in {scores.job_pairs} "
               f"pairs; {scores.swapped_job_pairs} swapped JOB pairs for coverage "
               f"({scores.unpaired_job_pairs} pairs with unequal JOB counts left out)")
    typer.echo("")
    typer.echo(f"{'metric':<22}{'score':>8}   (n = {scores.pairs} pairs)")
    for key, name in METRICS:
        value = getattr(scores, key)
        shown = f"{value:8.3f}" if value is not None else f"{'-':>8}   {_NOT_GIVEN.get(key, '')}"
        typer.echo(f"{name:<22}{shown}")
