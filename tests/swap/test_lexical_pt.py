"""The steps of the swap on Portuguese: gold UD Bosque sentences and hand-built phrases.

Bosque splits contractions into syntactic words ("do" = "de o"), and ud_doc keeps them apart,
so the swapped text reads "de a professora"; spaCy keeps "do" as one token ("da professora").
"""

import pytest
import spacy
from spacy.tokens import Doc

from spacy_genderfair.lexicon import get_lexicon
from spacy_genderfair.swap.edits import apply_edits
from spacy_genderfair.swap.steps import step_swap_edits
from tests.conftest import ud_doc


def swap(doc, direction: str = "invert") -> str:
    return apply_edits(doc, step_swap_edits(doc, get_lexicon("pt"), direction))


@pytest.mark.parametrize(("sent_id", "swapped"), [
    # determiner, participles of a passive predicate
    ("CF887-2", "Em o caso de ontem, uma garota de 14 anos foi encontrada enforcada em uma viga "
                "em sua escola em Yorii, 50 km a sudoeste de Tóquio."),
    # plural: article, irregular adjective (bons -> boas), adjective ending, noun
    ("CF910-1", "A maioria de as boas jogadoras brasileiras atuava em clubes profissionais, "
                "filiados a a FBF."),
    ("CF885-2", "«Tenho os papéis, mas não tenho o meu filho."),
    # a pronoun and its predicate participle
    ("CF897-6", "Ela estava acompanhadas de três agentes de a PF."),
    # a clitic (los), "de ela", a plural noun
    ("CF909-3", "A Guarda Nacional de a Venezuela passou a conversar com os índios e a convencê "
                "las de fazer o papel de ele, ou seja, reprimir as garimpeiras», diz Altino."),
    # the demonstrative "o" of "o de" stays; the article of diretor changes
    ("CF942-4", "Ferrara põe o excelente Harvey Keitel para interpretar o seu papel: o de a "
                "diretora que faz de a falsa loira um verdadeiro ator."),
    # common-gender noun: only its adjective changes (francesa -> francês)
    ("CF951-1", "Tenista francês elimina Arantxa em Nova York"),
    ("CF892-2", "Depois de conquistar seu prêmio de estréia em o concurso Smirnoff em São Paulo, "
                "a jovem estilista Sérgio Machado emplacou mais uma."),
    ("CF896-3", "A mulher fuma entre 11 e 20 cigarros por dia e o homem, entre 5 e 10."),
    ("CF941-3", "Eles serão oferecidos a Itamar, como alternativa a a propalada quebra de o caixa "
                "previdenciário."),
    ("CF987-1", "Pai de Rossi agora quer ser candidato"),
])
def test_gold_sentences(sent_id, swapped):
    assert swap(ud_doc("pt", sent_id)) == swapped


def test_directions_on_a_gold_sentence():
    doc = ud_doc("pt", "CF896-3")
    assert swap(doc, "to_masculine") == (
        "O homem fuma entre 11 e 20 cigarros por dia e o homem, entre 5 e 10.")
    assert swap(doc, "to_feminine") == (
        "A mulher fuma entre 11 e 20 cigarros por dia e a mulher, entre 5 e 10.")


def test_unknown_counterpart_is_reported_not_invented():
    doc = ud_doc("pt", "CF889-5")  # ... a primeira-dama de os EUA estava mais envolvida ...
    edits = step_swap_edits(doc, get_lexicon("pt"))
    assert [(e.old, e.new) for e in edits] == [("primeira-dama", None)]
    assert swap(doc) == doc.text


# -- hand-built phrases -----------------------------------------------------------------------
M, F = "Gender=Masc|Number=Sing", "Gender=Fem|Number=Sing"
MP, FP = "Gender=Masc|Number=Plur", "Gender=Fem|Number=Plur"
ART = "|Definite=Def|PronType=Art"


def parsed(*tokens):
    """A Doc of (word, POS, morph, head index, label) tokens."""
    words = [t[0] for t in tokens]
    return Doc(spacy.blank("pt").vocab, words=words,
               spaces=[True] * (len(words) - 1) + [False], pos=[t[1] for t in tokens],
               morphs=[t[2] for t in tokens], heads=[t[3] for t in tokens],
               deps=[t[4] for t in tokens])


