"""Generic masculine by the profile's ``generic_masculine.tsv`` (English): a masculine-marked
form used for people of any gender, never a word that names male people in reference to them.

- a role compound of the lexicon's X-man / X-woman pairs (chairman, policemen, spokesman),
  but where it names a known man: apposed to or predicated of a name or a "he" ("Mr. Brown,
  the chairman", "Spokesman David Lee", "He is a fisherman"), and not the compounds the
  profile lists as naming men (``male`` rows: gentleman, nobleman);
- a word of humanity (``humanity`` rows: mankind, manpower, man-made, forefathers);
- the bare singular "man" for humanity (``humanity-bare``): no determiner ("Man has always
  …", "the history of man"), a quantifier before it ("No man is an island") or a generic
  adjective after "the" (``generic-adjective``: "the common man"); not "a man", "the old man";
- "he", "his", "him", "himself" whose antecedent is a generic role: a singular person noun
  of no gender or a role compound, after a quantifier (``quantifier``: every, each, any, no)
  or an indefinite article (``indefinite``), earlier in its sentence, with no man named
  between ("A judge must give his reasons"); not the pronoun of a male noun ("Every father
  wants the best for his children").

Plural "men", "sons", "brothers" name male people and are never flagged here.
"""

from spacy.tokens import Doc, Span, Token

from ..extensions import COMMON, MASCULINE, NEUTRAL

# (the roles of generic_masculine.tsv, in lang.profile.GENERIC_MASCULINE_ROLES' order)
HUMANITY, BARE, MALE = "humanity", "humanity-bare", "male"
QUANTIFIER, INDEFINITE, GENERIC_ADJECTIVE = "quantifier", "indefinite", "generic-adjective"
PRONOUN, FEMININE_PRONOUN = "pronoun", "feminine-pronoun"
MASCULINE_HEAD, FEMININE_HEAD = "masculine-head", "feminine-head"


class _RoleNoun:
    """An occupation of the profile's ``role_nouns`` (judge, teacher): of no gender."""
    gender, lemma, counterparts = NEUTRAL, "", ()


_ROLE = _RoleNoun()
_NAMING_DEPS = frozenset({"appos", "attr", "compound"})


def generic_masculine_spans(doc: Doc, persons, table: dict[str, str],
                            covered: set[int]) -> list[Span]:
    """The generic masculine words of ``doc`` by ``table`` (word -> role); ``persons``: the
    lexicon's person nouns (and its profile's ``role_nouns``, occupations that mark no
    gender); ``covered``: tokens of inclusive forms, never flagged."""
    def entry(token: Token):
        hit = persons.lookup(token.lower_, token.lemma_ or None)
        if hit is not None:
            return hit.entry
        lemma = (token.lemma_ or token.lower_).lower()
        return _ROLE if lemma in persons.profile.role_nouns else None

    lowers = [token.lower_ for token in doc]
    # where a generic role may open: a pronoun with none of these before it has no generic
    # antecedent, and is not looked at further
    openers = [k for k, word in enumerate(lowers) if table.get(word) in (QUANTIFIER, INDEFINITE)]
    spans, after = [], 0  # (the end of the last span: a hyphen compound's parts are in it)
    heads = _heads(table, MASCULINE_HEAD), _heads(table, FEMININE_HEAD)
    for i in _candidates(lowers, table, heads[0]):
        if i < after or i in covered:
            continue
        token, lower = doc[i], lowers[i]
        if i + 2 < len(doc) and lowers[i + 1] == "-" and not token.whitespace_ \
                and not doc[i + 1].whitespace_:
            hyphenated = doc[i:i + 3].text.lower()
            if table.get(hyphenated) == HUMANITY and not {i + 1, i + 2} & covered:
                spans.append(Span(doc, i, i + 3, label=hyphenated))  # "man-made", "man-hours"
                after = i + 3
            continue
        if lower.endswith(heads[0]) and (found := entry(token)) is not None \
                and _role_compound(token, found, table, heads):
            spans.append(Span(doc, i, i + 1, label=found.lemma))  # (the label: its lemma)
        elif table.get(lower) == HUMANITY or (
                table.get(lower) == BARE and _bare_man(token, table)) or (
                table.get(lower) == PRONOUN and openers and openers[0] < i
                and _generic_antecedent(token, entry, table, heads[0],
                                        persons.profile.pair_conjunctions)):
            spans.append(Span(doc, i, i + 1, label=lower))
    return spans


def _candidates(lowers: list[str], table: dict[str, str], heads: tuple[str, ...]) -> list[int]:
    """The tokens that may be a generic masculine, or open one (a hyphen compound's first
    part): a role compound's form, a word of humanity, a masculine pronoun."""
    return [i for i, word in enumerate(lowers)
            if word.endswith(heads) or table.get(word) in (HUMANITY, BARE, PRONOUN)]


def _heads(table: dict[str, str], role: str) -> tuple[str, ...]:
    """The compound heads of ``role`` in the table ("-man" rows: "man", "men")."""
    return tuple(word[1:] for word, value in table.items() if value == role)


def _role_compound(token: Token, entry, table: dict[str, str],
                   heads: tuple[tuple[str, ...], tuple[str, ...]]) -> bool:
    """A role compound of an X-man / X-woman pair that names no known man here."""
    lemma = entry.lemma
    head = next((h for h in heads[0] if lemma.endswith(h)), None)
    if entry.gender != MASCULINE or head is None or len(lemma) <= len(head) \
            or table.get(lemma) in (MALE, BARE) or not any(
                c == lemma[:-len(head)] + feminine for c in entry.counterparts
                for feminine in heads[1]):
        return False
    return not _names_a_known_man(token)


