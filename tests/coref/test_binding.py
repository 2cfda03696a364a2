"""Binding on en_core_web_sm parses: a personal pronoun is free in its clause, whose subject
may be shared (coordination, control) rather than named; a reflexive is bound there.
Occupations are given as PERSON mentions; every case runs with both pronoun genders and
must resolve the same way, with the rules and with the learned ranker (binding is a hard
constraint of both)."""

import pytest
import spacy

from spacy_genderfair.coref.binding import clause_subjects, coordinated_head
from tests.conftest import EN_MODEL, ud_doc, with_person_mentions


@pytest.fixture(scope="module", params=["builtin", "learned"])
def stack(request):
    nlp = spacy.load(EN_MODEL)
    nlp.add_pipe("gender_lexicon")
    nlp.add_pipe("actor_linker", config={"coref": request.param})
    return nlp


def antecedent(doc, pronoun_index: int) -> str | None:
    """The name of the actor a pronoun was resolved to, or None."""
    for actor in doc._.actors:
        if any(m.start == pronoun_index for m in actor.mentions if m.id_ == "pronoun"):
            return actor.name
    return None


# (sentence with {pronoun}, the pronoun forms, pronoun index, expected antecedent)
CASES = [
    # coordination: "hugged" shares "thanked"'s subject, so the pronoun is not the pilot
    ("The pilot thanked the engineer and hugged {}.", ("her", "him"), 7, "the engineer"),
    # copula complement: "was kind to" shares the subject of "met"
    ("The baker met the plumber and was kind to {}.", ("her", "him"), 9, "the plumber"),
    # object control: the plumber is the one who calls, so the pronoun is the baker
    ("The baker asked the plumber to call {}.", ("her", "him"), 7, "The baker"),
    # an accusative subject belongs to the clause of "let", whose subject is the surgeon
    ("The surgeon met the painter and let {} go home.", ("her", "him"), 7, "the painter"),
    # a past "thanked" that the parser hangs from the infinitive "take" of the complement
    # coordinates with the past "saw": the pilot thanks
    ("The pilot saw the engineer take a key and thanked {}.", ("her", "him"), 10,
     "the engineer"),
    # a reflexive is bound by the shared subject
    ("The plumber met the baker and hurt {}.", ("herself", "himself"), 7, "The plumber"),
    # subject control with no other candidate: unresolved, "her" (which may be a
    # possessive elsewhere) as "him"
    ("The surgeon wanted to see {}.", ("her", "him"), 5, None),
]


@pytest.mark.parametrize(("template", "forms", "index", "expected"), CASES)
def test_shared_subjects_bind_alike_for_both_genders(stack, template, forms, index, expected):
    resolved = []
    for form in forms:
        text = template.format(form)
        # the "the X" noun phrases as PERSON mentions
        mentions = [(i, i + 2) for i, word in enumerate(text.split()) if word.lower() == "the"]
        doc = with_person_mentions(stack, text, *mentions)
        assert doc[index].text == form
        resolved.append(antecedent(doc, index))
    assert resolved == [expected, expected]


def test_clause_subjects_of_coordination_control_and_copula(en_nlp):
    doc = en_nlp("The pilot thanked the engineer and hugged her.")
    assert [t.text for t in clause_subjects(doc[7])] == ["pilot"]
    doc = en_nlp("The baker asked the plumber to call her.")
    assert [t.text for t in clause_subjects(doc[7])] == ["plumber"]
    doc = en_nlp("The baker prevailed upon the plumber to call her.")  # a prepositional object
    assert [t.text for t in clause_subjects(doc[8])] == ["plumber"]
    doc = en_nlp("The baker met the plumber and was kind to him.")
    assert [t.text for t in clause_subjects(doc[9])] == ["baker"]
    doc = en_nlp("Call her now.")  # an imperative names no subject
    assert clause_subjects(doc[1]) == []


def test_clause_subjects_on_gold_ud_coordination():
    # UD labels work the same: "enthielt" shares the subject of "reiste"
    doc = ud_doc("de", "dev-s574")  # Der 53jähriger Aussenminister reiste nach Marokko und
    assert (doc[8].text, doc[7].dep_) == ("sich", "conj")  # enthielt sich der Kommentare.
    assert [t.text for t in clause_subjects(doc[8])] == ["Aussenminister"]


def test_a_conjunct_coordinates_with_the_verb_of_its_form(en_nlp):
    doc = en_nlp("The pilot saw the engineer take a key and thanked her.")
    assert (doc[9].text, doc[9].dep_, doc[9].head.text) == ("thanked", "conj", "take")
    assert coordinated_head(doc[9], doc[9].head).text == "saw"
    assert [t.text for t in clause_subjects(doc[10])] == ["pilot"]
    # alike in form: the parse stands ("the engineer took the keys and thanked her")
    doc = en_nlp("The pilot said the engineer took a key and thanked her.")
    assert coordinated_head(doc[9], doc[9].head).text == "took"
    assert [t.text for t in clause_subjects(doc[10])] == ["engineer"]


def test_a_conjunct_keeps_its_head_where_the_auxiliary_gives_its_form():
    # gold UD: "was arrested … and belonged": finite past, as "belonged" (not "said")
    doc = ud_doc("en", "newsgroup-groups.google.com_IndiaNewsWindow_8945cbef01f41435_ENG_"
                       "20051113_092500-0004")
    belonged = next(t for t in doc if t.text == "belonged")
    assert (belonged.dep_, belonged.head.text) == ("conj", "arrested")
    assert coordinated_head(belonged, belonged.head).text == "arrested"
    assert [t.text for t in clause_subjects(belonged)] == ["Dar"]


def test_a_quote_before_its_reporting_verb_is_no_complement_to_climb_from():
    # gold UD: "Ich habe den Feuerlöscher leergemacht, aber es war nichts zu machen", sagte …
    doc = ud_doc("de", "dev-s774")
    war = next(t for t in doc if t.text == "war")
    assert (war.dep_, war.head.text, war.head.dep_) == ("conj", "leergemacht", "ccomp")
    assert coordinated_head(war, war.head).text == "leergemacht"
