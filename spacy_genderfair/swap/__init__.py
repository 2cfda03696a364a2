"""Counterfactual gender swapping: one engine for every language.

``swap_edits(doc, lexicon, ...)`` reads the Doc's annotation and the language profile:

1. structure: the agreement graph of the Doc's dependency parse (:mod:`.steps.graph`: modifiers,
   subject-predicate, predicate complements, relative pronouns, apposition, in UD labels);
2. target selection: the person nouns of the lexicon, titles, names and third-person
   pronouns, and the exclusions the parse and morphology show (a thing's pronoun, a title
   predicated of a thing or a group, a name in quotes) (:mod:`.steps.nouns`,
   :mod:`.steps.pronouns`; names by :class:`.names.NameSwapper`);
3. re-inflection: the other gender's forms from the morphological analyser where the
   language has one (Ukrainian, pymorphy3: :mod:`.inflection`), else from the profile's
   tables (English, German, Portuguese: :mod:`.steps.tables`).

A Doc without a parse gets each step's fallback (the table words before a noun, the phrase
opening the sentence); a language whose profile sets ``bare_fallback: "clause_walk"``
(Ukrainian) swaps a bare tokenizer's Doc by its clause walk instead (:mod:`.walk`),
which reads the structure from pymorphy3's readings and word order. ``apply_edits`` gives the
swapped text and :func:`.realign.swapped_doc` the swapped Doc with entities re-aligned.
"""

import random
from dataclasses import replace
from functools import partial

from spacy.tokens import Doc

from ..lexicon import Lexicon
from .direction import DIRECTIONS, LazyRandom, by_direction, check_direction, wanted
from .edits import Edit, apply_edits, match_case
from .euphony import euphony_edits
from .names.lists import NameList, read_name_list
from .names.swapper import NameSwapper
from .realign import swapped_doc
from .steps import step_swap_edits
from .steps.graph import MODIFIER, PREDICATE_COMPLEMENT, SUBJECT_PREDICATE, AgreementGraph
from .walk import swap_edits as clause_walk_swap_edits

__all__ = ["DIRECTIONS", "Edit", "NameList", "NameSwapper", "apply_edits", "match_case",
           "read_name_list", "swap_edits", "swapped_doc"]


def swap_edits(doc: Doc, lexicon: Lexicon, direction: str = "invert",
               names: NameSwapper | None = None, rng: random.Random | None = None, *,
               read_parse: bool | None = None) -> list[Edit]:
    """The edits that swap the gender of the persons of ``doc``, sorted by token.

    doc (Doc): the document; its entities, tags, morphology and parse are used when present.
    lexicon (Lexicon): the language's lexicon (``get_lexicon(lang)``).
    direction (str): "invert" (masculine <-> feminine), "to_feminine", "to_masculine" or
        "feminine_first" (to_feminine, or invert when nothing masculine is found; see
        :mod:`.direction`).
    names (NameSwapper | None): also swap person names; None keeps them.
    rng (random.Random | None): draws replacement first names; by default seeded from the
        text, so a sentence always gets the same names.
    read_parse (bool | None): read the agreement from the Doc's dependency parse where it
        has one; False swaps it as a bare tokenizer's Doc (Ukrainian: the clause walk); None
        (the default) does what the profile's ``read_parse`` says.
    RETURNS (list[Edit]): one edit per changed token; ``new`` is the word as the swapped text
        writes it (capitalised like ``old``), or None where a change was due but no form is
        known (the word is kept and the edit reports it).
    """
    check_direction(direction)
    rng = rng or LazyRandom(lambda: doc.text)
    if read_parse is None:
        read_parse = lexicon.profile.read_parse
    parsed = read_parse and doc.has_annotation("DEP")
    if lexicon.profile.bare_fallback == "clause_walk" and not parsed:
        edits = clause_walk_swap_edits(doc, lexicon, direction, names, rng)
    else:
        edits = by_direction(direction, partial(_swap_by_steps, doc, lexicon, names, rng,
                                                parsed), rng)
    # (the engines find forms in lower case; the text shows them as written)
    return [edit if edit.new is None else replace(edit, new=match_case(edit.old, edit.new))
            for edit in edits]


def _swap_by_steps(doc: Doc, lexicon: Lexicon, names: NameSwapper | None,
                   rng: random.Random, parsed: bool, direction: str) -> list[Edit]:
    by_token: dict[int, Edit] = {}
    swapped_names = []
    if names is not None:
        chosen: dict = {}
        graph = AgreementGraph.of(doc, lexicon.profile) if parsed else None
        context = partial(_context_gender, graph, doc)
        surnames: dict = {}
        for span in names.name_spans(doc):
            edits, mention = names.swap(doc, span, rng, chosen, partial(wanted, direction),
                                        context, surnames, tagged=parsed)
            for edit in edits:
                by_token[edit.i] = Edit(edit.i, doc[edit.i].text, edit.new, edit.reason)
            if mention is not None and mention.swapped and any(e.new for e in edits):
                swapped_names.append(mention)
    for edit in step_swap_edits(doc, lexicon, direction, swapped_names, read_parse=parsed):
        by_token.setdefault(edit.i, edit)
    # ("він уже" → "вона вже": a particle after a swapped word, names too)
    new_words = {i: edit.new for i, edit in by_token.items() if edit.new}
    for i, form in euphony_edits(list(doc), new_words, lexicon.profile):
        by_token[i] = Edit(i, doc[i].text, form, "euphony")
    return [by_token[i] for i in sorted(by_token)]


def _context_gender(graph: AgreementGraph | None, doc: Doc, start: int, end: int,
                    case: str | None, relative: bool = False) -> str | None:
    """The gender the words agreeing with the name at [start, end) show in the parse (its
    verb, modifiers, predicate: "Косенко був"), else, with ``relative``, its relative
    pronoun's; None without a parse or where none shows one."""
    if graph is None:
        return None
    head = doc[start:end].root.i
    relations = None if relative else frozenset(
        {MODIFIER, SUBJECT_PREDICATE, PREDICATE_COMPLEMENT})
    for edge in graph.targets(head, relations):
        gender = set(doc[edge.target].morph.get("Gender")) & {"Masc", "Fem"}
        if len(gender) == 1:
            return gender.pop()
    return None
