"""Ukrainian: spacy.blank("uk") + pymorphy3, and gold UD IU sentences."""

import pytest
import spacy
from spacy.tokens import Span

from spacy_genderfair.lexicon import LexiconFormatError, get_lexicon, read_lexicon
from tests.conftest import blank_pipeline, marks, shared_path, spans, ud_doc


@pytest.fixture(scope="module")
def nlp():
    return blank_pipeline("uk")


def test_paper_mismatch_example_without_parser(nlp):
    doc = nlp("Оксана Миколаївна — найкраща лікар у місті.")
    assert spans(doc, "gender_mismatch") == [
        ("найкраща лікар", "modifier")]
    assert marks(doc) == [("Оксана", "feminine", "name"), ("лікар", "masculine", "job")]


def test_no_mismatch_when_the_title_agrees(nlp):
    assert list(nlp("Оксана Миколаївна — найкраща лікарка у місті.").spans["gender_mismatch"]) == []
    assert list(nlp("Тарас — найкращий лікар у місті.").spans["gender_mismatch"]) == []


def test_paradigms_keep_their_gender(nlp):
    words = "лікар лікаря лікарем лікарів лікарка лікарки лікаркою суддя судді суддею".split()
    docs = [nlp(f"Прийшов {word}.") for word in words]
    assert [doc[1]._.gender for doc in docs] == (
        ["masculine"] * 4 + ["feminine"] * 3 + ["common"] * 3)
    assert {doc[1]._.gender_kind for doc in docs[:7]} == {"job"}


def test_attributive_nominalised_adjective_is_not_a_person(nlp):
    doc = nlp("Черговий лікар ще вночі ґрунтовно поінформував про перспективи одужання.")
    assert marks(doc) == [("лікар", "masculine", "job")]


def test_feminitive_recognised_by_derivation_and_pymorphy3():
    persons = get_lexicon("uk").persons
    entry = persons.entry_from_morphology("блогерка")
    assert (entry.gender, entry.counterparts) == ("feminine", ("блогер",))
    # the base must really exist: no invented "блогерець"
    assert persons.entry_from_morphology("стіл") is None


@pytest.mark.parametrize(("lemma", "parts", "counterparts"), [
    ("фінінспектор", ("фін", "інспектор"), ("фінінспекторка",)),
    ("держекоінспектор", ("держеко", "інспектор"), ("держекоінспекторка",)),
    ("замкерівниця", ("зам", "керівниця"), ("замкерівник",)),
    # "пра-" stacks on a kinship noun
    ("прапрапрадід", ("прапра", "прадід"), ("прапрапрабаба", "прапрапрабабуся")),
    ("праонук", ("пра", "онук"), ("праонука", "праонучка")),
])
def test_compound_person_nouns_take_their_heads_counterpart(lemma, parts, counterparts):
    persons = get_lexicon("uk").persons
    assert persons.compound_parts(lemma) == parts
    assert persons.entry_from_morphology(lemma).counterparts == counterparts


@pytest.mark.parametrize("lemma", ["генерал", "професор", "помічник", "заступник",
                                   "працівник", "правник"])
def test_words_that_only_begin_like_a_compound_prefix(lemma):
    # no person noun of four letters or more follows the prefix letters
    assert get_lexicon("uk").persons.compound_parts(lemma) is None


def test_generic_masculine_and_paired_forms(nlp):
    doc = nlp("Лікарі страйкували біля міністерства.")
    assert doc._.generic_masculine is True
    assert [s.text for s in doc.spans["generic_masculine"]] == ["Лікарі"]
    doc = nlp("Лікарі та лікарки страйкували біля міністерства.")
    assert doc._.generic_masculine is False
    assert spans(doc, "gender_inclusive") == [
        ("Лікарі та лікарки", "paired")]


def test_inclusive_slash_form(nlp):
    doc = nlp("Запрошуємо студентів/-ок на лекцію.")
    assert spans(doc, "gender_inclusive") == [
        ("студентів/-ок", "slash")]
    assert doc._.generic_masculine is False


@pytest.mark.parametrize(("title", "expected"), [
    ("генерального директора", "masculine"),
    ("першого заступника міністра", "masculine"),
    ("майстру спорту", "masculine"),
    ("прем'єр-міністр", "masculine"),
    ("прем’єр-міністра", "masculine"),
    ("Поетеса", "feminine"),
    ("старша наукова співробітниця", "feminine"),
    ("судді", "common"),
    ("голови правління", "common"),
    ("землероби", "masculine"),
])
def test_job_title_classes(title, expected):
    assert get_lexicon("uk").job_titles.classify(title) == expected


