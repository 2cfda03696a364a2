"""Counterfactual gender swapping: one entry point for every language.

``swap_edits(doc, lexicon, ...)`` picks the engine from the language profile's ``swap_engine``:
"morphological" languages (Ukrainian, through pymorphy3) are swapped by re-inflection
(:mod:`.morphology`); "lexical" ones (English, German, Portuguese) from the lexicon and the
pipeline's own tags, morphology and parse (:mod:`.lexical`). Person names are swapped by
:class:`.names.NameSwapper` in both. ``apply_edits`` gives the swapped text and
:func:`.realign.swapped_doc` the swapped Doc with entities re-aligned.
"""

import random
from dataclasses import replace
from functools import partial

from spacy.tokens import Doc

from ..lexicon import Lexicon
from .direction import DIRECTIONS, LazyRandom, by_direction, check_direction, wanted
from .edits import Edit, apply_edits, match_case
from .morphology import swap_edits as morph_swap_edits
from .name_lists import NameList, read_name_list
from .names import NameSwapper
from .realign import swapped_doc

__all__ = ["DIRECTIONS", "Edit", "NameList", "NameSwapper", "apply_edits", "match_case",
           "read_name_list", "swap_edits", "swapped_doc"]


def swap_edits(doc: Doc, lexicon: Lexicon, direction: str = "invert",
               names: NameSwapper | None = None, rng: random.Random | None = None
               ) -> list[Edit]:
    """The edits that swap the gender of the persons of ``doc``, sorted by token.

    doc (Doc): the document; its entities, tags, morphology and parse are used when present.
    lexicon (Lexicon): the language's lexicon (``get_lexicon(lang)``).
    direction (str): "invert" (masculine <-> feminine), "to_feminine", "to_masculine" or
        "feminine_first" (to_feminine, or invert when nothing masculine is found; see
        :mod:`.direction`).
    names (NameSwapper | None): also swap person names; None keeps them.
    rng (random.Random | None): draws replacement first names; by default seeded from the
        text, so a sentence always gets the same names.
    RETURNS (list[Edit]): one edit per changed token; ``new`` is the word as the swapped text
        writes it (capitalised like ``old``), or None where a change was due but no form is
        known (the word is kept and the edit reports it).
    """
    check_direction(direction)
    rng = rng or LazyRandom(lambda: doc.text)
    if lexicon.profile.swap_engine == "morphological":
        edits = morph_swap_edits(doc, lexicon, direction, names, rng)
    else:
        edits = by_direction(direction, partial(_lexical_swap_edits, doc, lexicon, names, rng),
                             rng)
    # (the engines find forms in lower case; the text shows them as written)
    return [edit if edit.new is None else replace(edit, new=match_case(edit.old, edit.new))
            for edit in edits]


def _lexical_swap_edits(doc: Doc, lexicon: Lexicon, names: NameSwapper | None,
                        rng: random.Random, direction: str) -> list[Edit]:
    from .lexical import lexical_swap_edits

    by_token: dict[int, Edit] = {}
    swapped_names = []
    if names is not None:
        chosen: dict = {}
        for span in names.name_spans(doc):
            edits, mention = names.swap(doc, span, rng, chosen, partial(wanted, direction))
            for edit in edits:
                by_token[edit.i] = Edit(edit.i, doc[edit.i].text, edit.new, edit.reason)
            if mention is not None and mention.swapped and any(e.new for e in edits):
                swapped_names.append(mention)
    for edit in lexical_swap_edits(doc, lexicon, direction, swapped_names):
        by_token.setdefault(edit.i, edit)
    return [by_token[i] for i in sorted(by_token)]
