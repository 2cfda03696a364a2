"""Whether a plural person noun is a plural subject, shown by its verb: "Чи розуміли гості",
"Мешканці обрали" (the group, not the singular genitive or dative the form also spells:
гості is no genitive of гостя here).

``PluralSubjects`` is asked by ``targets.TargetReader``, which keeps singular persons apart
from the plural groups that name no one person.
"""

from spacy.tokens import Token

from ...tokens import is_word
from ..rules import rule

# How far a standalone subject's verb may stand ("Останній в 2003-2006 роках працював",
# "Європейці вже зі стартових хвилин взяли гру").
_STANDALONE_WIDTH = 8


class PluralSubjects:
    """The plural subjects of the swap ``swap`` (engine._MorphSwapper)."""

    def __init__(self, swap) -> None:
        self.swap = swap
        self.tokens, self.lex, self.clauses = swap.tokens, swap.lex, swap.clauses
        self._readings = swap._readings

    @rule("plural-subject")
    def _plural_subject(self, token: Token, tagged: bool = False) -> bool:
        """Whether ``token`` reads as a plural nominative with a plural verb right before
        it or after it, adverbs between (or anything after it, when it opens its clause;
        past its genitive tail, when it is a ``tagged`` group): that verb's subject."""
        swap = self.swap
        if not any(r.pos == "NOUN" and r.case == "Nom" and r.number == "Plur"
                   for r in self._readings(token)) or (
                token.i > 0 and self.tokens[token.i - 1].lower_
                in self.lex.profile.preposition_cases):
            return False  # ("у мами були зустрічі": the preposition's, no subject)
        before = token.i - 1
        while before >= 0 and (self.clauses._is_adverbial(self.tokens[before])
                               or self.clauses._only_adverb(self.tokens[before])):
            before -= 1  # ("Отак": a caseless pronoun to the analyser)
        if before >= 0 and self._plural_verb(self.tokens[before]):
            # "Чи розуміли гості"; not after a verb whose subject a plural personal pronoun
            # before it is ("Ми подякували переможниці": the dative, no second subject)
            return not self._pronoun_subject_before(before)
        end = token.i
        while end + 2 < len(self.tokens) and self.clauses._prefix_hyphen(end + 1):
            end += 2  # the compound's last part: "викладачки-методистки Олександр …"
        k = swap._past_adverbials(end + 1)
        if tagged and len(swap.groups._coordinated_names(end + 1)) > 1:
            return True  # "режисерки Наталія … та Наталія …"
        if before < 0 or self.clauses._ends_clause(before) \
                or self.tokens[before].lower_ in self.lex.profile.complementizers:
            # (a clause "що" opens: "що операторки ринку не тільки виконали")
            # opening its clause (past adverbs: "Отак німці до Бога прийшли"), the first
            # finite verb of the clause tells ("Європейці вже зі стартових хвилин взяли гру";
            # for a tagged group also past an inserted phrase and a quoted name: "Тренерки,
            # зі свого боку, нагадали", "Експертки «Центру …» проаналізували")
            words = 0
            while k < len(self.tokens) and words < _STANDALONE_WIDTH and not any(
                    r.pos == "VERB" and r.verb_form == "Fin"
                    for r in self._readings(self.tokens[k])):
                group = self.clauses._group_end(k, 1) if tagged else None
                inserted = swap.agreement.apposition._inserted_phrase(k, None) if tagged else None
                if group is not None:
                    k = group
                elif inserted is not None:
                    k = inserted[0]
                elif self.clauses._ends_clause(k):
                    break
                # (a tagged group's genitive tail does not count: "що інспекторки обласного
                # управління Держпраці з 6 до 12 червня 2018 року перевіряли")
                words += not (tagged and self._past_genitive_tail(k) > k)
                k += 1
        elif tagged:
            # a tagged group past its genitive tail: "У 2018 році депутати Хмельницької
            # міськради розглянули" (untagged, "Юрфірми дружини Беззубенка захищали" is the
            # firms' verb)
            k = self._past_genitive_tail(k)
        return k < len(self.tokens) and self._plural_verb(self.tokens[k])

    def _past_genitive_tail(self, k: int) -> int:
        """The first index from ``k`` past the genitive words and organisations that depend
        on the noun before it."""
        doc = self.tokens
        while k < len(doc) and (
                (doc[k].ent_type_ and doc[k].ent_type_ not in self.swap.person_labels)
                or doc[k].text in "«»\"" or (is_word(doc[k]) and any(
                    r.case == "Gen" for r in self._readings(doc[k])))):
            k += 1
        return k

    def _pronoun_subject_before(self, verb: int) -> bool:
        """Whether a plural personal pronoun in the nominative (ми, ви, вони) stands
        before the verb at ``verb`` in its clause."""
        j = verb - 1
        while j >= 0 and not self.clauses._ends_clause(j):
            if self.tokens[j].lower_ in self.lex.profile.personal_pronoun_lemmas and any(
                    r.pos == "PRON" and r.case == "Nom" and r.number == "Plur"
                    for r in self._readings(self.tokens[j])):
                return True
            j -= 1
        return False

    def _plural_verb(self, token: Token) -> bool:
        readings = self._readings(token)
        # (a singular of the second person is an imperative, no third person's predicate:
        # "австрійці повели", not повеліти's "повели!")
        return any(r.pos == "VERB" and r.verb_form == "Fin" and r.number == "Plur"
                   for r in readings) and not any(
            r.pos == "VERB" and r.number != "Plur" and r.person != "2" for r in readings)
