"""Find the words that agree with a person: modifiers, verbs, predicates, relative pronouns.

``AgreementFinder._agreeing`` walks from a person mention at tokens [start, end) to every
word whose gender follows it, each with the analyser reading to re-inflect: the modifiers
before it, the verb of its clause (and the verbs coordinated with it), what that verb
predicates of it ("був депутатом"), a relative pronoun and its verb (", який очолював"),
and an appositive participle (", прописаний у місті"). It walks a
:class:`.clauses.ClauseReader`'s structure; which words are persons, and what happens to a
predicated person noun, are the swapper's business, given as two functions.

``_subjectless_verbs`` finds, once the walks are done, the past-tense verbs of a swapped
subject's gender that the walks could not reach and that have no subject of their own in
their clause: a sentence's only subject of that gender is theirs.
"""

from collections.abc import Callable
from functools import lru_cache

from spacy.tokens import Token

from ..lexicon import Lexicon
from ..morph import OTHER_GENDER, Reading
from ..tokens import is_word
from .clauses import (
    _FUNCTION_POS,
    _INSERTED_WIDTH,
    _MODIFIER_POS,
    _PHRASE_REACH,
    _SENTENCE_END,
    ClauseReader,
    reader_words,
)
from .government import (
    _CLOSING_QUOTES,
    _OPENING_QUOTES,
    genitive_plural_noun,
    takes_object,
)
from .predicates import PredicateFinder
from .rules import rule

# What may be a verb's own subject ("майдан", "я", "Чернівецький").
_SUBJECT_POS = ("NOUN", "PROPN", "PRON")
# How many words before the comma the noun an uninflected relative stands for may stand
# ("гімн міста, що").
_ANTECEDENT_REACH = 3
# A singular noun read in this many cases does not decline (замгубернатора, пані).
_UNDECLINED_CASES = 6
# The longest apposition between commas that is skipped ("магістратський писар").
_APPOSITION_WIDTH = 4
# How long a genitive tail of things may be before a relative pronoun that is still the
# person's ("начальник відділу лісового господарства Лугинського держлісгоспу, який").
_LONG_TAIL_WIDTH = 8
# The most words (quotes not counted) in a prepositional phrase between a conjunction and the
# verb coordinated with the one before it ("та разом ще з кількома депутатами від
# «Батьківщини» і «Фронту змін» долучився").
_PHRASE_WIDTH = 10
# How far after its verb the subject's emphatic "сам" may stand ("вивіз Вовка з села сам").
_EMPHATIC_REACH = 5
# What juxtaposes verbs that share a subject ("вдихнув, заплющив очі").
_JUXTAPOSING = frozenset({",", "–", "—"})
# What opens a phrase set off after a noun: ", прописаний у місті", "(позапартійний)".
_APPOSITION_OPENERS = frozenset({",", "("})


@lru_cache(maxsize=50_000)
def _emphatic_form(lexicon: Lexicon, word: str) -> bool:
    """Whether ``word`` reads as a nominative of the emphatic "сам" (profile
    ``predicate_lemmas``): a cheap first test, cached per word."""
    predicates = lexicon.profile.predicate_lemmas
    return any(r.lemma in predicates and r.case == "Nom" for r in lexicon.analyzer.analyze(word))


