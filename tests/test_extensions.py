"""The Token and Doc extensions: one public call registers them all, importing the package
registers them (so that stored Docs read back), and someone else's definition of one of
their names is refused, never read as ours."""

import json
import os
import subprocess
import sys

import pytest
import spacy
from spacy.tokens import Doc, DocBin, Token

import spacy_genderfair
from spacy_genderfair import ExtensionConflictError, install_extensions
from spacy_genderfair.extensions import (
    DOC_ACTORS,
    DOC_EXTENSIONS,
    DOC_GENDER_STATS,
    DOC_SWAPPED_DOC,
    TOKEN_EXTENSIONS,
    TOKEN_GENDER,
    TOKEN_GENDER_KIND,
)
from tests.conftest import EN_MODEL

TEXT = "Angela Merkel met the chairman. She said that he was right, and he thanked her."
STACK = ("gender_lexicon", "actor_linker", "role_counter", "quote_typer", "gender_swapper")

# Reads a DocBin in a process that imports spacy_genderfair and nothing else of ours
# (argv: the DocBin's path, then "first" to import the package before spaCy).
READ_DOCBIN = """
import json, sys
if sys.argv[2] == "first":
    import spacy_genderfair
from spacy.tokens import DocBin
from spacy.vocab import Vocab
if sys.argv[2] != "first":
    import spacy_genderfair
(doc,) = DocBin().from_disk(sys.argv[1]).get_docs(Vocab())
print(json.dumps(_SUMMARY))
"""
SUMMARY = ("{'marks': [[t.text, t._.gender, t._.gender_kind] for t in doc if t._.gender],"
           " 'stats': doc._.gender_stats['groups'], 'neutral': doc._.is_gender_neutral,"
           " 'actors': [[a.name, a.group] for a in doc._.actors],"
           " 'swapped': doc._.swapped_doc.text}")


def _summary(doc) -> dict:
    return json.loads(json.dumps(eval(SUMMARY, {"doc": doc})))


def _run(code: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                          encoding="utf-8", env={**os.environ, "PYTHONPATH": os.pathsep.join(
                              sys.path)})


@pytest.mark.parametrize("order", ["first", "after spacy"])
def test_a_docbin_reads_back_after_importing_the_package(tmp_path, order):
    nlp = spacy.load(EN_MODEL)
    for name in STACK:
        nlp.add_pipe(name)
    doc = nlp(TEXT)
    DocBin(docs=[doc], store_user_data=True).to_disk(tmp_path / "docs.spacy")
    result = _run(READ_DOCBIN.replace("_SUMMARY", SUMMARY), str(tmp_path / "docs.spacy"), order)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == _summary(doc)


def test_importing_the_package_imports_no_spacy():
    # The extensions are registered when spaCy's token classes are imported, not by
    # importing spaCy for them: `import spacy_genderfair` stays cheap.
    result = _run("import sys, spacy_genderfair; print('spacy' in sys.modules)")
    assert result.stdout.split() == ["False"], result.stderr


def test_the_public_call_registers_every_extension():
    install_extensions()
    install_extensions()  # idempotent: our own definitions are no conflict
    assert all(Token.has_extension(name) for name in TOKEN_EXTENSIONS)
    assert all(Doc.has_extension(name) for name in (*DOC_EXTENSIONS, DOC_ACTORS,
                                                    DOC_SWAPPED_DOC))


def _foreign_getter(obj):
    return "someone else's"


# (class, name, the foreign definition, what the message says about it)
FOREIGN = [
    (Token, TOKEN_GENDER, {"getter": _foreign_getter}, "token._.gender"),
    (Token, TOKEN_GENDER_KIND, {"default": "x"}, "token._.gender_kind"),
    (Doc, DOC_GENDER_STATS, {"method": _foreign_getter}, "doc._.gender_stats"),
    (Doc, DOC_ACTORS, {"getter": _foreign_getter}, "doc._.actors"),
]


@pytest.fixture(params=FOREIGN, ids=[case[3] for case in FOREIGN])
def foreign(request):
    """One of our extensions replaced by someone else's definition; ours again afterwards."""
    cls, name, definition, attribute = request.param
    ours = cls.get_extension(name)
    cls.remove_extension(name)
    cls.set_extension(name, **definition)
    yield attribute
    cls.remove_extension(name)
    default, _, getter, _ = ours
    cls.set_extension(name, **({"getter": getter} if getter else {"default": default}))


def test_a_foreign_definition_is_refused_in_one_line(foreign):
    with pytest.raises(ExtensionConflictError) as caught:
        install_extensions()
    message = str(caught.value)
    assert isinstance(caught.value, ValueError)
    assert "\n" not in message
    assert message.startswith(f"{foreign} is already registered by someone else")
    assert "remove_extension" in message
    for factory in ("gender_lexicon", "actor_linker", "gender_swapper"):
        with pytest.raises(ExtensionConflictError, match=foreign.replace(".", r"\.")):
            spacy.blank("en").add_pipe(factory)


FOREIGN_BEFORE_IMPORT = """
import warnings
from spacy.tokens import Doc, Token
Token.set_extension("gender", getter=lambda token: "someone else's")
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    import spacy_genderfair
print(len(caught))
print(caught[0].message)
print(Token.get_extension("gender")[2] is not None, Doc.has_extension("gender_stats"),
      Doc.has_extension("actors"))
"""


def test_a_foreign_definition_at_import_warns_once_and_stays():
    result = _run(FOREIGN_BEFORE_IMPORT)
    assert result.returncode == 0, result.stderr
    count, message, state = result.stdout.splitlines()
    assert count == "1"
    assert message.startswith("token._.gender is already registered by someone else")
    # the foreign getter is left; every other extension is ours
    assert state.split() == ["True", "True", "True"]


def test_the_package_exports_the_call_and_the_error():
    assert {"install_extensions", "ExtensionConflictError"} <= set(spacy_genderfair.__all__)
