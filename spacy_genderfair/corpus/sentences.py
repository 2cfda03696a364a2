"""Probing sentences: a named person acts in the sentence, nothing else says their gender.

Follows the Portuguese literary corpus built to probe LLMs for gender bias (JBCS 2025). A
sentence of a parsed document is a *candidate* when

- a PERSON entity (the profile's ``person_labels``) has a proper noun (PROPN) as syntactic
  head, and that head is the sentence's nominal subject or direct object: its dependency label
  maps to one of ``roles`` through the profile's ``dependency_roles.tsv`` (UD ``nsubj``/``obj``,
  ClearNLP ``nsubj``/``dobj``, TIGER ``sb``/``oa``). Passive subjects (``nsubj:pass``,
  ``nsubjpass``) are a role of their own, ``passive_subject``, left out by default: the paper
  asks for the subject or the direct object of the verb, and the subject of a passive is its
  logical object. Pass ``roles`` to include them. The label is read as it is, in any
  clause of the sentence; conjuncts are not followed ("Armanda e Moreira voltaram": Moreira
  is ``conj``);
- it has at least ``min_tokens`` tokens (5; whitespace tokens not counted);
- it has no explicit gender marker: no token that ``gender_lexicon`` marks masculine or
  feminine with a kind in ``markers`` (default: pronouns, i.e. ele/ela, dele/dela, he/his,
  er/sein, він/його in any language; no per-language code).

Each candidate names one entity, with the gender ``gender_lexicon`` gives its first name
(``masculine | feminine | unknown``). With several qualifying entities in a sentence, the
one whose role comes first in ``roles`` wins (subject before object), then the first in the
text: one record per sentence.

Per work at most ``max_per_work`` candidates are kept (default 100): a work with more keeps
equal numbers of feminine and masculine sentences (``max_per_work // 2`` each, or as many as
the rarer gender has), spread evenly over the work, in document order; sentences whose name
has unknown gender are kept only in works under the cap. ``balance="fill"`` gives the
slots the rarer gender cannot fill to the other. Deterministic: no sampling.

Documents come from a spaCy pipeline with parser and NER (text input) or are already parsed
(CoNLL-U, DocBin). Treebanks have no entities: with ``entities="propn"`` (the default for
documents without NER), each maximal run of PROPN tokens that starts with a known first name
(the profile's name resolver, ``Lexicon.names.is_name``) becomes a PERSON entity. CoNLL-U
tokens are syntactic words ("em a" for "na"); sentences are written, and tokens counted, as
in the text ("na última").

Every input record (text/JSONL line, CoNLL-U sentence, DocBin document) is counted; bad ones
are reported with their line numbers. A JSONL record without a work id is a work of its own.
Text goes through the parser in pieces of at most ``sentence_input.MAX_PIECE_CHARS``
characters, cut at sentence ends (``corpus.pieces``), so that a book on one line needs no more
memory than a batch of ordinary paragraphs. Each sentence's ``source`` is the input line it
starts on.

This module holds the criteria, the per-document candidates, the per-work cap and the stream;
``sentence_input`` reads the corpus and ``sentence_annotation`` prepares parsed documents.
"""

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import asdict, dataclass, field

from spacy.tokens import Doc, Span

from ..extensions import FEMININE, MASCULINE, TOKEN_GENDER, TOKEN_GENDER_KIND, UNKNOWN
from .sentence_input import SURFACE_KEY, BadInput, TextSource

ROLE_SUBJECT, ROLE_OBJECT, ROLE_PASSIVE_SUBJECT = "subject", "object", "passive_subject"
DEFAULT_ROLES = (ROLE_SUBJECT, ROLE_OBJECT)
# gender_lexicon kinds whose masculine/feminine marks can count as explicit gender markers.
MARKER_KINDS = ("pronoun", "noun", "job", "name")
DEFAULT_MARKERS = ("pronoun",)
GENDER_LABELS = (FEMININE, MASCULINE, UNKNOWN)

# Why a sentence is not a candidate; each rejected sentence counts under the first it fails.
REASON_NO_PERSON = "no_person"  # no PROPN-headed PERSON entity as subject/object
REASON_TOO_SHORT = "too_short"
REASON_GENDER_MARKER = "gender_marker"
REJECT_REASONS = (REASON_NO_PERSON, REASON_TOO_SHORT, REASON_GENDER_MARKER)

