"""GENEUTRAL: keep the gender-neutral entries of a corpus (Drechsel & Herbold 2025).

An entry is kept when ``doc._.is_gender_neutral`` (set by ``gender_lexicon``): at least
``min_chars`` characters, no first name, no gendered pronoun, no gendered person noun
(plurals included). Everything else is counted by reason; bad input lines are counted apart.

An entry longer than the pipeline's ``max_length`` is judged in pieces (``pipe_in_pieces``):
it is neutral only when every piece is, and its reasons are those of all pieces together
(its length, not a piece's, decides ``too_short``).
"""

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from spacy.language import Language
from spacy.tokens import Doc

from ..extensions import DOC_NEUTRAL_REASONS
from ..lexicon.marking import NEUTRAL_REASONS, REASON_TOO_SHORT
from ..pipelines import build_pipeline
from .pieces import pipe_in_pieces
from .records import BadInputError, BadRecord, Record

MAX_BAD_LINES = 10_000


@dataclass
class NeutralSummary:
    lines: int = 0
    kept: int = 0
    rejected: int = 0
    bad: int = 0
    # An entry can fail several criteria: reasons count entries per criterion.
    reasons: Counter = field(default_factory=Counter)
    # Line numbers of the first MAX_BAD_LINES bad lines (all of them are counted in ``bad``),
    # so that a corpus of garbage cannot grow memory without bound.
    bad_lines: list[tuple[int, str]] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {
            "lines": self.lines,
            "kept": self.kept,
            "rejected": self.rejected,
            "bad": self.bad,
            "reasons": dict(self.reasons),
            "bad_lines": [{"line": n, "reason": r} for n, r in self.bad_lines],
        }


def neutral_pipeline(lang: str, *, min_chars: int = 50, lexicons=(), model: str | None = None
                     ) -> Language:
    """A tokenizer-level pipeline for the neutral filter (no tagger, parser or NER needed),
    or ``model`` (a spaCy pipeline name/path) with gender_lexicon added if missing."""
    return build_pipeline(lang, ["gender_lexicon"], model=model, blank=True, lexicons=lexicons,
                          config={"gender_lexicon": {"min_chars": min_chars}})


def filter_neutral(
    records: Iterable[Record | BadRecord],
    nlp: Language,
    keep: Callable[[Record], None],
    *,
    on_error: str = "skip",
    source: str = "input",
    batch_size: int = 1000,
    n_process: int = 1,
) -> NeutralSummary:
    """Run the GENEUTRAL filter over a record stream.

    keep (Callable[[Record], None]): called for each kept record, in input order.
    on_error (str): "skip" counts bad lines and goes on; "fail" raises BadInputError at the
        first one.
    batch_size (int): texts per batch of ``nlp.pipe``. Defaults to 1000.
    n_process (int): processes of ``nlp.pipe``; the verdicts do not depend on it. Defaults
        to 1.
    RETURNS (NeutralSummary): lines == kept + rejected + bad.
    """
    summary = NeutralSummary()

    def good_records():
        for record in records:
            summary.lines += 1
            if isinstance(record, BadRecord):
                summary.bad += 1
                if len(summary.bad_lines) < MAX_BAD_LINES:
                    summary.bad_lines.append((record.line_no, record.reason))
                if on_error == "fail":
                    raise BadInputError(source, record)
                continue
            yield record.text, record

    min_chars = nlp.get_pipe("gender_lexicon").min_chars
    # Components other than the tokenizer and gender_lexicon are irrelevant here.
    for docs, record in pipe_in_pieces(nlp, good_records(), batch_size=batch_size,
                                        n_process=n_process):
        reasons = neutral_reasons(docs, len(record.text), min_chars)
        if not reasons:
            summary.kept += 1
            keep(record)
        else:
            summary.rejected += 1
            summary.reasons.update(reasons)
    return summary


def neutral_reasons(docs: list[Doc], length: int, min_chars: int) -> list[str]:
    """Why an entry is not gender-neutral, from the Docs of its pieces.

    docs (list[Doc]): the entry's pieces, annotated by gender_lexicon.
    length (int): the entry's length in characters.
    min_chars (int): gender_lexicon's minimum length of a neutral entry.
    RETURNS (list[str]): the reasons of all pieces, in the order of ``NEUTRAL_REASONS``;
        empty for a neutral entry.
    """
    if len(docs) == 1:
        return docs[0]._.get(DOC_NEUTRAL_REASONS)
    found = {reason for doc in docs for reason in doc._.get(DOC_NEUTRAL_REASONS)}
    # A short last piece says nothing about the entry: only the entry's length counts.
    found.discard(REASON_TOO_SHORT)
    if length < min_chars:
        found.add(REASON_TOO_SHORT)
    return [reason for reason in NEUTRAL_REASONS if reason in found]
