"""Every record column on real text: four hand-written articles through en_core_web_sm and
our components, written to parquet and read back."""

import pytest

from spacy_genderfair.audit.runner import run_audit
from spacy_genderfair.audit.schema import (
    ACTOR_LEVEL_FIELDS,
    FIELD_NAMES,
    GROUP_KEYS,
    read_records,
    record_schema,
)
from tests.audit.corpus import compact, news_rows, write_jsonl
from tests.conftest import EN_MODEL

CONTRACT_COLUMNS = [
    "id", "source", "line", "date", "year", "month", "status", "reason", "n_tokens",
    "actor_level", "inclusive_forms", "generic_masculine", "coded_feminine", "coded_masculine",
]
GROUP_SUFFIXES = [
    "pronoun_tokens", "actors", "named", "pronoun", "unresolved", "subject", "object",
    "quotes_direct", "quotes_indirect", "sentiment_sum", "sentiment_count", "coded_feminine",
    "coded_masculine", "lemmas", "by_pronouns", "by_honorific", "by_agreement", "by_first_name",
    "by_noun",
]


@pytest.fixture(scope="module")
def raw_records(tmp_path_factory):
    folder = tmp_path_factory.mktemp("news")
    corpus = write_jsonl(folder / "news.jsonl", news_rows())
    summary = run_audit([str(corpus)], output=folder / "audit", model=EN_MODEL,
                        id_field="id", date_field="date", progress=False)
    assert (summary.input_records, summary.ok, summary.bad) == (4, 4, 0)
    return read_records(folder / "audit").to_pylist()


@pytest.fixture
def records(raw_records):
    return [compact(record) for record in raw_records]


def test_actor_level_columns_are_counts_never_null_with_a_parser(raw_records):
    for record in raw_records:
        assert [name for name in ACTOR_LEVEL_FIELDS if record[name] is None] == []


def test_the_columns_are_the_contracts_plus_seq():
    expected = ["seq", *CONTRACT_COLUMNS] + [f"{key}_{suffix}" for key in GROUP_KEYS
                                             for suffix in GROUP_SUFFIXES]
    assert list(FIELD_NAMES) == expected
    assert record_schema().names == expected
    assert list(GROUP_KEYS.values()) == ["she/her", "he/him", "they/them", "unknown"]
    assert len(ACTOR_LEVEL_FIELDS) == 4 * 18


def test_named_pronoun_passive_direct_quote_and_coded_word(records):
    # "Mary Jones was elected" (passive: object), "she said" (subject), "praised her",
    # "called her" (objects); "leader" is masculine-coded, in the sentence that names both.
    sentiment = {name: records[0].pop(name) for name in ("she_sentiment_sum",
                                                         "he_sentiment_sum")}
    assert sentiment == {"she_sentiment_sum": pytest.approx(0.25263, abs=1e-4),
                         "he_sentiment_sum": pytest.approx(0.7579, abs=1e-4)}
    assert records[0] == {
        "seq": 0, "id": "n1", "source": records[0]["source"], "line": 1, "date": "2019-03-04",
        "year": 2019, "month": 3, "status": "ok", "n_tokens": 33, "actor_level": True,
        "coded_masculine": 1,
        "she_pronoun_tokens": 3, "she_actors": 1, "she_named": 1, "she_pronoun": 3,
        "she_subject": 1, "she_object": 3, "she_quotes_direct": 1, "she_sentiment_count": 1,
        "she_coded_masculine": 1,
        "she_lemmas": {"ADJ more": 1, "ADJ strong": 1, "NOUN council": 1, "NOUN house": 1,
                       "NOUN leader": 1, "NOUN mayor": 1, "VERB build": 1, "VERB call": 1,
                       "VERB elect": 1, "VERB praise": 1, "VERB say": 1},
        "he_pronoun_tokens": 1, "he_actors": 1, "he_named": 1, "he_pronoun": 1,
        "he_subject": 2, "he_sentiment_count": 1, "he_coded_masculine": 1,
        "he_lemmas": {"ADJ strong": 1, "NOUN leader": 1, "VERB call": 1, "VERB praise": 1},
        # what decided each actor's group: their pronouns
        "she_by_pronouns": 1, "he_by_pronouns": 1,
    }
    assert records[0]["source"].endswith("news.jsonl")