def test_gold_ud_predicate_mismatch():
    doc = ud_doc("uk", "2h8w")  # Вона мистецтвознавець.
    spacy.blank("uk").add_pipe("gender_lexicon")(doc)
    assert spans(doc, "gender_mismatch") == [
        ("Вона мистецтвознавець", "predicate")]


def test_gold_ud_pronoun_and_noun():
    doc = ud_doc("uk", "11um")  # Її мама підібрала у сквері.
    spacy.blank("uk").add_pipe("gender_lexicon")(doc)
    assert marks(doc) == [("Її", "feminine", "pronoun"), ("мама", "feminine", "noun")]
    assert doc._.gender_neutral_reasons == ["too_short", "pronoun", "gendered_noun"]


def test_sentence_initial_adverb_is_not_a_name(nlp):
    doc = nlp("Тому на сьогодні існує проблема раціонального використання металу.")
    assert doc._.is_gender_neutral is True


def test_gendergid_dictionary_loads_by_path():
    folder = shared_path("uk-gender-word-mapper")
    data = read_lexicon(folder / "gender_pairs_dictionary.csv")
    assert len(data.rows) == 1101
    alternatives = {row.masculine[0]: row.feminine for row in data.rows}
    assert len(alternatives["арбітр"]) >= 2  # a female cell listing alternatives
    common = read_lexicon(folder / "common_gender_words_list.txt").common
    assert len(common) == 42


def test_gendergid_words_become_known(tmp_path):
    folder = shared_path("uk-gender-word-mapper")
    built_in = get_lexicon("uk").persons
    data = read_lexicon(folder / "gender_pairs_dictionary.csv")
    new = next(row for row in data.rows
               if row.feminine and row.masculine[0] not in built_in
               and " " not in row.masculine[0] and built_in.lookup(row.masculine[0]) is None)
    nlp = spacy.blank("uk")
    # nine of its rows pair a word with an oblique form of itself ("науковець,науковця")
    with pytest.warns(UserWarning, match="^9 counterparts left out"):
        nlp.add_pipe("gender_lexicon",
                     config={"extra_lexicons": [str(folder / "gender_pairs_dictionary.csv")]})
        token = nlp(new.masculine[0])[0]
    assert token._.gender == "masculine"


def test_a_pair_csv_row_keeps_the_words_kind_and_loses_its_oblique_counterparts(tmp_path):
    # GenderGid's "науковець,науковця" pairs the noun with its own genitive: that pairing is
    # left out (with a warning), and the built-in науковець ↔ науковиця stands; a male,female
    # row has no kind, so "брат" stays a relation: before a genitive name, the name's
    # brother (who turns too, in the accusative), not the name's apposition
    path = tmp_path / "pairs.csv"
    path.write_text("male,female\nнауковець,науковця\nбрат,сестра\nсоколар,соколарка\n",
                    encoding="utf-8")
    names = tmp_path / "names.tsv"
    names.write_text("Петро\tmasculine\t1\nМарія\tfeminine\t1\n", encoding="utf-8")
    nlp = spacy.blank("uk")
    with pytest.warns(UserWarning, match=r"1 counterparts left out .*\(науковця; from .*pairs"):
        nlp.add_pipe("gender_swapper",
                     config={"extra_lexicons": [str(path)], "name_list": str(names)})
        nlp.initialize()
    assert nlp("Науковець працював.")._.swapped == "Науковиця працювала."
    assert nlp("Соколар прийшов.")._.swapped == "Соколарка прийшла."
    doc = nlp.make_doc("Вона зустріла брата Михайла Коваля.")
    doc.ents = [Span(doc, 3, 5, "PERS")]
    assert nlp(doc)._.swapped == "Вона зустріла сестру Марії Коваль."


def test_malformed_pair_csv_names_the_line(tmp_path):
    path = tmp_path / "pairs.csv"
    path.write_text("male,female\nлікар,лікарка\nдиректор,директорка,зайве\n", encoding="utf-8")
    with pytest.raises(LexiconFormatError, match=r"pairs.csv line 3: expected 2"):
        read_lexicon(path)
    path.write_text("чоловік,жінка\n", encoding="utf-8")
    with pytest.raises(LexiconFormatError, match="line 1: expected the header 'male,female'"):
        read_lexicon(path)


def test_gold_ud_doc_uses_pymorphy3_for_nouns_the_lexicon_lacks():
    doc = ud_doc("uk", "30mg")  # ... (далі – Експедитор), в особі директора Бульби Олександра ...
    spacy.blank("uk").add_pipe("gender_lexicon")(doc)
    assert "експедитор" not in get_lexicon("uk").persons  # known through morphology only
    assert marks(doc)[0] == ("Експедитор", "masculine", "noun")
    assert ("директора", "masculine", "job") in marks(doc)
    assert ("Олександра", "masculine", "name") in marks(doc)


