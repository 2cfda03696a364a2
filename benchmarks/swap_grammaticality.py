"""Is the Ukrainian swap grammatical? A check on general text that needs no reference swap.

Every sentence of the UD Ukrainian IU treebank (dev + test; fiction, news, legal and other
text, nothing of NER-UK) is swapped as a bare Doc: the treebank's words, no tags, parse or
entities, ``spacy.blank("uk")`` + ``gender_swapper`` (``invert``, names swapped). The output
is then checked against the treebank's **gold** dependencies and morphology, not the
swapper's own analysis:

- *real words*: every word the swapper wrote is a form pymorphy3 knows;
- *agreement*: a noun, proper noun or pronoun whose gender the swap changed is a controller;
  every word that agreed with it in gender in the gold tree (singular, the same gold Gender)
  must agree with its new gender: its modifiers (``amod``, ``det``), its predicate when it is
  the subject (a past-tense verb, a short adjective or participle; and the predicates
  coordinated with that one), and the relative pronoun of a clause attached to it
  (``acl:relcl``). A word agrees when pymorphy3 has a reading of its written form with the new
  gender in its gold case and number;
- *stray edits*: a modifier or predicate the swap changed while the noun or pronoun it agrees
  with in the gold tree kept its gender must still agree with that noun; with a noun of
  common gender (pymorphy3 has it as an animate noun of both genders: голова, суддя, колега)
  it may agree with the other gender too, the person's ("селищний голова" → "селищна голова":
  the noun stays, its person turns).

A sentence counts when the swap changed at least one word; the share of those with no
violation is the figure. Round trip: the same sentences swapped twice with names kept
(``swap_names=False``), against the original.

With ``--parsed`` the swap is given the treebank's gold tags, morphology and parse instead of
the bare words: the engine's parse-based steps run, as with a trained Ukrainian pipeline
(the bare tokenizer gets the clause walk). The check then reads the same gold tree the steps
read, so it says what a good parser gives the engine. No round trip is measured there (a
swapped Doc carries no parse).

    python benchmarks/swap_grammaticality.py [--limit N] [--parsed]
"""

import argparse
from collections import Counter

import pymorphy3
import spacy
from _common import shared
from spacy.tokens import Doc

from spacy_genderfair.corpus.conllu import read_conllu

GENDERS = {"masc": "Masc", "femn": "Fem", "neut": "Neut"}
CASES = {"nomn": "Nom", "gent": "Gen", "datv": "Dat", "accs": "Acc", "ablt": "Ins",
         "loct": "Loc", "voct": "Voc"}
NUMBERS = {"sing": "Sing", "plur": "Plur"}
CONTROLLERS = {"NOUN", "PROPN", "PRON"}
MODIFIERS = {"amod", "det"}
SUBJECTS = {"nsubj", "nsubj:pass"}


def gold_docs(vocab) -> list[Doc]:
    folder = shared("ud", "uk_iu")
    return [doc for name in ("uk_iu-ud-dev.conllu", "uk_iu-ud-test.conllu")
            for doc in read_conllu(folder / name, vocab)]


def bare(doc: Doc, vocab) -> Doc:
    return Doc(vocab, words=[t.text for t in doc], spaces=[bool(t.whitespace_) for t in doc])


def readings(morph, word: str) -> list[tuple[str | None, str | None, str | None]]:
    """(Gender, Case, Number) in UD values of each pymorphy3 reading of ``word``."""
    return [(GENDERS.get(p.tag.gender), CASES.get(p.tag.case), NUMBERS.get(p.tag.number))
            for p in morph.parse(word.lower())]


def new_gender(morph, token, word: str) -> str | None:
    """The gender of a controller's new form in its gold case and number."""
    case, number = token.morph.get("Case"), token.morph.get("Number")
    # (pymorphy3's Ukrainian tags leave the number out of a singular noun's reading)
    found = {g for g, c, n in readings(morph, word) if g and (not case or c == case[0])
             and (not number or n in (number[0], None))}
    return found.pop() if len(found) == 1 else None


def agrees(morph, token, word: str, gender: str) -> bool:
    case, number = token.morph.get("Case"), token.morph.get("Number")
    return any(g == gender and (not case or c in (case[0], None))
               and (not number or n in (number[0], None))
               for g, c, n in readings(morph, word))


def targets(controller) -> list[tuple[str, object]]:
    """(relation, token) of the words that agree with the controller in the gold tree."""
    found = [("modifier", t) for t in controller.children if t.dep_ in MODIFIERS]
    if controller.dep_ in SUBJECTS and controller.head.i != controller.i:
        predicate = controller.head
        found.append(("predicate", predicate))
        found += [("coordinated predicate", t) for t in predicate.children if t.dep_ == "conj"
                  and not any(c.dep_ in SUBJECTS for c in t.children)]
    for clause in (t for t in controller.children if t.dep_ == "acl:relcl"):
        found += [("relative pronoun", t) for t in clause.subtree
                  if "Rel" in t.morph.get("PronType") and t.pos_ in ("PRON", "DET")]
    gender = controller.morph.get("Gender")
    return [(relation, t) for relation, t in found if gender and t.i != controller.i
            and t.morph.get("Gender") == gender and t.morph.get("Number") in ([], ["Sing"])]


