"""Actors: people of a document built from named entities, pronouns and person nouns."""

from collections.abc import Sequence
from functools import lru_cache

import numpy
from spacy.attrs import IS_ALPHA, IS_LOWER, LOWER, SENT_START
from spacy.strings import hash_string
from spacy.tokens import Doc, Span

from ..extensions import (
    DOC_ACTOR_DATA,
    GENDER_GROUP,
    MENTION_NAMED,
    MENTION_NOUN,
    MENTION_PRONOUN,
    SPANS_ACTOR_MENTIONS,
    THEY,
    TOKEN_GENDER,
    TOKEN_GENDER_KIND,
)
from ..lexicon import Lexicon
from ..lexicon.pronouns import third_person_readings
from ..roles import name_head
from ..tokens import sentence_initial
from .agreement import predicate_group
from .mentions import ActorCluster, Mention
from .names import (
    find_actor,
    honorific_group,
    merge_tentative,
    name_key,
    name_word_owners,
    name_words,
    one_sided_title,
)
from .resolver import NO_GROUP, resolve_pronoun
from .stated import attach_stated_they, owner_of, stated_pronoun_sets

__all__ = ["find_mentions", "link_actors", "resolve_pronouns"]


def link_actors(
    doc: Doc,
    lexicon: Lexicon,
    *,
    person_labels: Sequence[str],
    generic_nouns: bool = False,
    pronoun_threshold: float = 0.7,
    max_sentence_distance: int = 3,
    coref: str = "learned",
) -> list[ActorCluster]:
    """Find the actors of ``doc`` and store them (``actor_mentions`` spans, ``actor_data``)."""
    actors, pronouns = find_mentions(doc, lexicon, person_labels=person_labels,
                                     generic_nouns=generic_nouns)
    resolve_pronouns(doc, lexicon, pronouns, actors, coref=coref,
                     max_sentence_distance=max_sentence_distance)
    _store(doc, actors, pronoun_threshold)
    return actors


def resolve_pronouns(
    doc: Doc,
    lexicon: Lexicon,
    pronouns: list[Mention],
    actors: list[ActorCluster],
    *,
    coref: str = "learned",
    max_sentence_distance: int = 3,
    ranker=None,
) -> None:
    """Attach each pronoun to the actor it refers to (``actor.add``), if any; then join
    the tentatively linked names their pronouns do not tell apart (``merge_tentative``).

    coref (str): "learned" (the ranker of ``ranker``), "builtin" (the rules of
        ``resolver``) or "coreferee" (coreferee's chains). Defaults to "learned".
    max_sentence_distance (int): the rules' window of sentences. Defaults to 3.
    ranker (Ranker | None): the learned backend's model. Defaults to the shipped one.
    """
    pronouns = attach_stated_they(doc, lexicon.profile, pronouns, actors, max_sentence_distance)
    if coref == "coreferee":
        from .coreferee_backend import resolve_with_coreferee

        resolve_with_coreferee(doc, pronouns, actors)
    elif coref == "learned":
        from .decoding import resolve_with_ranker
        from .ranker import default_ranker

        resolve_with_ranker(doc, lexicon.profile, pronouns, actors, ranker or default_ranker())
    else:
        for pronoun in pronouns:
            resolved = resolve_pronoun(pronoun, actors, max_sentence_distance)
            if resolved is not None:
                actor, group = resolved
                actor.add(pronoun)
                if group != NO_GROUP:
                    actor.pronouns[group] += 1
    merge_tentative(actors)


def find_mentions(
    doc: Doc, lexicon: Lexicon, *, person_labels: Sequence[str], generic_nouns: bool = False
) -> tuple[list[ActorCluster], list[Mention]]:
    """The actors of ``doc`` before any pronoun is resolved, and its third-person pronouns.

    doc (Doc): a parsed document with entities and gender_lexicon's annotations.
    lexicon (Lexicon): the language's lexicon.
    person_labels (Sequence[str]): the entity labels that denote persons.
    generic_nouns (bool): also make actors of generic person nouns. Defaults to False.
    RETURNS (tuple[list[ActorCluster], list[Mention]]): the actors (named mentions, and person
        nouns if asked) and the singular third-person pronouns, in text order.
    """
    linker = _Linker(doc, lexicon, person_labels)
    actors = linker.named_actors()
    linker.name_word_mentions(actors)
    linker.stated_pronouns(actors)
    if generic_nouns:
        linker.noun_actors(actors)
    return actors, linker.pronoun_mentions()


