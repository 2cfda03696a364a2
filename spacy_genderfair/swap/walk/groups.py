"""Plural groups and numerals: when a group of persons, and a numeral counting them,
take the swapped person's gender.

A plural person noun stays but as a tagged group, a group predicated of named people
("Власниками є Павло і Петро"), a conjunct of a swapped group, or the group coordinated
names belong to ("кияни Олександр … і Людмила …"); a numeral agrees with what it counts
("двоє будівельників" → "дві будівельниці", "Один із засновників" → "Одна із
засновниць").
"""

from spacy.tokens import Token

from ...lexicon import LexiconHit, PersonEntry
from ...morph import OTHER_GENDER, UD_GENDER, Reading
from ..names.swapper import NameMention
from ..rules import rule

# How far after a partitive subject's group its verb may stand ("Один з лікарів цієї
# лікарні вчора залишився").
_VERB_WIDTH = 8

def _genders_after_swap(mentions) -> set[str]:
    """The genders the named persons have once the swap is done."""
    return {OTHER_GENDER[m.gender] if m.swapped else m.gender for m in mentions}


class GroupSwap:
    """The groups and numerals of the swap ``swap``."""

    def __init__(self, swap) -> None:
        # the swap (engine._MorphSwapper, which imports this part) holds what the parts
        # share: its record, names, direction; the reader's tokens and basic questions are
        # asked in every rule, so they are kept at hand
        self.swap = swap
        self.tokens, self.lex, self.clauses = swap.tokens, swap.lex, swap.clauses
        self._readings, self._agreeing_reading = swap._readings, swap._agreeing_reading

    def _swap_numerals_after_names(self) -> None:
        """A numeral (profile ``numeral_pairs``, those keeping the noun's case) right after
        coordinated names takes the gender they all have after the swap: "Андрій Сенченко й
        Людмила Денисова обидва" → "Марія Сенченко й Людмила Денисова обидві"."""
        swap = self.swap
        for start in sorted(swap.name_starts):
            group = self._coordinated_names(start)
            k = group[-1].end
            if len(group) < 2 or not any(m.swapped for m in group) or k >= len(self.tokens):
                continue
            genders = _genders_after_swap(group)
            word = self.tokens[k].lower_
            for masculine, feminine, case in self.lex.profile.numeral_pairs:
                if case is None and genders == {"Fem"} and word == masculine:
                    swap._record(k, self.tokens[k].text, feminine, "numeral agreement")
                elif case is None and "Masc" in genders and word == feminine:
                    swap._record(k, self.tokens[k].text, masculine, "numeral agreement")

    def _swap_partitive_groups(self) -> None:
        """The plural person noun after a swapped partitive numeral
        (``swap_exceptions.tsv``) and its genitive preposition is the group the person is one
        of, and takes the person's gender: "Один із засновників" → "Одна із засновниць"
        (a group entity is swapped already; modifiers of the noun between are skipped)."""
        swap = self.swap
        numerals = self.lex.profile.partitive_numerals
        for i, edit in list(swap.edits_by_token.items()):
            if not edit.new:
                continue
            reading = next((r for r in self._readings(self.tokens[i])
                            if r.lemma in numerals and r.gender in OTHER_GENDER), None)
            group = self._partitive_group(i) if reading is not None else None
            if group is not None:
                k, (hit, plural) = group
                swap.persons._replace_person(self.tokens[k], hit.entry, plural, reading.gender)
        persons = swap.singular_genders | {
            mention.gender for mention in swap.name_starts.values() if mention.swapped}
        if persons:
            for k, edit in list(swap.edits_by_token.items()):
                if edit.new:
                    self._swap_numeral_before_group(k, numerals, persons)

    def _partitive_group(self, i: int) -> tuple[int, tuple[LexiconHit, Reading]] | None:
        """The plural genitive person noun after the numeral at ``i`` and its genitive
        preposition, not swapped yet, past its modifiers ("одним із перших засновників"):
        its index and reading."""
        swap, doc = self.swap, self.tokens
        if i + 2 >= len(doc) or "Gen" not in self.lex.profile.preposition_cases.get(
                doc[i + 1].lower_, ()):
            return None
        k = i + 2
        while k < len(doc) and k not in swap.edits_by_token and any(
                r.pos in ("ADJ", "PRON") and r.case == "Gen" and r.number == "Plur"
                for r in self._readings(doc[k])) and not self._personal(doc[k]):
            k += 1  # (its modifiers, "наших", not "з них": the group is those named before)
        if k >= len(doc) or k in swap.edits_by_token:
            return None
        found = swap.targets._person_noun(doc[k], check_next=False, plural=True)
        if found is None or found[1].number != "Plur" or found[1].case != "Gen":
            return None
        return k, found

    def _personal(self, token: Token) -> bool:
        readings = self.lex.pronouns.readings(token.lower_)
        return bool(readings) and all(r.type == "personal" for r in readings)

    @rule("partitive-person")
    def _partitive_subject(self, token: Token) -> Reading | None:
        """The nominative reading of a partitive numeral (``swap_exceptions.tsv``) that, with
        its genitive preposition, a plural person noun and a verb of its gender after them,
        is the subject and names a person itself, one of that group: "(Вчора) один з
        лікарів залишився" (no earlier mention needed; "Один із засновників — ТОВ" has no
        verb)."""
        reading = self._agreeing_reading(token, ("NUM", "ADJ"), None, "Nom")
        if reading is None or reading.lemma not in self.lex.profile.partitive_numerals \
                or reading.gender not in OTHER_GENDER \
                or (group := self._partitive_group(token.i)) is None:
            return None
        for k in range(group[0] + 1, min(group[0] + 1 + _VERB_WIDTH, len(self.tokens))):
            if self.clauses._ends_clause(k) or k in self.swap.name_tokens \
                    or self.tokens[k].ent_type_ in self.swap.person_labels:
                return None  # ("Один із засновників кібернетики Віктор Глушков
                # сформулював": the name is the subject, the numeral its apposition)
            if self._agreeing_reading(self.tokens[k], ("VERB",), reading.gender, None):
                return reading
        return None

    def _swap_numeral_before_group(self, k: int, numerals, persons: set[str]) -> None:
        """A partitive numeral before its genitive preposition and the plural person noun
        at ``k`` that turned is the swapped person, one of that group, and turns with it:
        "є одним з засновників" → "є однією з засновниць" (said of "Ткачук Ігор Борисович,
        який також …"). Only where a single person of the numeral's gender (``persons``)
        was swapped: "одним із підрядників було ТОВ …" is a firm."""
        swap = self.swap
        m = k - 1
        while m >= 0 and m not in swap.edits_by_token and any(
                r.pos == "ADJ" and r.case == "Gen" and r.number == "Plur"
                for r in self._readings(self.tokens[m])):
            m -= 1  # "одним із перших засновників"
        if m < 1 or m - 1 in swap.edits_by_token or "Gen" not in \
                self.lex.profile.preposition_cases.get(self.tokens[m].lower_, ()):
            return
        token = self.tokens[m - 1]
        reading = next((r for r in self._readings(token)
                        if r.lemma in numerals and r.gender in persons), None)
        if reading is None:
            return
        hit = self.lex.persons.lookup_readings(tuple(
            r for r in self._readings(self.tokens[k]) if r.number == "Plur" and r.case == "Gen"))
        if hit is not None and UD_GENDER.get(hit.entry.gender) == reading.gender:
            swap._record_agreeing(token, reading, reading.gender,
                                  f"agreement with {hit.entry.lemma}")

    @rule("numeral-before")
    def _numeral_before(self, token: Token, reading: Reading, gender: str
                        ) -> tuple[str, str | None] | None:
        """The numeral right before a plural person noun of ``gender`` in its other-gender
        form, with the case the noun then takes (None: its own): "двоє будівельників" →
        ("дві", "Nom"), "дві депутатки" → ("два", None). Profile ``numeral_pairs``."""
        if reading.number != "Plur" or token.i == 0:
            return None
        word = self.tokens[token.i - 1].lower_
        for masculine, feminine, case in self.lex.profile.numeral_pairs:
            if gender == "Masc" and word == masculine and (case is None or reading.case == "Gen"):
                return feminine, case
            if gender == "Fem" and word == feminine and case is None:
                return masculine, None
        return None

    @rule("plural-conjunct")
    def _plural_conjunct(self, token: Token) -> tuple[LexiconHit, Reading] | None:
        """A plural person noun coordinated with a swapped plural one before it, in its
        case, is part of the same group: "військовослужбовців та працівників ЗС" →
        "військовослужбовиць та працівниць ЗС"."""
        swap = self.swap
        k = token.i - 1
        if k < 1 or self.tokens[k].lower_ not in swap.conjunctions:
            return None
        before = swap.edits_by_token.get(k - 1)
        if before is None or not before.new:
            return None
        found = swap.targets._person_noun(token, plural=True)
        partner = swap.targets._person_noun(self.tokens[k - 1], check_next=False, plural=True)
        if found is None or partner is None or found[1].number != "Plur" \
                or partner[1].number != "Plur" or found[1].case != partner[1].case:
            return None
        return found

    @rule("predicated-of-people")
    def _predicated_of_people(self, token: Token) -> tuple[LexiconHit, Reading] | None:
        """A plural title predicated through a linking verb of coordinated people is theirs,
        as an annotated group's is: "Власниками фірми є киянин Павло Брицький і Петро
        Брицький" → "Власницями …"."""
        found = self.swap.targets._person_noun(token, plural=True)
        if found is None or found[1].number != "Plur" or found[1].case != "Ins":
            return None
        linking = self.clauses._linking_verb(token.i, token.i + 1)
        if linking is None or linking[1] != 1:
            return None
        first = self.clauses.phrases._subject_from(linking[0] + 1, 1)
        if first is None:
            return None
        subjects = [first, *self._conjuncts(first)]
        return found if all(self._is_person(k) for k in subjects) else None

    def _coordinated_names(self, k: int) -> list[NameMention]:
        """The names coordinated from token ``k`` on, joined by conjunctions or commas:
        "Олександр Власенко і Людмила Найденова"."""
        swap = self.swap
        doc, mentions = self.tokens, []
        while (mention := swap.name_starts.get(k)) is not None:
            mentions.append(mention)
            k = mention.end
            if k + 1 >= len(doc) or not (doc[k].lower_ in swap.conjunctions or doc[k].text == ","):
                break
            k += 1
        return mentions

    @rule("group-of-names")
    def _group_of_names(self, token: Token) -> tuple[PersonEntry, Reading, str] | None:
        """A plural person noun right before coordinated names in its case is their group
        ("кияни Олександр Власенко і Людмила Найденова", "братів Вячеслава та Олександра"):
        when the swap leaves them all of the other gender, it takes that gender (entry,
        reading and its own gender, to replace it by). A mixed group keeps the masculine."""
        mentions = self._coordinated_names(token.i + 1)
        if len(mentions) < 2 or not any(m.swapped for m in mentions):
            return None
        after = _genders_after_swap(mentions)
        cases = {m.case for m in mentions}
        if len(after) != 1 or len(cases) != 1 or not self.lex.persons.may_be_person_noun(
                token.lower_):
            return None
        for reading in self._readings(token):
            if reading.pos == "NOUN" and reading.number == "Plur" and reading.case in cases:
                hit = self.lex.persons.lookup_readings((reading,))
                gender = UD_GENDER.get(hit.entry.gender) if hit is not None else None
                if gender is not None and OTHER_GENDER[gender] in after:
                    return hit.entry, reading, gender
        return None

    def _is_person(self, k: int) -> bool:
        """Whether the subject at token ``k`` is a person: a name, or a person noun."""
        swap = self.swap
        if swap.entity_label.get(k) in swap.person_labels or k in swap.name_gender:
            return True
        token = self.tokens[k]
        return self.lex.persons.may_be_person_noun(token.lower_) and swap.targets._person_noun(
            token, check_next=False) is not None

    def _conjuncts(self, first: int) -> list[int]:
        """The subjects coordinated with the one at ``first``: "Шуляк і ТОВ «Володар»",
        "Власенко, Найденова та Петров". The list ends at the first word that is neither
        a conjunction nor part of a name ("з Києва", "за даними ЗМІ")."""
        doc, found, k = self.tokens, [], first + 1
        while k < len(doc):
            group_end = self.clauses._group_end(k, 1)
            if group_end is not None:
                k = group_end + 1
            elif doc[k].lower_ in self.swap.conjunctions or doc[k].text == ",":
                subject = self.clauses.phrases._subject_from(k + 1, 1)
                if subject is None:
                    break
                found.append(subject)
                k = subject + 1
            elif doc[k].is_title or doc[k].is_upper or doc[k].ent_type_:
                k += 1  # the rest of a name: "Олександр Власенко", "ТОВ «Х»"
            else:
                break
        return found
