"""Swap the gender of person nouns and what agrees with them in a Doc with no parse: the
clause walk.

The fallback of a language whose profile sets ``bare_fallback: "clause_walk"`` (Ukrainian,
through pymorphy3) for a bare tokenizer's Doc, where the parse-based steps
(:mod:`..steps`) would have no structure to read: the words agreeing with a person come
from the clause walk of :mod:`.agreement`, which reads pymorphy3's readings and word order,
and the rules of ``lang/uk/swap_rules.tsv`` decide what the parse would show. One swap of one
Doc is an :class:`.engine._MorphSwapper`:

1. a singular person noun with a counterpart in the lexicon (лікар ↔ лікарка) is replaced by
   the counterpart lemma re-inflected to the original case (лікаря → лікарки);
2. the words that agree with it change gender too: the contiguous modifiers before it
   (черговий → чергова) and, for a nominative subject, the past-tense verb of its clause
   (поінформував → поінформувала), and any other past-tense verb of its gender whose clause
   has no subject of its own;
3. a common-gender noun (суддя) stays; its agreeing words change; so does a masculine title
   whose words are feminine ("наукова керівник") when the woman it names is swapped;
4. plural nouns (unless a job entity, the group being the referent, or a title predicated
   of people: "Власниками є Павло і Петро") stay unchanged, and so, in the directions that
   turn one gender, does a person noun in the genitive right after another person noun (the
   possessor: "Син директора"; under invert every person turns);
4a. third-person singular pronouns change by the profile's ``pronoun_pairs.tsv`` (він ↔
   вона, йому ↔ їй), and a nominative one takes its verb along (він прийшов → вона прийшла);
5. a word whose counterpart or form the lexicon and the analyser do not know is left as it is
   and reported: nothing is invented.

Every change is an :class:`..edits.Edit` (token index, old, new, reason). A Doc of many
sentences is swapped one sentence at a time (:mod:`.sentences`): each is one swap, handed what
the sentences before it found (the readers of their pronouns' antecedents, the persons they
swapped, the names they chose).
"""

import random
from dataclasses import replace
from functools import partial

from spacy.tokens import Doc, Token

from ...lexicon import Lexicon
from ...tokens import is_word
from ..direction import LazyRandom, by_direction, check_direction
from ..edits import Edit
from ..names.swapper import NameSwapper
from .antecedents import CONTEXT_SENTENCES, AntecedentReader
from .clauses import DocReadings
from .engine import _MorphSwapper
from .sentences import sentence_bounds
from .words import swap_words


def swap_edits(doc: Doc, lexicon: Lexicon, direction: str = "invert",
               names: NameSwapper | None = None, rng: random.Random | None = None
               ) -> list[Edit]:
    """The edits that swap the gender of the persons of ``doc``, sentence by sentence
    (``sentences.py``): each sentence is one swap, its pronouns reading their antecedents
    back into the sentences before it, and a person keeps one new name throughout.

    names (NameSwapper | None): swaps person names too when given (else names stay).
    rng (random.Random | None): draws the replacement first names; seeded from the text
        when not given, so one sentence always gets the same names.
    """
    check_direction(direction)
    if lexicon.analyzer is None:
        raise ValueError(f"Swapping by morphology needs a morphological analyser; the "
                         f"'{lexicon.profile.code}' profile has none")
    rng = rng or LazyRandom(lambda: doc.text)
    bounds = sentence_bounds(doc, partial(_abbreviation, lexicon))
    if len(bounds) < 2:
        return _SentenceSwap(lexicon, direction, names, rng).edits(doc)
    # (the names are read in the whole Doc: a bare surname is the person named in full
    # in an earlier sentence)
    spans = names.name_spans(doc, doc.ents) if names is not None else None
    state = rng.getstate()
    sentence_swap = _SentenceSwap(lexicon, direction, names, rng)
    edits = _sentence_edits(doc, bounds, spans, sentence_swap)
    roles = sentence_swap.organisation_roles
    if roles and any(edit.new and edit.reason.partition(" -> ")[0] in roles for edit in edits):
        # a role turned before the sentence that says it is an organisation's ("Позивач
        # звернувся … . Позивачем є фонд"): the document is swapped again knowing it
        rng.setstate(state)
        sentence_swap = _SentenceSwap(lexicon, direction, names, rng)
        sentence_swap.organisation_roles = set(roles)
        edits = _sentence_edits(doc, bounds, spans, sentence_swap)
    return edits