def test_pronouns_of_no_actor_are_unresolved_by_their_own_group(records):
    # The minister has no name: "he", "him" and "his" resolve to no actor and count as
    # he/him unresolved; "her" the pipeline resolves to Anna Weber.
    assert records[1].pop("she_sentiment_sum") == pytest.approx(0.2202, abs=1e-4)
    assert {k: v for k, v in records[1].items() if k != "source"} == {
        "seq": 1, "id": "n2", "line": 2, "date": "2020", "year": 2020, "status": "ok",
        "n_tokens": 23, "actor_level": True,
        "she_pronoun_tokens": 1, "she_actors": 1, "she_named": 1, "she_pronoun": 1,
        "she_subject": 1, "she_sentiment_count": 1,
        "she_lemmas": {"ADJ own": 1, "NOUN laptop": 1, "NOUN student": 1, "VERB bring": 1,
                       "VERB thank": 1},
        "he_pronoun_tokens": 3, "he_unresolved": 3, "she_by_pronouns": 1,
    }


def test_indirect_and_direct_quotes_by_the_speakers_group(records):
    assert records[2].pop("she_sentiment_sum") == pytest.approx(0.24695, abs=1e-4)
    assert records[2].pop("he_sentiment_sum") == pytest.approx(-0.3612, abs=1e-4)
    assert {k: v for k, v in records[2].items() if k != "source"} == {
        "seq": 2, "id": "n3", "line": 3, "date": "2021-07", "year": 2021, "month": 7,
        "status": "ok", "n_tokens": 35, "actor_level": True,
        # "Their colleague Sarah Lee said": the apposition shares its head's subject role
        "she_actors": 1, "she_named": 2, "she_subject": 2, "she_quotes_direct": 1,
        "she_quotes_indirect": 1, "she_sentiment_count": 1,
        "she_lemmas": {"ADJ caring": 1, "ADJ more": 1, "NOUN colleague": 1, "NOUN staff": 1,
                       "NOUN team": 1, "NOUN ward": 1, "VERB add": 1, "VERB need": 1,
                       "VERB say": 1},
        "he_actors": 1, "he_named": 1, "he_subject": 1, "he_quotes_indirect": 1,
        "he_sentiment_count": 1,
        "he_lemmas": {"NOUN nurse": 1, "NOUN reporter": 1, "VERB exhaust": 1, "VERB tell": 1},
        # "they ... Their": plural, a group of people, so no unresolved actor (role_counter)
        "they_pronoun_tokens": 2,
        # no pronoun refers to either: their first names (David, Sarah) decided
        "she_by_first_name": 1, "he_by_first_name": 1,
    }


def test_generic_masculine_inclusive_form_coded_words_and_an_actor_of_unknown_group(records):
    # "chairmen", "firemen": generic masculine; "s/he": inclusive (not a he/him pronoun);
    # "confident", "ambitious": masculine-coded, "supportive": feminine-coded, all in the
    # sentence of Okonkwo Zibe, whose first name tells no gender. No date: year, month null.
    assert records[3].pop("unknown_sentiment_sum") == pytest.approx(0.8176, abs=1e-4)
    assert {k: v for k, v in records[3].items() if k != "source"} == {
        "seq": 3, "id": "n4", "line": 4, "status": "ok", "n_tokens": 26, "actor_level": True,
        "inclusive_forms": 1, "generic_masculine": True, "coded_feminine": 1,
        "coded_masculine": 2,
        "unknown_actors": 1, "unknown_named": 1, "unknown_subject": 1,
        "unknown_sentiment_count": 1, "unknown_coded_feminine": 1,
        "unknown_coded_masculine": 2,
        "unknown_lemmas": {"ADJ ambitious": 1, "ADJ confident": 1, "ADJ supportive": 1},
    }
