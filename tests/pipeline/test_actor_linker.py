"""actor_linker + role_counter on real text: en_core_web_sm end to end, gold UD for de/pt/uk."""

import re

import pytest
import spacy
from spacy.tokens import Doc, DocBin, Span

from tests.conftest import EN_MODEL, ud_doc, with_person_mentions

NEWS = ("Chancellor Angela Merkel met the French president Emmanuel Macron in Berlin on Monday. "
        "Merkel said she was confident that the talks would succeed. Macron thanked her for the "
        "invitation, and he praised her government. Later, Ms. Jones was elected by the "
        "committee, which also invited Dr. Alex Kim.")


@pytest.fixture(scope="module")
def stack():
    nlp = spacy.load(EN_MODEL)
    for name in ("gender_lexicon", "actor_linker", "role_counter"):
        nlp.add_pipe(name)
    return nlp


def actors(doc):
    return [(a.id, a.name, a.group, [(m.text, m.id_) for m in a.mentions])
            for a in doc._.actors]


def test_news_paragraph_actors(stack):
    doc = stack(NEWS)
    assert actors(doc) == [
        ("A1", "Angela Merkel", "she/her", [("Angela Merkel", "named"), ("Merkel", "named"),
                                            ("she", "pronoun"), ("her", "pronoun"),
                                            ("her", "pronoun")]),
        # "Macron thanked her": the NER missed the surname; it names A2 all the same.
        ("A2", "Emmanuel Macron", "he/him", [("Emmanuel Macron", "named"),
                                             ("Macron", "named"), ("he", "pronoun")]),
        ("A3", "Jones", "she/her", [("Jones", "named")]),
        # Alex is a unisex name that only leans male: no evidence of a group
        ("A4", "Alex Kim", "unknown", [("Alex Kim", "named")]),
    ]
    evidence = {a.id: a.evidence["decided_by"] for a in doc._.actors}
    assert evidence == {"A1": "pronouns", "A2": "pronouns", "A3": "honorific", "A4": "none"}


def test_news_paragraph_roles(stack):
    stats = stack(NEWS)._.gender_stats
    merkel, jones = stats["actors"]["A1"], stats["actors"]["A3"]
    assert (merkel["named"], merkel["pronoun"], merkel["subject"], merkel["object"]) == (2, 3, 3, 1)
    # "Ms. Jones was elected": the patient of a passive counts as an object, not a subject
    assert jones["roles"]["passive_subject"] == 1
    assert (jones["subject"], jones["object"]) == (0, 1)
    assert stats["groups"]["she/her"]["actors"] == 2
    assert stats["groups"]["he/him"]["subject"] == 2  # "Macron thanked", "he praised"
    assert stats["groups"]["they/them"]["actors"] == 0


def test_sentiment_and_coded_words_per_actor(stack):
    doc = stack("Anna Schmidt won the award and everyone loved her wonderful speech. "
                "Peter Braun lost his job after a terrible and aggressive meeting.")
    anna, peter = doc._.gender_stats["actors"]["A1"], doc._.gender_stats["actors"]["A2"]
    assert anna["sentiment"] > 0.3 > -0.3 > peter["sentiment"]
    assert (anna["sentences"], peter["sentences"]) == (1, 1)
    assert peter["coded"]["masculine"] == 1  # "aggressive"


def test_no_substring_merging_and_no_cross_title_merging(stack):
    doc = stack("Anna Berg met Annabelle Stone in Paris. Anna smiled. "
                "Mr Smith greeted Mrs Smith at the door.")
    names = [(a.name, [m.text for m in a.mentions if m.id_ == "named"]) for a in doc._.actors]
    assert ("Anna Berg", ["Anna Berg", "Anna"]) in names
    assert ("Annabelle Stone", ["Annabelle Stone"]) in names
    # NER leaves "Mr" outside the first entity: the title before it still counts
    smiths = [(a.group, [m.text for m in a.mentions]) for a in doc._.actors if "Smith" in a.name]
    assert smiths == [("he/him", ["Smith"]), ("she/her", ["Mrs Smith"])]


def test_binding_personal_pronoun_not_its_own_subject(stack):
    doc = stack("Maria Lopez met Sarah Cole. Sarah Cole admired her.")
    her = next(m for a in doc._.actors for m in a.mentions if m.text == "her")
    assert doc._.actor_data[her.kb_id_]["name"] == "Maria Lopez"


