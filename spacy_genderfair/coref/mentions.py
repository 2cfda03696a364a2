"""Mentions of people and the actors they are grouped into."""

from collections import Counter
from dataclasses import dataclass, field

from spacy.tokens import Span, Token

from ..extensions import FEMININE, GENDER_GROUP, MASCULINE, NO_EVIDENCE, UNKNOWN_GROUP


@dataclass
class Mention:
    start: int
    end: int
    kind: str  # named | pronoun | noun
    sent: int  # sentence index
    root: Token
    # named: the name words as comparable keys (lemmas); noun: (lemma,)
    keys: tuple[str, ...] = ()
    groups: frozenset = frozenset()  # pronoun: the compatible pronoun groups
    pronoun_type: str = ""  # personal | possessive | reflexive
    honorific: str | None = None  # group signalled by a title before/inside the name
    # a "they" the tagger reads as plural, kept only for a person who states they/them
    # pronouns (coref._attach_stated_they), never for the ranker
    tagged_plural: bool = False


@dataclass
class ActorCluster:
    """A person while the document is being linked: the mentions grouped so far and the
    evidence of the person's pronoun group. ``coref._store`` writes it out as plain data,
    which ``spacy_genderfair.actors.Actor`` (the public, read-only view) is built from."""

    id: str
    mentions: list[Mention] = field(default_factory=list)
    keys: set = field(default_factory=set)
    display: str = ""
    honorific: str | None = None
    # the group of the pronouns the person states for themself ("who uses they/them
    # pronouns"): the strongest evidence there is (``stated.py``)
    stated: str | None = None
    agreement: Counter = field(default_factory=Counter)
    first_name: str | None = None
    noun_gender: str | None = None
    pronouns: Counter = field(default_factory=Counter)
    # set by the learned backend's decoding only while it decodes again: the group the
    # actor's pronouns chose by majority, then a constraint like the prior evidence
    decided_group: str | None = None
    # a name that may be this actor or a relative (``names.find_actor``): merged into that
    # actor after pronoun resolution unless the pronouns tell them apart
    tentative_of: "ActorCluster | None" = field(default=None, repr=False, compare=False)

    def add(self, mention: Mention, span: Span | None = None) -> None:
        self.mentions.append(mention)
        if mention.kind != "pronoun":
            self.keys.update(mention.keys)
        if span is not None and mention.kind == "named" and len(span.text) > len(self.display):
            self.display = span.text
        if mention.honorific and not self.honorific:
            self.honorific = mention.honorific

    def merge(self, other: "ActorCluster") -> None:
        """Take over another actor's mentions and evidence (``names.merge_tentative``)."""
        for mention in other.mentions:
            self.add(mention)
        self.mentions.sort(key=lambda m: m.start)
        self.pronouns.update(other.pronouns)
        self.agreement.update(other.agreement)
        self.first_name = self.first_name or other.first_name
        self.stated = self.stated or other.stated
        if len(other.display) > len(self.display):
            self.display = other.display

    def prior_group(self) -> str | None:
        """The group from evidence other than resolved pronouns: the pronouns the person
        states, honorific, agreement, first name."""
        if self.stated:
            return self.stated
        if self.honorific:
            return self.honorific
        if self.agreement:
            return self.agreement.most_common(1)[0][0]
        if self.first_name:
            return self.first_name
        if self.noun_gender in (FEMININE, MASCULINE):
            return GENDER_GROUP[self.noun_gender]
        return None

    def current_group(self) -> str | None:
        """What is known so far (used while resolving pronouns left to right)."""
        prior = self.prior_group()
        if prior:
            return prior
        if self.pronouns:
            return self.pronouns.most_common(1)[0][0]
        return None

    def final_group(self, threshold: float) -> tuple[str, str]:
        """(group, source): the pronouns the person states, then pronouns with a clear
        majority, then the prior evidence."""
        if self.stated:
            return self.stated, "pronouns"
        total = sum(self.pronouns.values())
        if total:
            group, count = self.pronouns.most_common(1)[0]
            if count / total >= threshold:
                return group, "pronouns"
        prior = self.prior_group()
        if prior:
            source = ("honorific" if self.honorific else "agreement" if self.agreement
                      else "first_name" if self.first_name else "noun")
            return prior, source
        return UNKNOWN_GROUP, NO_EVIDENCE

    def last_before(self, token_index: int) -> Mention | None:
        before = [m for m in self.mentions if m.end <= token_index]
        return before[-1] if before else None
