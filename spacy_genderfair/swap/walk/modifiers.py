"""The modifiers of a person noun: the adjectives, participles, ordinals and determiners
before it that agree with it in gender, number and case ("колишнього віце-спікера",
"величний і безстрашний цар", "Цей же Черніков").

``ModifierFinder._modifiers`` walks back from the noun past particles ("цього ж таки
дослідника"), adverbs inside the phrase ("згаданого вище нардепа") and a conjunction between
two agreeing modifiers; it stops at a possessor's or a relative pronoun ("його брат"), a
past-tense verb ("Прийшла секретарка") and a genitive plural noun ("До лікарів Коля"). An
adjective may also stand before a prepositional phrase that separates it from its noun
("Допитаний в якості свідка заступник", ``_adjective_before_phrase``).
"""

from spacy.tokens import Token

from ...tokens import is_word
from ..grammar.fronting import PHRASE_REACH
from ..grammar.government import _CLOSING_QUOTES, _OPENING_QUOTES, genitive_plural_noun
from ..rules import rule
from .clauses import _MODIFIER_POS, ClauseReader, reader_words


class ModifierFinder:
    """The modifiers of one Doc's person nouns (see the module docstring)."""

    def __init__(self, clauses: ClauseReader) -> None:
        self.clauses = clauses
        self.tokens, self.lex, self._readings, self._agreeing_reading, self._past_adverbials = \
            clauses.basics
        words = reader_words(clauses.lex)
        self.conjunctions = words.conjunctions
        # the contrastive ones, after a comma ("суворий, але справедливий")
        self.contrastive = clauses.lex.profile.verb_conjunctions
        self.emphatic_particles = words.emphatic_particles

    def _modifiers(self, start: int, case: str | None, gender: str | None):
        """The modifiers right before the person at token ``start``, nearest first, each with
        its agreeing reading, then an adjective before a prepositional phrase with its own
        modifiers (``_adjective_before_phrase``). Returns the index where the phrase with its
        modifiers starts."""
        doc = self.tokens
        last = start - 1
        while last > 1 and self.clauses._prefix_hyphen(last):
            last -= 2  # "колишнього віце-спікера", "першого віце-прем'єр-міністра": the
            # modifiers stand before the prefixes
        first = last + 1  # where the phrase with its modifiers starts
        compound = None  # the first part of a hyphenated modifier found
        quoted = -1  # (the words of a quoted modifier found, down to this one)
        for j in range(last, -1, -1):
            if j == compound or j >= quoted >= 0:
                continue
            if first == j + 1 and (match := self._quoted_modifier(j, gender, case)):
                quoted = j - 2  # "“холодний” чоловік": a modifier in quotes agrees too
                first = j - 2
                yield doc[j - 1], match
                continue
            if doc[j].lower_ in self.emphatic_particles:
                continue  # "Цей же Черніков"
            if first == j + 1 and self._compound_modifier(j):
                compound = j - 1  # "відомого науково-популярного письменника"
                continue
            if doc[j].lower_ in self.conjunctions and j > 0 and first > j and all(
                    self._adverb_in_phrase(doc[k], gender, case) for k in range(j + 1, first)) \
                    and self._coordinated_modifier(doc[j - 1], gender, case):
                continue  # "величний і безстрашний цар", "швейцарського й загалом
                # закордонного глядача": both modifiers agree
            if first <= last and self._contrasted_modifiers(j, first, gender, case):
                continue  # "Суворий, але справедливий суддя": the comma and "але"
            if j > 0 and self._adverb_in_phrase(doc[j], gender, case) and (
                    self._agreeing_reading(doc[j - 1], _MODIFIER_POS, gender, case) is not None
                    or doc[j - 1].lower_ in self.conjunctions
                    or doc[j - 1].lower_ in self.emphatic_particles):
                continue  # "згаданого вище нардепа": the adverb of the modifier before it
            if self.clauses._possessor_pronoun(doc[j]) \
                    or self.clauses.phrases._relative_opening(j) or (
                    doc[j].lower_ in self.conjunctions
                    and doc[j + 1].lower_ not in self.emphatic_particles
                    and not self._demonstrative_after_function_word(j)):
                break  # "його брат", ", який архітектор": a possessor's or a relative
                # pronoun does not agree with the noun ("їхнім родичем" does); "та" before
                # "Василь" is the conjunction, not the demonstrative ("Та ж Чернікова")
            readings = self._readings(doc[j])
            if any(r.pos == "VERB" and r.gender for r in readings):
                break  # "Прийшла секретарка": the past-tense verb, not the adjective
                # "прийшлий" (a present-tense homograph is no such verb: "з молодим")
            if genitive_plural_noun(doc[j], readings):
                break  # "До лікарів Коля": no possessive лікарів
            match = self._agreeing_reading(doc[j], _MODIFIER_POS, gender, case)
            if match is None:
                break
            first = j
            yield doc[j], match
        if first == start and case is not None \
                and (fronted := self._adjective_before_phrase(start, gender, case)):
            first = fronted[0].i
            yield fronted  # "Допитаний в якості свідка заступник", "відомого колись на
            # всю округу фотографа", with the modifiers before it ("єдиного допущеного до
            # участі конкурента")
            while first > 0 and (before := self._agreeing_reading(
                    doc[first - 1], ("ADJ",), gender, case)) is not None and not any(
                    r.pos in ("NOUN", "VERB") for r in self._readings(doc[first - 1])):
                first -= 1
                yield doc[first], before
        return first

    @rule("quoted-modifier")
    def _quoted_modifier(self, j: int, gender: str | None, case: str | None):
        """The agreeing reading of a single word in quotes ending at the closing quote
        ``j`` ("раніше “холодний” чоловік"), or None."""
        doc = self.tokens
        if j < 2 or doc[j].text not in _CLOSING_QUOTES or doc[j - 2].text not in _OPENING_QUOTES:
            return None
        return self._agreeing_reading(doc[j - 1], _MODIFIER_POS, gender, case)

    @rule("compound-modifier")
    def _compound_modifier(self, j: int) -> bool:
        """Whether token ``j`` is the hyphen of a compound modifier ("науково-популярного"):
        its first part agrees with nothing itself, and the modifiers before it still
        agree with the noun."""
        return self.clauses._prefix_hyphen(j)

    @rule("adverb-in-phrase")
    def _adverb_in_phrase(self, token: Token, gender: str | None, case: str | None) -> bool:
        """Whether ``token`` is an adverb or particle inside a noun phrase, between its
        modifiers: it reads as one and as no word agreeing with the noun or in its case
        ("вище", also the neuter of вищий; "загалом", also загал's instrumental; "цього ж
        таки дослідника")."""
        readings = self._readings(token)
        return token.lower_ not in self.conjunctions and (
            self.clauses._only_adverb(token) or any(r.pos in ("ADV", "PART") for r in readings)) \
            and not any(r.case == case for r in readings if r.pos == "NOUN") \
            and self._agreeing_reading(token, _MODIFIER_POS, gender, case) is None

    @rule("contrasted-modifiers")
    def _contrasted_modifiers(self, j: int, first: int, gender: str | None,
                              case: str | None) -> bool:
        """Whether token ``j`` is the comma or the contrastive conjunction (profile
        ``verb_conjunctions``: "але", "а", "проте") of ", але" between the modifiers found
        (from ``first``; at least one) and an agreeing adjective before the comma."""
        doc = self.tokens
        comma = j if doc[j].text == "," else j - 1
        return comma > 0 and comma + 1 < first == comma + 2 and doc[comma].text == "," \
            and doc[comma + 1].lower_ in self.contrastive \
            and self._coordinated_modifier(doc[comma - 1], gender, case)

    @rule("adjective-before-phrase")
    def _adjective_before_phrase(self, start: int, gender: str | None, case: str):
        """The adjective (with its reading) separated from the noun at ``start`` by a
        prepositional phrase of up to ``PHRASE_REACH`` words and adverbs before it, in the
        noun's case and gender and agreeing with no word of that phrase: "Допитаний в
        якості свідка заступник", "відомого колись на всю округу фотографа"."""
        doc, k = self.tokens, start - 1
        while k >= 0 and start - k <= PHRASE_REACH and is_word(doc[k]) \
                and doc[k].lower_ not in self.lex.profile.preposition_cases:
            k -= 1
        if k < 1 or start - k > PHRASE_REACH or not is_word(doc[k]) \
                or doc[k].lower_ not in self.lex.profile.preposition_cases:
            return None
        phrase = range(k + 1, start)
        governed = (*self.lex.profile.preposition_cases[doc[k].lower_], "Gen")
        if not phrase or not all(any(r.case in governed for r in self._readings(doc[i]))
                                 for i in phrase):
            return None  # (the phrase's words are in its preposition's case or genitives)
        j = k - 1
        while j >= 0 and (self.clauses._is_adverbial(doc[j]) or any(
                r.pos == "PRON" and r.case is None for r in self._readings(doc[j]))):
            j -= 1  # "колись"
        if j < 0 or (j > 0 and doc[j - 1].text == ","):
            return None  # (after a comma, a participle's noun is before it: "цегли,
            # виробленої на цегельні Урмана")
        match = self._agreeing_reading(doc[j], ("ADJ",), gender, case)
        if match is None or any(r.pos in ("PRON", "VERB") for r in self._readings(doc[j])) \
                or any(r.case == match.case and r.gender in (match.gender, None)
                       and r.number == match.number and r.pos != "NOUN"
                       for i in phrase for r in self._readings(doc[i])
                       if r.case in governed[:-1]):
            return None  # (not when it may be coordinated with a modifier of the phrase: "від
            # першого до останнього"; a noun there it cannot modify: "допущеного до фіналу")
        return doc[j], match

    @rule("demonstrative-after-function-word")
    def _demonstrative_after_function_word(self, j: int) -> bool:
        """Whether the conjunction-like word at ``j`` ("та") is the demonstrative: it follows
        another conjunction, which no conjunction does ("як та мачуха", "і та жінка"), or
        a word that is only a verb, which no conjunction joins to the noun after it ("чим
        займається та дівчина")."""
        if j == 0 or not any(r.pos == "PRON" for r in self._readings(self.tokens[j])):
            return False
        before = self.tokens[j - 1]
        readings = self._readings(before)
        return is_word(before) and (any(r.pos in ("CCONJ", "SCONJ") for r in readings) or (
            bool(readings) and all(r.pos == "VERB" for r in readings)))

    @rule("coordinated-modifier")
    def _coordinated_modifier(self, token: Token, gender: str | None, case: str | None) -> bool:
        """Whether ``token``, before a conjunction and an agreeing modifier, is an adjective
        agreeing too: no pronoun, past-tense or third-person verb, or person noun it also
        reads as, but for the adjective itself used as a noun ("молодий", also the groom:
        "Молодий і талановитий викладач"), nor a name, written in lower case ("бідний", also
        the surname Бідний). A narrative's imperative or a thing the adjective names as a
        noun is rarely coordinated with an adjective: "добрий" (not добрити's imperative),
        "сильним" (not the noun сильне's instrumental) are the adjectives."""
        readings = self._readings(token)
        adjectives = {r.lemma for r in readings if r.pos == "ADJ"}
        return self._agreeing_reading(token, ("ADJ",), gender, case) is not None and not any(
            r.pos == "PRON" or (r.pos == "VERB" and r.person not in ("1", "2"))
            or (r.pos == "PROPN" and not token.is_lower)
            or (r.pos == "NOUN" and r.animate and r.lemma not in adjectives) for r in readings)
