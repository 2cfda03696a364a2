"""Person nouns said of an organisation: they name it and keep their gender.

A title predicated of an organisation ("Засновником ТОВ «Х» є компанія «Y»", "конкурентом
був «Діамантбанк»"), apposed to one before it ("ТОВ «Х» – найбільшого постачальника") or
after it ("з виконавцем цих робіт – ПАТ «Спецмонтаж»", "Позивач, Фонд соціального
страхування, просив"), or said by a verb such as "визнати" of an object that is one
("визнав компанію переможцем") is the organisation's. One sense per
document: the walk carries the nouns found so (``organisation_roles``) from sentence to
sentence, and a later mention with no name after it names the organisation again
("Позивачем у справі виступає фонд. … Позивач звернувся до суду").
"""

from spacy.tokens import Token

from ...lexicon import LexiconHit
from ...morph import Reading
from ...tokens import is_word
from ..grammar.government import _CLOSING_QUOTES, _OPENING_QUOTES
from ..rules import rule
from .clauses import _DASHES, _MODIFIER_POS


class OrganisationReader:
    """Which person nouns of one swap (engine._MorphSwapper) an organisation has."""

    def __init__(self, swap) -> None:
        self.swap = swap
        self.tokens, self.lex, self.clauses = swap.tokens, swap.lex, swap.clauses
        self._readings, self._agreeing_reading = swap._readings, swap._agreeing_reading

    @rule("organisation-subject")
    def _organisation_subject(self, token: Token, reading: Reading) -> bool:
        """Whether the instrumental title at ``token`` is predicated by the linking verb
        after it (past a relative clause on the title) of a quoted name or an organisation:
        "її єдиним конкурентом найчастіше був «Діамантбанк»", "єдиним підрядником, який
        відповідає вимогам, було «Датагруп»"."""
        swap = self.swap
        if reading.case != "Ins":
            return False
        k = swap._past_adverbials(token.i + 1)
        if k + 1 < len(self.tokens) and self.tokens[k].text == "," \
                and self.clauses._is_relative_pronoun(self.tokens[k + 1]):
            # past a relative clause on the title: "єдиним підрядником, який відповідає
            # вимогам митників, було «Датагруп»"
            k += 2
            while k < len(self.tokens) and not self.clauses._ends_sentence(k) \
                    and not self.clauses._is_linking_verb(k):
                k += 1
        if k >= len(self.tokens) or not self.clauses._is_linking_verb(k):
            return False
        subject = swap._past_adverbials(k + 1)
        if subject >= len(self.tokens):
            return False
        after = self.tokens[subject]
        return after.text in ("«", "„", "\"") or bool(
            after.ent_type_ and after.ent_type_ not in swap.person_labels
            and after.ent_type_ not in swap.job_labels)

    @rule("said-of-thing-object")
    def _said_of_thing_object(self, token: Token, reading: Reading) -> bool:
        """Whether the instrumental title at ``token`` is what a verb such as "визнати"
        (profile ``object_predicate_verbs``) says of its object right before it, past the
        title's modifiers, and that object is a thing, a place or an organisation: "визнав
        компанію переможцем", "вважає Україну своїм стратегічним партнером" (an object that
        is a person takes the title's turn: "визнала Петренка переможцем")."""
        if reading.case != "Ins":
            return False
        k = token.i - 1
        while k > 0 and self._agreeing_reading(self.tokens[k], _MODIFIER_POS, None, "Ins"):
            k -= 1
        if k < 1 or not self.swap.predicates._predicating_verb(self.tokens[k - 1]):
            return False
        readings = self._readings(self.tokens[k])
        return is_word(self.tokens[k]) and bool(readings) and all(
            r.pos in ("NOUN", "PROPN") and not r.animate and not r.name_part
            for r in readings) and any(r.case == "Acc" for r in readings)

    def _names_organisation(self, k: int) -> bool:
        """Whether token ``k`` ends the name of an organisation or place: a closing quote
        ("ТОВ «Запорізький ДБК»") or an entity that is no person's."""
        if k < 0:
            return False
        token = self.tokens[k]
        return token.text in ("»", "”", "\"") or bool(
            token.ent_type_ and token.ent_type_ not in self.swap.person_labels)

    @rule("names-organisation-after")
    def _names_organisation_after(self, k: int) -> bool:
        """Whether the noun at ``k`` is followed by the organisation's name: a quoted one
        or an organisation entity ("компанія «Ітонс Холдинг»", "компанія Kittep Ltd")."""
        after = k + 1
        return after < len(self.tokens) and (
            self.tokens[after].text in _OPENING_QUOTES
            or self.swap.entity_label.get(after) in self.lex.profile.organisation_labels)

    def _organisation_referent(self, k: int) -> bool:
        """Whether the subject at ``k`` is an organisation: an organisation entity, a quoted
        name, or a noun that reads only as an inanimate one ("компанія", "фонд")."""
        swap = self.swap
        label = swap.entity_label.get(k)
        if label is not None:
            return label in self.lex.profile.organisation_labels
        token = self.tokens[k]
        readings = self._readings(token)
        return token.text in _OPENING_QUOTES or (is_word(token) and bool(readings) and all(
            r.pos == "NOUN" and not r.animate for r in readings))

    @rule("organisation-role-in-document")
    def _organisation_role(self, token: Token, hit: LexiconHit, reading: Reading) -> bool:
        """Whether the person noun at ``token`` (``hit``) was said of an organisation
        earlier in the document (predicated of one, apposed to one: ``organisation_roles``)
        and no name follows it here: one sense per document, the role names that
        organisation again ("Позивачем у справі є фонд. … Позивач звернувся до суду")."""
        relations = self.swap.relations
        # (the name after a possessor is its head's: "Юрист відповідача Степан Мороз")
        return hit.entry.lemma in self.swap.organisation_roles \
            and (not relations._name_follows(token.i)
                 or relations._depends_on_person(token, reading)) \
            and relations._title_of(token, reading) is None

    @rule("defined-party")
    def _defined_party(self, token: Token, reading: Reading) -> bool:
        """Whether the person noun at ``token`` defines the party named before it as an
        organisation, after the profile's ``definition_words`` ("«Білий сад», надалі —
        Орендар"): the role is that organisation's for the whole document."""
        tokens, k = self.tokens, token.i - 1
        while k >= 0 and not is_word(tokens[k]) and tokens[k].text in (*_DASHES, ":"):
            k -= 1
        if k < 2 or tokens[k].lower_ not in self.lex.profile.definition_words \
                or tokens[k - 1].text != "," or tokens[k - 2].text not in _CLOSING_QUOTES:
            return False
        self.swap.organisation_roles.add(reading.lemma)
        return True

    @rule("side-of-conflict")
    def _side_of_conflict(self, token: Token, reading: Reading) -> bool:
        """Whether the person noun at ``token`` is one of the profile's ``side_nouns`` (uk
        "ворог", "противник"), singular, belonging to no one: the side of a war, an army
        ("Уночі ворог знову атакував"), no person; a possessive before it, a genitive after
        it or a predicate's instrumental makes it someone's enemy ("його ворог", "ворога
        народу", "був ворогом")."""
        if reading.lemma not in self.lex.profile.side_nouns or reading.number == "Plur" \
                or reading.case in ("Ins", "Voc"):
            return False  # (a vocative addresses a person)
        k = token.i - 1
        while k >= 0 and any(r.pos == "ADJ" for r in self._readings(self.tokens[k])):
            k -= 1
        if k >= 0 and any(r.lemma in self.lex.profile.possessive_determiners
                          for r in self._readings(self.tokens[k])):
            return False
        following = self.tokens[token.i + 1] if token.i + 1 < len(self.tokens) else None
        if following is not None and is_word(following) and any(
                r.pos == "NOUN" and r.case == "Gen" for r in self._readings(following)):
            return False  # whose enemy it is: "син ворога народу", a person
        self.swap.organisation_roles.add(reading.lemma)
        return True

    @rule("said-of-organisation")
    def _said_of_organisation(self, token: Token, reading: Reading) -> bool:
        """Whether the person noun at ``token`` is an organisation entity's instrumental
        predicate right after it, or its apposition after a dash (profile
        ``organisation_labels``), or has an organisation apposed after a dash, past its
        genitive tail ("з виконавцем цих робіт – ПАТ «Спецмонтаж»")."""
        swap = self.swap
        if self._organisation_apposed_after(token.i + 1, reading.case,
                                         tagged=token.i in swap.entity_label) \
                or self._organisation_before(token, reading):
            swap.organisation_roles.add(reading.lemma)
            return True
        return False

    def _organisation_before(self, token: Token, reading: Reading) -> bool:
        """Whether an organisation entity stands right before the person noun at ``token``
        (its modifiers between), of which it is the instrumental predicate or, after a dash,
        the apposition."""
        swap = self.swap
        k = token.i - 1
        while k >= 0 and self._agreeing_reading(self.tokens[k], _MODIFIER_POS, None,
                                                reading.case) is not None:
            k -= 1  # "– найбільшого постачальника"
        dash = k >= 0 and self.tokens[k].text in _DASHES
        if dash:
            k -= 1
        elif reading.case != "Ins":
            return False
        if k < 0 or swap.entity_label.get(k) not in self.lex.profile.organisation_labels \
                or (not dash and swap.agreement.subjects._dependent_entity(k)):
            return False  # (not "У ТОВ «Х» директором є …")
        after = token.i + 1  # "– керівник якої": the organisation's person
        return after >= len(self.tokens) \
            or not self.clauses._is_relative_pronoun(self.tokens[after])

    def _organisation_apposed_after(self, j: int, case: str | None = None,
                                 tagged: bool = False) -> bool:
        """Whether an organisation is apposed after a dash at ``j``, past genitive words: an
        organisation entity, a quoted name, an abbreviation and a quoted name ("– ПАТ
        «Спецмонтаж»"; not "– ФОП Петренко", a person); or after a dash or a comma a noun
        phrase closed by punctuation whose head is a noun naming no being ("Позивач, Фонд
        соціального страхування, просив", "Відповідач, акціонерне товариство, заперечив").
        (Right after the noun, no punctuation between, an organisation is mostly the
        noun's genitive: "Директор ТОВ «Агросвіт»" is its director.)"""
        tokens = self.tokens
        while j < len(tokens) and is_word(tokens[j]) and any(
                r.case == "Gen" for r in self._readings(tokens[j])):
            j += 1
        if j + 1 >= len(tokens) or tokens[j].text not in (*_DASHES, ","):
            return False
        name = j + 1
        if tokens[j].text == ",":
            return self._thing_apposed(j, case, tagged)
        return self.swap.entity_label.get(name) in self.lex.profile.organisation_labels \
            or tokens[name].text in _OPENING_QUOTES or self._abbreviation_and_quote(name) \
            or self._thing_apposed(j, case, tagged)

    def _abbreviation_and_quote(self, j: int) -> bool:
        """An abbreviation (ТОВ, ПАТ) at ``j`` with a quoted name after it: an organisation."""
        tokens = self.tokens
        return tokens[j].text.isupper() and len(tokens[j]) > 1 and j + 1 < len(tokens) \
            and tokens[j + 1].text in _OPENING_QUOTES

    @rule("thing-apposed")
    def _thing_apposed(self, punctuation: int, case: str | None, tagged: bool) -> bool:
        """Whether a noun phrase naming no being is apposed after the dash or comma at
        ``punctuation`` to a title in ``case``: the title is that organisation's or thing's.
        A comma also parts the items of a list and closes a phrase opening the sentence, so
        after one only a subject's apposition before its verb counts ("Позивач, Фонд
        соціального страхування, просив"); a phrase apposed to a title tagged as a job is
        the annotator's person's (the title stays a person's)."""
        if tagged or (closed := self._apposed_thing_end(punctuation + 1, case)) is None:
            return False
        tokens = self.tokens
        if tokens[punctuation].text != ",":
            return True
        # (its clause's finite verb after it, its objects between: "Відповідач, товариство
        # «Степова нива», свого представника не направив")
        end = next((m for m in range(closed + 1, len(tokens)) if self.clauses._ends_clause(m)),
                   len(tokens))
        return case == "Nom" and any(
            r.pos == "VERB" and r.verb_form == "Fin"
            for m in range(closed + 1, end) for r in self._readings(tokens[m]))

    def _apposed_thing_end(self, j: int, case: str | None) -> int | None:
        """The index of the punctuation closing a noun phrase that starts at ``j``, whose
        head, past its adjectives, is a noun naming no being in ``case`` (the case of the
        noun it is apposed to), past its genitive tail: an organisation or a thing apposed
        to the noun before it ("Фонд соціального страхування,", "– регіональній службі
        автодоріг –"; not ", компанія якої", "поета — родина Шкоди"); else None."""
        tokens = self.tokens
        while j < len(tokens) and is_word(tokens[j]) and self._readings(tokens[j]) and all(
                r.pos == "ADJ" for r in self._readings(tokens[j])):
            j += 1
        head = self._readings(tokens[j]) if j < len(tokens) and is_word(tokens[j]) else ()
        if not head or not all(r.pos in ("NOUN", "PROPN") and not r.animate
                               and not r.name_part for r in head) \
                or not any(r.case == case for r in head):
            return None
        k = j + 1
        if k < len(tokens) and tokens[k].text in _OPENING_QUOTES:
            # (its quoted name: "товариство «Степова нива»,")
            k = next((m + 1 for m in range(k + 1, len(tokens)) if tokens[m].text in "»\""),
                     len(tokens))
        while k < len(tokens) and is_word(tokens[k]) and any(
                r.case == "Gen" and r.pos in ("NOUN", "ADJ", "PROPN")
                for r in self._readings(tokens[k])):
            k += 1
        return k if k < len(tokens) and tokens[k].text in (*_DASHES, ",", ".", ")") else None
