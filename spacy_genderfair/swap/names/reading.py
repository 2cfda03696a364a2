"""Tell a person name's gender and case in the text: from its first name, its surname's
readings, the title or relative noun it is apposed to, the preposition or verb that governs it
and, for a bare surname, the words that agree with it. What stands before the name is
:class:`.context.NameContext`'s to read, the cases its words can be in
:class:`.cases.NameCases`'s.
"""

from spacy.tokens import Doc, Token

from ...lexicon import Lexicon
from ...morph import OTHER_GENDER, UD_GENDER
from ...tokens import is_initial, is_word, prefix_hyphen
from ..grammar.following import only_adverb
from ..rules import rule
from .cases import NameCases
from .context import _MANY_CASES, NameContext
from .evidence import opens_sentence
from .forms import NameForms
from .lists import NameList
from .spans import NameFinder

# The cases of a nominative form (a surname's: "Голяшкіна", also the vocative).
_NOMINATIVE = frozenset({"Nom", "Voc"})


class NameReader:
    """Reads the gender and case of the person names of one Doc at a time.

    lexicon (Lexicon): the language's lexicon.
    names (NameList): the first names drawn from (a surname's first name is looked up there).
    finder (NameFinder): tells first names and the parts of a name.
    forms (NameForms): knows the surname endings.
    """

    def __init__(self, lexicon: Lexicon, names: NameList, finder: NameFinder,
                 forms: NameForms) -> None:
        self.lex = lexicon
        self.profile = lexicon.profile
        self.finder = finder
        self.forms = forms
        self.context = NameContext(lexicon, finder)
        self.name_cases = NameCases(self.context, names, forms)
        # (what the swap asks of a name's context, and the questions asked for every name,
        # held as attributes: none is a rule, which is looked up when called, for the rule
        # switches to wrap it)
        self.forget, self.governed = self.context.forget, self.context.governed
        self.title_cases, self._readings = self.context.title_cases, self.context.readings
        self._partner_cases = self.context.partner_cases
        self._apposed_title = self.context.apposed_title
        self._case, self._cases = self.name_cases.case, self.name_cases.cases
        self._shared_cases = self.name_cases.shared_cases
        self._word_cases = self.name_cases.word_cases

    def first_names(self, tokens: list[Token]) -> dict[int, frozenset[str]]:
        """The first names in one name (token index → genders). The analyser also guesses
        first-name readings for words it does not know; a guess counts only where no word of
        a name of several words is a known first name, and only for the first word:
        "Андранік Мкртчян", not "Віталій Плевнік" (nor a bare surname, "Сміяненко")."""
        known = {t.i: g for t in tokens if (g := self.finder.first_name_gender(t))}
        if len(known) > 1:
            # A surname can be a first name too ("Андрій Гордій", "Сергій Ратко"): with a
            # patronymic the first name is the word before it ("Гордій Андрій Петрович"),
            # in a name of two words the first one, unless hyphenated ("Жан-Поль"). Longer
            # names may have several ("Ернст Теодор Амадей Гофман").
            following = {t.i: tokens[n + 1] for n, t in enumerate(tokens[:-1])}
            first = next((i for i in known if i in following and any(
                r.name_part == "patronymic" for r in self._readings(following[i]))), None)
            if first is None and len(tokens) == 2 and not prefix_hyphen(tokens[0].doc,
                                                                          tokens[0].i + 1):
                first = tokens[0].i
            if first is not None:
                return {first: known[first]}
            if len(tokens) > 2 and tokens[0].i in known:
                # the last word of a longer name is its surname ("Martin Luther King")
                known.pop(tokens[-1].i, None)
        if known or len(tokens) < 2:
            return known
        guessed = self.finder.first_name_genders(tokens[0].text, guess=True)
        if not guessed:
            return {}
        # The guess's gender is a guess too: a gendered surname knows better ("Агія
        # Загребельська" is a woman).
        surname = set().union(*(self._surname_genders(t) for t in tokens[1:]))
        return {tokens[0].i: frozenset(surname) if len(surname) == 1 else guessed}

    # -- swapping ---------------------------------------------------------------------------

    def gender_and_case(self, doc: Doc, tokens: list[Token],
                         first_names: dict[int, frozenset[str]], context_gender=None,
                         tagged: bool = False):
        """The person's gender and the case all parts of the name share (with ``tagged``,
        the case the pipeline's morphology gives, where the name can be in it). The gender
        comes from the first name, else the patronymic; a bare surname ("Косенко", "Сухович")
        often reads as both genders, or as the one its indeclinable form shares with the
        other, so the words agreeing with it decide, then its gendered form."""
        first_genders = set()
        for part in ("first", "patronymic"):
            for token in tokens:
                if part == "first":
                    genders = first_names.get(token.i, frozenset())
                    first_genders |= genders
                elif self.finder.known(token) or self.finder.of_first_name(token):
                    genders = {r.gender for r in self._readings(token)
                               if r.name_part == part and r.gender in OTHER_GENDER}
                else:
                    genders = set()  # a patronymic only guessed from its ending ("Чемич")
                if len(genders) == 1:
                    (gender,) = genders
                    if part == "first" and self._not_after_its_preposition(
                            doc, tokens[0].i, token, gender):
                        return None, None
                    return gender, self._case(doc, tokens, gender, tagged)
        surname_genders = set()
        for token in tokens:
            if token.i not in first_names:  # ("Іванка" alone is her first name, not only
                # the genitive of the surname Іванко)
                surname_genders |= self._surname_genders(token)
        if first_genders and context_gender is not None and (
                len(surname_genders) != 1 or self._common_surname(tokens, surname_genders)):
            # "Валентина" is a woman's nominative and a man's genitive (Валентин), and no
            # surname tells: the words agreeing with the name in either reading decide, or
            # the relative pronoun after it ("Валерія Нечитайло, який"); not in a reading the
            # title the name is apposed to rules out ("у постановці режисера Романа
            # Мархоліа": the genitive of Роман, not a woman's nominative that "відбулася
            # прем'єра" would agree with).
            if self._after_thing_noun(doc, tokens[0].i) and not self._subject_after_phrase(
                    doc, tokens, first_genders, context_gender):
                # "Машина Петра стояла": the car's owner, Петро's genitive, not the woman
                # Петра whom стояла would agree with
                genitive = [g for g in sorted(first_genders)
                            if "Gen" in self._shared_cases(tokens, g)]
                if len(genitive) == 1:
                    return genitive[0], "Gen"
            title_cases = set(self.title_cases(doc, tokens[0].i))
            for gender in sorted(first_genders):
                if title_cases and not title_cases & self._shared_cases(tokens, gender):
                    continue
                case = self._case(doc, tokens, gender, tagged)
                if case is not None and context_gender(tokens[0].i, tokens[-1].i + 1, case,
                                                       relative=True) == gender:
                    return gender, case
            # Else the reading in which all words of the name share a case: "Валентину
            # Козименко" is a woman (Валентину as Валентин's dative, Козименко is no dative).
            consistent = [g for g in sorted(first_genders) if self._shared_cases(tokens, g)]
            if len(consistent) == 1:
                return consistent[0], self._case(doc, tokens, consistent[0], tagged)
            # Else the reading in the case the name's governor or conjunct allows, or the
            # title it is apposed to: "братів Вячеслава та Олександра", "У екс-очільника КМДА
            # Олександра Попова" (genitive: Олександр, not the nominative Олександра)
            governed = set(self.governed(doc, tokens[0].i)
                           or self.title_cases(doc, tokens[0].i)
                           or self._partner_cases(doc, tokens[0].i)) or (
                {"Nom"} if opens_sentence(doc, tokens[0].i) else set())
            fitting = [g for g in consistent if governed & self._shared_cases(tokens, g)]
            if len(fitting) == 1:
                return fitting[0], self._case(doc, tokens, fitting[0], tagged)
            # Else the title the name is in apposition to: "є датчанин Сорен Шмідт" (not a
            # relation: "тато мого однокласника Еріка" may be his father's)
            titled = self._title_before(doc, tokens)
            before = doc[tokens[0].i - 1] if tokens[0].i > 0 else None
            if titled is not None and titled[0] in first_genders and before is not None \
                    and self.finder.title_noun(before, self._readings(before)):
                return titled
        elif surname_genders and (titled := self._title_before(doc, tokens)) is not None:
            return titled  # "дохід підприємиці Козименко становив": the title's woman
        elif context_gender is not None and surname_genders:
            # A bare surname: any gender the context shows counts. "Сухович виграв" is a man
            # although the dictionary lists Сухович only as the (indeclinable) woman's form.
            cases = self._cases(doc, tokens, surname_genders, tagged)
            if "Gen" in cases and self._after_thing_noun(doc, tokens[0].i) \
                    and not self._subject_after_phrase(doc, tokens, surname_genders,
                                                       context_gender):
                # "група Ахметова почала": the group's owner, a genitive, not the subject
                # of почала
                genitive = [g for g in sorted(surname_genders)
                            if "Gen" in self._shared_cases(tokens, g)]
                if len(genitive) == 1:
                    return genitive[0], "Gen"
            if surname_genders == {"Fem"} and self._after_thing_noun(doc, tokens[0].i) \
                    and self._masculine_genitive_too(tokens):
                # "ще одна компанія Машненкова": Машненков's
                return "Masc", "Gen"
            for case in cases:
                gender = context_gender(tokens[0].i, tokens[-1].i + 1, case)
                if gender in OTHER_GENDER:
                    return gender, case
            # nothing agrees: the case its governor, conjuncts or title allow may fit one
            # gender only ("сім'я судді Голяшкіна": Голяшкін's genitive, not her nominative;
            # "… І . К . Мацуревича , А . І . Кіпріанова": the list's genitive)
            governed = set(self.governed(doc, tokens[0].i)
                           or self.title_cases(doc, tokens[0].i))
            fitting = [g for g in sorted(surname_genders)
                       if governed & self._shared_cases(tokens, g)]
            if len(fitting) == 1 and "Nom" not in governed \
                    and sum(len(t) > 1 for t in tokens) == 1 \
                    and len(self._shared_cases(tokens, fitting[0])) < _MANY_CASES \
                    and self._shared_cases(tokens, OTHER_GENDER[fitting[0]]) <= _NOMINATIVE:
                # (only a surname, maybe with initials, and only a declined form against
                # the other gender's nominative: an indeclinable "Дудко" after "каже" may be
                # the subject the government misses)
                return fitting[0], self._case(doc, tokens, fitting[0], tagged)
        if len(surname_genders) == 1:
            (gender,) = surname_genders
            case = self._case(doc, tokens, gender, tagged)
            if case == "Loc" and "Loc" not in self.governed(doc, tokens[0].i):
                # the locative is only ever a preposition's: "комісар Катані" is a foreign
                # name that does not decline, no locative of Катан
                return None, None
            return gender, case
        if not first_genders and not surname_genders:
            return self._foreign_name_title(doc, tokens) or (None, None)
        return None, None

    @rule("name-foreign-after-title")
    def _foreign_name_title(self, doc: Doc, tokens: list[Token]) -> tuple[str, str] | None:
        """The gender of the nominative person noun right before a name no list or reading
        knows, whose first word the analyser does not know at all: a foreign name apposed
        to its title ("активіст Джахіт Бакир"), in the nominative."""
        start = tokens[0].i
        if start == 0 or self.finder.analyzer is None \
                or self.finder.analyzer.is_known(tokens[0].lower_) \
                or not self.finder.title_noun(doc[start - 1], self._readings(doc[start - 1])):
            return None
        # (only in the nominative, where a foreign name stands as it is written: in
        # another case it declines, and no list says how)
        return self._title_reading(doc[start - 1], lambda gender, reading: (
            reading.case == "Nom" and reading.number != "Plur"))

    @rule("name-after-thing-noun")
    def _after_thing_noun(self, doc: Doc, start: int) -> bool:
        """Whether the name at ``start`` follows a lower-case noun that names no person (its
        possessor's place: "група Ахметова", "декларації Сміяненка"; a capital that only
        opens the sentence is such a noun too: "Машина Петра стояла")."""
        if start == 0 or not is_word(doc[start - 1]) or not (
                doc[start - 1].is_lower or (doc[start - 1].text[1:].islower()
                                            and opens_sentence(doc, start - 1))):
            return False
        before = doc[start - 1]
        readings = self._readings(before)
        if not readings or any(r.pos != "NOUN" for r in readings) \
                or self.lex.persons.may_be_person_noun(before.lower_):
            return False  # (only a noun: not "ніж", "досі"; and no person's title)
        # nor a measure after a quantity ("через кілька тижнів Попова поскаржилася")
        return not (start > 1 and any(r.pos in ("NUM", "PRON")
                                      for r in self._readings(doc[start - 2]))
                    and any(r.case == "Gen" and r.number == "Plur" for r in readings))

    @rule("name-subject-after-phrase")
    def _subject_after_phrase(self, doc: Doc, tokens: list[Token], genders,
                              context_gender) -> bool:
        """Whether the thing noun before the name ``tokens`` is in a phrase of its own, in no
        nominative where it stands ("У 2015 році", "в липні", "на початку року"), and a word
        after the name agrees with its nominative in one of ``genders`` ("… Олександра
        стала", "… Мар'яна їздила"): the name is that verb's subject, no owner of the thing
        (as in "Машина Петра стояла", where the machine is the subject)."""
        before = tokens[0].i - 1
        after_preposition = before > 0 and doc[before - 1].lower_ in self.profile.preposition_cases
        if not after_preposition and any(r.case == "Nom" for r in self._readings(doc[before])):
            return False
        verb = tokens[-1].i + 1
        while verb < len(doc) and only_adverb(doc[verb], self.lex):
            verb += 1  # ("Олександра нарешті стала")
        for gender in sorted(genders):
            if "Nom" not in self._shared_cases(tokens, gender) or verb >= len(doc) \
                    or not any(r.pos == "VERB" and r.gender == gender
                               for r in self._readings(doc[verb])) \
                    or context_gender(tokens[0].i, tokens[-1].i + 1, "Nom") != gender:
                continue
            # (not where a nominative of that gender right after the verb, past its
            # modifiers, is its subject: "У кабінеті Петра сиділа (молода) секретарка",
            # "жила вона")
            k = verb + 1
            while k < len(doc) and (doc[k].lower_ in self.profile.possessive_determiners or any(
                    r.pos == "ADV" or (r.pos == "ADJ" and r.case == "Nom")
                    for r in self._readings(doc[k]))):
                k += 1  # ("жила його сестра")
            return k >= len(doc) or not any(
                r.pos in ("NOUN", "PROPN", "PRON") and r.case == "Nom" and r.gender == gender
                for r in self._readings(doc[k]))
        return False

    @rule("name-not-after-its-preposition")
    def _not_after_its_preposition(self, doc: Doc, start: int, first: Token, gender: str
                                   ) -> bool:
        """Whether a preposition right before the name at ``start`` governs none of the
        cases its first name ``first`` reads in as a person of ``gender``: "про Раїса" is
        no woman Раїса (про takes the accusative), but a man the dictionary does not know."""
        governed = self.profile.preposition_cases.get(doc[start - 1].lower_) if start else None
        return bool(governed) and not set(governed) & self._word_cases(first, gender)

    @rule("name-masculine-genitive-too")
    def _masculine_genitive_too(self, tokens: list[Token]) -> bool:
        """Whether a one-word surname the dictionary reads only as a woman's is also the
        genitive of the man's by its declension (profile ``surname_declensions``):
        Машненкова is Машненков's genitive as much as her nominative."""
        words = [t for t in tokens if len(t) > 1]
        if len(words) != 1:
            return False
        word = words[0].lower_
        return any(word.endswith(feminine[0]) and feminine[0] == masculine[1]
                   for masculine, feminine in self.profile.surname_declensions)

    @rule("name-common-surname")
    def _common_surname(self, tokens: list[Token], genders: set[str]) -> bool:
        """Whether the surname, known only as an oblique form of the other gender's, may
        also be its own nominative for the first name's other reading: "Валентина Кочура"
        is Валентин Кочур's genitive or Валентина Кочура herself (profile
        ``common_surname_endings``: such surnames are the same for both). Only a name that
        opens its clause, or follows another name, is taken for a nominative so: after a
        word, it is mostly a dependent ("підприємця Віталія Лобка", "перекладів Юліана
        Тувіма")."""
        surname, start = tokens[-1], tokens[0].i
        before = tokens[0].doc[start - 1] if start > 0 else None
        # (or right after another person's name, its possessor's: "мати Юрія Мірошниченка
        # Валентина Кочура придбала")
        opens_clause = before is None or not is_word(before) \
            or before.ent_type_ in self.profile.person_labels
        return opens_clause and len(tokens) > 1 and surname.lower_.endswith(
            self.profile.common_surname_endings) and not any(
            r.case == "Nom" for r in self._readings(surname)
            if r.name_part == "surname" and r.gender in genders)

    @rule("name-title-before")
    def _title_before(self, doc: Doc, tokens: list[Token]) -> tuple[str, str] | None:
        """The gender and case of a gendered person noun right before a bare surname, in a
        case the surname has as a person of that gender: the name is in apposition to it
        ("підприємиці Козименко" is a woman in the genitive, whatever verb follows; the
        masculine "Козименко" has no genitive of that form)."""
        start = tokens[0].i
        if start > 0 and self.lex.persons.may_be_person_noun(doc[start - 1].lower_):
            title = start - 1
        elif start > 0 and is_initial(doc[start - 1]):
            # past initials ("начальника управління О. М. Тітова"): a title the name is
            # in apposition to
            title = self._apposed_title(doc, start)
            if title is None or not self.finder.title_noun(doc[title], self._readings(doc[title])):
                return None
        else:
            return None
        return self._title_reading(doc[title], lambda gender, reading: (
            reading.case in self._shared_cases(tokens, gender)))

    def _title_reading(self, title: Token, accepts) -> tuple[str, str] | None:
        """The gender and case of the first reading of the person noun ``title`` in its own
        gender that ``accepts(gender, reading)``."""
        for reading in self._readings(title):
            hit = self.lex.persons.lookup_readings((reading,))
            gender = UD_GENDER.get(hit.entry.gender) if hit is not None else None
            if gender is not None and reading.gender == gender and accepts(gender, reading):
                return gender, reading.case
        return None

    def _surname_genders(self, token: Token) -> set[str]:
        """Genders ``token`` has as a surname: dictionary surnames, and adjectival ones
        (Шишацький, Шишацька) by their adjective readings."""
        readings = self._readings(token)
        genders = {r.gender for r in readings if r.name_part == "surname"} & set(OTHER_GENDER)
        if len(genders) > 1 and self.forms.extended_ending(token.lower_):
            # "Шевцов": the dictionary also lists it as a woman's indeclinable surname, but
            # a woman of the family is "Шевцова"
            genders = {"Masc"}
        if not genders and token.text[:1].isupper():
            genders = {r.gender for r in readings if r.pos == "ADJ"} & set(OTHER_GENDER)
        if not genders and self.forms.unlisted_surname(token):
            genders = {"Masc"}
        return genders
