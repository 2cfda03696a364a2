"""Replacing a person noun by its counterpart, re-inflected, with what agrees with it.

"лікаря" → "лікарки" (the counterpart lemma in the original case), "слідчому" → "слідчій"
(a noun declining as an adjective), "героїв-хліборобів" → "героїнь-хліборобок" (the
hyphenated partner), ", який є депутатом" → ", яка є депутаткою" (the relative subject of
a predicated title); a common-gender noun ("суддя") stays and its words turn, and so does a
masculine title whose words are feminine, a woman's ("замовник з'ясувала").
"""

from spacy.tokens import Token

from ...extensions import COMMON, FEMININE, MASCULINE
from ...lexicon import LexiconHit, PersonEntry
from ...morph import OTHER_GENDER, UD_GENDER, Reading
from ...tokens import is_word
from ..grammar.following import apposition_end
from ..rules import rule

# How far after a masculine title a feminine verb shows it names a woman ("замовник
# з'ясувала", "переможець торгів не надала").
_NEAR_VERB = 4


class PersonReplacer:
    """The replacement of the person nouns of the swap ``swap``."""

    def __init__(self, swap) -> None:
        # the swap (engine._MorphSwapper, which imports this part) holds what the parts
        # share: its record, names, direction; the reader's tokens and basic questions are
        # asked in every rule, so they are kept at hand
        self.swap = swap
        self.tokens, self.lex, self.clauses = swap.tokens, swap.lex, swap.clauses
        self._readings, self._agreeing_reading = swap._readings, swap._agreeing_reading

    def _swap_person(self, token: Token, hit: LexiconHit, reading: Reading,
                     counterpart: str | None = None) -> None:
        swap = self.swap
        entry = hit.entry
        if swap.relations._is_possessor(token, reading) \
                or swap.exclusions._names_a_thing(token, reading):
            return
        if entry.gender == COMMON and entry.source == "morphology" \
                and swap.exclusions._reads_as_thing(token):
            return  # a common-gender noun only the analyser knows, in a form that is also
            # a thing's: "даху" (the roof's, not даха's), "шкоди", "зірка"
        if entry.gender == COMMON or self._names_a_woman(token, hit, reading):
            gender = swap._agreement_gender(token, reading)
            if gender and swap._wanted(gender) and not (
                    entry.gender == COMMON
                    and swap.exclusions._thing_of_its_gender(token, reading, gender)):
                swap.swapped_genders.add(gender)
                swap.singular_genders.add(gender)
                swap._swap_agreement(token.i, token.i + 1, reading.case, gender,
                                     "agreement with common noun")
            return
        gender = UD_GENDER.get(entry.gender)
        if gender is None or not swap._wanted(gender):
            return
        if swap.relations._predicated_of_other(token, reading, gender):
            return  # "Гріпак є директором": a generic masculine; "Засновником є ТОВ"
        if swap.relations._named_after(token.i) not in (None, gender):
            return  # a generic masculine naming a woman ("віце-президента … Гонтарєвої"),
            # or a relative of the named one ("на лікування мами … Андрія")
        named = swap.relations._title_of(token, reading)
        if named is not None and named.gender != gender and (
                named.swapped or swap.keep_generic):
            # "підприємця Валентину Козименко": a generic masculine naming a woman, who
            # becomes a man, or stays a woman with her title (keep_generic)
            swap.kept_generic = swap.kept_generic or not named.swapped
            return
        self._replace_person(token, entry, reading, gender, counterpart)

    def _replace_person(self, token: Token, entry: PersonEntry, reading: Reading,
                        gender: str, counterpart: str | None = None) -> None:
        """Swap the person noun at ``token`` for ``counterpart`` (by default its first one
        in the lexicon), with its agreement."""
        swap = self.swap
        if counterpart is None and not entry.counterparts:
            swap._record(token.i, token.text, None, f"no counterpart of '{entry.lemma}'")
            swap.kept_genders.add(gender)  # ("пастир … на його думку": his pronouns stay)
            return
        swap.swapped_genders.add(gender)
        if reading.number != "Plur":
            swap.singular_genders.add(gender)
        counterpart = counterpart or self._declining_counterpart(entry, reading)
        numeral = swap.groups._numeral_before(token, reading, gender)
        form_reading = reading._replace(case=numeral[1]) if numeral and numeral[1] else reading
        new = self._counterpart_form(counterpart, form_reading) \
            or self._adjectival_form(token, gender, form_reading.case)
        swap._record(token.i, token.text, new,
                     f"{entry.lemma} -> {counterpart}" if new else
                     f"no {reading.case} form of '{counterpart}'")
        if new and numeral:
            swap._record(token.i - 1, self.tokens[token.i - 1].text, numeral[0],
                         f"numeral agreement with {entry.lemma}")
        if new:
            self._swap_compound_partner(token, entry, reading, gender)
        if reading.number != "Plur":  # plural modifiers and verbs have no gender
            if new:
                swap.person_nouns[token.i] = (gender, reading.case)
            swap._swap_agreement(token.i, token.i + 1, reading.case, gender,
                                 f"agreement with {entry.lemma}")
            if new and reading.case == "Ins":
                self._swap_relative_subject(token, gender, f"agreement with {entry.lemma}")
                self._swap_subjectless_link(token, gender, f"agreement with {entry.lemma}")

    def _swap_compound_partner(self, token: Token, entry: PersonEntry, reading: Reading,
                               gender: str) -> None:
        """The person noun hyphenated before a swapped one, in its gender, number and case,
        is the same person and swaps too, though the entity may leave it out
        ("героїв-хліборобів" → "героїнь-хліборобок"); not the first part of a title the
        lexicon lists whole ("прем'єр-міністр": its counterpart is the whole's), nor one that
        does not decline (profile ``hyphen_prefixes``: "генерал-лейтенант" →
        "генерал-лейтенантка")."""
        swap = self.swap
        k = token.i - 2
        if k < 0 or not self.clauses._prefix_hyphen(k + 1) or k in swap.edits_by_token \
                or not self.lex.persons.may_be_person_noun(self.tokens[k].lower_) \
                or f"{self.tokens[k].lower_}-{entry.lemma}" in self.lex.persons \
                or swap.exclusions._undeclined_first_part(self.tokens[k]):
            return
        for partner in self._readings(self.tokens[k]):
            if partner.pos != "NOUN" or (partner.case, partner.number) != (
                    reading.case, reading.number):
                continue
            hit = self.lex.persons.lookup_readings((partner,))
            if hit is None or UD_GENDER.get(hit.entry.gender) != gender \
                    or not hit.entry.counterparts:
                continue
            counterpart = self._declining_counterpart(hit.entry, partner)
            new = self._counterpart_form(counterpart, partner)
            if new:
                swap._record(k, self.tokens[k].text, new, f"{hit.entry.lemma} -> {counterpart}")
            return

    def _swap_relative_subject(self, token: Token, gender: str, reason: str) -> None:
        """A relative pronoun and the linking verb of which the swapped instrumental title
        at ``token`` is predicated swap with it: ", який є депутатом" → ", яка є
        депутаткою", ", котрий був директором" → ", котра була директоркою" (one person)."""
        swap = self.swap
        at = swap.relations._relative_subject(token)
        if at is None or at in swap.edits_by_token:
            return
        relative = self.tokens[at]
        for other, pos in ((relative, ("ADJ", "PRON")), (self.tokens[at + 1], ("VERB",))):
            # (the linking verb as a verb: "була" is also the adjective булий's)
            match = self._agreeing_reading(other, pos, gender,
                                           "Nom" if other.i == relative.i else None)
            if match is not None:
                swap._record_agreeing(other, match, gender, reason)

    def _swap_subjectless_link(self, token: Token, gender: str, reason: str) -> None:
        """The linking verb of a dropped subject before a swapped instrumental title turns
        with it (``_subjectless_link``), and the verbs that share its subject."""
        swap = self.swap
        found = self._subjectless_link(token, gender)
        if found is None:
            return
        verb, match = found
        swap._record_agreeing(verb, match, gender, reason)
        # ("не став лікарем і переїхав")
        for other, reading in swap.agreement.coordination._coordinated_verbs(token.i + 1,
                                                                              gender):
            swap._record_agreeing(other, reading, gender, reason)

    @rule("subjectless-link")
    def _subjectless_link(self, token: Token, gender: str) -> tuple[Token, Reading] | None:
        """The linking verb in ``gender`` right before the title at ``token`` whose subject
        is dropped, with its reading: the verb opens its sentence or follows only adverbs
        or a negation after the start of its clause, and no nominative stands before it in
        its clause ("чому не став медиком" → "чому не стала медикинею"; not "Петро став
        лікарем", whose subject turns the verb, nor "Ірина Коваль – спортсменка, була
        капітанкою", apposed to its subject)."""
        swap, tokens = self.swap, self.tokens
        k = token.i - 1
        if k < 0 or k in swap.edits_by_token or not any(
                r.lemma in self.lex.profile.linking_verbs for r in self._readings(tokens[k])):
            return None
        m = k - 1
        while m >= 0 and (self.clauses._is_adverbial(tokens[m])
                          or self.clauses._only_adverb(tokens[m])):
            m -= 1
        if m == k - 1 and m >= 0:
            return None  # (a word or a boundary right before the verb: "Ірина, була")
        profile = self.lex.profile
        if m >= 0 and is_word(tokens[m]) and (
                (m > 0 and is_word(tokens[m - 1])) or (
                    tokens[m].lower_ not in profile.complementizers
                    and any(r.case == "Nom" for r in self._readings(tokens[m])))):
            return None  # (only a clause-opening word may stand there: "чому не став",
            # ", що не став")
        match = self._agreeing_reading(tokens[k], ("VERB",), gender, None)
        if match is None or any(
                j < k and tokens[j].lower_ not in profile.complementizers
                and any(r.case == "Nom" and r.pos in ("NOUN", "PROPN", "PRON")
                        for r in self._readings(tokens[j]))
                for j in swap.agreement.subjects._clause_tokens(k)):
            return None
        return tokens[k], match

    def _declining_counterpart(self, entry: PersonEntry, reading: Reading) -> str:
        """The entry's first counterpart, but for a plural the first one that declines: a
        group of "бізнесменів" are "бізнесменок", not the indeclinable "бізнесвумен"."""
        if reading.number == "Plur" and len(entry.counterparts) > 1:
            for counterpart in entry.counterparts:
                form = self._counterpart_form(counterpart, reading)
                if form and form != counterpart:
                    return counterpart
        return entry.counterparts[0]

    def _adjectival_form(self, token: Token, gender: str, case: str | None) -> str | None:
        """A noun that declines like an adjective (слідчий, черговий) changes as one, in the
        noun's case: "слідчому" → "слідчій", "обійняв дільничного" → "дільничну" (the
        accusative, not the genitive the form also spells); its plural stays as it is."""
        match = self._agreeing_reading(token, ("ADJ",), gender, case)
        if match is None and not any(r.pos == "ADJ" and r.number == "Plur" and r.case == case
                                     for r in self._readings(token)):
            match = self._agreeing_reading(token, ("ADJ",), gender, None)
        if match is None:
            if any(r.pos == "ADJ" and r.number == "Plur" and r.case == case
                   for r in self._readings(token)):
                return token.lower_  # a plural has no gender: "слідчі", "учених" stay
            return None
        return self.swap.analyzer.inflect(token.lower_, match, gender=OTHER_GENDER[gender])

    def _counterpart_form(self, lemma: str, reading: Reading) -> str | None:
        return self.swap.inflection.counterpart_form(lemma, reading.case, reading.number)

    def _in_job(self, i: int) -> bool:
        swap = self.swap
        return swap.entity_label.get(i) in swap.job_labels

    @rule("names-a-woman")
    def _names_a_woman(self, token: Token, hit: LexiconHit, reading: Reading) -> bool:
        """A masculine title whose words agree in the feminine names a woman ("наукова
        керівник", "замовник з'ясувала"). Where women are swapped it stays, like a
        common-gender noun, and its words change; where they are not (``to_feminine``),
        it takes the feminine like any masculine title ("директор отримувала" →
        "директорка отримувала")."""
        swap = self.swap
        if hit.entry.gender != MASCULINE or reading.gender != "Masc" or not swap._wanted("Fem"):
            return False
        if token.i > 1 and self.clauses._prefix_hyphen(token.i - 1) and any(
                r.pos == "NOUN" and r.gender == "Fem" and r.case == reading.case
                and not self._names_a_sex(r) for r in swap._readings(self.tokens[token.i - 2])):
            # "фізична особа-підприємець": what agrees, agrees with особа, which names
            # no sex (but "досвідчена жінка-лікар" is a woman)
            return False
        first = next(swap.agreement._agreeing(token.i, token.i + 1, reading.case, None), None)
        if first is None or first[1].gender != "Fem":
            return False
        # a modifier, or a verb next to it: a verb further on may be another subject's;
        # past a phrase apposed to the noun ("Свідок у справі, колишній бухгалтер, дала")
        other, start = first[0].i, token.i
        comma = next((k for k in range(token.i, other) if self.clauses._ends_clause(k)), None)
        if comma is not None and comma - token.i <= _NEAR_VERB \
                and (close := apposition_end(self.tokens, comma, self.lex)) is not None \
                and close < other:
            start = close
        near = other - start <= _NEAR_VERB and not any(
            self.clauses._ends_clause(k) for k in range(start + (start > token.i), other))
        return other < token.i or near

    def _names_a_sex(self, reading: Reading) -> bool:
        """Whether ``reading`` is a person noun of one sex ("жінка"; not "особа")."""
        hit = self.lex.persons.lookup_readings((reading,))
        return hit is not None and hit.entry.gender in (MASCULINE, FEMININE)
