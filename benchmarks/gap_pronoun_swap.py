"""Where GAP's Bias comes from: the pronoun's form or the snippets it stands in.

A counterfactual over GAP development: every snippet is resolved as written and with its
pronouns' gender swapped (he -> she, him/his -> her, himself -> herself; she -> he,
herself -> himself, hers -> his, and her -> his or him by en_core_web_sm's tag PRP$ or PRP),
offsets re-computed, the names left as they are. A name's or honorific's gender would rule a
swapped pronoun out of its own antecedent (and the first-name feature score it down), so in
all four runs it is ignored (the actors' prior group is None, no first name is known): the
resolver decides by syntax, distance and salience alone. The learned backend is
cross-validated (5 folds, the folds of ``gap_eval.py --cv``), every
snippet scored by a model that never saw it; the builtin rules need no training.

If the resolver treated the two forms differently, a snippet's F1 would follow its pronoun;
if the feminine snippets are harder in themselves, it follows the snippet. The script also
prints how often the candidate the pronoun does *not* refer to is the subject of the
Wikipedia page (its surname in the URL), by the snippet's gender.

    python benchmarks/gap_pronoun_swap.py [--coref learned|builtin]
"""

import argparse
import re
from collections import Counter

import spacy
from _common import coref_data_paths

from spacy_genderfair.coref.data import DOC_ID, gap_docs, read_gap
from spacy_genderfair.coref.evaluate import bootstrap, gap_scores
from spacy_genderfair.coref.features import FeatureContext
from spacy_genderfair.coref.mentions import ActorCluster
from spacy_genderfair.coref.ranker import default_ranker
from spacy_genderfair.coref.train import BASE_MODEL, evaluate_docs, fold_of, load_docs, train

FEMININE = frozenset(("she", "her", "hers", "herself"))
TO_FEMININE = {"he": "she", "him": "her", "his": "her", "himself": "herself"}
TO_MASCULINE = {"she": "he", "herself": "himself", "hers": "his"}
_WORD = re.compile(r"[A-Za-z]+")


def snippet_gender(row: dict) -> str:
    return "feminine" if row["Pronoun"].lower() in FEMININE else "masculine"


def swapped_row(row: dict, nlp) -> dict:
    """The row with every third-person pronoun of the other gender, offsets moved."""
    text, to_feminine = row["Text"], snippet_gender(row) == "masculine"
    tags = None if to_feminine else {t.idx: t.tag_ for t in nlp(text)}
    offsets = {key: int(row[f"{key}-offset"]) for key in ("Pronoun", "A", "B")}
    moved = dict(offsets)  # an offset moves by the length change of the words before it
    new, position = "", 0
    for match in _WORD.finditer(text):
        word, lower = match.group(0), match.group(0).lower()
        if to_feminine:
            replacement = TO_FEMININE.get(lower)
        elif lower == "her":
            replacement = "his" if tags.get(match.start()) == "PRP$" else "him"
        else:
            replacement = TO_MASCULINE.get(lower)
        new += text[position:match.start()]
        if replacement and word[0].isupper():
            replacement = replacement.capitalize()
        change = len(replacement or word) - len(word)
        moved.update({key: moved[key] + change for key, at in offsets.items()
                      if at >= match.end()})
        new += replacement or word
        position = match.end()
    new += text[position:]
    swapped = dict(row, Text=new)
    for key in offsets:
        swapped[f"{key}-offset"] = str(moved[key])
    swapped["Pronoun"] = _WORD.match(new, moved["Pronoun"]).group(0)
    return swapped


def page_subject_counts(rows: list[dict]) -> Counter:
    """Per snippet gender: snippets with one right candidate, and those whose wrong
    candidate's surname is in the page's URL."""
    counts: Counter = Counter()
    for row in rows:
        right = [key for key in "AB" if row[f"{key}-coref"].strip().upper() == "TRUE"]
        if len(right) != 1:
            continue
        wrong = "B" if right == ["A"] else "A"
        gender = snippet_gender(row)
        counts[gender] += 1
        counts[gender, "page"] += row[wrong].split()[-1].lower() in row["URL"].lower()
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--coref", default="learned", choices=["learned", "builtin"])
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    paths = coref_data_paths()
    litbank, gap, lexicon = load_docs(paths)
    rows = read_gap(paths.gap)
    gender = {row["ID"]: snippet_gender(row) for row in rows}
    nlp = spacy.load(BASE_MODEL)
    annotator = spacy.blank("en", vocab=nlp.vocab).add_pipe("gender_lexicon")
    swapped = {doc.user_data[DOC_ID]: annotator(doc)
               for doc in gap_docs(nlp, [swapped_row(row, nlp) for row in rows])}
    # name and honorific gender ignored, as constraint and as feature: a swapped pronoun must
    # be able to reach its antecedent, and not be scored down for disagreeing with its name
    ActorCluster.prior_group = lambda self: None
    FeatureContext.name_groups = lambda self, actor: frozenset()
    as_written, pronouns_swapped, order = [], [], []
    folds = range(args.folds) if args.coref == "learned" else [None]
    model = default_ranker()
    for fold in folds:
        def in_fold(doc, fold=fold):
            return fold is None or fold_of(doc.user_data[DOC_ID], args.folds, args.seed) == fold

        held = [d for d in gap if in_fold(d)]
        ranker = None
        if fold is not None:
            ranker = train([d for d in litbank if not in_fold(d)],
                           [d for d in gap if not in_fold(d)], lexicon, window=model.window,
                           l2=model.metadata.get("l2", 0.0001))
            ranker.threshold, ranker.beam = model.threshold, model.beam
        as_written += evaluate_docs(held, lexicon, ranker, coref=args.coref, kind="gap")
        pronouns_swapped += evaluate_docs([swapped[d.user_data[DOC_ID]] for d in held],
                                          lexicon, ranker, coref=args.coref, kind="gap")
        order += [gender[d.user_data[DOC_ID]] for d in held]
    print(f"GAP development, coref={args.coref}"
          + (f" ({args.folds}-fold cross-validated)" if args.coref == "learned" else "")
          + ", name and honorific gender ignored; F1 [95 % bootstrap CI over snippets]")
    print(f"{'snippets written':<20}{'pronouns as written':>26}{'pronouns swapped':>26}")
    for written in ("masculine", "feminine"):
        cells = []
        for decisions in (as_written, pronouns_swapped):
            mine = [d for d, g in zip(decisions, order, strict=True) if g == written]
            low, high = bootstrap(mine, gap_scores)["all"]
            cells.append(f"{gap_scores(mine)['all']:.1f} [{low:.1f}, {high:.1f}]")
        print(f"{written:<20}{cells[0]:>26}{cells[1]:>26}")
    for name, decisions in (("as written", as_written), ("pronouns swapped", pronouns_swapped)):
        scores = gap_scores(decisions)
        print(f"by pronoun form, {name}: masculine {scores['masculine']:.1f} feminine "
              f"{scores['feminine']:.1f} Bias {scores['bias']:.3f}")
    counts = page_subject_counts(rows)
    for written in ("masculine", "feminine"):
        print(f"{written} snippets with one right candidate: {counts[written]}; the wrong one "
              f"is the page's subject in {100 * counts[written, 'page'] / counts[written]:.1f} %")


if __name__ == "__main__":
    main()
