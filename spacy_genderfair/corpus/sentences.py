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
Text goes through the parser in pieces of at most ``MAX_PIECE_CHARS`` characters, cut at
sentence ends (``corpus.pieces``), so that a book on one line needs no more memory than a
batch of ordinary paragraphs. Each sentence's ``source`` is the input line it starts on.
"""

import json
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import asdict, dataclass, field
from operator import itemgetter
from pathlib import Path

from spacy.language import Language
from spacy.tokens import Doc, DocBin, Span

from ..extensions import (
    FEMININE,
    MASCULINE,
    TOKEN_GENDER,
    TOKEN_GENDER_CODED,
    TOKEN_GENDER_KIND,
    UNKNOWN,
)
from ..pipelines import build_pipeline, default_model
from .pieces import piece_offsets, split_text
from .records import BadRecord, read_records

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
INPUT_FORMATS = ("auto", "text", "jsonl", "conllu", "spacy")
PARAGRAPH_MODES = ("blank", "line")
BALANCE_MODES = ("equal", "fill")
_SUFFIXES = {
    "text": (".txt",),
    "jsonl": (".jsonl", ".ndjson", ".json"),
    "conllu": (".conllu", ".conll"),
    "spacy": (".spacy",),
}
# Lines are joined into a paragraph up to this many characters (a longer line stays whole).
MAX_PARAGRAPH_CHARS = 100_000
# The most characters the parser gets in one Doc: a longer paragraph is cut into pieces at
# sentence ends. The parser's memory grows with the characters of a batch: a 1.2 MB line
# took 4.3 GB in pieces of 100,000 characters, 0.66 GB in pieces of 2,000 (batches of 64).
MAX_PIECE_CHARS = 2_000
MAX_BAD_INPUTS = 10_000
# Used when a (user) profile has no dependency_roles.tsv: UD, ClearNLP and TIGER labels.
# doc.user_data key of (surface text, [(start, end) per token]) for CoNLL-U documents, whose
# tokens are syntactic words: the surface span of "de" and "as" is that of "das".
SURFACE_KEY = "genderfair_surface"
# spaCy's trained pipelines are named {lang}_core_news_md except for English.


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
class BadInput:
    source: str
    line_no: int | None  # None for a whole file (an unreadable DocBin)
    reason: str

    def __str__(self) -> str:
        where = f"{self.source} line {self.line_no}" if self.line_no else self.source
        return f"{where}: {self.reason}"


@dataclass(frozen=True)
class TextSource:
    """Where a text comes from: its file and the input line each of its characters is on.

    file (str): the file's name.
    lines (tuple[tuple[int, int], ...]): ``(first character, line number)`` of each input
        line in the text, in order, the first at character 0.
    """

    file: str
    lines: tuple[tuple[int, int], ...]

    def at(self, char: int) -> str:
        """``"file:line"`` of the line the character at offset ``char`` is on."""
        index = max(bisect_right(self.lines, char, key=itemgetter(0)) - 1, 0)
        return f"{self.file}:{self.lines[index][1]}"

    def piece(self, start: int, length: int) -> "TextSource":
        """The source of ``text[start:start + length]``, with offsets from ``start``."""
        first = max(bisect_right(self.lines, start, key=itemgetter(0)) - 1, 0)
        end = max(bisect_left(self.lines, start + length, key=itemgetter(0)), first + 1)
        return TextSource(self.file, tuple((max(offset - start, 0), line_no)
                                           for offset, line_no in self.lines[first:end]))


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


# -- annotation of parsed documents ----------------------------------------------------------
class SentenceAnnotator:
    """Adds PERSON entities where needed and runs ``gender_lexicon`` on parsed Docs.

    component: the pipeline's gender_lexicon component.
    entities (str): "ner" uses ``doc.ents`` (an error when a document has no NER
        annotation); "propn" adds PROPN-run persons (``propn_persons``) to a document's
        entities; "auto" is "ner" for documents with NER annotation, "propn" otherwise.
        Defaults to "auto".
    """

    def __init__(self, component, *, entities: str = "auto") -> None:
        if entities not in ENTITY_MODES:
            raise ValueError(f"Unknown entity mode '{entities}': use {', '.join(ENTITY_MODES)}.")
        self.component = component
        self.entities = entities
        lexicon = component.lexicon
        self.names = lexicon.names
        self.label = lexicon.profile.person_labels[0]

    def __call__(self, doc: Doc) -> Doc:
        has_ner = doc.has_annotation("ENT_IOB")
        if self.entities == "ner" and not has_ner and len(doc):
            raise MissingAnnotationError(
                "The documents have no named-entity annotation: use a pipeline with NER, or "
                "--entities propn to take PROPN runs starting with a first name as persons.")
        if self.entities == "propn" or (self.entities == "auto" and not has_ner):
            add_propn_persons(doc, self.names, self.label)
        _clear_token_marks(doc)  # marks stored with a DocBin would outlive new entities
        return self.component(doc)


def propn_persons(doc: Doc, names, label: str) -> list[Span]:
    """Maximal runs of PROPN tokens whose first token is a capitalised known first name
    (``names.is_name``), as entity spans with ``label``."""
    spans = []
    i = 0
    while i < len(doc):
        if doc[i].pos_ != "PROPN":
            i += 1
            continue
        j = i
        while j < len(doc) and doc[j].pos_ == "PROPN":
            j += 1
        first = doc[i]
        if first.is_alpha and first.is_title and names.is_name(first.text):
            spans.append(Span(doc, i, j, label=label))
        i = j
    return spans


def add_propn_persons(doc: Doc, names, label: str) -> int:
    """Add ``propn_persons`` to ``doc.ents``, keeping existing entities (a PROPN run that
    overlaps one is skipped). Returns the number of entities added."""
    taken = {i for ent in doc.ents for i in range(ent.start, ent.end)}
    new = [span for span in propn_persons(doc, names, label)
           if not taken.intersection(range(span.start, span.end))]
    if new or not doc.has_annotation("ENT_IOB"):
        doc.ents = sorted([*doc.ents, *new], key=lambda span: span.start)
    return len(new)


def _clear_token_marks(doc: Doc) -> None:
    names = (TOKEN_GENDER, TOKEN_GENDER_KIND, TOKEN_GENDER_CODED)
    stale = [key for key in doc.user_data
             if isinstance(key, tuple) and len(key) == 4 and key[0] == "._."
             and key[1] in names]
    for key in stale:
        del doc.user_data[key]


# -- pipelines -------------------------------------------------------------------------------
def sentences_pipeline(lang: str, model: str | None = None, *, parsed: bool = False,
                       lexicons: Iterable[str | Path] = ()) -> Language:
    """The pipeline for ``genderfair sentences``, with ``gender_lexicon`` added if missing.

    lang (str): language profile code or folder.
    model (Optional[str]): spaCy pipeline name or path, for text input. Defaults to
        ``default_model(lang)``.
    parsed (bool): the input is already parsed (CoNLL-U, DocBin): a blank pipeline of the
        profile's language, ``model`` not loaded. Defaults to False.
    RAISES (PipelineNotFoundError): the pipeline is not installed (the message says how to).
    """
    nlp = build_pipeline(lang, ["gender_lexicon"], model=None if parsed else model,
                         blank=parsed, lexicons=lexicons)
    if not parsed and not any("token.dep" in nlp.get_pipe_meta(pipe).assigns
                              for pipe in nlp.pipe_names):
        raise MissingAnnotationError(
            f"The spaCy pipeline '{model or default_model(lang)}' has no parser; probing "
            f"sentences need dependency labels (e.g. python -m spacy download "
            f"{default_model(lang)}).")
    return nlp


# -- input -----------------------------------------------------------------------------------
def detect_format(path: str | Path, fmt: str = "auto") -> str:
    """The input format of a file or folder: text | jsonl | conllu | spacy."""
    if fmt not in INPUT_FORMATS:
        raise ValueError(f"Unknown input format '{fmt}'. Use one of: {', '.join(INPUT_FORMATS)}.")
    path = Path(path)
    if not path.exists():
        raise FileNotFoundError(f"Corpus not found: {path}")
    if fmt != "auto":
        return fmt
    if path.is_file():
        for name, suffixes in _SUFFIXES.items():
            if path.suffix.lower() in suffixes:
                return name
        return "text"
    found = [name for name, suffixes in _SUFFIXES.items()
             if any(p.suffix.lower() in suffixes for p in path.rglob("*") if p.is_file())]
    if not found:
        raise ValueError(f"No .txt, .jsonl, .conllu or .spacy files in {path}.")
    if len(found) > 1 and set(found) & {"conllu", "spacy"}:
        # A treebank folder carries LICENSE.txt, README.txt: parsed files take precedence.
        found = [name for name in found if name in ("conllu", "spacy")]
    if len(found) > 1:
        raise ValueError(f"{path} holds several input formats ({', '.join(found)}): pass "
                         "--format to choose one.")
    return found[0]


def corpus_files(path: str | Path, fmt: str) -> list[tuple[Path, str]]:
    """``(file, default work id)`` of a corpus file or folder, sorted. The work id is the
    file's path relative to the folder, without suffix ("machado/dom_casmurro")."""
    path = Path(path)
    if path.is_file():
        return [(path, path.stem)]
    suffixes = _SUFFIXES[fmt]
    files = sorted(p for p in path.rglob("*") if p.is_file() and p.suffix.lower() in suffixes)
    return [(p, p.relative_to(path).with_suffix("").as_posix()) for p in files]


