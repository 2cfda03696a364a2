"""Readers for user lexicons given by path (``extra_lexicons`` / ``--lexicon``).

Formats, chosen by file suffix:

- ``.tsv``: our ``person_nouns.tsv`` format (masculine, feminine, neutral, kind);
- ``.csv``: the GenderGid pair dictionary (lang-uk/uk-gender-word-mapper): a ``male,female``
  header, then one pair per row; a female cell may list alternatives separated by ", ";
- ``.json``: the ecmonsen/gendered_words format: a list of ``{"word", "gender": m|f|n|o,
  "gender_map": {gender: [{"word"}, ...]}}`` objects, one per word sense (below);
- ``.txt``: one common-gender person noun per line (GenderGid ``common_gender_words_list.txt``).

Every entry of a file is read: an entry of several words ("member of parliament", GenderGid's
"пані академік", WordNet's "police_officer") is a phrase, which ``gender_lexicon`` matches as
one person noun. Files are parsed as data only (no pickle, no eval). Malformed input raises
``LexiconFormatError`` naming the file and line (or JSON entry); nothing is skipped (blank
lines, and ``#`` comments in .tsv and .txt, are no entries).
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
        # (an alternative like "пані академік" is a phrase; no kind: a word the lexicon
        # knows keeps its own, others are nouns)
        data.rows.append(PersonNounRow((male,), feminine, (), ""))
    return data


# gendered_words genders as person-noun columns (masculine, feminine, neutral). "o" is the
# resource's gender other than male and female (its one entry: "hermaphrodite"): a word that
# names neither a man nor a woman is neutral here, as GENEUTRAL, which takes only the m/f
# entries, counts it as no gendered word.
_JSON_COLUMN = {"m": 0, "f": 1, "n": 2, "o": 2}


def _read_gendered_words_json(path: Path, text: str) -> LexiconData:
    """One row per entry: its word and its ``gender_map`` words, each in its gender's column.

    The file lists a word once per sense, so a word may be "n" in one entry and "m" in another
    ("actor", also the masculine of "actress"): a word the file gives a gendered sense stays
    gendered, as in GENEUTRAL's list (the m/f entries and their gender_map words). A word
    given both "m" and "f" keeps the first (the lexicon warns). The rows of entries with a
    gender_map come first, so that a word's pair is the one its gender_map gives.
    """
    try:
        entries = json.loads(text)
    except json.JSONDecodeError as err:
        raise LexiconFormatError(f"{path} line {err.lineno}: invalid JSON ({err.msg})") from None
    except RecursionError:  # json's decoder recurses once per nesting level
        raise LexiconFormatError(f"{path}: invalid JSON (nested too deeply)") from None
    if not isinstance(entries, list):
        raise LexiconFormatError(f"{path}: expected a JSON list of word entries")
    senses = [_entry_words(path, i, entry) for i, entry in enumerate(entries)]
    gendered = {}
    for words in senses:
        for word, gender in words:
            if gender in ("m", "f"):
                gendered.setdefault(word, gender)
    paired, alone = [], []
    for words in senses:
        columns = ([], [], [])
        for word, gender in words:
            column = columns[_JSON_COLUMN[gender if gender in ("m", "f")
                                          else gendered.get(word, gender)]]
            if word not in column:
                column.append(word)
        # (no kind: a word the built-in lexicon knows keeps its own, others are nouns)
        row = PersonNounRow(*(tuple(column) for column in columns), "")
        (paired if len(words) > 1 else alone).append(row)
    return LexiconData(str(path), rows=paired + alone)


def _entry_words(path: Path, i: int, entry) -> list[tuple[str, str]]:
    """(word, gender) of an entry and of its ``gender_map``; "_" joins a phrase's words."""
    if not (isinstance(entry, dict) and _is_word(entry.get("word"))
            and entry.get("gender") in _JSON_COLUMN):
        raise LexiconFormatError(
            f"{path} entry {i}: expected an object with 'word' and 'gender' (m|f|n|o)")
    words = [(_phrase(entry["word"]), entry["gender"])]
    mapped = entry.get("gender_map")
    if mapped is None:
        return words
    if not isinstance(mapped, dict):
        raise LexiconFormatError(f"{path} entry {i}: 'gender_map' must be an object "
                                 f"{{gender: [{{\"word\": ...}}, ...]}}, got {mapped!r:.60}")
    for gender, others in mapped.items():
        if gender not in _JSON_COLUMN:
            raise LexiconFormatError(f"{path} entry {i}: 'gender_map' keys are m, f, n, o; "
                                     f"got {gender!r:.60}")
        if not (isinstance(others, list)
                and all(isinstance(o, dict) and _is_word(o.get("word")) for o in others)):
            raise LexiconFormatError(f"{path} entry {i}: 'gender_map' lists objects with a "
                                     f"'word', got {gender}: {others!r:.60}")
        words += [(_phrase(other["word"]), gender) for other in others]
    return words


def _is_word(value) -> bool:
    return isinstance(value, str) and bool(value.strip())


def _phrase(word: str) -> str:
    return " ".join(word.replace("_", " ").split())
