"""Portuguese pronouns in actor_linker on gold UD Bosque sentences: the possessor-neutral
seu/sua (any actor, no evidence of its group) and the object clitics (binding applies to a
proclitic as to any personal pronoun), with the rules and the learned ranker."""

import pytest
import spacy
from spacy.tokens import Span

from spacy_genderfair.extensions import HE, SHE, THEY
from spacy_genderfair.lexicon import get_lexicon
from spacy_genderfair.lexicon.pronouns import third_person_readings
from tests.conftest import ud_doc


def linked(sent_id: str, names: list[tuple[int, int]], coref: str):
    nlp = spacy.blank("pt")
    nlp.add_pipe("gender_lexicon")
    nlp.add_pipe("actor_linker", config={"coref": coref})
    doc = ud_doc("pt", sent_id)
    doc.ents = [Span(doc, start, end, label="PER") for start, end in names]
    for _, component in nlp.pipeline:
        doc = component(doc)
    return doc


def antecedent(doc, index: int) -> str | None:
    for actor in doc._.actors:
        if any(m.start == index for m in actor.mentions if m.id_ == "pronoun"):
            return actor.name
    return None


def groups(doc, index: int) -> set[str] | None:
    readings = third_person_readings(doc[index], get_lexicon("pt").pronouns,
                                     get_lexicon("pt").profile, has_pos=True, has_morph=True)
    return None if readings is None else {r.group for r in readings if r.number == "sing"}


def test_clitics_are_pronouns_and_articles_are_not():
    # "Após várias divergências com Fishel, Antinori o demitiu em 1990."
    doc = ud_doc("pt", "CF996-7")
    assert (doc[7].text, doc[7].pos_) == ("o", "PRON")
    assert groups(doc, 7) == {HE}
    # "… a o banco …": the article (DET, PronType=Art) is no pronoun
    doc = ud_doc("pt", "CF990-3")
    assert (doc[2].text, doc[2].pos_) == ("o", "DET")
    assert groups(doc, 2) is None


def test_seu_and_sua_carry_no_possessor_gender():
    # "… renove o seu contrato": "seu" is Gender=Masc because "contrato" is
    doc = ud_doc("pt", "CF919-5")
    seu = next(t for t in doc if t.text == "seu")
    assert "Masc" in seu.morph.get("Gender")
    assert groups(doc, seu.i) == {HE, SHE, THEY}


@pytest.mark.parametrize("coref", ["builtin", "learned"])
def test_a_proclitic_is_free_in_its_clause(coref):
    # Antinori dismissed him: "o" is Fishel, not the subject Antinori
    doc = linked("CF996-7", [(4, 5), (6, 7)], coref)
    assert [(e.text) for e in doc.ents] == ["Fishel", "Antinori"]
    assert antecedent(doc, 7) == "Fishel"


def test_seu_resolves_to_an_actor_of_no_known_group_and_adds_no_evidence():
    # "Gilbert -- Acho que Andre usou essa mesma pressão a seu favor."
    doc = linked("CF978-2", [(0, 1), (4, 5)], "builtin")
    assert antecedent(doc, 10) == "Andre"
    andre = next(a for a in doc._.actors if a.name == "Andre")
    assert andre.group == "unknown"
    assert doc._.actor_data[andre.id]["evidence"]["pronouns"] == {}
