"""Whether a third-person pronoun stands for something that is no person (no parser needed).

A pronoun turns with the persons swapped only when what it stands for is a person. Its
antecedent is read as the nearest word before it that may be one, in the pronoun's gender
and the singular ("він" a masculine's; "його", "ним", "ньому" a masculine's or a neuter's;
"вона", "її", "нею", "ній", "їй" a feminine's):

- a person: a name of that gender, a person noun the lexicon knows (swapped or not), a
  capitalised word the analyser reads as a first name or surname, or an earlier pronoun
  of that gender that turned; the pronoun then turns as before;
- no person: a word of an organisation or place entity, or a noun of that gender that is
  no person noun: a thing ("Уряд ухвалив закон, і він набуде чинності"), a place, or an
  animal; the pronoun stays.

Not every noun on the way is a candidate: a genitive right after a noun depends on it
("директор заводу …, він": the director), and a noun after a preposition is no antecedent
of a nominative pronoun ("У цьому році він …"). A pronoun with no candidate before it in its
sentence reads on in the sentences before (``context``: the readers of the Doc's earlier
sentences, walk/__init__.py); with none there either, it turns as before.
"""

from spacy.tokens import Token

from ...tokens import is_word
from ..rules import rule
from .candidate_kinds import _NOUN_POS, _QUOTES, CandidateKinds
from .clauses import _MODIFIER_POS
from .own_clause import _SENTENCE_ENDS, OwnClauseReader

# The genders of the nouns a pronoun of a gender may stand for: the oblique masculine forms
# are the neuter's too ("його", "ним"); the nominative "він" is the masculine's only.
_ANTECEDENT_GENDERS = {("Masc", False): frozenset({"Masc", "Neut"}),
                       ("Masc", True): frozenset({"Masc"}),
                       ("Fem", False): frozenset({"Fem"}), ("Fem", True): frozenset({"Fem"})}
# What sets off quoted speech from the words around it.
_SPEECH_MARKS = frozenset({"—", "–", *_QUOTES})
# How many sentences before its own a pronoun's antecedent is looked for in.
CONTEXT_SENTENCES = 3


