"""Candidate antecedents of a pronoun and the features the learned ranker scores them by.

A candidate is an actor with a mention before the pronoun within a window of sentences (or,
for cataphora, a named mention after it in the same sentence) that passes the hard
constraints: agreement (the pronoun's group against what is known of the actor) and binding
(a non-reflexive personal pronoun never refers to the subject of its own clause, named or
shared by coordination or control: ``binding``). Every other preference is a feature the
model weighs.

The features describe syntax, distance, salience and quotation context only. None carries
a gender or occupation prior: there is no word identity, and gender enters only as the
yes/no compatibility of the hard constraint. One feature is the choice of the hand-ordered
rules (``resolver.resolve_pronoun``, the builtin backend): their salience order becomes one
weighed vote among the others. Roles come from the language profile's
dependency-label map (UD, ClearNLP, TIGER labels), so that one model applies to every
language the profiles cover.
"""

import math
from dataclasses import dataclass
from functools import lru_cache

from spacy.tokens import Doc

from ..extensions import (
    FEMININE,
    GENDER_GROUP,
    MASCULINE,
    MENTION_NAMED,
    MENTION_NOUN,
    MENTION_PRONOUN,
    THEY,
    TOKEN_GENDER,
    TOKEN_GENDER_KIND,
)
from ..quotes.marks import QuoteMarks, find_marked_quotes
from ..roles import mention_role
from .binding import clause_subjects
from .mentions import ActorCluster, Mention
from .resolver import (
    NO_GROUP,
    carries_no_gender,
    clause_head,
    commanding_object,
    resolve_pronoun,
)

# The groups a first name can be evidence of (a name of common gender is none).
NAME_GROUP = {gender: GENDER_GROUP[gender] for gender in (FEMININE, MASCULINE)}
# Roles as the features see them: agents act like subjects, passive subjects like objects.
_ROLE_CLASS = {"subject": "subject", "agent": "subject", "object": "object",
               "passive_subject": "object", "indirect_object": "object"}
_ROLES = ("subject", "object", "possessive", "other")
_POSSESSIVE_DEPS = frozenset(("poss", "nmod:poss", "det:poss", "ag"))
_APPOSITION_COPULA_DEPS = frozenset(("appos", "app", "attr", "pd"))

FEATURE_NAMES = (
    "bias",
    # distance
    "same_sentence", "sentences_back_1", "sentences_back_2", "sentences_back_3_5",
    "sentences_back_6_plus", "log_token_distance", "cataphoric",
    "recency_rank_0", "recency_rank_1", "same_clause",
    "nearest_name", "log_sentences_since_name", "no_name_before",
    # salience and recency
    "log_mentions", "log_named_mentions", "log_recent_mentions", "salience_rank_0",
    "first_actor", "last_mention_named", "last_mention_pronoun", "last_mention_noun",
    "group_evidence", "pronouns_agree", "pronouns_disagree", "log_sentences_back",
    # a name word the lexicon knows as a first name of the pronoun's group or of another
    # (soft: a lone word may be a surname, so it is no hard constraint)
    "name_gender_agrees", "name_gender_disagrees",
    # syntactic roles (through the profile's role map): candidate role x pronoun role, in
    # the same sentence or across sentences (parallelism is a pattern of this table)
    *(f"role_{candidate}_{pronoun}_{where}" for where in ("same_sentence", "across")
      for candidate in _ROLES for pronoun in _ROLES),
    "candidate_main_subject", "pronoun_main_subject", "pronoun_reflexive",
    # binding and possessives
    "reflexive_clause_subject", "possessive_commanding_object",
    "apposition_or_copula", "candidate_governs_pronoun", "candidate_in_noun_phrase",
    "log_tree_distance",
    # quotation context
    "pronoun_in_quote", "candidate_in_quote", "same_quote", "speaker_of_quote",
    # the set of candidates
    "log_candidates", "only_candidate",
    # the builtin rules' choice
    "rules_choice",
)
# The builtin backend's window of sentences (actor_linker's max_sentence_distance default).
RULES_WINDOW = 3