def test_document_without_people(stack):
    doc = stack("The committee approved the budget for the new library on Tuesday.")
    assert doc._.actors == []
    assert doc._.gender_stats["actors"] == {}
    assert list(doc.spans["actor_mentions"]) == []


def test_unknown_actors_are_kept(stack):
    doc = stack("Xorblat Quenn announced the results in Geneva.")
    assert [(a.name, a.group) for a in doc._.actors] == [("Xorblat Quenn", "unknown")]


def test_generic_nouns_are_opt_in():
    nlp = spacy.load(EN_MODEL)
    nlp.add_pipe("gender_lexicon")
    nlp.add_pipe("actor_linker", config={"generic_nouns": True})
    doc = nlp("The woman opened the door. She greeted the postman.")
    # "postman" is a job noun of masculine word gender: a person of its own
    assert [(a.name, a.group, [m.text for m in a.mentions]) for a in doc._.actors] == [
        ("woman", "she/her", ["woman", "She"]), ("postman", "he/him", ["postman"])]


@pytest.mark.parametrize(("missing", "message"), [
    ("ner", "actor_linker needs named entities (doc.ents): add 'ner' before it"),
    ("parser", "actor_linker needs a dependency parse: add 'parser' before it"),
])
def test_missing_annotation_is_one_clear_error(missing, message):
    nlp = spacy.load(EN_MODEL, exclude=[missing])
    nlp.add_pipe("gender_lexicon")
    nlp.add_pipe("actor_linker")
    with pytest.raises(ValueError, match=re.escape(message)):
        nlp("Angela Merkel spoke in Berlin.")


def test_missing_gender_lexicon_is_one_clear_error():
    nlp = spacy.load(EN_MODEL)
    nlp.add_pipe("actor_linker")
    with pytest.raises(ValueError, match="actor_linker needs gender_lexicon before it"):
        nlp("Angela Merkel spoke in Berlin.")


def test_round_trips_keep_actors(stack):
    doc = stack(NEWS)
    expected = (actors(doc), doc._.gender_stats)
    restored = Doc(doc.vocab).from_bytes(doc.to_bytes())
    assert (actors(restored), restored._.gender_stats) == expected
    (from_bin,) = DocBin(docs=[doc], store_user_data=True).get_docs(doc.vocab)
    assert actors(from_bin) == expected[0]
    docs = list(stack.pipe([NEWS, NEWS], n_process=2, batch_size=1))
    assert [actors(d) for d in docs] == [expected[0]] * 2


def _gold(lang, sent_id, *entities):
    """A gold UD sentence with PER entities (start, end) added, through the stack."""
    doc = ud_doc(lang, sent_id)
    doc.ents = [Span(doc, start, end, label="PER") for start, end in entities]
    nlp = spacy.blank(lang)
    for name in ("gender_lexicon", "actor_linker", "role_counter"):
        nlp.add_pipe(name, config={"sentiment": None} if name == "role_counter" else {})
    for _, component in nlp.pipeline:
        doc = component(doc)
    return doc


def test_german_possessive_determiners_resolve():
    # Der CDU-Chef warf dem Ministerpräsidenten Oskar Lafontaine vor, mit seiner Finanzpolitik
    # in dem Lande ebenso gescheitert zu sein wie mit seiner Stahl-…
    doc = _gold("de", "test-s361", (7, 9))
    assert actors(doc) == [("A1", "Oskar Lafontaine", "he/him", [
        ("Oskar Lafontaine", "named"), ("seiner", "pronoun"), ("seiner", "pronoun")])]


def test_german_personal_pronoun_and_role():
    doc = _gold("de", "dev-s717", (4, 5))  # Ich habe heute morgen Oskar gefragt, ob er ...
    assert actors(doc) == [("A1", "Oskar", "he/him", [("Oskar", "named"), ("er", "pronoun")])]
    assert doc._.gender_stats["actors"]["A1"]["roles"]["object"] == 1


def test_portuguese_agreement_gives_the_group():
    doc = _gold("pt", "CF885-1", (9, 10))  # ... Conceição está aflita.
    (actor,) = doc._.actors
    assert (actor.name, actor.group, actor.evidence["decided_by"]) == (
        "Conceição", "she/her", "agreement")


def test_portuguese_pronoun():
    # O PÚBLICO tentou saber se havia divergências ... entre Anabela Moutinho e Costa Ramos,
    # que ela não confirmou nem desmentiu.
    doc = _gold("pt", "CP974-5", (12, 14))
    assert actors(doc)[0][3] == [("Anabela Moutinho", "named"), ("ela", "pronoun")]


