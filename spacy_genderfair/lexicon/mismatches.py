"""Job-title/referent mismatches (``doc.spans["gender_mismatch"]``): a masculine job title
said of a woman, by a feminine modifier ("найкраща лікар") or a feminine subject of the title
as predicate ("Anna ist Lehrer")."""

from spacy.tokens import Span, Token

from ..extensions import FEMININE, MASCULINE

_MODIFIER_DEPS = frozenset(("amod", "det", "nk"))  # UD + TIGER noun-kernel modifiers
_SUBJECT_DEPS = frozenset(("nsubj", "sb"))


class MismatchFinder:
    """Reads the marks of one ``DocumentMarker`` pass (its doc, person-noun hits and token
    genders) and finds the mismatches among them.

    marker (DocumentMarker): the pass, after its tokens are marked.
    """

    def __init__(self, marker) -> None:
        self.marker = marker

    def spans(self) -> list[Span]:
        """A masculine job title said of a woman: "найкраща лікар", "Anna ist Lehrer"."""
        spans = []
        for i, (hit, number) in sorted(self.marker.hits.items()):
            if hit.entry.gender != MASCULINE or hit.entry.kind != "job" or number == "Plur":
                continue
            token = self.marker.doc[i]
            evidence = self._feminine_modifier(token, hit.case)
            label = "modifier"
            if evidence is None and self.marker.has_dep:
                evidence, label = self._feminine_subject(token), "predicate"
            if evidence is not None:
                start, end = min(evidence.i, i), max(evidence.i, i) + 1
                spans.append(Span(self.marker.doc, start, end, label=label))
        return spans

    def _feminine_modifier(self, token: Token, case: str | None) -> Token | None:
        if self.marker.has_dep:
            candidates = [c for c in token.children if c.dep_ in _MODIFIER_DEPS]
        else:
            candidates = []
            for j in range(token.i - 1, -1, -1):  # contiguous modifiers before the noun
                left = self.marker.doc[j]
                if not self._is_modifier(left):
                    break
                candidates.append(left)
        for candidate in candidates:
            if self._is_feminine_agreement(candidate, case):
                return candidate
        return None

    def _is_modifier(self, token: Token) -> bool:
        if self.marker.analyzer is not None:
            readings = self.marker.analyzer.analyze(token.lower_)
            return bool(readings) and all(r.pos == "ADJ" for r in readings)
        return token.pos_ in ("ADJ", "DET")

    def _is_feminine_agreement(self, token: Token, case: str | None) -> bool:
        if self.marker.analyzer is None:
            # German plural articles carry no gender: "die Köche" is no feminine modifier.
            return token.morph.get("Gender") == ["Fem"] and "Plur" not in token.morph.get("Number")
        readings = [r for r in self.marker.analyzer.analyze(token.lower_)
                    if case is None or r.case == case]
        return bool(readings) and all(r.gender == "Fem" for r in readings)

    def _feminine_subject(self, token: Token) -> Token | None:
        if not any(c.dep_ == "cop" for c in token.children) and token.dep_ != "ROOT":
            return None
        for child in token.children:
            if child.dep_ in _SUBJECT_DEPS:
                name_tokens = [child, *(t for t in child.children if t.dep_.startswith("flat"))]
                if any(self.marker.gender.get(t.i) == FEMININE for t in name_tokens):
                    return child
        return None
