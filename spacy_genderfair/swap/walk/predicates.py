"""What a verb says of a person: the predicate of a subject ("був депутатом", "Черніков
також відомий", "вона така дурна") and of an object ("визнав винним", "якого всі вважали
винним"), found by walking a :class:`.clauses.ClauseReader`'s structure.

A person noun predicated in the instrumental ("був обраний суддею") is the swapper's business:
``predicated_person`` is told of it. Which words are person nouns is the swapper's too
(``person_noun``).
"""

from collections.abc import Callable

from spacy.tokens import Token

from ...morph import Reading
from ...tokens import is_word
from ..grammar.government import (
    _CLOSING_QUOTES,
    _OPENING_QUOTES,
    genitive_plural_noun,
    opening_preposition,
)
from ..grammar.verbs import takes_object
from ..rules import rule
from .clauses import _FUNCTION_POS, _INSERTED_WIDTH, ClauseReader, reader_words

_PREDICATE_POS = ("ADJ", "PRON", "NUM")
# The most words between an object and its instrumental predicate ("визнав інженера ДП
# «Південна залізниця» винним").
_OBJECT_TAIL_WIDTH = 7
# How far past the predicate words an object noun they may modify is looked for
# ("Вільногірський державний гірничо - металургійний комбінат").
_OBJECT_NOUN_REACH = 4