def test_ukrainian_agreement_and_pronoun():
    doc = _gold("uk", "28mb", (16, 17))  # ... - поділилася Катерина.
    assert [(a.name, a.group, a.evidence["decided_by"]) for a in doc._.actors] == [
        ("Катерина", "she/her", "agreement")]
    doc = _gold("uk", "2o2u", (0, 2))  # Іван Яблонський ... з ним декілька разів судилися лікарі.
    assert actors(doc) == [("A1", "Іван Яблонський", "he/him", [
        ("Іван Яблонський", "named"), ("ним", "pronoun")])]


def test_coreferee_backend_says_how_to_install():
    from spacy_genderfair._compat import has_coreferee

    nlp = spacy.load(EN_MODEL)
    if has_coreferee:  # installed: its pipe (and model) must come before actor_linker
        nlp.add_pipe("gender_lexicon")
        nlp.add_pipe("actor_linker", config={"coref": "coreferee"})
        with pytest.raises(ValueError, match="needs the 'coreferee' pipe before it"):
            nlp("Anna Berg spoke in Berlin.")
    else:
        with pytest.raises(ImportError, match=r"pip install 'spacy-genderfair\[coref\]'"):
            nlp.add_pipe("actor_linker", config={"coref": "coreferee"})


def test_possessive_bound_by_the_commanding_object(stack):
    # "her" sits inside the object of "gave": the recipient, not the giver, is the antecedent
    doc = stack("The coach Maria Lopez gave Anna Berg her first cap in March.")
    assert [(a.name, [m.text for m in a.mentions]) for a in doc._.actors] == [
        ("Maria Lopez", ["Maria Lopez"]), ("Anna Berg", ["Anna Berg", "her"])]


def test_german_frau_and_feminine_pronoun():
    # Frau Mitterrand und der sie begleitende französische Gesundheitsminister Bernard
    # Kouchner blieben unverletzt.
    doc = _gold("de", "dev-s653", (1, 2), (8, 10))
    assert [(a.name, a.group, a.evidence["decided_by"], [m.text for m in a.mentions])
            for a in doc._.actors] == [
        ("Mitterrand", "she/her", "pronouns", ["Mitterrand", "sie"]),
        ("Bernard Kouchner", "he/him", "first_name", ["Bernard Kouchner"]),
    ]
    assert doc._.actor_data["A1"]["evidence"]["honorific"] == "she/her"  # "Frau" before it


def test_german_possessive_without_possessor_features():
    # ... die Frau versteht ihren Beruf.  (GSD gives "ihren" the possessed noun's Gender=Masc)
    doc = ud_doc("de", "test-s31")
    doc.ents = []
    nlp = spacy.blank("de")
    lexicon = nlp.add_pipe("gender_lexicon")
    linker = nlp.add_pipe("actor_linker", config={"generic_nouns": True})
    doc = linker(lexicon(doc))
    # "dem Zahnarzt", a job noun, is a person too; "ihren" is the woman's, the nearer subject
    assert actors(doc) == [("A1", "Zahnarzt", "he/him", [("Zahnarzt", "noun")]),
                           ("A2", "Frau", "she/her", [("Frau", "noun"), ("ihren", "pronoun")])]


def _first_name_evidence(doc):
    return [(a.name, a.group, a.evidence["first_name"]) for a in doc._.actors]


def test_a_determiner_is_never_a_first_name(stack):
    # gender-guesser reads "the" as a woman's name: both actors were she/her, and "he" was
    # left without an antecedent.
    doc = with_person_mentions(
        stack, "The developer argued with the designer because he was late.", (0, 2), (4, 6))
    assert [(t.text, t.pos_) for t in doc if t.lower_ == "the"] == [("The", "DET"),
                                                                    ("the", "DET")]
    assert [t.text for t in doc if t._.gender_kind == "name"] == []
    assert _first_name_evidence(doc) == [("The developer", "he/him", None),
                                         ("the designer", "unknown", None)]
    assert actors(doc)[0][3] == [("The developer", "named"), ("he", "pronoun")]