@dataclass
class Candidate:
    """An actor the pronoun may refer to, the pronoun group it would add, the actor's
    mention nearest to the pronoun, and that pair's feature vector (``FEATURE_NAMES``)."""

    actor: ActorCluster
    group: str
    mention: Mention
    features: list[float]


class FeatureContext:
    """What the features need of a document, computed once per Doc: roles map, which quote
    each token is in, each token's clause head.

    doc (Doc): the document, parsed.
    profile (LanguageProfile): the language's role map and quotation marks.
    """

    def __init__(self, doc: Doc, profile) -> None:
        self.doc = doc
        self.roles = profile.dependency_roles
        self.quote_of = _quote_index(doc, _quote_marks(profile.quote_marks))
        self._clause: dict[int, int] = {}
        self._name_groups: dict[str, frozenset[str]] = {}

    def clause(self, token) -> int:
        index = self._clause.get(token.i)
        if index is None:
            index = self._clause[token.i] = clause_head(token).i
        return index

    def name_groups(self, actor: ActorCluster) -> frozenset[str]:
        """The pronoun groups of the first names among the actor's name words (gender_lexicon's
        name marks). An actor's named mentions are fixed before decoding, so once per actor."""
        groups = self._name_groups.get(actor.id)
        if groups is None:
            groups = self._name_groups[actor.id] = frozenset(
                NAME_GROUP[gender] for m in actor.mentions if m.kind == MENTION_NAMED
                for token in self.doc[m.start:m.end]
                if token._.get(TOKEN_GENDER_KIND) == "name"
                and (gender := token._.get(TOKEN_GENDER)) in NAME_GROUP)
        return groups

    def role(self, mention: Mention) -> str:
        """subject | object | possessive | other."""
        root = mention.root
        if mention.kind == MENTION_PRONOUN and mention.pronoun_type == "possessive":
            return "possessive"
        if root.dep_ in _POSSESSIVE_DEPS:
            return "possessive"
        return _ROLE_CLASS.get(mention_role(root, self.roles) or "", "other")


