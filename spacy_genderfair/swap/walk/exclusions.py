"""The words that may name a person but name none here: one table of exclusion rules.

A person noun, a pronoun or a job entity's word is no person to swap when it is part of a
thing's or a team's name («Шахтар», "майстер-клас"), God ("Бог"), a surname spelled like a
common noun ("Тютюнник"), an infinitive ("повинен мати"), a title said of an organisation
("визначило ТОВ «Х» переможцем") or a thing it also spells ("при покупці"). ``_EXCLUSIONS``
lists which words each rule is asked of, in order; ``NoPersonReader.names_no_person`` asks
them.
"""

from spacy.tokens import Token

from ...morph import OTHER_GENDER, Reading, agrees
from ...tokens import ascii_apostrophes, is_word, sentence_initial
from ..grammar.eponyms import in_eponym
from ..grammar.titles import in_quoted_title
from ..rules import rule
from .clauses import _MODIFIER_POS
from .targets import _indeclinable

# The most adjectives before the noun of an infinitive's object ("мати зручні під'їзні шляхи").
_OBJECT_MODIFIERS = 3
# How far back an impersonal predicate governs an infinitive: "бридко їх навіть до рук брати".
_IMPERSONAL_REACH = 6

# The words that name no person though they may (``NoPersonReader._names_no_person``): which
# words each exclusion rule is asked of, and the rule, in the order they are asked.
_EXCLUSIONS = (
    ("joined", "_undeclined_first_part"),  # "прем'єр-міністра": only міністра changes
    # "«Шахтар» проґавив", "видання "Урядовий кур'єр"": a team's, a firm's or a paper's name
    ("untagged person noun", "_in_quoted_title"),
    ("untagged person noun", "_capitalised_being"),  # "що Бог їх забрав": God
    ("untagged person noun", "_capitalised_thing"),  # "Динамо та Шахтар": a club
    ("untagged person noun", "_in_institution_name"),  # "Адміністрації президента"
    ("untagged person noun", "_surname_in_text"),  # "що Тютюнник характеризується"
    ("untagged person noun", "_eponym_title"),  # "центр імені короля Абдулазиза"
    ("person word", "_part_of_known_non_person"),  # "Їй-богу", "майстер-клас"
    ("person word", "_first_part_of_thing"),  # "майстер-копії"
    ("untagged person noun", "_infinitive_after_predicate"),  # "повинен мати": to have
)


