"""Whose title or relative a person noun is: the name it belongs to, the possessor it
depends on, the subject a linking verb predicates it of.

"Син директора" keeps директора (the possessor) in the directions that turn one gender,
"Донька президента" keeps the daughter there when the president is the target (under invert
every person turns), "етнограф Лілія Мусіхіна" is her title, "Гріпак є
директором" a generic masculine predicated of a woman, "Засновником є ТОВ" an
organisation's title: each decides whether a person noun turns, and to which gender.
"""

from spacy.tokens import Token

from ...lexicon import LexiconHit
from ...morph import UD_GENDER, Reading
from ...tokens import is_word
from ..grammar.government import _APPOSITION_MARKS
from ..names.swapper import NameMention
from ..rules import rule
from .anaphora import _CLAUSE_OPENERS
from .clauses import _MODIFIER_POS

# How far after a title its genitive name may stand ("депутата від Партії регіонів Миколи").
_NAME_WIDTH = 6


class RelationReader:
    """The relations of a person noun to the names, possessors and subjects around it."""

    def __init__(self, swap) -> None:
        # the swap (engine._MorphSwapper, which imports this part) holds what the parts
        # share: its record, names, direction; the reader's tokens and basic questions are
        # asked in every rule, so they are kept at hand
        self.swap = swap
        self.tokens, self.lex, self.clauses = swap.tokens, swap.lex, swap.clauses
        self._readings, self._agreeing_reading = swap._readings, swap._agreeing_reading

    @rule("relative-subject")
    def _relative_subject(self, token: Token) -> int | None:
        """The index of the relative pronoun opening a clause right before the linking verb
        of which the instrumental title at ``token`` (past its modifiers) is predicated:
        ", який є депутатом"; else None."""
        k = token.i - 1
        while k > 0 and self._agreeing_reading(self.tokens[k], _MODIFIER_POS, None, "Ins"):
            k -= 1
        if k < 2 or not self.clauses._is_linking_verb(k) \
                or self.clauses.phrases._relative_pronoun_at(k - 1) is None \
                or not self.clauses._is_relative_pronoun(self.tokens[k - 1]):
            return None
        return k - 1

    @rule("predicated-of-other")
    def _predicated_of_other(self, token: Token, reading: Reading, gender: str) -> bool:
        """Whether a title in the instrumental is predicated, through a linking verb, of
        something that is no person of its gender and keeps it: a woman who becomes a man
        ("Гріпак є директором", "працювала заготівельником": a generic masculine; where
        she stays a woman, the title becomes feminine), or an organisation ("Засновником
        ТОВ «Х» є компанія «Y»", "Ця фірма була співзасновником"). A plural title is a
        group's: the people among the coordinated subjects decide ("Засновниками є ТОВ
        «Володар», Микола Мітрахов і Сергій Єрмолаєв" → "Засновницями є ТОВ «Володар»,
        Марія Мітрахова і …"), else any organisation keeps it. A nominative title is one
        said of a woman with no verb (``_verbless_of_woman``)."""
        swap = self.swap
        if reading.case == "Nom":
            return gender == "Masc" and self._verbless_of_woman(token)
        if reading.case != "Ins":
            return False
        start = token.i
        while start > 0 and self._agreeing_reading(self.tokens[start - 1], _MODIFIER_POS,
                                                   None, "Ins") is not None:
            start -= 1  # "працювала першим заступником"
        found = self.clauses._linking_verb(start, token.i + 1)
        if found is None:
            return False
        verb, step = found
        plural = reading.number == "Plur"
        genders = {r.gender for r in self._readings(self.tokens[verb])
                   if r.pos == "VERB" and r.gender is not None}
        # a verb in the title's gender: a man's ("працював директором"), unless its subject
        # is a thing that the verb agrees with ("Університет став переможцем")
        agreeing = bool(genders) and not plural and gender in genders
        subject = self.clauses.phrases._subject_from(verb + step, step)
        # (a date is no subject: "у 2006-2007 рр був")
        subjects = [subject] if subject is not None and self.tokens[subject].ent_type_ \
            not in self.lex.profile.time_labels else []
        if plural and step == 1 and subjects:
            subjects += swap.groups._conjuncts(subjects[0])
            people = [k for k in subjects if swap.entity_label.get(k) in swap.person_labels
                      or k in swap.name_gender]
            subjects = people or subjects  # the people among organisations decide
        if any(self._other_referent(k, gender) for k in subjects):
            if any(swap.organisations._organisation_referent(k) for k in subjects):
                swap.organisation_roles.add(reading.lemma)  # "Засновником є компанія"
            return True
        if agreeing:
            return False
        if swap.keep_generic and not plural and gender == "Masc" and step < 0 and (
                "Fem" in genders or any(self._kept_woman(k) for k in subjects)):
            # "Таїсія Гріпак є директором", "працювала заготівельником": the generic
            # masculine predicated of her after she is named, kept in feminine_first's
            # first try (see swap_edits); a title put first is the sentence's topic and
            # takes her gender ("Директором є Олена" → "Директоркою є Олена")
            swap.kept_generic = True
            return True
        # "працювала заготівельником" (she becomes a man), "було ТОВ" (neuter); only the
        # masculine is generic: "керівницею був" is a man's title to swap back
        return bool(genders) and not plural and gender == "Masc" and (
            "Fem" not in genders or swap._wanted("Fem"))

    @rule("gender-of-named")
    def _gender_of_named(self, token: Token, hit: LexiconHit, reading: Reading) -> str | None:
        """The gender of the swapped name that the singular person noun at ``token`` names
        too, when they share it: in apposition after a comma or dash and in its case
        ("Інна Кривопішина, син екс-директорки", "Тетяна Ворошилова – чоловік
        підприємиці"), after its genitive possessor in its own case ("Батько голови ОДА
        Анатолій Кузьменко"), or predicated of it by a linking verb before ("Ганна Крупко є
        сином екс-міністра")."""
        swap = self.swap
        gender = UD_GENDER.get(hit.entry.gender)
        if reading.number == "Plur" or not hit.entry.counterparts or gender is None:
            return None
        after = self._name_past_possessor(token.i, reading.case)
        if after is not None:
            return gender if after.gender == gender else None
        k = token.i - 1
        while k > 0 and self._agreeing_reading(self.tokens[k], _MODIFIER_POS, None,
                                               reading.case) is not None:
            k -= 1  # "Світлана Супруненко, колишній зять"
        if k < 1:
            return None
        if self.tokens[k].text in _APPOSITION_MARKS:
            name = swap.name_ends.get(k)
            return gender if name is not None and name.case == reading.case and (
                name.gender == gender) else None
        if reading.case == "Ins" and self.clauses._is_linking_verb(k) and not any(
                r.gender for r in self._readings(self.tokens[k]) if r.pos == "VERB"):
            # (a past-tense verb shows the subject's gender, and its walk predicates)
            subject = self.clauses.phrases._subject_from(k - 1, -1)
            if subject is not None and swap.name_gender.get(subject) == gender:
                return gender
        return None

    @rule("title-of")
    def _title_of(self, token: Token, reading: Reading) -> NameMention | None:
        """The name, swapped or kept, that the singular person noun at ``token`` is the
        title of: right after it in its case ("етнограф Лілія Мусіхіна")."""
        name = self.swap.name_starts.get(token.i + 1)
        return name if name is not None and reading.number != "Plur" and (
            name.case == reading.case) else None

    @rule("name-past-possessor")
    def _name_past_possessor(self, i: int, case: str | None) -> NameMention | None:
        """A swapped name in ``case`` (not the genitive) right after the genitive phrase that
        follows the person noun at ``i``: the name is that person's, not the possessor's
        ("Батько голови ОДА Анатолій Кузьменко", "Брат Вячеслава Супруненка Олександр")."""
        swap = self.swap
        doc = self.tokens
        if case in (None, "Gen") or i + 1 >= len(doc):
            return None
        k, end = i + 1, min(i + 1 + _NAME_WIDTH, len(doc))
        while k < end:
            name = swap.name_starts.get(k)
            if name is not None and k == i + 1 and name.case == "Gen":
                k = name.end  # the possessor's name: "Брат Вячеслава Супруненка Олександр"
                continue
            if name is not None:  # (right after it, the noun's own: "Брат Олександр")
                return name if k > i + 1 and name.swapped and name.case == case else None
            if not (doc[k].ent_type_ and doc[k].ent_type_ not in swap.person_labels) and not (
                    is_word(doc[k]) and any(r.case == "Gen" for r in self._readings(doc[k]))):
                return None
            k += 1
        return None

    @rule("kept-woman")
    def _kept_woman(self, k: int) -> bool:
        """Whether token ``k`` is in a woman's name that the direction keeps."""
        return any(m.start <= k < m.end and m.gender == "Fem" and not m.swapped
                   for m in self.swap.name_starts.values())

    @rule("verbless-title-of-woman")
    def _verbless_of_woman(self, token: Token) -> bool:
        """Whether the masculine title at ``token`` (its modifiers before it) is said, with
        no verb, of a woman's name or pronoun opening the clause right before it, a dash or
        comma between or not: her generic masculine, which stays as she turns ("Вона
        мистецтвознавець" → "Він мистецтвознавець", "Ірина — відомий лікар", "Марія,
        директор школи, сказала")."""
        swap, k = self.swap, token.i - 1
        while k >= 0 and self.tokens[k].lower_ not in swap.pronoun_gender \
                and self._agreeing_reading(self.tokens[k], _MODIFIER_POS, None, "Nom") is not None:
            k -= 1  # "відомий"
        if k >= 0 and self.tokens[k].text in _APPOSITION_MARKS:
            k -= 1
        if k < 0:
            return False
        mention = next((m for m in swap.name_starts.values() if m.end == k + 1), None)
        if mention is not None:
            woman, start = mention.gender == "Fem" and mention.case in (None, "Nom"), mention.start
        else:
            woman, start = swap.pronoun_gender.get(self.tokens[k].lower_) == "Fem" \
                and swap.agreement.subjects._nominative_pronoun(k), k
        return woman and (start == 0 or self.tokens[start - 1].text in _CLAUSE_OPENERS)

    @rule("other-referent")
    def _other_referent(self, k: int, gender: str) -> bool:
        """Whether the subject at token ``k`` keeps a title of ``gender`` predicated of it:
        an organisation or place (entity or inanimate noun), or a woman who becomes a man
        (swapped name, or person noun) for a masculine title, the generic one."""
        swap = self.swap
        label = swap.entity_label.get(k)
        if label in swap.person_labels:
            return gender == "Masc" and swap.name_gender.get(k, gender) != gender
        if label is not None and label not in swap.job_labels:
            return True
        token = self.tokens[k]
        found = swap.targets._person_noun(token, check_next=False, plural=True) \
            if self.lex.persons.may_be_person_noun(token.lower_) else None
        if found is not None:
            other = UD_GENDER.get(found[0].entry.gender)
            return gender == "Masc" and other == "Fem" and swap._wanted(other)
        if k in swap.name_gender:
            return gender == "Masc" and swap.name_gender[k] != gender
        readings = self._readings(token)
        nominative = [r for r in readings if r.pos == "NOUN" and r.case == "Nom"
                      and not r.animate]
        if nominative and all(r.gender == "Fem" and r.number == "Sing" for r in nominative) \
                and swap._wanted(gender) and not swap.every_person \
                and swap.organisations._names_organisation_after(k):
            return False  # a title agrees with the feminine noun the organisation's name
            # follows, as current usage has it and NER-UK's references write it in the
            # directions that turn one gender: "Засновницею є компанія «Х»" (and turns back
            # to the generic masculine: a second swap restores the first); under invert,
            # where only persons turn, the organisation's title stays
        # (not a short lower-case abbreviation: "у 2006-2007 рр був")
        return (token.is_upper or len(token) > 3) and bool(nominative) \
            and not any(r.pos == "PROPN" or r.animate for r in readings)

    @rule("is-possessor")
    def _is_possessor(self, token: Token, reading: Reading) -> bool:
        """A person noun that depends on another and stays: where the profile keeps
        possessors (``possessors_stay``: the directions that turn one gender), every one
        (``_depends_on_person``); where every person turns (``invert``), only one that also
        reads as the genitive of a thing of another lemma, which it is after a person noun
        ("вчителька фізики": the physics taught, not a physicist)."""
        if not self._depends_on_person(token, reading):
            return False
        readings = self._readings(token)
        people = {r.lemma for r in readings if r.animate}
        return self.swap.possessors_stay or any(
            r.pos == "NOUN" and r.case == "Gen" and not r.animate and r.lemma not in people
            for r in readings)

    def _depends_on_person(self, token: Token, reading: Reading) -> bool:
        """A person noun that depends on another: a genitive right after one ("Син
        директора"); in a job entity, any person noun after the title's head ("заступник
        міністра", "вчитель математики") unless coordinated with it ("засновник і
        директор"), and the head itself right after a relative turned with its name."""
        swap = self.swap
        if token.i == 0 or self._named_after(token.i) is not None \
                or self._address_of_title(token, reading):
            return False
        if swap.persons._in_job(token.i):
            entity = swap.job_entity[token.i]
            if reading.case == "Gen" and self._before_prefix(entity.start) in swap.titles \
                    and not self._name_follows(token.i):
                # the unnamed title of a relative's relative: "Тарас Палій, син
                # екс-начальника" turns the son with his name, and his father stays (never
                # "донька екс-начальниці")
                return True
            previous = self.tokens[token.i - 1]
            if previous.lower_ in swap.conjunctions or previous.text == "," or (
                    self.clauses._prefix_hyphen(token.i - 1)):
                return False  # "засновник і директор", "робітника-нелегала"
            return any(swap.targets._person_noun(self.tokens[j], plural=True) is not None
                       and not swap.exclusions._undeclined_first_part(self.tokens[j])
                       for j in range(entity.start, token.i))
        before = self._before_prefix(token.i)
        return reading.case == "Gen" and before >= 0 and swap.targets._person_noun(
            self.tokens[before]) is not None

    @rule("name-follows")
    def _name_follows(self, i: int) -> bool:
        """Whether a name, swapped or kept, follows the person noun at ``i`` within a few
        words, past organisations ("заступника директора ФПГ «Альтком» Михайла
        Ковальова")."""
        doc, words, k = self.tokens, 0, i + 1
        while k < len(doc):
            if k in self.swap.name_starts:
                return True
            quoted = self.clauses._group_end(k, 1)
            if quoted is not None:
                k = quoted + 1  # "від партії «УДАР» Андрія Путілова"
                continue
            if self.clauses._ends_clause(k) and not (
                    doc[k].text == "," and k + 1 < len(doc)
                    and self.lex.persons.may_be_person_noun(doc[k + 1].lower_)):
                return False  # (past a comma, a title apposed: "Засновник компанії,
                # киянин Олег Демченко")
            if words >= _NAME_WIDTH:
                return False
            if is_word(doc[k]) and not doc[k].ent_type_:
                words += 1
            k += 1
        return False

    def _before_prefix(self, i: int) -> int:
        """The index before the word at ``i`` and its hyphenated prefix ("син
        екс-начальника": the prefix stands between)."""
        return i - 3 if i > 2 and self.clauses._prefix_hyphen(i - 1) else i - 1

    @rule("before-the-target")
    def _before_the_target(self, token: Token, hit: LexiconHit, reading: Reading) -> bool:
        """Whether a person noun outside entities is the relative of the one after it, a
        job title or a swapped genitive name ("Донька президента", "брат Михайла"), unless
        it is a title in apposition to that name ("віце-спікера Ігоря"); also the relative of
        a genitive title whose swapped name follows ("Батько директора фірми Петра
        Кузьменка"), also past the title's form of address ("сина пана директора")."""
        swap = self.swap
        if not swap.possessors_stay or self._address_of_title(token, reading) or (
                token.lower_ in self.lex.honorifics and token.i + 1 in swap.name_starts):
            return False  # ("пана Івана": the form of address of the name, in apposition)
        after = token.i + 1
        if after < len(self.tokens) and self.tokens[after].lower_ in self.lex.honorifics:
            after += 1
        return swap.persons._in_job(after) or bool(
            swap.genitive_names.get(token.i + 1) and not self._title_of_name(hit, reading)
        ) or self._named_possessor(token.i + 1)

    @rule("address-of-title")
    def _address_of_title(self, token: Token, reading: Reading) -> bool:
        """Whether a form of address stands before a job title in its case: it is the
        title's apposition ("пан доктор", "пана директора"), swapped with it."""
        following = token.i + 1
        return token.lower_ in self.lex.honorifics and self.swap.persons._in_job(following) and any(
            r.case == reading.case for r in self._readings(self.tokens[following]))

    @rule("named-possessor")
    def _named_possessor(self, i: int) -> bool:
        """Whether token ``i`` is a genitive person noun whose swapped name follows."""
        doc = self.tokens
        if i >= len(doc) or not is_word(doc[i]) \
                or not self.lex.persons.may_be_person_noun(doc[i].lower_):
            return False
        found = self.swap.targets._person_noun(doc[i])
        return found is not None and found[1].case == "Gen" and self._named_after(i) is not None

    @rule("title-of-name")
    def _title_of_name(self, hit: LexiconHit, reading: Reading) -> bool:
        """A person noun in the genitive before a genitive name is its apposition ("віце-спікера
        Ігоря", "киянина Андрія", "класика Льва Толстого": a noun only the analyser knows),
        but for a relation (profile kind ``relation``) or a spouse, the name's relative
        ("брата Михайла", "її чоловіка Євгена")."""
        return hit.entry.kind != "relation" and hit.entry.lemma not in self.swap.spouses \
            and reading.case == "Gen"

    @rule("named-after")
    def _named_after(self, i: int) -> str | None:
        """The gender of a swapped genitive name that follows the person noun at ``i``
        within its phrase ("помічником депутата від Партії регіонів Миколи Джиги"): the
        possessor is then that person and changes with the name."""
        swap = self.swap
        doc = self.tokens
        if not swap.genitive_names:
            return None
        for k in range(i + 1, min(i + 1 + _NAME_WIDTH, len(doc))):
            if swap.genitive_names.get(k):
                return swap.genitive_names[k]
            if self.clauses._ends_clause(k) or (
                    is_word(doc[k]) and self.lex.persons.may_be_person_noun(doc[k].lower_)
                    and swap.targets._person_noun(doc[k]) is not None):
                return None
        return None
