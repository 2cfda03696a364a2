"""The package's vocabulary is defined once: the gender <-> pronoun-group maps live in
``extensions`` and every other module imports them, and no two classes share a name (the
linker's working ``ActorCluster`` is not the public ``Actor`` view)."""

import ast
from collections import defaultdict
from pathlib import Path

import spacy_genderfair
from spacy_genderfair import extensions

PACKAGE_ROOT = Path(spacy_genderfair.__file__).parent


def _modules():
    for path in sorted(PACKAGE_ROOT.rglob("*.py")):
        yield path, ast.parse(path.read_text(encoding="utf-8"))


def test_gender_group_is_the_inverse_of_group_gender():
    assert extensions.GENDER_GROUP == {
        "feminine": "she/her", "masculine": "he/him", "neutral": "they/them"}
    assert {g: w for w, g in extensions.GENDER_GROUP.items()} == extensions.GROUP_GENDER


def _inverts_group_gender(node: ast.AST) -> bool:
    """A dict comprehension over ``GROUP_GENDER.items()``: the map written out again."""
    if not isinstance(node, ast.DictComp):
        return False
    source = node.generators[0].iter
    return (isinstance(source, ast.Call) and isinstance(source.func, ast.Attribute)
            and isinstance(source.func.value, ast.Name)
            and source.func.value.id == "GROUP_GENDER")


def test_the_gender_group_map_is_built_in_extensions_only():
    builders = [str(path.relative_to(PACKAGE_ROOT)) for path, tree in _modules()
                if any(_inverts_group_gender(node) for node in ast.walk(tree))]
    assert builders == ["extensions.py"]


def test_no_two_classes_share_a_name():
    defined = defaultdict(list)
    for path, tree in _modules():
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                defined[node.name].append(str(path.relative_to(PACKAGE_ROOT)))
    assert {name: paths for name, paths in defined.items() if len(paths) > 1} == {}
    assert defined["Actor"] == ["actors.py"]
