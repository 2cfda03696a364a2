"""Spouses: a spouse noun turns with its partner, and a couple's names with it.

"Дружина депутата Юрія" → "Чоловік депутатки Ольги": once the partner turns, the spouse
noun takes its other member (``swap_exceptions.tsv``, spouse), whatever the direction, with the
spouse's own name; "її чоловік" is the husband (→ "її дружина").
"""

from spacy.tokens import Token

from ...lexicon import LexiconHit
from ...morph import OTHER_GENDER, UD_GENDER, Reading
from ...tokens import is_word
from ..grammar.government import _APPOSITION_MARKS
from ..rules import rule
from .antecedents import _SENTENCE_ENDS
from .relations import _NAME_WIDTH


class CoupleSwap:
    """The spouse nouns of the swap ``swap``."""

    def __init__(self, swap) -> None:
        # the swap (engine._MorphSwapper, which imports this part) holds what the parts
        # share: its record, names, direction; the reader's tokens and basic questions are
        # asked in every rule, so they are kept at hand
        self.swap = swap
        self.tokens, self.lex, self.clauses = swap.tokens, swap.lex, swap.clauses
        self._readings, self._agreeing_reading = swap._readings, swap._agreeing_reading

    def _swap_spouse(self, token: Token, hit: LexiconHit, reading: Reading) -> None:
        """A spouse noun (``swap_exceptions.tsv``, spouse) changes with its partner: once a person
        of the other gender is swapped, the couple's genders both turn, whatever the
        direction ("Дружина депутата Юрія" → "Чоловік депутатки Ольги", "не задекларував
        бізнес дружини" → "не задекларувала бізнес чоловіка"). Otherwise it is a person
        noun like any other ("Донька президента" rules included). Its counterpart is the
        other spouse (чоловік ↔ дружина), so a second swap brings the first word back."""
        swap = self.swap
        gender = UD_GENDER.get(hit.entry.gender)
        if gender is not None and not self._coordinated_with_other_sex(token, hit) \
                and self._partner_swapped(token, OTHER_GENDER[gender]):
            if reading.number != "Plur" and token.i not in swap.edits_by_token:
                # (the spouse turns whatever the direction, and what it predicates with it:
                # "… Ірина Плевнік є співзасновницею" → "… Петро Плевнік є співзасновником")
                swap.turning_couple = gender
                try:
                    self._turn_spouse(token, hit, reading, gender)
                finally:
                    swap.turning_couple = None
        elif not swap.relations._before_the_target(token, hit, reading):
            # "її чоловік": possessed, the noun is the husband, and its counterpart the wife
            # ("її дружина"), not the generic "жінка" of "чоловік" alone
            spouse = swap.spouses.get(hit.entry.lemma) if self._possessed(token) else None
            swap.persons._swap_person(token, hit, reading, counterpart=spouse)

    @rule("sexes-coordinated")
    def _coordinated_with_other_sex(self, token: Token, hit: LexiconHit) -> bool:
        """Whether the spouse noun is coordinated with its plain counterpart, the other
        sex's noun ("у чоловіка та жінки", "чоловік чи жінка"): a man and a woman, no
        couple, whatever person turned beside them."""
        plain = hit.entry.counterparts
        tokens, conjunctions = self.tokens, self.swap.conjunctions
        for conjunction, other in ((token.i + 1, token.i + 2), (token.i - 1, token.i - 2)):
            if 0 <= other < len(tokens) and tokens[conjunction].lower_ in conjunctions \
                    and any(r.lemma in plain and r.pos == "NOUN"
                            for r in self._readings(tokens[other])):
                return True
        return False

    @rule("partner-in-sentence")
    def _partner_swapped(self, token: Token, gender: str) -> bool:
        """Whether a person of ``gender`` turned in the spouse noun's sentence (a name or a
        person noun): the partner is one of the sentence's persons. A woman of another
        sentence of the Doc is no evidence that "чоловік" is a husband, not a man."""
        swap = self.swap
        start, end = token.i, token.i + 1
        while start > 0 and self.tokens[start - 1].text not in _SENTENCE_ENDS:
            start -= 1
        while end < len(self.tokens) and self.tokens[end - 1].text not in _SENTENCE_ENDS:
            end += 1
        return any(start <= k < end and person[0] == gender and k in swap.edits_by_token
                   for k, person in swap.person_nouns.items()) or any(
            start <= k < end and mention.swapped and mention.gender == gender
            for k, mention in swap.name_starts.items())

    @rule("possessed")
    def _possessed(self, token: Token) -> bool:
        """Whether a possessive determiner (profile ``possessive_determiners``) stands right
        before the noun."""
        return token.i > 0 and any(
            r.lemma in self.lex.profile.possessive_determiners
            for r in self._readings(self.tokens[token.i - 1]))

    def _turn_spouse(self, token: Token, hit: LexiconHit, reading: Reading, gender: str
                     ) -> None:
        """Turn the spouse noun at ``token`` and the names that are the spouse's."""
        swap = self.swap
        swap.persons._replace_person(token, hit.entry, reading, gender,
                                     swap.spouses[hit.entry.lemma])
        self._swap_spouse_name(token.i + 1, gender)
        after = self._past_partner(token.i + 1, gender)
        if after > token.i + 1 and after + 1 < len(self.tokens) \
                and self.tokens[after].text in _APPOSITION_MARKS \
                and getattr(swap.name_starts.get(after + 1), "gender", None) == gender:
            after += 1  # the spouse's name apposed after the partner: "бізнес-партнер
            # дружини Святаша, Лариси"
        mention = swap.name_starts.get(after)
        if after > token.i + 1 and mention is not None and mention.case == reading.case:
            # the spouse's own name past the partner's genitive: "Жінка посадовця
            # Ірина Плевнік є співзасновницею" → "Чоловік посадовиці Петро … є
            # співзасновником"; "Дружина народного депутата від Опозиційного блока Юрія
            # Мірошниченка Софія" → "Чоловік … Ольги Мірошниченко Максим"
            self._swap_spouse_name(after, gender, agreement=True)
        if token.i > 1 and self.tokens[token.i - 1].text in _APPOSITION_MARKS:
            # the name it is apposed to: "входила Лілія Близнюк, дружина
            # губернатора" → "входив Василь Близнюк, чоловік губернаторки"
            apposed = next((m for m in swap.name_starts.values()
                            if m.end == token.i - 1), None)
            if apposed is not None:
                self._swap_spouse_name(apposed.start, gender, agreement=True)

    def _past_partner(self, k: int, spouse_gender: str | None = None) -> int:
        """The index past the partner's genitive phrase starting at ``k``: past its genitive
        person nouns and names, or, where words come between ("народного депутата від
        Опозиційного блока Юрія Мірошниченка"), past the first name of the phrase, a
        genitive one or one whose gender is unknown ("дружина Журавко Анжела"); ``k``
        when no partner's name ends the phrase. A name of the spouse's own gender
        (``spouse_gender``) is no partner's: the index is that name's, the spouse's
        ("дружини міністра молоді та спорту Ірини Сафіулліної")."""
        swap = self.swap
        start = k
        while k < len(self.tokens):
            mention = swap.name_starts.get(k)
            if mention is not None and mention.case == "Gen" and mention.gender != spouse_gender:
                k = mention.end
            elif k in swap.person_nouns and swap.person_nouns[k][1] == "Gen":
                k += 1
            else:
                break
        if k > start and (k >= len(self.tokens) or not self.tokens[k].is_alpha
                          or k in swap.name_starts):
            return k
        unknown = dict(swap.unknown_names)
        for j in range(start, min(len(self.tokens), start + _NAME_WIDTH + 1)):
            if not is_word(self.tokens[j]):
                break
            mention = swap.name_starts.get(j)
            if mention is not None and mention.gender == spouse_gender:
                return j if j > start else start
            if mention is not None:
                return mention.end if mention.case == "Gen" else start
            if j in unknown:
                return unknown[j]
        return start

    def _swap_spouse_name(self, start: int, gender: str, agreement: bool = False) -> None:
        """The kept name right after a turned spouse noun turns with it: "дружина Наталія"
        → "чоловік Дмитро", not "чоловік Наталія"; with ``agreement``, the words agreeing
        with the name turn too (the name the spouse noun is apposed to)."""
        swap = self.swap
        mention = swap.name_starts.get(start)
        if swap.names is None or mention is None or mention.swapped or mention.gender != gender:
            return
        edits, _ = swap.names.swap(swap.doc, (mention.start, mention.end), swap.rng,
                                   swap.chosen_names, lambda _gender: True,
                                   swap._context_gender)
        for edit in edits:
            swap._record(edit.i, self.tokens[edit.i].text, edit.new, edit.reason)
        if agreement and edits:
            reason = f"agreement with {swap.doc[mention.start:mention.end].text}"
            swap._swap_agreement(mention.start, mention.end, mention.case, gender, reason)
            if mention.end < len(self.tokens) and self.clauses._is_linking_verb(mention.end):
                # what the present linking verb after it predicates ("Ірина Плевнік є
                # співзасновницею" → "Петро Плевнік є співзасновником"): no verb form shows
                # the gender, so the walk above stops at it
                for other, other_reading in swap.predicates._predicate(mention.end + 1, gender):
                    swap._record_agreeing(other, other_reading, gender, reason)
