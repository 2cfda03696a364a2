"""Entity recall by gender (Nahurna & Romanyshyn 2025, Formula 1) with bootstrap intervals.

``Recall_g = TP_g / (TP_g + FN_g)``: a gold entity of the label is found (TP) when the
prediction holds an entity of the same label with exactly its characters, else missed (FN).
Each gold entity is put in a gender class by a classifier: JOB titles by their grammatical
gender (``JobTitleClassifier``), PERS by the gender of the first name they contain. The 95 %
interval resamples the documents (sentences) with replacement, so entities of one sentence
move together.
"""

import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass

from spacy.tokens import Doc

from ..extensions import COMMON, FEMININE, MASCULINE, NEUTRAL, UNKNOWN

GENDER_CLASSES = (MASCULINE, FEMININE, COMMON, NEUTRAL, UNKNOWN)
_NAME_WORD = re.compile(r"[^\W\d_]+(?:['’ʼ-][^\W\d_]+)*")


@dataclass(frozen=True)
class ClassRecall:
    """The recall of one gender class.

    found (int): gold entities found with their exact characters and label (TP).
    gold (int): gold entities of the class (TP + FN).
    recall (float | None): found / gold; None without gold entities.
    ci_low (float | None): lower bound of the bootstrap 95 % interval.
    ci_high (float | None): upper bound of the bootstrap 95 % interval.
    """

    found: int
    gold: int
    recall: float | None
    ci_low: float | None
    ci_high: float | None

    def to_dict(self) -> dict:
        return asdict(self)


def entity_outcomes(gold_docs: Iterable[Doc], predicted_docs: Iterable[Doc], label: str,
                    classify: Callable[[str], str]) -> list[list[tuple[str, bool]]]:
    """Per document, (gender class, found) of each gold entity with ``label``.

    gold_docs (Iterable[Doc]): the gold Docs.
    predicted_docs (Iterable[Doc]): the predicted Docs, in the same order, same texts.
    label (str): the entity label, e.g. "JOB".
    classify (Callable[[str], str]): an entity text -> its gender class.
    RETURNS (list[list[tuple[str, bool]]]): one list per document.
    """
    outcomes = []
    for gold, predicted in zip(gold_docs, predicted_docs, strict=True):
        if gold.text != predicted.text:
            raise ValueError(f"gold and predicted texts differ: {gold.text[:60]!r}")
        spans = {(e.start_char, e.end_char) for e in predicted.ents if e.label_ == label}
        outcomes.append([(classify(e.text), (e.start_char, e.end_char) in spans)
                         for e in gold.ents if e.label_ == label])
    return outcomes


def recall_by_class(outcomes: Sequence[Sequence[tuple[str, bool]]],
                    classes: Sequence[str] = GENDER_CLASSES, *, n_resamples: int = 1000,
                    seed: int = 0) -> dict[str, ClassRecall]:
    """Recall per gender class with a percentile bootstrap 95 % interval over documents.

    outcomes (Sequence[Sequence[tuple[str, bool]]]): from :func:`entity_outcomes`.
    classes (Sequence[str]): the classes reported. Defaults to GENDER_CLASSES.
    n_resamples (int): bootstrap resamples. Defaults to 1000.
    seed (int): seeds the resampling. Defaults to 0.
    RETURNS (dict[str, ClassRecall]): class -> its recall.
    """
    import numpy

    index = {name: i for i, name in enumerate(classes)}
    found = numpy.zeros((len(outcomes), len(classes)), dtype=numpy.int64)
    gold = numpy.zeros_like(found)
    for row, document in enumerate(outcomes):
        for name, was_found in document:
            gold[row, index[name]] += 1
            found[row, index[name]] += was_found
    boot_found, boot_gold = bootstrap_sums([found, gold], n_resamples=n_resamples, seed=seed)
    result = {}
    for name, i in index.items():
        total, hits = int(gold[:, i].sum()), int(found[:, i].sum())
        if total == 0:
            result[name] = ClassRecall(0, 0, None, None, None)
            continue
        low, high = percentile_interval(boot_found[:, i], boot_gold[:, i])
        result[name] = ClassRecall(hits, total, hits / total, low, high)
    return result


def bootstrap_sums(per_document: Sequence, *, n_resamples: int = 1000, seed: int = 0
                   ) -> list:
    """Column sums of per-document count matrices over bootstrap resamples of the documents
    (the same resamples for every matrix, so paired measures stay paired).

    per_document (Sequence[numpy.ndarray]): matrices of shape (documents, columns).
    n_resamples (int): resamples. Defaults to 1000.
    seed (int): seeds the resampling. Defaults to 0.
    RETURNS (list[numpy.ndarray]): per matrix, its sums of shape (n_resamples, columns).
    """
    import numpy

    rng = numpy.random.default_rng(seed)
    documents = len(per_document[0])
    sums: list[list] = [[] for _ in per_document]
    # Drawn as multiplicities (how often each document is drawn), a chunk at a time.
    for chunk in _chunks(n_resamples, 200):
        weights = (rng.multinomial(documents, [1 / documents] * documents, size=chunk)
                   if documents else numpy.zeros((chunk, 0), dtype=numpy.int64))
        for i, matrix in enumerate(per_document):
            sums[i].append(weights @ matrix)
    return [numpy.vstack(parts) for parts in sums]


def percentile_interval(numerators, denominators, level: float = 0.95
                        ) -> tuple[float | None, float | None]:
    """The percentile interval of the bootstrap ratios (resamples without a denominator are
    left out). RETURNS (tuple[float | None, float | None]): (low, high)."""
    import numpy

    keep = denominators > 0
    if not keep.any():
        return None, None
    ratios = numerators[keep] / denominators[keep]
    tail = 100 * (1 - level) / 2
    low, high = numpy.percentile(ratios, [tail, 100 - tail])
    return float(low), float(high)


def _chunks(total: int, size: int) -> Iterable[int]:
    while total > 0:
        yield min(size, total)
        total -= size


def name_gender(analyzer, text: str) -> str:
    """The gender of a person entity: that of the first word read as a first name.

    A word in a name entity is a name, so every first-name reading counts, not only the
    likeliest one of running text: the nominative reading's gender decides ("Юлія" is
    Юлія, not the genitive of Юлій), else the gender most of its readings have ("Юлії").

    analyzer (MorphAnalyzer): the language's analyser (``get_morph_analyzer``).
    text (str): the entity text, e.g. "Петренко Ірина Іванівна".
    RETURNS (str): masculine | feminine | unknown.
    """
    genders = {"Masc": MASCULINE, "Fem": FEMININE}
    for word in _NAME_WORD.findall(text):
        readings = [r for r in analyzer.analyze(word.lower())
                    if r.name_part == "first" and r.gender in genders]
        nominative = {r.gender for r in readings if r.case == "Nom"}
        if len(nominative) == 1:
            return genders[nominative.pop()]
        votes = Counter(r.gender for r in readings).most_common()
        if votes and (len(votes) == 1 or votes[0][1] > votes[1][1]):
            return genders[votes[0][0]]
    return UNKNOWN
