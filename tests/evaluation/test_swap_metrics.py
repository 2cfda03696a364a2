"""Swap metrics: exact values on hand-made Ukrainian triples, and the do-nothing baseline on
the NER-UK v2.0-swapped DEV pairs (Nahurna & Romanyshyn 2025)."""

import math
from importlib.util import find_spec

import pytest

from spacy_genderfair.corpus.swap_pairs import PairReport, read_swapped_pairs
from spacy_genderfair.evaluation.swap_metrics import (
    SwapTriple,
    bert_score_f1,
    contains,
    corpus_bleu,
    dictionary_coverage,
    entity_token_mask,
    evaluate_swaps,
    exact_match_without,
    job_matches,
    lcs_length,
    rouge_l,
    round_trip_exact_match,
    tokens,
)
from tests.conftest import shared_path

DOCTOR_ORIGINAL = "Черговий лікар поінформував про перспективи."
DOCTOR_REFERENCE = "Чергова лікарка поінформувала про перспективи."
DOCTOR_ORIGINAL_ENTS = (("JOB", 9, 14, "лікар"),)
DOCTOR_REFERENCE_ENTS = (("JOB", 8, 15, "лікарка"),)

DIRECTOR_ORIGINAL = "Директор Валерій Ріяко підписав наказ."
DIRECTOR_REFERENCE = "Директорка Валерія Ріяко підписала наказ."
DIRECTOR_ORIGINAL_ENTS = (("JOB", 0, 8, "Директор"), ("PERS", 9, 22, "Валерій Ріяко"))
DIRECTOR_REFERENCE_ENTS = (("JOB", 0, 10, "Директорка"), ("PERS", 11, 24, "Валерія Ріяко"))

MAYOR_ORIGINAL = "Бургомістр міста привітав мешканців."
MAYOR_REFERENCE = "Бургомістриня міста привітала мешканців."
MAYOR_ORIGINAL_ENTS = (("JOB", 0, 16, "Бургомістр міста"),)
MAYOR_REFERENCE_ENTS = (("JOB", 0, 19, "Бургомістриня міста"),)


def test_entity_offsets_of_the_fixtures():
    for text, entities in ((DOCTOR_ORIGINAL, DOCTOR_ORIGINAL_ENTS),
                           (DOCTOR_REFERENCE, DOCTOR_REFERENCE_ENTS),
                           (DIRECTOR_ORIGINAL, DIRECTOR_ORIGINAL_ENTS),
                           (DIRECTOR_REFERENCE, DIRECTOR_REFERENCE_ENTS),
                           (MAYOR_ORIGINAL, MAYOR_ORIGINAL_ENTS),
                           (MAYOR_REFERENCE, MAYOR_REFERENCE_ENTS)):
        assert [text[s:e] for _, s, e, _ in entities] == [t for *_, t in entities]


def test_tokens_use_the_blank_uk_tokenizer_and_drop_whitespace():
    assert tokens("Директорка  Валерія Ріяко підписала наказ.") == [
        "Директорка", "Валерія", "Ріяко", "підписала", "наказ", "."]
    assert entity_token_mask(DIRECTOR_REFERENCE, DIRECTOR_REFERENCE_ENTS, "PERS") == [
        False, True, True, False, False, False]


def test_entity_covers_every_token_it_overlaps():
    # "лікарк" is a partial span: the whole token "лікарка" is JOB.
    assert entity_token_mask(DOCTOR_REFERENCE, [("JOB", 8, 14)], "JOB") == [
        False, True, False, False, False, False]


def test_entity_outside_the_text_is_an_error():
    with pytest.raises(ValueError, match="outside the text"):
        entity_token_mask(DOCTOR_REFERENCE, [("PERS", 40, 80)], "PERS")


@pytest.mark.parametrize(("prediction", "expected"), [
    ("Директорка Валерія Ріяко підписала наказ.", True),   # exact
    ("Директорка Валерій Ріяко підписала наказ.", True),   # name not swapped
    ("Директорка Валерія Петрівна Ріяко підписала наказ.", True),  # longer name
    ("Директорка Ріяко підписала наказ.", True),           # shorter name
    ("Директор Валерія Ріяко підписала наказ.", False),    # job not swapped
    ("Директорка Валерія Ріяко підписав наказ.", False),   # verb not swapped
    ("Директорка Валерія Ріяко підписала наказ !", False),  # punctuation changed
    ("Директорка Валерія Ріяко вчора підписала наказ.", False),  # inserted word
])
def test_exact_match_without_pers(prediction, expected):
    reference = tokens(DIRECTOR_REFERENCE)
    mask = entity_token_mask(DIRECTOR_REFERENCE, DIRECTOR_REFERENCE_ENTS, "PERS")
    assert exact_match_without(reference, tokens(prediction), mask) is expected