ENTITY_MODES = ("auto", "ner", "propn")
BALANCE_MODES = ("equal", "fill")
MAX_BAD_INPUTS = 10_000


class MissingAnnotationError(ValueError):
    """A document lacks the parse, tags or entities the extraction needs."""


class BadCorpusInput(ValueError):
    """Raised with ``on_error="fail"`` at the first bad input record."""

    def __init__(self, bad: "BadInput") -> None:
        super().__init__(str(bad))
        self.bad = bad


@dataclass(frozen=True)
class ProbingSentence:
    """One probing sentence: ``sentence[start_char:end_char] == entity``."""

    work: str
    sentence: str
    entity: str
    gender: str  # masculine | feminine | unknown: the gender of the entity's first name
    role: str  # subject | object | passive_subject
    start_char: int
    end_char: int
    tokens: int
    source: str  # "file:line": the line the sentence starts on (JSONL: the record's); "file#doc"

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass(frozen=True)
class ProbingCriteria:
    """What makes a sentence a probing sentence (see the module docstring).

    person_labels (frozenset[str]): entity labels of persons. From the language profile.
    dependency_roles (Mapping[str, str]): dependency label -> role. From the profile.
    roles (tuple[str, ...]): accepted roles, in order of preference. Defaults to
        ("subject", "object").
    min_tokens (int): minimum sentence length in tokens. Defaults to 5.
    markers (frozenset[str]): gender_lexicon kinds that count as explicit gender markers
        when marked masculine or feminine. Defaults to {"pronoun"}.
    """

    person_labels: frozenset[str]
    dependency_roles: Mapping[str, str] = field(hash=False)
    roles: tuple[str, ...] = DEFAULT_ROLES
    min_tokens: int = 5
    markers: frozenset[str] = frozenset(DEFAULT_MARKERS)

    @classmethod
    def for_language(cls, lang: str, *, roles: Iterable[str] = DEFAULT_ROLES,
                     min_tokens: int = 5, markers: Iterable[str] = DEFAULT_MARKERS
                     ) -> "ProbingCriteria":
        """Criteria from the language profile ``lang`` (a code or a profile folder)."""
        from ..lang import ROLES, load_profile

        profile = load_profile(lang)
        roles = tuple(dict.fromkeys(roles))
        unknown = [r for r in roles if r not in ROLES]
        if unknown or not roles:
            raise ValueError(f"Unknown role(s) {unknown or roles}: use {', '.join(ROLES)}.")
        bad_markers = [m for m in markers if m not in MARKER_KINDS]
        if bad_markers:
            raise ValueError(f"Unknown marker kind(s) {bad_markers}: use "
                             f"{', '.join(MARKER_KINDS)}.")
        if min_tokens < 1:
            raise ValueError(f"min_tokens must be at least 1, got {min_tokens}.")
        return cls(
            person_labels=frozenset(profile.person_labels),
            dependency_roles=dict(profile.dependency_roles),
            roles=roles,
            min_tokens=min_tokens,
            markers=frozenset(markers),
        )


@dataclass
class SentenceSummary:
    """Counts of one run. ``sentences == candidates + sum(rejected)``,
    ``candidates == kept + dropped``, ``records == good records + bad``."""

    records: int = 0  # input lines (text, JSONL), CoNLL-U sentences or DocBin documents
    bad: int = 0
    bad_inputs: list[BadInput] = field(default_factory=list)  # the first MAX_BAD_INPUTS
    works: int = 0  # works with at least one document
    works_kept: int = 0  # works with at least one kept sentence
    sentences: int = 0  # sentences read
    candidates: int = 0
    rejected: Counter = field(default_factory=Counter)
    kept: int = 0
    tokens: int = 0  # tokens in kept sentences
    genders: Counter = field(default_factory=Counter)  # kept sentences per gender
    roles: Counter = field(default_factory=Counter)  # kept sentences per role
    capped_works: int = 0  # works with more than max_per_work candidates
    dropped: int = 0  # candidates left out by the per-work cap

    def add_bad(self, bad: BadInput) -> None:
        self.bad += 1
        if len(self.bad_inputs) < MAX_BAD_INPUTS:
            self.bad_inputs.append(bad)

    def to_dict(self) -> dict:
        return {
            "records": self.records,
            "bad": self.bad,
            "works": self.works,
            "works_kept": self.works_kept,
            "sentences": self.sentences,
            "candidates": self.candidates,
            "rejected": {r: self.rejected[r] for r in REJECT_REASONS},
            "kept": self.kept,
            "tokens": self.tokens,
            "genders": {g: self.genders[g] for g in GENDER_LABELS},
            "roles": dict(self.roles),
            "capped_works": self.capped_works,
            "dropped": self.dropped,
            "bad_inputs": [{"source": b.source, "line": b.line_no, "reason": b.reason}
                           for b in self.bad_inputs],
        }