@pytest.mark.parametrize(("tokens", "swapped"), [
    # spaCy keeps contractions as one token (ADP, label case, with the article's gender)
    ((("o", "DET", M + ART, 1, "det"), ("livro", "NOUN", M, 1, "ROOT"),
      ("do", "ADP", M + ART, 3, "case"), ("professor", "NOUN", M, 1, "nmod"),
      ("novo", "ADJ", M, 3, "amod")), "o livro da professora nova"),
    ((("pelo", "ADP", M + ART, 1, "case"), ("diretor", "NOUN", M, 1, "ROOT")),
     "pela diretora"),
    ((("a", "ADP", "", 2, "case"), ("a", "DET", F + ART, 2, "det"),
      ("professora", "NOUN", F, 2, "ROOT")), "a o professor"),
    ((("este", "DET", M, 2, "det"), ("jovem", "ADJ", M, 2, "amod"), ("ator", "NOUN", M, 2, "ROOT"),
      ("português", "ADJ", M, 2, "amod")), "esta jovem atriz portuguesa"),
    ((("os", "DET", MP + ART, 2, "det"), ("meus", "DET", MP, 2, "det"),
      ("professores", "NOUN", MP, 2, "ROOT"), ("trabalhadores", "ADJ", MP, 2, "amod")),
     "as minhas professoras trabalhadoras"),
    # a copula predicate agrees; invariable adjectives (-e, -z) are left without a report
    ((("O", "DET", M + ART, 1, "det"), ("professor", "NOUN", M, 3, "nsubj"),
      ("está", "AUX", "", 3, "cop"), ("cansado", "ADJ", M, 3, "ROOT"),
      ("e", "CCONJ", "", 5, "cc"), ("feliz", "ADJ", M, 3, "conj")),
     "A professora está cansada e feliz"),
    ((("o", "DET", M + ART, 1, "det"), ("estudante", "NOUN", M, 1, "ROOT"),
      ("inteligente", "ADJ", M, 1, "amod")), "a estudante inteligente"),
])
def test_agreement_paradigms(tokens, swapped):
    assert swap(parsed(*tokens)) == swapped


def test_gendered_word_without_a_known_form_is_reported():
    doc = parsed(("o", "DET", M + ART, 1, "det"), ("professor", "NOUN", M, 1, "ROOT"),
                 ("hindu", "ADJ", M, 1, "amod"))
    edits = step_swap_edits(doc, get_lexicon("pt"))
    assert [(e.old, e.new) for e in edits] == [("o", "a"), ("professor", "professora"),
                                               ("hindu", None)]
    assert edits[2].reason == "agreement with professor: no feminine form"


def test_object_clitic_swaps_only_as_a_personal_pronoun():
    clitic = parsed(("Eu", "PRON", "", 2, "nsubj"),
                    ("o", "PRON", "Case=Acc|Person=3|PronType=Prs|" + M, 2, "obj"),
                    ("vi", "VERB", "", 2, "ROOT"))
    assert swap(clitic) == "Eu a vi"
    demonstrative = parsed(("o", "PRON", M + "|PronType=Dem", 0, "ROOT"),
                           ("que", "PRON", "", 2, "nsubj"), ("disse", "VERB", "", 0, "acl"))
    assert swap(demonstrative) == "o que disse"
    assert swap(spacy.blank("pt")("Eu o vi.")) == "Eu o vi."  # untagged: could be the article


def test_without_annotation():
    nlp = spacy.blank("pt")
    assert swap(nlp("O professor chegou com ele e os filhos dela.")) == (
        "A professora chegou com ela e as filhas dele.")
    # a word left of an article is another phrase's, not an adjective of the noun after
    assert swap(nlp("Ele deu o livro ao seu filho.")) == "Ela deu o livro à sua filha."


def test_a_capitalised_pronoun_is_no_first_name():
    # "Ela" is also a first name: opening a sentence it is the pronoun, and swaps as one
    nlp = spacy.blank("pt")
    nlp.add_pipe("gender_swapper", config={"seed": 0})
    assert nlp("Ela é professora.")._.swapped == "Ele é professor."


def test_the_article_before_a_swapped_name_agrees(tmp_path):
    names = tmp_path / "names.tsv"
    names.write_text("Pedro\tmasculine\t1\nAna\tfeminine\t1\n", encoding="utf-8")
    nlp = spacy.blank("pt")
    nlp.add_pipe("gender_swapper", config={"seed": 0, "name_list": str(names)})
    assert nlp("O João falou com a Maria.")._.swapped == "A Ana falou com o Pedro."


@pytest.mark.parametrize(("text", "swapped"), [
    # without tags, a demonym right after a capitalised noun is that noun's adjective: the
    # government stays, and no "Governa" is made up
    ("O Governo português aprovou a lei.", "O Governo português aprovou a lei."),
    # a demonym standing for a person, or after a person noun it agrees with, still swaps
    ("O português chegou.", "A portuguesa chegou."),
    ("O ministro português aprovou a lei.", "A ministra portuguesa aprovou a lei."),
])
def test_a_demonym_after_a_capitalised_noun_names_no_one(text, swapped):
    assert swap(spacy.blank("pt")(text)) == swapped


@pytest.mark.parametrize(("sent_id", "kept"), [
    # a capitalised noun opening a quotation names a team or an organisation, no person
    ("CF990-10", "A torcida de a «Senhora» se conforta"),
    ("CP977-2", "denominada «Consumidores sem Fronteiras»"),
])
def test_a_quoted_capitalised_noun_is_a_name(sent_id, kept):
    gold = ud_doc("pt", sent_id)
    bare = Doc(gold.vocab, words=[t.text for t in gold],
               spaces=[bool(t.whitespace_) for t in gold])
    for doc in (gold, bare):  # (the parse is not needed: the quote and the capital tell)
        assert kept in swap(doc, "to_masculine" if sent_id == "CF990-10" else "to_feminine")
