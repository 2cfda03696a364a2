import pytest
import spacy

from spacy_genderfair.corpus.conllu import CoNLLUFormatError, read_conllu
from tests.conftest import ud_doc

SENTENCE = """# sent_id = x-1
# text = Pequenos são agentes das transformações
1\tPequenos\tpequeno\tNOUN\t_\tGender=Masc|Number=Plur\t3\tnsubj\t_\t_
2\tsão\tser\tAUX\t_\t_\t3\tcop\t_\t_
3\tagentes\tagente\tNOUN\t_\tGender=Masc|Number=Plur\t0\troot\t_\t_
4-5\tdas\t_\t_\t_\t_\t_\t_\t_\t_
4\tde\tde\tADP\t_\t_\t6\tcase\t_\t_
5\tas\to\tDET\t_\t_\t6\tdet\t_\t_
6\ttransformações\ttransformação\tNOUN\t_\tGender=Fem|Number=Plur\t3\tnmod\t_\t_

"""


def test_multiword_tokens_become_syntactic_words_with_gold_annotation(tmp_path):
    path = tmp_path / "s.conllu"
    path.write_text(SENTENCE, encoding="utf-8")
    (doc,) = read_conllu(path, spacy.blank("pt").vocab)
    assert doc.text == "Pequenos são agentes de as transformações"
    assert [(t.text, t.dep_, t.head.text) for t in doc][:3] == [
        ("Pequenos", "nsubj", "agentes"), ("são", "cop", "agentes"), ("agentes", "ROOT", "agentes")]
    assert doc.user_data["sent_id"] == "x-1"


def test_the_first_sentence_of_a_document_keeps_its_newdoc_id(tmp_path):
    path = tmp_path / "d.conllu"
    path.write_text("# newdoc id = d1\n" + SENTENCE + SENTENCE, encoding="utf-8")
    first, second = read_conllu(path, spacy.blank("pt").vocab)
    assert first.user_data["newdoc_id"] == "d1"
    assert "newdoc_id" not in second.user_data


def test_malformed_sentence_names_the_line(tmp_path):
    path = tmp_path / "bad.conllu"
    path.write_text(SENTENCE + "1\tonly\tthree\n\n", encoding="utf-8")
    docs = read_conllu(path, spacy.blank("pt").vocab)
    next(docs)
    with pytest.raises(CoNLLUFormatError, match=r"bad\.conllu line 11: expected 10"):
        next(docs)


def test_real_treebank_sentence():
    doc = ud_doc("de", "dev-s60")
    assert doc.text.startswith("Meine Mutter ist bettlägerig")
    assert str(doc[1].morph) == "Case=Nom|Gender=Fem|Number=Sing"
