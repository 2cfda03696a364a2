"""Which oblique pronouns cannot stand for the swapped person (binding, no parser needed).

A personal or possessive pronoun in the clause of its subject, the subject's own verb between
them, is someone or something else: the subject's own would be the reflexive ("свій",
"себе"). "він був його директором" is the company's director, "його очолював Олександр
Клименко" the office's head, so "його" stays when he becomes she. The swapper asks
``_disjoint_from_subject`` before it swaps a pronoun; it reads the names, titles and edits the
swapper has found so far (``name_starts``, ``titles``, ``edits_by_token``).

Where nobody is swapped, a pronoun may also stand for a thing or an organisation that is a
subject before it (``_without_things_pronouns``): those stay.
"""

from spacy.tokens import Token

from ...tokens import is_word
from ..grammar.verbs import takes_object
from ..names.swapper import NameMention
from ..rules import rule
from .agreement import AgreementFinder
from .clauses import ClauseReader

# The genders of the things whose pronouns a sentence may use.
_THING_GENDERS = frozenset({"Masc", "Fem", "Neut"})


class PronounBinding:
    """The binding test of the morphological swapper (see the module docstring): reads the
    clauses and agreement of one Doc and what the swap has done so far (its edits, the names
    and person nouns it swapped), which it shares, never changes."""

    def __init__(self, clauses: ClauseReader, agreement: AgreementFinder, *,
                 edits_by_token: dict, entity_label: dict, name_starts: dict,
                 person_nouns: dict, pronoun_gender: dict, titles: set) -> None:
        self.clauses = clauses
        # (the reader's basic questions, asked everywhere)
        self._readings = clauses._readings
        self._past_adverbials = clauses._past_adverbials
        self.agreement = agreement
        self.tokens = clauses.tokens
        self.lex = clauses.lex
        self.edits_by_token = edits_by_token
        self.entity_label = entity_label
        self.name_starts = name_starts
        self.person_nouns = person_nouns
        self.pronoun_gender = pronoun_gender
        self.titles = titles

    @rule("disjoint-from-subject")
    def _disjoint_from_subject(self, token: Token) -> bool:
        """Whether an oblique pronoun is the object or a possessive in the clause of a
        subject that stands for a swapped person, with no other swapped person it could
        refer to: it is someone or something else, for the subject's own would be the
        reflexive ("свій", "себе"): "він був його директором" (the company's), "його
        очолював Олександр Клименко" (the office's), "Фабіян ніколи не знімав його з шиї".
        A pronoun inside a noun or adjective phrase ("прихильність до нього", "властивою
        йому") or an infinitive's clause ("змушує партнера грати з ним") may be the
        subject's, so it does not count."""
        gender = self.pronoun_gender[token.lower_]
        if self.agreement.subjects._nominative_pronoun(token.i) or self._inside_phrase(token.i):
            return False
        clause = set(self.agreement.subjects._clause_tokens(token.i))
        if self._object_with_title(token.i, clause):
            return False  # "Саме його називав куратором": the title is the object's
        for k in sorted(clause):
            subject = self._subject_mention(k, gender)
            if subject is None or not self._own_verb_between(k, token.i, gender):
                continue
            others = [i for i in self._swapped_persons(token.i, clause) if i != k]
            if subject.start >= 0:
                return not others
            # a pronoun subject: the one name before it is whom it stands for
            return not others or (len(others) == 1 and others[0] in self.name_starts
                                  and others[0] < token.i)
        return False

    @rule("object-with-title")
    def _object_with_title(self, i: int, clause: set[int]) -> bool:
        """Whether the pronoun at ``i`` is no possessive of the swapped title after it (past
        the title's modifiers: "Його молодшим партнером") while its clause has a swapped
        title in the instrumental, which may be predicated of it ("його називав куратором")."""
        def title(k: int) -> bool:
            edit = self.edits_by_token.get(k)
            return edit is not None and " -> " in edit.reason

        k = i + 1
        while k in self.edits_by_token and self.edits_by_token[k].reason.startswith(
                "agreement") and not any(r.pos == "VERB" for r in self._readings(self.tokens[k])):
            k += 1
        return not title(k) and any(title(k) and any(
            r.pos == "NOUN" and r.case == "Ins" for r in self._readings(self.tokens[k]))
            for k in clause)

    @rule("subject-mention")
    def _subject_mention(self, k: int, gender: str):
        """The swapped name or person noun of ``gender`` in the nominative starting at token
        ``k`` (not a name's title: the name stands for it), or for a nominative pronoun of
        that gender a mention spanning nothing (start -1)."""
        mention = self.name_starts.get(k)
        if mention is not None:
            swapped = mention.swapped and mention.gender == gender and mention.case == "Nom"
            return mention if swapped else None
        if self.person_nouns.get(k) == (gender, "Nom") and k not in self.titles:
            return NameMention(k, k + 1, gender, "Nom")
        if self.pronoun_gender.get(self.tokens[k].lower_) == gender \
                and self.agreement.subjects._nominative_pronoun(k):
            return NameMention(-1, -1, gender, "Nom")
        return None

    def _swapped_persons(self, before: int, clause: set[int]) -> list[int]:
        """Where the swapped persons start before token ``before``: names, person nouns that
        are no title of a name, swapped nominative pronouns ("Він не зрозумів, чому снайпер
        оминув його") and the other swapped pronouns of ``clause`` ("Його брат працює з
        ним"; in an earlier clause they may be anything: "в його мозку, й він відганяє
        його" is the memory); a pronoun does not refer forward ("його
        очолював Олександр … з команди … Віктора Януковича")."""
        names = [m for m in self.name_starts.values() if m.swapped]
        starts = [m.start for m in names] + [
            i for i, edit in self.edits_by_token.items()
            if (edit.reason == "pronoun"
                and (i in clause or self.agreement.subjects._nominative_pronoun(i)))
            or (" -> " in edit.reason and i not in self.titles)]
        return sorted(i for i in starts if i < before)

    @rule("own-verb-between")
    def _own_verb_between(self, subject: int, pronoun: int, gender: str) -> bool:
        """Whether the finite verbs between a subject and a pronoun are the subject's of
        ``gender``, with no infinitive; after a conjunction, the subject's verb comes again
        before the pronoun ("узяв хліб і вдихнув його запах", not "чому Штукенгайзен
        використовував метафору і чому його текст називався")."""
        found, conjunctions = False, self.lex.profile.pair_conjunctions
        for k in range(min(subject, pronoun) + 1, max(subject, pronoun)):
            if subject < k < pronoun and self.tokens[k].lower_ in conjunctions:
                found = False
                continue
            if self.clauses._noun_not_verb(k):
                continue
            verbs = [r for r in self._readings(self.tokens[k]) if r.pos == "VERB"]
            if any(r.verb_form == "Inf" for r in verbs):
                return False
            # (a third person's: an imperative has none: "колись" is no verb here, and
            # "Його звали Віктор" no "звали" of звалити's, whose nominative names the object)
            finite = [r for r in verbs if r.verb_form == "Fin" and r.person in (None, "3")]
            if not finite:
                continue
            if not any(r.number != "Plur" and r.gender in (None, gender) for r in finite):
                return False
            found = True
        return found

    @rule("inside-phrase")
    def _inside_phrase(self, i: int) -> bool:
        """Whether the pronoun at ``i`` depends on a noun or adjective: after a preposition
        that follows one ("прихильність до нього", "важливе для нього"), or right after an
        adjective ("властивою йому"), or after a noun when no verb or noun after it is its
        head ("про звільнення його від відповідальності"; "існування відомства його
        очолював" is the verb's object, "рапорт його брата" the brother's)."""
        before, dependent_of = i - 1, ("ADJ",)
        if before >= 0 and self.tokens[before].lower_ in self.lex.profile.preposition_cases:
            before, dependent_of = before - 1, ("NOUN", "ADJ")
        elif not self._heads_next(i):
            dependent_of = ("NOUN", "ADJ")  # "клопотав про звільнення його від …"
        if before < 0 or not is_word(self.tokens[before]):
            return False
        readings = self._readings(self.tokens[before])
        return any(r.pos in dependent_of for r in readings) \
            and not any(r.pos == "VERB" for r in readings)

    @rule("heads-next")
    def _heads_next(self, i: int) -> bool:
        """Whether the word after the pronoun at ``i`` may be what it depends on: a verb (its
        object before it) or a noun (its possessor)."""
        k = i + 1
        return k < len(self.tokens) and any(
            r.pos in ("VERB", "NOUN") for r in self._readings(self.tokens[k]))

    def _without_things_pronouns(self, pronouns: list[Token]) -> list[Token]:
        """The pronouns that may stand for a person where nobody is swapped: not the oblique
        forms "he" shares with "it" when an organisation is the subject of a neuter verb
        ("ТОВ «Легіон» звернулося до суду з вимогою визнати його переможцем"), nor those of a
        thing's gender after that thing is a subject ("Барельєф вражав …, майстерність
        робила його чужим", "Ця пісня заповнила серце, … щоб вона ніколи не минала")."""
        # (a masculine nominative pronoun is a man's, and so, with it, are the oblique forms
        # the neuter would share: "Соколине око дивилося на нього, … він не бачив")
        man = any(self.agreement.subjects._nominative_pronoun(t.i)
                  and self.pronoun_gender[t.lower_] == "Masc" for t in pronouns)
        # the oblique forms after the neuter "воно" ("Якщо воно невідоме, …
        # ініціалізувати його") may be the neuter's
        start = next(
            (t.i for t in self.tokens if t.lower_ in self.lex.profile.neuter_pronouns
             and not man), None)
        if start is not None:
            nominative = self.agreement.subjects._nominative_pronoun
            pronouns = [token for token in pronouns if nominative(token.i)
                        or self.pronoun_gender[token.lower_] != "Masc" or token.i < start]
        things = self._thing_subjects(pronouns) if pronouns else []
        return [token for token in pronouns if not any(
            k < token.i and self._may_stand_for(token, gender, man) for k, gender in things)]

    @rule("may-stand-for")
    def _may_stand_for(self, pronoun: Token, gender: str, man: bool) -> bool:
        """Whether the pronoun may stand for a thing of ``gender``: one of its gender, or,
        with no man's nominative pronoun about, an oblique form the masculine shares with
        the neuter ("Це слово прозвучало …, вони марили ним")."""
        own = self.pronoun_gender[pronoun.lower_]
        return gender == own or (gender == "Neut" and own == "Masc" and not man
                                 and not self.agreement.subjects._nominative_pronoun(pronoun.i))

    def _thing_subjects(self, pronouns: list[Token]) -> list[tuple[int, str]]:
        """Where the things are (inanimate singular nominative nouns, no person noun) that
        are the subjects of past-tense verbs of their gender right after them (adverbs
        between) or, in a form no accusative shares, right before them, with that
        gender: the pronouns of that gender after them may stand for them. Not where one
        of those is an oblique pronoun in the thing's own clause, which it cannot be
        ("радість охоплювала її …, коли вона прокидалася", "її моя позиція не
        задовольняла", "Хустина мерехтіла у її руках": a woman), but for a possessive in
        the thing's own phrase before it ("Його голосок тремтів, він не був чистим")."""
        found = []
        for k in range(len(self.tokens) - 1):
            token = self.tokens[k]
            if not is_word(token) or k in self.entity_label \
                    or self.lex.persons.may_be_person_noun(token.lower_):
                continue
            readings = self.clauses._readings_as_written(k)
            if any(r.pos != "NOUN" or r.animate for r in readings):
                continue
            nouns = {r.gender for r in readings
                     if r.case == "Nom" and r.number == "Sing" and r.gender in _THING_GENDERS}
            verb = self._past_adverbials(k + 1)  # ("Барабан потужно загудів")
            verbs = {r.gender for r in self._readings(self.tokens[verb]) if r.pos == "VERB"
                     and r.number != "Plur"} if verb < len(self.tokens) else set()
            if k > 0 and (not any(r.case == "Acc" for r in readings)
                          or not self._may_govern(self.tokens[k - 1])):
                # a nominative after its verb, where no accusative spells alike or the verb
                # takes no object ("Прийшла весна", "Настала осінь"; not "узяв ніж": the
                # object)
                verbs |= {r.gender for r in self._readings(self.tokens[k - 1])
                          if r.pos == "VERB" and r.number != "Plur"}
            found += [(k, gender) for gender in nouns & verbs]
        bound = {self.pronoun_gender[token.lower_] for token in pronouns
                 if not self.agreement.subjects._nominative_pronoun(token.i) and any(
                     gender == self.pronoun_gender[token.lower_]
                     and k in self.agreement.subjects._clause_tokens(token.i)
                     and (token.i > k or not self._before_its_noun(token))
                     for k, gender in found)}
        return [(k, gender) for k, gender in found if gender not in bound]

    def _may_govern(self, token: Token) -> bool:
        """Whether ``token`` may be a verb with a direct object: not reflexive, and
        transitive where the analyser tells ("настала" is not)."""
        analyzer = self.lex.analyzer
        return takes_object(token, self.lex) and (
            not hasattr(analyzer, "transitive") or analyzer.transitive(token.lower_))

    @rule("before-its-noun")
    def _before_its_noun(self, token: Token) -> bool:
        """Whether the pronoun at ``token`` is a possessive before its noun ("Його голосок
        тремтів": the owner, no object of the thing's verb)."""
        k = token.i + 1
        return k < len(self.tokens) and any(r.pos == "NOUN" for r in self._readings(
            self.tokens[k])) and not any(r.pos == "VERB" for r in self._readings(self.tokens[k]))

