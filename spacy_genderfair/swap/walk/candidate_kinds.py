"""What kind of word a noun before a pronoun is, for the antecedent reader
(antecedents.py): a body's name, a thing a person noun also spells, an animal, an entity's
head, a counted noun, one a pronoun owns, or a person noun of the lexicon. Each answer is
one rule; none changes anything.
"""

from spacy.tokens import Token

from ...lexicon.animals import animal_before, names_an_animal
from ...morph import agrees
from ..rules import rule

_NOUN_POS = ("NOUN", "PROPN")
_QUOTES = frozenset("«»\"„“”'")


class CandidateKinds:
    """The kinds of the words of the swap ``swap`` (engine._MorphSwapper) that a pronoun
    may stand for."""

    def __init__(self, swap) -> None:
        self.swap = swap
        self.tokens, self.lex = swap.tokens, swap.lex
        self._readings = swap._readings

    @rule("body-name")
    def _body_name(self, k: int, nouns: list) -> bool:
        """Whether the capitalised common noun at ``k`` follows a capitalised adjective that
        agrees with it: a body's or a place's name ("Верховна Рада"), no person's."""
        before = self.tokens[k - 1] if k > 0 else None
        return before is not None and before.text[:1].isupper() and any(
            a.pos == "ADJ" and agrees(a, r) for a in self._readings(before)
            for r in self._readings(self.tokens[k]) if r.pos == "NOUN" and not r.name_part)

    @rule("thing-homograph")
    def _thing_homograph(self, token: Token) -> bool:
        """Whether an unswapped person noun also reads as an inanimate noun of another
        lemma, a thing ("статистику": статистика's accusative, статистик's dative)."""
        if token.i in self.swap.edits_by_token:
            return False
        readings = self._readings(token)
        people = {r.lemma for r in readings if r.pos == "NOUN" and r.animate}
        return any(r.pos == "NOUN" and not r.animate and not r.name_part
                   and r.lemma not in people for r in readings)

    @rule("animal-antecedent")
    def _animal(self, k: int) -> bool:
        """Whether the word at ``k`` names an animal (the profile's ``non_person_nouns``), or
        is the name right after such a noun ("пес Рудько"): a pronoun of it stays."""
        token = self.tokens[k]
        return names_an_animal(self.lex, token.lower_) or (
            token.text[:1].isupper() and animal_before(self.lex, token))

    @rule("entity-head")
    def _entity_head(self, k: int) -> bool:
        """Whether the word at ``k`` is the first noun of its entity ("ТОВ «Веб-інтеграція»":
        ТОВ, not Веб), and the entity no name in quotes after its kind's noun ("газети
        «Капітал»") nor a preposition's ("від ТОВ …"): the entity is then an argument."""
        tokens, entities = self.tokens, self.swap.entity_label
        start = k
        while start > 0 and tokens[start].ent_iob_ == "I":
            start -= 1
        if any(r.pos in _NOUN_POS for j in range(start, k) for r in self._readings(tokens[j])):
            return False
        before = start - 1
        while before >= 0 and tokens[before].is_punct and tokens[before].text in _QUOTES:
            before -= 1
        if before < 0:
            return True
        word = tokens[before]
        return word.lower_ not in self.lex.profile.preposition_cases and (
            before == start - 1 or before in entities or not any(
                r.pos in _NOUN_POS for r in self._readings(word)))

    @rule("counted-noun")
    def _counted(self, k: int) -> bool:
        """Whether the noun at ``k`` follows a cardinal numeral or a figure ("сім літ", "52
        роки"): a quantity of it, no singular antecedent."""
        if k == 0:
            return False
        before = self.tokens[k - 1]
        return any(character.isdigit() for character in before.text) or any(
            r.pos == "NUM" and r.number == "Plur" for r in self._readings(before))

    @rule("possessed-by-pronoun")
    def _possessed_by_pronoun(self, k: int, genders: frozenset) -> bool:
        """Whether the noun at ``k`` is owned by a pronoun of the gender looked for, its
        modifiers between ("що її страдницька Україна стане…, що її рідна мова"): the
        later pronoun stands for that owner, not for what it owns."""
        j = k
        while j > 0 and self.tokens[j - 1].lower_ not in self.swap.pronoun_gender and any(
                r.pos == "ADJ" for r in self._readings(self.tokens[j - 1])):
            j -= 1
        owner = self.tokens[j - 1].lower_ if j > 0 else ""
        return owner in self.swap.pronoun_gender and self.swap.pronoun_gender[owner] in genders

    def _person_noun(self, token: Token, genders: frozenset) -> bool:
        """Whether ``token`` is a person noun the lexicon knows in one of ``genders``."""
        return self.lex.persons.may_be_person_noun(token.lower_) and any(
            r.gender in genders and r.number != "Plur" for r in self._readings(token)
            if r.pos in ("NOUN", "ADJ"))
