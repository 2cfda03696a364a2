"""Throughput of `genderfair neutral` vs the GENEUTRAL-style regex, same input, same run.

The regex baseline is what the GENEUTRAL code does: one compiled alternation over the
gendered word list (ecmonsen/gendered_words m/f entries, opposites and plurals, ~2.4k words)
plus the gendered pronouns, searched case-insensitively in every entry of >= 50 characters.
Ours is the tokenizer-level pipeline the command uses (spacy.blank("en") + gender_lexicon:
names, pronouns, person nouns, plurals, inclusive forms), in one process.

    python benchmarks/neutral_throughput.py [--entries 20000] [--repeats 3]
Target: ours / regex >= 0.5.
"""

import argparse
import re

from _common import best_of, ud_sentences
from en_coverage import reference_list

from spacy_genderfair.corpus.neutral import neutral_pipeline
from spacy_genderfair.extensions import DOC_IS_GENDER_NEUTRAL

PRONOUNS = ["he", "she", "him", "her", "his", "hers", "himself", "herself"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--entries", type=int, default=20000)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    sentences = ud_sentences("en_ewt")
    texts = [sentences[i % len(sentences)] for i in range(args.entries)]

    words = sorted(set(reference_list()) | set(PRONOUNS), key=len, reverse=True)
    pattern = re.compile(
        r"\b(?:" + "|".join(re.escape(w.replace("_", " ")) for w in words) + r")\b",
        re.IGNORECASE,
    )

    def run_regex():
        return sum(1 for t in texts if len(t) >= 50 and not pattern.search(t))

    nlp = neutral_pipeline("en")
    nlp.get_pipe("gender_lexicon").initialize()

    def run_ours():
        return sum(1 for d in nlp.pipe(texts, batch_size=1000) if d._.get(DOC_IS_GENDER_NEUTRAL))

    kept_regex, kept_ours = run_regex(), run_ours()  # warm-up, and the kept counts
    t_regex = best_of(args.repeats, run_regex)
    t_ours = best_of(args.repeats, run_ours)
    print(f"entries: {len(texts)} (UD English EWT sentences, cycled)")
    print(f"regex baseline: {len(texts) / t_regex:>10,.0f} entries/s  kept {kept_regex}")
    print(f"genderfair    : {len(texts) / t_ours:>10,.0f} entries/s  kept {kept_ours}")
    print(f"speed ratio ours/regex: {t_regex / t_ours:.2f}  (target >= 0.5)")


if __name__ == "__main__":
    main()
