"""A displaCy span view of a document's actors and quotes.

Actor mentions are coloured by pronoun group and labelled with their actor ("A1 she/her");
quotes are labelled with their type and speaker ("direct ← A1"). Uses spaCy's own displaCy
span renderer with manual data, so nothing is added to the Doc.
"""

from spacy import displacy
from spacy.tokens import Doc

from .extensions import (
    HE,
    SHE,
    SPANS_ACTOR_MENTIONS,
    SPANS_QUOTES,
    THEY,
    UNKNOWN_GROUP,
)

GROUP_COLORS = {SHE: "#f4a6c6", HE: "#8ec5ff", THEY: "#b9e4a7", UNKNOWN_GROUP: "#d9d9d9"}
QUOTE_COLORS = {"direct": "#ffd27f", "indirect": "#e0c3fc"}
__all__ = ["GROUP_COLORS", "QUOTE_COLORS", "render", "view_data"]


def view_data(doc: Doc) -> tuple[dict, dict]:
    """The displaCy span data (manual format) and the label colours for ``doc``."""
    spans, colors = [], {}
    for mention in doc.spans.get(SPANS_ACTOR_MENTIONS, []):
        label = f"{mention.kb_id_} {mention.label_}"
        colors[label] = GROUP_COLORS.get(mention.label_, GROUP_COLORS[UNKNOWN_GROUP])
        spans.append({"start_token": mention.start, "end_token": mention.end, "label": label})
    for quote in doc.spans.get(SPANS_QUOTES, []):
        label = f"{quote.label_} ← {quote.kb_id_ or '?'}"
        colors[label] = QUOTE_COLORS.get(quote.label_, "#eeeeee")
        spans.append({"start_token": quote.start, "end_token": quote.end, "label": label})
    data = {"text": doc.text, "tokens": [t.text for t in doc],
            "spans": sorted(spans, key=lambda s: (s["start_token"], -s["end_token"]))}
    return data, colors


def render(doc: Doc, *, page: bool = False, jupyter: bool | None = None) -> str:
    """Render the actors and quotes of ``doc`` as HTML (displaCy "span" style).

    doc (Doc): a document processed by actor_linker (and quote_typer, for quotes).
    page (bool): return a full HTML page rather than a fragment. Defaults to False.
    jupyter (bool | None): display in a notebook (displaCy's auto-detection when None).
    RETURNS (str): the HTML.
    """
    data, colors = view_data(doc)
    return displacy.render(data, style="span", manual=True, page=page, jupyter=jupyter,
                           options={"colors": colors})
