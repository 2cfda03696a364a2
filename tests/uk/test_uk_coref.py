"""Ukrainian names in actor_linker on gold UD IU sentences: a name that UD hangs from a
title as a flat name part ("Бабця Зоня", "журналіст Білл О'Райлі") takes that noun's role
and its predicate's agreement."""

import spacy
from spacy.tokens import Doc, Span

from spacy_genderfair.roles import mention_role, name_head
from tests.conftest import ud_doc


def test_a_title_or_apposition_name_takes_its_nouns_role():
    # "Бабця Зоня пережила дзядзя Михася …": Зоня is flat:title of Бабця, the subject
    doc = ud_doc("uk", "12ac")
    zonia = doc[1]
    assert (zonia.text, zonia.dep_, zonia.head.text) == ("Зоня", "flat:title", "Бабця")
    assert name_head(zonia).text == "Бабця"
    roles = {"nsubj": "subject", "obj": "object"}
    assert mention_role(zonia, roles) == "subject"
    assert mention_role(doc[4], roles) == "object"  # Михася, under дзядзя
    # "Ведучий …, журналіст Білл О'Райлі заявив": Білл is a title's name part; the
    # apposition "журналіст" keeps its word for the resolver, and shares Ведучий's role
    doc = ud_doc("uk", "1lk9")
    assert name_head(doc[7]).text == "журналіст"
    assert mention_role(doc[7], roles) == "subject"


def test_a_title_name_gets_its_predicates_agreement_and_its_pronoun():
    nlp = spacy.blank("uk")
    nlp.add_pipe("gender_lexicon")
    nlp.add_pipe("actor_linker")
    # "Бабця Зоня пережила дзядзя Михася …  Вона померла від журби."
    doc = Doc.from_docs([ud_doc("uk", "12ac"), ud_doc("uk", "12ax")])
    doc.ents = [Span(doc, 1, 2, label="PER"), Span(doc, 4, 5, label="PER")]
    for _, component in nlp.pipeline:
        doc = component(doc)
    zonia = next(a for a in doc._.actors if a.name == "Зоня")
    assert doc._.actor_data[zonia.id]["evidence"]["agreement"] == {"she/her": 1}
    assert [m.text for m in zonia.mentions] == ["Зоня", "Вона"]