def test_job_matches_are_token_sequences_found_in_the_prediction():
    reference = "Заступниця прокурорки Олена Ніколенко подала позов."
    entities = [("JOB", 0, 21), ("PERS", 22, 37)]
    assert job_matches(reference, entities, tokens(reference)) == [True]
    assert job_matches(reference, entities,
                       tokens("Заступниця прокурора Олена Ніколенко подала позов.")) == [False]
    # Only whole tokens count: "прокурорки" inside "прокуроркиня" is no match.
    assert not contains(["заступниця", "прокуроркиня"], ["прокурорки"])
    assert contains(["а", "б", "в"], ["б", "в"]) and contains(["а"], [])


def test_rouge_l_and_lcs():
    reference = tokens("Чергова лікарка поінформувала про перспективи.")  # 6 tokens
    prediction = tokens("Черговий лікар поінформував про перспективи.")   # 6 tokens
    assert lcs_length(reference, prediction) == 3  # про перспективи .
    assert rouge_l(reference, prediction) == pytest.approx(0.5)
    # "Лікарка" differs in case from "лікарка": LCS = "поінформувала ." = 2; P 2/3, R 2/6.
    shorter = tokens("Лікарка поінформувала.")
    assert rouge_l(reference, shorter) == pytest.approx(2 * (2 / 3) * (2 / 6) / (2 / 3 + 2 / 6))
    assert rouge_l([], []) == 1.0 and rouge_l(["а"], ["б"]) == 0.0


def test_corpus_bleu_is_sacrebleu_13a_over_100():
    assert corpus_bleu([DOCTOR_REFERENCE], [DOCTOR_REFERENCE]) == pytest.approx(1.0)
    # 13a splits off the final ".": matches 3/6 unigrams, 2/5 bigrams, 1/4 trigrams and no
    # 4-gram, which sacrebleu's default "exp" smoothing turns into 1/(2·3); brevity penalty 1.
    expected = (3 / 6 * 2 / 5 * 1 / 4 * 1 / 6) ** 0.25
    assert corpus_bleu([DOCTOR_ORIGINAL], [DOCTOR_REFERENCE]) == pytest.approx(expected)
    with pytest.raises(ValueError, match="1 predictions for 2 references"):
        corpus_bleu(["а"], ["а", "б"])


def _triples(predictions):
    return [
        SwapTriple(DOCTOR_ORIGINAL, DOCTOR_REFERENCE, predictions[0], DOCTOR_REFERENCE_ENTS,
                   DOCTOR_ORIGINAL_ENTS),
        SwapTriple(DIRECTOR_ORIGINAL, DIRECTOR_REFERENCE, predictions[1],
                   DIRECTOR_REFERENCE_ENTS, DIRECTOR_ORIGINAL_ENTS),
        SwapTriple(MAYOR_ORIGINAL, MAYOR_REFERENCE, predictions[2], MAYOR_REFERENCE_ENTS,
                   MAYOR_ORIGINAL_ENTS),
    ]


def test_evaluate_swaps_exact_values():
    predictions = [
        DOCTOR_REFERENCE,                                   # perfect
        "Директорка Валерій Ріяко підписала наказ.",        # name left masculine
        "Бургомістриня міста привітав мешканців.",          # verb left masculine
    ]
    scores = evaluate_swaps(_triples(predictions))
    assert scores.pairs == 3
    assert scores.exact_match == pytest.approx(1 / 3)
    assert scores.exact_match_without_pers == pytest.approx(2 / 3)
    assert scores.job_match == 1.0 and scores.job_match_micro == 1.0
    assert (scores.job_pairs, scores.job_entities) == (3, 3)
    assert scores.token_count_match == 1.0
    # ROUGE-L: 1; 5 of 6 tokens; 4 of 5 tokens.
    assert scores.rouge_l == pytest.approx((1 + 5 / 6 + 4 / 5) / 3)
    assert 0 < scores.bleu < 1
    # BLEU without PERS: the same BLEU over the token lists EM without PERS compares
    assert scores.bleu_without_pers == pytest.approx(corpus_bleu(
        ["Чергова лікарка поінформувала про перспективи .",
         "Директорка підписала наказ .", "Бургомістриня міста привітав мешканців ."],
        ["Чергова лікарка поінформувала про перспективи .",
         "Директорка підписала наказ .", "Бургомістриня міста привітала мешканців ."]))
    assert scores.bleu < scores.bleu_without_pers < 1
    # лікар/лікарка and директор/директорка are lexicon pairs; бургомістр/бургомістриня
    # is not.
    assert scores.dictionary_coverage == pytest.approx(2 / 3)
    assert (scores.swapped_job_pairs, scores.unpaired_job_pairs) == (3, 0)
    assert scores.round_trip_exact_match is None and scores.bertscore_f1 is None


