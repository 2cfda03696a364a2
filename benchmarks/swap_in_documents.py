"""NER-UK DEV swapped line by line, and each document swapped whole (issue 49).

``swap_eval.py`` swaps each line of a document as its own Doc, as the references were
written. A user swaps whole documents: the clause walk then swaps a Doc sentence by sentence,
each pronoun reading its antecedent back into the sentences before (``swap/walk``). This script
swaps every line of each DEV document both ways — alone, and inside one Doc of all the
document's lines (the lines' gold entities on it, as ``genderfair augment-brat`` places them)
— and scores the lines the references swapped, tuning and frozen parts apart.

    python benchmarks/swap_in_documents.py [--direction feminine_first|invert]
"""

import argparse

from _common import shared
from spacy.tokens import Doc
from swap_eval import swapper

from spacy_genderfair.corpus.brat import read_brat_folder
from spacy_genderfair.corpus.brat_writer import line_doc, target_labels
from spacy_genderfair.corpus.swap_pairs import (
    PairReport,
    entities_on_line,
    line_spans,
    read_split,
    read_swapped_pairs,
)
from spacy_genderfair.evaluation.swap_metrics import SwapTriple, evaluate_swaps
from spacy_genderfair.evaluation.swap_parts import part_of
from spacy_genderfair.swap.edits import Edit, apply_edits


def document_lines(nlp, root, wanted: set[str]) -> dict[str, list[tuple[int, Doc]]]:
    """Each wanted document's non-blank lines, as (line index, Doc with its entities)."""
    labels = target_labels(nlp)
    lines: dict[str, list[tuple[int, Doc]]] = {}
    for folder in sorted(p.name for p in root.iterdir() if p.is_dir()):
        for stem, text, entities in read_brat_folder(root / folder):
            key = f"{folder}/{stem}"
            if key not in wanted:
                continue
            lines[key] = []
            for index, (start, line) in enumerate(line_spans(text)):
                if line.strip():
                    end = start + len(line)
                    whole = [e for e in entities if start <= e.start and e.end <= end]
                    doc, _ = line_doc(nlp.make_doc, line, entities_on_line(whole, start, line),
                                      labels)
                    lines[key].append((index, doc))
    return lines


def swapped_alone(nlp, lines) -> dict[tuple[str, int], str]:
    keys = [(key, index) for key, docs in lines.items() for index, _ in docs]
    docs = (doc.copy() for docs in lines.values() for _, doc in docs)
    return {key: doc._.swapped for key, doc in zip(keys, nlp.pipe(docs), strict=True)}


def swapped_in_documents(nlp, lines) -> dict[tuple[str, int], str]:
    """Each line's text as the swap of its whole document writes it."""
    out = {}
    for key, docs in lines.items():
        whole = nlp(Doc.from_docs([doc for _, doc in docs], ensure_whitespace=True))
        offset = 0
        for index, doc in docs:
            out[key, index] = apply_edits(doc, [
                Edit(**{**edit, "i": edit["i"] - offset}) for edit in whole._.swap_edits
                if offset <= edit["i"] < offset + len(doc)])
            offset += len(doc)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--direction", default="feminine_first")
    args = parser.parse_args()
    swapped_root = shared("ner-uk", "v2.0-swapped", "data")
    original_root = shared("ner-uk", "v2.0", "data")
    documents = read_split(swapped_root / "dev-split.txt").get("DEV")
    pairs = list(read_swapped_pairs(swapped_root, original_root, on_error="skip",
                                    report=PairReport(), documents=documents))
    nlp = swapper(seed=0, direction=args.direction)
    lines = document_lines(nlp, original_root, {pair.doc_id for pair in pairs})
    print(f"NER-UK DEV, {args.direction}: {len(pairs)} swapped lines of {len(lines)} documents")
    print(f"{'each line':<22} {'part':<8} {'EM w/o PERS':>12} {'JOB Match':>10} "
          f"{'BLEU w/o PERS':>14}")
    for name, outputs in (("swapped alone", swapped_alone(nlp, lines)),
                          ("in its document", swapped_in_documents(nlp, lines))):
        for part in ("tuning", "frozen"):
            scores = evaluate_swaps([
                SwapTriple(p.original, p.reference, outputs[p.doc_id, p.line_index],
                           p.reference_entities, p.original_entities)
                for p in pairs if part_of(p.doc_id) == part])
            print(f"{name:<22} {part:<8} {scores.exact_match_without_pers:>12.3f} "
                  f"{scores.job_match:>10.3f} {scores.bleu_without_pers:>14.3f}")


if __name__ == "__main__":
    main()
