"""An institution named after a person: "університет імені Тараса Шевченка", "центр імені
короля Абдулазиза", "театр імені народної артистки Марії Заньковецької", "вул. І. Франка".

The profile's ``eponym_markers`` open the eponym (імені, ім., вул., просп. …); the person's
name follows, past initials and the title words that go with it (lower-case words: a title
and its modifiers). The whole phrase is part of the institution's name and stays in a swap.
A marker after a preposition is no eponym ("від імені директора": on the director's behalf).
"""

from collections.abc import Callable

from spacy.tokens import Doc

from ...lang import LanguageProfile
from ...tokens import is_initial

# The most title words between the marker and the name ("народної артистки").
_TITLE_WIDTH = 3


def after_eponym_marker(doc: Doc, start: int, profile: LanguageProfile,
                        readings: Callable | None = None) -> bool:
    """Whether the word at ``start`` (a name, or a title word before one) follows an
    eponym marker, past initials and at most ``_TITLE_WIDTH`` lower-case title words; with
    ``readings`` (a token's analyser readings), also a noun of the profile's
    ``eponym_nouns``, in any of its forms, where the name is a genitive or apposed in the
    noun's case ("вулиці В'ячеслава Чорновола", "церкві святого Миколая", "у місті Києві";
    not "На вулиці Олена зустріла Петра"), or in the nominative with no verb after it ("із
    села Богдан")."""
    k = start - 1
    while k >= 0 and (doc[k].text == "." or is_initial(doc[k]) or (
            len(doc[k].text) == 1 and doc[k].text.isupper())):
        k -= 1
    titles = 0
    def eponym_noun(j: int) -> bool:
        return readings is not None and doc[j].is_alpha and any(
            r.lemma in profile.eponym_nouns for r in readings(doc[j]))

    while k >= 0 and titles < _TITLE_WIDTH and doc[k].is_alpha and doc[k].is_lower \
            and doc[k].lower_.rstrip(".") not in profile.eponym_markers \
            and not eponym_noun(k):
        k -= 1
        titles += 1
    if k >= 0 and eponym_noun(k):
        # (a place's or an institution's noun, after a preposition too, with the name in the
        # genitive or apposed in its own case: "вулиці Франка", "у місті Києві")
        forms = {(r.case, r.number) for r in readings(doc[k]) if r.lemma in profile.eponym_nouns}
        return any(r.case == "Gen" or (r.case, r.number) in forms
                   for r in readings(doc[start])) or _undeclined_name(doc, start, readings)
    if k < 0 or doc[k].lower_.rstrip(".") not in profile.eponym_markers:
        return False
    # (the word "імені" after a preposition is no eponym: "від імені", on someone's
    # behalf; an abbreviation is one after any word: "на вул. Франка")
    abbreviated = doc[k].text.endswith(".") or (k + 1 < len(doc) and doc[k + 1].text == ".")
    if not abbreviated and k > 0 and doc[k - 1].lower_ in profile.preposition_cases:
        return False
    before = k - 1 if k > 0 and doc[k - 1].text == "." else k
    # (not a unit after a figure or another abbreviation: "515 кв. м. Яна успадкувала")
    return before == 0 or not (doc[before - 1].like_num or doc[before - 1].text.endswith(".")
                               or doc[before - 1].lower_ == "кв")


def _undeclined_name(doc: Doc, start: int, readings: Callable) -> bool:
    """Whether the name at ``start`` after a place's noun is in the nominative and no verb
    follows the capitalised words it opens: the place's name left undeclined ("із села
    Богдан на Рахівщині", "у місті Софія"), not a subject ("У селі Олена зустріла")."""
    if not any(r.case == "Nom" for r in readings(doc[start])):
        return False
    end = start + 1
    while end < len(doc) and doc[end].is_alpha and doc[end].text[:1].isupper():
        end += 1
    # (a verb a person may be the subject of: of a gender, or of none in the present; not
    # the neuter "було")
    return end >= len(doc) or not any(
        r.pos == "VERB" and r.number != "Plur" and r.gender != "Neut"
        for r in readings(doc[end]))


def in_eponym(doc: Doc, i: int, profile: LanguageProfile, readings: Callable | None = None
              ) -> bool:
    """Whether the lower-case word at ``i`` is a title word of an eponym, between the
    marker and the capitalised name ("імені короля Абдулазиза": короля)."""
    end = i
    while end < len(doc) and end - i < _TITLE_WIDTH and doc[end].is_alpha \
            and doc[end].is_lower:
        end += 1
    # (a word before the place's noun is none of its titles: "на жителя села Білокуракине")
    places = readings is not None and any(
        r.lemma in profile.eponym_nouns for k in range(i + 1, end) for r in readings(doc[k]))
    return i < end < len(doc) and doc[end].text[:1].isupper() and not places \
        and after_eponym_marker(doc, end, profile, readings)
