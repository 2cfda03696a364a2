"""Metrics for gender swapping (Nahurna & Romanyshyn 2025), over (original, reference,
prediction) triples.

``original`` is the input sentence, ``reference`` its gold gender swap, ``prediction`` a
system's swap. Every metric works on tokens of one tokenizer (default: the blank spaCy
tokenizer of the language, ``spacy.blank("uk").tokenizer``); a token is its exact text
(case and punctuation count, whitespace does not). Reference entities are
``(label, start, end[, text])`` character offsets into the reference; an entity covers every
token it overlaps (``Doc.char_span(..., alignment_mode="expand")``). Corpus figures are means
over pairs unless stated otherwise; a figure with no pair to average over is ``None``.

- **Exact Match (EM)**: prediction tokens == reference tokens.
- **EM without PERS**: the reference tokens outside PERS entities == the prediction tokens
  left after removing those *aligned to* reference PERS tokens. Alignment: difflib's
  ``SequenceMatcher`` (``autojunk=False``) over the two token lists; a prediction token in an
  ``equal`` block is removed if its reference token is PERS; prediction tokens in a
  ``replace`` block are removed if every reference token of the block is PERS, and those of
  an ``insert`` block if it lies inside a run of PERS tokens (PERS on both sides). So a swapped
  or mis-inflected name (Валерій → Валерія, or a name of a different length) does not count,
  while an inserted, dropped or changed non-name token does. On the NER-UK DEV baseline this
  gives the same figure as removing each side's own annotated PERS tokens (40 of 927 pairs).
- **JOB Match**: for a pair with at least one reference JOB entity, the fraction of them whose
  token sequence occurs contiguously somewhere in the prediction; averaged over those pairs
  (pairs without JOB are left out). ``job_match_micro`` pools all JOB entities instead.
- **BLEU**: sacrebleu ``corpus_bleu`` of the raw prediction strings against the raw reference
  strings (one reference each), sacrebleu's default ``13a`` tokenisation, divided by 100.
  Not the spaCy tokens: this keeps the figure comparable with other sacrebleu scores. It
  mostly measures which first names were drawn (a swapper draws them at random, the
  annotators chose freely).
- **BLEU without PERS**: the same corpus BLEU over the two token lists that EM without PERS
  compares (reference PERS tokens and the prediction tokens aligned to them removed), each
  joined with single spaces.
- **ROUGE-L**: per pair, the F-measure (beta = 1) of the longest common token subsequence:
  P = LCS / len(prediction), R = LCS / len(reference), F = 2PR / (P + R) (0 when LCS = 0;
  1 when both are empty); averaged over pairs.
- **Token Count Match**: the fraction of pairs with len(prediction tokens) ==
  len(reference tokens).
- **Round-trip EM**: given the output of swapping each prediction again (second pass), the
  fraction of pairs whose second-pass tokens == original tokens.
- **Dictionary coverage**: the original's and the reference's JOB entities are paired in order
  when a pair has the same number of each; a JOB pair is *swapped* when the two texts differ.
  Its head words (the lexicon's job-title head: first noun for Ukrainian, last part of a
  hyphenated word also tried) are covered when some lemma of one (the lower-cased word or a
  NOUN lemma from the language's analyser, pymorphy3 for uk) has a lexicon entry whose
  ``counterparts`` contain some lemma of the other. Coverage = covered / swapped JOB pairs.
  It measures how much of the gold swaps a dictionary-based swapper could know.
- **BERTScore**: mean F1 of ``bert_score.score`` with a local model folder only (nothing is
  downloaded); needs the optional package ``bert-score``.

The do-nothing baseline (prediction = original) on the 927 NER-UK v2.0-swapped DEV pairs gives
EM 0.02, EM without PERS 0.04, JOB Match 0.13 (micro 0.125), BLEU 0.72, ROUGE-L 0.84, Token
Count 0.99, dictionary coverage 0.89 (1,063 swapped JOB pairs) (``benchmarks/swap_baseline.py``).
"""

from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass
from difflib import SequenceMatcher
from pathlib import Path

from .bert_score import bert_score_f1

PERS = "PERS"
JOB = "JOB"


@dataclass(frozen=True)
class SwapTriple:
    """One evaluated item; entities are ``(label, start, end[, text])`` tuples."""

    original: str
    reference: str
    prediction: str
    reference_entities: tuple = ()
    original_entities: tuple = ()