def _sentence_edits(doc: Doc, bounds, spans, sentence_swap: "_SentenceSwap") -> list[Edit]:
    """The edits of each sentence of ``doc`` (``bounds``), swapped in order."""
    edits = []
    for start, end in bounds:
        own = None if spans is None else [(a - start, b - start) for a, b in spans
                                          if start <= a and b <= end]
        edits += [replace(edit, i=edit.i + start)
                  for edit in sentence_swap.edits(doc[start:end].as_doc(), own)]
    return edits


def _abbreviation(lexicon: Lexicon, word: str) -> bool:
    """Whether a lower-case word before a full stop is an abbreviation: one the analyser
    does not know ("ім", "вул"), or an eponym marker of the profile ("м", "с")."""
    return word in lexicon.profile.eponym_markers or not lexicon.analyzer.is_known(word)


class _SentenceSwap:
    """The swaps of the sentences of one Doc, in order: what one sentence's swap hands to
    the next (the antecedents it read, the names it chose)."""

    def __init__(self, lexicon: Lexicon, direction: str, names: NameSwapper | None,
                 rng: random.Random) -> None:
        self.lexicon, self.direction, self.names, self.rng = lexicon, direction, names, rng
        self.context: AntecedentReader | None = None
        # (one person, one new name: first names and surnames chosen so far)
        self.chosen_names: dict[str, str | None] = {}
        self.surnames: dict[str, str | None] = {}
        # the genders of the singular persons swapped in the sentences before, and of their
        # subjects (the last sentence with a person in it)
        self.genders: set[str] = set()
        self.subjects: set[str] = set()
        self.since = 0  # (sentences since that one)
        # the person nouns said of an organisation so far (engine.organisation_roles)
        self.organisation_roles: set[str] = set()

    def edits(self, doc: Doc, name_spans: list[tuple[int, int]] | None = None) -> list[Edit]:
        """The edits of the sentence ``doc``; ``name_spans``: its names, where the whole
        Doc was read for them."""
        lexicon, direction, names, rng = self.lexicon, self.direction, self.names, self.rng
        shared = DocReadings(doc)
        self.since += 1
        if self.since > CONTEXT_SENTENCES:
            self.genders, self.subjects = set(), set()  # (too far back to carry on)
        if not self.genders and not name_spans and not _names_a_person(
                doc, shared.tokens, lexicon, names if name_spans is None else None,
                speakers=direction == "invert"):
            # (most sentences of a corpus: nothing to look at twice; what a later pronoun
            # may stand for in it is read only if one asks)
            self._read_on(_LazyReader(lambda: _MorphSwapper(
                doc, lexicon, direction, names, rng, shared).antecedents))
            return []
        kept_generic = False
        made: list[tuple[list[Edit], _MorphSwapper]] = []

        def swapper(way: str, keep_generic: bool = False) -> _MorphSwapper:
            engine = _MorphSwapper(doc, lexicon, way, names, rng, shared,
                                   keep_generic=keep_generic)
            engine.chosen_names = dict(self.chosen_names)
            engine.surnames = dict(self.surnames)
            engine.antecedents.context = self.context
            engine.context_genders, engine.context_subjects = self.genders, self.subjects
            engine.organisation_roles = set(self.organisation_roles)
            engine.name_spans = name_spans
            # (a speaker and a possessor turn only where every person does: feminine_first's
            # lines keep theirs, as NER-UK's references do)
            engine.every_person = direction == "invert"
            engine.possessors_stay = lexicon.profile.possessors_stay and not engine.every_person
            return engine

        def swap(way: str) -> list[Edit]:
            # feminine_first's to_feminine try looks for men: a woman's generic masculine
            # title ("етнограф Лілія Мусіхіна") is hers and stays, and a Doc naming only
            # such women is inverted (she becomes a man, and keeps it); where men are found,
            # or where nothing can be inverted ("Кокседж числилась номінальним директором":
            # a surname with no masculine form known), her title takes the feminine as in
            # to_feminine
            nonlocal kept_generic
            first_try = direction == "feminine_first" and way == "to_feminine"
            state = rng.getstate() if first_try else None
            engine = swapper(way, keep_generic=first_try)
            edits = engine.edits()
            if first_try:
                kept_generic = engine.kept_generic
                if edits and kept_generic:
                    rng.setstate(state)
                    engine = swapper(way)
                    edits = engine.edits()
            elif direction == "feminine_first" and not edits and kept_generic and any(
                    span.label_ in lexicon.profile.person_labels for span in doc.ents):
                # (a named woman's: "«Діта» стала переможцем" is a firm's generic title)
                engine = swapper("to_feminine")
                edits = engine.edits()
            made.append((edits, engine))
            return edits

        edits = by_direction(direction, swap, rng)
        engine = next(engine for made_edits, engine in made if made_edits is edits)
        self.chosen_names, self.surnames = engine.chosen_names, engine.surnames
        self.organisation_roles = engine.organisation_roles
        if engine.singular_genders:
            self.genders = set(engine.singular_genders)
            self.subjects = set(engine.subject_genders)
            self.since = 0
        elif engine.speaker_genders:
            # (a speaker's verbs turned, no third person: the subject a later sentence
            # leaves out may be the speaker's, "Я бігла. Коли перетнула фініш, …")
            self.subjects = set(engine.speaker_genders)
            self.since = 0
        self._read_on(engine.antecedents)
        return edits

    def _read_on(self, reader) -> None:
        """Make ``reader`` (this sentence's) the context of the next sentence, with the
        readers of at most ``CONTEXT_SENTENCES`` sentences in all (older ones let go)."""
        reader.context, self.context = self.context, reader
        last = reader
        for _ in range(CONTEXT_SENTENCES - 1):
            if last.context is None:
                return
            last = last.context
        last.context = None