def test_do_nothing_baseline_on_hand_made_triples():
    scores = evaluate_swaps(_triples([DOCTOR_ORIGINAL, DIRECTOR_ORIGINAL, MAYOR_ORIGINAL]))
    assert scores.exact_match == 0.0 and scores.exact_match_without_pers == 0.0
    assert scores.job_match == 0.0
    # "Мер міста" (2 tokens) -> "Очільниця міста" (2 tokens): counts match everywhere.
    assert scores.token_count_match == 1.0
    # LCS: "про перспективи ."; "Ріяко наказ ."; "міста мешканців ." (of 5 tokens).
    assert scores.rouge_l == pytest.approx((3 / 6 + 3 / 6 + 3 / 5) / 3)


def test_token_count_match_and_missing_jobs():
    triples = [SwapTriple("Він прийшов.", "Вона прийшла.", "Вона прийшла сама."),
               SwapTriple("Він пішов.", "Вона пішла.", "Вона пішла.")]
    scores = evaluate_swaps(triples)
    assert scores.token_count_match == 0.5
    assert scores.job_match is None and scores.job_entities == 0
    assert scores.dictionary_coverage is None  # no original entities at all
    assert scores.exact_match_without_pers == 0.5  # no PERS: same as EM


def test_round_trip_exact_match():
    originals = [DOCTOR_ORIGINAL, DIRECTOR_ORIGINAL]
    second = ["Черговий  лікар поінформував про перспективи.",  # whitespace does not count
              "Директор Валерія Ріяко підписав наказ."]
    assert round_trip_exact_match(originals, second) == 0.5
    scores = evaluate_swaps(_triples([DOCTOR_REFERENCE, DIRECTOR_REFERENCE, MAYOR_REFERENCE]),
                            round_trip=[DOCTOR_ORIGINAL, DIRECTOR_ORIGINAL, "Мер міста."])
    assert scores.round_trip_exact_match == pytest.approx(2 / 3)
    with pytest.raises(ValueError, match="1 round-trip outputs for 2 pairs"):
        round_trip_exact_match(originals, second[:1])


def test_dictionary_coverage_skips_unequal_job_counts_and_unchanged_titles():
    triples = [
        SwapTriple("Суддя Петро Коваль.", "Суддя Петра Коваль.", "",
                   (("JOB", 0, 5, "Суддя"),), (("JOB", 0, 5, "Суддя"),)),  # unchanged
        SwapTriple("Лікар і вчитель.", "Лікарка.", "",
                   (("JOB", 0, 7, "Лікарка"),),
                   (("JOB", 0, 5, "Лікар"), ("JOB", 8, 15, "вчитель"))),  # 2 vs 1
    ]
    coverage, swapped, unpaired = dictionary_coverage(triples)
    assert (coverage, swapped, unpaired) == (None, 0, 1)


def test_bert_score_needs_a_local_folder(tmp_path):
    with pytest.raises(FileNotFoundError, match="BERTScore model folder not found"):
        bert_score_f1(["а"], ["а"], tmp_path / "missing")


def test_bert_score_names_the_pip_command_when_missing(tmp_path):
    if find_spec("bert_score") is not None:
        pytest.skip("bert-score is installed; the missing-package message is not reachable")
    with pytest.raises(ImportError, match="pip install bert-score"):
        bert_score_f1(["а"], ["а"], tmp_path)


def _dev_baseline():
    report = PairReport()
    pairs = list(read_swapped_pairs(shared_path("ner-uk", "v2.0-swapped", "data"),
                                    shared_path("ner-uk", "v2.0", "data"),
                                    on_error="skip", report=report))
    triples = [SwapTriple(p.original, p.reference, p.original, p.reference_entities,
                          p.original_entities) for p in pairs]
    return evaluate_swaps(triples), report


def test_do_nothing_baseline_on_ner_uk_dev_matches_the_issue():
    scores, report = _dev_baseline()
    assert scores.pairs == 927
    assert report.swapped_lines == report.pairs + report.skipped_lines == 928
    issue = {"exact_match_without_pers": 0.04, "job_match": 0.13, "bleu": 0.72,
             "token_count_match": 0.99}
    for key, value in issue.items():
        assert math.isclose(getattr(scores, key), value, abs_tol=0.01), key
    # Our exact figures (regression guard).
    assert scores.exact_match == pytest.approx(21 / 927)
    assert scores.exact_match_without_pers == pytest.approx(40 / 927)
    assert scores.token_count_match == pytest.approx(919 / 927)
    assert scores.job_match_micro == pytest.approx(152 / 1216)
    assert scores.job_pairs == 924
    assert scores.bleu == pytest.approx(0.7164, abs=1e-4)
    assert scores.bleu_without_pers == pytest.approx(0.7737, abs=1e-4)  # names no longer count
    assert scores.rouge_l == pytest.approx(0.8407, abs=1e-4)
    # coverage depends on the built-in lexicon: it rises as pairs are added
    assert scores.dictionary_coverage == pytest.approx(0.9379, abs=1e-4)