class PredicateFinder:
    """The predicates of one Doc's persons (see the module docstring)."""

    def __init__(self, clauses: ClauseReader, person_noun: Callable,
                 predicated_person: Callable) -> None:
        self.clauses = clauses
        self.tokens, self.lex, self._readings, self._agreeing_reading, self._past_adverbials = \
            clauses.basics
        self.person_labels = clauses.person_labels
        self._person_noun, self._predicated_person = person_noun, predicated_person
        self.conjunctions = reader_words(clauses.lex).conjunctions

    @rule("predicate")
    def _predicate(self, j: int, gender: str | None):
        """What the subject's verb predicates of it, starting at token ``j``:
        - a person noun in the instrumental ("був депутатом" → "була депутаткою") is swapped
          with its modifiers;
        - an adjective, participle or "один" standing for itself ("був відомий як",
          "виявилася приязною", "був одним із") agrees like the verb and is yielded."""
        doc = self.tokens
        if j < len(doc) and doc[j].lower_ in self.lex.profile.link_infinitives:
            j += 1  # "побажав залишитися неназваним", "мусив бути чесним" (not "вимагав
            # визнати недійсним договір": that adjective is the object's)
        k, predicated = j, []
        while k < len(doc) and self._adverb_before_predicate(doc[k], gender):
            k += 1  # "був уже одруженим", "був дуже веселий"
        while k < len(doc):
            if predicated and doc[k].lower_ in self.lex.profile.pair_conjunctions \
                    and k + 1 < len(doc):
                # "здається підозрілою і небезпечною": a conjunct in the same case
                conjunct = self._predicate_reading(doc[k + 1], gender)
                if conjunct is None or conjunct.case != predicated[-1][1].case:
                    break
                if k + 2 < len(doc) and self.clauses._modifies(conjunct, doc[k + 2]):
                    # the modifiers of the noun after them: "експресивний і поетичний образ"
                    # are none, "відомим і шанованим лікарем" are the predicated person's
                    if self._person_noun(doc[k + 2]) is not None:
                        yield from predicated
                    return
                k += 1
            match = self._predicate_reading(doc[k], gender)
            if match is None or doc[k].lower_ in self.lex.pronouns or any(
                    r.pos in _FUNCTION_POS for r in self._readings(doc[k])) \
                    or self._past_verb(doc[k]):
                break  # (not the conjunction "та": "не витримає та дремене"; not the verb
                # "була" in "готова була", which the analyser also reads as an adjective)
            predicated.append((doc[k], match))
            k += 1
        if k >= len(doc) or not is_word(doc[k]):
            if not (predicated and k < len(doc) and self._object_of(j - 1, predicated, k)):
                yield from predicated  # (not "Мав спокійний, дещо замкнутий характер")
            return
        found = None if predicated and self._infinitive(doc[k]) else self._person_noun(doc[k])
        if found is not None:  # ("повинен мати": the infinitive, not the noun мати)
            if predicated and predicated[-1][1].case != found[1].case:
                yield from predicated  # "був обраний суддею"
            if found[1].case == "Ins" and gender is not None:
                self._predicated_person(doc[k], *found, gender)
            return
        noun = k
        while noun < len(doc) and self.clauses._only_adverb(doc[noun]):
            noun += 1
        if predicated and self._object_of(j - 1, predicated, k):
            return  # "очолював Вільногірський державний … комбінат": the object's modifiers
        if predicated and not (noun < len(doc) and not self._infinitive(doc[noun])
                               and not self._past_verb(doc[noun]) and (
                self.clauses._modifies(predicated[-1][1], doc[noun])
                or (is_word(doc[noun]) and not self.lex.analyzer.is_known(doc[noun].lower_)))):
            # not the modifiers of a following noun ("був перший раз", "творив упослідженою
            # тоді мовою", "заховав свій corpus delicti": a word the analyser does not know
            # may be that noun)
            yield from predicated
            if noun < len(doc) and doc[noun].lower_ in self.lex.profile.link_infinitives:
                yield from self._predicate(noun, gender)  # "повинен бути чесним"

    @rule("purpose-infinitive")
    def _purpose_predicates(self, genders: set[str]):
        """(word, reading, gender) of the predicates of the linking infinitives right after a
        conjunction of purpose, adverbs between ("мусить осучаснити музику, щоб бути
        актуальним", "пішов у медицину, аби стати лікарем"), where the sentence's subject has
        one gender (``genders``): such a clause has no subject of its own, so they are that
        subject's."""
        doc, purpose = self.tokens, self.lex.profile.purpose_conjunctions
        if len(genders) != 1:
            return
        (gender,) = genders
        for token in doc:
            if token.lower_ in purpose and not self._group_or_speaker_before(token.i):
                k = self._past_adverbials(token.i + 1)
                if k < len(doc) and doc[k].lower_ in self.lex.profile.link_infinitives:
                    for word, reading in self._predicate(k, gender):
                        yield word, reading, gender

    def _group_or_speaker_before(self, i: int) -> bool:
        """Whether the nearest finite verb before token ``i`` is plural or of the first or
        second person ("прагнемо, аби бути цікавим": ours, no third person's)."""
        for k in range(i - 1, -1, -1):
            verbs = [r for r in self._readings(self.tokens[k])
                     if r.pos == "VERB" and r.verb_form == "Fin"]
            if verbs:
                return all(r.number == "Plur" or r.person in ("1", "2") for r in verbs)
        return False

    @rule("predicate-before-verb")
    def _predicate_before_verb(self, verb: int, gender: str | None):
        """An instrumental adjective or ordinal of ``gender`` opening the clause of the verb
        at ``verb``, whose subject follows it, adverbs between, or a clause opened by a
        pronoun ("Першим прийшов директор", "Першим, хто звернув увагу, став консультант"):
        what the verb predicates of its subject."""
        doc = self.tokens
        if gender is None:
            return
        k = verb - 1
        while k >= 0 and self.clauses._is_adverbial(doc[k]):
            k -= 1
        while (opening := self._phrase_preposition(k)) is not None:
            k = opening - 1  # past a prepositional phrase: "Наймолодшим у нас був Ахмед"
            while k >= 0 and self.clauses._is_adverbial(doc[k]):
                k -= 1
        if k > 0 and doc[k].text == ",":  # past ", хто звернув увагу,"
            opening = next((m for m in range(k - 1, max(k - _INSERTED_WIDTH, 0), -1)
                            if doc[m].text == ","), None)
            if opening is None or not any(r.pos == "PRON" for r in self._readings(
                    doc[opening + 1])):
                return
            k = opening - 1
        if k < 0 or (k > 0 and not self.clauses._ends_clause(k - 1) and not any(
                r.pos in ("CCONJ", "SCONJ") for r in self._readings(doc[k - 1]))):
            return  # (not a modifier after a preposition: "з останнім пішов")
        match = self._agreeing_reading(doc[k], ("ADJ", "NUM"), gender, "Ins")
        if match is not None:
            yield doc[k], match

    def _phrase_preposition(self, k: int) -> int | None:
        """The index of the preposition opening a phrase of nouns, pronouns and their
        modifiers that ends at ``k`` ("у складі нашої збірної", "у нас"), else None."""
        j = opening_preposition(self.tokens, k, self.lex, self._readings,
                                ("NOUN", "PROPN", "ADJ", "PRON", "NUM"))
        return j if j is not None and j < k else None

    @rule("adverb-before-predicate")
    def _adverb_before_predicate(self, token: Token, gender: str | None) -> bool:
        """Whether ``token`` is an adverb before a predicate of ``gender``: one that reads
        only so, or whose other readings are adjectives of another gender ("дуже", also
        the neuter short form of дужий, before "веселий")."""
        if self.clauses._only_adverb(token):
            return True
        readings = self._readings(token)
        return gender is not None and any(r.pos == "ADV" for r in readings) and all(
            r.pos == "ADV" or (r.pos == "ADJ" and r.number != "Plur"
                               and r.gender not in (gender, None))
            for r in readings)

    @rule("object-of")
    def _object_of(self, verb: int, predicated, after: int) -> bool:
        """Whether the nominative words after the verb at ``verb`` are the modifiers of its
        object instead: the verb takes one (it is no linking verb), each word's form is also
        the accusative of a thing (masculine or neuter), and a thing's noun in that
        accusative follows them within a compound or two ("очолював Вільногірський
        державний гірничо-металургійний комбінат")."""
        doc = self.tokens
        if verb < 0 or not takes_object(doc[verb], self.lex) or any(
                r.lemma in self.lex.profile.linking_verbs | self.lex.profile.predicate_lemmas
                for t in (doc[verb], *(t for t, _ in predicated)) for r in self._readings(t)):
            return False
        gender = predicated[-1][1].gender
        if not all(reading.case == "Nom" and any(
                r.case == "Acc" and r.gender == reading.gender and r.pos == reading.pos
                for r in self._readings(token)) for token, reading in predicated):
            return False
        for k in range(after, min(after + _OBJECT_NOUN_REACH, len(doc))):
            if any(r.pos == "NOUN" and r.case == "Acc" and r.gender == gender and not r.animate
                   for r in self._readings(doc[k])):
                return True
        return False

    def _predicate_reading(self, token: Token, gender: str | None) -> Reading | None:
        """The reading of a predicate word agreeing in ``gender``: instrumental before
        nominative, and of the profile's ``predicate_lemmas`` where the form has several
        ("сама": сам, not самий)."""
        match = (self._agreeing_reading(token, _PREDICATE_POS, gender, "Ins")
                 or self._agreeing_reading(token, _PREDICATE_POS, gender, "Nom"))
        if match is None or match.lemma in self.lex.profile.predicate_lemmas:
            return match
        return next((r for r in self._readings(token)
                     if r.lemma in self.lex.profile.predicate_lemmas
                     and r._replace(lemma=match.lemma) == match), match)

    def _infinitive(self, token: Token) -> bool:
        return any(r.pos == "VERB" and r.verb_form == "Inf" for r in self._readings(token))

    def _past_verb(self, token: Token) -> bool:
        return any(r.pos == "VERB" and r.gender for r in self._readings(token))

    @rule("object-predicate")
    def _object_predicate(self, first: int, end: int, gender: str, *, tail: bool = True):
        """What a verb such as "визнати" (profile ``object_predicate_verbs``) says in the
        instrumental of its object, the person at [first, end) with its modifiers: an
        adjective right before the object ("визнав винною колишню заступницю") or after it
        and its genitive tail ("визнав інженера ДП «Південна залізниця» винним"), which is
        yielded, or a person noun after it ("обрали Петра депутатом"), which the swapper
        swaps. Without ``tail`` the predicate must follow right after: "визнав його
        винним", not the possessive "визнав його брата винним"."""
        doc = self.tokens
        k, before = first - 1, None
        if k >= 0 and (match := self._agreeing_reading(doc[k], ("ADJ",), gender, "Ins")):
            before, k = (doc[k], match), k - 1
        while k >= 0 and (self.clauses._is_adverbial(doc[k])
                          or self.clauses._possessor_pronoun(doc[k])):
            k -= 1  # "визнав його брата винним"
        j = end
        if k >= 0 and self._predicating_verb(doc[k]):
            if before is not None:
                yield before
                return
            while tail and j < min(end + _OBJECT_TAIL_WIDTH, len(doc)) \
                    and self._in_object_tail(doc[j]):
                j += 1
        else:  # the object before its verb: "Її вважали найкращою"
            j = self._past_adverbials(end)
            if j >= len(doc) or not self._predicating_verb(doc[j]):
                return
            j += 1
        if j >= len(doc) or not is_word(doc[j]):
            return
        found = self._person_noun(doc[j])
        if found is not None:
            if found[1].case == "Ins":
                self._predicated_person(doc[j], *found, gender)
            return
        match = self._agreeing_reading(doc[j], ("ADJ",), gender, "Ins")
        if match is not None and not (
                j + 1 < len(doc) and self.clauses._modifies(match, doc[j + 1])):
            yield doc[j], match

    @rule("predicating-verb")
    def _predicating_verb(self, token: Token) -> bool:
        """A verb whose instrumental describes its object ("визнав", "вважали")."""
        return any(r.pos == "VERB" and r.lemma in self.lex.profile.object_predicate_verbs
                   for r in self._readings(token))

    @rule("in-object-tail")
    def _in_object_tail(self, token: Token) -> bool:
        """A word of what an object's head may have after it: an entity other than a person
        ("інженера ДП «Південна залізниця»"), its quotes, or a genitive ("інженера заводу")."""
        if token.ent_type_:
            return token.ent_type_ not in self.person_labels
        if token.text in _CLOSING_QUOTES or token.text in _OPENING_QUOTES:
            return True
        return is_word(token) and any(r.case == "Gen" for r in self._readings(token))

    @rule("predicate-of-relative-object")
    def _predicate_of_relative_object(self, subject: int, verb: Token) -> bool:
        """Whether the instrumental after ``verb`` is said of the relative pronoun that
        opens the clause of the subject at ``subject``, the verb's object, not of that
        subject: "якого прокурор вважав винним" (the one whom the prosecutor thought
        guilty)."""
        if not self._predicating_verb(verb):
            return False
        comma = next((k for k in range(subject - 1, max(subject - 4, 0) - 1, -1)
                      if self.tokens[k].text == ","), None)
        if comma is None or self.clauses.phrases._relative_pronoun_at(comma + 1) != comma + 1:
            return False
        at = comma + 1
        # (right after the comma, not a preposition's; with the subject after it, it is no
        # subject, and a form that reads accusative is the verb's object: "якого", "який")
        return at < subject and any(
            r.case == "Acc" for r in self._readings(self.tokens[at]))

    @rule("verbless-predicate")
    def _verbless_predicate(self, end: int, j: int, gender: str | None) -> bool:
        """Whether token ``j`` is an adjective right after the subject ending at ``end`` (but
        for adverbs and a prepositional phrase): "Черніков також відомий як", "сам
        комунальник в цій фірмі вказаний директором", not "Кіпріанова та ін"."""
        readings = self._readings(self.tokens[j])
        phrases = self.clauses.phrases
        after = phrases._past_governed_words(phrases._past_genitives(end, j), j)
        return (self._agreeing_reading(self.tokens[j], ("ADJ",), gender, "Nom") is not None
                and not any(r.pos in _FUNCTION_POS for r in readings)
                and not genitive_plural_noun(self.tokens[j], readings)  # "майстрів"
                and all(self.clauses._is_adverbial(self.tokens[k]) for k in range(after, j))
                # (one right after a preposition is its object's: "у декларації за
                # минулий рік")
                and self.tokens[j - 1].lower_ not in self.lex.profile.preposition_cases)

    @rule("predicate-determiner")
    def _predicate_determiner(self, end: int, j: int, gender: str | None) -> Reading | None:
        """The reading of a pronoun-determiner at ``j`` that opens a verbless predicate
        right after the subject ending at ``end`` (adverbs between), an adjective standing
        for itself after it: "якщо він такий дурний і нездогадливий", "Зінаїда теж якийсь
        засвічений"."""
        if j + 1 >= len(self.tokens) or not all(
                self.clauses._is_adverbial(self.tokens[k]) for k in range(end, j)):
            return None
        match = self._agreeing_reading(self.tokens[j], ("PRON",), gender, "Nom")
        return match if match is not None and self._standing_adjective(
            self.tokens[j + 1], gender) else None

    @rule("standing-adjective")
    def _standing_adjective(self, token: Token, gender: str | None) -> bool:
        """An adjective agreeing with the subject that modifies no word after it."""
        match = self._agreeing_reading(token, ("ADJ",), gender, "Nom")
        return match is not None and token.i + 1 < len(self.tokens) \
            and not self.clauses._modifies(match, self.tokens[token.i + 1])

    def _predicate_word(self, token: Token, gender: str | None) -> Reading | None:
        """The reading of an adjective, participle or determiner ("такий") in the
        nominative that agrees with a subject of ``gender``."""
        return self._agreeing_reading(token, ("ADJ",), gender, "Nom") or (
            self._agreeing_reading(token, ("PRON",), gender, "Nom")
            if token.lower_ not in self.lex.pronouns else None)

    @rule("predicate-words")
    def _predicate_words(self, k: int, closing: int, gender: str | None) -> list:
        """The words from ``k`` to the comma at ``closing`` that agree with the subject: the
        adjectives and participles standing for themselves, past adverbs and the
        conjunctions between them (", такий старенький і згорблений,")."""
        doc, found = self.tokens, []
        while k < closing:
            match = self._predicate_word(doc[k], gender)
            if match is not None and (self._standing_adjective(doc[k + 1], gender)
                                      if match.pos == "PRON"
                                      else not self.clauses._modifies(match, doc[k + 1])):
                found.append((doc[k], match))  # ("такий старенький": both stand alone)
            elif match is None and not (self.clauses._only_adverb(doc[k])
                                        or doc[k].lower_ in self.conjunctions):
                break  # ("втомлений від роботи": the phrase goes on with its own words)
            k += 1
        return found

    @rule("comparison-after-verb")
    def _comparison_after_verb(self, k: int, gender: str | None):
        """The adjectives of a comparison right after the subject's verb and a comma, with
        no noun of its own ("підскочила, мов ошпарена,", "вискочив, як ошпарений"): they
        are said of the subject."""
        doc = self.tokens
        if k + 2 >= len(doc) or doc[k].text != "," or not any(
                r.pos in ("CCONJ", "PART") for r in self._readings(doc[k + 1])):
            return
        end = next((m for m in range(k + 2, min(k + 2 + _INSERTED_WIDTH, len(doc)))
                    if not is_word(doc[m])), None)
        if end is None or not self.clauses._ends_clause(end):
            return
        words = self._predicate_words(k + 2, end, gender)
        if words and len(words) == end - k - 2 - sum(
                doc[m].lower_ in self.conjunctions for m in range(k + 2, end)):
            yield from words  # (only adjectives and their conjunctions: "як ошпарений")
