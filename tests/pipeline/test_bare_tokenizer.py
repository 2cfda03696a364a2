"""What README.md and docs/install.md say runs on a bare tokenizer (``spacy.blank(lang)``):
gender_lexicon, quote_typer and gender_swapper do; actor_linker needs entities and a parse,
and role_counter needs actor_linker, each saying so in one line."""

import pytest
import spacy

TEXTS = {
    "en": 'She said: "The chairman left."',
    "de": 'Er sagte: "Der Lehrer ging."',
    "uk": "Вона сказала: «Лікар пішов».",
    "pt": 'Ela disse: "O professor saiu."',
}


@pytest.mark.parametrize("lang", sorted(TEXTS))
def test_lexicon_quotes_and_swapper_run_on_a_bare_tokenizer(lang):
    nlp = spacy.blank(lang)
    for name in ("gender_lexicon", "quote_typer", "gender_swapper"):
        nlp.add_pipe(name)
    nlp.initialize()
    doc = nlp(TEXTS[lang])
    assert any(token._.gender for token in doc)
    assert len(doc.spans["quotes"]) == 1
    assert doc._.swapped != doc.text


@pytest.mark.parametrize(("names", "message"), [
    (("gender_lexicon", "actor_linker"), r"actor_linker needs named entities \(doc.ents\)"),
    (("role_counter",), "role_counter needs actor_linker before it"),
])
def test_actor_components_say_what_a_bare_tokenizer_lacks(names, message):
    nlp = spacy.blank("en")
    for name in names:
        nlp.add_pipe(name, config={"sentiment": None} if name == "role_counter" else {})
    with pytest.raises(ValueError, match=message):
        nlp(TEXTS["en"])
