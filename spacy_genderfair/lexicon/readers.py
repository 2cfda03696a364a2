"""Readers for user lexicons given by path (``extra_lexicons`` / ``--lexicon``).

Formats, chosen by file suffix:

- ``.tsv``: our ``person_nouns.tsv`` format (masculine, feminine, neutral, kind);
- ``.csv``: the GenderGid pair dictionary (lang-uk/uk-gender-word-mapper): a ``male,female``
  header, then one pair per row; a female cell may list alternatives separated by ", ";
- ``.json``: the ecmonsen/gendered_words format: a list of ``{"word", "gender": m|f|n|o,
  "gender_map": {...}}`` objects; m/f entries become pairs, multi-word entries are skipped;
- ``.txt``: one common-gender person noun per line (GenderGid ``common_gender_words_list.txt``).

Files are parsed as data only (no pickle, no eval). Malformed input raises
``LexiconFormatError`` naming the file and line (or JSON entry).
"""

import csv
import io
import json
from dataclasses import dataclass, field
from pathlib import Path

from ..lang import PersonNounRow, ProfileError, read_person_nouns, read_word_list


class LexiconFormatError(ValueError):
    pass


@dataclass
class LexiconData:
    source: str
    rows: list[PersonNounRow] = field(default_factory=list)
    common: list[str] = field(default_factory=list)
    skipped: int = 0  # entries the token-level lexicon cannot use (multi-word, "o" gender)


SUFFIXES = (".tsv", ".csv", ".json", ".txt")


def read_lexicon(path: str | Path, text: str | None = None) -> LexiconData:
    """Read a user lexicon. ``text`` may hold the file content (used by ``from_disk``)."""
    path = Path(path)
    suffix = path.suffix.lower()
    if suffix not in SUFFIXES:
        raise LexiconFormatError(
            f"{path}: unknown lexicon format '{suffix}'. Use one of {', '.join(SUFFIXES)} "
            "(see spacy_genderfair/lexicon/readers.py)."
        )
    if text is None:
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise LexiconFormatError(f"Lexicon file not found: {path}") from None
        except UnicodeDecodeError as err:
            raise LexiconFormatError(f"{path}: not valid UTF-8 ({err})") from None
    if suffix == ".csv":
        try:
            return _read_pair_csv(path, text)
        except csv.Error as err:  # e.g. a field over csv's field size limit
            raise LexiconFormatError(f"{path}: malformed CSV ({err})") from None
    if suffix == ".json":
        return _read_gendered_words_json(path, text)
    try:
        if suffix == ".tsv":
            return LexiconData(str(path), rows=read_person_nouns(path, text))
        return LexiconData(str(path), common=read_word_list(path, text))
    except ProfileError as err:
        raise LexiconFormatError(str(err)) from None


def _read_pair_csv(path: Path, text: str) -> LexiconData:
    data = LexiconData(str(path))
    reader = csv.reader(io.StringIO(text))
    header = next(reader, None)
    if header is None or [h.strip().lower() for h in header] != ["male", "female"]:
        raise LexiconFormatError(f"{path} line 1: expected the header 'male,female', got {header}")
    for row in reader:
        line = reader.line_num
        if not row or not any(cell.strip() for cell in row):
            continue
        if len(row) > 2:
            raise LexiconFormatError(
                f"{path} line {line}: expected 2 comma-separated columns (male,female), got "
                f"{len(row)}: {row}"
            )
        male = row[0].strip()
        female = row[1].strip() if len(row) == 2 else ""
        if not male:
            raise LexiconFormatError(f"{path} line {line}: the male column is empty")
        feminine = tuple(f.strip() for f in female.split(",") if f.strip())
        # Alternatives like "пані академік" are multi-word: kept for the swapper, and the
        # single-word alternatives are what token lookups use.
        # (no kind: a word the lexicon knows keeps its own, others are nouns)
        data.rows.append(PersonNounRow((male,), feminine, (), ""))
    return data


def _read_gendered_words_json(path: Path, text: str) -> LexiconData:
    data = LexiconData(str(path))
    try:
        entries = json.loads(text)
    except json.JSONDecodeError as err:
        raise LexiconFormatError(f"{path} line {err.lineno}: invalid JSON ({err.msg})") from None
    except RecursionError:  # json's decoder recurses once per nesting level
        raise LexiconFormatError(f"{path}: invalid JSON (nested too deeply)") from None
    if not isinstance(entries, list):
        raise LexiconFormatError(f"{path}: expected a JSON list of word entries")
    opposite = {"m": "f", "f": "m"}
    for i, entry in enumerate(entries):
        if not (isinstance(entry, dict) and isinstance(entry.get("word"), str)
                and entry.get("gender") in ("m", "f", "n", "o")):
            raise LexiconFormatError(
                f"{path} entry {i}: expected an object with 'word' and 'gender' (m|f|n|o)"
            )
        word, gender = entry["word"], entry["gender"]
        if gender not in opposite or "_" in word:
            data.skipped += 1
            continue
        mapped = entry.get("gender_map") or {}
        others = tuple(
            m["word"] for m in mapped.get(opposite[gender], [])
            if isinstance(m, dict) and isinstance(m.get("word"), str) and "_" not in m["word"]
        )
        masc, fem = ((word,), others) if gender == "m" else (others, (word,))
        data.rows.append(PersonNounRow(masc, fem, (), "noun"))
    return data