class _Linker:
    def __init__(self, doc: Doc, lexicon: Lexicon, person_labels) -> None:
        self.doc = doc
        self.lex = lexicon
        self.person_labels = frozenset(person_labels)
        self.has_lemma = doc.has_annotation("LEMMA")
        self.has_morph = doc.has_annotation("MORPH")
        self.has_pos = doc.has_annotation("POS")
        self.analyzer = lexicon.analyzer
        self.sent_of = _sentence_index(doc)
        self.in_names: set[int] = set()
        self.in_statements: set[int] = set()  # ("they/them" of "uses they/them pronouns")
        self.stated_they = False  # (someone states they/them pronouns)

    def stated_pronouns(self, actors: list[ActorCluster]) -> None:
        """The pronouns a named person states for themself (``stated.py``): their group,
        and words that are no pronoun mentions."""
        named = sorted(((m.start, m.end), actor) for actor in actors for m in actor.mentions
                       if m.kind == MENTION_NAMED)
        for statement in stated_pronoun_sets(self.doc, self.lex.profile):
            self.in_statements.update(range(statement[0], statement[1]))
            owner = owner_of(statement, [span for span, _ in named])
            if owner is not None:
                named[owner][1].stated = statement[2]
                self.stated_they = self.stated_they or statement[2] == THEY

    def _mention(self, span: Span, kind: str, **fields) -> Mention:
        return Mention(span.start, span.end, kind, self.sent_of[span.start], span.root, **fields)

    def named_actors(self) -> list[ActorCluster]:
        actors: list[ActorCluster] = []
        honorifics = self.lex.honorifics
        for ent in self.doc.ents:
            if ent.label_ not in self.person_labels:
                continue
            self.in_names.update(range(ent.start, ent.end))
            words = name_words(ent, self.lex, self.has_pos)
            keys = tuple(name_key(t, self.analyzer, self.has_lemma) for t in words)
            mention = self._mention(ent, MENTION_NAMED, keys=keys,
                                    honorific=honorific_group(ent, honorifics))
            # A lone word may be a surname ("Henning", "Kelsey"): only a first name followed
            # by a surname is evidence of the person's gender.
            first_name = None
            if len(words) >= 2 and words[0]._.get(TOKEN_GENDER_KIND) == "name":
                first_name = GENDER_GROUP.get(words[0]._.get(TOKEN_GENDER))
            actor, tentative = find_actor(mention, actors, first_name)
            if actor is None or tentative:
                actor = ActorCluster(f"A{len(actors) + 1}", tentative_of=actor)
                actors.append(actor)
            actor.add(mention, ent)
            if first_name and not actor.first_name:
                actor.first_name = first_name
            # A name agrees as the noun it names does ("Бабця Зоня пережила")
            group = predicate_group(name_head(mention.root), self.analyzer, self.has_morph)
            if group:
                actor.agreement[group] += 1
        return actors

    def name_word_mentions(self, actors: list[ActorCluster]) -> None:
        """A surname (or one-word name) that the NER missed is a named mention of the actor
        it names ("James Holt … Holt, however, warned"): a capitalised proper noun (without
        tags: capitalised, not opening a sentence) standing alone, outside every entity,
        after the actor's first mention. A word that two actors share as a surname, or that
        is another actor's first name, is left alone."""
        owners, first_name_of = name_word_owners(actors)
        tentative: dict[str, ActorCluster] = {}
        in_entities = {i for ent in self.doc.ents for i in range(ent.start, ent.end)}
        honorifics = self.lex.honorifics
        flags = self.doc.to_array([IS_ALPHA, IS_LOWER]).tolist()
        for i, (alpha, lower) in enumerate(flags):
            if not alpha or lower or i in in_entities:
                continue  # a name word is alphabetic and has a capital
            token = self.doc[i]
            if not self._lone_name_word(token):
                continue
            key = name_key(token, self.analyzer, self.has_lemma)
            candidates = owners.get(key, ())
            if len(candidates) != 1:
                continue  # unknown, or ambiguous: two actors share the name
            actor = candidates[0]
            if first_name_of.get(key, set()) - {actor.id}:
                continue  # "Holt" is also another actor's first name ("Holt Smith")
            if token.i < actor.mentions[0].end:
                continue  # before the actor is introduced
            span = self.doc[token.i : token.i + 1]
            honorific = honorific_group(span, honorifics)
            if honorific and actor.honorific and honorific != actor.honorific:
                continue  # "Mrs Holt" is not Mr James Holt
            if one_sided_title(honorific, honorific, actor):
                # "Morel" after "Mrs. Morel": maybe her, maybe another Morel (find_actor)
                actor = tentative.get(actor.id) or self._tentative_actor(actor, actors,
                                                                         tentative)
            actor.add(self._mention(span, MENTION_NAMED, keys=(key,), honorific=honorific))
            actor.display = actor.display or span.text
            self.in_names.add(token.i)
        for actor in actors:
            actor.mentions.sort(key=lambda m: m.start)

    @staticmethod
    def _tentative_actor(actor: ActorCluster, actors: list[ActorCluster],
                         tentative: dict[str, ActorCluster]) -> ActorCluster:
        """A new actor tentatively linked to ``actor``, one per actor for all its lone
        name words."""
        new = tentative[actor.id] = ActorCluster(f"A{len(actors) + 1}", tentative_of=actor)
        actors.append(new)
        return new

    def _lone_name_word(self, token) -> bool:
        """A capitalised proper noun with no other name word next to it."""
        def name_like(t) -> bool:
            if not t.text[:1].isupper() or not t.is_alpha:
                return False
            return t.pos_ == "PROPN" if self.has_pos else not sentence_initial(t)

        if not name_like(token):
            return False
        doc, honorifics = self.doc, self.lex.honorifics
        before = doc[token.i - 1] if token.i > 0 else None
        after = doc[token.i + 1] if token.i + 1 < len(doc) else None
        if before is not None and name_like(before) and (
                before.lower_.rstrip(".") not in honorifics):
            return False
        return after is None or not name_like(after)

    def noun_actors(self, actors: list[ActorCluster]) -> None:
        """Generic person nouns, one actor per lemma: the person nouns gender_lexicon marks
        ("die Frau", "жінка", "Designerin", "chairperson") and the profile's role nouns, which
        mark no gender ("the developer"). A noun's gender is its word's grammatical or
        lexical gender, or none: an occupation is never evidence. A plural ("the women
        protested") is a group of people, not an actor; a singular of the same lemma
        ("one woman said") is one."""
        by_lemma: dict[str, ActorCluster] = {}
        for token in self.doc:
            if token.i in self.in_names:
                continue
            lemma = token.lemma_.lower() if self.has_lemma and token.lemma_ else token.lower_
            if token._.get(TOKEN_GENDER_KIND) in _PERSON_NOUN_KINDS:
                if self._plural(token, lemma):
                    continue
            elif not self._role_noun(token, lemma):
                continue
            if token.i + 1 in self.in_names:
                continue  # the title of a name ("Mrs", "president Macron"), not a person
            actor = by_lemma.get(lemma)
            if actor is None:
                actor = by_lemma[lemma] = ActorCluster(f"A{len(actors) + 1}")
                actor.noun_gender = token._.get(TOKEN_GENDER)
                actors.append(actor)
            span = self.doc[token.i : token.i + 1]
            actor.add(self._mention(span, MENTION_NOUN, keys=(lemma,)), span)
            if not actor.display:
                actor.display = token.text

    def _plural(self, token, lemma: str) -> bool:
        """Whether a person noun is plural: by the tagger's morphology, else by the form the
        lexicon knows ("women", "Lehrerinnen")."""
        number = token.morph.get("Number") if self.has_morph else ()
        if number:
            return "Plur" in number
        if self.analyzer is not None:
            hit = self.lex.persons.lookup_readings(self.lex.token_readings(token))
        else:
            hit = self.lex.persons.lookup(token.lower_, lemma if self.has_lemma else None)
        return hit is not None and hit.number == "Plur"

    def _role_noun(self, token, lemma: str) -> bool:
        """An occupation or role noun of the profile, naming one person ("the developer";
        not "the developers", whom no singular pronoun refers to)."""
        if lemma not in self.lex.profile.role_nouns:
            return False
        if self.has_pos and token.pos_ != "NOUN":
            return False  # "to cook", "Baker" as a surname
        return "Plur" not in token.morph.get("Number")

    def pronoun_mentions(self) -> list[Mention]:
        mentions = []
        doc = self.doc
        for i in _indices_of_forms(doc, self.lex.pronouns):
            token = doc[i]
            if token.i in self.in_names or token.i in self.in_statements:
                continue
            readings = third_person_readings(token, self.lex.pronouns, self.lex.profile,
                                             has_pos=self.has_pos, has_morph=self.has_morph)
            tagged_plural = self.stated_they and readings is not None \
                and not any(r.number == "sing" for r in readings)
            if tagged_plural:
                # (the tagger reads every "they" as plural: where someone states they/them
                # pronouns, one may be theirs, which _attach_stated_they decides)
                readings = tuple(r for r in self.lex.pronouns.readings(token.lower_)
                                 if r.group == THEY)
            singular = [r for r in readings or () if r.number == "sing"]
            if not singular:
                continue  # not a pronoun, or plural only: plural "they" is no single actor
            span = self.doc[token.i : token.i + 1]
            mentions.append(self._mention(
                span, MENTION_PRONOUN, groups=frozenset(r.group for r in singular),
                pronoun_type=_pronoun_type(token, {r.type for r in singular}),
                tagged_plural=tagged_plural))
        return mentions