Accounting = Callable[[BadInput], None]


def read_text_paragraphs(path: Path, work: str, summary: SentenceSummary, on_bad: Accounting,
                         *, paragraphs: str = "blank", limit: int = MAX_PIECE_CHARS,
                         progress=None) -> Iterator[tuple[str, tuple[str, TextSource]]]:
    """One work per text file: yield ``(text, (work, source))`` for nlp.pipe, one per
    paragraph or, for a paragraph over ``limit`` characters, per piece of it.

    paragraphs (str): "blank": blank lines separate paragraphs and the lines of a paragraph
        are joined (wrapped text); "line": each line is a paragraph.
    limit (int): the most characters of one text. Defaults to MAX_PIECE_CHARS.
    """
    with open(path, "rb") as handle:
        lines = _good_lines(read_records(handle, "text", progress=progress), path.name,
                            summary, on_bad)
        for paragraph, line_starts in _paragraphs(lines, paragraphs):
            for text, source in _pieces(paragraph, TextSource(path.name, line_starts), limit):
                yield text, (work, source)


def read_jsonl_paragraphs(path: Path, summary: SentenceSummary, on_bad: Accounting, *,
                          field: str = "text", work_field: str = "work",
                          id_field: str | None = None, paragraphs: str = "blank",
                          limit: int = MAX_PIECE_CHARS, progress=None
                          ) -> Iterator[tuple[str, tuple[str, TextSource]]]:
    """Yield ``(text, (work, source))`` from JSONL records, per paragraph of the record's
    ``field`` (or per piece of a paragraph over ``limit`` characters); ``source`` is the
    record's line.

    work_field (str): the field holding the work id. A record without it (or with null) is
        a work of its own: its ``id_field`` value, else "file:line".
    id_field (str | None): the field holding the record's id. Defaults to None.
    """
    with open(path, "rb") as handle:
        for record in read_records(handle, "jsonl", field, progress=progress):
            summary.records += 1
            if isinstance(record, BadRecord):
                on_bad(BadInput(path.name, record.line_no, record.reason))
                continue
            try:
                work = _record_work(json.loads(record.line), work_field, id_field)
            except ValueError as err:
                on_bad(BadInput(path.name, record.line_no, str(err)))
                continue
            work = work or f"{path.name}:{record.line_no}"
            source = TextSource(path.name, ((0, record.line_no),))
            lines = enumerate(record.text.splitlines(), start=record.line_no)
            for paragraph, _ in _paragraphs(lines, paragraphs):
                for text, piece_source in _pieces(paragraph, source, limit):
                    yield text, (work, piece_source)


