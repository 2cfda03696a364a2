"""docs/cli.md documents every command and every option, and nothing that is gone."""

import re
from pathlib import Path

import pytest
import typer.main

from spacy_genderfair.cli import app

DOCS = Path(__file__).resolve().parents[2] / "docs" / "cli.md"
COMMANDS = typer.main.get_command(app).commands
# Older spellings that still work; the Conventions section names them once for all commands.
OLD_SPELLINGS = ("--out", "--field")


def _sections() -> dict[str, str]:
    """The text of each ``## `genderfair COMMAND` `` section, by command name."""
    parts = re.split(r"^## `genderfair ([a-z-]+)`$", DOCS.read_text(encoding="utf-8"),
                     flags=re.MULTILINE)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


def test_every_registered_command_has_a_section_and_no_other():
    assert sorted(_sections()) == sorted(COMMANDS)


def test_the_conventions_name_the_old_spellings():
    conventions = DOCS.read_text(encoding="utf-8").split("## Conventions")[1].split("\n## ")[0]
    for spelling in OLD_SPELLINGS:
        assert f"`{spelling}` is the older spelling and still works" in conventions


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_option_and_argument_is_in_its_section(name):
    section = _sections()[name]
    rows = {m.group(1) for m in re.finditer(r"^\| `([^`]+)`", section, flags=re.MULTILINE)}
    documented = set()
    for param in COMMANDS[name].params:
        if param.param_type_name == "argument":
            spellings = [param.metavar or param.name.upper()]
        else:
            spellings = [s for s in param.opts + param.secondary_opts if s not in OLD_SPELLINGS]
        for spelling in spellings:
            assert f"`{spelling}`" in section, (name, spelling)
        documented.add(spellings[0])
    # A table row names a real option or argument (its first spelling): no stale rows.
    assert rows == documented, (name, rows ^ documented)
