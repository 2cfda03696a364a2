"""The contracts every processed Doc keeps (DESIGN.md, "Contracts that every component
keeps"), as one assertion function per contract."""

import json

import srsly
from spacy.tokens import Doc, DocBin

from spacy_genderfair.extensions import (
    DOC_ACTOR_DATA,
    DOC_GENDER_STATS,
    DOC_SWAP_EDITS,
    DOC_SWAPPED,
    MENTION_NAMED,
    MENTION_NOUN,
    MENTION_PRONOUN,
    PRONOUN_GROUPS,
    QUOTE_DIRECT,
    QUOTE_INDIRECT,
    SPANS_ACTOR_MENTIONS,
    SPANS_QUOTE_SPEAKERS,
    SPANS_QUOTES,
    TOKEN_GENDER,
    TOKEN_GENDER_CODED,
    TOKEN_GENDER_KIND,
    WORD_GENDERS,
)

TOKEN_GENDER_VALUES = (None, *WORD_GENDERS)
CODED_VALUES = (None, "masculine", "feminine")
KIND_VALUES = (None, "pronoun", "noun", "job", "name", "inclusive")
MENTION_KINDS = (MENTION_NAMED, MENTION_PRONOUN, MENTION_NOUN)
COUNT_KEYS = ("named", "pronoun", "noun", "subject", "object")


def extension_values(doc: Doc) -> dict:
    """Every extension value the Doc stores (token ones included), by user_data key."""
    return {key: value for key, value in doc.user_data.items()
            if isinstance(key, tuple) and key[:1] == ("._.",)}


def _as_json(values: dict) -> dict:
    # DocBin gives lists back as tuples (spaCy unpacks its user_data with use_list=False):
    # the values are compared as the JSON they are.
    return {key: json.loads(json.dumps(value)) for key, value in values.items()}


def span_groups(doc: Doc) -> dict:
    return {key: [(s.start, s.end, s.label_, s.kb_id_, s.id_) for s in group]
            for key, group in doc.spans.items()}


def assert_json_values(doc: Doc) -> None:
    """srsly (the JSON spaCy writes) takes every value, and the stdlib JSON round trip gives
    it back unchanged (srsly's ujson rounds floats, so it cannot tell)."""
    for key, value in extension_values(doc).items():
        srsly.json_dumps(value)
        assert json.loads(json.dumps(value, allow_nan=False)) == value, key


def assert_round_trips(doc: Doc) -> None:
    """to_bytes/from_bytes and DocBin(store_user_data=True) keep text, extension values and
    span groups exactly (a tuple coming back as a list would not be equal)."""
    expected = (doc.text, extension_values(doc), span_groups(doc))
    restored = Doc(doc.vocab).from_bytes(doc.to_bytes())
    assert (restored.text, extension_values(restored), span_groups(restored)) == expected
    docbin = DocBin(store_user_data=True, docs=[doc])
    (unpacked,) = DocBin().from_bytes(docbin.to_bytes()).get_docs(doc.vocab)
    assert unpacked.text == doc.text
    assert _as_json(extension_values(unpacked)) == _as_json(extension_values(doc))
    assert span_groups(unpacked) == span_groups(doc)


def assert_spans_in_bounds(doc: Doc) -> None:
    for key, group in doc.spans.items():
        for span in group:
            assert 0 <= span.start <= span.end <= len(doc), (key, span.start, span.end)
            assert doc.text[span.start_char:span.end_char] == span.text, key


def assert_token_marks(doc: Doc) -> None:
    for token in doc:
        assert token._.get(TOKEN_GENDER) in TOKEN_GENDER_VALUES, token.text
        assert token._.get(TOKEN_GENDER_KIND) in KIND_VALUES, token.text
        assert token._.get(TOKEN_GENDER_CODED) in CODED_VALUES, token.text


def assert_actors(doc: Doc) -> None:
    actor_data = doc._.get(DOC_ACTOR_DATA)
    assert isinstance(actor_data, dict)
    for actor_id, actor in actor_data.items():
        assert isinstance(actor_id, str)
        assert actor["group"] in PRONOUN_GROUPS, actor
    for span in doc.spans.get(SPANS_ACTOR_MENTIONS, []):
        assert span.kb_id_ in actor_data, span.kb_id_
        assert span.label_ in PRONOUN_GROUPS, span.label_
        assert span.id_ in MENTION_KINDS, span.id_


def assert_quotes(doc: Doc) -> None:
    actor_data = doc._.get(DOC_ACTOR_DATA)
    quote_ids = set()
    for span in doc.spans.get(SPANS_QUOTES, []):
        assert span.label_ in (QUOTE_DIRECT, QUOTE_INDIRECT), span.label_
        if actor_data is not None and span.kb_id_:
            assert span.kb_id_ in actor_data, span.kb_id_
        quote_ids.add(span.id_)
    for span in doc.spans.get(SPANS_QUOTE_SPEAKERS, []):
        assert span.id_ in quote_ids, span.id_
        assert span.label_ in (QUOTE_DIRECT, QUOTE_INDIRECT), span.label_


def assert_gender_stats(doc: Doc) -> None:
    stats = doc._.get(DOC_GENDER_STATS)
    actor_data = doc._.get(DOC_ACTOR_DATA)
    assert set(stats["actors"]) == set(actor_data)
    assert set(stats["groups"]) == set(PRONOUN_GROUPS)
    for actor_id, record in stats["actors"].items():
        assert record["group"] == actor_data[actor_id]["group"]
        assert all(record[key] >= 0 for key in COUNT_KEYS), record
        assert all(count >= 0 for count in record["roles"].values()), record
        assert record["named"] + record["pronoun"] + record["noun"] >= 1, record
        assert record["subject"] + record["object"] <= sum(record["roles"].values()), record
    for group, total in stats["groups"].items():
        members = [r for r in stats["actors"].values() if r["group"] == group]
        assert total["actors"] == len(members)
        for key in COUNT_KEYS:
            assert total[key] == sum(r[key] for r in members), (group, key)


def assert_swap(doc: Doc, swapper) -> None:
    """Edits in range and well-formed, the swapped Doc token for token, and the same edits
    again from a second run (the draws depend only on the seed and the text)."""
    edits, swapped = doc._.get(DOC_SWAP_EDITS), doc._.get(DOC_SWAPPED)
    assert isinstance(swapped, str)
    for edit in edits:
        assert set(edit) == {"i", "old", "new", "reason"}, edit
        assert 0 <= edit["i"] < len(doc)
        assert edit["old"] == doc[edit["i"]].text
        assert edit["new"] is None or isinstance(edit["new"], str)
    swapped_doc = doc._.swapped_doc
    assert swapped_doc.text == swapped
    assert len(swapped_doc) == len(doc)
    again = swapper(doc.copy())
    assert again._.get(DOC_SWAP_EDITS) == edits
    assert again._.get(DOC_SWAPPED) == swapped


def assert_doc_contracts(doc: Doc, swapper=None) -> None:
    """Every contract that applies to what ran on ``doc``."""
    assert_json_values(doc)
    assert_spans_in_bounds(doc)
    assert_token_marks(doc)
    if doc._.get(DOC_ACTOR_DATA) is not None:
        assert_actors(doc)
    assert_quotes(doc)
    if doc._.get(DOC_GENDER_STATS) is not None:
        assert_gender_stats(doc)
    if swapper is not None:
        assert_swap(doc, swapper)
    assert_round_trips(doc)