def _record_work(data: dict, work_field: str, id_field: str | None) -> str | None:
    """The work id a JSONL record gives (its work, else its id), or None. Raises ValueError
    for a value that cannot be an id."""
    for name, what in ((work_field, "work id"), (id_field, "record id")):
        value = data.get(name) if name else None
        if value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, str | int) or value == "":
            raise ValueError(f"field '{name}' (the {what}) is not a non-empty string or an "
                             "integer")
        return str(value)
    return None


def _pieces(paragraph: str, source: TextSource, limit: int
            ) -> Iterator[tuple[str, TextSource]]:
    """The paragraph in pieces of at most ``limit`` characters, cut at sentence ends (no
    sentence of the parser spans two pieces unless it is longer than the limit)."""
    for offset, piece in piece_offsets(split_text(paragraph, limit)):
        if piece.strip():
            yield piece, source.piece(offset, len(piece))


def _good_lines(records, name: str, summary: SentenceSummary, on_bad: Accounting
                ) -> Iterator[tuple[int, str | None]]:
    for record in records:
        summary.records += 1
        if isinstance(record, BadRecord):
            on_bad(BadInput(name, record.line_no, record.reason))
            yield record.line_no, None  # a bad line ends the paragraph
        else:
            yield record.line_no, record.text


def _paragraphs(lines: Iterable[tuple[int, str | None]], mode: str
                ) -> Iterator[tuple[str, tuple[tuple[int, int], ...]]]:
    """Each paragraph, whitespace normalised, with ``(first character, line number)`` of
    each of its lines."""
    if mode not in PARAGRAPH_MODES:
        raise ValueError(f"Unknown paragraph mode '{mode}': use {', '.join(PARAGRAPH_MODES)}.")
    parts, line_starts, size = [], [], 0
    for line_no, line in lines:
        text = " ".join(line.split()) if line else ""
        if parts and (not text or mode == "line" or size + len(text) > MAX_PARAGRAPH_CHARS):
            yield " ".join(parts), tuple(line_starts)
            parts, line_starts, size = [], [], 0
        if text:
            line_starts.append((size, line_no))
            parts.append(text)
            size += len(text) + 1
    if parts:
        yield " ".join(parts), tuple(line_starts)


