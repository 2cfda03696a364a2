"""German gold data for the audit: 18 sentences of the UD German GSD treebank with persons,
gender-inclusive forms and generic masculine plurals, as Docs with gold POS, morphology and
dependencies, and PER entities added by hand.

GSD has no entity layer, so the persons are listed here, per sent_id, as token spans of the
Doc that ``tests.conftest.ud_doc`` builds (multiword tokens expanded: "im" -> "in dem"). Each
span carries the name it covers, so a treebank release that moves a token shows up at once.
The hand counts for these sentences are in ``tests/audit/data/de_gold_counts.json``. GSD is
1990s news and reviews: it has paired forms and one Binnen-I, but no gender star or colon.
"""

from pathlib import Path

from spacy.tokens import Doc, DocBin, Span

from tests.conftest import ud_doc

DOCBIN_NAME = "de_gsd_gold.spacy"

# sent_id -> {(start, end): the name the token span covers}; an empty dict: no person.
GOLD_PERSONS: dict[str, dict[tuple[int, int], str]] = {
    "dev-s559": {(6, 7): "Scharping"},  # Die Genossinnen und Genossen, die Scharping anspricht
    "dev-s622": {},  # der Wille der Bürgerinnen und Bürger
    "test-s860": {},  # Kolleginnen und Kollegen, ich weiß, daß ...
    "test-s939": {},  # zwei Drittel der BerlinerInnen
    "test-s6": {},  # Bei den Damen und Herren des besagten Mobilfunkanbieters
    "dev-s688": {},  # -``Wie ... bei vielen Arbeitnehmerinnen und Arbeitnehmern überwinden?''
    "dev-s616": {(18, 20): "Norbert Schäfer"},  # ``... externen Prüfer'', sagt Sprecher ...
    "dev-s580": {(10, 12): "Bodo Schwartz"},  # Der Vorsitzende ..., Bodo Schwartz, forderte
    "dev-s599": {(4, 6): "Lothar Bisky"},  # ... äußerte die Hoffnung, daß die Sozialdemokraten
    "dev-s653": {(1, 2): "Mitterrand", (8, 10): "Bernard Kouchner"},  # Frau Mitterrand und ...
    "test-s315": {(2, 4): "Boris Jelzin", (13, 15): "Tatjana Paramonowa"},
    "test-s483": {(15, 17): "Erich Priebke"},  # ... und so den Weg für seine Auslieferung
    "dev-s756": {(1, 3): "Helmut Kohl"},  # Bundeskanzler Helmut Kohl erklärte, ...
    "test-s709": {(7, 9): "Helmut Kohl"},  # Eröffnet wird ... von Bundeskanzler Helmut Kohl
    "test-s693": {(7, 9): "Norman Stone"},  # Herausgegeben würden sie von dem ... Norman Stone
    "dev-s129": {(13, 15): "Michael Walther"},  # ... von dem Inhaber Michael Walther bedient
    "test-s644": {(13, 15): "Violeta Romeros"},  # ... erzählt ihr Ehemann
    "test-s190": {(3, 4): "Lewandowski"},  # Ich kann Frau Lewandowski nur wärmstens empfehlen.
}


def gold_doc(sent_id: str) -> Doc:
    """The gold sentence ``sent_id`` with its hand-added PER entities.

    sent_id (str): a key of GOLD_PERSONS.
    RETURNS (Doc): a fresh Doc (gold POS, morph, lemma, dependencies; ``doc.ents`` = PER).
    """
    doc = ud_doc("de", sent_id)
    persons = GOLD_PERSONS[sent_id]
    doc.ents = [Span(doc, start, end, label="PER") for start, end in persons]
    return doc


def gold_docs() -> list[Doc]:
    """Every gold sentence, in GOLD_PERSONS order. Skips the test when GSD is absent."""
    return [gold_doc(sent_id) for sent_id in GOLD_PERSONS]


def write_gold_docbin(folder: Path) -> Path:
    """Write the gold sentences to ``folder / DOCBIN_NAME`` (user data kept: the sent_id).

    folder (Path): an existing folder, e.g. pytest's ``tmp_path``.
    RETURNS (Path): the written ``.spacy`` file.
    """
    path = Path(folder) / DOCBIN_NAME
    DocBin(docs=gold_docs(), store_user_data=True).to_disk(path)
    return path
