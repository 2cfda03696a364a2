import pytest
import spacy
from spacy.tokens import Doc

from spacy_genderfair.tokens import is_word


@pytest.mark.parametrize(("text", "expected"), [
    ("лікар", True), ("з'явився", True), ("пов’язаний", True), ("Мар\u02bcяна", True),
    ("rock'n'roll", True), ("'", False), ("з'", False), ("2015-го", False), ("-", False),
])
def test_is_word_allows_apostrophes_inside_letters(text, expected):
    assert is_word(Doc(spacy.blank("uk").vocab, words=[text])[0]) is expected
