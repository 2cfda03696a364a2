"""One audit record from a processed Doc: the counts our components wrote, as flat columns.

The lexicon-level columns (pronoun tokens, coded words, inclusive forms, generic masculine)
come from gender_lexicon and are filled in every mode. The actor-level ones come from
actor_linker, role_counter and quote_typer; in blank mode (no parser, no NER) they are null.
"""

from bisect import bisect_right
from collections import Counter

from spacy.tokens import Doc

from ..extensions import (
    DOC_ACTOR_DATA,
    DOC_GENDER_STATS,
    DOC_GENERIC_MASCULINE,
    EVIDENCE_SOURCES,
    FEMININE,
    GENDER_GROUP,
    MASCULINE,
    QUOTE_DIRECT,
    QUOTE_INDIRECT,
    SPANS_ACTOR_MENTIONS,
    SPANS_INCLUSIVE,
    SPANS_QUOTES,
    TOKEN_GENDER,
    TOKEN_GENDER_CODED,
    TOKEN_GENDER_KIND,
    UNKNOWN_GROUP,
    token_values,
)
from .inputs import InputItem
from .schema import (
    ACTOR_GROUP_FIELDS,
    ACTOR_LEVEL,
    CODED_FEMININE,
    CODED_MASCULINE,
    DATE,
    FIELD_NAMES,
    GENERIC_MASCULINE,
    GROUP_KEYS,
    ID,
    INCLUSIVE_FORMS,
    KEY_OF_GROUP,
    LEMMA_POS,
    LINE,
    MONTH,
    N_TOKENS,
    REASON,
    SEQ,
    SOURCE,
    STATUS,
    STATUS_BAD,
    STATUS_OK,
    YEAR,
    group_field,
)

PRONOUN_KIND = "pronoun"


def item_columns(item: InputItem) -> dict:
    """The columns that come from the input record itself."""
    return {SEQ: item.seq, ID: item.id, SOURCE: item.source, LINE: item.line, DATE: item.date,
            YEAR: item.year, MONTH: item.month}


def bad_record(item: InputItem) -> dict:
    """The record of an input record that could not be read: zero counts, actor-level null."""
    record = dict.fromkeys(FIELD_NAMES)
    record.update(item_columns(item))
    record.update({STATUS: STATUS_BAD, REASON: item.reason, N_TOKENS: 0, ACTOR_LEVEL: False,
                   INCLUSIVE_FORMS: 0, GENERIC_MASCULINE: False, CODED_FEMININE: 0,
                   CODED_MASCULINE: 0})
    for key in GROUP_KEYS:
        record[group_field(key, "pronoun_tokens")] = 0
    return record


def doc_record(doc: Doc, item: InputItem, *, actor_level: bool = True) -> dict:
    """The record of one processed article.

    doc (Doc): the article after gender_lexicon (and, at actor level, actor_linker,
        role_counter and quote_typer).
    item (InputItem): the input record it came from.
    actor_level (bool): fill the actor-level columns; False (blank mode) leaves them null.
        Defaults to True.
    RETURNS (dict): every column of ``schema.FIELD_NAMES``.
    """
    record = dict.fromkeys(FIELD_NAMES)
    record.update(item_columns(item))
    record.update(_lexicon_columns(doc))
    record.update({STATUS: STATUS_OK, REASON: None, ACTOR_LEVEL: actor_level})
    if actor_level:
        record.update(_actor_columns(doc))
    return record


def _lexicon_columns(doc: Doc) -> dict:
    # Only marked tokens have values: count those, not every token of the document.
    coded = Counter(token_values(doc, TOKEN_GENDER_CODED).values())
    genders = token_values(doc, TOKEN_GENDER)
    # gender_lexicon marks a pronoun with its group's word gender (she/her: feminine, ...).
    pronouns = Counter(
        GENDER_GROUP.get(genders.get(idx), UNKNOWN_GROUP)
        for idx, kind in token_values(doc, TOKEN_GENDER_KIND).items() if kind == PRONOUN_KIND
    )
    columns = {
        N_TOKENS: len(doc),
        INCLUSIVE_FORMS: len(doc.spans[SPANS_INCLUSIVE]) if SPANS_INCLUSIVE in doc.spans else 0,
        GENERIC_MASCULINE: bool(doc._.get(DOC_GENERIC_MASCULINE)),
        CODED_FEMININE: coded[FEMININE],
        CODED_MASCULINE: coded[MASCULINE],
    }
    for key, group in GROUP_KEYS.items():
        columns[group_field(key, "pronoun_tokens")] = pronouns[group]
    return columns