def _built_doc(lang, words, heads, deps, mentions, **annotations):
    """A Doc built by hand with a parse (and any ``annotations``: pos, morphs) and PER
    ``mentions``, through gender_lexicon and actor_linker."""
    nlp = spacy.blank(lang)
    for name in ("gender_lexicon", "actor_linker"):
        nlp.add_pipe(name)
    doc = Doc(nlp.vocab, words=words, heads=heads, deps=deps, **annotations)
    doc.ents = [Span(doc, start, end, label="PER") for start, end in mentions]
    for _, component in nlp.pipeline:
        doc = component(doc)
    return doc


def test_german_possessive_determiner_is_no_first_name():
    # gender-guesser reads "Mein" as a woman's name: "Mein Kollege" was she/her by its
    # "first name", and "er" went to the designer.
    doc = _built_doc(
        "de", "Mein Kollege stritt mit der Designerin , weil er zu spät kam .".split(),
        heads=[1, 2, 2, 5, 5, 2, 11, 11, 11, 10, 11, 2, 2],
        deps="det nsubj ROOT case det obl punct mark nsubj advmod advmod advcl punct".split(),
        mentions=[(0, 2), (4, 6)],
        pos="DET NOUN VERB ADP DET NOUN PUNCT SCONJ PRON ADV ADJ VERB PUNCT".split(),
        morphs=["Case=Nom|Gender=Masc|Number=Sing|Person=1|Poss=Yes|PronType=Prs",
                "Case=Nom|Gender=Masc|Number=Sing", "Number=Sing|Person=3|VerbForm=Fin", "",
                "Case=Dat|Gender=Fem|Number=Sing|PronType=Art", "Case=Dat|Gender=Fem|Number=Sing",
                "", "", "Case=Nom|Gender=Masc|Number=Sing|Person=3|PronType=Prs", "",
                "Degree=Pos", "Number=Sing|Person=3|VerbForm=Fin", ""])
    assert [t.text for t in doc if t._.gender_kind == "name"] == []
    assert _first_name_evidence(doc) == [("Mein Kollege", "he/him", None),
                                         ("der Designerin", "unknown", None)]
    assert actors(doc)[0][3] == [("Mein Kollege", "named"), ("er", "pronoun")]


def test_portuguese_determiners_without_tags_are_no_first_names():
    # No POS here: the profile's closed determiner list decides. gender-guesser reads "Este"
    # as a man's and "uma" as a woman's name.
    doc = _built_doc(
        "pt", "Este desenvolvedor discutiu com uma designer porque ele chegou atrasado .".split(),
        heads=[1, 2, 2, 5, 5, 2, 8, 8, 2, 8, 2],
        deps="det nsubj ROOT case det obl mark nsubj advcl xcomp punct".split(),
        mentions=[(0, 2), (4, 6)])
    assert not doc.has_annotation("POS")
    assert [t.text for t in doc if t._.gender_kind == "name"] == []
    assert [a.evidence["first_name"] for a in doc._.actors] == [None, None]
    assert "first_name" not in {a.evidence["decided_by"] for a in doc._.actors}


# -- appositions share their head's role (gold UD, and TIGER labels) --------------------------
def _roles(doc):
    return {r["name"]: (r["subject"], r["object"], r["roles"]["passive_subject"])
            for r in doc._.gender_stats["actors"].values()}


def test_german_apposition_of_an_object_and_of_a_passive_subject():
    # "Präsident Boris Jelzin hat am Mittwoch die Chefin der Zentralbank, Tatjana Paramonowa,
    # entlassen." — Tatjana -appos-> Chefin -obj-> entlassen
    doc = _gold("de", "test-s315", (2, 4), (13, 15))
    assert _roles(doc) == {"Boris Jelzin": (1, 0, 0), "Tatjana Paramonowa": (0, 1, 0)}
    # "Avrils Schwiegersohn Paul Henri Cineas wurde festgenommen." — appos of nsubj:pass
    doc = _gold("de", "test-s510", (2, 5))
    assert _roles(doc) == {"Paul Henri Cineas": (0, 1, 1)}


def test_portuguese_apposition_of_a_subject():
    # "Pepe ainda tem esperança que o centroavante Guga renove o seu contrato, …"
    doc = _gold("pt", "CF919-5", (0, 1), (7, 8))
    assert _roles(doc) == {"Pepe": (1, 0, 0), "Guga": (1, 0, 0)}


