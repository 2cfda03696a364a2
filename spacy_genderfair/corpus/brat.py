"""Read brat standoff NER annotations as used by NER-UK (``.txt`` + ``.ann``).

``.ann`` lines are ``T1<TAB>LABEL<TAB>start<TAB>end<TAB>text`` (NER-UK uses TABs throughout;
classic brat uses ``LABEL start end`` with spaces, also accepted). An entity whose text spans
a line break continues on the next ``.ann`` line(s), which do not start with an id.
"""

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from .records import Utf8Error, read_utf8

_ENTITY = re.compile(r"^(T\d+)\t(\S+)[\t ](\d+)[\t ](\d+)\t(.*)$")
_OTHER_ANNOTATION = re.compile(r"^[RAEMN#*]\d*\t")


class BratFormatError(ValueError):
    pass


@dataclass(frozen=True)
class BratEntity:
    id: str
    label: str
    start: int
    end: int
    text: str


def read_ann(path: str | Path, text: str | None = None) -> list[BratEntity]:
    """Parse an ``.ann`` file. With the document ``text``, entity texts are taken from it
    (offsets are authoritative) and checked against the annotation."""
    path = Path(path)
    entities: list[BratEntity] = []
    lines = read_exact(path).splitlines()
    for line_no, line in enumerate(lines, start=1):
        if not line.strip() or _OTHER_ANNOTATION.match(line):
            continue
        match = _ENTITY.match(line)
        if match is None:
            if entities:  # continuation of a multi-line entity text
                last = entities[-1]
                entities[-1] = BratEntity(last.id, last.label, last.start, last.end,
                                          last.text + "\n" + line)
                continue
            raise BratFormatError(f"{path} line {line_no}: not a brat entity line: {line!r}")
        ent_id, label, start, end, ent_text = match.groups()
        start, end = int(start), int(end)
        if end < start:
            raise BratFormatError(f"{path} line {line_no}: end {end} before start {start}")
        entities.append(BratEntity(ent_id, label, start, end, ent_text))
    if text is not None:
        entities = [_checked(path, e, text) for e in entities]
    return entities


def read_exact(path: str | Path) -> str:
    """A brat file's text exactly as stored: ``Path.read_text`` would turn "\\r\\n" into
    "\\n", but brat offsets count every character of the file, "\\r" included. Invalid UTF-8
    raises BratFormatError naming the file, the line and the byte."""
    try:
        return read_utf8(path)
    except Utf8Error as err:
        raise BratFormatError(str(err)) from None


def _checked(path: Path, entity: BratEntity, text: str) -> BratEntity:
    if entity.end > len(text):
        raise BratFormatError(f"{path}: entity {entity.id} ends at {entity.end}, past the text")
    return BratEntity(entity.id, entity.label, entity.start, entity.end,
                      text[entity.start:entity.end])


def read_brat_folder(folder: str | Path) -> Iterator[tuple[str, str, list[BratEntity]]]:
    """Yield (document id, text, entities) for every ``.txt`` with an ``.ann`` beside it,
    recursively, in sorted order."""
    for txt in sorted(Path(folder).rglob("*.txt")):
        ann = txt.with_suffix(".ann")
        if ann.is_file():
            text = read_exact(txt)
            yield txt.stem, text, read_ann(ann, text)
