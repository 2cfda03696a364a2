"""Per-document gender statistics: mentions, roles, sentiment and coded words per actor and
per pronoun group, and the gendered pronouns that refer to no actor. Pure functions over a Doc
that ``actor_linker`` has processed."""

from collections import Counter

from spacy.tokens import Doc, Token

from .actors import get_actors
from .extensions import (
    GENDER_GROUP,
    MENTION_NAMED,
    MENTION_NOUN,
    MENTION_PRONOUN,
    NO_EVIDENCE,
    PRONOUN_GROUPS,
    SPANS_ACTOR_MENTIONS,
    THEY,
    TOKEN_GENDER,
    TOKEN_GENDER_KIND,
    token_values,
)

ROLE_NAMES = ("subject", "object", "indirect_object", "passive_subject", "agent")
# The documented counting rule: agents act, patients of passives are acted upon.
COUNTS_AS_SUBJECT = ("subject", "agent")
COUNTS_AS_OBJECT = ("object", "indirect_object", "passive_subject")
# Words that stand for the same participant as their head and so fill its role: conjuncts
# ("Merkel and Obama met": UD/ClearNLP conj, TIGER cj), appositions ("Her deputy, David
# Okafor, was praised": UD/ClearNLP appos, TIGER app) and the name parts UD hangs from a
# title or another name part ("Бабця Зоня пережила": Зоня is flat:title of Бабця, the
# subject). The labels are the same in every language a scheme serves, so they are no
# per-language data.
NAME_PART_DEPS = frozenset(("flat", "flat:name", "flat:title"))
_SHARES_HEAD_ROLE_DEPS = frozenset(("conj", "cj", "appos", "app")) | NAME_PART_DEPS
_PREPOSITION_OBJECT_DEPS = frozenset(("pobj", "nk"))


def name_head(token: Token) -> Token:
    """The word a name stands in for: the noun it is a flat name part or title of, climbed
    ("Бабця Зоня пережила": Бабця, the subject, whose predicate agrees with it). The
    resolver reads a name's subjecthood, agreement and binding there. An apposition keeps
    its own word (climbing it too moved GAP development's Bias from 0.980 to 0.959), and a
    conjunct is another participant."""
    seen = 0
    while (token.dep_ in NAME_PART_DEPS and token.head.i != token.i
           and token.head.pos_ in ("NOUN", "PROPN") and seen < 10):
        token, seen = token.head, seen + 1
    return token


def mention_role(token: Token, roles: dict[str, str]) -> str | None:
    """The grammatical role of a mention's head word under a label->role map. A conjunct or
    an apposition takes the role of the word it hangs on."""
    seen = 0
    while token.dep_ in _SHARES_HEAD_ROLE_DEPS and token.head.i != token.i and seen < 10:
        token, seen = token.head, seen + 1
    role = roles.get(token.dep_)
    if role is None and token.dep_ in _PREPOSITION_OBJECT_DEPS:
        # ClearNLP/TIGER mark the "by"/"von" preposition as the passive's agent.
        if roles.get(token.head.dep_) == "agent":
            role = "agent"
    return role


def _empty_record() -> dict:
    return {"named": 0, "pronoun": 0, "noun": 0, "subject": 0, "object": 0,
            "roles": dict.fromkeys(ROLE_NAMES, 0)}


def gender_stats(doc: Doc, profile, scorer=None) -> dict:
    """The JSON-able per-document record that role_counter writes to doc._.gender_stats."""
    kinds = {MENTION_NAMED: "named", MENTION_PRONOUN: "pronoun", MENTION_NOUN: "noun"}
    actors_out = {}
    for actor in get_actors(doc):
        record = {"name": actor.name, "group": actor.group,
                  "decided_by": actor.evidence.get("decided_by", NO_EVIDENCE),
                  **_empty_record()}
        for mention in actor.mentions:
            record[kinds.get(mention.id_, "named")] += 1
            role = mention_role(mention.root, profile.dependency_roles)
            if role:
                record["roles"][role] += 1
                record["subject"] += role in COUNTS_AS_SUBJECT
                record["object"] += role in COUNTS_AS_OBJECT
        actors_out[actor.id] = record
    if actors_out:
        _add_sentence_measures(doc, actors_out, scorer)
    groups = _by_group(actors_out)
    for group, count in unresolved_pronouns(doc, profile).items():
        groups[group]["unresolved"] = count
    return {"actors": actors_out, "groups": groups}


def _token_at(doc: Doc, idx: int) -> Token:
    """The token that starts at character offset ``idx``."""
    return doc.char_span(idx, idx + 1, alignment_mode="expand")[0]


def unresolved_pronouns(doc: Doc, profile) -> dict[str, int]:
    """Per pronoun group, the third-person pronouns that gender_lexicon marked with a gender
    and that are in no actor mention: people the text speaks of whom no actor stands for (a
    man the NER tagged ORG, a woman named only in a headline). A they/them form counts only
    where the language has no plural reading of it ("themself", "xe"): a plural "they" is a
    group of people, not an actor that was missed.

    profile (LanguageProfile): the language profile (its ``pronouns.tsv``).
    RETURNS (dict[str, int]): the count for each of the four pronoun groups.
    """
    counts = dict.fromkeys(PRONOUN_GROUPS, 0)
    # Only the tokens gender_lexicon marked have a kind: read those, not every token.
    genders = token_values(doc, TOKEN_GENDER)
    pronouns = [idx for idx, kind in token_values(doc, TOKEN_GENDER_KIND).items()
                if kind == "pronoun" and GENDER_GROUP.get(genders.get(idx)) is not None]
    if not pronouns:
        return counts
    mentioned = {doc[i].idx for span in doc.spans.get(SPANS_ACTOR_MENTIONS, ())
                 for i in range(span.start, span.end)}
    plural_forms = {row.form for row in profile.pronouns if row.number == "plur"}
    for idx in pronouns:
        if idx in mentioned:
            continue
        group = GENDER_GROUP[genders[idx]]
        if group == THEY and _token_at(doc, idx).lower_ in plural_forms:
            continue
        counts[group] += 1
    return counts


def _add_sentence_measures(doc: Doc, actors_out: dict, scorer) -> None:
    from .sentiment.actors import actor_sentiment

    for actor_id, measures in actor_sentiment(doc, scorer).items():
        if actor_id in actors_out:
            actors_out[actor_id].update(measures)


def _by_group(actors_out: dict) -> dict:
    groups = {}
    for group in PRONOUN_GROUPS:
        members = [r for r in actors_out.values() if r["group"] == group]
        total = {"actors": len(members), **_empty_record(), "unresolved": 0}
        coded: Counter = Counter()
        for record in members:
            for key in ("named", "pronoun", "noun", "subject", "object"):
                total[key] += record[key]
            for role, count in record["roles"].items():
                total["roles"][role] += count
            coded.update(record.get("coded", {}))
        total["coded"] = dict(coded)
        total["decided_by"] = dict(Counter(r["decided_by"] for r in members))
        scores = [r["sentiment"] for r in members if r.get("sentiment") is not None]
        total["sentiment"] = sum(scores) / len(scores) if scores else None
        groups[group] = total
    return groups