def read_conllu_docs(path: Path, work: str, vocab, summary: SentenceSummary,
                     on_bad: Accounting, *, progress=None) -> Iterator[tuple[Doc, str, str]]:
    """Yield ``(doc, work, "file:line")`` per CoNLL-U sentence, gold annotation kept; the
    line is the sentence's first (its first comment, else its first word).

    The work is the ``# newdoc id`` in force (``newdoc_id`` too, as in UD Bosque), else
    ``work``. A malformed sentence is reported at its first line and skipped.
    """
    from .conllu import conllu_blocks, sentence_doc

    newdoc = None
    for line_no, rows, comments, error in conllu_blocks(path, progress):
        summary.records += 1
        doc_id = comments.get("newdoc id", comments.get("newdoc_id"))
        if doc_id is not None:
            newdoc = doc_id or None
        if error is None:
            try:
                doc = sentence_doc(vocab, rows, comments)
            except (ValueError, IndexError) as err:
                error = (line_no, f"malformed CoNLL-U sentence ({type(err).__name__}: {err})")
        if error is not None:
            on_bad(BadInput(path.name, error[0], f"{error[1]} (sentence skipped)"))
            continue
        doc.user_data[SURFACE_KEY] = _surface(rows, comments.get("text", ""))
        yield doc, newdoc or work, f"{path.name}:{line_no}"


def _surface(rows: list[list[str]], text: str) -> tuple[str, list[tuple[int, int]]]:
    """The sentence as written and each syntactic word's character span in it (the span of
    its multiword token). The ``# text`` comment is used when it matches the forms."""
    parts: list[str] = []
    offsets: list[tuple[int, int]] = []
    position, mwt_end, mwt_span = 0, 0, (0, 0)
    for cols in rows:
        token_id = cols[0]
        if "." in token_id:
            continue
        if "-" not in token_id and int(token_id) <= mwt_end:
            offsets.append(mwt_span)
            continue
        span = (position, position + len(cols[1]))
        space = "SpaceAfter=No" not in cols[9]
        parts.append(cols[1] + (" " if space else ""))
        position = span[1] + space
        if "-" in token_id:
            mwt_end, mwt_span = int(token_id.split("-")[1]), span
        else:
            offsets.append(span)
    rebuilt = "".join(parts).rstrip()
    return (text if text == rebuilt else rebuilt), offsets


def read_docbin_docs(path: Path, work: str, vocab, summary: SentenceSummary,
                     on_bad: Accounting) -> Iterator[tuple[Doc, str, str]]:
    """Yield ``(doc, work, "file#index")`` from a DocBin; the work is the document's
    ``user_data["work"]`` when set, else ``work``. An unreadable file is one bad record."""
    try:
        docbin = DocBin(store_user_data=True).from_disk(path)
    except Exception as err:  # zlib, msgpack, KeyError...: any failure means not a DocBin
        summary.records += 1
        on_bad(BadInput(path.name, None, f"not a readable spaCy DocBin ({err})"))
        return
    for index, doc in enumerate(docbin.get_docs(vocab)):
        summary.records += 1
        doc_work = doc.user_data.get("work")
        yield doc, str(doc_work) if doc_work not in (None, "") else work, f"{path.name}#{index}"


__all__ = [
    "BadCorpusInput",
    "BadInput",
    "MissingAnnotationError",
    "ProbingCriteria",
    "ProbingSentence",
    "SentenceAnnotator",
    "SentenceSummary",
    "add_propn_persons",
    "balance_work",
    "corpus_files",
    "default_model",
    "detect_format",
    "doc_candidates",
    "entity_gender",
    "extract_sentences",
    "propn_persons",
    "read_conllu_docs",
    "read_docbin_docs",
    "read_jsonl_paragraphs",
    "read_text_paragraphs",
    "sentences_pipeline",
]