def test_tiger_apposition_of_an_accusative_object():
    doc = _built_doc(
        "de", "Die Firma ernannte ihre Stellvertreterin , Anna Berg , zur Chefin .".split(),
        heads=[1, 2, 2, 4, 2, 4, 7, 4, 4, 2, 9, 2],
        deps="nk sb ROOT nk oa punct pnc app punct mo nk punct".split(),
        mentions=[(6, 8)])
    doc = spacy.blank("de").add_pipe("role_counter", config={"sentiment": None})(doc)
    assert _roles(doc) == {"Anna Berg": (0, 1, 0)}


# -- surnames the NER missed, without POS tags -------------------------------------------------
def test_untagged_surname_inside_a_sentence_is_a_mention():
    words = "James Holt chaired the meeting . Later , Holt warned the board .".split()
    doc = _built_doc("en", words, heads=[1, 2, 2, 4, 2, 2, 9, 9, 9, 9, 11, 9, 9],
                     deps=("compound nsubj ROOT det dobj punct advmod punct nsubj ROOT det "
                           "dobj punct").split(),
                     mentions=[(0, 2)])
    assert not doc.has_annotation("POS")
    assert actors(doc) == [("A1", "James Holt", "he/him", [("James Holt", "named"),
                                                           ("Holt", "named")])]


def test_untagged_capitalised_word_opening_a_sentence_is_no_mention():
    # Without tags a capitalised word that opens a sentence may be any word.
    words = "James Holt chaired the meeting . Holt warned the board .".split()
    doc = _built_doc("en", words, heads=[1, 2, 2, 4, 2, 2, 7, 7, 9, 7, 7],
                     deps="compound nsubj ROOT det dobj punct nsubj ROOT det dobj punct".split(),
                     mentions=[(0, 2)])
    assert actors(doc) == [("A1", "James Holt", "he/him", [("James Holt", "named")])]


def test_surname_that_is_another_actors_first_name_is_no_mention(stack):
    doc = with_person_mentions(stack, "Holt Smith met James Holt. Later, Holt smiled.",
                                (0, 2), (3, 5))
    assert doc[8].text == "Holt" and doc[8].pos_ == "PROPN"
    assert [(a.name, [m.text for m in a.mentions]) for a in doc._.actors] == [
        ("Holt Smith", ["Holt Smith"]), ("James Holt", ["James Holt"])]
    # The same text without the first-name clash: "Holt" is James Holt's.
    doc = with_person_mentions(stack, "Anna Smith met James Holt. Later, Holt smiled.",
                                (0, 2), (3, 5))
    assert [(a.name, [m.text for m in a.mentions]) for a in doc._.actors] == [
        ("Anna Smith", ["Anna Smith"]), ("James Holt", ["James Holt", "Holt"])]


def test_german_pronoun_without_its_person_is_unresolved():
    # "Ich habe heute morgen Oskar gefragt, ob er …": with Oskar an entity, "er" is his;
    # without (an NER that missed him), "er" counts as an unresolved he/him pronoun.
    unresolved = {
        len(entities): {g: r["unresolved"] for g, r in
                        _gold("de", "dev-s717", *entities)._.gender_stats["groups"].items()}
        for entities in ([(4, 5)], [])}
    assert unresolved == {1: {"she/her": 0, "he/him": 0, "they/them": 0, "unknown": 0},
                          0: {"she/her": 0, "he/him": 1, "they/them": 0, "unknown": 0}}


@pytest.mark.parametrize(("text", "expected"), [
    ("Alex Morgan, who uses they/them pronouns, founded the studio. They said the first "
     "year was hard.", [("Alex Morgan", "they/them", ["Alex Morgan", "They"])]),
    ("Kim Lee (she/her) opened the meeting.", [("Kim Lee", "she/her", ["Kim Lee"])]),
    ("Robin Vale, who uses xe/xem pronouns, chairs the board.",
     [("Robin Vale", "they/them", ["Robin Vale"])]),
    # a plural noun between: "they" may be theirs, and is no single actor's
    ("Alex Morgan, who uses they/them pronouns, met the Smiths. The parents said they were "
     "proud.", [("Alex Morgan", "they/them", ["Alex Morgan"])]),
    # no statement: "they" stays plural
    ("Alex Morgan founded the studio with two friends. They said the first year was hard.",
     [("Alex Morgan", "unknown", ["Alex Morgan"])]),
])
def test_stated_pronouns_decide_the_group(stack, text, expected):
    doc = stack(text)
    assert [(a.name, a.group, [m.text for m in a.mentions]) for a in doc._.actors] == expected
