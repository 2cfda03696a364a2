"""German quotes: gold UD GSD sentences (UD labels), a TIGER-labelled parse, and blank-pipeline
texts (the newspaper-audit cases: „…“ quotes, "Frau X sagte, dass …")."""

import pytest
from spacy.tokens import Doc

from spacy_genderfair.extensions import SPANS_QUOTES
from tests.conftest import quote_pipeline, quotes, ud_doc


@pytest.fixture(scope="module")
def nlp():
    return quote_pipeline("de")


@pytest.fixture(scope="module")
def component(nlp):
    return nlp.get_pipe("quote_typer")



# -- gold UD sentences ---------------------------------------------------------------------------
@pytest.mark.parametrize("sent_id, expected", [
    ("dev-s537", [("direct", "``Der beste Zeitpunkt, die Energiebilanz eines Gebäudes zu "
                   "verbessern, ist immer eine anstehende Sanierung''",
                   "Olaf Hildebrandt von ebök")]),
    ("dev-s594", [("direct", "``Sie braucht Klarheit, auch personelle Klarheit''", "er")]),
    ("dev-s720", [("direct", "``Ich bin wählen gegangen, weil die jetzige Situation nicht weiter "
                   "andauern kann''", "ein anderer")]),
    # und gesagt "Du wartest draussen!": the verb right before the quote; its subject is on
    # the first conjunct (hat … gerufen).
    ("test-s150", [("direct", '"Du wartest draussen!"', "Fr. Dr. Berndt")]),
])
def test_gold_direct_quotes(component, sent_id, expected):
    assert quotes(component(ud_doc("de", sent_id))) == expected


def test_gold_reported_clause_without_complementizer(component):
    # Bundeskanzler Helmut Kohl erklärte, der feige Mord habe einen Mann getroffen, der …
    doc = component(ud_doc("de", "dev-s756"))
    assert quotes(doc) == [(
        "indirect", "der feige Mord habe einen Mann getroffen, der durch großen Mut und vollen "
        "Einsatz seiner Persönlichkeit den Frieden in dem Nahen Osten erreichen wollte",
        "Helmut Kohl")]


@pytest.mark.parametrize("sent_id, expected", [
    # äußern and beklagen with a gold ccomp: reporting verbs of newspaper German.
    ("dev-s599", ("indirect", "daß die Sozialdemokraten nun den Mut zu einem Kurswechsel in dem "
                  "Umgang mit der PDS aufbrächten", "Der PDS-Vorsitzende Lothar Bisky")),
    ("dev-s600", ("indirect", "daß sich die SPD mit dem neuen Parteichef wieder auf die "
                  "Sacharbeit konzentrieren könne", "Die Sozialdemokraten")),
    ("test-s64", ("indirect", "das wir kein verständnis haben", "er")),
])
def test_gold_reporting_verbs_of_opinion_and_complaint(component, sent_id, expected):
    assert quotes(component(ud_doc("de", sent_id))) == [expected]


def test_gold_reported_clause_before_the_verb(component):
    assert quotes(component(ud_doc("de", "test-s371"))) == [
        ("indirect", "Die Demokratie müsse direkter werden", "sie")]


def test_gold_dass_clause_of_a_newspaper(component):
    doc = component(ud_doc("de", "test-s447"))
    assert quotes(doc) == [(
        "indirect", "daß die Villa Ende September von der Allied Bank gepfändet wurde, weil Frau "
        "Mandela die Zinsen für die Hypothek nicht mehr zahlen konnte",
        "Die Johannesburger Tageszeitung Beeld")]


def test_gold_partial_quote_inside_a_reported_clause(component):
    # CSU-Generalsekretär Bernd Protzner betonte, der Machtwechsel … stelle ``…'' dar.
    doc = component(ud_doc("de", "dev-s786"))
    assert quotes(doc) == [
        ("indirect", "der Machtwechsel an der SPD-Spitze stelle ``einen personellen und "
                     "inhaltlichen Linksruck dar''", "CSU-Generalsekretär Bernd Protzner"),
        ("direct", "``einen personellen und inhaltlichen Linksruck dar''",
         "CSU-Generalsekretär Bernd Protzner"),
    ]


def test_gold_passive_report_has_no_speaker(component):
    # … bei dem gesagt wurde, dass das veränderte Aussehen nichts ausmache, …
    assert quotes(component(ud_doc("de", "dev-s160"))) == [
        ("indirect", "dass das veränderte Aussehen nichts ausmache", None)]


