"""The agreement graph read from a dependency parse: gold UD trees in four languages, and a
tree built by hand where a treebank has no clean example."""

import pytest
import spacy
from spacy.tokens import Doc

from spacy_genderfair.lang import load_profile
from spacy_genderfair.lexicon import get_lexicon
from spacy_genderfair.swap import apply_edits, swap_edits
from spacy_genderfair.swap.steps.graph import AgreementGraph
from tests.conftest import ud_doc


def edges(lang: str, doc: Doc, word: str, *, through_relatives: bool = True) -> list:
    """(target word, relation) of the controller ``word`` (its first occurrence)."""
    graph = AgreementGraph(doc, load_profile(lang))
    i = next(t.i for t in doc if t.text == word)
    found = graph.targets(i) if through_relatives else graph.edges.get(i, [])
    return [(doc[edge.target].text, edge.relation) for edge in found]


def test_a_relative_clause_agrees_through_its_pronoun():
    # Книжки про українську людину, яка залишається собою на бездоріжжях XX століття.
    doc = ud_doc("uk", "13od")
    assert edges("uk", doc, "людину", through_relatives=False) == [
        ("українську", "modifier"), ("яка", "relative-pronoun")]
    assert edges("uk", doc, "людину") == [
        ("українську", "modifier"), ("яка", "relative-pronoun"),
        ("залишається", "subject-predicate"), ("собою", "predicate-complement")]


def test_a_copular_predicate_hangs_from_the_predicate_in_ud():
    # Вони були вдячні за можливість висловитися, …
    doc = ud_doc("uk", "2hfo")
    assert edges("uk", doc, "Вони") == [
        ("були", "subject-predicate"), ("вдячні", "predicate-complement")]


def test_coordinated_verbs_share_the_subject():
    # Дідусь, той що атестував, посміхнувся й спитав:
    doc = ud_doc("uk", "02to")
    assert edges("uk", doc, "Дідусь") == [
        ("посміхнувся", "subject-predicate"), ("спитав", "subject-predicate")]


def test_a_verb_with_a_subject_of_its_own_is_not_shared():
    nlp = spacy.blank("uk")
    words = ["Лікарка", "прийшла", ",", "а", "він", "сів", "."]
    doc = Doc(nlp.vocab, words=words, heads=[1, 1, 5, 5, 5, 1, 1],
              deps=["nsubj", "ROOT", "punct", "cc", "nsubj", "conj", "punct"],
              pos=["NOUN", "VERB", "PUNCT", "CCONJ", "PRON", "VERB", "PUNCT"])
    assert edges("uk", doc, "Лікарка") == [("прийшла", "subject-predicate")]
    assert edges("uk", doc, "він") == [("сів", "subject-predicate")]


def test_portuguese_determiner_verb_and_relative_clause():
    # O curso que mais cresceu foi odontologia em a USP em Bauru 83,5%.
    doc = ud_doc("pt", "CF963-2")
    assert edges("pt", doc, "curso") == [
        ("O", "modifier"), ("que", "relative-pronoun"), ("cresceu", "subject-predicate"),
        ("foi", "subject-predicate"), ("odontologia", "predicate-complement")]


def test_german_predicate_and_modifiers():
    # Ich bin der größte Angsthase der Welt was Zahnärzte angeht.
    doc = ud_doc("de", "dev-s202")
    assert edges("de", doc, "Ich") == [
        ("bin", "subject-predicate"), ("Angsthase", "predicate-complement")]
    assert edges("de", doc, "Angsthase", through_relatives=False)[:2] == [
        ("der", "modifier"), ("größte", "modifier")]


def test_only_a_parsed_doc_has_a_graph():
    doc = spacy.blank("uk")("Лікарка прийшла.")
    assert AgreementGraph.of(doc, load_profile("uk")) is None
    assert AgreementGraph.of(ud_doc("uk", "2hfo"), load_profile("uk")) is not None


