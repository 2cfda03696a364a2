"""Named mentions: PERSON entities merged into actors by whole name words."""

from collections import defaultdict

from spacy.tokens import Span, Token

from .mentions import ActorCluster, Mention


def name_key(token: Token, analyzer, has_lemma: bool) -> str:
    """A comparable form of a name word: its lemma where names inflect (Оксани → оксана)."""
    if has_lemma and token.lemma_:
        return token.lemma_.lower()
    if analyzer is not None:
        for reading in analyzer.analyze(token.lower_):
            if reading.pos == "PROPN":
                return reading.lemma
    return token.lower_


def honorific_group(span: Span, honorifics: dict) -> str | None:
    """The group of a title right before or at the start of a name ("Frau Merkel")."""
    candidates = [span[0]]
    if span.start > 0:
        candidates.append(span.doc[span.start - 1])
    for token in candidates:
        lower = token.lower_
        group = honorifics.get(lower) or honorifics.get(lower.rstrip("."))
        if group:
            return group
    return None


# Word classes that never give a mention its first name ("The developer", "Her boss").
_NOT_NAME_POS = frozenset(("DET", "PRON"))


def name_words(span: Span, lexicon, has_pos: bool) -> list[Token]:
    """The words of a PERSON mention that may be names: not a title, punctuation, a
    determiner or a pronoun. A mention given as "the developer" has "developer" alone, so
    that gender-guesser's reading of "The" as a woman's name never becomes evidence.

    lexicon (Lexicon): for the titles and the profile's closed ``determiners`` list, which
        stands in for the tagger where the doc has no POS (the pronoun forms do not: "Em" is
        a neopronoun and a name).
    has_pos (bool): whether the doc has POS tags (checked once per doc by the caller).
    """
    honorifics = lexicon.honorifics
    determiners = lexicon.profile.determiners
    return [t for t in span if t.is_alpha and t.lower_.rstrip(".") not in honorifics
            and t.lower_ not in honorifics and t.lower_ not in determiners
            and not (has_pos and t.pos_ in _NOT_NAME_POS)]


def find_actor(mention: Mention, actors: list[ActorCluster], first_name: str | None = None
               ) -> tuple[ActorCluster | None, bool]:
    """The actor a named mention belongs to: one whose name words contain the mention's or
    are contained in them ("Merkel" ⊂ "Angela Merkel"), never a mere substring ("Anna" ≠
    "Annabelle"); the most recent one wins.

    Relatives share a surname, so gender evidence keeps them apart: a title or first name
    of the other gender rules a match out (Mr Smith is not Mrs Smith; "Jock McChesney" is
    not the Mrs. McChesney before him), and a title with the surname alone ("Mrs. Archer")
    joins a person introduced by more names ("Newland Archer") only when that person is
    known to be of the title's gender: otherwise the title is the first evidence that it
    names someone else of the family.

    Where only one side has a gendered title and the other no gender evidence at all
    ("Morel" after "Mrs. Morel", "Miss Eldridge" after "Captain Eldridge"), the two may be
    one person or two of a family: the match is tentative. The mention starts an actor of
    its own, linked to the other (``ActorCluster.tentative_of``), and ``merge_tentative`` joins
    them once pronouns are resolved, unless the pronouns tell them apart. A firm match
    always wins over a tentative one.

    mention (Mention): the named mention.
    actors (list[ActorCluster]): the actors so far.
    first_name (str | None): the group of the mention's first name, when it has a surname
        after it. Defaults to None.
    RETURNS (tuple[ActorCluster | None, bool]): the actor (None: a new one) and whether the match
        is tentative.
    """
    keys = set(mention.keys)
    if not keys:
        return None, False
    evidence = mention.honorific or first_name
    firm = tentative = None
    for actor in actors:
        if not (keys <= actor.keys or actor.keys <= keys):
            continue
        known = actor.honorific or actor.first_name
        if evidence and known and evidence != known:
            continue
        if mention.honorific and not known and keys < actor.keys:
            continue
        if one_sided_title(mention.honorific, evidence, actor):
            tentative = _more_recent(tentative, actor)
        else:
            firm = _more_recent(firm, actor)
    if firm is not None:
        return firm, False
    return tentative, tentative is not None


def one_sided_title(honorific: str | None, evidence: str | None, actor: ActorCluster) -> bool:
    """Whether only one side of a name match has a gender, and that from a title: a
    titled mention and an actor of no known gender, or a mention of no known gender and
    an actor known only by its title (``find_actor``: the match is tentative).

    honorific (str | None): the group of the mention's title.
    evidence (str | None): the group of the mention's title or first name.
    actor (ActorCluster): the actor the mention's name words match.
    """
    known = actor.honorific or actor.first_name
    return bool((honorific and not known)
                or (actor.honorific and not actor.first_name and not evidence))


def _more_recent(best: ActorCluster | None, actor: ActorCluster) -> ActorCluster:
    if best is None or actor.mentions[-1].start > best.mentions[-1].start:
        return actor
    return best


def merge_tentative(actors: list[ActorCluster]) -> None:
    """Join each tentatively linked actor to the actor it may be (``find_actor``) unless
    their pronouns disagree: "Morel" whom "he" refers to is not "Mrs. Morel". Later actors
    are merged first, so a chain of tentative links ends in its first actor.

    actors (list[ActorCluster]): the actors, pronouns resolved; merged ones are removed.
    """
    for actor in reversed(list(actors)):
        other = actor.tentative_of
        if other is None:
            continue
        own, theirs = _pronoun_group(actor), other.current_group()
        if own is not None and theirs is not None and own != theirs:
            continue
        other.merge(actor)
        actors.remove(actor)


def _pronoun_group(actor: ActorCluster) -> str | None:
    return actor.pronouns.most_common(1)[0][0] if actor.pronouns else actor.prior_group()


def name_word_owners(actors: list[ActorCluster]
                     ) -> tuple[dict[str, list[ActorCluster]], dict[str, set[str]]]:
    """Which actors each whole name word may stand for on its own, and whose first name
    each word is.

    A name word stands for an actor when it is the last word of one of the actor's named
    mentions of two or more words (the surname: "Holt" of "James Holt") or the whole of a
    one-word mention ("Madonna"). A first name alone is no such word: "James" may be anyone.

    actors (list[ActorCluster]): the actors built from the named entities.
    RETURNS (tuple[dict[str, list[ActorCluster]], dict[str, set[str]]]): name key -> the actors it
        may stand for (two or more: ambiguous); name key -> ids of the actors whose first
        name it is.
    """
    owners: dict[str, list[ActorCluster]] = defaultdict(list)
    first_name_of: dict[str, set[str]] = defaultdict(set)
    for actor in actors:
        for mention in actor.mentions:
            if mention.kind != "named" or not mention.keys:
                continue
            if len(mention.keys) >= 2:
                first_name_of[mention.keys[0]].add(actor.id)
            if actor not in owners[mention.keys[-1]]:
                owners[mention.keys[-1]].append(actor)
    return owners, first_name_of
