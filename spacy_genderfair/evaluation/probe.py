"""A counterfactual probe of any spaCy NER: the same sentences with their genders swapped.

Each gold sentence is swapped by ``gender_swapper`` (its gold entities carried over by
offset) and the NER runs on both sides. Per entity label and per gender of the original
entity, the probe reports the recall on each side and their paired difference (swapped minus
original) with a bootstrap 95 % interval over sentences, and lists the sentences where an
entity is found on one side only. A model that does not depend on gender finds the same
entities on both sides.
"""

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from spacy.language import Language
from spacy.tokens import Doc

from .recall_by_gender import bootstrap_sums, percentile_interval

PERSON_LABELS = ("PERS", "PER", "PERSON")


@dataclass(frozen=True)
class ProbedEntity:
    """A gold entity and its swapped counterpart, each found by the model or not.

    label (str): the entity label.
    gender (str): the gender class of the original entity.
    original (str): its text in the original sentence.
    swapped (str): its text in the swapped sentence.
    found_original (bool): found with its exact characters in the original sentence.
    found_swapped (bool): found with its exact characters in the swapped sentence.
    """

    label: str
    gender: str
    original: str
    swapped: str
    found_original: bool
    found_swapped: bool


@dataclass(frozen=True)
class ProbedSentence:
    original: str
    swapped: str
    entities: tuple[ProbedEntity, ...]


def swap_gold_docs(swapper: Language, docs: Iterable[Doc]) -> list[tuple[Doc, Doc]]:
    """(original, swapped) for every gold Doc that the swapper changes; the swapped Doc has
    the gold entities carried over by offset, in the same order.

    swapper (Language): a pipeline with ``gender_swapper`` (see ``cli.swap.swap_pipeline``).
    docs (Iterable[Doc]): gold Docs with ``doc.ents``.
    RETURNS (list[tuple[Doc, Doc]]): the changed sentences.
    """
    from ..corpus.brat_writer import (
        OffsetMap,
        carry_entities,
        gold_entities_kept,
        line_doc,
        target_labels,
    )
    from ..corpus.swap_pairs import LineEntity
    from ..swap.realign import get_swapped_doc

    labels = target_labels(swapper)
    prepared = []
    for gold in docs:
        entities = tuple(LineEntity(e.label_, e.start_char, e.end_char, e.text)
                         for e in gold.ents)
        prepared.append((line_doc(swapper.make_doc, gold.text, entities, labels)[0],
                         entities))
    pairs = []
    with gold_entities_kept(swapper):
        processed = swapper.pipe(((doc, entities) for doc, entities in prepared),
                                 as_tuples=True)
        for doc, entities in processed:
            swapped = get_swapped_doc(doc)
            if swapped.text == doc.text:
                continue
            moved = carry_entities(entities, OffsetMap(doc, swapped))
            original_gold, swapped_gold = doc.copy(), swapped.copy()
            original_spans = [_span(original_gold, e) for e in entities]
            swapped_spans = [_span(swapped_gold, e) for e in moved]
            # An entity that no longer covers whole tokens is left out on both sides.
            kept = [(a, b) for a, b in zip(original_spans, swapped_spans, strict=True)
                    if a is not None and b is not None]
            original_gold.ents = [a for a, _ in kept]
            swapped_gold.ents = [b for _, b in kept]
            pairs.append((original_gold, swapped_gold))
    return pairs


def _span(doc: Doc, entity):
    return doc.char_span(entity.start, entity.end, label=entity.label,
                         alignment_mode="strict")