@pytest.mark.parametrize(("word", "verb_form"), [
    ("побажав", "Fin"), ("залишитися", "Inf"), ("зловживаючи", "Conv"),
])
def test_pymorphy3_readings_carry_the_verb_form(word, verb_form):
    # the uk dictionaries tag infinitives VERB + infn, adverbial participles GRND
    readings = get_lexicon("uk").analyzer.analyze(word)
    assert {r.verb_form for r in readings if r.pos == "VERB"} == {verb_form}


def test_pymorphy3_readings_mark_reflexive_verbs():
    analyzer = get_lexicon("uk").analyzer
    assert all(r.reflexive for r in analyzer.analyze("боявся") if r.pos == "VERB")
    assert not any(r.reflexive for r in analyzer.analyze("підозрює"))


def test_pymorphy3_inflects_the_lexeme_of_the_reading_animacy_included():
    # "Володимир" is also the town, whose accusative is the nominative; the man's is not
    analyzer = get_lexicon("uk").analyzer
    readings = analyzer.analyze("володимир")
    man = next(r for r in readings if r.animate)
    town = next(r for r in readings if not r.animate and r.case == "Nom")
    assert analyzer.inflect("володимир", man, case="Acc") == "володимира"
    assert analyzer.inflect("володимир", town, case="Acc") == "володимир"


@pytest.mark.parametrize(("lemma", "first"), [
    # a row with as many alternatives on both sides pairs them in order
    ("дідусь", "бабуся"), ("бабуся", "дідусь"), ("дід", "баба"), ("баба", "дід"),
    ("удівець", "удова"), ("топ-менеджер", "топ-менеджерка"),
])
def test_alternatives_pair_in_order(lemma, first):
    entry = get_lexicon("uk").persons.get(lemma)
    assert entry.counterparts[0] == first
    assert len(entry.counterparts) == 2  # (the other stays a counterpart)


def test_mayor_takes_the_attested_feminine():
    # "мерка" is not attested for the office (GenderGid lists "пані мер", "очільниця міста",
    # "міська голова"); "очільниця" is, and swaps back to its own masculine
    persons = get_lexicon("uk").persons
    assert persons.get("мер").counterparts[0] == "очільниця"
    assert persons.get("очільниця").counterparts == ("очільник",)
    assert persons.get("мерка").counterparts == ("мер",)


@pytest.mark.parametrize(("masculine", "feminine"), [
    # the attested feminine of the office, not the wife ("отаманша"); the initial у/в kept
    ("отаман", "отаманка"), ("учитель", "учителька"), ("вчитель", "вчителька"),
    ("бізнесмен", "бізнесвумен"),
])
def test_first_counterparts(masculine, feminine):
    assert get_lexicon("uk").persons.get(masculine).counterparts[0] == feminine


def test_indeclinable_counterpart_is_used_in_every_case():
    nlp = spacy.blank("uk")
    nlp.add_pipe("gender_swapper", config={"seed": 0, "swap_names": False})
    assert nlp("Він зустрів бізнесмена.")._.swapped == "Вона зустріла бізнесвумен."


def test_pymorphy3_readings_give_the_person_of_finite_verbs():
    analyzer = get_lexicon("uk").analyzer
    assert {r.person for r in analyzer.analyze("впливу") if r.pos == "VERB"} == {"1"}
    assert {r.person for r in analyzer.analyze("підозрює") if r.pos == "VERB"} == {"3"}
    assert all(r.person is None for r in analyzer.analyze("вплив"))


@pytest.mark.parametrize("word", ["секретар", "розвідниця"])
def test_pymorphy3_reads_a_caseless_lemma_form_as_nominative(word):
    # the uk dictionaries tag these lemmas with no case ("NOUN,anim masc"); the readings
    # are built from a per-tag cache, and the lemma form alone is nominative
    readings = get_lexicon("uk").analyzer.analyze(word)
    assert [(r.lemma, r.case, r.number, r.animate) for r in readings if r.pos == "NOUN"] \
        == [(word, "Nom", "Sing", True)]


def test_a_relation_is_a_noun_to_the_token_kind(nlp):
    # the lexicon's kind "relation" (kinship, friend, successor) tells the swapper that a
    # genitive name after it is another person; to gender_kind it is a person noun
    doc = nlp("Прийшов брат, а за ним киянин.")
    assert [(t.text, t._.gender, t._.gender_kind) for t in doc if t._.gender] == [
        ("брат", "masculine", "noun"), ("ним", "masculine", "pronoun"),
        ("киянин", "masculine", "noun")]