def pronoun_candidates(context: FeatureContext, pronoun: Mention, actors: list[ActorCluster],
                       window: int) -> list[Candidate]:
    """The candidates of one pronoun, with their features, nearest first.

    context (FeatureContext): the document's context.
    pronoun (Mention): the pronoun to resolve.
    actors (list[ActorCluster]): the actors so far (pronouns resolved before this one included).
    window (int): how many sentences back a candidate's last mention may be.
    RETURNS (list[Candidate]): the candidates that pass agreement and binding.
    """
    clause = context.clause(pronoun.root)
    # the subjects of the pronoun's clause, named or shared by coordination or control,
    # as the rules' binding has them (binding.py)
    subjects = {token.i for token in clause_subjects(pronoun.root)}
    found = []
    for order, actor in enumerate(actors):
        before = [m for m in actor.mentions if m.end <= pronoun.start]
        if before:
            mention, cataphoric = before[-1], False
            if pronoun.sent - mention.sent > window:
                continue
        else:
            mention = next((m for m in actor.mentions if m.kind == MENTION_NAMED
                            and m.sent == pronoun.sent and m.start > pronoun.start), None)
            if mention is None:
                continue
            cataphoric = True
        group = candidate_group(pronoun, actor)
        if group is None:
            continue
        clause_subject = any(m.root.i in subjects for m in before)
        if pronoun.pronoun_type == "personal" and clause_subject:
            # "Anna saw him": him is not Anna. The same hard rule for "her" tagged as an
            # object, though it may be a possessive: a softer rule for "her" alone would treat
            # feminine pronouns differently from masculine ones.
            continue
        found.append((actor, group, mention, before, cataphoric, clause_subject, order))
    if not found:
        return []
    by_recency = sorted(range(len(found)), key=lambda k: -found[k][2].end)
    last_names = [_last_name(before) for _, _, _, before, *_ in found]
    nearest_name = max(range(len(found)), key=lambda k: last_names[k].end if last_names[k]
                       else -1)
    recency_rank = {k: rank for rank, k in enumerate(by_recency)}
    name_agreement = [_name_agreement(pronoun, context.name_groups(actor))
                      for actor, *_ in found]
    most_mentioned = max(range(len(found)), key=lambda k: (len(found[k][3]), found[k][2].end))
    pronoun_role = context.role(pronoun)
    pronoun_quote = context.quote_of[pronoun.start]
    rules = resolve_pronoun(pronoun, actors, RULES_WINDOW)
    pronoun_main = _main_subject(pronoun, pronoun_role)
    candidates = []
    for k, (actor, group, mention, before, cataphoric, clause_subject, order) in enumerate(
            found):
        role = context.role(mention)
        back = pronoun.sent - mention.sent
        quote = context.quote_of[mention.start]
        recent = sum(1 for m in before if pronoun.sent - m.sent <= 3)
        features = [
            1.0,
            float(back <= 0), float(back == 1), float(back == 2), float(3 <= back <= 5),
            float(back >= 6), math.log1p(abs(pronoun.start - mention.end)) / 5.0,
            float(cataphoric),
            float(recency_rank[k] == 0), float(recency_rank[k] == 1),
            float(back == 0 and context.clause(mention.root) == clause),
            float(k == nearest_name and last_names[k] is not None),
            math.log1p(pronoun.sent - last_names[k].sent) / 2.0 if last_names[k] else 0.0,
            float(last_names[k] is None),
            math.log1p(len(before)) / 3.0,
            math.log1p(sum(1 for m in before if m.kind == MENTION_NAMED)) / 3.0,
            math.log1p(recent) / 3.0,
            float(k == most_mentioned),
            float(order == 0),
            float(mention.kind == MENTION_NAMED), float(mention.kind == MENTION_PRONOUN),
            float(mention.kind == MENTION_NOUN),
            float(actor.prior_group() is not None),
            *_pronoun_agreement(pronoun, actor),
            math.log1p(max(back, 0)) / 2.0,
            *name_agreement[k],
            *_role_pair(role, pronoun_role, back <= 0),
            float(_main_subject(mention, role)), float(pronoun_main),
            float(pronoun.pronoun_type == "reflexive"),
            float(pronoun.pronoun_type == "reflexive" and clause_subject),
            float(pronoun.pronoun_type == "possessive" and commanding_object(mention, pronoun)),
            float(mention.root.dep_ in _APPOSITION_COPULA_DEPS),
            float(back == 0 and _governs(mention.root.head, pronoun.root)),
            float(_in_noun_phrase(mention.root)),
            math.log1p(_tree_distance(mention.root, pronoun.root)) / 2.0 if back == 0 else 0.0,
            float(pronoun_quote > 0), float(quote > 0),
            float(quote > 0 and quote == pronoun_quote),
            float(pronoun_quote > 0 and _speaks(context, actor, pronoun)),
            math.log1p(len(found)) / 2.0, float(len(found) == 1),
            float(rules is not None and rules[0] is actor),
        ]
        candidates.append(Candidate(actor, group, mention, features))
    return sorted(candidates, key=lambda c: -c.mention.end)


def candidate_group(pronoun: Mention, actor: ActorCluster) -> str | None:
    """The group the pronoun would add to the actor, or None when they cannot agree.

    Evidence other than pronouns (honorific, agreement, first name) is a hard constraint.
    The pronouns resolved to the actor so far are not: one wrong resolution would otherwise
    lock the actor out of every later pronoun of its true group. They are features
    (``pronouns_agree``, ``pronouns_disagree``) instead; a pronoun of several groups (singular
    "they", German "sie") takes the group they agree on.
    """
    if carries_no_gender(pronoun):
        # "seu"/"sua" agree with the possessed noun, "lhe" with nobody: any actor, no evidence
        return NO_GROUP
    prior = actor.prior_group() or actor.decided_group
    if prior is not None:
        return prior if prior in pronoun.groups else None
    if len(pronoun.groups) == 1 and THEY not in pronoun.groups:
        return next(iter(pronoun.groups))
    known = actor.current_group()
    return known if known in pronoun.groups else None


