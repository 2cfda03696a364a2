"""Derived pairs: the feminine of a masculine person noun the analyser knows alone.

A masculine the dictionary lists as an animate noun without a feminine gets one where the
dictionary itself gives evidence that it names a person and which feminine it takes:

- a compound of a person noun the lexicon pairs with an attested or listed feminine takes
  the head's feminine behind the same prefix (суперписьменник → суперписьменниця,
  екс-імператор → екс-імператриця); a compound whose head has no such pair gets none
  (надгігант, нацрегулятор), and a hyphenated word is always read through its last part
  (д-р, скотч-тер'єр: no person head, no pair);
- any other takes the feminine of the learned rule of its ending
  (``lang/formation.py``), where that ending is productive among the dictionary's
  masculines, the word declines as a noun and its plural accusative is the genitive's form,
  as a person's is ("бачу лікарів"; an animal's is first the nominative's: "бачу вовки").

The profile's ``derived_pairs`` switches them on; ``non_person_nouns`` lists animals.
"""

from ..extensions import FEMININE, MASCULINE

# The shortest person noun a derived compound ends in: shorter ones are as often the tail
# of an unrelated word (панібрат is no брат).
MIN_DERIVED_HEAD = 5
# The shortest prefix before such a head ("не" + "юрист").
MIN_PREFIX = 2


def head_splits(word: str):
    """(prefix, head) readings of ``word`` as a compound, the longest head first: a
    hyphenated word is read through its last part only."""
    if "-" in word:
        prefix, _, head = word.rpartition("-")
        yield prefix + "-", head
        return
    for start in range(MIN_PREFIX, len(word) - MIN_DERIVED_HEAD + 1):
        yield word[:start], word[start:]


def made_feminine(persons, masculine: str) -> str | None:
    """The derived feminine of ``masculine`` (see the module docstring), or None; one the
    analyser knows is never made (it names something else: "кочегарка", a boiler room)."""
    if persons.formation is None or not persons.profile.derived_pairs \
            or masculine in persons.profile.non_person_nouns:
        return None
    analyzer = persons.analyzer
    split = _person_head(persons, masculine)
    if split is not None:
        prefix, head = split
        entry = persons.get(head) or persons.entry_from_morphology(head)
        if entry is None or entry.gender != MASCULINE or not entry.counterparts \
                or entry.source == "derived":
            return None
        feminine = prefix + entry.counterparts[0]
    elif "-" in masculine:
        return None
    else:
        feminine = persons.formation.feminine(masculine)
    if feminine is None or feminine == masculine or analyzer.is_known(feminine) \
            or not _declines_as_person(analyzer, masculine):
        return None
    return feminine


def _person_head(persons, masculine: str) -> tuple[str, str] | None:
    """(prefix, head) of ``masculine`` whose head the lexicon lists or the analyser knows as
    an animate masculine noun; None for a word that is no such compound."""
    analyzer = persons.analyzer
    for prefix, head in head_splits(masculine):
        if head in persons or (analyzer.is_known(head) and any(
                r.pos == "NOUN" and r.animate and r.gender == "Masc" and r.lemma == head
                for r in analyzer.analyze(head))):
            return prefix, head
    return None


def _declines_as_person(analyzer, masculine: str) -> bool:
    """Whether the masculine declines as a person noun: no substantivised adjective
    ("присутній" takes the adjective's feminine, no noun suffix), and a plural accusative
    that is the genitive's form."""
    readings = analyzer.analyze(masculine)
    if any(r.pos == "ADJ" and r.lemma == masculine for r in readings):
        return False
    noun = next((r for r in readings if r.pos == "NOUN" and r.animate and r.gender == "Masc"
                 and r.lemma == masculine and r.name_part is None), None)
    if noun is None:
        return False
    accusative = analyzer.inflect(masculine, noun, number="Plur", case="Acc")
    return accusative is not None \
        and accusative == analyzer.inflect(masculine, noun, number="Plur", case="Gen")


def derived_base(persons, feminine: str) -> tuple[str, str] | None:
    """(masculine, kind) of an unknown word that is the derived feminine of a masculine
    person noun the analyser knows ("суперписьменниця" of суперписьменник), or None."""
    if persons.formation is None or not persons.profile.derived_pairs:
        return None
    masculines = list(persons.formation.masculines(feminine))
    for prefix, head in head_splits(feminine):
        entry = persons.get(head)
        if entry is None and persons.analyzer.is_known(head):
            entry = persons.entry_from_morphology(head)
        if entry is not None and entry.gender == FEMININE:
            masculines += [prefix + counterpart for counterpart in entry.counterparts]
            break
    for masculine in masculines:
        entry = persons.get(masculine) or persons.entry_from_morphology(masculine)
        if entry is not None and entry.source == "derived" \
                and feminine in entry.counterparts:
            return masculine, entry.kind
    return None
