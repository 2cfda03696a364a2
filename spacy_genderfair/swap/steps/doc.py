"""One Doc's swap by the steps in one direction: the Doc and what its pipeline annotated, the
language's tables, and the edits made so far, which every step of the package reads and
adds to."""

from functools import cached_property

from spacy.tokens import Doc, Token

from ...lexicon import Lexicon
from ...tokens import first
from ..direction import wanted
from ..edits import Edit
from ..inflection import AnalyzerInflection
from .graph import AgreementGraph
from .tables import tables_of


class DocSwap:
    """The Doc being swapped, its annotation and its edits (token index → edit)."""

    def __init__(self, doc: Doc, lexicon: Lexicon, direction: str,
                 read_parse: bool = True, possessors_stay: bool | None = None) -> None:
        self.doc = doc
        self.lex = lexicon
        self.profile = lexicon.profile
        self.tables = tables_of(lexicon)
        self.direction = direction
        # (whether a person noun's person noun possessor stays: the profile's corpus
        # convention, which the caller keeps for the directions that turn one gender)
        self.possessors_stay = self.profile.possessors_stay if possessors_stay is None \
            else possessors_stay
        # the forms of a language whose analyser declines (Ukrainian) come from it, the
        # others' from the tables
        self.inflection = AnalyzerInflection(lexicon) if lexicon.analyzer is not None else None
        # has_annotation scans the doc: once per doc, not per token.
        self.has_pos = doc.has_annotation("POS")
        self.has_morph = doc.has_annotation("MORPH")
        self.has_dep = read_parse and doc.has_annotation("DEP")
        self.has_ents = doc.has_annotation("ENT_IOB")
        self.edits_by_token: dict[int, Edit] = {}
        # what the steps read for every token, each into attributes of its own (one lookup,
        # not two); they ask the questions below of this object
        self.shared = (doc, lexicon, self.profile, self.tables, self.has_pos, self.has_morph,
                       self.has_dep, self.has_ents, self.edits_by_token)

    @cached_property
    def graph(self) -> AgreementGraph | None:
        """Which words agree with which, from the parse (None without one); built when a
        person is found, not for every Doc."""
        return AgreementGraph(self.doc, self.profile) if self.has_dep else None

    def wanted(self, gender: str) -> bool:
        return wanted(self.direction, gender)

    def record(self, token: Token, new: str | None, reason: str, replace: bool = False) -> None:
        if replace or token.i not in self.edits_by_token:
            self.edits_by_token[token.i] = Edit(token.i, token.text, new, reason)

    def morph(self, token: Token, feature: str) -> str | None:
        return first(token.morph.get(feature)) if self.has_morph else None

    def case(self, token: Token) -> str | None:
        case = self.morph(token, "Case")
        return case.lower() if case else None