# -- one document ----------------------------------------------------------------------------
def doc_candidates(doc: Doc, work: str, criteria: ProbingCriteria, *,
                   source: str | TextSource = "", rejected: Counter | None = None
                   ) -> Iterator[ProbingSentence]:
    """Yield the probing-sentence candidates of a parsed Doc that ``gender_lexicon`` has
    annotated, in order. ``source`` is the Doc's (a TextSource gives each sentence its own
    line); ``rejected`` (optional) counts the other sentences by reason."""
    if not len(doc):
        return
    for attr, what in (("DEP", "dependency parse"), ("POS", "part-of-speech tags")):
        if not doc.has_annotation(attr):
            raise MissingAnnotationError(
                f"Probing sentences need a {what} ({attr}); the documents have none. Use a "
                "pipeline with a parser and a tagger/morphologizer (e.g. pt_core_news_md) or "
                "parsed input (.conllu, .spacy).")
    for sent in doc.sents:
        candidate, reason = _sentence_candidate(sent, work, source, criteria)
        if candidate is not None:
            yield candidate
        elif rejected is not None:
            rejected[reason] += 1


def _sentence_candidate(sent: Span, work: str, source: str | TextSource,
                        criteria: ProbingCriteria) -> tuple[ProbingSentence | None, str | None]:
    persons = []
    for ent in sent.ents:
        if ent.label_ not in criteria.person_labels:
            continue
        head = ent.root
        role = criteria.dependency_roles.get(head.dep_)
        if head.pos_ == "PROPN" and role in criteria.roles:
            persons.append((criteria.roles.index(role), ent.start, ent, role))
    if not persons:
        return None, REASON_NO_PERSON
    n_tokens = _count_tokens(sent)
    if n_tokens < criteria.min_tokens:
        return None, REASON_TOO_SHORT
    _, _, ent, role = min(persons, key=lambda p: p[:2])
    if _has_gender_marker(sent, ent, criteria.markers):
        return None, REASON_GENDER_MARKER
    surface = sent.doc.user_data.get(SURFACE_KEY)
    if surface is not None:
        # CoNLL-U: the sentence as written ("na última"), not its syntactic words ("em a").
        text, offsets = surface
        offset = offsets[sent.start][0]
        sentence = text[offset:offsets[sent.end - 1][1]]
        start, end = offsets[ent.start][0] - offset, offsets[ent.end - 1][1] - offset
    else:
        text = sent.text
        offset = sent.start_char + len(text) - len(text.lstrip())
        sentence = text.strip()
        start, end = ent.start_char - offset, ent.end_char - offset
        if isinstance(source, TextSource):
            source = source.at(offset)
    return ProbingSentence(
        work=work,
        sentence=sentence,
        entity=sentence[start:end],
        gender=entity_gender(ent),
        role=role,
        start_char=start,
        end_char=end,
        tokens=n_tokens,
        source=source,
    ), None


def _count_tokens(sent: Span) -> int:
    surface = sent.doc.user_data.get(SURFACE_KEY)
    if surface is not None:  # a contraction ("das" = "de as") counts once, as written
        offsets = surface[1]
        return len({offsets[token.i] for token in sent if not token.is_space})
    return sum(1 for token in sent if not token.is_space)


def _has_gender_marker(sent: Span, ent: Span, markers: frozenset[str]) -> bool:
    for token in sent:
        kind = token._.get(TOKEN_GENDER_KIND)
        if kind not in markers or token._.get(TOKEN_GENDER) not in (MASCULINE, FEMININE):
            continue
        if kind == "name" and ent.start <= token.i < ent.end:
            continue  # the probed name itself is what the probe is about
        return True
    return False


def entity_gender(ent: Span) -> str:
    """The gender gender_lexicon gives the entity's first name: masculine | feminine |
    unknown (no first name, or a unisex/unknown one)."""
    for token in ent:
        if token._.get(TOKEN_GENDER_KIND) == "name":
            gender = token._.get(TOKEN_GENDER)
            return gender if gender in (MASCULINE, FEMININE) else UNKNOWN
    return UNKNOWN


