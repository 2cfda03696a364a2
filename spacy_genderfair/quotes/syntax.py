"""Token-level helpers shared by the quote engines: sentences, subjects and noun phrases.

Everything works on a parsed document (ClearNLP, UD or TIGER labels) and degrades to
punctuation-based sentences when there is no parser or sentencizer.
"""

from spacy.tokens import Doc, Token

from .cues import (
    APPOSITION_BREAKS,
    APPOSITION_DEPS,
    NP_DEPS,
    RELATIVE_CLAUSE_DEPS,
    SENTENCE_END,
    SUBJECT_CLIMB_DEPS,
    QuoteCues,
)

_RELATIVE_TAGS = frozenset(("WP", "WDT", "PRELS", "PRELAT"))
_MAX_CLIMB = 3


def is_sentence_end(token: Token) -> bool:
    """A token of sentence-final punctuation only (".", "?!", "…")."""
    return bool(token.text) and all(ch in SENTENCE_END for ch in token.text)


def is_line_break(token: Token) -> bool:
    return token.is_space and "\n" in token.text


def is_paragraph_break(token: Token) -> bool:
    """A blank line. A single line break may be a hard wrap inside a sentence."""
    return token.is_space and token.text.count("\n") >= 2


def sentence_bounds(doc: Doc) -> list[tuple[int, int]]:
    """Token ranges of the sentences: the parser's or sentencizer's when set, otherwise split
    after sentence-final punctuation (and the closing marks right after it) and at blank lines.
    """
    if doc.has_annotation("SENT_START"):
        return [(sent.start, sent.end) for sent in doc.sents]
    bounds, start, n = [], 0, len(doc)
    i = 0
    while i < n:
        token = doc[i]
        if is_paragraph_break(token) or is_sentence_end(token):
            i += 1
            # Closing quotes/brackets after the full stop belong to the sentence they end.
            while i < n and (doc[i].is_punct and not doc[i].is_left_punct
                             and not is_sentence_end(doc[i])):
                i += 1
            if i > start:
                bounds.append((start, i))
            start = i
            continue
        i += 1
    if start < n:
        bounds.append((start, n))
    return bounds


def subject_of(verb: Token, cues: QuoteCues) -> Token | None:
    """The (non-passive) subject of ``verb``, looking through verb chains and coordination
    (TIGER "hat -oc-> gesagt", "lächelte und sagte") and from a relative pronoun to its
    antecedent ("Merkel, who said …" → Merkel).

    verb (Token): the reporting verb.
    cues (QuoteCues): the language's cues (subject labels).
    RETURNS (Optional[Token]): the subject's head token, or None.
    """
    current = verb
    for _ in range(_MAX_CLIMB + 1):
        subject = next((c for c in current.children if cues.is_subject(c)), None)
        if subject is not None:
            if _is_relative_pronoun(subject) and current.dep_ in RELATIVE_CLAUSE_DEPS:
                return current.head
            return subject
        if current.dep_ not in SUBJECT_CLIMB_DEPS or current.head.i == current.i:
            return None
        current = current.head
    return None


def _is_relative_pronoun(token: Token) -> bool:
    return "Rel" in token.morph.get("PronType") or token.tag_ in _RELATIVE_TAGS


def noun_phrase(token: Token) -> tuple[int, int]:
    """The token range of the noun phrase headed by ``token``: its determiners, modifiers,
    name parts and prepositional/genitive modifiers, without relative clauses, coordinated
    phrases or appositions set off by commas ("Angela Merkel, who …" → "Angela Merkel").

    token (Token): the head of the noun phrase.
    RETURNS (tuple[int, int]): (start, end) token indices.
    """
    start, end = token.i, token.i + 1
    doc = token.doc
    for child in sorted(token.children, key=lambda t: -t.i if t.i < token.i else t.i):
        left, right = child.left_edge.i, child.right_edge.i + 1
        if child.dep_ in APPOSITION_DEPS:
            if any(t.text in APPOSITION_BREAKS for t in doc[left:right]):
                continue
        elif child.dep_ not in NP_DEPS:
            continue
        # Only modifiers that touch the phrase so far (or overlap it, in a non-projective
        # parse): a comma or an apposition in between ends it.
        if left <= end and right >= start:
            start, end = min(start, left), max(end, right)
    while doc[start].is_punct and start < token.i:
        start += 1
    while doc[end - 1].is_punct and end - 1 > token.i:
        end -= 1
    return start, end