@dataclass
class SwapScores:
    """Corpus figures (see the module docstring for each definition)."""

    pairs: int
    exact_match: float | None
    exact_match_without_pers: float | None
    job_match: float | None
    job_match_micro: float | None
    job_pairs: int
    job_entities: int
    bleu: float | None
    rouge_l: float | None
    token_count_match: float | None
    bleu_without_pers: float | None = None
    round_trip_exact_match: float | None = None
    dictionary_coverage: float | None = None
    swapped_job_pairs: int = 0
    unpaired_job_pairs: int = 0
    bertscore_f1: float | None = None

    def to_dict(self) -> dict:
        return asdict(self)


# -- tokens ----------------------------------------------------------------------------------
def default_tokenizer(lang: str = "uk"):
    """The blank spaCy tokenizer of ``lang`` (shared)."""
    return _blank_tokenizer(lang)


_TOKENIZERS: dict = {}


def _blank_tokenizer(lang: str):
    if lang not in _TOKENIZERS:
        import spacy

        _TOKENIZERS[lang] = spacy.blank(lang).tokenizer
    return _TOKENIZERS[lang]


def tokens(text: str, tokenizer=None) -> list[str]:
    """Token texts of ``text`` (whitespace tokens dropped)."""
    doc = (tokenizer or default_tokenizer())(text)
    return [t.text for t in doc if not t.is_space]


def entity_token_mask(text: str, entities: Iterable, label: str, tokenizer=None) -> list[bool]:
    """For each token of ``text`` (as :func:`tokens`), whether an entity of ``label``
    overlaps it."""
    doc = (tokenizer or default_tokenizer())(text)
    inside = set()
    for start, end in _entity_token_spans(doc, entities, label):
        inside.update(range(start, end))
    return [t.i in inside for t in doc if not t.is_space]


def _entity_token_spans(doc, entities: Iterable, label: str) -> list[tuple[int, int]]:
    spans = []
    for entity in entities:
        ent_label, start, end = entity[0], int(entity[1]), int(entity[2])
        if ent_label != label:
            continue
        if not 0 <= start < end <= len(doc.text):
            raise ValueError(f"{label} entity ({start}, {end}) outside the text "
                             f"of {len(doc.text)} characters: {doc.text[:60]!r}")
        span = doc.char_span(start, end, alignment_mode="expand")
        if span is not None and len(span):
            spans.append((span.start, span.end))
    return spans


# -- per-pair metrics ------------------------------------------------------------------------
def exact_match(reference: Sequence[str], prediction: Sequence[str]) -> bool:
    return list(reference) == list(prediction)


def exact_match_without(reference: Sequence[str], prediction: Sequence[str],
                        masked: Sequence[bool]) -> bool:
    """EM after removing the reference tokens flagged in ``masked`` and the prediction tokens
    aligned to them (see the module docstring)."""
    kept_reference, kept_prediction = tokens_without(reference, prediction, masked)
    return kept_reference == kept_prediction


