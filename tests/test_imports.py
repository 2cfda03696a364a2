"""The package's import structure: the vocabulary module is a leaf, and no module imports
itself back through others (an import cycle makes the import order decide what works)."""

import ast
import subprocess
import sys
from pathlib import Path

import spacy_genderfair

PACKAGE_ROOT = Path(spacy_genderfair.__file__).parent
PACKAGE = PACKAGE_ROOT.name


def test_extensions_imports_no_component_or_engine():
    # A fresh interpreter: this test process has imported everything already.
    probe = (
        "import sys, spacy_genderfair.extensions\n"
        "print('\\n'.join(sorted(m for m in sys.modules if m.startswith('spacy_genderfair'))))"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                            check=True)
    # the package __init__ (version, language profiles, the registration of the extensions,
    # which imports nothing of the package at import) and the leaf itself; nothing else
    loaded = set(result.stdout.split())
    profiles = {m for m in loaded if m.startswith("spacy_genderfair.lang")}
    assert "spacy_genderfair.lang" in profiles
    assert loaded - profiles == {"spacy_genderfair", "spacy_genderfair.install",
                                 "spacy_genderfair.extensions"}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE_ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _top_level_imports(path: Path, name: str, modules: set[str]) -> set[str]:
    """The package modules that importing ``name`` imports at once (module-level import
    statements, those under a module-level ``if``/``try`` included; imports inside functions
    run later and are left out). Its own parent packages are left out too: they are already
    being imported when it runs."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    imported: set[str] = set()
    statements = []
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        nested = isinstance(node, (ast.If, ast.Try))
        statements.extend(ast.walk(node) if nested else [node])
    for node in statements:
        if isinstance(node, ast.Import):
            imported.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            for alias in node.names:
                submodule = f"{target}.{alias.name}"
                imported.add(submodule if submodule in modules else target)
    # Importing a.b.c imports a and a.b first.
    closure = set()
    for module in imported:
        parts = module.split(".")
        closure.update(".".join(parts[:i]) for i in range(1, len(parts) + 1))
    return {m for m in closure & modules if m != name and not name.startswith(m + ".")}


def _import_graph() -> dict[str, set[str]]:
    paths = {_module_name(p): p for p in PACKAGE_ROOT.rglob("*.py")}
    return {name: _top_level_imports(path, name, set(paths)) for name, path in paths.items()}


def _find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    visiting: list[str] = []
    done: set[str] = set()

    def visit(module: str) -> list[str] | None:
        if module in visiting:
            return [*visiting[visiting.index(module):], module]
        if module in done:
            return None
        visiting.append(module)
        for imported in sorted(graph[module]):
            cycle = visit(imported)
            if cycle:
                return cycle
        visiting.pop()
        done.add(module)
        return None

    for module in sorted(graph):
        cycle = visit(module)
        if cycle:
            return cycle
    return None


def test_import_graph_sees_the_package():
    graph = _import_graph()
    assert f"{PACKAGE}.pipeline.actor_linker" in graph
    # relative imports resolve to the modules they name
    assert f"{PACKAGE}.install" in graph[f"{PACKAGE}.pipeline.actor_linker"]
    assert f"{PACKAGE}.extensions" in graph[f"{PACKAGE}.actors"]
    assert graph[f"{PACKAGE}.install"] == set()
    assert graph[f"{PACKAGE}.extensions"] == set()


def test_find_cycle_reports_one():
    assert _find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _find_cycle({"a": {"b"}, "b": set()}) is None


def test_package_has_no_import_cycle():
    assert _find_cycle(_import_graph()) is None