class NoPersonReader:
    """The exclusion rules of ``_EXCLUSIONS`` and the thing readings they rest on."""

    def __init__(self, swap) -> None:
        # the swap (engine._MorphSwapper, which imports this part) holds what the parts
        # share: its record, names, direction; the reader's tokens and basic questions are
        # asked in every rule, so they are kept at hand
        self.swap = swap
        self.tokens, self.lex, self.clauses = swap.tokens, swap.lex, swap.clauses
        self._readings, self._agreeing_reading = swap._readings, swap._agreeing_reading

    def _names_no_person(self, token: Token, label: str | None, person_word: bool) -> bool:
        """Whether a word that may name a person (a person noun, a pronoun, a job entity's
        word) names none here: the exclusion rules of ``_EXCLUSIONS``, in order, each asked
        of the words it applies to."""
        applies = {
            "joined": not token.whitespace_,
            "untagged person noun": person_word and label is None,
            "person word": person_word or token.lower_ in self.swap.pronoun_gender,
        }
        if not any(applies.values()):
            return False  # (most words of a text: no rule is asked of them)
        # (looked up by name at each call: a rule switched off is the method wrapped then)
        return any(applies[words] and getattr(self, method)(token)
                   for words, method in _EXCLUSIONS)

    def _past_objects_back(self, k: int) -> int:
        """The first index back from ``k`` that is no particle and no personal pronoun in
        an oblique case: the verb before an infinitive's pronoun object ("не хотів мене
        брати", "могла їх мати")."""
        while k > 0 and (self.tokens[k].lower_ in self.lex.profile.particles or any(
                r.pos == "PRON" and r.case not in (None, "Nom", "Voc")
                for r in self._readings(self.tokens[k]))) \
                and not any(r.pos == "VERB" for r in self._readings(self.tokens[k])):
            k -= 1
        return k

    @rule("infinitive-after-predicate")
    def _infinitive_after_predicate(self, token: Token) -> bool:
        """Whether a word that reads as a noun and an infinitive is the infinitive: after a
        verb or an adjective it cannot be the subject or noun of ("могли мати",
        "дозволялось мати", "повинен мати"; "бралась мати", "його мати" are the mother),
        or after a verb before its object in the accusative ("прагнула мати справу"; past its
        modifiers: "може мати суттєвий вплив", "мріє мати багато друзів")."""
        if token.i == 0 or not any(r.pos == "VERB" and r.verb_form == "Inf"
                                   for r in self._readings(token)):
            return False
        head = self._object_head(token.i + 1)
        if head is not None and not (head + 1 < len(self.tokens) and any(
                r.pos == "VERB" and r.verb_form == "Fin"
                for r in self._readings(self.tokens[head + 1]))):
            return True  # "з усього мати користь", "мати фізичні відчуття": the mother has
            # no accusative after her (but for her verb's object before it: "як мати пісню
            # заводила")
        before = self._readings(self.tokens[token.i - 1])
        if any(r.pos == "VERB" and r.verb_form == "Fin" and r.lemma in self.lex.profile.modal_verbs
               for r in self._readings(self.tokens[self._past_objects_back(token.i - 1)])) \
                and not (token.i + 1 < len(self.tokens) and any(
                r.pos == "VERB" and r.verb_form == "Inf"
                for r in self._readings(self.tokens[token.i + 1]))):
            return True  # "мусить мати терпіння": a modal verb's infinitive (not "може мати
            # прийти", the mother's)
        if self._impersonal_before(token.i):
            return True  # "треба мати терпіння", "бридко їх навіть до рук брати"
        nouns = [r for r in self._readings(token) if r.pos == "NOUN"
                 and self.lex.persons.lookup_readings((r,)) is not None]

        def agrees(word: Reading) -> bool:
            return any(word.number in (None, noun.number) and word.gender in (None, noun.gender)
                       and (word.pos == "VERB" or word.case == noun.case) for noun in nouns)

        verbs = [r for r in before if r.pos == "VERB" and r.verb_form == "Fin"]
        adjectives = [r for r in before if r.pos == "ADJ"]
        if (verbs or adjectives) and not any(agrees(r) for r in (*verbs, *adjectives)):
            return True
        if not verbs:
            return False
        k = token.i + 1
        while k < len(self.tokens) and is_word(self.tokens[k]) and all(
                r.pos in ("ADJ", "ADV", "NUM", "PRON") for r in self._readings(self.tokens[k])):
            k += 1  # ("може мати суттєвий негативний вплив", "мріє мати багато друзів")
        following = self._readings(self.tokens[k]) if k < len(self.tokens) else ()
        # (after a past tense that agrees with it, "мати" is its subject unless the noun can
        # only be an object: "прийшла мати її подруги")
        if any(r.gender for r in verbs):
            ambiguous = ("Nom", "Gen")
        else:
            ambiguous = ("Nom",) if k == token.i + 1 else ()
        return any(r.pos == "NOUN" and r.case == "Acc" for r in following) \
            and not any(r.case in ambiguous for r in following)

    def _impersonal_before(self, i: int) -> bool:
        """Whether an impersonal predicate (profile ``impersonal_predicates``: треба, можна)
        stands before token ``i`` in its clause, with no finite verb or punctuation between."""
        predicates = self.lex.profile.impersonal_predicates
        for k in range(i - 1, max(i - _IMPERSONAL_REACH, -1), -1):
            token = self.tokens[k]
            if token.lower_ in predicates:
                return True
            if not is_word(token) or any(r.pos == "VERB" and r.verb_form == "Fin"
                                         for r in self._readings(token)):
                return False
        return False

    @rule("unknown-title")
    def _unknown_title(self, token: Token) -> str | None:
        """The lemma of the first noun of a job entity in which the lexicon knows no person
        noun ("голубівники", "поліцаїв"), when its gender is one the direction swaps: left
        as it is, and reported."""
        swap = self.swap
        span = next((s for s in swap.shared.entities if s.start <= token.i < s.end), None)
        if span is None or any(self.lex.persons.may_be_person_noun(t.lower_) for t in span):
            return None
        head = next((t.i for t in span if is_word(t)
                     and any(r.pos == "NOUN" for r in self._readings(t))), None)
        if head != token.i or token.text.isupper():
            return None  # (an abbreviation, "ФОП", has no gendered form to report)
        lemma = next(r.lemma for r in self._readings(token) if r.pos == "NOUN")
        genders = {r.gender for r in self.lex.analyzer.analyze(lemma)
                   if r.pos == "NOUN" and r.lemma == lemma} & set(OTHER_GENDER)
        return lemma if len(genders) == 1 and swap._wanted(genders.pop()) else None

    @rule("object-head")
    def _object_head(self, k: int) -> int | None:
        """The index of the head noun of a thing's accusative phrase starting at ``k``, past
        adjectives that read in no genitive and the conjunctions between them ("фізичні
        відчуття", "зручні під'їзні шляхи", "механічні й технологічні властивості"), else
        None."""
        start, adjectives = k, 0
        while k < len(self.tokens) and adjectives < _OBJECT_MODIFIERS and (
                readings := self._readings(self.tokens[k])):
            if all(r.pos == "ADJ" and r.case != "Gen" for r in readings):
                adjectives += 1
            elif not (adjectives and self.tokens[k].lower_ in self.lex.profile.pair_conjunctions):
                break
            k += 1
        if k >= len(self.tokens) or not self._readings(self.tokens[k]):
            return None
        if self._thing_object(self.tokens[k]) or (k > start and any(
                r.pos == "NOUN" and r.case == "Acc" and not r.animate
                for r in self._readings(self.tokens[k]))):
            return k
        return None

    @rule("thing-object")
    def _thing_object(self, token: Token) -> bool:
        """Whether ``token`` reads as a thing's accusative and never as a genitive (the case
        of a person noun's possessor): "користь", "справу"."""
        readings = self._readings(token)
        return any(r.pos == "NOUN" and r.case == "Acc" and not r.animate for r in readings) \
            and not any(r.case == "Gen" for r in readings) and not token.text[:1].isupper()

    @rule("first-part-of-thing")
    def _first_part_of_thing(self, token: Token) -> bool:
        """Whether ``token`` is the undeclined first part of a hyphenated noun whose second
        part, its head, is a thing, no person: it shares no case and number with the head
        ("майстер-класи", "майстер-копію"; not "брат-двійня", whose parts both decline)."""
        i, doc = token.i, self.tokens
        if i + 2 >= len(doc) or not self.clauses._prefix_hyphen(i + 1) or doc[i + 1].whitespace_:
            return False
        head = doc[i + 2]
        forms = {(r.case, r.number) for r in self._readings(head) if r.pos == "NOUN"}
        return bool(forms) and not self.lex.persons.may_be_person_noun(head.lower_) \
            and not any(r.animate for r in self._readings(head)) \
            and not any((r.case, r.number) in forms
                        for r in self._readings(token) if r.pos == "NOUN")

    @rule("part-of-known-non-person")
    def _part_of_known_non_person(self, token: Token) -> bool:
        """Whether ``token`` is a part of a hyphenated word the analyser knows as a whole
        and as no person: no noun ("Їй-богу") or a thing's ("майстер-клас")."""
        swap = self.swap
        i, doc = token.i, self.tokens
        if i >= 2 and self.clauses._prefix_hyphen(i - 1):
            joined = f"{doc[i - 2].lower_}-{token.lower_}"
        elif i + 2 < len(doc) and self.clauses._prefix_hyphen(i + 1) and not doc[i + 1].whitespace_:
            joined = f"{token.lower_}-{doc[i + 2].lower_}"
        else:
            return False
        return swap.analyzer.is_known(joined) and not any(
            r.pos == "NOUN" and r.animate for r in swap.analyzer.analyze(joined))

    @rule("in-quoted-title")
    def _in_quoted_title(self, token: Token) -> bool:
        """Whether ``token`` is in a quoted name (grammar/titles.py): a team, firm, paper or
        work («Шахтар», "Урядовий кур'єр"), not a quoted sentence ("« З дружиною
        порадитися »")."""
        return in_quoted_title(self.tokens, token.i, self._readings)

    @rule("reverent-pronoun")
    def _reverent_pronoun(self, token: Token) -> bool:
        """Whether ``token`` is a capitalised pronoun inside its sentence where the profile
        reads one as God's (``capitalized_pronoun_is_reverent``: "просити в Нього
        прощення")."""
        if not (self.lex.profile.capitalized_pronoun_is_reverent and token.is_title) \
                or sentence_initial(token):
            return False
        before = self.tokens[token.i - 1]  # (a word, or a comma: "на наше повернення, Він
        return is_word(before) or before.text in (",", ";")  # завжди готовий")

    @rule("surname-in-text")
    def _surname_in_text(self, token: Token) -> bool:
        """Whether ``token`` is capitalised inside its sentence (after a word) and also
        reads as a surname: the person's name, not the common noun it spells ("Тютюнник",
        "Олійник", "Кобзар")."""
        i = token.i
        return i > 0 and token.text[:1].isupper() and is_word(self.tokens[i - 1]) \
            and any(r.name_part == "surname" for r in self._readings(token))

    @rule("eponym-title")
    def _eponym_title(self, token: Token) -> bool:
        """Whether ``token`` is the title of the person an institution is named after,
        between the eponym marker and the name ("центр імені короля Абдулазиза",
        "університет імені академіка Глушкова"): part of the institution's name."""
        return in_eponym(self.tokens, token.i, self.lex.profile, self._readings)

    @rule("capitalised-being")
    def _capitalised_being(self, token: Token) -> bool:
        """Whether ``token`` is a capitalised form of a person noun that
        ``swap_exceptions.tsv`` lists as a capitalised being: the name of one being ("Бог",
        "Богові")."""
        beings = self.lex.profile.capitalised_beings
        return bool(beings) and token.text[:1].isupper() and any(
            r.lemma in beings for r in self._readings(token) if r.pos == "NOUN")

    @rule("institution-name")
    def _in_institution_name(self, token: Token) -> bool:
        """Whether ``token`` is a person noun in the genitive right after a capitalised noun
        of the profile's ``institution_nouns``: part of the name of a body or a day named
        after an office or a role ("в Адміністрації президента", "з Днем журналіста")."""
        i = token.i
        if i == 0 or not self.lex.profile.institution_nouns:
            return False
        head = self.tokens[i - 1]
        return head.text[:1].isupper() and any(
            r.lemma in self.lex.profile.institution_nouns for r in self._readings(head)) \
            and any(r.case == "Gen" for r in self._readings(token))

    @rule("capitalised-thing")
    def _capitalised_thing(self, token: Token) -> bool:
        """Whether ``token``, capitalised inside its sentence (after a word), also reads as
        an inanimate noun of its person noun's lemma: the dictionary's name of a thing
        spelled like a person noun, a club or a brand ("Динамо та Шахтар", "з Металістом").
        Not a surname's reading ("Тютюнник": surname-in-text keeps that one)."""
        i = token.i
        if i == 0 or not token.text[:1].isupper() or not is_word(self.tokens[i - 1]):
            return False
        readings = self._readings(token)
        people = {r.lemma for r in readings if r.pos == "NOUN" and r.animate}
        return any(r.pos == "NOUN" and not r.animate and not r.name_part and r.lemma in people
                   for r in readings)

    @rule("untagged-thing")
    def _untagged_thing(self, token: Token, person: Reading) -> bool:
        """Whether a person noun that the entity recogniser left untagged, in a Doc where it
        tagged job titles, also reads as a thing and nothing before it makes it the person:
        "політику домінування" (policy), "в мандрівці", "відбулася прем'єра". An adjective
        agreeing with the person reading keeps it one ("мова новоявленого класика"). In any
        Doc, a locative after a preposition that also reads as a thing's is that thing
        ("при покупці")."""
        if person.case == "Loc" and token.i > 0 and "Loc" in self.lex.profile.preposition_cases.get(
                self.tokens[token.i - 1].lower_, ()) and any(
                    self._thing(r) and r.case == "Loc" for r in self._readings(token)):
            return True  # "при покупці", "на прем'єрі фільму": a thing or an event there
        if not self.swap.tagged_jobs:
            return False
        if token.i > 0 and self._agreeing_reading(self.tokens[token.i - 1], _MODIFIER_POS,
                                                  person.gender, person.case) is not None:
            return False
        return self._reads_as_thing(token)

    @rule("thing-of-its-gender")
    def _thing_of_its_gender(self, token: Token, reading: Reading, gender: str) -> bool:
        """Whether a common-gender noun that also names a thing ("голова": a head) is that
        thing: untagged, agreeing in the thing's own gender and case, and with no genitive
        dependent or name after it that makes it a title ("за свою голову", not "голова
        правління" or "голова Петренко")."""
        if self.swap.entity_label.get(token.i) is not None or not any(
                r.pos == "NOUN" and not r.animate and r.gender == gender
                and r.case == reading.case for r in self._readings(token)):
            return False
        following = token.i + 1
        return following >= len(self.tokens) or not (
            self.tokens[following].text[:1].isupper()
            or any(r.case == "Gen" for r in self._readings(self.tokens[following])))

    def _reads_as_thing(self, token: Token) -> bool:
        """Whether the word at ``token`` also reads as an inanimate noun that is no person."""
        return any(self._thing(r) for r in self._readings(token))

    def _thing(self, reading: Reading) -> bool:
        """Whether ``reading`` is an inanimate noun that is no person noun."""
        return reading.pos == "NOUN" and not reading.animate \
            and self.lex.persons.lookup_readings((reading,)) is None

    @rule("names-a-thing")
    def _names_a_thing(self, token: Token, reading: Reading) -> bool:
        """The second part of a compound whose head, in the same case, is a thing
        ("фірма-переможець", "з компанією-забудовником", "банку-позичальника"): no person;
        nor where the head is a being the swap cannot turn ("резидентом-позичальником",
        "Янголові-Охоронцю"): the parts of a compound turn together or not at all. A head
        that does not decline is no such thing ("бізнес-партнером"), and a second part that
        also reads as an adjective agreeing with a thing before it is that adjective
        ("чарчину-другу"). So is a title said of
        an organisation: its predicate right after it ("визначило ТОВ «Київ-Інстал»
        переможцем") or its apposition after a dash ("ТОВ «Х» – найбільшого постачальника")."""
        if self.swap.organisations._said_of_organisation(token, reading):
            return True
        if token.i < 2 or not self.clauses._prefix_hyphen(token.i - 1):
            return False
        head = self.tokens[token.i - 2]
        if self.lex.persons.may_be_person_noun(head.lower_) and self.swap.targets._person_noun(
                head, check_next=False, plural=True) is not None:
            return False
        readings = self._readings(head)
        if _indeclinable(readings):
            return False  # "віце-спікера", "екс-мера": a prefix, not a noun
        if any(word.pos == "ADJ" and agrees(word, noun) for word in self._readings(token)
               for noun in readings if noun.pos == "NOUN" and not noun.animate):
            return True  # "перехилити чарчину-другу": a second one, no friend
        # (a thing's title is the generic masculine: a feminine one is a woman's, whatever
        # the first part's gender, "бізнес-партнерка"; a head of its own gender in the
        # nominative may be a prefix that never declines, "рок-співак", "бізнес-партнер",
        # where in another case it declines with the title only as a thing: "банку-позичальника")
        return reading.gender != "Fem" and any(
            r.pos == "NOUN" and r.case == reading.case and r.number == reading.number
            and (r.gender not in (None, reading.gender) or reading.case not in ("Nom", "Acc"))
            for r in readings)

    @rule("undeclined-first-part")
    def _undeclined_first_part(self, token: Token) -> bool:
        """The first part of a hyphenated title that does not decline (profile
        ``hyphen_prefixes``): "прем'єр-міністра", "генерал-майором"."""
        i = token.i
        return (i + 2 < len(self.tokens) and self.clauses._prefix_hyphen(i + 1)
                and ascii_apostrophes(token.lower_) in self.lex.profile.hyphen_prefixes)
