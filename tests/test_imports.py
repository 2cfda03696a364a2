"""The package's import structure: the vocabulary module is a leaf, and no module imports
itself back through others, at module level or in a function (an import cycle makes the
import order decide what works, and an import moved into a function only hides it)."""

import ast
import itertools
import subprocess
import sys
from collections.abc import Iterable, Iterator, Mapping
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


def _import_statements(tree: ast.Module) -> Iterator[tuple[ast.stmt, bool]]:
    """Every import statement of a module, with whether it sits in a function (it runs when
    the function is called, not when the module is imported: it still joins the two modules,
    and a cycle through it is a cycle)."""
    def walk(node: ast.AST, in_function: bool) -> Iterator[tuple[ast.stmt, bool]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                yield child, in_function
            yield from walk(child, in_function or isinstance(
                child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)))

    yield from walk(tree, False)


def _imports(path: Path, name: str, modules: set[str]) -> dict[str, str]:
    """The package modules that ``name`` imports, anywhere in it (module level, under an
    ``if``/``try``, in a class or a function), each with where its first import statement
    is ("report.py:201 in a function"). Its own parent packages are left out: they are
    already being imported when it runs."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    place = path.relative_to(PACKAGE_ROOT).as_posix()
    imported: dict[str, str] = {}
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node, in_function in _import_statements(tree):
        where = f"{place}:{node.lineno}{' in a function' if in_function else ''}"
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            targets = [f"{target}.{alias.name}" if f"{target}.{alias.name}" in modules
                       else target for alias in node.names]
        for module in targets:
            # Importing a.b.c imports a and a.b first.
            parts = module.split(".")
            for i in range(1, len(parts) + 1):
                imported.setdefault(".".join(parts[:i]), where)
    return {m: where for m, where in imported.items()
            if m in modules and m != name and not name.startswith(m + ".")}


def _import_graph() -> dict[str, dict[str, str]]:
    """Every module of the package -> the package modules it imports (with where)."""
    paths = {_module_name(p): p for p in PACKAGE_ROOT.rglob("*.py")}
    return {name: _imports(path, name, set(paths)) for name, path in paths.items()}


def _find_cycle(graph: Mapping[str, Iterable[str]]) -> list[str] | None:
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


def _cycles(graph: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """Cycles until none is left, each found one cut at its last edge: every separate
    cycle of the graph is among them."""
    remaining = {module: set(imported) for module, imported in graph.items()}
    found = []
    while cycle := _find_cycle(remaining):
        found.append(cycle)
        remaining[cycle[-2]].discard(cycle[-1])
    return found


def test_import_graph_sees_the_package():
    graph = _import_graph()
    assert f"{PACKAGE}.pipeline.actor_linker" in graph
    assert f"{PACKAGE}.swap" in graph and f"{PACKAGE}.cli.audit" in graph
    # relative imports resolve to the modules they name
    assert f"{PACKAGE}.install" in graph[f"{PACKAGE}.pipeline.actor_linker"]
    assert f"{PACKAGE}.extensions" in graph[f"{PACKAGE}.actors"]
    assert graph[f"{PACKAGE}.extensions"] == {}
    # install imports what it registers only when called
    assert graph[f"{PACKAGE}.install"]
    assert all(where.endswith(" in a function") for where in graph[f"{PACKAGE}.install"].values())
    # an import in a function counts, and says so (the CLI imports the engine it runs
    # only when the command runs)
    assert graph[f"{PACKAGE}.cli.audit"][f"{PACKAGE}.audit.runner"].endswith(" in a function")


def test_find_cycle_reports_one():
    assert _find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _find_cycle({"a": {"b"}, "b": set()}) is None


def test_cycles_reports_each_separate_cycle():
    graph = {"a": {"b"}, "b": {"a"}, "c": {"d"}, "d": {"c", "a"}}
    assert _cycles(graph) == [["a", "b", "a"], ["c", "d", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


def test_package_has_no_import_cycle():
    graph = _import_graph()
    cycles = [cycle[0] + "".join(f" -> {imported} ({graph[module][imported]})"
                                 for module, imported in itertools.pairwise(cycle))
              for cycle in _cycles(graph)]
    assert not cycles, "import cycles:\n" + "\n".join(cycles)
