"""Possessive adjectives: the person a possessive adjective names turns with the persons.

"Це батькова хата" → "Це материна хата", "у маминому саду" → "у татовому саду": a
possessive adjective of a person noun (``lexicon/possessives.py``) names that person as the
noun's genitive does ("хата батька" → "хата матері"), and takes its counterpart's adjective
in its own gender, case and number. It is read as one only beside the noun it agrees with
(before it, after it or as its predicate) or for a noun left out and contrasted, never where
the word is also a person noun (the dative "батькові") or the genitive plural a possessive
spells ("зібрав учителів"). Where the profile keeps possessors (``possessors_stay``), one of
a person noun stays with it ("мамина сестра" → "мамин брат": the sister is the person the
sentence is about). A first name's possessive takes the possessive of the name that replaced
it in the document ("Маріїні діти" → "Петрові діти").
"""

from dataclasses import replace

from spacy.tokens import Token

from ...lexicon import PersonEntry
from ...morph import UD_GENDER, Reading, agrees
from ...tokens import is_word
from ..edits import Edit
from ..rules import rule

# The most adjectives between a possessive adjective and its noun ("батькова стара хата").
_ADJECTIVES_BETWEEN = 2


class PossessiveSwap:
    """The possessive adjectives of the swap ``swap`` (engine._MorphSwapper)."""

    def __init__(self, swap) -> None:
        # the swap holds what the parts share: its record, direction, the reader's tokens
        self.swap = swap
        self.tokens, self.lex, self.clauses = swap.tokens, swap.lex, swap.clauses
        self._readings = swap._readings

    def _swap_possessives(self) -> None:
        """Turn each possessive adjective whose person the direction turns."""
        swap = self.swap
        for token in self.tokens:
            if token.i in swap.name_tokens or not is_word(token):
                continue
            edit = swap.edits_by_token.get(token.i)
            if swap.names is not None and swap.chosen_names and token.is_title and (
                    edit is None or (edit.new and edit.reason.startswith("agreement"))) \
                    and self._swap_name_possessive(token, edit.new if edit else token.text):
                continue  # (after the agreement with its noun: "Іванова дружина" →
                # "Наталин чоловік")
            if edit is not None:
                self._turn_agreed_possessive(token, edit)
                continue
            found = self._possessive_at(token)
            if found is None or swap.exclusions._in_quoted_title(token):
                continue  # (a title: «Мамині слова», a song)
            reading, entry, head = found
            gender = UD_GENDER.get(entry.gender)
            if gender is None or not swap._wanted(gender) or self._possessor_stays(head):
                continue
            new = self._counterpart_form(token, reading, entry)
            if new is None:
                continue
            swap._record(token.i, token.text, new,
                         f"possessive of {entry.lemma} -> {entry.counterparts[0]}")
            # (the person it names is swapped: a pronoun of the gender may stand for them)
            swap.swapped_genders.add(gender)
            swap.singular_genders.add(gender)

    def _turn_agreed_possessive(self, token: Token, edit) -> None:
        """A possessive adjective turned with the person noun it agrees with names a
        person of its own, who turns too where possessors do: "мамин брат" → "мамина
        сестра" → "татова сестра" (the counterpart's adjective in the form it agrees in)."""
        swap = self.swap
        if not edit.new or not edit.reason.startswith("agreement") \
                or (found := self._possessive_at(token)) is None \
                or swap.exclusions._in_quoted_title(token):
            return
        adjective, entry, head = found
        gender = UD_GENDER.get(entry.gender)
        if gender is None or not swap._wanted(gender) or self._possessor_stays(head):
            return
        agreed = next((r for r in self.lex.analyzer.analyze(edit.new.lower())
                       if r.pos == "ADJ" and r.lemma == adjective.lemma), None)
        new = next((form for counterpart in entry.counterparts if agreed is not None
                    and (form := self._form(edit.new.lower(), agreed, counterpart))), None)
        if new is not None:
            swap.edits_by_token[token.i] = replace(
                edit, new=new, reason=f"possessive of {entry.lemma} -> {entry.counterparts[0]}")
            swap.swapped_genders.add(gender)
            swap.singular_genders.add(gender)

    @rule("possessive-adjective")
    def _possessive_at(self, token: Token
                       ) -> tuple[Reading, PersonEntry, Token | None] | None:
        """(reading, person, noun) of a possessive adjective of a person noun at ``token``
        before the noun it agrees with (adjectives agreeing with both between) or right
        after it, or with no noun where it modifies one left out (``_elliptical``); None."""
        readings = self._readings(token)
        if any(r.pos in ("NOUN", "PROPN") and r.animate for r in readings) \
                or self.clauses._genitive_plural_noun(token, readings):
            return None  # "батькові" the father's dative, "зібрав учителів"
        possessives = self.lex.possessives
        for reading in readings:
            if reading.pos != "ADJ" or (entry := possessives.possessor(reading.lemma)) is None:
                continue
            head = self._noun_beside(token, reading)
            if head is not None or self._elliptical(token, reading):
                return reading, entry, head
        return None

    def _noun_beside(self, token: Token, adjective: Reading) -> Token | None:
        """The noun the possessive at ``token`` agrees with, after it or before it; None."""
        return self._noun_agreeing(token.i + 1, adjective) or self._noun_before(token, adjective)

    def _noun_before(self, token: Token, adjective: Reading) -> Token | None:
        """The noun right before the possessive at ``token`` that it agrees with, after it
        or as its predicate ("візерунки материні", "Ця хата батькова"); None."""
        if token.i == 0:
            return None
        before = self.tokens[token.i - 1]
        return before if is_word(before) and any(
            r.pos == "NOUN" and agrees(adjective, r) for r in self._readings(before)) else None

    @rule("name-possessive-adjective")
    def _swap_name_possessive(self, token: Token, word: str) -> bool:
        """A capitalised possessive adjective of a first name swapped in this document takes
        the new name's ("Ілія … Іліїні нирки" → "Олена … Оленині нирки"): one person, one
        name; ``word`` is its form, or the one agreeing with its noun turned. Only where the
        analyser knows the new name's adjective."""
        swap = self.swap
        original = {r.lemma for r in self._readings(token) if r.pos == "ADJ"}
        readings = [r for r in self.lex.analyzer.analyze(word.lower())
                    if r.pos == "ADJ" and r.lemma in original]
        # (the reading that agrees with a noun beside it first: "Мама Сонина" is nominative,
        # not the vocative the word also spells)
        readings.sort(key=lambda r: self._noun_beside(token, r) is None)
        for reading in readings:
            for name in self.lex.possessives.nouns_of(reading.lemma):
                new_name = swap.chosen_names.get(name)
                if new_name is None:
                    continue
                new = self._form(word.lower(), self._with_turned_noun(token, reading),
                                 new_name.lower())
                if new is not None:
                    swap.edits_by_token[token.i] = Edit(token.i, token.text,
                                                        new[:1].upper() + new[1:],
                                                        f"possessive of {name} -> {new_name}")
                    return True
        return False

    def _with_turned_noun(self, token: Token, reading: Reading) -> Reading:
        """``reading`` in the gender of its noun where that noun turned ("Олесевої мами" →
        "… тата": the possessive agrees with тата)."""
        if reading.number == "Plur":
            return reading
        head = self._noun_beside(token, reading)
        edit = None if head is None else self.swap.edits_by_token.get(head.i)
        if edit is None or not edit.new:
            return reading
        genders = {r.gender for r in self.lex.analyzer.analyze(edit.new.lower())
                   if r.pos == "NOUN" and r.case == reading.case and r.gender}
        return reading._replace(gender=genders.pop()) if len(genders) == 1 else reading

    def _elliptical(self, token: Token, reading: Reading) -> bool:
        """Whether the possessive at ``token`` ends its phrase and modifies a thing's noun
        left out, contrasted with an adjective of its form before that noun ("сильну
        батькову руку або ніжну мамину")."""
        following = token.i + 1
        return (following >= len(self.tokens) or not is_word(self.tokens[following])) \
            and self.swap.targets.adjectives._elliptical(token, reading, contrasted=True)

    def _noun_agreeing(self, k: int, adjective: Reading) -> Token | None:
        """The noun at ``k`` or past at most ``_ADJECTIVES_BETWEEN`` adjectives agreeing with
        ``adjective`` that itself agrees with it; None."""
        for j in range(k, min(k + _ADJECTIVES_BETWEEN + 1, len(self.tokens))):
            token = self.tokens[j]
            if not is_word(token):
                return None
            readings = self._readings(token)
            if any(r.pos == "NOUN" and agrees(adjective, r) for r in readings):
                return token
            if not any(r.pos == "ADJ" and (r.case, r.number, r.gender)
                       == (adjective.case, adjective.number, adjective.gender)
                       for r in readings):
                return None
        return None

    def _possessor_stays(self, head: Token | None) -> bool:
        """Whether the profile keeps possessors and the noun possessed names a person (a
        noun left out names a thing)."""
        return head is not None and self.swap.possessors_stay and (
            head.i in self.swap.edits_by_token
            or self.lex.persons.may_be_person_noun(head.lower_))

    def _counterpart_form(self, token: Token, reading: Reading,
                          entry: PersonEntry) -> str | None:
        """The possessive adjective of the person's counterpart in ``reading``'s gender,
        case and number; a masculine or plural accusative takes the genitive's form where
        the word had it (an animate noun's: "батькового сина" → "материного сина"), else
        the nominative's ("батьків дім" → "материн дім")."""
        for counterpart in entry.counterparts:
            new = self._form(token.lower_, reading, counterpart)
            if new is not None:
                return new
        return None

    def _form(self, word: str, reading: Reading, noun: str) -> str | None:
        """The possessive adjective of ``noun`` in the gender, case and number of ``word``
        read as ``reading`` (see ``_counterpart_form``), or None where the analyser knows no
        such adjective."""
        analyzer = self.lex.analyzer
        adjective = self.lex.possessives.possessive(noun)
        lemma = next((r for r in analyzer.analyze(adjective or "")
                      if r.pos == "ADJ" and r.lemma == adjective and r.case == "Nom"), None)
        if lemma is not None:
            case = reading.case
            if case == "Acc" and (reading.number == "Plur" or reading.gender == "Masc"):
                # (the accusative is the genitive's form or the nominative's)
                genitive = analyzer.inflect(word, reading, case="Gen")
                case = "Gen" if genitive == word else "Nom"
            # (the analyser's singular adjectives carry a gender and no number)
            features = {"case": case, **({"number": "Plur"} if reading.number == "Plur"
                                         else {"gender": reading.gender})}
            return analyzer.inflect(adjective, lemma, **features)
        return None