def check(morph, gold: Doc, swapped: Doc, checked: Counter) -> Counter:
    """Violations of one swapped sentence, by kind; ``checked`` counts what was checked."""
    written = {edit["i"]: edit["new"] for edit in swapped._.swap_edits if edit["new"]}
    violations: Counter = Counter()
    for word in written.values():
        checked["unknown form"] += 1
        if not morph.word_is_known(word.lower()):
            violations["unknown form"] += 1
    for i, word in written.items():
        controller = gold[i]
        if controller.pos_ not in CONTROLLERS or not controller.morph.get("Gender"):
            continue
        gender = new_gender(morph, controller, word)
        if gender is None or gender == controller.morph.get("Gender")[0]:
            continue
        for relation, target in targets(controller):
            checked[relation] += 1
            if not agrees(morph, target, written.get(target.i, target.text), gender):
                violations[relation] += 1
    for i, word in written.items():
        controller = controller_of(gold[i])
        if controller is None or controller.i in written or not controller.morph.get("Gender"):
            continue
        checked["stray edit"] += 1
        gender = controller.morph.get("Gender")[0]
        if not agrees(morph, gold[i], word, gender) and not (
                common_gender(morph, controller)
                and agrees(morph, gold[i], word, "Fem" if gender == "Masc" else "Masc")):
            violations["stray edit"] += 1
    return violations


def common_gender(morph, token) -> bool:
    """Whether the gold noun ``token`` is of common gender: its lemma an animate noun of
    both genders in pymorphy3 (surnames aside)."""
    genders = {GENDERS.get(p.tag.gender) for p in morph.parse(token.lemma_.lower())
               if p.tag.POS == "NOUN" and "anim" in p.tag and "Surn" not in p.tag
               and p.normal_form == token.lemma_.lower()}
    return token.pos_ == "NOUN" and {"Masc", "Fem"} <= genders


def controller_of(token):
    """The noun or pronoun a modifier or predicate agrees with in the gold tree, or None."""
    if token.pos_ in CONTROLLERS:
        return None
    if token.dep_ in MODIFIERS:
        return token.head if token.head.pos_ in CONTROLLERS else None
    subject = next((t for t in token.children if t.dep_ in SUBJECTS), None)
    if subject is not None and subject.pos_ in CONTROLLERS and token.morph.get("Gender"):
        return subject
    return None


def measure(limit: int = 0, parsed: bool = False) -> dict:
    """Swap the uk_iu sentences and check them: the sentence counts, the violations by
    kind and what was checked. With ``parsed``, the swap is given the treebank's own tags,
    morphology and parse in place of the bare words (the engine's parse-based steps run, not
    the bare tokenizer's clause walk), and no round trip is measured."""
    nlp = spacy.blank("uk")
    # (read_parse: the parse-based steps where the Doc has the gold parse; the uk profile
    # would swap it by the walk)
    nlp.add_pipe("gender_swapper", config={"direction": "invert", "seed": 0,
                                           "read_parse": parsed})
    keep_names = spacy.blank("uk", vocab=nlp.vocab)
    keep_names.add_pipe("gender_swapper", config={"direction": "invert", "swap_names": False})
    morph = pymorphy3.MorphAnalyzer(lang="uk")
    golds = gold_docs(nlp.vocab)[: limit or None]
    given = (doc.copy() if parsed else bare(doc, nlp.vocab) for doc in golds)
    swapped = list(nlp.pipe(given))
    changed = [(gold, doc) for gold, doc in zip(golds, swapped, strict=True)
               if any(edit["new"] for edit in doc._.swap_edits)]
    kinds: Counter = Counter()
    checked: Counter = Counter()
    clean = 0
    for gold, doc in changed:
        violations = check(morph, gold, doc, checked)
        kinds.update(violations)
        clean += not violations
    back = 0
    if not parsed:
        once = list(keep_names.pipe(bare(gold, nlp.vocab) for gold, _ in changed))
        twice = list(keep_names.pipe(doc._.swapped_doc for doc in once))
        back = sum(doc._.swapped == gold.text for gold, doc in zip(
            (g for g, _ in changed), twice, strict=True))
    return {"sentences": len(golds), "changed": len(changed), "clean": clean, "back": back,
            "kinds": kinds, "checked": checked}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--limit", type=int, default=0, help="sentences (0: all)")
    parser.add_argument("--parsed", action="store_true",
                        help="give the swap the treebank's parse instead of the bare words")
    args = parser.parse_args()
    found = measure(args.limit, args.parsed)
    changed, clean, back = found["changed"], found["clean"], found["back"]
    given = "the gold parse given" if args.parsed else "bare Docs"
    print(f"UD uk_iu dev + test: {found['sentences']} sentences, {changed} changed by the swap "
          f"(invert, names swapped; {given}, checked against the gold tree)")
    print(f"  no violation: {clean} of {changed} ({100 * clean / max(changed, 1):.1f} %)")
    for kind, count in found["checked"].most_common():
        print(f"  {kind:<24} {found['kinds'][kind]:4d} violations in {count} checked "
              f"({'written words' if kind == 'unknown form' else 'agreeing words'})")
    if args.parsed:
        # (a swapped Doc carries no parse: its second swap would be the bare walk's)
        print("  round trip: measured on bare Docs only")
    else:
        print(f"  round trip (names kept): {back} of {changed} back to the original "
              f"({100 * back / max(changed, 1):.1f} %)")


if __name__ == "__main__":
    main()
