"""What in a pronoun's own clause it cannot stand for (no parser needed).

A third-person pronoun is never the subject of its own clause (that would be "себе",
"свій"): the antecedent reader (antecedents.py) asks here which words before a pronoun are
that subject, so that it looks past them: a subject before its verb ("він його не прочитав"),
a subject before a phrase inserted after it ("Чорнобиль, на його думку, має"), and a person
whose predicates govern an object pronoun ("Жінка купила сукню і носить її"); and whether a
pronoun is the object of the verbal noun after it, what that verb acts on ("рішення … з дня
його отримання"), or a thing is the subject of a clause nearer to it than a person's ("…, що
інфляція сповільнюється, але ризики для неї …"), where no person before a thing outweighs
the thing.
"""

from ...tokens import is_word
from ..grammar.verbs import transitive_verbal_noun
from ..rules import rule

# What ends a sentence: a person in an earlier one does not outweigh a thing in this one.
_SENTENCE_ENDS = frozenset({".", "!", "?", "…"})


class OwnClauseReader:
    """Reads, for the swap ``swap`` (engine._MorphSwapper), which word is the subject of a
    pronoun's own clause; it changes nothing."""

    def __init__(self, swap) -> None:
        self.swap = swap
        self.tokens, self.lex, self.clauses = swap.tokens, swap.lex, swap.clauses
        self._readings = swap._readings

    @rule("subject-of-object")
    def _subject_of(self, j: int, pronoun: int) -> bool:
        """Whether the person at ``j`` is the singular nominative subject of a verb that
        also governs the object pronoun at ``pronoun`` right after it, a predicate it
        shares, with no other subject between: "Жінка купила сукню і носить її" (the
        dress: the subject's own would be "себе"), not "Каньовський скочив на коня, і за
        ним закуріло", whose verb is no subject's."""
        swap, tokens = self.swap, self.tokens
        mention = next((m for m in swap.name_starts.values() if m.start <= j < m.end), None)
        if mention is not None or any(start <= j < end for start, end in swap.unknown_names):
            genders = {mention.gender} if mention is not None and mention.case in (None, "Nom") \
                else {"Masc", "Fem"} if mention is None else set()
        else:
            genders = {r.gender for r in self._readings(tokens[j])
                       if r.case == "Nom" and r.number == "Sing" and r.gender}
        if not genders or not self._before_its_verb(j, pronoun):
            return False
        verb = pronoun - 1
        while verb > j and self.clauses._is_adverbial(tokens[verb]):
            verb -= 1
        if verb <= j or not any(r.pos == "VERB" and r.verb_form == "Fin" and r.number == "Sing"
                                and (r.gender in genders or (r.gender is None and r.person == "3"))
                                for r in self._readings(tokens[verb])):
            return False
        for m in range(j + 1, verb):
            readings = self._readings(tokens[m])
            subject = swap.agreement.subjects._nominative_pronoun(m) \
                or self.clauses._is_relative_pronoun(tokens[m]) or (
                    bool(readings) and any(r.pos == "NOUN" for r in readings)
                    and all(r.pos != "NOUN" or r.case == "Nom" for r in readings))
            if subject or tokens[m].text in _SENTENCE_ENDS:
                return False  # a subject of its own between: "Мати купила сукню, і донька …"
        return True

    def _after_noun(self, i: int) -> bool:
        """Whether the word before the pronoun at ``i`` is a noun and nothing else ("з
        моменту його підписання"): the pronoun is inside that noun's phrase."""
        return i > 0 and is_word(self.tokens[i - 1]) and all(
            r.pos == "NOUN" for r in self._readings(self.tokens[i - 1]))

    def _before_its_verb(self, k: int, pronoun: int) -> bool:
        """Whether a verb follows the word at ``k``, adverbs and pronouns between ("він його
        не прочитав"), or the pronoun at ``pronoun`` after its preposition ("вигляд у нього
        був"): the word is that verb's subject. Not a word in no nominative, whatever
        follows ("Жінка купила сукню і носить її": the object of the verb before)."""
        readings = self._readings(self.tokens[k])
        if readings and all(r.case is not None and r.case != "Nom" for r in readings):
            return False
        j = self.swap._past_adverbials(k + 1)
        while j < len(self.tokens) and (self.tokens[j].lower_ in self.lex.pronouns or (
                j + 1 == pronoun and self.tokens[j].lower_ in self.lex.profile.preposition_cases)):
            j = self.swap._past_adverbials(j + 1)
        return self._verb_at(j)

    def _verb_at(self, j: int) -> bool:
        return j < len(self.tokens) and not self.clauses._noun_not_verb(j) and any(
            r.pos == "VERB" for r in self._readings(self.tokens[j]))

    @rule("inserted-after-subject")
    def _inserted_after(self, k: int, pronoun: int) -> bool:
        """Whether the oblique pronoun at ``pronoun`` is in a phrase set off by commas right
        after the word at ``k`` and before a verb ("Чорнобиль, на його думку, має"): the word
        is the subject of the clause the phrase is inserted in, which the pronoun, not being
        "свій", does not stand for."""
        tokens = self.tokens
        if k + 1 >= pronoun or tokens[k + 1].text != "," or any(
                self.clauses._ends_clause(j) for j in range(k + 2, pronoun)):
            return False
        end = next((j for j in range(pronoun + 1, len(tokens)) if self.clauses._ends_clause(j)),
                   None)
        return end is not None and tokens[end].text == "," \
            and self._verb_at(self.swap._past_adverbials(end + 1))

    @rule("pronoun-of-verbal-noun")
    def _before_verbal_noun(self, i: int) -> bool:
        """Whether the pronoun at ``i`` stands before a transitive verb's noun, past its
        modifiers: what the verb acts on, so the thing before it is the pronoun's, whoever
        stands before that thing ("Заявник може оскаржити рішення … з дня його отримання")."""
        j = i + 1
        while j < len(self.tokens) and any(r.pos == "ADJ" for r in self._readings(self.tokens[j])):
            j += 1
        return j < len(self.tokens) and transitive_verbal_noun(self.tokens[j], self.lex)

    @rule("thing-subject-nearer")
    def _subject_of_nearer_clause(self, k: int, pronoun: int, nominative: bool) -> bool:
        """Whether the noun at ``k``, a thing, is the subject of a clause of its own (its
        finite verb after it) that ends before a conjunction opening the clause of the
        oblique pronoun at ``pronoun``: the nearest subject is the pronoun's, not a person
        of an earlier clause ("Вербицька зазначила, що інфляція сповільнюється, але ризики
        для неї зберігаються": the inflation's). Not a thing in a clause inserted in the
        pronoun's ("Страх, що випробування зірветься, знову охопив його")."""
        tokens = self.tokens
        if nominative or tokens[k].lower_ in self.swap.pronoun_gender or not any(
                r.case == "Nom" for r in self._readings(tokens[k])):
            return False
        verb = self.swap._past_adverbials(k + 1, pronoun)
        if verb >= pronoun or not self.swap.agreement.subjects._finite_verb(tokens[verb]):
            return False
        end = next((j for j in range(verb + 1, pronoun) if self.clauses._ends_clause(j)), None)
        return end is not None and end + 1 < pronoun and any(
            r.pos in ("CCONJ", "SCONJ") for r in self._readings(tokens[end + 1]))
