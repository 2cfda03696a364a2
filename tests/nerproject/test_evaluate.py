"""The project's table over every model x test set (the paper's Tables 5 and 6 in one)."""

from spacy_genderfair.nerproject.evaluate import metrics_table


def recall(found, gold, low, high):
    return {"found": found, "gold": gold, "recall": found / gold if gold else None,
            "ci_low": low, "ci_high": high}


def test_metrics_table_rows_and_markdown():
    job = {"feminine": recall(8, 10, 0.6, 1.0), "masculine": recall(30, 50, 0.45, 0.72),
           "common": recall(0, 0, None, None), "neutral": recall(0, 0, None, None),
           "unknown": recall(1, 2, 0.0, 1.0)}
    result = {"ents_f": 0.8123, "ents_per_type": {"JOB": {"p": 0.75, "r": 0.6, "f": 0.6667},
                                                  "PERS": {"p": 0.9, "r": 0.95, "f": 0.9243}},
              "recall_by_gender": {"JOB": job, "PERS": {}}}
    text, rows = metrics_table({("orig", "original"): result}, swapped_source="gold")
    assert rows == [{"model": "orig", "testset": "original", "ents_f": 81.23,
                     "JOB": [75.0, 60.0, 66.67], "PERS": [90.0, 95.0, 92.43],
                     "JOB_recall_feminine": [0.8, 0.6, 1.0],
                     "JOB_recall_masculine": [0.6, 0.45, 0.72],
                     "JOB_recall_common": [None, None, None]}]
    lines = text.splitlines()
    assert lines[2] == ("| orig | original | 81.23 | 75.00 / 60.00 / 66.67 | "
                        "90.00 / 95.00 / 92.43 | 0.80 [0.60, 1.00] | 0.60 [0.45, 0.72] | – |")
    assert "made by NER-UK's reviewers" in lines[-1]