def test_gold_attribution_phrase_inside_a_verb_report(component):
    # Zwei Geiseln seien nach Angaben der Entführer leicht erkrankt, …, erklärte ein …
    assert quotes(component(ud_doc("de", "test-s416"))) == [
        ("indirect", "Zwei Geiseln seien nach Angaben der Entführer leicht erkrankt, würden "
                     "aber behandelt", "ein Behördensprecher")]


@pytest.mark.parametrize("sent_id", ["dev-s359", "dev-s89", "dev-s314"])
def test_gold_no_quotes(component, sent_id):
    # "derart laut, daß …" (loud, not "according to"); scare quotes "Ladenmühle", "alten".
    assert quotes(component(ud_doc("de", sent_id))) == []


def test_tiger_labels(nlp, component):
    # What a TIGER-trained German model gives: the subject sits on the auxiliary (hat -oc->
    # gesagt) and the dass-clause is an "oc" with a complementizer "cp".
    words = ["Sie", "hat", "gestern", "gesagt", ",", "dass", "er", "morgen", "kommt", "."]
    doc = Doc(nlp.vocab, words=words,
              spaces=[True, True, True, False, True, True, True, True, False, False],
              heads=[1, 1, 3, 1, 8, 8, 8, 8, 3, 1],
              deps=["sb", "ROOT", "mo", "oc", "punct", "cp", "sb", "mo", "oc", "punct"],
              pos=["PRON", "AUX", "ADV", "VERB", "PUNCT", "SCONJ", "PRON", "ADV", "VERB",
                   "PUNCT"])
    assert quotes(component(doc)) == [("indirect", "dass er morgen kommt", "Sie")]


# -- blank pipeline ------------------------------------------------------------------------------
def test_news_paragraph(nlp):
    doc = nlp(
        "„Wir werden die Steuern nicht erhöhen“, sagte Bundeskanzlerin Angela Merkel am "
        "Dienstag. Frau Schmidt sagte, dass die Schulen im Herbst wieder öffnen. Laut Polizei "
        "ist die Lage ruhig. Der Minister erklärte: „Die Zahlen sind gut. Wir bleiben "
        "vorsichtig.“"
    )
    assert quotes(doc) == [
        ("direct", "„Wir werden die Steuern nicht erhöhen“", "Bundeskanzlerin Angela Merkel"),
        ("indirect", "dass die Schulen im Herbst wieder öffnen", "Frau Schmidt"),
        ("indirect", "ist die Lage ruhig", "Polizei"),
        ("direct", "„Die Zahlen sind gut. Wir bleiben vorsichtig.“", "Der Minister"),
    ]
    assert [q.id_ for q in doc.spans[SPANS_QUOTES]] == ["Q1", "Q2", "Q3", "Q4"]


def test_nested_quote_and_inverted_speaker(nlp):
    doc = nlp("„Er rief ‚Halt!‘ und lief weg“, berichtete die Zeugin. Dann sagte sie: „Ich "
              "kannte ihn nicht.“")
    assert quotes(doc) == [
        ("direct", "„Er rief ‚Halt!‘ und lief weg“", "Zeugin"),
        ("direct", "„Ich kannte ihn nicht.“", "sie"),
    ]


def test_unbalanced_opening_mark_yields_no_quote(nlp):
    doc = nlp("„Das ist falsch. Er ging nach Hause. Am Abend rief er: „Ich komme morgen.“ "
              "„Gut“, sagte sie.")
    assert quotes(doc) == [
        ("direct", "„Ich komme morgen.“", "er"),
        ("direct", "„Gut“", "sie"),
    ]


def test_book_chevrons_and_old_spelling(nlp):
    doc = nlp("»Eier! Schinken! Franzwein!« schrie der Nazi. Er sagte, daß der Wirt "
              "bezahlt werde.")
    assert quotes(doc) == [
        ("direct", "»Eier! Schinken! Franzwein!«", "Nazi"),
        ("indirect", "daß der Wirt bezahlt werde", "Er"),
    ]


def test_dash_dialogue_is_off_for_german(nlp):
    # Line-initial dashes in German prose are mostly pauses ("– – –", "– Ach geht – nur").
    assert quotes(nlp("– Ja wohl! Gewiß!\n– – – –")) == []


def test_no_quotes(nlp):
    assert quotes(nlp("Wir haben im „Kranhaus“ einen Abend verbracht. Das Essen war gut.")) == []
