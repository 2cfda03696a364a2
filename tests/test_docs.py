"""The README and docs/ say what the package does: their examples run, and they document every
extension and span group the components write."""

import contextlib
import io
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import spacy_genderfair.extensions as extensions

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
README = ROOT / "README.md"
MAX_README_LINES = 250

# A fenced block opens with ```lang at the start of a line and closes with ``` alone.
FENCE = re.compile(r"^```(?P<lang>[\w+-]*)[^\n]*\n(?P<code>.*?)^```[ \t]*$", re.M | re.S)
# <!-- skip: needs de_core_news_md --> right before a block: a model that does not install here.
SKIP_MARK = re.compile(r"<!--\s*skip:\s*(?P<reason>.+?)\s*-->\s*\Z")


def markdown_files() -> list[Path]:
    return [README, *sorted(DOCS.rglob("*.md"))]


def python_blocks(text: str) -> list[tuple[int, str, str | None]]:
    """(line number, code, skip reason or None) of each ```python block, in order."""
    blocks = []
    for match in FENCE.finditer(text):
        if match.group("lang") not in ("python", "py"):
            continue
        before = text[: match.start()]
        skip = SKIP_MARK.search(before)
        line = before.count("\n") + 1
        blocks.append((line, match.group("code"), skip.group("reason") if skip else None))
    return blocks


def printed_output(code: str) -> str | None:
    """What the block says it prints: the comment lines right after each top-level print(),
    whitespace collapsed (a long output may wrap over several comment lines). None when the
    block prints nothing."""
    expected, after_print, prints = [], False, False
    for line in code.splitlines():
        if line.startswith("#"):
            if after_print:
                expected.append(line.lstrip("#"))
            continue
        if line and not line[0].isspace():  # a new top-level statement
            after_print = line.startswith("print(")
            prints = prints or after_print
    return " ".join(" ".join(expected).split()) if prints else None


def documented_names() -> dict[str, str]:
    """Every extension name and span key that extensions.py defines: {constant: value}."""
    prefixes = ("TOKEN_", "DOC_", "SPANS_")
    return {name: value for name, value in vars(extensions).items()
            if name.startswith(prefixes) and name.isupper() and isinstance(value, str)}


def test_printed_output_is_read_from_the_comments():
    code = ('x = [1,\n     2]\n# not output\nprint(x)\n# [1,\n#  2]\ny = 3\n'
            'print(\n    y)\n# 3\n')
    assert printed_output(code) == "[1, 2] 3"
    assert printed_output("x = 1\n# a note\n") is None


def test_python_blocks_are_found():
    blocks = python_blocks("x\n<!-- skip: needs uk_core_news_md -->\n```python\na = 1\n```\n"
                           "```bash\nls\n```\n```python\nb = 2\n```\n")
    assert blocks == [(3, "a = 1\n", "needs uk_core_news_md"), (9, "b = 2\n", None)]


@pytest.mark.parametrize("path", markdown_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_python_blocks_run(path: Path, tmp_path, monkeypatch):
    """Each file's blocks run in order in one namespace, as a reader runs them, in a fresh
    working directory so that nothing they write lands in the repository; what a block
    prints is what its comments say it prints."""
    monkeypatch.chdir(tmp_path)
    namespace: dict = {"__name__": "__docs__"}
    ran = skipped = 0
    for line, code, skip in python_blocks(path.read_text(encoding="utf-8")):
        if skip:
            skipped += 1
            continue
        where = f"{path.relative_to(ROOT)}, the block at line {line}"
        stdout = io.StringIO()
        try:
            with contextlib.redirect_stdout(stdout):
                exec(compile(code, f"{path.name}:{line}", "exec"), namespace)
        except Exception as err:
            pytest.fail(f"{where}: {type(err).__name__}: {err}")
        expected = printed_output(code)
        if expected is not None:
            assert " ".join(stdout.getvalue().split()) == expected, f"{where} prints otherwise"
        ran += 1
    if not ran and skipped:
        pytest.skip(f"all {skipped} Python blocks of {path.name} need a model not installed")


def test_readme_and_docs_have_examples():
    counts = {path.name: len(python_blocks(path.read_text(encoding="utf-8")))
              for path in (README, *sorted((DOCS / "components").glob("*.md")))}
    assert all(counts.values()), f"pages without a Python example: {counts}"


def test_every_extension_and_span_key_is_documented():
    names = documented_names()
    assert len(names) >= 10  # the derivation above found the constants at all
    text = "\n".join(p.read_text(encoding="utf-8") for p in sorted(DOCS.rglob("*.md")))
    missing = {const: value for const, value in names.items()
               if not re.search(rf"(\._\.|spans\[\"){re.escape(value)}\b", text)}
    assert not missing, f"not documented in docs/ as ._.NAME or spans[\"KEY\"]: {missing}"


def test_readme_is_short():
    lines = README.read_text(encoding="utf-8").count("\n")
    assert lines <= MAX_README_LINES, f"README.md has {lines} lines (at most {MAX_README_LINES})"


def test_readme_links_resolve():
    links = re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", README.read_text(encoding="utf-8"))
    local = [link for link in links if "://" not in link]
    assert local, "the README links no documentation page"
    missing = [link for link in local if not (ROOT / link).exists()]
    assert not missing, f"README links to missing files: {missing}"


def test_docs_build_strictly(tmp_path):
    """What CI runs (.ci/run): a warning, such as a broken link or a page missing from the nav,
    fails the build. (Not --quiet: it hides the warnings from --strict.)"""
    pytest.importorskip("mkdocs", reason="mkdocs is not installed: pip install -e '.[docs]'")
    pytest.importorskip("material", reason="mkdocs-material is not installed: "
                                           "pip install -e '.[docs]'")
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(tmp_path)],
        cwd=ROOT, capture_output=True, text=True, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert result.returncode == 0, result.stderr[-3000:]
    assert (tmp_path / "components" / "actor_linker" / "index.html").is_file()