# -- per-work cap ----------------------------------------------------------------------------
def balance_work(candidates: list[ProbingSentence], max_per_work: int,
                 balance: str = "equal") -> list[ProbingSentence]:
    """At most ``max_per_work`` candidates of one work (0: no cap), in document order.

    A work over the cap keeps, with ``balance="equal"``, ``k = min(max_per_work // 2,
    #feminine, #masculine)`` feminine and ``k`` masculine sentences; with ``"fill"``, up to
    ``max_per_work // 2`` of each and the slots one gender cannot fill go to the other, then
    to names of unknown gender. Each gender's sentences are picked evenly spaced over the work.
    """
    if balance not in BALANCE_MODES:
        raise ValueError(f"Unknown balance '{balance}': use {', '.join(BALANCE_MODES)}.")
    if max_per_work <= 0 or len(candidates) <= max_per_work:
        return list(candidates)
    by_gender = {gender: [(i, c) for i, c in enumerate(candidates) if c.gender == gender]
                 for gender in GENDER_LABELS}
    half = max_per_work // 2
    fem, masc = len(by_gender[FEMININE]), len(by_gender[MASCULINE])
    if balance == "equal":
        quota = {FEMININE: min(half, fem, masc), MASCULINE: min(half, fem, masc), UNKNOWN: 0}
    else:
        quota = {FEMININE: min(fem, max(half, max_per_work - masc))}
        quota[MASCULINE] = min(masc, max_per_work - quota[FEMININE])
        quota[UNKNOWN] = max_per_work - quota[FEMININE] - quota[MASCULINE]
    picked = [item for gender, items in by_gender.items()
              for item in _spread(items, quota[gender])]
    return [c for _, c in sorted(picked, key=lambda item: item[0])]


def _spread(items: list, k: int) -> list:
    """``k`` items evenly spaced over ``items`` (the middle of each of k equal slices)."""
    n = len(items)
    if k >= n:
        return list(items)
    return [items[(2 * i + 1) * n // (2 * k)] for i in range(k)]


# -- the stream ------------------------------------------------------------------------------
def extract_sentences(
    docs: Iterable[tuple[Doc, str, str]],
    criteria: ProbingCriteria,
    *,
    max_per_work: int = 100,
    balance: str = "equal",
    summary: SentenceSummary | None = None,
    works_are_contiguous: bool = False,
) -> Iterator[ProbingSentence]:
    """Yield the probing sentences of a stream of ``(doc, work, source)``, work by work.

    docs: annotated Docs (see ``SentenceAnnotator``) with their work id and source.
    max_per_work (int): cap per work, balanced by gender (``balance_work``); 0 = no cap.
    balance (str): "equal" or "fill", see ``balance_work``. Defaults to "equal".
    summary (SentenceSummary): filled with the counts (sentences, works, kept, ...).
    works_are_contiguous (bool): each work's documents come in one run (one file per work),
        so a work is written as soon as the next begins. Otherwise the candidates (not the
        Docs) are held until the end of the stream.
    """
    summary = summary if summary is not None else SentenceSummary()
    buffers: dict[str, list[ProbingSentence]] = {}
    current = None
    for doc, work, source in docs:
        if work != current:
            if works_are_contiguous and current is not None:
                yield from _finish_work(buffers.pop(current), max_per_work, balance,
                                        summary)
            current = work
            if work not in buffers:
                buffers[work] = []
                summary.works += 1
        before = sum(summary.rejected.values())
        found = list(doc_candidates(doc, work, criteria, source=source,
                                    rejected=summary.rejected))
        summary.sentences += len(found) + sum(summary.rejected.values()) - before
        summary.candidates += len(found)
        buffers[work].extend(found)
    for candidates in buffers.values():
        yield from _finish_work(candidates, max_per_work, balance, summary)


def _finish_work(candidates: list[ProbingSentence], max_per_work: int, balance: str,
                 summary: SentenceSummary) -> Iterator[ProbingSentence]:
    kept = balance_work(candidates, max_per_work, balance)
    if len(kept) < len(candidates):
        summary.capped_works += 1
        summary.dropped += len(candidates) - len(kept)
    if kept:
        summary.works_kept += 1
    for sentence in kept:
        summary.kept += 1
        summary.tokens += sentence.tokens
        summary.genders[sentence.gender] += 1
        summary.roles[sentence.role] += 1
        yield sentence
