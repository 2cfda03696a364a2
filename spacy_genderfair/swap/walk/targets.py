"""Which reading of a word is a person noun to swap: its case, number and gender.

A word the lexicon may read as a person noun (лікаря, дільничний, журналістки) is a target
only in a reading its context allows: the case a governor or a modifier before it asks for,
the singular unless a tagged group or a plural subject's verb shows the plural, no modifier
of the noun after it ("черговий лікар"), no thing the modifier before it names instead
("державницьку політику"). ``TargetReader.person_noun`` is the swap's question "is this a
person, and in which reading"; what names no person whatever its reading is in
``exclusions.py``.
"""

from functools import lru_cache

from spacy.tokens import Token

from ...extensions import FEMININE, MASCULINE
from ...lexicon import LexiconHit
from ...morph import OTHER_GENDER, Reading, agrees
from ...tokens import counts_several, is_word
from ..grammar.government import CASE_ORDER, animate_cases, governed_cases
from ..rules import rule
from .adjectives import AdjectiveReader
from .clauses import _MODIFIER_POS
from .plurals import PluralSubjects

# A word read in this many cases does not decline ("віце", "пані").
_INDECLINABLE_CASES = 4


@lru_cache(maxsize=50_000)  # (asked of the same words many times per Doc)
def _indeclinable(readings: tuple[Reading, ...]) -> bool:
    """A word read in many cases of one lemma and number does not decline ("віце",
    "пані"); "фірми" (genitive singular, nominative plural) does, and so does "банку" (the
    genitive and dative of банк, the accusative of банка)."""
    return any(len({r.case for r in readings if (r.lemma, r.number) == form})
               >= _INDECLINABLE_CASES for form in {(r.lemma, r.number) for r in readings})


