"""Portuguese quotes: gold UD Bosque sentences («…» news quotes, que-clauses, segundo) and
blank-pipeline texts (dash dialogue of fiction)."""

import pytest

from tests.conftest import quote_pipeline, quotes, ud_doc


@pytest.fixture(scope="module")
def nlp():
    return quote_pipeline("pt")


@pytest.fixture(scope="module")
def component(nlp):
    return nlp.get_pipe("quote_typer")



# -- gold UD sentences (multiword tokens split: "da" → "de a") -----------------------------------
@pytest.mark.parametrize("sent_id, expected", [
    ("CF933-8", [("direct", "«Ficaram de fora de nossa regulamentação»",
                  "Antonio Henrique Pedrosa Neto")]),
    ("CP882-7", [("direct", "«nunca prescreverão em a memória de os italianos»",
                  "o Presidente Scalfaro")]),
    # «…», afirmou.: the subject is dropped, so there is no speaker.
    ("CF919-6", [("direct", "«Se isso acontecer, tem que ser rápido, de o contrário não adianta "
                  "mais»", None)]),
])
def test_gold_direct_quotes(component, sent_id, expected):
    assert quotes(component(ud_doc("pt", sent_id))) == expected


@pytest.mark.parametrize("sent_id, expected", [
    ("CF960-2", [("indirect", "que pretende reforçar seu meio-campo", "Ele")]),
    ("CF900-1", [("indirect", "que hoje o produtor de leite C recebe US$ 0,22", "Nicolau")]),
    ("CF965-1", [("indirect", "que o resultado de o IPC-r «não é uma surpresa»",
                  "O ministro de a Fazenda"),
                 ("direct", "«não é uma surpresa»", "O ministro de a Fazenda")]),
])
def test_gold_que_clauses(component, sent_id, expected):
    assert quotes(component(ud_doc("pt", sent_id))) == expected


def test_gold_segundo_opens_a_clause(component):
    assert quotes(component(ud_doc("pt", "CF885-5"))) == [
        ("indirect", "tem existido certa indiferença de a polícia local em relação a o caso",
         "Conceição")]


def test_gold_segundo_in_the_middle_covers_the_sentence(component):
    doc = component(ud_doc("pt", "CF965-3"))
    assert quotes(doc) == [
        ("indirect", "O IPC-r de julho, segundo o ministro, «tem muito pouco de a nova moeda»",
         "o ministro"),
        ("direct", "«tem muito pouco de a nova moeda»", "o ministro"),
    ]


def test_gold_ordinal_segundo_is_no_attribution(component):
    assert quotes(component(ud_doc("pt", "CF890-3"))) == []  # O segundo lugar foi …


# -- blank pipeline ------------------------------------------------------------------------------
def test_dash_dialogue(nlp):
    doc = nlp("— Não sei — disse ele. — Talvez amanhã.\n— E você? — perguntou o delegado.")
    assert quotes(doc) == [
        ("direct", "— Não sei", "ele"),
        ("direct", "— Talvez amanhã.", "ele"),
        ("direct", "— E você?", "o delegado"),
    ]


def test_news_paragraph(nlp):
    doc = nlp("«Ficaram de fora de nossa regulamentação», disse o diretor. A ministra afirmou "
              "que o orçamento será aprovado em maio. Segundo a polícia, o suspeito fugiu a pé. "
              "O segundo lugar ficou vazio.")
    assert quotes(doc) == [
        ("direct", "«Ficaram de fora de nossa regulamentação»", "o diretor"),
        ("indirect", "que o orçamento será aprovado em maio", "A ministra"),
        ("indirect", "o suspeito fugiu a pé", "a polícia"),
    ]


def test_unbalanced_and_curly_quotes(nlp):
    doc = nlp("“Não vamos desistir”, afirmou Maria Silva. “A luta continua.\nEla saiu sem "
              'dizer nada. "Voltarei amanhã", disse o pai.')
    assert quotes(doc) == [
        ("direct", "“Não vamos desistir”", "Maria Silva"),
        ("direct", '"Voltarei amanhã"', "o pai"),
    ]


def test_no_quotes(nlp):
    assert quotes(nlp("A câmara aprovou o orçamento. A votação terminou às dez horas.")) == []