def _is_role_compound_lemma(entry, table: dict[str, str], heads: tuple[str, ...]) -> bool:
    """Whether ``entry`` is a masculine role compound (chairman, not man or gentleman)."""
    return entry.gender == MASCULINE and table.get(entry.lemma) not in (MALE, BARE) \
        and entry.lemma.endswith(heads)


def _names_a_known_man(token: Token) -> bool:
    """Whether the noun at ``token`` is apposed to, a title of or predicated of a name or a
    masculine pronoun ("Mr. Brown, the chairman", "Spokesman David Lee", "John is the
    chairman", "He is a fisherman", "Tom and his cousin, both firemen")."""
    def person(word: Token) -> bool:
        # (a name, a masculine pronoun, or a list that holds one: "Tom and his cousin")
        return word.ent_type_ == "PERSON" or word.pos_ == "PROPN" \
            or word.lower_ in ("he", "him") or (
                word.dep_ == "conj" and word.head is not word and person(word.head))

    head = token.head
    if token.dep_ in _NAMING_DEPS and person(head):
        return True
    if any(child.dep_ in _NAMING_DEPS and person(child) for child in token.children):
        return True
    if token.dep_ == "attr":  # "John is the chairman": the subject of its verb
        return any(child.dep_ in ("nsubj", "nsubjpass") and person(child)
                   for child in head.children)
    return False


def _bare_man(token: Token, table: dict[str, str]) -> bool:
    """"man" for humanity: singular, with no determiner, a quantifier, or "the" and a
    generic adjective before it."""
    if token.tag_ not in ("NN", "NNP") and token.morph.get("Number") != ["Sing"]:
        return False
    before = [child for child in token.children if child.i < token.i]
    determiners = [c for c in before if c.dep_ in ("det", "poss") or c.pos_ == "DET"]
    if not determiners:
        return not any(c.dep_ in ("nummod",) for c in before)
    if len(determiners) != 1:
        return False
    word = determiners[0].lower_
    if table.get(word) == QUANTIFIER:
        return True
    return word == "the" and any(table.get(c.lower_) == GENERIC_ADJECTIVE
                                 for c in before if c.dep_ == "amod")


def _paired_with_feminine(token: Token, table: dict[str, str],
                          conjunctions: frozenset[str] | tuple[str, ...]) -> bool:
    """Whether the pronoun is one of a pair with the feminine ("his or her", "he and she",
    "her or his"): the inclusive form, no generic masculine."""
    doc = token.doc
    for step in (1, -1):
        k = token.i + step
        while 0 <= k < len(doc) and (doc[k].lower_ in conjunctions or doc[k].text in "/,"):
            k += step
        if k != token.i + step and 0 <= k < len(doc) \
                and table.get(doc[k].lower_) == FEMININE_PRONOUN:
            return True
    return False


def _generic_antecedent(token: Token, entry_of, table: dict[str, str],
                        heads: tuple[str, ...], conjunctions) -> bool:
    """Whether the masculine pronoun at ``token`` stands for a generic role before it in
    its sentence: the nearest singular person noun, with a quantifier or an indefinite
    article, of no gender or a role compound; none when a man (a name, a masculine noun)
    comes nearer."""
    if _paired_with_feminine(token, table, conjunctions):
        return False
    start = token.sent.start if token.doc.has_annotation("SENT_START") else 0
    for k in range(token.i - 1, start - 1, -1):
        word = token.doc[k]
        if word.ent_type_ == "PERSON" or word.pos_ == "PROPN":
            return False  # "Peter said he"
        entry = entry_of(word) if word.pos_ in ("NOUN", "PROPN") or not word.pos_ else None
        if entry is None:
            continue
        if word.tag_ in ("NNS", "NNPS") or word.morph.get("Number") == ["Plur"]:
            return False  # "Each of the boys brought his own lunch"
        if entry.gender not in (NEUTRAL, COMMON) and not (
                entry is not _ROLE and _is_role_compound_lemma(entry, table, heads)):
            return False  # "Every father wants the best for his children"
        return _generic_determiner(word, table)
    return False


def _generic_determiner(noun: Token, table: dict[str, str]) -> bool:
    """Whether the noun has a quantifier or an indefinite article (``table``), or is the
    object of "of" after one ("Each member of the jury"), a relative clause between."""
    if not noun.doc.has_annotation("DEP"):
        # (no parse: the words right before it, past adjectives, "a good teacher")
        k = noun.i - 1
        while k >= 0 and k >= noun.i - 3 and table.get(noun.doc[k].lower_) not in (
                QUANTIFIER, INDEFINITE) and noun.doc[k].is_alpha:
            k -= 1
        return k >= 0 and table.get(noun.doc[k].lower_) in (QUANTIFIER, INDEFINITE)
    for child in noun.children:
        if child.i < noun.i and table.get(child.lower_) in (QUANTIFIER, INDEFINITE):
            return True
    head = noun.head
    if noun.dep_ == "pobj" and head.lower_ == "of" and head.head.i < noun.i:
        return _generic_determiner(head.head, table) if head.head is not noun else False
    return False


__all__ = ["generic_masculine_spans"]
