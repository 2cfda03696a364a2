"""Decoding the pronouns of a document: greedy (beam 1) and beam search, on real parses."""

import copy
from dataclasses import replace

import numpy
import pytest
import spacy

from spacy_genderfair.coref import find_mentions
from spacy_genderfair.coref.decoding import beam_search, join
from spacy_genderfair.coref.features import FeatureContext, pronoun_candidates
from spacy_genderfair.coref.ranker import default_ranker
from spacy_genderfair.lexicon import get_lexicon
from tests.conftest import EN_MODEL

TEXT = ("John Smith met Paul Green at the station. He gave him a letter. He read it at once, "
        "and he thanked him. Later his brother called him.")


@pytest.fixture(scope="module")
def parsed():
    nlp = spacy.load(EN_MODEL)
    nlp.add_pipe("gender_lexicon")
    doc = nlp(TEXT)
    lexicon = get_lexicon("en")
    actors, pronouns = find_mentions(doc, lexicon, person_labels=lexicon.profile.person_labels)
    return FeatureContext(doc, lexicon.profile), actors, pronouns


def ranker_with(beam: int):
    ranker = copy.copy(default_ranker())
    ranker.beam = beam
    return ranker


def copied(actors):
    return [replace(a, mentions=list(a.mentions), pronouns=a.pronouns.copy()) for a in actors]


def index_of(actor, actors) -> int:
    return next(i for i, a in enumerate(actors) if a is actor)


def greedy(context, actors, pronouns, ranker):
    """Each pronoun takes its best candidate, given the choices before it."""
    actors = copied(actors)
    choices = []
    for pronoun in pronouns:
        best = ranker.choose(pronoun_candidates(context, pronoun, actors, ranker.window))
        choices.append(None if best is None else (index_of(best.actor, actors), best.group))
        if best is not None:
            join(best.actor, pronoun, best.group)
    return choices


def best_assignment(context, actors, pronouns, ranker):
    """Every assignment, scored by its summed log probabilities: the exact optimum."""
    if not pronouns:
        return 0.0, []
    pronoun, rest = pronouns[0], pronouns[1:]
    candidates = pronoun_candidates(context, pronoun, actors, ranker.window)
    log_probs = ranker.log_probabilities(candidates)
    found = []
    for k in range(len(candidates) + 1):
        branch = copied(actors)
        choice = None
        if k < len(candidates):
            index = index_of(candidates[k].actor, actors)
            join(branch[index], pronoun, candidates[k].group)
            choice = (index, candidates[k].group)
        score, choices = best_assignment(context, branch, rest, ranker)
        found.append((log_probs[k] + score, [choice, *choices]))
    return max(found, key=lambda item: item[0])


def test_the_text_has_two_men_and_six_pronouns(parsed):
    _, actors, pronouns = parsed
    assert [a.display for a in actors] == ["John Smith", "Paul Green"]
    assert [p.root.text for p in pronouns] == ["He", "him", "He", "he", "him", "his", "him"]


def test_a_beam_of_one_is_greedy(parsed):
    context, actors, pronouns = parsed
    ranker = ranker_with(1)
    assert beam_search(context, pronouns, actors, ranker) == greedy(
        context, actors, pronouns, ranker)


def test_a_wide_beam_finds_the_best_assignment(parsed):
    context, actors, pronouns = parsed
    ranker = ranker_with(3 ** len(pronouns))  # at most 2 candidates + none: nothing pruned
    score, choices = best_assignment(context, actors, pronouns, ranker)
    assert beam_search(context, pronouns, actors, ranker) == choices
    assert numpy.isfinite(score)


def test_decoding_leaves_the_actors_as_they_were(parsed):
    context, actors, pronouns = parsed
    before = [[m.start for m in a.mentions] for a in actors]
    beam_search(context, pronouns, actors, ranker_with(4))
    assert [[m.start for m in a.mentions] for a in actors] == before