def tokens_without(reference: Sequence[str], prediction: Sequence[str],
                   masked: Sequence[bool]) -> tuple[list[str], list[str]]:
    """The reference tokens not flagged in ``masked`` and the prediction tokens not aligned
    to flagged ones (EM without PERS, BLEU without PERS: see the module docstring)."""
    reference, prediction = list(reference), list(prediction)
    if len(masked) != len(reference):
        raise ValueError(f"mask of {len(masked)} for {len(reference)} reference tokens")
    kept_reference = [t for t, m in zip(reference, masked, strict=True) if not m]
    kept_prediction = []
    matcher = SequenceMatcher(None, reference, prediction, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            kept_prediction += [prediction[j1 + k] for k in range(i2 - i1)
                                if not masked[i1 + k]]
        elif tag == "replace" and all(masked[i1:i2]):
            continue
        elif tag == "insert" and 0 < i1 < len(masked) and masked[i1 - 1] and masked[i1]:
            continue  # inserted inside a name: Валерія Ріяко -> Валерія Петрівна Ріяко
        else:  # other inserts, replaces touching non-name tokens (a delete adds nothing)
            kept_prediction += prediction[j1:j2]
    return kept_reference, kept_prediction


def contains(haystack: Sequence[str], needle: Sequence[str]) -> bool:
    """Whether ``needle`` occurs as a contiguous run of ``haystack``."""
    n = len(needle)
    if n == 0:
        return True
    needle = list(needle)
    return any(list(haystack[i:i + n]) == needle for i in range(len(haystack) - n + 1))


def job_matches(reference: str, reference_entities: Iterable, prediction: Sequence[str],
                tokenizer=None, label: str = JOB) -> list[bool]:
    """For each reference ``label`` entity, whether its tokens occur in ``prediction``."""
    doc = (tokenizer or default_tokenizer())(reference)
    results = []
    for start, end in _entity_token_spans(doc, reference_entities, label):
        needle = [t.text for t in doc[start:end] if not t.is_space]
        results.append(contains(prediction, needle))
    return results


def lcs_length(a: Sequence[str], b: Sequence[str]) -> int:
    """Length of the longest common subsequence (dynamic programming, O(len(a)·len(b)))."""
    if len(a) < len(b):
        a, b = b, a
    previous = [0] * (len(b) + 1)
    for x in a:
        current = [0]
        for j, y in enumerate(b):
            current.append(previous[j] + 1 if x == y else max(previous[j + 1], current[j]))
        previous = current
    return previous[-1]


def rouge_l(reference: Sequence[str], prediction: Sequence[str]) -> float:
    """ROUGE-L F-measure (beta = 1) over tokens."""
    if not reference and not prediction:
        return 1.0
    lcs = lcs_length(reference, prediction)
    if lcs == 0:
        return 0.0
    precision, recall = lcs / len(prediction), lcs / len(reference)
    return 2 * precision * recall / (precision + recall)


def corpus_bleu(predictions: Sequence[str], references: Sequence[str]) -> float:
    """sacrebleu corpus BLEU (13a tokenisation, one reference) / 100."""
    try:
        from sacrebleu.metrics import BLEU
    except ImportError as err:
        raise ImportError("BLEU needs the package 'sacrebleu': pip install 'sacrebleu>=2.0'") \
            from err
    if len(predictions) != len(references):
        raise ValueError(f"{len(predictions)} predictions for {len(references)} references")
    # force: texts that are already tokenised (NER-UK bruk) are scored as they are.
    return BLEU(force=True).corpus_score(list(predictions), [list(references)]).score / 100


def round_trip_exact_match(originals: Sequence[str], second_pass: Sequence[str],
                           tokenizer=None) -> float | None:
    """Fraction of items where swapping the swap gives back the original (token EM)."""
    if len(originals) != len(second_pass):
        raise ValueError(f"{len(second_pass)} round-trip outputs for {len(originals)} pairs")
    if not originals:
        return None
    hits = [tokens(o, tokenizer) == tokens(s, tokenizer)
            for o, s in zip(originals, second_pass, strict=True)]
    return sum(hits) / len(hits)


# -- dictionary coverage ---------------------------------------------------------------------
def job_pairs(original_entities: Iterable, reference_entities: Iterable,
              label: str = JOB) -> list[tuple[str, str]] | None:
    """(original text, reference text) of the ``label`` entities paired in order, or None
    when the two sides have different numbers of them."""
    originals = [e for e in original_entities if e[0] == label]
    references = [e for e in reference_entities if e[0] == label]
    if len(originals) != len(references):
        return None
    return [(_entity_text(o), _entity_text(r)) for o, r in zip(originals, references,
                                                                               strict=True)]


def _entity_text(entity) -> str:
    if len(entity) < 4:
        raise ValueError(f"dictionary coverage needs entity texts: {entity!r}")
    return entity[3]


def head_lemmas(word: str, lexicon) -> set[str]:
    """The lower-cased word and its NOUN lemmas from the lexicon's analyser."""
    word = word.lower()
    lemmas = {word}
    if lexicon.analyzer is not None:
        lemmas.update(r.lemma for r in lexicon.analyzer.analyze(word) if r.pos == "NOUN")
    return lemmas


def is_dictionary_pair(original_title: str, reference_title: str, lexicon) -> bool:
    """Whether the head words of two job titles are masculine/feminine counterparts in the
    lexicon (``lexicon.persons`` entries' ``counterparts``)."""
    heads = []
    for title in (original_title, reference_title):
        head = lexicon.job_titles.head_word(title)
        if head is None:
            return False
        words = [head] + ([head.rsplit("-", 1)[1]] if "-" in head else [])
        heads.append(set().union(*(head_lemmas(w, lexicon) for w in words)))
    for a, b in (heads, heads[::-1]):
        for lemma in a:
            entry = lexicon.persons.get(lemma)
            if entry is not None and b & set(entry.counterparts):
                return True
    return False


def dictionary_coverage(triples: Iterable[SwapTriple], lexicon=None, lang: str = "uk"):
    """RETURNS (tuple[float | None, int, int]): coverage, swapped JOB pairs, pairs of the
    triples whose JOB entities could not be paired (different counts)."""
    if lexicon is None:
        from ..lexicon import get_lexicon

        lexicon = get_lexicon(lang)
    covered = swapped = unpaired = 0
    for triple in triples:
        paired = job_pairs(triple.original_entities, triple.reference_entities)
        if paired is None:
            unpaired += 1
            continue
        for original, reference in paired:
            if original == reference:
                continue
            swapped += 1
            covered += is_dictionary_pair(original, reference, lexicon)
    return (covered / swapped if swapped else None), swapped, unpaired


# -- everything ------------------------------------------------------------------------------
def _mean(values: Sequence) -> float | None:
    return sum(values) / len(values) if values else None


def evaluate_swaps(
    triples: Iterable[SwapTriple],
    *,
    tokenizer=None,
    round_trip: Sequence[str] | None = None,
    lexicon=None,
    lang: str = "uk",
    bert_model: str | Path | None = None,
    progress: Callable[[int], None] | None = None,
) -> SwapScores:
    """Every metric of the module docstring over ``triples``.

    tokenizer (Callable[[str], Doc] | None): defaults to ``spacy.blank(lang).tokenizer``.
    round_trip (Sequence[str] | None): second-pass outputs aligned with ``triples``; without
        them round-trip EM is None.
    lexicon (Lexicon | None): for dictionary coverage; defaults to ``get_lexicon(lang)``.
    bert_model (str | Path | None): local model folder; BERTScore only when given.
    progress (Callable[[int], None] | None): called with 1 after each pair.
    """
    triples = list(triples)
    tokenizer = tokenizer or default_tokenizer(lang)
    em, em_wo, per_pair_job, all_job, rouge, count = [], [], [], [], [], []
    kept_references, kept_predictions = [], []
    for triple in triples:
        reference = tokens(triple.reference, tokenizer)
        prediction = tokens(triple.prediction, tokenizer)
        pers = entity_token_mask(triple.reference, triple.reference_entities, PERS, tokenizer)
        em.append(exact_match(reference, prediction))
        kept_reference, kept_prediction = tokens_without(reference, prediction, pers)
        em_wo.append(kept_reference == kept_prediction)
        kept_references.append(" ".join(kept_reference))
        kept_predictions.append(" ".join(kept_prediction))
        hits = job_matches(triple.reference, triple.reference_entities, prediction, tokenizer)
        if hits:
            per_pair_job.append(_mean(hits))
            all_job += hits
        rouge.append(rouge_l(reference, prediction))
        count.append(len(reference) == len(prediction))
        if progress is not None:
            progress(1)
    coverage, swapped, unpaired = (None, 0, 0)
    if any(t.original_entities for t in triples):
        coverage, swapped, unpaired = dictionary_coverage(triples, lexicon, lang)
    scores = SwapScores(
        pairs=len(triples),
        exact_match=_mean(em),
        exact_match_without_pers=_mean(em_wo),
        job_match=_mean(per_pair_job),
        job_match_micro=_mean(all_job),
        job_pairs=len(per_pair_job),
        job_entities=len(all_job),
        bleu=corpus_bleu([t.prediction for t in triples], [t.reference for t in triples])
        if triples else None,
        rouge_l=_mean(rouge),
        bleu_without_pers=corpus_bleu(kept_predictions, kept_references) if triples else None,
        token_count_match=_mean(count),
        dictionary_coverage=coverage,
        swapped_job_pairs=swapped,
        unpaired_job_pairs=unpaired,
    )
    if round_trip is not None:
        scores.round_trip_exact_match = round_trip_exact_match(
            [t.original for t in triples], round_trip, tokenizer)
    if bert_model is not None and triples:
        scores.bertscore_f1 = bert_score_f1([t.prediction for t in triples],
                                            [t.reference for t in triples], bert_model)
    return scores
