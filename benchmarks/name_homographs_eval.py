"""How well the swapper's name finder reads English first names that are also words.

A capitalised first name that is also an ordinary word (lang/en/name_homographs.txt: John,
Mark, Will, Grace) with no capitalised word after it is ambiguous on a bare tokenizer: "Will
said" is a name, "Will you come?" is not. The name finder takes one as a name before a verb
form it is the subject of (``name-homograph-subject``), coordinated with a name
(``name-homograph-coordinated``) or where the same text uses it as a name elsewhere
(``name-homograph-named-in-text``), unless the text also writes it in lower case
(``name-homograph-word-in-text``). This script finds every such word that the name lists know
as a first name in the UD English EWT test treebank and the GUM train documents (each
document one bare Doc of its gold words), counts how many are names by the gold annotation —
PROPN in EWT; PROPN inside a ``person`` entity in GUM — at a sentence's start and inside one,
and gives the precision and recall of the finder on them with these rules switched on one by
one (a word may also be found as part of a longer run of capitalised words).

    python benchmarks/name_homographs_eval.py [--show]
"""

import argparse
import re
from collections import Counter

import spacy
from _common import shared
from spacy.tokens import Doc

from spacy_genderfair.corpus.conllu import conllu_blocks
from spacy_genderfair.lexicon import get_lexicon
from spacy_genderfair.swap import NameSwapper
from spacy_genderfair.swap.rules import rules_disabled

NEW_RULES = ("name-homograph-subject", "name-homograph-coordinated",
             "name-homograph-named-in-text", "name-homograph-word-in-text")
SETTINGS = {"capitalised word after": NEW_RULES,
            "+ verb after": NEW_RULES[1:],
            "+ name beside": NEW_RULES[2:],
            "+ name in the text": NEW_RULES[3:],
            "+ lower case in the text": ()}
_ENTITY = re.compile(r"\((\d+)-([^-()]+)[^()]*(\))?|(\d+)\)")


def documents(paths, person_entities: bool):
    """``(words, spaces, sentence starts, gold names)`` per document of CoNLL-U files."""
    doc = None
    for path in paths:
        for _, rows, comments, _error in conllu_blocks(path):
            if doc is None or "newdoc id" in comments:
                if doc and doc[0]:
                    yield doc
                doc, open_entities = ([], [], set(), set()), {}
            words, spaces, starts, names = doc
            starts.add(len(words))
            for cols in rows:
                if "-" in cols[0] or "." in cols[0]:
                    continue
                single, closes = False, []
                for value in (f[7:] for f in cols[9].split("|") if f.startswith("Entity=")):
                    for m in _ENTITY.finditer(value):
                        if m.group(1) and m.group(3):
                            single = single or m.group(2) == "person"
                        elif m.group(1):
                            open_entities[m.group(1)] = m.group(2)
                        else:
                            closes.append(m.group(4))
                person = single or "person" in open_entities.values()
                for entity in closes:
                    open_entities.pop(entity, None)
                if cols[3] == "PROPN" and (person or not person_entities):
                    names.add(len(words))
                words.append(cols[1])
                spaces.append("SpaceAfter=No" not in cols[9])
    if doc and doc[0]:
        yield doc


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--show", action="store_true",
                        help="print the readings each setting changes")
    args = parser.parse_args()
    lexicon = get_lexicon("en")
    finder = NameSwapper(lexicon).finder
    vocab = spacy.blank("en").vocab
    homographs = lexicon.profile.name_homographs
    corpora = {
        "EWT test (gold: PROPN)": (sorted(shared("ud", "en_ewt").glob("*.conllu")), False),
        "GUM train (gold: PROPN in a person entity)":
            (sorted(shared("gum", "dep").glob("*.conllu")), True),
    }
    for title, (paths, person_entities) in corpora.items():
        cases = []  # (doc, i, sentence start, gold name)
        for words, spaces, starts, names in documents(paths, person_entities):
            doc = Doc(vocab, words=words, spaces=spaces)
            for t in doc:
                after = doc[t.i + 1] if t.i + 1 < len(doc) else None
                if t.lower_ in homographs and t.is_title and not (after and after.is_title) \
                        and finder.first_name_gender(t) and t.lower_ not in finder._not_names:
                    cases.append((doc, t.i, t.i in starts, t.i in names))
        counts = Counter((start, gold) for _, _, start, gold in cases)
        print(f"{title}: {len(cases)} capitalised name homographs with no capitalised word "
              f"after them")
        for start, where in ((True, "at a sentence's start"), (False, "inside a sentence")):
            print(f"  {where}: {counts[start, True]} names, {counts[start, False]} not")
        before = None
        for setting, disabled in SETTINGS.items():
            with rules_disabled(disabled):
                found = {id(doc): {i for a, b in finder.name_spans(doc) for i in range(a, b)}
                         for doc in {id(d): d for d, *_ in cases}.values()}
            line = []
            for start, where in ((True, "start"), (False, "inside"), (None, "all")):
                part = [c for c in cases if start is None or c[2] == start]
                hits = [c for c in part if c[1] in found[id(c[0])]]
                true = sum(gold for *_, gold in hits)
                gold = sum(gold for *_, gold in part)
                line.append(f"{where} {true}/{len(hits)} found right, P {_pct(true, len(hits))}"
                            f" R {_pct(true, gold)}")
            print(f"  {setting:24} " + "; ".join(line))
            if args.show and before is not None:
                for doc, i, start, gold in cases:
                    if (i in found[id(doc)]) != (i in before[id(doc)]):
                        kind = "right" if (i in found[id(doc)]) == gold else "wrong"
                        print(f"    {kind} {'start ' if start else 'inside'} "
                              f"{'+' if i in found[id(doc)] else '-'} "
                              f"{doc[max(i - 4, 0):i + 6].text!r}")
            before = found


def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f}%" if whole else "-"


if __name__ == "__main__":
    main()