class _LazyReader:
    """The antecedent reader of a sentence with no person word, made only when a pronoun of
    a later sentence reads back into it (most never do)."""

    def __init__(self, make) -> None:
        self._make = make
        self._reader: AntecedentReader | None = None
        self.context = None

    def _read(self) -> AntecedentReader:
        if self._reader is None:
            self._reader = self._make()
        return self._reader

    @property
    def tokens(self):
        return self._read().tokens

    def _candidate(self, k: int, genders: frozenset, nominative: bool) -> bool | None:
        return self._read()._candidate(k, genders, nominative)

    def _person_before(self, k: int, genders: frozenset, nominative: bool) -> bool:
        return self._read()._person_before(k, genders, nominative)


def _names_a_person(doc: Doc, tokens: list[Token], lexicon: Lexicon,
                    names: NameSwapper | None, speakers: bool = False) -> bool:
    """Whether ``doc`` (its ``tokens``) has a word that may name a person — a person
    noun or its possessive adjective, a gendered pronoun, a name, a job entity (reported
    when the lexicon knows none of its words), with ``speakers`` a speaker's pronoun (я,
    ти: the words agreeing with it turn under invert) — the only words a swap starts from."""
    pronouns = swap_words(lexicon).pronoun_gender
    persons = lexicon.persons
    speakers = lexicon.profile.speaker_pronouns if speakers else frozenset()
    possessives = lexicon.possessives
    if any(is_word(token) and (token.lower_ in pronouns or token.lower_ in speakers
                               or persons.may_be_person_noun(token.lower_)
                               or possessives.of_word(token.lower_)) for token in tokens):
        return True
    if any(span.label_ in lexicon.profile.job_labels for span in doc.ents):
        return True
    return names is not None and bool(names.name_spans(doc))