# gender_lexicon's marks of person nouns (extensions.TOKEN_GENDER_KIND).
_PERSON_NOUN_KINDS = frozenset(("noun", "job"))
_POSSESSIVE_DEPS = frozenset(("poss", "nmod:poss", "det:poss", "ag"))


def _pronoun_type(token, types: set[str]) -> str:
    """Which reading a pronoun has here: "her" is possessive before a noun, personal as an
    object. Binding treats the two differently, so the syntax decides where it can."""
    if len(types) == 1:
        return next(iter(types))
    if "possessive" in types and (token.dep_ in _POSSESSIVE_DEPS
                                  or "Yes" in token.morph.get("Poss")):
        return "possessive"
    if "reflexive" in types and "Yes" in token.morph.get("Reflex"):
        return "reflexive"
    return "personal" if "personal" in types else sorted(types)[0]


def _indices_of_forms(doc: Doc, table) -> list[int]:
    """The indices of the tokens whose lowercase form is one of the pronoun table's, found
    over the doc's LOWER array rather than by making a Token of every word."""
    if not len(doc):
        return []
    wanted = _form_hashes(table)
    return [i for i, form in enumerate(doc.to_array(LOWER).tolist()) if form in wanted]


@lru_cache(maxsize=8)
def _form_hashes(table) -> frozenset[int]:
    """The string-store hashes of a pronoun table's forms (the same in every vocab)."""
    return frozenset(hash_string(form) for form in table.forms())


def _sentence_index(doc: Doc) -> list[int]:
    """Each token's sentence number: a new sentence at token 0 and at each sent_start == 1
    (``is_sent_start`` True). Read as one array: a Python loop over the tokens cost ~1 ms a
    snippet."""
    if not len(doc):
        return []
    starts = doc.to_array(SENT_START) == 1
    starts[0] = True
    return (numpy.cumsum(starts) - 1).tolist()


def _store(doc: Doc, actors: list[ActorCluster], threshold: float) -> None:
    spans, data = [], {}
    for actor in actors:
        group, source = actor.final_group(threshold)
        data[actor.id] = {
            "name": actor.display,
            "group": group,
            "evidence": {
                "decided_by": source,
                "stated": actor.stated,
                "pronouns": dict(actor.pronouns),
                "honorific": actor.honorific,
                "agreement": dict(actor.agreement),
                "first_name": actor.first_name,
            },
        }
        for mention in actor.mentions:
            spans.append(Span(doc, mention.start, mention.end, label=group, kb_id=actor.id,
                              span_id=mention.kind))
    doc.spans[SPANS_ACTOR_MENTIONS] = sorted(spans, key=lambda s: (s.start, s.end))
    doc._.set(DOC_ACTOR_DATA, data)