def _pronoun_agreement(pronoun: Mention, actor: ActorCluster) -> tuple[float, float]:
    """The shares of the actor's resolved pronouns that agree / disagree with this one."""
    total = sum(actor.pronouns.values())
    if not total:
        return 0.0, 0.0
    agree = sum(n for group, n in actor.pronouns.items() if group in pronoun.groups) / total
    return agree, 1.0 - agree


def _name_agreement(pronoun: Mention, groups: frozenset[str]) -> tuple[float, float]:
    """Whether the actor's first names agree with the pronoun / all disagree with it."""
    if not groups or carries_no_gender(pronoun):
        return 0.0, 0.0
    agrees = bool(groups & pronoun.groups)
    return float(agrees), float(not agrees)


def _speaks(context: FeatureContext, actor: ActorCluster, pronoun: Mention) -> bool:
    """Whether the actor is the subject of the pronoun's sentence outside its quote, before
    or after it ('"He is late," Mary said'): the speaker, whom a third-person pronoun in the
    quote does not name."""
    return any(m.sent == pronoun.sent and context.quote_of[m.start] == 0
               and context.role(m) == "subject" for m in actor.mentions)


def _governs(head, token) -> bool:
    """Whether ``head`` is an ancestor of ``token`` (the candidate's predicate governs the
    clause the pronoun is in: "Anna said that she …")."""
    return head.i != token.i and any(a.i == head.i for a in token.ancestors)


def _in_noun_phrase(token) -> bool:
    """Whether a mention modifies another noun ("the wife of Anna", "Anna's brother")."""
    head = token.head
    if head.dep_ == "prep" and head.head.i != head.i:
        head = head.head
    return head.i != token.i and head.pos_ in ("NOUN", "PROPN")


def _tree_distance(a, b) -> int:
    """Edges between two tokens of one sentence in the dependency tree."""
    depth_a = {t.i: k for k, t in enumerate([a, *a.ancestors])}
    for k, t in enumerate([b, *b.ancestors]):
        if t.i in depth_a:
            return k + depth_a[t.i]
    return len(depth_a) + k


def _last_name(mentions: list[Mention]) -> Mention | None:
    """The last named or noun mention: what the actor was last called, which no wrong
    pronoun resolution can move."""
    return next((m for m in reversed(mentions) if m.kind != MENTION_PRONOUN), None)


def _role_pair(candidate: str, pronoun: str, same_sentence: bool) -> list[float]:
    """One-hot over (candidate role, pronoun role, same sentence or not)."""
    vector = [0.0] * (2 * len(_ROLES) ** 2)
    index = _ROLES.index(candidate) * len(_ROLES) + _ROLES.index(pronoun)
    vector[index + (0 if same_sentence else len(_ROLES) ** 2)] = 1.0
    return vector


def _main_subject(mention: Mention, role: str) -> bool:
    """The subject of its sentence's main clause."""
    head = mention.root.head
    return role == "subject" and head.head.i == head.i


@lru_cache(maxsize=16)
def _quote_marks(pairs: tuple[tuple[str, str], ...]) -> QuoteMarks:
    return QuoteMarks.from_pairs(pairs)


def _quote_index(doc: Doc, marks: QuoteMarks) -> list[int]:
    """Per token: 0 outside quotes, k inside the k-th quote (marks included)."""
    quote_of = [0] * len(doc)
    quotes = find_marked_quotes(doc.text, marks)
    if not quotes:
        return quote_of
    k = 0
    for token in doc:
        while k < len(quotes) and quotes[k][1] <= token.idx:
            k += 1
        if k < len(quotes) and quotes[k][0] <= token.idx:
            quote_of[token.i] = k + 1
    return quote_of