@pytest.mark.parametrize("lang", ["uk", "de", "pt", "en"])
def test_every_edge_is_a_relation_of_the_rule_table(lang):
    from tests.conftest import _treebank

    relations = {"modifier", "subject-predicate", "predicate-complement", "relative-pronoun",
                 "apposition"}
    profile = load_profile(lang)
    docs = list(_treebank(lang).values())[:300]
    found = {edge.relation for doc in docs
             for targets in AgreementGraph(doc, profile).edges.values() for edge in targets}
    assert found == relations


@pytest.mark.parametrize(("sent_id", "expected"), [
    # the adjective agrees with шляхом, not with the pronoun (the walk read "окремою")
    ("200g", "Вона пішла зовсім окремим шляхом від початку."),
    # "рік" is the noun of "Понад рік", no past-tense verb (the walk made "рекла")
    ("1mq7", "Понад рік вона їх годує спеціальними балабушками з поживних речовин."),
    # the modifiers past the inserted "майже незнайомим їй" agree with поетом
    ("2x5y", "...Удома вона здивовано побачила у передпокої Підмогильного з отією чорнявою, "
             "майже незнайомою їй поетесою Плужником."),
    # the relative clause hangs from міщанина past its apposition «обивателя»; the parse
    # says "називаю того міщанина" is an accusative (the walk read the genitive, "тієї
    # міщанки")
    ("35eo", "— «Я називаю (каже «енко») художницею ту міщанку «обивательку», яка врівні з "
             "ходою розвитку класу–переможниці зуміла дати суспільству корисний твір»."),
])
def test_the_ukrainian_swap_reads_agreement_from_a_parse(sent_id, expected):
    nlp = spacy.blank("uk")
    nlp.add_pipe("gender_swapper", config={"seed": 0, "swap_names": False, "read_parse": True})
    parsed = ud_doc("uk", sent_id)
    bare = Doc(nlp.vocab, words=[t.text for t in parsed],
               spaces=[bool(t.whitespace_) for t in parsed])
    assert nlp(parsed)._.swapped == expected
    assert nlp(bare)._.swapped != expected  # (the walk of a bare tokenizer reads it otherwise)


@pytest.mark.parametrize(("sent_id", "expected"), [
    # a predicative complement of "ficar" agrees with the subject (xcomp)
    ("CF912-2", "Ela teria ficado presa em uma rede de pesca sem condições de subir a a tona "
                "para respirar."),
    ("CF819-1", "A deputada Adroaldo Streck (PSDB-RS) ficou encarregada de confirmar com Britto "
                "o encontro."),
    # a verb with an object gives the complement to the object, not the subject (UD control)
    ("CP834-1", "Também uma residente há 30 anos em os Moinhos de a Funcheira, Isabel Martins "
                "de a Silva, considera excessivo o que pagou por a ligação de esgotos, 181 "
                "contos, e de a água, 81."),
    ("CP901-8", "A título de exemplo, citem se originais (que as assinantes de a revista "
                "recebiam devidamente numerados, assinados e datados) de todo grupo e ainda "
                "de Vieira e Arpad, Saura, Millares, Peter Saul, Corneille, Tinguely, Klein, "
                "um objecto «op» de Soto, postais sobre desenhos originais de Le Parc, "
                "Cruz-Diez, Alberto Greco, Aleschinsky, Telemaque, etc."),
])
def test_the_portuguese_swap_reads_predicates_from_the_graph(sent_id, expected):
    doc = ud_doc("pt", sent_id)
    assert apply_edits(doc, swap_edits(doc, get_lexicon("pt"), "invert")) == expected


def test_an_object_controls_the_complement_of_its_verb():
    # … considera excessivo o que pagou …: excessivo is the object's, not the subject's
    doc = ud_doc("pt", "CP834-1")
    assert ("excessivo", "predicate-complement") not in edges("pt", doc, "residente")
    assert ("excessivo", "predicate-complement") in edges("pt", doc, "o")
