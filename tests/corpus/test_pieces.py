"""Long texts in pieces: lossless splitting at the coarsest boundary, pipelines over records."""

from importlib import resources
from itertools import pairwise

import pytest
import spacy
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from spacy_genderfair.corpus.pieces import join_docs, join_swapped, pipe_in_pieces, split_text
from spacy_genderfair.extensions import DOC_SWAP_EDITS, DOC_SWAPPED

EXAMPLE_LINES = (resources.files("spacy_genderfair") / "examples" / "en_corpus.txt"
                 ).read_text(encoding="utf-8").split("\n")

# Texts built from the pieces split_text looks for: words, sentence ends, quotes, line and
# paragraph breaks, runs of spaces, words longer than a small limit, non-Latin scripts.
_WORDS = st.sampled_from(["the", "Committee", "met", "J.", "Mr.", "“Stop!”", "said", "Tom.",
                          "він", "прийшов.", "Árvore", "x" * 40, "why?", "…", "(yes.)"])
_SEPARATORS = st.sampled_from([" ", " ", " ", "  ", "\n", "\n\n", "\n \n  ", "\t", ""])
TEXTS = st.lists(st.tuples(_WORDS, _SEPARATORS), max_size=60).map(
    lambda parts: "".join(word + sep for word, sep in parts))


@settings(max_examples=500, deadline=None, derandomize=True)
@given(text=TEXTS | st.text(max_size=300), limit=st.integers(min_value=1, max_value=120))
def test_split_is_lossless_and_within_the_limit(text, limit):
    pieces = split_text(text, limit)
    assert "".join(pieces) == text
    assert all(len(piece) <= limit for piece in pieces)
    assert all(pieces) or pieces == [""]


@settings(max_examples=300, deadline=None, derandomize=True)
@given(text=TEXTS, limit=st.integers(min_value=40, max_value=120))
def test_cuts_fall_between_words_when_every_word_fits(text, limit):
    assume(all(len(word) <= limit for word in text.split()))
    pieces = split_text(text, limit)
    for before, after in pairwise(pieces):
        assert before[-1].isspace() or after[0].isspace()


def test_paragraphs_first_then_sentences_then_words():
    text = ("The board met. It voted twice!\n\nThe plan passed. Work starts in May.\n \n"
            "Nobody objected to the long and winding proposal")
    assert split_text(text, len(text)) == [text]
    assert split_text(text, 40) == [
        "The board met. It voted twice!\n\n",
        "The plan passed. Work starts in May.\n \n",
        "Nobody objected to the long and winding ",
        "proposal"]
    assert split_text(text, 20) == [
        "The board met. ", "It voted twice!\n\n", "The plan passed. ", "Work starts in ",
        "May.\n \n", "Nobody objected to ", "the long and ", "winding proposal"]
    assert split_text("abcdefghij", 4) == ["abcd", "efgh", "ij"]  # one word: a hard cut


def test_no_sentence_cut_after_an_initial_or_before_a_lower_case_word():
    text = "“Stop!” said Tom. J. R. Smith came in. He left."
    assert split_text(text, 40) == ["“Stop!” said Tom. J. R. Smith came in. ", "He left."]
    # An abbreviation is not known: "Mr. " ends a piece when nothing better fits.
    assert split_text("Yes! Mr. Smith went home.", 10) == ["Yes! Mr. ", "Smith ",
                                                            "went home."]


def test_the_limit_must_be_positive():
    with pytest.raises(ValueError, match="at least 1 character"):
        split_text("text", 0)


def _long_text(n_chars: int) -> str:
    """Real sentences of the example corpus in paragraphs of five, ``n_chars`` or more."""
    lines = [line for line in EXAMPLE_LINES if line]
    paragraphs, size, i = [], 0, 0
    while size < n_chars:
        paragraph = " ".join(lines[(i + k) % len(lines)] for k in range(5))
        paragraphs.append(paragraph)
        size += len(paragraph) + 2
        i += 5
    return "\n\n".join(paragraphs)


def test_pipe_in_pieces_keeps_records_whole_and_in_order():
    nlp = spacy.blank("en")
    nlp.max_length = 2_000
    long_text = _long_text(9_000)
    records = [("Short one.", "a"), (long_text, "b"), ("", "c"), ("Another short.", "d"),
               (long_text[:2_000], "e"), (long_text[:2_001], "f")]
    results = list(pipe_in_pieces(nlp, records, batch_size=3))
    assert [context for _, context in results] == ["a", "b", "c", "d", "e", "f"]
    assert [len(docs) for docs, _ in results] == [1, 5, 1, 1, 1, 2]
    for (docs, _), (text, _) in zip(results, records, strict=True):
        assert "".join(doc.text for doc in docs) == text
        assert all(len(doc.text) <= 2_000 for doc in docs)
    # The joined Doc has the tokens of the whole text.
    whole = spacy.blank("en")
    whole.max_length = 100_000
    joined = join_docs(results[1][0])
    assert joined.text == long_text
    assert [t.text_with_ws for t in joined] == [t.text_with_ws for t in whole(long_text)]


def test_join_swapped_equals_the_swap_of_the_whole_text():
    text = _long_text(6_000)
    pieces_nlp, whole_nlp = spacy.blank("en"), spacy.blank("en")
    for nlp in (pieces_nlp, whole_nlp):
        nlp.add_pipe("gender_swapper", config={"lang": "en", "swap_names": False})
    pieces_nlp.max_length = 1_500
    [(docs, _)] = list(pipe_in_pieces(pieces_nlp, [(text, None)]))
    assert len(docs) == 6
    joined, whole = join_swapped(docs), whole_nlp(text)
    assert joined.text == text
    assert joined._.get(DOC_SWAPPED) == whole._.get(DOC_SWAPPED)
    assert joined._.get(DOC_SWAP_EDITS) == whole._.get(DOC_SWAP_EDITS)
    edits = joined._.get(DOC_SWAP_EDITS)
    assert len(edits) == 31 and all(joined[e["i"]].text == e["old"] for e in edits)
    assert "The chairwoman thanked the volunteers" in joined._.get(DOC_SWAPPED)
