"""Walks across the phrases around a word, for a :class:`.clauses.ClauseReader`: where a
relative clause opens after a person (", який", ", без якого", ", ім'я якого") and the comma
that closes the genitive tail before it ("директор фірми, який"); the prepositional phrase
("в цій фірмі") and the genitive dependents ("Учасник послуг повинен") a walk steps over; the
verb right before a subject ("змінив Дмитро Вовк"), and a linking verb's subject past its
modifiers ("є кіпрська компанія").

The reader holds the walker as ``clauses.phrases``; the walks ask the reader its basic
questions (clause ends, groups, adverbs).
"""


from ...tokens import is_word
from ..grammar.fronting import PHRASE_REACH
from ..grammar.subjects import subject_pronoun
from ..rules import rule

# How far after a person a relative clause may still refer to it ("директор фірми, який").
_TAIL_WIDTH = 4
# The most words of the noun a possessive relative follows (", повна тезка котрого").
_POSSESSED_WIDTH = 3


class PhraseWalker:
    """The phrase walks of one Doc's :class:`.clauses.ClauseReader` (see the module
    docstring)."""

    def __init__(self, clauses) -> None:
        self.clauses = clauses
        self.tokens, self.lex, self._readings, self._agreeing_reading, self._past_adverbials = \
            clauses.basics

    @rule("subject-from")
    def _subject_from(self, k: int, step: int) -> int | None:
        """The nominative noun or name at token ``k`` or, in the direction ``step``, past
        the adverbs, modifiers and a quoted or bracketed name between: "є кіпрська
        компанія" (компанія), "ТОВ «Х» є" (ТОВ); None when another word comes first."""
        doc = self.tokens
        while 0 <= k < len(doc):
            group_end = self.clauses._group_end(k, step)
            if group_end is not None:
                k = group_end + step
                continue
            readings = self._readings(doc[k])
            if not is_word(doc[k]) or doc[k].lower_ in self.lex.profile.preposition_cases:
                return None  # "за даними ЗМІ"
            if step == 1 and k + 2 < len(doc) and self.clauses._prefix_hyphen(k + 1):
                k += 2  # "бізнес-партнер": the compound's head is its last part
                continue
            if any(r.pos in ("NOUN", "PROPN") and r.case == "Nom" for r in readings):
                return k
            if not (self.clauses._is_adverbial(doc[k])
                    or any(r.pos in ("ADJ", "NUM") for r in readings)):
                return None
            k += step
        return None

    @rule("relative-pronoun-at")
    def _relative_pronoun_at(self, i: int) -> int | None:
        """The index of a relative pronoun that opens a clause at token ``i`` (after a
        comma), a preposition before it allowed: ", який", ", без якого", or a possessive
        genitive after its noun: ", ім'я якого", ", повна тезка котрого"; else None."""
        doc, profile = self.tokens, self.lex.profile
        if i >= len(doc) or doc[i - 1].text != ",":
            return None
        if doc[i].lower_ in profile.uninflected_relatives:
            return i
        if doc[i].lower_ in profile.preposition_cases and i + 1 < len(doc):
            i += 1
        if self.clauses._is_relative_pronoun(doc[i]):
            return i
        for k in range(i, min(i + _POSSESSED_WIDTH, len(doc) - 1)):
            readings = self._readings(doc[k])
            if not is_word(doc[k]) or not readings or any(
                    r.pos not in ("NOUN", "ADJ") for r in readings):
                return None
            if self._possessive_relative(k + 1) and any(r.pos == "NOUN" for r in readings):
                return k + 1
        return None

    def _past_governed_words(self, k: int, stop: int) -> int:
        """The index after a prepositional phrase at token ``k`` whose words (up to
        ``PHRASE_REACH``, before ``stop``) all read in the preposition's cases: "в цій
        фірмі"; ``k`` when none starts there."""
        governed = self.lex.profile.preposition_cases.get(self.tokens[k].lower_) \
            if k < stop else None
        if not governed:
            return k
        m = k + 1
        while m < stop and m - k <= PHRASE_REACH and is_word(self.tokens[m]) and any(
                r.case in governed and r.case != "Nom"
                for r in self.lex.analyzer.analyze(self.tokens[m].lower_)):
            m += 1  # (all readings: the locative of "фірмі" after "цій", not a preposition,
            # is one the context filter leaves out)
        return m if m > k + 1 else k

    def _past_genitives(self, k: int, stop: int) -> int:
        """The index after the lower-case genitive words (the subject's dependents) from
        token ``k`` on, before ``stop``: "Учасник послуг повинен"."""
        while k < stop and self.tokens[k].is_lower and any(
                r.pos == "NOUN" and r.case == "Gen" for r in self._readings(self.tokens[k])):
            k += 1
        return k

    @rule("relative-modifies-nothing")
    def _relative_opening(self, k: int) -> bool:
        """Whether token ``k`` is a relative pronoun opening its clause (after a comma, or
        a preposition after one): it agrees with its antecedent, not with the noun after it
        ("Лікар, якого директор вважав": the director is nominative)."""
        doc = self.tokens
        if k < 1 or not self.clauses._is_relative_pronoun(doc[k]):
            return False
        before = k - 1 if doc[k - 1].lower_ not in self.lex.profile.preposition_cases else k - 2
        return before >= 0 and doc[before].text == ","

    @rule("possessive-relative")
    def _possessive_relative(self, k: int) -> bool:
        """A relative pronoun in the genitive after a noun it possesses ("ім'я якого")."""
        token = self.tokens[k]
        return self.clauses._is_relative_pronoun(token) and any(
            r.case == "Gen" and r.lemma in self.lex.profile.relative_pronouns
            for r in self._readings(token))

    @rule("comma-after-tail")
    def _comma_after_tail(self, end: int, gender: str, case: str | None = None, *,
                          things: bool = True, width: int = _TAIL_WIDTH) -> int | None:
        """The comma (or opening bracket) closing the genitive tail after a person ending at
        ``end`` ("директор фірми,"), or None when the tail holds a verb or a noun of the
        person's ``gender`` (and ``case``, when what follows shows it: "депутатка Київради,
        позапартійна"), which could be what follows the comma refers to; without
        ``things``, only a person noun is such a noun (not a word that may be an adjective:
        "лісового"); ``width`` words at most. A word in lower case is no name, whatever
        surname it spells ("вчителя школи, якого": no Школа)."""
        doc = self.tokens
        for k in range(end, min(end + width, len(doc))):
            if doc[k].text in (",", "("):
                return k
            if not things and doc[k].ent_type_ in self.lex.profile.organisation_labels:
                continue  # an organisation's name, whatever its words read as
            readings = self._readings(doc[k])
            if doc[k].is_lower:
                readings = tuple(r for r in readings if r.pos != "PROPN")
            if not is_word(doc[k]) or any(r.pos == "VERB" for r in readings) or any(
                    r.pos in ("NOUN", "PROPN") and r.gender == gender
                    and case in (None, r.case) and (things or (r.animate and not any(
                        other.pos == "ADJ" for other in readings))) for r in readings):
                return None  # a clause of its own, or another possible antecedent
        return None

    @rule("subject-pronoun-before-verb")
    def _subject_pronoun_before(self, verb: int) -> bool:
        """Whether a pronoun or a name that is only ever a nominative stands right before
        the verb at ``verb`` (adverbs between): the verb's subject ("Вона зустріла Петра",
        "хто бачив Петра", "Олена зустріла Петра"), so the name after it is its object, not
        a subject after its verb."""
        k = verb - 1
        while k >= 0 and self.clauses._is_adverbial(self.tokens[k]):
            k -= 1
        if k < 0:
            return False
        token = self.tokens[k]
        if subject_pronoun(token, self.lex):
            return True
        readings = self._readings(token)
        return token.text[:1].isupper() and any(r.name_part for r in readings) \
            and all(r.case in ("Nom", "Voc") for r in readings)

    @rule("verb-right-before")
    def _verb_right_before(self, start: int, gender: str | None, end: int | None = None):
        """An agreeing verb right before the subject at [start, end), adverbs between:
        "змінив Дмитро Вовк", "його тільки-но змінив директор". A word that is also a noun
        is not, when an agreeing verb that is none follows the subject ("рік тому Антон
        згас": рік is the year, not the verb ректи)."""
        k = start - 1
        while k >= 0 and self.clauses._is_adverbial(self.tokens[k]):
            k -= 1
        if k < 0:
            return None
        # a noun homograph ending a phrase ("за минулий рік") is no verb: _agreeing_reading
        match = self._agreeing_reading(self.tokens[k], ("VERB",), gender, None)
        if match is None or self._subject_pronoun_before(k):
            return None
        if end is not None and any(r.pos == "NOUN" for r in self._readings(self.tokens[k])):
            after = self._past_adverbials(end)
            if after < len(self.tokens) and not any(
                    r.pos == "NOUN" for r in self._readings(self.tokens[after])) \
                    and self._agreeing_reading(self.tokens[after], ("VERB",), gender,
                                               None) is not None:
                return None
        return self.tokens[k], match