def _actor_columns(doc: Doc) -> dict:
    stats = doc._.get(DOC_GENDER_STATS) or {"actors": {}, "groups": {}}
    actors = stats["actors"]
    group_of = {actor_id: data.get("group", UNKNOWN_GROUP)
                for actor_id, data in (doc._.get(DOC_ACTOR_DATA) or {}).items()}
    columns = {group_field(key, suffix): [] if suffix == "lemmas" else 0
               for key in GROUP_KEYS for suffix in ACTOR_GROUP_FIELDS}
    for key, group in GROUP_KEYS.items():
        totals = stats["groups"].get(group, {})
        for suffix in ("actors", "named", "pronoun", "unresolved", "subject", "object"):
            columns[group_field(key, suffix)] = totals.get(suffix, 0)
        decided_by = totals.get("decided_by", {})
        for source in EVIDENCE_SOURCES:
            columns[group_field(key, f"by_{source}")] = decided_by.get(source, 0)
        scores = [a["sentiment"] for a in actors.values()
                  if a["group"] == group and a.get("sentiment") is not None]
        columns[group_field(key, "sentiment_sum")] = float(sum(scores))
        columns[group_field(key, "sentiment_count")] = len(scores)
    mentions = list(doc.spans[SPANS_ACTOR_MENTIONS]) if SPANS_ACTOR_MENTIONS in doc.spans else []
    _count_quotes(doc, group_of, columns)
    _count_sentence_words(doc, mentions, group_of, columns)
    return columns


def _count_quotes(doc: Doc, group_of: dict, columns: dict) -> None:
    suffixes = {QUOTE_DIRECT: "quotes_direct", QUOTE_INDIRECT: "quotes_indirect"}
    for quote in doc.spans[SPANS_QUOTES] if SPANS_QUOTES in doc.spans else ():
        group = group_of.get(quote.kb_id_)
        if group is not None and quote.label_ in suffixes:
            columns[group_field(KEY_OF_GROUP[group], suffixes[quote.label_])] += 1


def _count_sentence_words(doc: Doc, mentions: list, group_of: dict, columns: dict) -> None:
    """Coded words and ADJ/NOUN/VERB lemmas in the sentences that mention each group.

    A sentence mentioning two actors of a group counts once for it (a set of sentences per
    group, not a sum over actors); the group's own mention tokens are not lemmas of it.
    """
    sentences = list(doc.sents) if doc.has_annotation("SENT_START") else [doc[:]]
    starts = [sent.start for sent in sentences]
    group_sentences: dict[str, set[int]] = {}
    group_tokens: dict[str, set[int]] = {}
    for span in mentions:
        group = group_of.get(span.kb_id_)
        if group is None or not len(span):
            continue
        first = bisect_right(starts, span.start) - 1
        last = bisect_right(starts, span.end - 1) - 1
        group_sentences.setdefault(group, set()).update(range(first, last + 1))
        group_tokens.setdefault(group, set()).update(range(span.start, span.end))
    coded_at = token_values(doc, TOKEN_GENDER_CODED)
    for group, indices in group_sentences.items():
        key = KEY_OF_GROUP[group]
        coded: Counter = Counter()
        lemmas: Counter = Counter()
        for index in indices:
            for token in sentences[index]:
                coded[coded_at.get(token.idx)] += 1
                if token.pos_ in LEMMA_POS and token.i not in group_tokens[group]:
                    lemmas[token.pos_, (token.lemma_ or token.text).lower()] += 1
        columns[group_field(key, "coded_feminine")] = coded[FEMININE]
        columns[group_field(key, "coded_masculine")] = coded[MASCULINE]
        columns[group_field(key, "lemmas")] = _lemma_list(lemmas)


def _lemma_list(lemmas: Counter) -> list[dict]:
    return [{"pos": pos, "lemma": lemma, "count": count}
            for (pos, lemma), count in sorted(lemmas.items())]


def merge_records(records: list[dict]) -> dict:
    """One record of an article processed in pieces: the pieces' records summed.

    Counts add up (an actor named in two pieces is two actors: each piece is linked on its
    own), sentiment sums and counts add up, lemma counts add up per (pos, lemma), generic
    masculine is true when a piece has it. The input columns are the first piece's.
    """
    if len(records) == 1:
        return records[0]
    merged = dict(records[0])
    for column in FIELD_NAMES:
        values = [record[column] for record in records]
        if column in (SEQ, ID, SOURCE, LINE, DATE, YEAR, MONTH, STATUS, REASON, ACTOR_LEVEL):
            continue
        if column == GENERIC_MASCULINE:
            merged[column] = any(values)
        elif values[0] is None:
            merged[column] = None
        elif column.endswith("_lemmas"):
            lemmas: Counter = Counter()
            for value in values:
                lemmas.update({(entry["pos"], entry["lemma"]): entry["count"] for entry in value})
            merged[column] = _lemma_list(lemmas)
        else:
            merged[column] = sum(values)
    return merged


__all__ = ["bad_record", "doc_record", "item_columns", "merge_records"]
