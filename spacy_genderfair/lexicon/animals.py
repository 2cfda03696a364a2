"""Animals, which are no persons: the nouns the profile lists in ``non_person_nouns.txt``
and the names right after them ("собака Жучка")."""

from spacy.tokens import Token

from ..tokens import is_word, opens_sentence_by_text


def names_an_animal(lexicon, word: str) -> bool:
    """Whether ``word`` is a form of a noun the profile lists as naming no person
    (``non_person_nouns``: an animal, "собаки", "кота"): a name after it is the animal's."""
    listed = lexicon.profile.non_person_nouns
    if word in listed:
        return True
    readings = lexicon.analyzer.analyze(word) if lexicon.analyzer is not None else ()
    return any(r.pos == "NOUN" and r.lemma in listed for r in readings)


def animal_before(lexicon, token: Token) -> bool:
    """Whether the word right before ``token`` names an animal (``names_an_animal``),
    written in lower case or capitalised as its sentence's first word: a name at ``token``
    is the animal's ("собака Жучка", "Кішка Мурка спала")."""
    if token.i == 0:
        return False
    before = token.doc[token.i - 1]
    return is_word(before) and (not before.text[:1].isupper() or (
        before.text[1:].islower() and opens_sentence_by_text(before))) \
        and names_an_animal(lexicon, before.lower_)
