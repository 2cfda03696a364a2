"""Evaluate every model under TRAINING_DIR (<model>/model-best) on every test set under
TEST_DIR (<testset>.spacy): metrics/<model>-<testset>.json, metrics/table.md and .json."""

from pathlib import Path

import spacy
import srsly
import typer

from spacy_genderfair.nerproject.evaluate import evaluate_ner, metrics_table


def main(
    training_dir: Path = typer.Argument(..., help="Folder of trained models"),
    test_dir: Path = typer.Argument(..., help="Folder of test sets and swap-test.json"),
    out_dir: Path = typer.Argument(..., help="Folder for the metrics"),
    seed: int = typer.Option(0, "--seed", help="Seeds the bootstrap"),
    n_resamples: int = typer.Option(1000, "--n-resamples", help="Bootstrap resamples"),
) -> None:
    out_dir.mkdir(parents=True, exist_ok=True)
    models = sorted(p.parent for p in training_dir.glob("*/model-best"))
    if not models:
        raise typer.BadParameter(f"no <model>/model-best under {training_dir}")
    metrics = {}
    for model in models:
        nlp = spacy.load(model / "model-best")
        for test_path in sorted(test_dir.glob("*.spacy")):
            result = evaluate_ner(nlp, test_path, n_resamples=n_resamples, seed=seed)
            metrics[model.name, test_path.stem] = result
            srsly.write_json(out_dir / f"{model.name}-{test_path.stem}.json",
                             {"model": model.name, "testset": test_path.stem, **result})
            typer.echo(f"{model.name:<12} {test_path.stem:<14} F {result['ents_f'] or 0:.3f} "
                       f"({result['words_per_second'] or 0:,.0f} words/s)")
    swap_test = test_dir / "swap-test.json"
    source = srsly.read_json(swap_test)["swapped_source"] if swap_test.exists() else "ours"
    table, rows = metrics_table(metrics, swapped_source=source)
    (out_dir / "table.md").write_text(table, encoding="utf8")
    srsly.write_json(out_dir / "table.json", {"swapped_source": source, "rows": rows})
    typer.echo(table)


if __name__ == "__main__":
    typer.run(main)
