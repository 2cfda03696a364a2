import pytest
import spacy
from spacy.tokens import Doc

from spacy_genderfair.tokens import is_word, prefix_hyphen


@pytest.mark.parametrize(("text", "expected"), [
    ("лікар", True), ("з'явився", True), ("пов’язаний", True), ("Мар\u02bcяна", True),
    ("rock'n'roll", True), ("'", False), ("з'", False), ("2015-го", False), ("-", False),
])
def test_is_word_allows_apostrophes_inside_letters(text, expected):
    assert is_word(Doc(spacy.blank("uk").vocab, words=[text])[0]) is expected


@pytest.mark.parametrize(("text", "hyphen", "expected"), [
    ("за екс-чиновника", 2, True),   # a prefix written together with the word
    ("Паля - син", 1, False),        # a spaced dash between words
    ("- Добре", 0, False),           # nothing before it
])
def test_prefix_hyphen(text, hyphen, expected):
    doc = spacy.blank("uk")(text)
    assert doc[hyphen].text == "-"
    assert prefix_hyphen(doc, hyphen) is expected
