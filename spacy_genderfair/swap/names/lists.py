"""First-name lists to draw replacement names from.

The profile's ``first_names.tsv`` (ours) by default, or a file / folder given by path
(:func:`read_name_list`): a ``name<TAB>gender<TAB>weight`` TSV, or a folder laid out like
lang-uk/name_freq_dict_uk (``male_fname_freq_dict.csv`` / ``female_fname_freq_dict.csv``,
``name,freq_in_corpus``). A list that cannot be read raises :class:`NameListError` naming the
file and line.
"""

import csv
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from ...extensions import FEMININE, MASCULINE
from ...lang import LanguageProfile, read_profile_file

_FOLDER_FILES = {MASCULINE: "male_fname_freq_dict.csv", FEMININE: "female_fname_freq_dict.csv"}


class NameListError(ValueError):
    """A name list that cannot be read (file and line named)."""


@dataclass(frozen=True, eq=False)
class NameList:
    """First names with their gender and a sampling weight."""

    names: dict  # gender ("masculine" | "feminine") -> tuple of (name, weight)
    source: str = "builtin"

    @cached_property
    def _genders(self) -> dict[str, frozenset[str]]:
        genders: dict[str, set[str]] = {}
        for gender, rows in self.names.items():
            for name, _ in rows:
                genders.setdefault(name.lower(), set()).add(gender)
        return {name: frozenset(found) for name, found in genders.items()}

    def genders(self, word: str) -> frozenset[str]:
        """The genders of the lower-cased first name ``word`` in this list."""
        return self._genders.get(word, frozenset())

    @cached_property
    def stems(self) -> frozenset[str]:
        """The lower-cased first names, whole and without their last letter: what a
        patronymic's suffix follows (Андрій → андрі-йович, Петро → петр-ович)."""
        return frozenset(form for name in self._genders for form in (name, name[:-1]))


def read_name_list(path: str | Path) -> NameList:
    """Read a name list: a ``name<TAB>gender<TAB>weight`` TSV (``#`` comments), or a folder
    in the name_freq_dict_uk layout. Raises NameListError naming the file and line."""
    path = Path(path)
    if path.is_dir():
        names = {}
        for gender, file_name in _FOLDER_FILES.items():
            names[gender] = tuple(_read_csv(path / file_name))
        return NameList(names, source=str(path))
    if not path.is_file():
        raise NameListError(f"Name list not found: {path}")
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as err:
        raise NameListError(f"{path}: not valid UTF-8 (byte {err.start})") from None
    return _read_tsv(text, str(path))


def builtin_name_list(profile: LanguageProfile) -> NameList | None:
    text = read_profile_file(profile, "first_names.tsv")
    source = str(Path(profile.path) / "first_names.tsv")
    return _read_tsv(text, source) if text is not None else None


def _read_tsv(text: str, source: str) -> NameList:
    names: dict[str, list] = {MASCULINE: [], FEMININE: []}
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        cells = line.split("\t")
        if len(cells) != 3 or cells[1] not in names:
            raise NameListError(f"{source}, line {number}: expected name<TAB>masculine|"
                                f"feminine<TAB>weight, got {line!r}")
        names[cells[1]].append((cells[0].strip(), _weight(cells[2], source, number)))
    return NameList({g: tuple(rows) for g, rows in names.items()}, source)


def _read_csv(path: Path):
    if not path.is_file():
        raise NameListError(f"Name list folder lacks {path.name}: {path.parent}")
    with path.open(encoding="utf-8", newline="") as handle:
        try:
            rows = list(csv.reader(handle))
        except (UnicodeDecodeError, csv.Error) as err:  # bad bytes, a field over csv's limit
            raise NameListError(f"{path}: not a name,freq CSV ({err})") from None
        for number, row in enumerate(rows, 1):
            if number == 1 or not row:
                continue  # header
            if len(row) != 2:
                raise NameListError(f"{path}, line {number}: expected name,freq, got {row!r}")
            yield row[0].strip(), _weight(row[1], str(path), number)


def _weight(cell: str, source: str, number: int) -> float:
    try:
        weight = float(cell)
    except ValueError:
        weight = -1.0
    if weight <= 0:
        raise NameListError(f"{source}, line {number}: weight must be a positive number, "
                            f"got {cell!r}")
    return weight