def probe_sentences(model: Language, pairs: Sequence[tuple[Doc, Doc]],
                    classify: Callable[[str, str], str]) -> list[ProbedSentence]:
    """Run ``model`` on both sides of every pair.

    model (Language): any pipeline with an NER.
    pairs (Sequence[tuple[Doc, Doc]]): from :func:`swap_gold_docs`.
    classify (Callable[[str, str], str]): (label, entity text) -> gender class.
    RETURNS (list[ProbedSentence]): one per pair.
    """
    originals = model.pipe(original.text for original, _ in pairs)
    swapped_docs = model.pipe(swapped.text for _, swapped in pairs)
    sentences = []
    for (gold, gold_swapped), predicted, predicted_swapped in zip(
            pairs, originals, swapped_docs, strict=True):
        found = _spans(predicted)
        found_swapped = _spans(predicted_swapped)
        entities = tuple(
            ProbedEntity(a.label_, classify(a.label_, a.text), a.text, b.text,
                         (a.start_char, a.end_char, a.label_) in found,
                         (b.start_char, b.end_char, b.label_) in found_swapped)
            for a, b in zip(gold.ents, gold_swapped.ents, strict=True))
        sentences.append(ProbedSentence(gold.text, gold_swapped.text, entities))
    return sentences


def probe_summary(sentences: Sequence[ProbedSentence], *, n_resamples: int = 1000,
                  seed: int = 0) -> dict[str, dict[str, dict]]:
    """Recall on each side and the paired difference per label and gender.

    sentences (Sequence[ProbedSentence]): from :func:`probe_sentences`.
    n_resamples (int): bootstrap resamples. Defaults to 1000.
    seed (int): seeds the bootstrap. Defaults to 0.
    RETURNS (dict[str, dict[str, dict]]): label -> gender -> {entities, recall_original,
        recall_swapped, difference, ci_low, ci_high} (the interval is the difference's).
    """
    import numpy

    keys = sorted({(e.label, e.gender) for s in sentences for e in s.entities})
    column = {key: i for i, key in enumerate(keys)}
    shape = (len(sentences), len(keys))
    total, original, swapped = (numpy.zeros(shape, dtype=numpy.int64) for _ in range(3))
    for row, sentence in enumerate(sentences):
        for entity in sentence.entities:
            i = column[entity.label, entity.gender]
            total[row, i] += 1
            original[row, i] += entity.found_original
            swapped[row, i] += entity.found_swapped
    boot_total, boot_difference = bootstrap_sums([total, swapped - original],
                                                 n_resamples=n_resamples, seed=seed)
    summary: dict[str, dict[str, dict]] = {}
    for (label, gender), i in column.items():
        n = int(total[:, i].sum())
        recall_original = int(original[:, i].sum()) / n
        recall_swapped = int(swapped[:, i].sum()) / n
        low, high = percentile_interval(boot_difference[:, i], boot_total[:, i])
        summary.setdefault(label, {})[gender] = {
            "entities": n, "recall_original": recall_original,
            "recall_swapped": recall_swapped,
            "difference": recall_swapped - recall_original, "ci_low": low, "ci_high": high}
    return summary


def one_sided(sentences: Iterable[ProbedSentence]) -> list[ProbedSentence]:
    """The sentences with an entity found on one side only (only those entities kept)."""
    result = []
    for sentence in sentences:
        entities = tuple(e for e in sentence.entities if e.found_original != e.found_swapped)
        if entities:
            result.append(ProbedSentence(sentence.original, sentence.swapped, entities))
    return result


def gender_classifier(lang: str) -> Callable[[str, str], str]:
    """(label, entity text) -> gender class for ``lang``: job titles (JOB) by grammatical
    gender, persons by first name, any other label "unknown"."""
    from ..extensions import UNKNOWN
    from ..lang import load_profile
    from ..lexicon import Lexicon
    from .recall_by_gender import name_gender

    lexicon = Lexicon(load_profile(lang))
    analyzer = lexicon.persons.analyzer

    def person_gender(text: str) -> str:
        if analyzer is not None:
            return name_gender(analyzer, text)
        genders = (lexicon.names.gender(word) for word in text.split())
        return next((g for g in genders if g is not None), UNKNOWN)

    def classify(label: str, text: str) -> str:
        if label == "JOB":
            return lexicon.job_titles.classify(text)
        if label in PERSON_LABELS:
            return person_gender(text)
        return UNKNOWN

    return classify


def _spans(doc: Doc) -> set[tuple[int, int, str]]:
    return {(e.start_char, e.end_char, e.label_) for e in doc.ents}
