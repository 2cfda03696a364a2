"""Evaluate a trained NER on a test set: spaCy's P/R/F per label and recall by gender.

One JSON per model and test set (``metrics/<model>-<testset>.json``), and a table over all
of them laid out like Nahurna & Romanyshyn's Tables 5 and 6 (Markdown and JSON).
"""

import time
from pathlib import Path

from spacy.language import Language
from spacy.scorer import Scorer
from spacy.training import Example

from ..evaluation.recall_by_gender import entity_outcomes, name_gender, recall_by_class
from .augment import read_docs

# (label, how its entities are put in a gender class)
GENDERED = (("JOB", "grammatical gender"), ("PERS", "first-name gender"))


def evaluate_ner(nlp: Language, test_path: str | Path, *, lang: str = "uk",
                 n_resamples: int = 1000, seed: int = 0) -> dict:
    """Scores of ``nlp`` on a DocBin of gold Docs.

    nlp (Language): the trained pipeline.
    test_path (str | Path): the test set (DocBin with gold entities).
    lang (str): the language of the gender classifiers. Defaults to "uk".
    n_resamples (int): bootstrap resamples of the recall intervals. Defaults to 1000.
    seed (int): seeds the bootstrap. Defaults to 0.
    RETURNS (dict): ents_p/r/f, ents_per_type, recall_by_gender (label -> class ->
        ClassRecall as dict), docs, words, words_per_second.
    """
    from ..lang import load_profile
    from ..lexicon import Lexicon

    gold = read_docs(test_path, nlp.vocab)
    started = time.perf_counter()
    predicted = list(nlp.pipe(doc.text for doc in gold))
    seconds = time.perf_counter() - started
    examples = [Example(p, g) for p, g in zip(predicted, gold, strict=True)]
    scores = Scorer(nlp).score(examples) if examples else {}
    lexicon = Lexicon(load_profile(lang))
    analyzer = lexicon.persons.analyzer
    classifiers = {"JOB": lexicon.job_titles.classify,
                   "PERS": lambda text: name_gender(analyzer, text)}
    by_gender = {}
    for label, _ in GENDERED:
        outcomes = entity_outcomes(gold, predicted, label, classifiers[label])
        by_gender[label] = {name: value.to_dict() for name, value in
                            recall_by_class(outcomes, n_resamples=n_resamples,
                                            seed=seed).items()}
    words = sum(len(doc) for doc in predicted)
    return {"ents_p": scores.get("ents_p"), "ents_r": scores.get("ents_r"),
            "ents_f": scores.get("ents_f"), "ents_per_type": scores.get("ents_per_type"),
            "recall_by_gender": by_gender, "docs": len(gold), "words": words,
            "words_per_second": words / seconds if seconds else None}


def metrics_table(metrics: dict[tuple[str, str], dict], *, swapped_source: str = "ours"
                  ) -> tuple[str, list[dict]]:
    """The Markdown table (and its rows as JSON) over every model x test set.

    metrics (dict[tuple[str, str], dict]): (model, test set) -> :func:`evaluate_ner`'s result.
    swapped_source (str): who made the ``swapped`` test set: "gold" or "ours", said below
        the table. Defaults to "ours".
    RETURNS (tuple[str, list[dict]]): the Markdown text and the rows.
    """
    rows = []
    for (model, testset), result in sorted(metrics.items()):
        per_type = result.get("ents_per_type") or {}
        row = {"model": model, "testset": testset, "ents_f": _percent(result["ents_f"])}
        for label, _ in GENDERED:
            prf = per_type.get(label, {})
            row[label] = [_percent(prf.get(key)) for key in ("p", "r", "f")]
        for gender in ("feminine", "masculine", "common"):
            recall = result["recall_by_gender"]["JOB"][gender]
            row[f"JOB_recall_{gender}"] = [_round(recall[key]) for key in
                                           ("recall", "ci_low", "ci_high")]
        rows.append(row)
    header = ("| model | test set | F1 (all) | JOB P / R / F | PERS P / R / F | JOB recall "
              "feminine | masculine | common |")
    lines = [header, "|" + "---|" * 8]
    for row in rows:
        cells = [row["model"], row["testset"], _text(row["ents_f"]),
                 " / ".join(map(_text, row["JOB"])), " / ".join(map(_text, row["PERS"]))]
        cells += [_interval(row[f"JOB_recall_{g}"]) for g in ("feminine", "masculine",
                                                               "common")]
        lines.append("| " + " | ".join(cells) + " |")
    maker = ("NER-UK's reviewers" if swapped_source == "gold" else
             "our gender_swapper, which favours the model trained on orig+ours")
    lines += ["", f"The `swapped` test set was made by {maker}; `gold-swapped` holds the "
              "reviewed swaps of the dev-split documents (never trained on)."]
    return "\n".join(lines) + "\n", rows


def _percent(value: float | None) -> float | None:
    return None if value is None else round(100 * value, 2)


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 3)


def _text(value: float | None) -> str:
    return "–" if value is None else f"{value:.2f}"


def _interval(values: list) -> str:
    recall, low, high = values
    return "–" if recall is None else f"{recall:.2f} [{low:.2f}, {high:.2f}]"
