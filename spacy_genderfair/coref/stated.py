"""Pronouns a person states for themself: the strongest evidence of their pronoun group.

"Alex Morgan, who uses they/them pronouns, …", "Kim Lee (she/her) said …", "Pronouns: he/him":
a pronoun set of the profile's ``stated_pronouns.tsv`` ("they/them", "xe/xem", "вона/її"),
written with a slash, with a word that marks the statement near it ("pronouns", "Pronomen",
"займенники") or in parentheses, belongs to the nearest named mention before it (within
``NAME_REACH`` tokens). Its words are no pronoun mentions of their own; a singular "they"
right after such a person is theirs (``attach_stated_they``).
"""

from spacy.tokens import Doc

from ..extensions import MENTION_NAMED, THEY
from ..lang import LanguageProfile
from .mentions import ActorCluster, Mention

MARKER = "marker"
# How far a marker word may stand from the pronoun set, and the statement from its name.
MARKER_REACH = 4
NAME_REACH = 15


def stated_pronoun_sets(doc: Doc, profile: LanguageProfile) -> list[tuple[int, int, str]]:
    """The statements of ``doc``: (start, end, group) of each pronoun set that is one."""
    table = profile.stated_pronouns
    if not table:
        return []
    found = []
    for i in range(len(doc) - 2):
        if doc[i + 1].text != "/":
            continue
        group = table.get(f"{doc[i].lower_}/{doc[i + 2].lower_}")
        if group is None or group == MARKER:
            continue
        start, end = i, i + 3
        near = range(max(0, start - MARKER_REACH), min(len(doc), end + MARKER_REACH))
        bracketed = start > 0 and doc[start - 1].text == "(" and end < len(doc) \
            and doc[end].text == ")"
        if bracketed or any(table.get(doc[k].lower_) == MARKER for k in near):
            found.append((start, end, group))
    return found


def owner_of(statement: tuple[int, int, str], named: list[tuple[int, int]]) -> int | None:
    """The index in ``named`` (named mentions' (start, end), in order) of the name the
    statement belongs to: the nearest one ending before it within ``NAME_REACH`` tokens."""
    start = statement[0]
    before = [k for k, (_, end) in enumerate(named) if end <= start and start - end <= NAME_REACH]
    return before[-1] if before else None


def attach_stated_they(doc: Doc, profile: LanguageProfile, pronouns: list[Mention],
                       actors: list[ActorCluster], max_sentence_distance: int) -> list[Mention]:
    """Attach each singular "they" whose nearest named mention before it (within the window
    of sentences, no plural noun between) is a person who states they/them pronouns ("Alex
    Morgan, who uses they/them pronouns, … They said"). RETURNS the pronouns left to
    resolve: the others, but for a "they" the tagger reads as plural (``tagged_plural``),
    which no other actor takes."""
    stated = [actor for actor in actors if actor.stated == THEY]
    if not stated:
        return pronouns
    named = sorted(((m.end, m.sent, actor) for actor in actors for m in actor.mentions
                    if m.kind == MENTION_NAMED), key=lambda item: item[0])
    statements = {k for start, end, _ in stated_pronoun_sets(doc, profile)
                  for k in range(start, end)}
    left = []
    for pronoun in pronouns:
        before = [(end, sent, actor) for end, sent, actor in named if end <= pronoun.start]
        if pronoun.groups == frozenset({THEY}) and before and before[-1][2] in stated \
                and pronoun.sent - before[-1][1] <= max_sentence_distance \
                and not _plural_between(doc, profile, before[-1][0], pronoun.start, statements):
            actor = before[-1][2]
            actor.add(pronoun)
            actor.pronouns[THEY] += 1
        elif not pronoun.tagged_plural:
            left.append(pronoun)
    return left


def _plural_between(doc: Doc, profile: LanguageProfile, start: int, end: int,
                    statements: set[int]) -> bool:
    """Whether a plural noun stands in [start, end), the statement's own words aside ("met
    the Smiths. The parents said they": theirs)."""
    return any(token.i not in statements and profile.stated_pronouns.get(token.lower_) != MARKER
               and (token.tag_ in ("NNS", "NNPS") or (
                   token.pos_ in ("NOUN", "PROPN") and token.morph.get("Number") == ["Plur"]))
               for token in doc[start:end])


__all__ = ["attach_stated_they", "owner_of", "stated_pronoun_sets"]
