"""A PERSON mention that opens with a determiner ("The developer") has no first name in it:
gender-guesser knows "the" as a woman's name, which neither gender_lexicon's name marks nor
gender_swapper's name swap may take up."""

import pytest
from spacy.tokens import Span

TEXT = "The developer argued with the designer because she was late."


@pytest.fixture
def swap_nlp(en_lexicon_nlp):
    en_lexicon_nlp.add_pipe("gender_swapper")
    yield en_lexicon_nlp
    en_lexicon_nlp.remove_pipe("gender_swapper")


def test_swapper_keeps_the_determiner_of_a_person_mention(swap_nlp):
    nlp = swap_nlp
    doc = nlp.make_doc(TEXT)
    for name, component in nlp.pipeline:
        doc = component(doc)
        if name == "ner":  # the mentions as a user or another NER gives them
            doc.ents = [Span(doc, 0, 2, label="PERSON"), Span(doc, 4, 6, label="PERSON")]
    assert [t.text for t in doc if t._.gender_kind == "name"] == []
    # (was "Edward developer argued with the designer because he was late.")
    assert doc._.swapped == "The developer argued with the designer because he was late."
