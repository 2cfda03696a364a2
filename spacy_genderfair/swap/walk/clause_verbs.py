"""The verb of a nominative subject: the walk across its clause from the subject.

A past-tense verb agrees with its subject in gender: "Прийшов лікар" → "Прийшла лікарка".
``ClauseVerbFinder._clause_verb`` looks for it after the subject in its clause, else before
it, stepping over quoted names and brackets, the phrases inserted between commas that are no
clause of their own (asked of an :class:`.apposition.AppositionFinder`), and adverbs. With the
verb come what it predicates of the subject ("був депутатом", asked of a
:class:`.predicates.PredicateFinder`), the verbs coordinated with it (a
:class:`.coordination.VerbCoordination`) and the subject's emphatic "сам" ("він жив там сам").
"""

from spacy.tokens import Token

from ...tokens import is_word
from ..grammar.government import _CLOSING_QUOTES, _OPENING_QUOTES
from ..rules import rule
from .apposition import AppositionFinder
from .clauses import ClauseReader
from .coordination import VerbCoordination
from .predicates import PredicateFinder
from .subjects import SubjectReader

# How far after its verb the subject's emphatic "сам" may stand ("вивіз Вовка з села сам").
_EMPHATIC_REACH = 5


class ClauseVerbFinder:
    """The verbs of one Doc's nominative persons (see the module docstring)."""

    def __init__(self, clauses: ClauseReader, subjects: SubjectReader,
                 apposition: AppositionFinder, coordination: VerbCoordination,
                 predicates: PredicateFinder) -> None:
        self.clauses = clauses
        self.tokens, self.lex, self._readings, self._agreeing_reading, self._past_adverbials = \
            clauses.basics
        self.subjects, self.apposition = subjects, apposition
        self.coordination, self.predicates = coordination, predicates

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
        before = self.clauses.phrases._verb_right_before(start, gender, end)
        if before is not None:
            # "його змінив Дмитро Вовк, який …": the verb next to it is the subject's, and
            # those coordinated before it ("як зміцнів та помолодшав Іван")
            yield before
            yield from self.predicates._predicate_before_verb(before[0].i, gender)
            yield from self.coordination._verbs_coordinated_before(before[0].i, gender)
            yield from self.coordination._coordinated_verbs(end, gender)
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
                    inserted = self.apposition._inserted_phrase(j, gender) if step == 1 else None
                    if inserted is None:
                        break
                    j, participles = inserted
                    yield from participles
                    # (and a clause of its own right after it: ", який раніше, коли …
                    # очолював Ісік, був"; not the predicate after it: ", забувши про
                    # обережність, знову готова була")
                    while (more := self.apposition._inserted_phrase(j, gender)) is not None \
                            and not more[1]:
                        j = more[0]
                    predicate_from = j + 1
                elif step == 1 and (emphatic := self.subjects._emphatic_of_subject(j, gender)):
                    yield doc[j], emphatic  # "Ігор і сам довго не міг", "ректор сам
                    # вельми уболівав": the emphatic сам agrees with the subject
                else:
                    match = self._agreeing_reading(doc[j], ("VERB",), gender, None)
                    if match is not None and step == -1 \
                            and self.clauses.phrases._subject_pronoun_before(j):
                        break  # "Вона зустріла Петра": the verb's subject is the pronoun
                    if match is not None:
                        yield doc[j], match
                        if not self.predicates._predicate_of_relative_object(start, doc[j]):
                            yield from self.predicates._predicate(j + 1, gender)
                        if step == 1:  # "він жив там сам", "готував собі сам"
                            yield from self._emphatic_after_verb(j + 1, gender)
                            yield from self.predicates._comparison_after_verb(j + 1, gender)
                        if step == -1:  # "як зміцнів та помолодшав старий солдат"
                            yield from self.predicates._predicate_before_verb(j, gender)
                            yield from self.coordination._verbs_coordinated_before(j, gender)
                        # "вийшов священик, прочитав молитву": the verbs after the subject
                        yield from self.coordination._coordinated_verbs(
                            j + 1 if step == 1 else end, gender, within_clause=relative)
                        return
                    if self.subjects._finite_verb(doc[j]):
                        # a verb of no gender ("тримає голубів": not the verb голубів
                        # further on; "стає відомим") or of the other, which the walk does
                        # not pass (a verb before the subject may still be its own:
                        # "був записаний Фелікс Блітштейн, …, яку придбала група"); a
                        # plural one is a group's ("Соколов і Арутюнов стали")
                        if step == 1 and self._singular_verb(doc[j]):
                            yield from self.predicates._predicate(j + 1, gender)
                            yield from self.coordination._coordinated_verbs(
                                j + 1, gender, within_clause=True)
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

    @rule("emphatic-after-verb")
    def _emphatic_after_verb(self, k: int, gender: str | None):
        """The emphatic "сам" of the subject after its verb, in the verb's clause and within a
        few words: "він жив там сам", "вивіз Вовка з села сам"."""
        for j in range(k, min(k + _EMPHATIC_REACH, len(self.tokens))):
            if not is_word(self.tokens[j]):
                return
            if (emphatic := self.subjects._emphatic_of_subject(j, gender)) is not None:
                yield self.tokens[j], emphatic
                return

    def _singular_verb(self, token: Token) -> bool:
        # (a form of both numbers serves a singular subject: "заявник є неповнолітнім";
        # one only plural is a group's: "Соколов і Арутюнов стали")
        readings = self._readings(token)
        return all(r.number != "Plur" for r in readings) or any(
            r.number == "Sing" and r.person in (None, "3") for r in readings)