class TargetReader:
    """The person-noun reading of a word in its context (``_person_noun``), for the
    swap ``swap``."""

    def __init__(self, swap) -> None:
        # the swap (engine._MorphSwapper, which imports this part) holds what the parts
        # share: its record, names, direction; the reader's tokens and basic questions are
        # asked in every rule, so they are kept at hand
        self.swap = swap
        self.tokens, self.lex, self.clauses = swap.tokens, swap.lex, swap.clauses
        self._readings, self._agreeing_reading = swap._readings, swap._agreeing_reading
        self.plurals = PluralSubjects(swap)
        self.adjectives = AdjectiveReader(swap)

    def _governed(self, i: int) -> tuple[str, ...]:
        """``governed_cases`` at token ``i``, worked out once per Doc (both tries of
        ``feminine_first`` read it, and a word is looked at several times)."""
        swap = self.swap
        found = swap.shared.governed_by_token.get(i)
        if found is None:
            found = swap.shared.governed_by_token[i] = governed_cases(self.tokens, i, self.lex)
        return found

    def _animate_object(self, token: Token, readings) -> bool:
        """Whether ``token`` is governed in the accusative first and reads as an animate
        accusative only: a person's ("запросили конструктора"; the construction kit's
        accusative is "конструктор")."""
        governed = self._governed(token.i)
        return bool(governed) and governed[0] == "Acc" and any(
            r.pos == "NOUN" and r.animate and r.case == "Acc" for r in readings) and not any(
            r.pos == "NOUN" and not r.animate and r.case == "Acc" for r in readings)

    @rule("sex-marked-plural")
    def _marks_sex(self, hit: LexiconHit) -> bool:
        """Whether the plural of the person noun of ``hit`` names one sex and so turns where
        plurals stay (the profile's ``plural_turns``: "вчительки", "сини")."""
        entry = hit.entry
        return entry.gender in (MASCULINE, FEMININE) \
            and self.lex.profile.plural_turns(entry.lemma, entry.gender == FEMININE)

    @rule("plural-before-names")
    def _before_a_name(self, token: Token) -> bool:
        """Whether a capitalised word follows ``token``: a plural before names is their
        group, which turns with them or stays with them ("братів Вячеслава та Олександра",
        "у братів Буряків"), as the group of names decides (groups.py)."""
        after = token.i + 1
        return after < len(self.tokens) and is_word(self.tokens[after]) \
            and self.tokens[after].text[:1].isupper()

    def _person_noun(self, token: Token, *, check_next: bool = True, plural: bool = False
                     ) -> tuple[LexiconHit, Reading] | None:
        swap = self.swap
        readings = self._readings(token)
        if check_next and token.i + 1 < len(self.tokens) and self.adjectives._modifies_next(token):
            return None  # "черговий лікар", "військового патруля": a modifier, no person
        candidates, plurals = [], []
        for reading in readings:
            if reading.pos != "NOUN":
                continue
            hit = self.lex.persons.lookup_readings((reading,))
            if hit is not None and (reading.number != "Plur" or plural):
                candidates.append((hit, reading))
            elif hit is not None:
                plurals.append((hit, reading))
        if plurals and all(self._marks_sex(hit) for hit, _ in plurals) \
                and len({hit.entry.gender for hit, _ in plurals}) == 1 \
                and not self._before_a_name(token):
            # (a form both genders' plurals spell names no one sex: "гості", of гість and
            # of гостя)
            candidates += plurals
        if not candidates:
            candidates = self._adjectival_person_noun(token, readings, plural)
        if not candidates or self._modifier_names_a_thing(token, readings, candidates) \
                or self._predicate_of_thing(token, readings) \
                or self._vocative_unaddressed(token, candidates):
            return None
        if token.text.isupper() and len(token.text) > 1 \
                and all(hit.entry.source == "derived" for hit, _ in candidates):
            return None  # an acronym ("ФОП") is no word a learned rule pairs
        adjectives = [r for r in readings if r.pos == "ADJ"
                      and r.lemma in {hit.entry.lemma for hit, _ in candidates}]
        if adjectives and token.i > 0 \
                and self.tokens[token.i - 1].lower_ in self.lex.profile.preposition_cases \
                and any(self.adjectives._elliptical(token, a, contrasted=True) for a in adjectives):
            return None  # "від цивільного одягу до військового": the clothes, no soldier
        if all(hit.entry.from_analyser for hit, _ in candidates) \
                and token.i not in swap.job_entity and not self._animate_object(token, readings) \
                and any(r.pos == "NOUN" and not r.animate and (
                        r.lemma == hit.entry.lemma or hit.entry.source == "derived")
                        for r in readings for hit, _ in candidates):
            return None  # a word only the analyser makes a person, that is also its thing
            # ("людський фактор", "компілятор", "за графіком"), or a thing at all where only
            # a learned rule pairs it ("математику": the subject, not математик's dative),
            # unless tagged a job
        candidates = self._agreeing_with_modifier(token, candidates)
        # A person's accusative is animate ("директор" also reads as an inanimate accusative),
        # and an animate accusative is the genitive's form in the plural and the masculine:
        # "журналісти" is no accusative, "журналістів" is.
        genitive = {r.number for _, r in candidates if r.case == "Gen"}
        candidates = [(h, r) for h, r in candidates if r.case != "Acc" or (
            r.animate and (r.number in genitive
                           or (r.number != "Plur" and h.entry.gender != MASCULINE)))
        ] or candidates
        if token.i > 0 and self.tokens[token.i - 1].lower_ in swap.numerals:
            # "дві депутатки": plural after a numeral, not the genitive singular
            candidates = [(h, r) for h, r in candidates if r.number == "Plur"] or candidates
        if not plural and token.i > 0 and counts_several(
                self.tokens[token.i - 1], singular_after_ones=True) \
                and any(r.pos == "NOUN" and r.number == "Plur" for r in readings):
            return None  # "залучено 38 чоловік": the genitive plural a figure counts
        if not plural and not any(r.case == "Nom" and r.number == "Sing" for _, r in candidates) \
                and self.plurals._plural_subject(token):
            # "поки жінки там пораються", "Чи розуміли гості": the plural subject, not the
            # singular genitive or dative it also spells; it turns if it names one sex
            candidates = [(h, r) for h, r in candidates if r.number == "Plur" and r.case == "Nom"]
            if not candidates:
                return None
        cases = self._governed(token.i)
        if _indeclinable(tuple(r for r in readings if r.pos == "NOUN")) and (
                context := self._name_case_after(token) or self._context_cases(token)
                or self._hyphen_partner_cases(token)):
            # An indeclinable noun ("замміністра", "пані") is in any case: the modifier
            # before it, a linking verb, the name after it or the noun hyphenated to it says
            # which ("перший замміністра" → "перша замміністерка", "з однією пані" → "з
            # одним паном", "гордість пані Даманської" → "гордість пана Даманського", "з
            # пані-товаришкою" → "з паном-товаришем"); of those, the governor's likeliest
            # first ("привітали нового замдиректора": the accusative, not the genitive).
            hit, reading = candidates[0]
            cases = (*(c for c in cases if c in context), *(c for c in context if c not in cases))
            candidates = [(hit, reading._replace(case=case)) for case in cases]
        if not cases and _indeclinable(readings) and self._after_common_noun(token.i) and not (
                token.i + 1 < len(self.tokens) and self.tokens[token.i + 1].is_title):
            # "у помешканні замдиректора": the noun's dependent (not "Відповідь пані
            # Даманська отримала", whose name shows the case)
            cases = ("Gen",)
        if token.i > 1 and self.clauses._prefix_hyphen(token.i - 1):
            # "робітника-нелегала": the second part of a compound takes the first's case
            before = self.tokens[token.i - 2]
            first = self._person_noun(before, check_next=False, plural=plural)
            if first is not None and not swap.exclusions._undeclined_first_part(before) \
                    and not _indeclinable(self._readings(before)):
                # (not after an indeclinable "пані-", which reads in every case)
                cases = (first[1].case, *cases)
        elif token.i + 2 < len(self.tokens) and self.lex.persons.may_be_person_noun(
                self.tokens[token.i + 2].lower_) and (partner := self._hyphen_partner_cases(token)):
            # "де мати-росіянка": the first part takes the case of the person noun after it
            cases = (*(c for c in cases if c in partner), *(c for c in partner if c not in cases))
        if plural and {r.number for _, r in candidates} == {"Sing", "Plur"} \
                and self.plurals._plural_subject(token, tagged=True):
            cases = ("Nom", *cases)  # "Раніше журналістки повідомляли": the plural subject
        for at, case in enumerate(cases):
            for hit, reading in candidates:
                if reading.case == case:
                    if case == "Dat" and any(r.case in cases[:at] and r.number == "Sing"
                                             and swap.exclusions._thing(r) for r in readings):
                        return None  # "викладатиме математику": the thing in the likelier
                        # governed case (accusative), not математик's dative
                    return hit, reading
        if cases and not plural and any(r.pos == "NOUN" and r.number == "Plur"
                                        and r.case in cases for r in readings):
            return None  # "Мешканці обрали": the plural in the governed case, not the
            # dative singular of мешканка
        if any(r.case in cases and r.number == "Sing" and swap.exclusions._thing(r)
               for r in readings):
            return None  # "любить математику": the thing in the governed case, not the
            # dative of математик (a plural thing is no such reading: "заявив прем'єр")
        if not cases and (token.i == 0 or not is_word(self.tokens[token.i - 1])) \
                and not (token.i > 1 and self.clauses._prefix_hyphen(token.i - 1)) \
                and not (self.tokens[token.i - 1].text == "." and not self.clauses._ends_clause(
                    token.i - 1)):  # (an abbreviation's full stop: "в. о. начальниці")
            # nothing governs a noun after punctuation: the nominative ("…: гостя далеко не
            # безвільна", not the genitive of гість), a singular one (", депутатки
            # Одеської ради" with no plural verb is the genitive singular); a thing's
            # nominative before any person's oblique case ("Механіка не змінюється")
            if not any(r.case == "Nom" for _, r in candidates) and any(
                    r.case == "Nom" and r.number == "Sing" and swap.exclusions._thing(r)
                    for r in readings):
                return None
            return next(((h, r) for h, r in candidates if r.case == "Nom"
                         and r.number != "Plur"), None) or next(
                ((h, r) for h, r in candidates if r.number != "Plur"), None) or next(
                ((h, r) for h, r in candidates if r.case == "Nom"), candidates[0])
        if "Ins" not in cases:
            # an instrumental needs a governor (a linking verb, a preposition): "дав доступ
            # слідчим СБУ" is the dative plural, not the instrumental singular it spells
            others = [(h, r) for h, r in candidates if r.case != "Ins"]
            if cases and not others and not plural and any(
                    r.number == "Plur" and r.case == "Dat" for r in readings):
                return None  # (where something governs another case: "надав слідчим
                # доступ"; "видався знайомим" may be the predicate)
            candidates = others or candidates
        if not cases:
            # nothing says the plural: "слів священиці", "в. о. начальниці" are the
            # genitive singular, not the nominative plural the form also spells (a plural
            # subject has its verb: see above)
            candidates = [(h, r) for h, r in candidates if r.number != "Plur"] or candidates
        return candidates[0]

    @rule("vocative-unaddressed")
    def _vocative_unaddressed(self, token: Token, candidates: list) -> bool:
        """Whether a word that is a person noun only as a vocative stands where no one is
        addressed: a form of address follows punctuation or the text's start, a modifier or
        an interjection of it ("Мамо, …", "любий друже", "ой мамо"); after another word it
        is the word it also spells ("ставився до школи вороже": the adverb)."""
        if any(r.case != "Voc" for _, r in candidates) or token.i == 0:
            return False
        before = self.tokens[token.i - 1]
        return is_word(before) and not any(
            (r.case == "Voc" and r.pos in ("ADJ", "PRON")) or r.pos in ("INTJ", "X")
            for r in self._readings(before))

    def _name_case_after(self, token: Token) -> tuple[str, ...]:
        """The case of the name right after ``token``, as the name swapper read it."""
        mention = self.swap.name_starts.get(token.i + 1)
        return (mention.case,) if mention is not None and mention.case else ()

    def _agreeing_with_modifier(self, token: Token, candidates: list) -> list:
        """The person readings of the noun at ``token`` that the adjective or pronoun before
        it agrees with, when any does: "любий дядьку" is vocative (not the dative дядьку),
        "чарівна красуня" is the woman красуня (not the genitive of красунь), "своїй
        господині" is dative. A personal pronoun modifies nothing ("із неї мати"), nor does a
        relative pronoun opening its clause, and a numeral governs rather than agrees
        ("двоє будівельників"); a person's accusative modifier is the genitive's form
        (``animate_cases``: "Уповноважений Президента" is no accusative phrase)."""
        before = self.clauses._modifier_readings(self.tokens[token.i - 1]) if token.i else ()
        if not before or self.tokens[token.i - 1].lower_ in self.swap.pronoun_gender \
                or self.clauses.phrases._relative_opening(token.i - 1):
            return candidates
        cases = animate_cases(before)
        agreeing = [(hit, reading) for hit, reading in candidates if reading.case in cases
                    and any(agrees(modifier, reading) for modifier in before)]
        return agreeing or candidates

    @rule("modifier-names-a-thing")
    def _modifier_names_a_thing(self, token: Token, readings, candidates) -> bool:
        """Whether the adjective before a noun agrees with a thing the word also reads as and
        with none of its person readings: "державницьку політику" (politics, not the dative
        of політик), "нову техніку"; an adjective that is also a thing's noun is the
        adjective there ("нова політика": not the nova)."""
        if token.i == 0:
            return False
        before = self._readings(self.tokens[token.i - 1])
        if any(r.pos == "NOUN" and not r.animate for r in before):
            before = tuple(r for r in before if r.pos != "NOUN")
        if not before or any(r.pos not in _MODIFIER_POS for r in before):
            return False

        def modified(noun: Reading) -> bool:
            return any(agrees(r, noun) for r in before)

        people = {(r.lemma, r.case, r.number, r.gender) for _, r in candidates}
        return not any(modified(r) for _, r in candidates) and any(
            r.pos == "NOUN" and modified(r) and (r.lemma, r.case, r.number, r.gender) not in people
            for r in readings)

    @rule("predicate-of-thing")
    def _predicate_of_thing(self, token: Token, readings) -> bool:
        """Whether a word that also reads as a nominative adjective, with no noun after it
        to modify, has a thing before it in its clause that it agrees with, the clause's
        subject: the thing's predicate ("Ця частина міста мені знайома"), no person
        (the acquaintance "знайома" of "Моя знайома прийшла")."""
        adjectives = [r for r in readings
                      if r.pos == "ADJ" and r.case == "Nom" and r.number != "Plur"]
        following = token.i + 1
        # (a noun that declines as the adjective, in the same form: not "клієнтів", the
        # possessive adjective beside the genitive plural)
        if not adjectives or not any(r.pos == "NOUN" and r.case == "Nom" and r.number != "Plur"
                                     for r in readings) or (following < len(self.tokens) and any(
                r.pos == "NOUN" for r in self._readings(self.tokens[following]))):
            return False
        k = token.i - 1
        while k >= 0 and not self.clauses._ends_clause(k):
            before, found = self.tokens[k], self._readings(self.tokens[k])
            # (a noun only: not the note "до", a preposition)
            if not self.lex.persons.may_be_person_noun(before.lower_) and found \
                    and all(r.pos == "NOUN" for r in found) and any(
                    not r.animate and r.case == "Nom" and any(agrees(a, r) for a in adjectives)
                    for r in found):
                return True
            k -= 1
        return False

    def _context_cases(self, token: Token) -> tuple[str, ...]:
        """The cases the words before a noun show: its modifier's (a person's, see
        ``animate_cases``), or the instrumental after a linking verb."""
        if token.i == 0:
            return ()
        before = self.tokens[token.i - 1]
        if self.clauses._is_linking_verb(token.i - 1):
            return ("Ins",)
        if before.lower_ in self.swap.pronoun_gender:
            return ()  # "із неї мати": a personal pronoun modifies nothing
        cases = animate_cases([r for r in self._readings(before) if r.pos in _MODIFIER_POS
                               and r.number == "Sing" and r.gender in OTHER_GENDER])
        return tuple(c for c in CASE_ORDER if c in cases)

    def _hyphen_partner_cases(self, token: Token) -> tuple[str, ...]:
        """The cases of the person noun hyphenated right after ``token`` ("пані-товаришкою":
        the instrumental)."""
        k = token.i + 2
        if k >= len(self.tokens) or not self.clauses._prefix_hyphen(token.i + 1):
            return ()
        readings = self._readings(self.tokens[k])
        if _indeclinable(tuple(r for r in readings if r.pos == "NOUN")):
            return ()
        return tuple(c for c in CASE_ORDER if any(
            r.pos == "NOUN" and r.case == c and r.number == "Sing" for r in readings))

    @rule("after-common-noun")
    def _after_common_noun(self, i: int) -> bool:
        """Whether token ``i`` follows a word that reads only as a noun and is no person
        ("помешканні"), outside entities."""
        if i == 0:
            return False
        previous = self.tokens[i - 1]
        readings = self._readings(previous)
        return (is_word(previous) and not previous.ent_type_ and bool(readings)
                and all(r.pos == "NOUN" for r in readings)
                and not self.lex.persons.may_be_person_noun(previous.lower_))

    def _adjectival_person_noun(self, token: Token, readings: tuple[Reading, ...],
                                plural: bool) -> list[tuple[LexiconHit, Reading]]:
        """A job title that declines like an adjective (the lexicon's ``adjectival_title``:
        дільничний, дільнична) in a form the dictionary reads only as the adjective
        ("дільнична", "дільничну"): its adjective readings as the noun's, animate, so that
        the swap back finds the person too."""
        found = []
        for reading in readings:
            if self.lex.persons.adjectival_title(reading) is None or (
                    reading.number == "Plur" and not plural) \
                    or self.adjectives._elliptical(token, reading):
                continue
            noun = reading._replace(pos="NOUN", animate=True)
            hit = self.lex.persons.lookup_readings((noun,))
            if hit is not None:
                found.append((hit, noun))
        return found
