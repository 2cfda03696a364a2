"""Helpers shared by the swap tests."""

from spacy.tokens import Doc, Span


def doc_with_entities(nlp, text: str, entities) -> Doc:
    """A bare Doc of ``text`` with entities given as (label, words), found in order."""
    doc = nlp.make_doc(text)
    spans, start = [], 0
    for label, words in entities:
        n = len(nlp.make_doc(words))
        start = next(i for i in range(start, len(doc)) if doc[i:i + n].text == words)
        spans.append(Span(doc, start, start + n, label))
        start += n
    doc.ents = spans
    return doc
