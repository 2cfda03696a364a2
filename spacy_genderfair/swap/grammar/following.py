"""What follows a noun phrase, which says its case before anything governs it (no parser).

A phrase that opens its clause is the subject or the object of the verb after it
(``verb_follows``: "Молодого журналіста призначили"), or, before a verb of no subject, the one
it happens to (``impersonal_follows``: "Ілії здалося", the dative); adverbs and particles
(``only_adverb``) and a noun phrase apposed to it between commas are looked past ("Його
героя, самотнього студента з села, помилково приймають": the accusative).
"""

from collections.abc import Sequence

from spacy.tokens import Doc, Token

from ...lexicon import Lexicon
from ...tokens import is_word
from .verbs import takes_object


def only_adverb(token: Token, lexicon: Lexicon) -> bool:
    """An adverb or particle and nothing else: "учора", "тоді" (a caseless pronoun to the
    analyser), not "як" (also a conjunction: "відомий як директор")."""
    return is_word(token) and (token.lower_ in lexicon.profile.particles or all(
        r.pos == "ADV" or (r.pos == "PRON" and r.case is None)
        for r in lexicon.token_readings(token)))


def verb_follows(doc: Doc | Sequence[Token], i: int, lexicon: Lexicon) -> bool:
    """Whether an affirmative verb follows the noun phrase ending at token ``i``, past the
    organisation it may be followed by ("директора «Агротехбуду» відібрали")."""
    k, quoted = i + 1, False
    while k < len(doc) and doc[k].ent_iob_ == "I" and doc[k].ent_type_ == doc[i].ent_type_:
        k += 1  # the rest of the name its first word starts: "В'ячеслава Василенка"
    if not doc[i].ent_type_ and doc[i].text[:1].isupper():
        while k < len(doc) and is_word(doc[k]) and doc[k].text[:1].isupper():
            k += 1  # (with no entities, the capitalised words after a name's first)
    while k + 1 < len(doc) and doc[k].text == "-" and not doc[k - 1].whitespace_:
        k += 2  # the compound's second part: "солдата-водія покладе"
    while k < len(doc) and _genitive_dependent(doc[k], lexicon):
        k += 1  # the phrase's genitive: "директора школи нагородили"
    while k < len(doc) and (quoted or doc[k].text == "«" or (
            doc[k].ent_type_ and doc[k].ent_type_ not in (
                *lexicon.profile.person_labels, *lexicon.profile.job_labels))):
        quoted = (quoted or doc[k].text == "«") and doc[k].text != "»"
        k += 1
    if k + 1 < len(doc) and doc[k].text == "," and any(
            r.lemma in lexicon.profile.relative_pronouns
            for r in lexicon.token_readings(doc[k + 1])):
        # past a relative clause on the phrase: "Василенка, який очолював відділення,
        # призначили"
        k = next((m + 1 for m in range(k + 2, len(doc)) if doc[m].text == ","), len(doc))
    elif k < len(doc) and doc[k].text == "," and (close := apposition_end(doc, k, lexicon)):
        k = close + 1  # past a phrase apposed to it: "Його героя, самотнього студента з
        # села, помилково приймають"
    while k < len(doc) and only_adverb(doc[k], lexicon):
        k += 1  # "героя помилково приймають"
    return k < len(doc) and takes_object(doc[k], lexicon)


def _genitive_dependent(token: Token, lexicon: Lexicon) -> bool:
    """Whether ``token`` may be a thing's genitive, or its modifier's, that depends on the
    noun before it, and no verb ("школи", "обласної ради")."""
    readings = lexicon.token_readings(token)
    return is_word(token) and not any(r.pos == "VERB" for r in readings) and any(
        r.case == "Gen" and (r.pos == "ADJ" or (r.pos == "NOUN" and not r.animate))
        for r in readings)


def apposition_end(doc: Doc | Sequence[Token], comma: int, lexicon: Lexicon) -> int | None:
    """The comma closing the phrase that the comma at ``comma`` opens, where that phrase
    has no verb (a noun phrase apposed to the one before: ", самотнього студента з села,"),
    else None."""
    for m in range(comma + 1, len(doc)):
        if doc[m].text == ",":
            return m if m > comma + 1 else None
        if not is_word(doc[m]) or any(r.pos == "VERB" for r in lexicon.token_readings(doc[m])):
            return None
    return None


def impersonal_follows(doc: Doc | Sequence[Token], i: int, lexicon: Lexicon) -> bool:
    """Whether a verb of no subject follows the noun phrase ending at token ``i``, past the
    capitalised words of a name and "не": a neuter past tense ("здалося", "стало") or an
    impersonal predicate (profile ``impersonal_predicates``: "треба")."""
    k = i + 1
    if doc[i].text[:1].isupper():
        while k < len(doc) and is_word(doc[k]) and doc[k].text[:1].isupper():
            k += 1
    while k < len(doc) and only_adverb(doc[k], lexicon):
        k += 1  # "не", "завжди"
    if k >= len(doc):
        return False
    readings = lexicon.token_readings(doc[k])
    return doc[k].lower_ in lexicon.profile.impersonal_predicates or (
        any(r.pos == "VERB" and r.gender == "Neut" and r.number == "Sing" for r in readings)
        and all(r.pos in ("VERB", "ADV") for r in readings))  # ("стало", also an adverb)