class AgreementFinder:
    """The words that agree with a person, found by walking the clause structure that a
    :class:`.clauses.ClauseReader` reads. ``person_noun`` says whether a word is a person
    noun (and which), ``predicated_person`` is told of a person noun a subject's verb
    predicates of it in the instrumental ("був депутатом")."""

    def __init__(self, clauses: ClauseReader, person_noun: Callable, predicated_person: Callable
                 ) -> None:
        self.clauses = clauses
        # (the reader's basic questions, asked everywhere)
        self._readings = clauses._readings
        self._agreeing_reading = clauses._agreeing_reading
        self._past_adverbials = clauses._past_adverbials
        self.tokens = clauses.tokens
        self.lex = clauses.lex
        self.person_labels = clauses.person_labels
        self._person_noun = person_noun
        self._predicated_person = predicated_person
        # what a verb predicates of its subject or object
        self.predicates = PredicateFinder(clauses, person_noun, predicated_person)
        words = reader_words(clauses.lex)
        self.conjunctions = words.conjunctions
        self.coordinating = words.coordinating
        self.emphatic_particles = words.emphatic_particles
        self.euphonic_particles = words.euphonic_particles

    def _agreeing(self, start: int, end: int, case: str | None, gender: str | None, *,
                  modifiers: bool = True):
        """The words that agree with the person at tokens [start, end), each with its
        agreeing reading: the modifiers right before it in its case; for a nominative
        subject the first past-tense verb of its clause; a relative pronoun right after
        it (", який очолював" → ", яка очолювала") with that pronoun's own verb; and a
        participle after a comma in its case (", прописаний у місті")."""
        doc = self.tokens
        last = start - 1 if modifiers else -1
        while last > 1 and self.clauses._prefix_hyphen(last):
            last -= 2  # "колишнього віце-спікера", "першого віце-прем'єр-міністра": the
            # modifiers stand before the prefixes
        first = last + 1  # where the phrase with its modifiers starts
        for j in range(last, -1, -1):
            if doc[j].lower_ in self.emphatic_particles:
                continue  # "Цей же Черніков"
            if doc[j].lower_ in self.conjunctions and j > 0 and first > j and all(
                    self._adverb_in_phrase(doc[k], gender, case) for k in range(j + 1, first)) \
                    and self._coordinated_modifier(doc[j - 1], gender, case):
                continue  # "величний і безстрашний цар", "швейцарського й загалом
                # закордонного глядача": both modifiers agree
            if j > 0 and self._adverb_in_phrase(doc[j], gender, case) and (
                    self._agreeing_reading(doc[j - 1], _MODIFIER_POS, gender, case) is not None
                    or doc[j - 1].lower_ in self.conjunctions
                    or doc[j - 1].lower_ in self.emphatic_particles):
                continue  # "згаданого вище нардепа": the adverb of the modifier before it
            if self.clauses._possessor_pronoun(doc[j]) or self.clauses._relative_opening(j) or (
                    doc[j].lower_ in self.conjunctions
                    and doc[j + 1].lower_ not in self.emphatic_particles
                    and not self._demonstrative_after_function_word(j)):
                break  # "його брат", ", який архітектор": a possessor's or a relative
                # pronoun does not agree with the noun ("їхнім родичем" does); "та" before
                # "Василь" is the conjunction, not the demonstrative ("Та ж Чернікова")
            readings = self._readings(doc[j])
            if any(r.pos == "VERB" and r.gender for r in readings):
                break  # "Прийшла секретарка": the past-tense verb, not the adjective
                # "прийшлий" (a present-tense homograph is no such verb: "з молодим")
            if genitive_plural_noun(doc[j], readings):
                break  # "До лікарів Коля": no possessive лікарів
            match = self._agreeing_reading(doc[j], _MODIFIER_POS, gender, case)
            if match is None:
                break
            first = j
            yield doc[j], match
        if modifiers and first == start and case is not None \
                and (fronted := self._adjective_before_phrase(start, gender, case)):
            first = fronted[0].i
            yield fronted  # "Допитаний в якості свідка заступник", "відомого колись на
            # всю округу фотографа", with the modifiers before it ("єдиного допущеного до
            # участі конкурента")
            while first > 0 and (before := self._agreeing_reading(
                    doc[first - 1], ("ADJ",), gender, case)) is not None and not any(
                    r.pos in ("NOUN", "VERB") for r in self._readings(doc[first - 1])):
                first -= 1
                yield doc[first], before
        if case == "Acc" and gender is not None:
            yield from self.predicates._object_predicate(first if modifiers else start, end, gender)
        if case == "Nom":
            yield from self._clause_verb(start, end, gender)
        if gender is not None:
            yield from self._relative_clause(end, gender)
        if case is not None:
            yield from self._appositive_participle(end, case, gender)

    @rule("adverb-in-phrase")
    def _adverb_in_phrase(self, token: Token, gender: str | None, case: str | None) -> bool:
        """Whether ``token`` is an adverb or particle inside a noun phrase, between its
        modifiers: it reads as one and as no word agreeing with the noun or in its case
        ("вище", also the neuter of вищий; "загалом", also загал's instrumental; "цього ж
        таки дослідника")."""
        readings = self._readings(token)
        return token.lower_ not in self.conjunctions and (
            self.clauses._only_adverb(token) or any(r.pos in ("ADV", "PART") for r in readings)) \
            and not any(r.case == case for r in readings if r.pos == "NOUN") \
            and self._agreeing_reading(token, _MODIFIER_POS, gender, case) is None

    @rule("adjective-before-phrase")
    def _adjective_before_phrase(self, start: int, gender: str | None, case: str):
        """The adjective (with its reading) separated from the noun at ``start`` by a
        prepositional phrase of up to ``_PHRASE_REACH`` words and adverbs before it, in the
        noun's case and gender and agreeing with no word of that phrase: "Допитаний в
        якості свідка заступник", "відомого колись на всю округу фотографа"."""
        doc, k = self.tokens, start - 1
        while k >= 0 and start - k <= _PHRASE_REACH and is_word(doc[k]) \
                and doc[k].lower_ not in self.lex.profile.preposition_cases:
            k -= 1
        if k < 1 or start - k > _PHRASE_REACH or not is_word(doc[k]) \
                or doc[k].lower_ not in self.lex.profile.preposition_cases:
            return None
        phrase = range(k + 1, start)
        governed = (*self.lex.profile.preposition_cases[doc[k].lower_], "Gen")
        if not phrase or not all(any(r.case in governed for r in self._readings(doc[i]))
                                 for i in phrase):
            return None  # (the phrase's words are in its preposition's case or genitives)
        j = k - 1
        while j >= 0 and (self.clauses._is_adverbial(doc[j]) or any(
                r.pos == "PRON" and r.case is None for r in self._readings(doc[j]))):
            j -= 1  # "колись"
        if j < 0 or (j > 0 and doc[j - 1].text == ","):
            return None  # (after a comma, a participle's noun is before it: "цегли,
            # виробленої на цегельні Урмана")
        match = self._agreeing_reading(doc[j], ("ADJ",), gender, case)
        if match is None or any(r.pos in ("PRON", "VERB") for r in self._readings(doc[j])) \
                or any(r.case == match.case and r.gender in (match.gender, None)
                       and r.number == match.number
                       for i in phrase for r in self._readings(doc[i])
                       if r.case in governed[:-1]):
            return None  # (not when it may agree with a word of the phrase)
        return doc[j], match

    @rule("demonstrative-after-function-word")
    def _demonstrative_after_function_word(self, j: int) -> bool:
        """Whether the conjunction-like word at ``j`` ("та") is the demonstrative: it follows
        another conjunction, which no conjunction does ("як та мачуха", "і та жінка"), or
        a word that is only a verb, which no conjunction joins to the noun after it ("чим
        займається та дівчина")."""
        if j == 0 or not any(r.pos == "PRON" for r in self._readings(self.tokens[j])):
            return False
        before = self.tokens[j - 1]
        readings = self._readings(before)
        return is_word(before) and (any(r.pos in ("CCONJ", "SCONJ") for r in readings) or (
            bool(readings) and all(r.pos == "VERB" for r in readings)))

    @rule("demonstrative-subject")
    def _demonstrative_subject(self, j: int) -> Reading | None:
        """The nominative reading of a demonstrative at ``j`` that opens a clause after a
        conjunction ("щоб та", "але той"; not the emphatic "і сам", nor "та" after a verb,
        the conjunction joining two: "підвелася та приєдналася")."""
        if j == 0 or j >= len(self.tokens):
            return None
        readings = self._readings(self.tokens[j])
        subject = next((r for r in readings if r.pos == "PRON" and r.case == "Nom"
                        and r.gender in OTHER_GENDER and r.number != "Plur"), None)
        if subject is None or any(r.lemma in self.lex.profile.predicate_lemmas
                                  for r in readings) or not any(
                r.pos in ("CCONJ", "SCONJ") for r in self._readings(self.tokens[j - 1])):
            return None
        return subject

    @rule("coordinated-modifier")
    def _coordinated_modifier(self, token: Token, gender: str | None, case: str | None) -> bool:
        """Whether ``token``, before a conjunction and an agreeing modifier, is an adjective
        agreeing too (no noun, pronoun or verb it also reads as)."""
        readings = self._readings(token)
        return self._agreeing_reading(token, ("ADJ",), gender, case) is not None and not any(
            r.pos in ("NOUN", "PRON", "VERB", "PROPN") for r in readings)

    @rule("subjectless-verbs")
    def _subjectless_verbs(self, gender: str, taken: set[int] | dict[int, object]):
        """The past-tense verbs of ``gender`` (every reading of the word) whose clause has
        no word, outside ``taken``, that could be their own subject: a nominative noun or
        pronoun of that gender or of none ("я"), a non-person entity, or a quoted name
        right before the verb ("«Укрвійськбуд» розрахувався"). "Секретарка наполягла, аби
        охоронниця пішла …, на власні очі пересвідчилася": the subject is the sentence's
        only one of that gender."""
        doc = self.tokens
        for token in doc:
            if token.i in taken or not is_word(token):
                continue
            readings = self._readings(token)
            if token.i > 0 and self._only_particle(doc[token.i - 1]):
                # after "не", the verb ("не міг"), not the noun it also spells (МіГ)
                readings = tuple(r for r in readings if r.pos == "VERB") or readings
            if not readings or any(r.pos != "VERB" or r.gender != gender
                                   or r.number == "Plur" for r in readings):
                continue
            if token.i > 0 and doc[token.i - 1].text in _CLOSING_QUOTES:
                continue
            if not any(self._own_subject(k, gender, taken)
                       for k in self._clause_tokens(token.i)):
                yield token, readings[0]

    def _nominative_pronoun(self, i: int) -> bool:
        """Whether the pronoun at ``i`` may be nominative."""
        return any(
            r.case == "nom" for r in self.lex.pronouns.readings(self.tokens[i].lower_))

    @rule("emphatics-of-genderless-verbs")
    def _emphatics_of_genderless_verbs(self, gender: str, taken: set[int] | dict[int, object]):
        """The emphatic "сам" of ``gender`` (see ``_emphatic_of_subject``) opening a clause
        (after its punctuation or conjunction) before a finite verb of no gender, adverbs and
        oblique pronouns between, whose clause has no subject of its own: it stands for the
        sentence's subject left out ("суддя проігнорував, хоча сам нею користується",
        "відповів — сам проконтролює"). A past-tense verb's "сам" turns with the verb
        (``_subjectless_verbs``)."""
        doc, pronouns = self.tokens, self.lex.pronouns
        for token in doc[1:]:
            if not _emphatic_form(self.lex, token.lower_) or token.i in taken or not (
                    self.clauses._ends_clause(token.i - 1) or self.clauses._dash(token.i - 1)
                    or any(r.pos in ("CCONJ", "SCONJ")
                           for r in self._readings(doc[token.i - 1]))):
                continue
            emphatic = self._emphatic_of_subject(token.i, gender)
            if emphatic is None:
                continue
            k = token.i + 1
            while k < len(doc) and (self.clauses._is_adverbial(doc[k]) or (
                    doc[k].lower_ in pronouns and not self._nominative_pronoun(k))):
                k += 1  # ("сам нею користується")
            if k < len(doc) and self._finite_verb(doc[k]) and all(
                    r.gender is None and r.person in (None, "3") and r.number != "Plur"
                    for r in self._readings(doc[k])) and not any(
                    self._own_subject(m, gender, taken) for m in self._clause_tokens(token.i)):
                yield token, emphatic

    @rule("thing-antecedent")
    def _thing_antecedent(self, comma: int, gender: str) -> bool:
        """Whether the noun phrase before ``comma`` is a thing of ``gender`` an uninflected
        relative after it stands for: its head (past a genitive tail) an inanimate singular
        noun of that gender in any case but the genitive ("гімн міста, що", "під дашком,
        що"), with no person noun in the phrase ("Керівник банку, що" may be the person's;
        "набрався страху, що" is the conjunction)."""
        j = comma - 1
        while j > 0 and comma - j <= _ANTECEDENT_REACH and is_word(self.tokens[j]):
            token = self.tokens[j]
            if self.lex.persons.may_be_person_noun(token.lower_):
                return False
            readings = self._readings(token)
            if any(r.pos == "NOUN" and r.case == "Gen" for r in readings):
                j -= 1  # the genitive tail ("міста"; "банку" reads as one too)
                continue
            return any(r.pos == "NOUN" and r.gender == gender and r.number != "Plur"
                       and not r.animate for r in readings)
        return False

    def _only_particle(self, token: Token) -> bool:
        readings = self._readings(token)
        return bool(readings) and all(r.pos == "PART" for r in readings)

    def _clause_tokens(self, i: int):
        """The indices of the other tokens of the clause of token ``i``."""
        for step in (-1, 1):
            k = i + step
            while 0 <= k < len(self.tokens) and not self.clauses._ends_clause(k):
                yield k
                k += step

    @rule("own-subject")
    def _own_subject(self, k: int, gender: str, taken) -> bool:
        token = self.tokens[k]
        if k in taken:
            return False
        if _figure(token) or token.is_currency or (k > 0 and _figure(self.tokens[k - 1])):
            return False  # "отримав $31 тис хабара": an amount (тис, yew, is no subject)
        if k > 0 and any(r.pos == "NUM" and r.number == "Plur"
                         for r in self._readings(self.tokens[k - 1])):
            return False  # "сім літ віддав": what a cardinal counts (літ, lit, is no subject)
        label = token.ent_type_
        if label and label not in self.person_labels \
                and label not in self.lex.profile.job_labels:
            # an entity after a noun or preposition depends on it ("був співвласником ТОВ
            # «Енергоатіс»"), and no subject
            return not self._dependent_entity(k)
        if k > 0 and self._undeclined(token) and self.clauses._is_linking_verb(k - 1):
            return False  # "був замгубернатора": the predicate, whatever case it reads in
        if token.lower_ in self.lex.profile.uninflected_relatives and k > 1 \
                and self.tokens[k - 1].text == "," and self._thing_antecedent(k - 1, gender):
            return True  # "гімн міста, що … не звучав": the thing the relative stands for
        readings = self._readings(token)
        if any(r.lemma in self.lex.profile.predicate_lemmas for r in readings):
            return False  # the emphatic: "бо сам був винен", and "сама", which is also the
            # determiner самий's (which needs a noun, and is no subject either)
        return any(r.pos in _SUBJECT_POS and r.case == "Nom" and r.number != "Plur"
                   and r.gender in (gender, None) for r in readings)

    @rule("undeclined")
    def _undeclined(self, token: Token) -> bool:
        """A noun that reads as one form in every case ("замгубернатора")."""
        cases = {r.case for r in self._readings(token) if r.pos == "NOUN" and r.number == "Sing"}
        return len(cases) >= _UNDECLINED_CASES

    @rule("dependent-entity")
    def _dependent_entity(self, k: int) -> bool:
        """Whether the entity at token ``k`` follows a preposition, a noun that is not
        nominative or does not decline (whose dependent it is), or an abbreviated noun ("у
        м. Дніпрі")."""
        doc = self.tokens
        start = k
        while start > 0 and doc[start].ent_iob_ == "I":
            start -= 1
        if start == 0:
            return False
        before = doc[start - 1]
        if before.lower_ in self.lex.profile.preposition_cases or (
                before.is_lower and before.text.endswith(".") and len(before) > 1):
            return True
        cases = {r.case for r in self._readings(before) if r.pos == "NOUN"}
        # (an undeclined noun reads as a nominative too: "замгубернатора Одеської області")
        return bool(cases) and ("Nom" not in cases or self._undeclined(before)) \
            and cases != {None}

    @rule("clause-verb")
    def _clause_verb(self, start: int, end: int, gender: str | None, *,
                     relative: bool = False):
        """The subject's verb: after it in the clause, else before it ("Прийшов лікар").
        On the way after the subject: a predicate adjective with no verb ("Черніков також
        відомий як"), and phrases between commas that are not a clause of their own (a
        relative clause, an adverbial participle: ", зловживаючи становищем,"), whose
        participle agrees (", не обізнаний з справою," → ", не обізнана з справою,").
        A ``relative`` pronoun's verbs end with its clause: "Шлях хлопця, який захоплювався
        спортом, міг скластися" (міг is the way's)."""
        doc = self.tokens
        before = self.clauses._verb_right_before(start, gender, end)
        if before is not None:
            # "його змінив Дмитро Вовк, який …": the verb next to it is the subject's, and
            # those coordinated before it ("як зміцнів та помолодшав Іван")
            yield before
            yield from self._verbs_coordinated_before(before[0].i, gender)
            yield from self._coordinated_verbs(end, gender)
            return
        after, before_subject = end, start - 1
        if self._quoted(start, end):
            after, before_subject = end + 1, start - 2  # "« доцент » похитав головою"
        for j, step in ((after, 1), (before_subject, -1)):
            predicate_from = after  # where a verbless predicate may start: after the subject
            # and the phrases inserted after it ("Брагін, як і інші, зовні шорсткий")
            while 0 <= j < len(doc):
                group_end = self.clauses._group_end(j, step)
                if step == 1 and j == after and self._quoted_verb(j, gender):
                    j += 1  # "що він «щиро розкаявся»": the quote goes on with the sentence
                    continue
                if group_end is not None:
                    j = group_end
                elif step == 1 and self.clauses._dash(j) and all(
                        doc[k].ent_type_ for k in range(end, j)) and (
                        predicated := list(self.predicates._predicate(j + 1, gender))) and all(
                        reading.case == "Nom" for _, reading in predicated):
                    # the dash stands for the linking verb: "комісар Катані – чесний" (not
                    # "Бабуся – теплою … стежкою": no verb, no instrumental predicate)
                    yield from predicated
                    break
                elif self.clauses._ends_clause(j):
                    inserted = self._inserted_phrase(j, gender) if step == 1 else None
                    if inserted is None:
                        break
                    j, participles = inserted
                    yield from participles
                    # (and a clause of its own right after it: ", який раніше, коли …
                    # очолював Ісік, був"; not the predicate after it: ", забувши про
                    # обережність, знову готова була")
                    while (more := self._inserted_phrase(j, gender)) is not None \
                            and not more[1]:
                        j = more[0]
                    predicate_from = j + 1
                elif step == 1 and (emphatic := self._emphatic_of_subject(j, gender)):
                    yield doc[j], emphatic  # "Ігор і сам довго не міг", "ректор сам
                    # вельми уболівав": the emphatic сам agrees with the subject
                else:
                    match = self._agreeing_reading(doc[j], ("VERB",), gender, None)
                    if match is not None:
                        yield doc[j], match
                        if not self.predicates._predicate_of_relative_object(start, doc[j]):
                            yield from self.predicates._predicate(j + 1, gender)
                        if step == 1:  # "він жив там сам", "готував собі сам"
                            yield from self._emphatic_after_verb(j + 1, gender)
                            yield from self.predicates._comparison_after_verb(j + 1, gender)
                        if step == -1:  # "як зміцнів та помолодшав старий солдат"
                            yield from self._verbs_coordinated_before(j, gender)
                        # "вийшов священик, прочитав молитву": the verbs after the subject
                        yield from self._coordinated_verbs(j + 1 if step == 1 else end, gender,
                                                           within_clause=relative)
                        return
                    if self._finite_verb(doc[j]):
                        # a verb of no gender ("тримає голубів": not the verb голубів
                        # further on; "стає відомим") or of the other, which the walk does
                        # not pass (a verb before the subject may still be its own:
                        # "був записаний Фелікс Блітштейн, …, яку придбала група"); a
                        # plural one is a group's ("Соколов і Арутюнов стали")
                        if step == 1 and self._singular_verb(doc[j]):
                            yield from self.predicates._predicate(j + 1, gender)
                            yield from self._coordinated_verbs(j + 1, gender, within_clause=True)
                        break
                    if step == 1 and self.predicates._verbless_predicate(predicate_from, j, gender):
                        yield from self.predicates._predicate(j, gender)
                    elif step == 1 and (determiner := self.predicates._predicate_determiner(
                            predicate_from, j, gender)) is not None:
                        yield self.tokens[j], determiner  # "вона такий дурний"
                        yield from self.predicates._predicate(j + 1, gender)
                j += step

    @rule("quoted-verb")
    def _quoted_verb(self, j: int, gender: str | None) -> bool:
        """Whether an opening quote at ``j`` quotes words that open with a verb agreeing with
        the subject before it, adverbs first: the quoted words go on with its sentence ("що
        він «щиро розкаявся у вчиненому»")."""
        if self.tokens[j].text not in _OPENING_QUOTES:
            return False
        k = self._past_adverbials(j + 1)
        return k < len(self.tokens) and self._agreeing_reading(
            self.tokens[k], ("VERB",), gender, None) is not None

    @rule("quoted")
    def _quoted(self, start: int, end: int) -> bool:
        """Whether the words [start, end) stand alone between quotes: "« доцент »"."""
        doc = self.tokens
        return start > 0 and end < len(doc) and doc[start - 1].text in _OPENING_QUOTES \
            and doc[end].text in _CLOSING_QUOTES

    @rule("emphatic-of-subject")
    def _emphatic_of_subject(self, j: int, gender: str | None) -> Reading | None:
        """The reading of the emphatic "сам" (profile ``predicate_lemmas``) at ``j`` that
        stands for a nominative subject of ``gender``: not the determiner of a noun or name
        after it ("навіть сам вигляд", "сам Толстой", "сам панотець")."""
        if gender is None:
            return None
        match = next((r for r in self._readings(self.tokens[j])
                      if r.lemma in self.lex.profile.predicate_lemmas and r.gender == gender
                      and r.case == "Nom" and r.number != "Plur"), None)
        following = j + 1
        if match is None or (following < len(self.tokens) and is_word(self.tokens[following])
                             and (not self.tokens[following].is_lower or any(
                                 r.pos in ("NOUN", "ADJ") and r.case in ("Nom", "Acc")
                                 for r in self._readings(self.tokens[following])))):
            return None
        return match

    @rule("emphatic-after-verb")
    def _emphatic_after_verb(self, k: int, gender: str | None):
        """The emphatic "сам" of the subject after its verb, in the verb's clause and within a
        few words: "він жив там сам", "вивіз Вовка з села сам"."""
        for j in range(k, min(k + _EMPHATIC_REACH, len(self.tokens))):
            if not is_word(self.tokens[j]):
                return
            if (emphatic := self._emphatic_of_subject(j, gender)) is not None:
                yield self.tokens[j], emphatic
                return

    def _finite_verb(self, token: Token) -> bool:
        """Whether ``token`` reads only as a finite verb of a person: of no gender
        (тримає) or a person's (відвела), not the neuter "було" ("уже було зібрався")."""
        readings = self._readings(token)
        return bool(readings) and all(
            r.pos == "VERB" and r.verb_form == "Fin" and r.gender in (None, *OTHER_GENDER)
            for r in readings)

    def _singular_verb(self, token: Token) -> bool:
        return all(r.number != "Plur" for r in self._readings(token))

    @rule("inserted-phrase")
    def _inserted_phrase(self, j: int, gender: str | None):
        """For the comma at ``j``, the comma closing an inserted phrase that starts right
        after it, and the participles and adjectives in it that agree with the subject (",
        втомлений і злий,", ", такий старенький,"); None when no such phrase starts there."""
        doc = self.tokens
        if doc[j].text != ",":
            return None
        closing = next((k for k in range(j + 2, len(doc)) if doc[k].text == ","
                        or doc[k].text in _SENTENCE_END), None)
        if closing is None or doc[closing].text != ",":
            return None
        if self.clauses._relative_pronoun_at(j + 1) is not None or self._nominative_apposition(
                j + 1, closing):
            # "Іван, який очолював відділ, зустрів", "Омелько, магістратський писар,
            # бував": past the relative clause or the apposition
            return closing, ()
        k = self._past_adverbials(j + 1, closing)
        if k >= closing:
            return closing, ()  # ", звичайно,": only adverbs
        if k + 1 == closing and self._parenthetical_verb(doc[k]):
            return closing, ()  # ", здається,": a parenthetical verb, no one's
        if (verbs := self._subjectless_subordinate(j + 1, closing, gender)) is not None:
            return closing, verbs
        if any(r.verb_form == "Conv" for r in self._readings(doc[k])):
            return closing, ()
        if closing - j <= _INSERTED_WIDTH and doc[j + 1].lower_ not in self.coordinating \
                and not any(self._clause_word(doc[m]) for m in range(j + 1, closing)):
            # ", як і чимало молодих журналістів у редакції,", ", без сумніву,": no verb,
            # subject or predicate of a clause of its own (not ", та ще й Голуби,", which
            # goes on with what came before)
            return closing, ()
        words = self.predicates._predicate_words(k, closing, gender)
        if words:
            return closing, words
        if closing - j <= _INSERTED_WIDTH and doc[j + 1].lower_ not in self.coordinating \
                and any(r.pos in ("CCONJ", "PART") for r in self._readings(doc[j + 1])) \
                and not any(r.pos == "VERB" for m in range(j + 1, closing)
                            for r in self._readings(doc[m])) \
                and any(r.case == "Nom" and r.pos in _SUBJECT_POS for m in range(j + 2, closing)
                        for r in self._readings(doc[m])):
            return closing, words  # a comparison with a nominative and no verb: "Він, як
            # ніхто, вмів", ", наче прудка мавпочка,"
        return None

    @rule("parenthetical-verb")
    def _parenthetical_verb(self, token: Token) -> bool:
        """Whether ``token``, alone between commas, is a verb no person's subject can have:
        only a neuter past or a present of no gender ("здавалося", "здається"), never a
        person's past tense."""
        readings = self._readings(token)
        return bool(readings) and all(
            r.pos == "VERB" and r.verb_form == "Fin" and r.number != "Plur"
            and r.gender in (None, "Neut") for r in readings)

    @rule("subjectless-subordinate")
    def _subjectless_subordinate(self, start: int, closing: int, gender: str | None):
        """For a clause between commas opened by an adverbial conjunction (profile
        ``adverbial_conjunctions``), inserted after the subject before its verb: the
        past-tense verbs in it that agree with the subject when it has no subject of its
        own (no entity; no nominative noun or pronoun but for a thing's object after the
        verb that reads nominative too): they are that subject's ("Вона, хоча і
        зажила слави, …", "він, коли прийшов додому, сів"); none when it has one ("він,
        коли сонце зайшло, сів"). None for any other phrase."""
        doc = self.tokens
        if gender is None or doc[start].lower_ not in self.lex.profile.adverbial_conjunctions:
            return None  # (not "як", which also compares: ", як це – цілувати …")
        verbs = [(doc[m], match) for m in range(start + 1, closing)
                 if (match := self._agreeing_reading(doc[m], ("VERB",), gender, None))]
        first_verb = verbs[0][0].i if verbs else closing
        for m in range(start + 1, closing):
            readings = self._readings(doc[m])
            nominative = any(r.pos in _SUBJECT_POS and r.case == "Nom" for r in readings)
            if doc[m].ent_type_ or (nominative and (
                    m < first_verb or not doc[m].is_lower
                    or not any(r.case == "Acc" and not r.animate for r in readings))):
                return []  # (a subject of its own; not a thing's object after the verb that
                # its nominative spells: "хоч і покидав обійстя")
        return verbs

    @rule("clause-word")
    def _clause_word(self, token: Token) -> bool:
        """Whether ``token`` may be a clause's verb, or its singular subject or predicate
        (a nominative noun, pronoun or adjective that is no function word: not "як"; not a
        noun after a preposition or a number: "за 2017 рік")."""
        before = self.tokens[token.i - 1] if token.i > 0 else None
        if before is not None and (before.like_num
                                   or before.lower_ in self.lex.profile.preposition_cases):
            return False
        readings = self._readings(token)
        return any(r.pos == "VERB" for r in readings) or (
            not any(r.pos in _FUNCTION_POS for r in readings)
            and any(r.pos in (*_SUBJECT_POS, "ADJ") and r.case == "Nom" and r.number != "Plur"
                    for r in readings))

    @rule("nominative-apposition")
    def _nominative_apposition(self, start: int, end: int) -> bool:
        """Whether tokens [start, end) are a person noun in the nominative with its
        modifiers and genitive dependents: ", магістратський писар,", ", колишній радник
        Міхаіла Ґорбачова,"."""
        doc = self.tokens
        if not 0 < end - start <= _APPOSITION_WIDTH or not all(
                is_word(doc[k]) for k in range(start, end)):
            return False
        head = start
        while head < end and any(r.pos == "ADJ" for r in self._readings(doc[head])) \
                and not self.lex.persons.may_be_person_noun(doc[head].lower_):
            head += 1
        if head >= end or not self.lex.persons.may_be_person_noun(doc[head].lower_):
            return False
        found = self._person_noun(doc[head], check_next=False)
        return found is not None and found[1].case == "Nom" and all(
            doc[k].ent_type_ or any(r.case == "Gen" for r in self._readings(doc[k]))
            for k in range(head + 1, end))

    @rule("appositive-participle")
    def _appositive_participle(self, end: int, case: str, gender: str | None):
        """A participle or adjective after the person and a comma or an opening bracket, in
        its case: "Віталій Сухаревський, прописаний у місті", "з Юрієм Іванющенком,
        відомим як", "депутат (позапартійний)"; also past a genitive tail none of whose
        nouns has the person's gender and the adjective's case ("депутата Одеської обласної
        ради, обраного від")."""
        doc = self.tokens
        if end >= len(doc):
            return
        comma = end if doc[end].text in _APPOSITION_OPENERS else (
            self.clauses._comma_after_tail(end, gender, case) if gender is not None else None)
        if comma is None:
            return
        k = self._past_adverbials(comma + 1)
        if k + 1 >= len(doc):
            return
        match = self._agreeing_reading(doc[k], ("ADJ",), gender, case)
        if match is not None and not self.clauses._modifies(match, doc[k + 1]) \
                and not any(r.pos == "VERB" for r in self._readings(doc[k])):
            yield doc[k], match  # (not a past-tense verb: "бізнесвумен, була членкинею"
            # is a clause of its own, its "була" no adjective булий)

    @rule("relative-case")
    def _relative_cases(self, at: int) -> tuple[str, ...]:
        """The cases the relative pronoun at token ``at`` can be in, from what governs it in
        its clause: the preposition before it ("до якого"), a negation or another genitive
        governor after it ("якого не було"), or else a verb right after it that takes an
        object ("якого називають експертом": the accusative, which the masculine "якого"
        shares with the genitive and the feminine "яку" does not)."""
        doc, profile = self.tokens, self.lex.profile
        if doc[at - 1].lower_ in profile.preposition_cases:
            return profile.preposition_cases[doc[at - 1].lower_]
        if is_word(doc[at - 1]):
            return ("Gen",)  # the possessive after its noun: "ім'я якого"
        if not {"Gen", "Acc"} <= {r.case for r in self._readings(doc[at])}:
            return ()  # "який" is its verb's subject, not the inanimate accusative
        k = self._past_adverbials(at + 1)
        if any(doc[j].lower_ in profile.genitive_governors for j in range(at + 1, k + 1)
               if j < len(doc)):
            return ("Gen",)
        k = self._relative_verb(at)
        return ("Acc",) if k < len(doc) and takes_object(doc[k], self.lex) else ()

    def _relative_verb(self, at: int) -> int:
        """Where the verb of the relative pronoun at ``at`` should stand: past adverbs,
        prepositional phrases and the clause's own subject, which may stand between ("якого
        всі вважали", "якого суд визнав", "якого батьки ще в дитинстві привезли": then the
        relative is no subject, and its verb's object)."""
        k = self._past_nominative(self._past_adverbials(at + 1))
        while (after := self.clauses._past_governed_words(
                self._past_adverbials(k), len(self.tokens))) > self._past_adverbials(k):
            k = after  # (each prepositional phrase: "в дитинстві")
        return self._past_adverbials(k)

    def _past_nominative(self, k: int) -> int:
        """The index after a subject word at ``k`` (a nominative that is no verb: "всі",
        "ми", "суд"), else ``k``."""
        if k >= len(self.tokens) or not is_word(self.tokens[k]):
            return k
        readings = self._readings(self.tokens[k])
        if any(r.pos == "VERB" for r in readings):
            return k
        return k + 1 if any(r.case == "Nom" and r.pos in ("NOUN", "PRON", "PROPN", "DET")
                            for r in readings) else k

    @rule("coordinated-verbs")
    def _coordinated_verbs(self, j: int, gender: str | None, *, within_clause: bool = False):
        """Verbs sharing the subject: "уклав угоду … і отримав" → "уклала … і отримала".
        Scans to the end of the sentence (or ``within_clause``, of the clause); a verb
        counts right after a coordinating conjunction (profile ``pair_conjunctions`` and
        ``verb_conjunctions``, optionally after a comma) or a comma, adverbs between ("та
        щиро розкаявся", ", але не пройшов")."""
        doc, conjunctions = self.tokens, self.coordinating
        while j < len(doc) and not self.clauses._ends_sentence(j):
            if within_clause and self.clauses._ends_clause(j):
                inserted = self._inserted_phrase(j, gender) if doc[j].text == "," else None
                if inserted is not None and inserted[0] > j:
                    j = inserted[0]  # ", наче пташка, і впала": past a comparison
                    continue
                # the clause's last verb may follow a comma and a conjunction ("який
                # працює радником, а раніше очолював"), its subject left out
                if doc[j].text == "," and j + 1 < len(doc) and doc[j + 1].lower_ in conjunctions \
                        and not self._demonstrative_subject(j + 2):
                    k = self._past_adverbials(j + 2)
                    match = self._agreeing_reading(doc[k], ("VERB",), gender, None) \
                        if k < len(doc) else None
                    if match is not None:
                        yield doc[k], match
                        yield from self.predicates._predicate(k + 1, gender)
                break
            if doc[j].lower_ in conjunctions and self._demonstrative_subject(j):
                break  # "коли та потребувала": a subject of its own
            # "уклав угоду і отримав", and juxtaposed "вдихнув, заплющив очі", "не
            # переймалася – любила"
            if doc[j].lower_ in conjunctions or doc[j].text in _JUXTAPOSING:
                k = self._past_adverbials(j + 1)
                if doc[j].lower_ in conjunctions:
                    k = self._past_adverbials(self._past_prepositional_phrase(k))
                    while k < len(doc) and self._object_before_verb(k):
                        # "і мене на роботі залишила": past the verb's objects and phrases
                        # (a preposition first: "на" also reads as a particle)
                        k += 1
                        while (after := self.clauses._past_governed_words(k, len(doc))) > k or (
                                after := self._past_adverbials(k)) > k:
                            k = after
                if k >= len(doc) or any(self._demonstrative_subject(m) for m in range(j, k)):
                    break  # (", але та обпекла": past words the walk skips)
                emphatic = self._emphatic_of_subject(k, gender)
                if emphatic is not None and (verb := self._past_adverbials(k + 1)) < len(doc) \
                        and self._agreeing_reading(doc[verb], ("VERB",), gender, None):
                    yield doc[k], emphatic  # "віддав доньку в пансіон, а сам вирушив": the
                    k = verb  # subject's emphatic, then its verb
                match = self._agreeing_reading(doc[k], ("VERB",), gender, None)
                if match is not None and self._person_after(self._verb_group_end(k, gender)):
                    break  # ", як зміцнів та помолодшав старий вояк": a clause of its own
                if match is not None:
                    yield doc[k], match
                    yield from self.predicates._predicate(k + 1, gender)
                elif doc[j].lower_ in conjunctions and k + 1 < len(doc):
                    # "вказав контакти і прописаний за адресою"
                    match = self._agreeing_reading(doc[k], ("ADJ",), gender, "Nom")
                    if match is not None and not self._modifies_ahead(match, k + 1):
                        yield doc[k], match
                        before = self._agreeing_reading(doc[j - 1], ("ADJ",), gender, "Nom")
                        if before is not None and match.pos == before.pos:
                            yield doc[j - 1], before  # "бліда й тиха": both predicated
            j += 1

    @rule("object-before-verb")
    def _object_before_verb(self, k: int) -> bool:
        """Whether token ``k`` is an oblique personal pronoun (profile
        ``personal_pronoun_lemmas``), an object that may stand before its verb: "і мене на
        роботі залишила", "і йому все пояснив"."""
        readings = [r for r in self._readings(self.tokens[k])
                    if r.pos == "PRON" and r.lemma in self.lex.profile.personal_pronoun_lemmas]
        return bool(readings) and all(r.case != "Nom" for r in readings)

    @rule("person-after")
    def _person_after(self, verb: int) -> bool:
        """Whether a person in the nominative, the verb's own subject, follows the verb at
        ``verb`` past its modifiers: a person entity or a person noun ("помолодшав старий
        вояк"), not an object ("дістав телефон"); after a linking verb any nominative noun
        ("чи був то сон")."""
        k = verb + 1
        linking = any(r.lemma in self.lex.profile.linking_verbs
                      for r in self._readings(self.tokens[verb]) if r.pos == "VERB")
        if linking:
            k = self._past_adverbials(k)
        while k < len(self.tokens) and self._agreeing_reading(
                self.tokens[k], ("ADJ",), None, "Nom") is not None \
                and not self.lex.persons.may_be_person_noun(self.tokens[k].lower_):
            k += 1
        if k >= len(self.tokens) or not is_word(self.tokens[k]):
            return False
        token = self.tokens[k]
        if linking and token.lower_ not in self.lex.pronouns and any(
                r.pos == "NOUN" and r.case == "Nom" and r.number != "Plur"
                for r in self._readings(token)):
            return True  # "а чи був то сон": a linking verb's nominative is its subject
        if token.ent_type_ in self.person_labels:
            readings = self._readings(token)  # (not an object: "підхоплювала Зойку")
            return not readings or any(r.case == "Nom" for r in readings)
        nominative = tuple(r for r in self._readings(token) if r.pos == "NOUN"
                           and r.case == "Nom" and r.number != "Plur")
        return bool(nominative) and self.lex.persons.may_be_person_noun(token.lower_) \
            and self.lex.persons.lookup_readings(nominative) is not None

    @rule("verbs-coordinated-before")
    def _verbs_coordinated_before(self, k: int, gender: str | None):
        """The agreeing verbs joined by a conjunction before the verb at ``k``, adverbs
        between: "зміцнів та навіть помолодшав"."""
        while True:
            n, joined = k - 1, False
            while n >= 0 and (self.tokens[n].lower_ in self.coordinating
                              or self.clauses._is_adverbial(self.tokens[n])):
                joined = joined or self.tokens[n].lower_ in self.coordinating
                n -= 1
            match = self._agreeing_reading(self.tokens[n], ("VERB",), gender, None) \
                if joined and n >= 0 else None
            if match is None:
                return
            yield self.tokens[n], match
            k = n

    def _verb_group_end(self, k: int, gender: str | None) -> int:
        """The last of the verbs of ``gender`` coordinated from token ``k`` on ("зміцнів та
        навіть помолодшав")."""
        while True:
            n, joined = k + 1, False
            while n < len(self.tokens) and (self.tokens[n].lower_ in self.coordinating
                                            or self.clauses._is_adverbial(self.tokens[n])):
                joined = joined or self.tokens[n].lower_ in self.coordinating
                n += 1
            if not joined or n >= len(self.tokens) or self._agreeing_reading(
                    self.tokens[n], ("VERB",), gender, None) is None:
                return k
            k = n

    @rule("modifies-ahead")
    def _modifies_ahead(self, reading: Reading, k: int) -> bool:
        """Whether a word read as ``reading`` modifies a noun from token ``k`` on, past other
        adjectives and hyphenated parts: "Вільногірський гірничо-металургійний комбінат"."""
        doc = self.tokens
        while k < len(doc):
            if self.clauses._modifies(reading, doc[k]):
                return True
            if self.clauses._prefix_hyphen(k) or (is_word(doc[k]) and any(
                    r.pos == "ADJ" for r in self._readings(doc[k]))) or (
                    k + 1 < len(doc) and self.clauses._prefix_hyphen(k + 1)):
                k += 1
                continue
            return False
        return False

    def _past_prepositional_phrase(self, k: int) -> int:
        """The index after a prepositional phrase starting at ``k`` ("та разом ще з
        кількома депутатами від «Батьківщини» долучився"), when a past-tense verb ends it
        within a few words; else ``k``."""
        doc = self.tokens
        if k >= len(doc) or doc[k].lower_ not in self.lex.profile.preposition_cases:
            return k
        words = 0
        for end in range(k + 1, len(doc)):
            token = doc[end]
            if token.text in _SENTENCE_END or token.text == "," or words >= _PHRASE_WIDTH:
                return k
            if is_word(token) and any(r.pos == "VERB" and r.gender
                                      for r in self._readings(token)):
                return k if self._subject_after(end) else end
            words += is_word(token)
        return k

    @rule("subject-after")
    def _subject_after(self, verb: int) -> bool:
        """Whether a verb's own subject follows it: a nominative of its gender right after
        it ("і в кімнатці пролунав дзенькіт", "і з математики була важка контрольна"),
        not a possessive ("вдихнув його запах")."""
        after = verb + 1
        if after >= len(self.tokens) or self.clauses._possessor_pronoun(self.tokens[after]):
            return False
        genders = {r.gender for r in self._readings(self.tokens[verb]) if r.pos == "VERB"}
        return any(self._own_subject(after, gender, ()) or self._agreeing_reading(
            self.tokens[after], ("ADJ",), gender, "Nom") is not None
            for gender in genders & set(OTHER_GENDER))

    @rule("after-appositive")
    def _after_appositive(self, comma: int, gender: str) -> int | None:
        """The comma closing an appositive participle phrase of ``gender`` that opens after
        the comma at ``comma`` (", прописаного в Донецьку,"), or None."""
        doc = self.tokens
        k = self._past_adverbials(comma + 1)
        if k + 1 >= len(doc):
            return None
        match = self._agreeing_reading(doc[k], ("ADJ",), gender, None)
        if match is None or self.clauses._modifies(match, doc[k + 1]):
            return None
        for closing in range(k + 1, min(k + _INSERTED_WIDTH, len(doc))):
            if doc[closing].text == ",":
                return closing
            if self.clauses._ends_clause(closing) or self._finite_verb(doc[closing]):
                return None
        return None

    @rule("relative-before-verb")
    def _relative_before_verb(self, at: int) -> bool:
        """Whether token ``at`` is a relative pronoun with a verb right after it (adverbs
        between): a subject's or an object's, no possessive's nor a preposition's."""
        doc = self.tokens
        if at >= len(doc) or not self.clauses._is_relative_pronoun(doc[at]):
            return False
        k = self._past_adverbials(at + 1)
        return k < len(doc) and any(r.pos == "VERB" and r.verb_form == "Fin"
                                    for r in self._readings(doc[k]))

    @rule("relative-clause")
    def _relative_clause(self, end: int, gender: str):
        """", який очолював" right after the person, or after a genitive tail none of whose
        words could be the pronoun's antecedent ("директор фірми, який": фірма is feminine);
        ", що побажав" with the verb right after the uninflected "що"."""
        comma = self.clauses._comma_after_tail(end, gender)
        if comma is None:
            # past a thing of the person's gender: the relative that is its verb's subject
            # or object right after the comma is the person's ("начальник відділу …
            # держлісгоспу, який проживає", "керівника … центру, якого пов'язують"; not
            # "фільму, в якому", "заводу, … діяльності якого", "фірми, якій ТЕЦ подарувала")
            comma = self.clauses._comma_after_tail(end, gender, things=False,
                                                   width=_LONG_TAIL_WIDTH)
            if comma is not None and not self._relative_before_verb(comma + 1):
                return
        at = self.clauses._relative_pronoun_at(comma + 1) if comma is not None else None
        if at is None and comma is not None:
            # past an appositive participle: "Олексія Алтуніна, прописаного в Донецьку, який"
            comma = self._after_appositive(comma, gender)
            at = self.clauses._relative_pronoun_at(comma + 1) if comma is not None else None
        if at is None:
            return
        end = comma
        pronoun = self.tokens[at]
        if pronoun.lower_ in self.lex.profile.uninflected_relatives:
            # "що" shows no case: the person's own verb is the first of the clause, with no
            # word on the way that could be its subject ("що мужню поезію творив")
            k = at + 1
            while k < len(self.tokens) and is_word(self.tokens[k]) and not any(
                    r.case == "Nom" or r.pos == "VERB" for r in self._readings(self.tokens[k])):
                k += 1
            match = (self._agreeing_reading(self.tokens[k], ("VERB",), gender, None)
                     if k < len(self.tokens) else None)
            if match is not None and not self.clauses._subject_at(
                    self._past_adverbials(k + 1), match):
                yield self.tokens[k], match
                yield from self.predicates._predicate(k + 1, gender)
                yield from self._coordinated_verbs(k + 1, gender)
            return
        match = next((m for case in (*(self._relative_cases(at) or ()), None)
                      if (m := self._agreeing_reading(pronoun, ("ADJ", "PRON"), gender, case))
                      is not None), None)
        if match is None or match.lemma not in self.lex.profile.relative_pronouns:
            return
        yield pronoun, match
        if match.case == "Nom" and at == end + 1:
            yield from self._clause_verb(at, at + 1, gender, relative=True)
        elif match.case == "Acc":
            yield from self._relative_object_predicate(at, gender)

    @rule("relative-object-predicate")
    def _relative_object_predicate(self, at: int, gender: str):
        """What a verb such as "вважати" (profile ``object_predicate_verbs``) says in the
        instrumental of the relative pronoun at ``at``, its object: the adjective right
        after the verb ("якого всі вважали винним" → "яку всі вважали винною")."""
        doc, verbs = self.tokens, self.lex.profile.object_predicate_verbs
        k = self._relative_verb(at)
        if k >= len(doc) or not any(r.pos == "VERB" and r.lemma in verbs
                                    for r in self._readings(doc[k])):
            return
        j = self._past_adverbials(k + 1)
        if j < len(doc) and (match := self._agreeing_reading(doc[j], ("ADJ",), gender, "Ins")):
            yield doc[j], match


def _figure(token: Token) -> bool:
    """A number written in figures ("31", "2,5"), not in words ("один такий" is a subject)."""
    return any(character.isdigit() for character in token.text)
