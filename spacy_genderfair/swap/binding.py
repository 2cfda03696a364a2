"""Which oblique pronouns cannot stand for the swapped person (binding, no parser needed).

A personal or possessive pronoun in the clause of its subject, the subject's own verb between
them, is someone or something else: the subject's own would be the reflexive ("свій",
"себе"). "він був його директором" is the company's director, "його очолював Олександр
Клименко" the office's head, so "його" stays when he becomes she. The swapper asks
``_disjoint_from_subject`` before it swaps a pronoun; it reads the names, titles and edits the
swapper has found so far (``name_starts``, ``titles``, ``edits_by_token``).
"""

from spacy.tokens import Token

from ..tokens import is_word
from .agreement import AgreementFinder
from .clauses import _AGREEING_MODIFIER_POS
from .government import _APPOSITION_MARKS
from .names import NameMention

# How far from a name a title apposed to it stands ("колишній мер Києва Леонід", "Паля, син").
_TITLE_REACH = 4


class PronounBinding(AgreementFinder):
    """The binding test of the morphological swapper (see the module docstring)."""

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
        if any(r.case == "nom" for r in self.lex.pronouns.readings(token.lower_)) \
                or self._inside_phrase(token.i):
            return False
        clause = set(self._clause_tokens(token.i))
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
        word = self.tokens[k].lower_
        if self.pronoun_gender.get(word) == gender and any(
                r.case == "nom" for r in self.lex.pronouns.readings(word)):
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
            if (edit.reason == "pronoun" and (i in clause or self._nominative_pronoun(i))) or (
                " -> " in edit.reason and i not in self.titles
                and not any(self._titles_name(i, m) for m in names))]
        return sorted(i for i in starts if i < before)

    def _nominative_pronoun(self, i: int) -> bool:
        """Whether the pronoun at ``i`` may be nominative."""
        return any(
            r.case == "nom" for r in self.lex.pronouns.readings(self.tokens[i].lower_))

    def _titles_name(self, i: int, mention) -> bool:
        """Whether a person noun at ``i`` is a title of the name ``mention``: right before it
        ("колишній мер Києва Леонід") or apposed after it ("Паля, син")."""
        if mention.start - _TITLE_REACH <= i < mention.start:
            return True
        mark = mention.end
        return mark < len(self.tokens) and self.tokens[mark].text in _APPOSITION_MARKS \
            and mark < i <= mark + _TITLE_REACH and all(
                self._agreeing_reading(self.tokens[k], _AGREEING_MODIFIER_POS, None, None)
                for k in range(mark + 1, i))  # (only its modifiers between: "Паля, колишній
        # голова"; "Коля — він відмазав племінника" is someone else)

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
            if self._noun_not_verb(k):
                continue
            verbs = [r for r in self._readings(self.tokens[k]) if r.pos == "VERB"]
            if any(r.verb_form == "Inf" for r in verbs):
                return False
            finite = [r for r in verbs if r.verb_form == "Fin"]
            if not finite:
                continue
            if not any(r.number != "Plur" and r.gender in (None, gender) for r in finite):
                return False
            found = True
        return found

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

    def _heads_next(self, i: int) -> bool:
        """Whether the word after the pronoun at ``i`` may be what it depends on: a verb (its
        object before it) or a noun (its possessor)."""
        k = i + 1
        return k < len(self.tokens) and any(
            r.pos in ("VERB", "NOUN") for r in self._readings(self.tokens[k]))
