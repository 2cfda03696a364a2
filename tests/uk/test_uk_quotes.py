"""Ukrainian quotes: gold UD IU sentences (fiction dash dialogue, «…» news quotes, що-clauses)
and blank-pipeline texts."""

import pytest

from tests.conftest import quote_pipeline, quotes, ud_doc


@pytest.fixture(scope="module")
def nlp():
    return quote_pipeline("uk")


@pytest.fixture(scope="module")
def component(nlp):
    return nlp.get_pipe("quote_typer")



# -- gold UD sentences ---------------------------------------------------------------------------
def test_gold_dialogue_line_without_remark(component):
    assert quotes(component(ud_doc("uk", "2emh"))) == [
        ("direct", "— Ви перед цим сиділи в тюрмі?", None)]


def test_gold_dialogue_copula_dash_and_remark(component):
    # The first dash is the copula dash inside the speech; ", — пояснює …" starts the remark.
    doc = component(ud_doc("uk", "1yct"))
    assert quotes(doc) == [(
        "direct", "— Печія нерідко виникає у здорових людей — її здатні викликати і переїдання, "
        "і неправильне харчування,", "лікар-гастроентеролог Ірина Колесник")]


def test_gold_dialogue_interrupted_by_a_remark(component):
    # — … установу... — тут голова сумно зітхнув, — а справжнє кубло, …
    doc = component(ud_doc("uk", "2x4z"))
    assert [(label, text[:30], speaker) for label, text, speaker in quotes(doc)] == [
        ("direct", "— Нам доведеться перечесати не", "голова"),
        ("direct", "— а справжнє кубло, де причаїл", "голова"),
    ]


def test_gold_dialogue_line_holding_a_guillemet_quote(component):
    assert quotes(component(ud_doc("uk", "2h9b"))) == [
        ("direct", "— «Вони викликають естетичне задоволення!»", None)]


@pytest.mark.parametrize("sent_id, expected", [
    ("38fy", [("direct", "«Людям дедалі важче дивитися одне одному в очі»",
               "курдський активіст із Кельна Джахіт Базар")]),
    ("1gno", [("direct", "«Пішли, козаче, покажеш мені, де той полин!»", "Платон Іларіонович")]),
    # "… яка … й казала: «…»": the relative pronoun's antecedent speaks.
    ("142p", [("direct", "«Усе це було ще до тих великих клопіт»", "згорьовану селянку")]),
])
def test_gold_guillemet_quotes(component, sent_id, expected):
    assert quotes(component(ud_doc("uk", sent_id))) == expected


def test_gold_shcho_clause_with_a_partial_quote(component):
    doc = component(ud_doc("uk", "36y9"))
    assert quotes(doc) == [
        ("indirect", 'що уряд перебуває у "досить якісній" співпраці з Міжнародним валютним '
                     "фондом (МВФ)", "Прем'єр"),
        ("direct", '"досить якісній"', "Прем'єр"),
    ]


def test_gold_shcho_clause(component):
    assert quotes(component(ud_doc("uk", "371n"))) == [(
        "indirect", "що попри присутність спостерігачів ОБСЄ, Україна продовжує втрачати своїх "
        "військових та мирне населення", "він")]


def test_gold_attribution_phrase(component):
    doc = component(ud_doc("uk", "1xs4"))  # За словами експерта, такої різниці …
    assert [(label, text[:32], speaker) for label, text, speaker in quotes(doc)] == [
        ("indirect", "такої різниці у тарифах між атом", "експерта")]


def test_gold_impersonal_verb_has_no_speaker(component):
    # «Про таких, як я, колись казали — «світовий чоловік». (the outer « is never closed)
    assert quotes(component(ud_doc("uk", "13t7"))) == [("direct", "«світовий чоловік»", None)]


def test_gold_scare_quote_is_no_quote(component):
    assert quotes(component(ud_doc("uk", "02un"))) == []  # … промовила те «видно», …


# -- blank pipeline ------------------------------------------------------------------------------
def test_dialogue(nlp):
    doc = nlp("— Ви перед цим сиділи в тюрмі? — запитав слідчий.\n— Ні, — відповіла вона. "
              "— Ніколи.")
    assert quotes(doc) == [
        ("direct", "— Ви перед цим сиділи в тюрмі?", "слідчий"),
        ("direct", "— Ні,", "вона"),
        ("direct", "— Ніколи.", "вона"),
    ]


def test_news_paragraph(nlp):
    doc = nlp("Міністерка заявила, що ціни на газ не зростуть. «Ми виконаємо всі "
              "зобов'язання», — сказала Ольга Петренко. За словами експертів, зима буде теплою.")
    assert quotes(doc) == [
        ("indirect", "що ціни на газ не зростуть", "Міністерка"),
        ("direct", "«Ми виконаємо всі зобов'язання»", "Ольга Петренко"),
        ("indirect", "зима буде теплою", "експертів"),
    ]


def test_nested_and_unbalanced_quotes(nlp):
    doc = nlp("«Він сказав: „Я не прийду“, і пішов», — розповіла сусідка. Потім «хтось "
              "відчинив двері.\n\n«Добре», — сказав він.")
    assert quotes(doc) == [
        ("direct", "«Він сказав: „Я не прийду“, і пішов»", "сусідка"),
        ("direct", "«Добре»", "він"),
    ]


def test_no_quotes(nlp):
    assert quotes(nlp("Київ — столиця України. Тут живе майже три мільйони людей.")) == []