class AntecedentReader:
    """Reads the antecedents of the pronouns of the swap ``swap`` (engine._MorphSwapper):
    its names, person nouns and edits so far, which it reads, never changes; it keeps the
    pronouns it found to stand for no person, which a later pronoun may stand for too."""

    def __init__(self, swap) -> None:
        self.swap = swap
        self.tokens, self.lex, self.clauses = swap.tokens, swap.lex, swap.clauses
        self._readings = swap._readings
        self.own_clause = OwnClauseReader(swap)
        self.kinds = CandidateKinds(swap)
        # the pronouns read as standing for no person
        self.non_persons: set[int] = set()
        # the reader of the sentence before, swapped before this one (walk/__init__.py),
        # where a pronoun with no candidate in its own sentence reads on
        self.context: AntecedentReader | None = None

    @rule("non-person-antecedent")
    def _non_person_antecedent(self, token: Token) -> bool:
        """Whether the pronoun at ``token`` stands for no person (see the module docstring):
        the nearest candidate before it of its gender and number is a thing, a place, an
        organisation or an animal. Remembers the answer for the pronouns after it."""
        swap = self.swap
        gender = swap.pronoun_gender[token.lower_]
        nominative = swap.agreement.subjects._nominative_pronoun(token.i)
        genders = _ANTECEDENT_GENDERS[gender, nominative]
        # (an oblique pronoun is not its own clause's subject, which would be "свій", "себе":
        # "дендропарк був його приймальнею" is someone's)
        # and a nominative pronoun is its clause's subject: no other noun of the clause
        # is what it stands for ("Військовий квиток він загубив")
        clause = set(swap.agreement.subjects._clause_tokens(token.i))
        # an oblique pronoun in a noun's phrase may stand for its clause's subject ("Наказ
        # набирає чинності з дня його опублікування"); not one before a verb ("вигляд у
        # нього був") nor right after a preposition ("Свічка тремтіла в її руках")
        in_phrase = not nominative and not self.own_clause._verb_at(token.i + 1) and (
            swap.binding._inside_phrase(token.i) or self.own_clause._after_noun(token.i))
        acted_on = in_phrase and self.own_clause._before_verbal_noun(token.i)
        k = token.i - 1
        # a person before a thing may still be the pronoun's, unless a pronoun of its
        # gender is its own clause's subject and stands for that person ("Вчитель отримав
        # лист, але він його не прочитав": його, bound apart from він, is the letter)
        bound_apart = False
        while k >= 0:
            own_subject = (k in clause and (nominative or (
                not in_phrase and self.own_clause._before_its_verb(k, token.i)))) \
                or (not nominative and self.own_clause._inserted_after(k, token.i))
            if own_subject and self.tokens[k].lower_ in swap.pronoun_gender \
                    and swap.pronoun_gender[self.tokens[k].lower_] in genders:
                bound_apart = True
            found = None if own_subject else self._candidate(k, genders, nominative)
            if found is not None:
                nearer = self.own_clause._subject_of_nearer_clause(k, token.i, nominative)
                if found or (not bound_apart and not acted_on and not nearer
                             and self._person_before(k, genders, nominative,
                                                     None if nominative or in_phrase else token.i)):
                    return False
                self.non_persons.add(token.i)
                return True
            k -= 1
        if self._thing_in_sentence(token.i, genders, nominative, clause) \
                or (nominative and self._object_thing_before(token.i, genders, clause)) \
                or self._earlier_non_person(genders, nominative):
            self.non_persons.add(token.i)
            return True
        return False

    @rule("object-antecedent")
    def _object_thing_before(self, pronoun: int, genders: frozenset, clause: set[int]) -> bool:
        """Whether a nominative pronoun with no subject before it to stand for has a thing
        that is a verb's object in an earlier clause of its sentence, with no person before
        it: a subject stands for a subject first, where there is none for the object
        ("Рада ухвалила закон, і вже наступного тижня він має надійти на підпис")."""
        for k in range(pronoun - 1, -1, -1):
            if self.tokens[k].text in _SPEECH_MARKS:
                return False  # (not into the words someone says: "«Знаю я твою хвильку»,
                # — буркнула вона")
            found = None if k in clause else self._candidate(k, genders, False)
            if found is not None:
                return not found and not self._person_before(k, genders, False)
        return False

    @rule("thing-in-sentence")
    def _thing_in_sentence(self, pronoun: int, genders: frozenset, nominative: bool,
                           clause: set[int]) -> bool:
        """Whether a pronoun with no candidate before it in its sentence (so no person
        there either) still has a thing of its gender and number there: a genitive that
        depends on a noun ("використання металу та виробів з нього"). It stands for that
        thing rather than for someone sentences back. Not in a prepositional phrase of its
        own clause ("Під час обшуку у нього вилучили", "За результатами розслідування його
        звільнили"), nor in a comparison ("мов струна, вона"); and for a nominative pronoun
        nothing of its own clause ("У цьому році він"). (A noun of an earlier clause as such
        is no such antecedent: "Коли ми зайшли в будинок, він спав" is someone's.)"""
        for k in range(pronoun - 1, -1, -1):
            if (nominative and k in clause) \
                    or self._in_prepositional_phrase(k, comparisons_only=k not in clause):
                continue
            if self._genitive_of_noun(k) and self._thing_noun(k, genders):
                return True
        return False

    def _genitive_of_noun(self, k: int) -> bool:
        """Whether the word at ``k`` reads as a genitive right after a noun, its own
        modifiers between (its dependent: "використання металу", "найменування
        територіальної громади")."""
        if not any(r.case == "Gen" for r in self._readings(self.tokens[k])):
            return False
        j = k - 1
        while j > 0 and any(r.pos in _MODIFIER_POS and r.case == "Gen"
                            for r in self._readings(self.tokens[j])) \
                and not any(r.pos == "NOUN" for r in self._readings(self.tokens[j])):
            j -= 1
        # (not a preposition that also spells a noun: "до", the note)
        return j >= 0 and self.tokens[j].lower_ not in self.lex.profile.preposition_cases \
            and any(r.pos == "NOUN" for r in self._readings(self.tokens[j]))

    def _thing_noun(self, k: int, genders: frozenset) -> bool:
        """Whether the word at ``k`` is only ever a common noun of one of ``genders`` in
        the singular, inanimate, and of no entity: a thing."""
        token = self.tokens[k]
        if not is_word(token) or token.text[:1].isupper() or k in self.swap.entity_label \
                or k in self.swap.person_nouns:
            return False
        readings = self._readings(token)
        return bool(readings) and all(r.pos == "NOUN" and not r.animate for r in readings) \
            and any(r.gender in genders and r.number == "Sing" for r in readings) \
            and not self.kinds._counted(k) and not self.kinds._possessed_by_pronoun(k, genders)

    def _in_prepositional_phrase(self, k: int, comparisons_only: bool = False) -> bool:
        """Whether the noun at ``k`` is in a preposition's phrase (with
        ``comparisons_only``, a comparison's: "мов струна"): a preposition before it with
        only nouns and their modifiers between ("за всю історію рейтингу")."""
        profile = self.lex.profile
        governors = profile.comparison_words if comparisons_only \
            else (*profile.preposition_cases, *profile.comparison_words)
        for j in range(k - 1, -1, -1):
            word = self.tokens[j]
            if word.lower_ in governors:
                return True
            if not is_word(word) or not any(r.pos in (*_NOUN_POS, *_MODIFIER_POS, "NUM")
                                            for r in self._readings(word)):
                return False
        return False

    def _in_context_thing(self, token: Token) -> bool:
        """Whether the pronoun at ``token`` has no candidate in its own sentence and the
        sentences before it say it stands for no person ("Компанія оголосила тендер. Вона
        повідомила": no speaker of its own)."""
        if self.context is None:
            return False
        gender = self.swap.pronoun_gender[token.lower_]
        nominative = self.swap.agreement.subjects._nominative_pronoun(token.i)
        genders = _ANTECEDENT_GENDERS[gender, nominative]
        return not any(self._candidate(k, genders, nominative) is not None
                       for k in range(token.i)) \
            and self._earlier_non_person(genders, nominative)

    @rule("antecedent-in-earlier-sentence")
    def _earlier_non_person(self, genders: frozenset, nominative: bool) -> bool:
        """Whether a pronoun with no candidate in its own sentence stands for no person: the
        nearest candidate in the sentences before it (their readers, ``context``) is a
        thing, a place, an organisation or an animal, with no person before it in its
        sentence ("Держава ухвалила закон. Вона …" stays)."""
        reader = self.context
        while reader is not None:
            # a subject stands for a subject first; where that sentence has none of the
            # pronoun's gender, its object ("Уряд ухвалив постанову. Вона набуде чинності")
            for subject_first in (nominative, False)[: 2 if nominative else 1]:
                for k in range(len(reader.tokens) - 1, -1, -1):
                    found = reader._candidate(k, genders, subject_first)
                    if found is not None:
                        return not found and not reader._person_before(k, genders,
                                                                       subject_first)
            reader = reader.context
        return False

    @rule("person-before-thing")
    def _person_before(self, k: int, genders: frozenset, nominative: bool,
                       object_pronoun: int | None = None) -> bool:
        """Whether a person the pronoun may stand for stands before the thing at ``k`` in
        the thing's sentence: the pronoun may be that person's still ("Петренко купив
        будинок, і він …") and turns, as it does where nothing before it tells. Not the
        subject of an ``object_pronoun`` (its index), which is never its own clause's subject."""
        j = k - 1
        while j >= 0 and self.tokens[j].text not in _SENTENCE_ENDS:
            if self._candidate(j, genders, nominative) and not (
                    object_pronoun is not None and self.own_clause._subject_of(j, object_pronoun)):
                return True
            j -= 1
        return False

    def _argument_person(self, start: int) -> bool:
        """Whether the name at ``start`` is an argument of its clause, no owner after a noun
        nor in a preposition's phrase ("Збірник Івана Шевченка вийшов. Він …": the book)."""
        return not self._in_prepositional_phrase(start) and not self._genitive_of_noun(start)

    def _candidate(self, k: int, genders: frozenset, nominative: bool) -> bool | None:
        """True where token ``k`` is a person the pronoun may stand for, False where it is
        a non-person the pronoun may stand for, None where it is no candidate."""
        swap = self.swap
        mention = next((m for m in swap.name_starts.values() if m.start <= k < m.end), None)
        if mention is not None:
            # (a nominative pronoun stands for a subject: not for a name that is a noun's
            # owner or in a preposition's phrase)
            return True if mention.gender in genders and (
                not nominative or self._argument_person(mention.start)) else None
        if any(start <= k < end for start, end in swap.unknown_names):
            return True  # a name whose gender nobody knows may be anyone's
        if k in swap.person_nouns:
            return True if swap.person_nouns[k][0] in genders else None
        token = self.tokens[k]
        if token.lower_ in swap.pronoun_gender:
            if swap.pronoun_gender[token.lower_] not in genders:
                return None
            if k in self.non_persons:
                return False
            edit = swap.edits_by_token.get(k)
            return True if edit is not None and edit.reason == "pronoun" else None
        if not is_word(token):
            return None
        label = swap.entity_label.get(k)
        if label in self.lex.profile.person_labels:
            return True
        if label in swap.job_labels:
            return True if self.kinds._person_noun(token, genders) else None
        readings = self._readings(token)
        nouns = [r for r in readings if r.pos in ("NOUN", "PROPN") and r.gender in genders
                 and r.number == "Sing"]
        if not nouns:
            return None
        if self.kinds._counted(k) or self.kinds._possessed_by_pronoun(k, genders):
            return None
        if swap.exclusions._in_quoted_title(token):
            # a quoted name names a work or a body, no person: after a noun, that noun is
            # the candidate ("гру «Полтавка». Вона": the game), else the name itself
            opening = next((j for j in range(k, -1, -1) if self.tokens[j].text in _QUOTES), 0)
            return None if opening > 0 and any(r.pos == "NOUN" for r in self._readings(
                self.tokens[opening - 1])) else False
        if label is not None:  # an organisation's or a place's word ("Укренерго", "Київ")
            return False if self.kinds._entity_head(k) and self._argument(k, nouns, nominative) \
                else None
        if (self.kinds._person_noun(token, genders) or any(r.animate for r in nouns)) \
                and self.kinds._thing_homograph(token):
            return None  # the thing it also spells: "статистику", the statistics, not
            # статистик's dative
        if self.kinds._person_noun(token, genders):
            # (a title kept as an organisation's names it: "Відповідач — товариство — …, а
            # його юрист")
            return not (k not in swap.edits_by_token and any(
                r.lemma in swap.organisation_roles for r in nouns))
        if self.kinds._animal(k):
            return False
        if token.text[:1].isupper() and self.kinds._body_name(k, nouns):
            return False if self._argument(k, nouns, nominative) else None
        if token.text[:1].isupper() and (
                any(r.name_part for r in self.clauses._readings_as_written(k))
                or not self.lex.analyzer.is_known(token.lower_)):
            return True  # a first name or surname, or a word nobody knows: a name
        if any(r.pos not in _NOUN_POS for r in readings) \
                and not (all(r.pos in (*_NOUN_POS, "VERB") for r in readings)
                         and self.clauses._noun_not_verb(k)):
            return None  # "під", "разом", "стала", "чужа": the preposition, adverb, verb
            # or adjective
        if any(r.animate for r in nouns):
            # a being the lexicon does not know ("Господь"): maybe a person, but for a noun's
            return None if self._genitive_of_noun(k) else True  # genitive: "вид лишайника"
        if self._argument(k, nouns, nominative):
            return False
        return None

    @rule("argument-antecedent")
    def _argument(self, k: int, nouns: list, nominative: bool) -> bool:
        """Whether the noun at ``k`` may be a pronoun's antecedent: a verb's argument — in
        the nominative for a nominative pronoun (a subject stands for a subject: "сусід
        завів кота, і він"; not its verb's object), in the nominative or accusative for
        another — not a genitive right after a noun ("директор заводу") nor a noun after its
        preposition ("у цьому році", "під час")."""
        cases = ("Nom",) if nominative else ("Nom", "Acc")
        if not any(r.case in cases for r in nouns):
            return False
        if any(r.case == "Gen" for r in nouns) and k > 0 and any(
                r.pos == "NOUN" for r in self._readings(self.tokens[k - 1])):
            return False
        j = k
        # (the profile's comparison words open a comparison, whose noun stands for nothing:
        # "пряма, мов струна, вона")
        governors = (*self.lex.profile.preposition_cases, *self.lex.profile.comparison_words)
        while j > 0 and any(r.pos in _MODIFIER_POS for r in self._readings(self.tokens[j - 1])) \
                and self.tokens[j - 1].lower_ not in governors:
            j -= 1  # "у цьому році", "за жоден рік"
            if j > 1 and self.clauses._prefix_hyphen(j - 1):
                j -= 2  # "через контрольно-пропускний пункт"
        if j > 0 and self.tokens[j - 1].lower_ in governors:
            return False  # (nor the noun of a comparison: "мов струна")
        return not (nominative and self._object(j))

    def _object(self, j: int) -> bool:
        """Whether the noun phrase starting at ``j`` follows a verb that has a word before
        it in its clause (its subject): the verb's object, where the nominative spells like
        the accusative ("Вчитель отримав лист, але він": the teacher)."""
        verb = j - 1
        while verb >= 0 and self.clauses._is_adverbial(self.tokens[verb]):
            verb -= 1
        if verb < 1 or self.clauses._noun_not_verb(verb) or not any(
                r.pos == "VERB" and r.verb_form == "Fin"
                for r in self._readings(self.tokens[verb])):
            return False
        before = verb - 1
        while before >= 0 and self.clauses._is_adverbial(self.tokens[before]):
            before -= 1
        return before >= 0 and not self.clauses._ends_clause(before) and not any(
            r.pos in ("CCONJ", "SCONJ") for r in self._readings(self.tokens[before]))
