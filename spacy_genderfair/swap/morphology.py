"""Swap the gender of person nouns and what agrees with them, by morphology.

For languages with a morphological analyser (Ukrainian: pymorphy3), without a parser:

1. a singular person noun with a counterpart in the lexicon (лікар ↔ лікарка) is replaced by
   the counterpart lemma re-inflected to the original case (лікаря → лікарки);
2. the words that agree with it change gender too: the contiguous modifiers before it
   (черговий → чергова) and, for a nominative subject, the past-tense verb of its clause
   (поінформував → поінформувала);
3. a common-gender noun (суддя) stays; its agreeing words change;
4. plural nouns, and a person noun in the genitive right after another person noun (the
   possessor: "Син директора"), stay unchanged;
4a. third-person singular pronouns change by the profile's ``pronoun_pairs.tsv`` (він ↔
   вона, йому ↔ їй), and a nominative one takes its verb along (він прийшов → вона прийшла);
5. a word whose counterpart or form the lexicon and the analyser do not know is left as it is
   and reported: nothing is invented.

Every change is an ``Edit`` (token index, old, new, reason), JSON-able via ``to_dict``.
"""

import random
from dataclasses import dataclass

from spacy.tokens import Doc, Token

from ..extensions import COMMON, FEMININE, MASCULINE
from ..lexicon import Lexicon, LexiconHit
from ..morph import OTHER_GENDER, Reading
from .government import governed_cases
from .names import NameSwapper

DIRECTIONS = ("invert", "to_feminine", "to_masculine")
_UD_GENDER = {MASCULINE: "Masc", FEMININE: "Fem"}
# Words that agree with a noun before it: adjectives, participles, ordinals, "один", and
# determiners such as "наш", "цей", "свій" (pymorphy3 tags them as pronouns).
_MODIFIER_POS = ("ADJ", "PRON", "NUM")
_PREDICATE_POS = ("ADJ", "PRON", "NUM")
_NOMINAL_POS = ("NOUN", "PROPN", "ADJ")
_FUNCTION_POS = ("ADP", "CCONJ", "SCONJ", "PART")
# Words that may stand between a subject and a predicate adjective: "Черніков також відомий".
_ADVERBIAL_POS = ("ADV", "PART")
# Punctuation that ends the stretch in which a subject's verb is looked for.
_CLAUSE_END = frozenset(".,;:!?—–()\"«»„“”")
_SENTENCE_END = frozenset(".;!?")
# A dash between a subject and its verb ("Плевнік – не задекларував").
_DASHES = frozenset("—–")
# A quoted name or a parenthesis inside a clause does not end it: "Екс-керівник
# «Укравтодору» відгородив", "Олег Савченко (Свобода) заявив".
_GROUPS = {"«": "»", "(": ")", "„": "“", "“": "”"}
_GROUP_WIDTH = 12
# How far after a person a relative clause may still refer to it ("директор фірми, який").
_TAIL_WIDTH = 4
# How far after a title its genitive name may stand ("депутата від Партії регіонів Миколи").
# How far a standalone subject's verb may stand ("Останній в 2003-2006 роках працював").
_STANDALONE_WIDTH = 8
# How long a verbless predicate after a dash may be ("– депутат міськради,").
_PREDICATE_WIDTH = 5
# The longest apposition between commas that is skipped ("магістратський писар").
_APPOSITION_WIDTH = 4
_NAME_WIDTH = 6


@dataclass(frozen=True)
class Edit:
    i: int
    old: str
    new: str | None  # None: the word should change but no form is known (reported, kept)
    reason: str

    def to_dict(self) -> dict:
        return {"i": self.i, "old": self.old, "new": self.new, "reason": self.reason}


def swap_edits(doc: Doc, lexicon: Lexicon, direction: str = "invert",
               names: NameSwapper | None = None, rng: random.Random | None = None
               ) -> list[Edit]:
    """The edits that swap the gender of the persons of ``doc``.

    names (NameSwapper | None): swaps person names too when given (else names stay).
    rng (random.Random | None): draws the replacement first names; seeded from the text
        when not given, so one sentence always gets the same names.
    """
    check_direction(direction)
    if lexicon.analyzer is None:
        raise ValueError(f"Swapping by morphology needs a morphological analyser; the "
                         f"'{lexicon.profile.code}' profile has none")
    return _MorphSwapper(doc, lexicon, direction, names, rng or random.Random(doc.text)).edits()


def wanted(direction: str, gender: str) -> bool:
    """Whether a person of UD ``gender`` (Masc | Fem) is swapped in ``direction``."""
    return (direction == "invert"
            or (direction == "to_feminine" and gender == "Masc")
            or (direction == "to_masculine" and gender == "Fem"))


def check_direction(direction: str) -> None:
    if direction not in DIRECTIONS:
        raise ValueError(f"direction must be one of {DIRECTIONS}, got {direction!r}")


def apply_edits(doc: Doc, edits: list[Edit]) -> str:
    """The text of ``doc`` with the edits applied (whitespace and capitalisation kept)."""
    new = {e.i: e.new for e in edits if e.new is not None}
    return "".join(match_case(t.text, new[t.i]) + t.whitespace_ if t.i in new
                   else t.text_with_ws for t in doc)


def match_case(old: str, new: str) -> str:
    if old.isupper() and len(old) > 1:
        return new.upper()
    if old[:1].isupper():
        return new[:1].upper() + new[1:]
    return new


class _MorphSwapper:
    def __init__(self, doc: Doc, lexicon: Lexicon, direction: str,
                 names: NameSwapper | None, rng: random.Random) -> None:
        self.doc = doc
        self.tokens = list(doc)  # indexing a Doc makes a new Token object each time
        self.names = names
        self.rng = rng
        self.lex = lexicon
        self.analyzer = lexicon.analyzer
        self.direction = direction
        self.edits_by_token: dict[int, Edit] = {}
        self.readings_by_token: dict[int, tuple[Reading, ...]] = {}
        pairs = lexicon.profile.pronoun_pairs
        profile = lexicon.profile
        entities = doc.ents
        self.entity_label = {i: span.label_ for span in entities
                             for i in range(span.start, span.end)}
        self.job_entity = {i: span for span in entities for i in range(span.start, span.end)}
        self.job_labels = frozenset(profile.job_labels)
        self.conjunctions = frozenset(profile.pair_conjunctions)
        self.person_labels = frozenset(profile.person_labels)
        self.pronoun_counterparts = {
            "Masc": {m: f for m, f in pairs},
            "Fem": {f: m for m, f in reversed(pairs)},  # the first listed form wins
        }
        self.pronoun_gender = {word: gender for gender, counterparts
                               in self.pronoun_counterparts.items() for word in counterparts}
        self.swapped_genders: set[str] = set()
        # start token of each swapped name -> its (original) gender when genitive, else None
        self.genitive_names: dict[int, str | None] = {}

    def edits(self) -> list[Edit]:
        if self.names is not None:
            self._swap_names()
        pronouns, anaphors = [], []
        for token in self.tokens:
            if token.i in self.edits_by_token or not token.is_alpha:
                continue
            label = self.entity_label.get(token.i)
            if label is not None and label not in self.job_labels:
                # "Партії регіонів": not a person here; a name's "Мельник" is no miller
                continue
            # A plural person noun is a target only as an annotated job entity: the group is
            # then the referent ("працівників" → "працівниць"); elsewhere plurals stay.
            found = (self._person_noun(token, plural=label in self.job_labels)
                     if self.lex.persons.may_be_person_noun(token.lower_) else None)
            if found is not None and label is None and (self._in_job(token.i + 1) or (
                    self.genitive_names.get(token.i + 1) and not self._title_of_name(*found))):
                continue  # "Донька президента", "брат Михайла": the other one is the target
            if found is not None:
                self._swap_person(token, *found)
            elif token.lower_ in self.pronoun_gender:
                pronouns.append(token)
            elif (standalone := self._standalone_subject(token)) is not None:
                anaphors.append((token, standalone))
        # A pronoun is swapped with a swapped person of its gender ("його" stays when only a
        # woman is swapped: it refers to someone or something else), or when no person is.
        genders = self.swapped_genders or {"Masc", "Fem"}
        for token in pronouns:
            if self.pronoun_gender[token.lower_] in genders:
                self._swap_pronoun(token)
        for token, reading in anaphors:
            if reading.gender in self.swapped_genders and self._wanted(reading.gender):
                self._swap_anaphor(token, reading)
        return [self.edits_by_token[i] for i in sorted(self.edits_by_token)]

    def _standalone_subject(self, token: Token) -> Reading | None:
        """A clause-initial adjective or numeral that is the subject itself, standing for a
        person named before: "Останній є директором", "Один із них очолював", "Останній в
        2003-2006 роках працював" (a verb later in the clause, and no noun on the way that it
        could modify). A noun's possessive ("клієнтів") is the noun."""
        i, doc = token.i, self.tokens
        if (i > 0 and not self._ends_clause(i - 1)) or i + 1 >= len(doc) \
                or token.lower_ in self.lex.pronouns:
            return None
        reading = self._agreeing_reading(token, ("ADJ", "NUM"), None, "Nom")
        if reading is None or any(r.pos == "NOUN" for r in self._readings(token)):
            return None
        following = doc[i + 1]
        if following.lower_ in self.lex.profile.standalone_followers or any(
                r.pos == "VERB" for r in self._readings(following)):
            return reading
        for k in range(i + 1, min(i + 1 + _STANDALONE_WIDTH, len(doc))):
            if self._ends_clause(k) or self._modifies(reading, doc[k]):
                return None
            if self._agreeing_reading(doc[k], ("VERB",), reading.gender, None) is not None:
                return reading
        return None

    def _swap_anaphor(self, token: Token, reading: Reading) -> None:
        if token.i in self.edits_by_token:
            return
        new = self.analyzer.inflect(token.lower_, reading, gender=OTHER_GENDER[reading.gender])
        reason = "agreement with the person it stands for"
        self._record(token.i, token.text, new, reason if new else f"{reason}: no form")
        if new:
            self._swap_agreement(token.i, token.i + 1, "Nom", reading.gender, reason,
                                 modifiers=False)

    def _swap_names(self) -> None:
        chosen: dict[str, str | None] = {}
        for span in self.names.name_spans(self.doc):
            edits, mention = self.names.swap(self.doc, span, self.rng, chosen, self._wanted,
                                             self._context_gender)
            for edit in edits:
                self._record(edit.i, self.tokens[edit.i].text, edit.new, edit.reason)
            if mention is not None:
                self.swapped_genders.add(mention.gender)
                self.genitive_names[mention.start] = (mention.gender if mention.case == "Gen"
                                                      else None)
                self._swap_agreement(mention.start, mention.end, mention.case, mention.gender,
                                     f"agreement with {self.doc[span[0]:span[1]].text}")

    def _swap_pronoun(self, token: Token) -> None:
        for gender, counterparts in self.pronoun_counterparts.items():
            new = counterparts.get(token.lower_)
            if new is None or not self._wanted(gender):
                continue
            self._record(token.i, token.text, new, "pronoun")
            if any(r.case == "nom" for r in self.lex.pronouns.readings(token.lower_)):
                self._swap_agreement(token.i, token.i + 1, "Nom", gender,
                                     f"agreement with {token.text}", modifiers=False)
            return

    def _readings(self, token: Token) -> tuple[Reading, ...]:
        # Agreement checks look at the same few tokens many times.
        readings = self.readings_by_token.get(token.i)
        if readings is None:
            readings = self.readings_by_token[token.i] = self.lex.token_readings(token)
        return readings

    def _person_noun(self, token: Token, *, check_next: bool = True, plural: bool = False
                     ) -> tuple[LexiconHit, Reading] | None:
        readings = self._readings(token)
        if check_next and token.i + 1 < len(self.tokens) and self._modifies_next(token):
            return None  # "черговий лікар", "військового патруля": a modifier, no person
        candidates = []
        for reading in readings:
            if reading.pos != "NOUN" or (reading.number == "Plur" and not plural):
                continue
            hit = self.lex.persons.lookup_readings((reading,))
            if hit is not None:
                candidates.append((hit, reading))
        if not candidates:
            return None
        # A person's accusative is animate ("директор" also reads as an inanimate accusative),
        # and an animate accusative is the genitive's form in the plural and the masculine:
        # "журналісти" is no accusative, "журналістів" is.
        genitive = {r.number for _, r in candidates if r.case == "Gen"}
        candidates = [(h, r) for h, r in candidates if r.case != "Acc" or (
            r.animate and (r.number in genitive
                           or (r.number != "Plur" and h.entry.gender != MASCULINE)))
        ] or candidates
        for case in governed_cases(self.tokens, token.i, self.lex):
            for hit, reading in candidates:
                if reading.case == case:
                    return hit, reading
        return candidates[0]

    def _modifies_next(self, token: Token) -> bool:
        """Whether an adjectival person noun (черговий, військовий) is an adjective agreeing
        with the common noun after it, or the modifier of a person noun."""
        following = self.tokens[token.i + 1]
        readings = self._readings(token)
        nouns = {r.lemma for r in readings if r.pos == "NOUN"}
        # the same lemma as a noun: "військовий" (not the possessive "князів" of князь)
        adjectives = [r for r in readings if r.pos == "ADJ" and r.lemma in nouns]
        if not adjectives:
            return False
        if self._person_noun(following, check_next=False) is not None:
            return True
        if any(r.pos == "VERB" and r.gender in {a.gender for a in adjectives}
               for r in self._readings(following)):
            return False  # "дільничний привіз (brought) людей", not the noun "привіз"
        return following.is_lower and any(
            n.pos == "NOUN" and (n.case, n.number, n.gender) == (a.case, a.number, a.gender)
            for n in self._readings(following) for a in adjectives)

    def _wanted(self, gender: str) -> bool:
        return wanted(self.direction, gender)

    def _swap_person(self, token: Token, hit: LexiconHit, reading: Reading) -> None:
        entry = hit.entry
        if self._is_possessor(token, reading):
            return
        if entry.gender == COMMON:
            gender = self._agreement_gender(token, reading)
            if gender and self._wanted(gender):
                self.swapped_genders.add(gender)
                self._swap_agreement(token.i, token.i + 1, reading.case, gender,
                                     "agreement with common noun")
            return
        gender = _UD_GENDER.get(entry.gender)
        if gender is None or not self._wanted(gender):
            return
        if self._named_after(token.i) not in (None, gender):
            return  # a generic masculine naming a woman ("віце-президента … Гонтарєвої"),
            # or a relative of the named one ("на лікування мами … Андрія")
        if not entry.counterparts:
            self._record(token.i, token.text, None, f"no counterpart of '{entry.lemma}'")
            return
        self.swapped_genders.add(gender)
        counterpart = entry.counterparts[0]
        new = self._counterpart_form(counterpart, reading) or self._adjectival_form(token, gender)
        self._record(token.i, token.text, new,
                     f"{entry.lemma} -> {counterpart}" if new else
                     f"no {reading.case} form of '{counterpart}'")
        if reading.number != "Plur":  # plural modifiers and verbs have no gender
            self._swap_agreement(token.i, token.i + 1, reading.case, gender,
                                 f"agreement with {entry.lemma}")

    def _adjectival_form(self, token: Token, gender: str) -> str | None:
        """A noun that declines like an adjective (слідчий, черговий) changes as one:
        "слідчому" → "слідчій"."""
        match = self._agreeing_reading(token, ("ADJ",), gender, None)
        if match is None:
            return None
        return self.analyzer.inflect(token.lower_, match, gender=OTHER_GENDER[gender])

    def _counterpart_form(self, lemma: str, reading: Reading) -> str | None:
        if reading.case in (None, "Nom") and reading.number != "Plur":
            # The lemma is the nominative singular (and some uk lemmas lack the case tag).
            return lemma
        prefix, head = "", lemma
        if not self.analyzer.is_known(lemma):
            # "замміністерка": the analyser knows the head only; inflect it behind the prefix
            prefix, head = self.lex.persons.compound_parts(lemma) or (prefix, head)
        for base in self.analyzer.analyze(head):
            if base.pos == "NOUN" and base.lemma == head:
                # Singular is the lemma's number (the uk dictionaries do not mark it).
                number = {"number": "Plur"} if reading.number == "Plur" else {}
                form = self.analyzer.inflect(head, base, case=reading.case or "Nom", **number)
                return prefix + form if form else None
        return None

    def _in_job(self, i: int) -> bool:
        return self.entity_label.get(i) in self.job_labels

    def _is_possessor(self, token: Token, reading: Reading) -> bool:
        """A person noun that depends on another: a genitive right after one ("Син
        директора" keeps директора); in a job entity, any person noun after the title's
        head ("заступник міністра", "вчитель математики") unless coordinated with it
        ("засновник і директор")."""
        if token.i == 0 or self._named_after(token.i) is not None:
            return False
        if self._in_job(token.i):
            entity = self.job_entity[token.i]
            previous = self.tokens[token.i - 1]
            if previous.lower_ in self.conjunctions or previous.text == ",":
                return False
            return any(self._person_noun(self.tokens[j], plural=True) is not None
                       for j in range(entity.start, token.i))
        return reading.case == "Gen" and self._person_noun(self.tokens[token.i - 1]) is not None

    @staticmethod
    def _title_of_name(hit: LexiconHit, reading: Reading) -> bool:
        """A job title in the genitive before a genitive name is its apposition ("віце-спікера
        Ігоря"), while a kinship noun is the name's relative ("брата Михайла")."""
        return hit.entry.kind == "job" and reading.case == "Gen"

    def _named_after(self, i: int) -> str | None:
        """The gender of a swapped genitive name that follows the person noun at ``i``
        within its phrase ("помічником депутата від Партії регіонів Миколи Джиги"): the
        possessor is then that person and changes with the name."""
        doc = self.tokens
        if not self.genitive_names:
            return None
        for k in range(i + 1, min(i + 1 + _NAME_WIDTH, len(doc))):
            if self.genitive_names.get(k):
                return self.genitive_names[k]
            if self._ends_clause(k) or (doc[k].is_alpha and self.lex.persons.may_be_person_noun(
                    doc[k].lower_) and self._person_noun(doc[k]) is not None):
                return None
        return None

    def _agreement_gender(self, token: Token, reading: Reading) -> str | None:
        return self._context_gender(token.i, token.i + 1, reading.case)

    def _context_gender(self, start: int, end: int, case: str | None) -> str | None:
        """The gender of the first word agreeing with the person at [start, end)."""
        first = next(self._agreeing(start, end, case, None), None)
        return first[1].gender if first else None

    def _swap_agreement(self, start: int, end: int, case: str | None, gender: str, reason: str,
                        *, modifiers: bool = True) -> None:
        for other, other_reading in self._agreeing(start, end, case, gender,
                                                   modifiers=modifiers):
            new = self.analyzer.inflect(other.lower_, other_reading, gender=OTHER_GENDER[gender])
            self._record(other.i, other.text, new,
                         reason if new else f"{reason}: no {OTHER_GENDER[gender]} form")

    def _agreeing(self, start: int, end: int, case: str | None, gender: str | None, *,
                  modifiers: bool = True):
        """The words that agree with the person at tokens [start, end), each with its
        agreeing reading: the modifiers right before it in its case; for a nominative
        subject the first past-tense verb of its clause; a relative pronoun right after
        it (", який очолював" → ", яка очолювала") with that pronoun's own verb; and a
        participle after a comma in its case (", прописаний у місті")."""
        doc = self.tokens
        last = start - 1 if modifiers else -1
        if last > 1 and self._prefix_hyphen(last):
            last -= 2  # "колишнього віце-спікера": the modifiers stand before the prefix
        for j in range(last, -1, -1):
            if self._possessor_pronoun(doc[j]) or doc[j].lower_ in self.conjunctions:
                break  # "його брат": a possessor's pronoun does not agree with the noun
                # ("їхнім родичем" does); "та" before "Василь" is the conjunction, not the
                # demonstrative
            if any(r.pos == "VERB" for r in self._readings(doc[j])):
                break  # "Прийшла секретарка": the verb, not the adjective "прийшлий"
            match = self._agreeing_reading(doc[j], _MODIFIER_POS, gender, case)
            if match is None:
                break
            yield doc[j], match
        if case == "Nom":
            yield from self._clause_verb(start, end, gender)
        if gender is not None:
            yield from self._relative_clause(end, gender)
        if case is not None:
            yield from self._appositive_participle(end, case, gender)

    def _possessor_pronoun(self, token: Token) -> bool:
        """A pronoun that shows its referent, not the noun, by its form: personal "його",
        "її", "їх" (uninflected possessives too), unlike the declined "їхній"."""
        return any(r.type == "personal" or r.case == "-"
                   for r in self.lex.pronouns.readings(token.lower_))

    def _prefix_hyphen(self, j: int) -> bool:
        """Whether token ``j`` is the hyphen after a prefix written together with the next
        word ("віце-спікера", "екс-директора")."""
        doc = self.tokens
        return (doc[j].text == "-" and not doc[j].whitespace_ and doc[j - 1].is_alpha
                and not doc[j - 1].whitespace_)

    def _appositive_participle(self, end: int, case: str, gender: str | None):
        """A participle right after the person and a comma, in its case: "Віталій
        Сухаревський, прописаний у місті", "з Юрієм Іванющенком, відомим як"."""
        doc = self.tokens
        if end >= len(doc) or doc[end].text != ",":
            return
        k = self._past_adverbials(end + 1)
        if k + 1 >= len(doc):
            return
        match = self._agreeing_reading(doc[k], ("ADJ",), gender, case)
        if match is not None and not self._modifies(match, doc[k + 1]):
            yield doc[k], match

    def _clause_verb(self, start: int, end: int, gender: str | None):
        """The subject's verb: after it in the clause, else before it ("Прийшов лікар").
        On the way after the subject: a predicate adjective with no verb ("Черніков також
        відомий як"), and phrases between commas that are not a clause of their own (a
        relative clause, an adverbial participle: ", зловживаючи становищем,"), whose
        participle agrees (", не обізнаний з справою," → ", не обізнана з справою,")."""
        doc = self.tokens
        before = self._verb_right_before(start, gender)
        if before is not None:
            # "його змінив Дмитро Вовк, який …": the verb next to it is the subject's
            yield before
            yield from self._coordinated_verbs(end, gender)
            return
        for j, step in ((end, 1), (start - 1, -1)):
            while 0 <= j < len(doc):
                group_end = self._group_end(j, step)
                if group_end is not None:
                    j = group_end
                elif self._ends_clause(j):
                    if step == 1 and j == end and self._dash_before_verb(j, gender):
                        j += 1  # "Віталій Плевнік – не задекларував"
                        continue
                    if step == 1 and j == end and (
                            comma := self._dash_predicate_end(j, gender)) is not None:
                        j = comma + 1  # "Олексій Пелипас – бізнесмен, був членом"
                        continue
                    inserted = self._inserted_phrase(j, gender) if step == 1 else None
                    if inserted is None:
                        break
                    j, participle = inserted
                    if participle is not None:
                        yield participle
                else:
                    match = self._agreeing_reading(doc[j], ("VERB",), gender, None)
                    if match is not None:
                        yield doc[j], match
                        yield from self._predicate(j + 1, gender)
                        # "вийшов священик, прочитав молитву": the verbs after the subject
                        yield from self._coordinated_verbs(j + 1 if step == 1 else end, gender)
                        return
                    if step == 1 and self._verbless_predicate(end, j, gender):
                        yield from self._predicate(j, gender)
                j += step

    def _verb_right_before(self, start: int, gender: str | None):
        """An agreeing verb right before the subject, adverbs between: "змінив Дмитро
        Вовк", "його тільки-но змінив директор"."""
        k = start - 1
        while k >= 0 and self._is_adverbial(self.tokens[k]):
            k -= 1
        if k < 0:
            return None
        # a noun homograph ending a phrase ("за минулий рік") is no verb: _agreeing_reading
        match = self._agreeing_reading(self.tokens[k], ("VERB",), gender, None)
        return (self.tokens[k], match) if match is not None else None

    def _noun_not_verb(self, k: int) -> bool:
        """Whether a word that also reads as a noun is the noun here: after a number ("5
        тис грн", "по 2007 рік") or ending a noun phrase ("альтернативних палив")."""
        if k == 0 or not any(r.pos == "NOUN" for r in self._readings(self.tokens[k])):
            return False
        previous = self.tokens[k - 1]
        # "дільничний привіз": the adjectival person noun is the subject, not a modifier
        return previous.like_num or (self._in_noun_phrase(k) and not (
            previous.is_alpha and self.lex.persons.may_be_person_noun(previous.lower_)))

    def _in_noun_phrase(self, k: int) -> bool:
        """Whether token ``k``, read as a noun, ends a phrase begun before it: "за минулий
        рік" (not the verb "рік", he said), "на ставу"."""
        if k == 0:
            return False
        previous = self.tokens[k - 1]
        if previous.lower_ in self.lex.profile.preposition_cases:
            return any(r.pos == "NOUN" for r in self._readings(self.tokens[k]))
        return any(a.pos == "ADJ" and n.pos == "NOUN"
                   and (a.case, a.number, a.gender) == (n.case, n.number, n.gender)
                   for a in self._readings(previous) for n in self._readings(self.tokens[k]))

    def _verbless_predicate(self, end: int, j: int, gender: str | None) -> bool:
        """Whether token ``j`` is an adjective right after the subject ending at ``end`` (but
        for adverbs): "Черніков також відомий як", not "Кіпріанова та ін"."""
        readings = self._readings(self.tokens[j])
        return (self._agreeing_reading(self.tokens[j], ("ADJ",), gender, "Nom") is not None
                and not any(r.pos in _FUNCTION_POS for r in readings)
                and all(self._is_adverbial(self.tokens[k]) for k in range(end, j)))

    def _dash_before_verb(self, j: int, gender: str | None) -> bool:
        doc = self.tokens
        if doc[j].text not in _DASHES:
            return False
        k = self._past_adverbials(j + 1)
        return k < len(doc) and self._agreeing_reading(doc[k], ("VERB",), gender, None) is not None

    def _dash_predicate_end(self, j: int, gender: str | None) -> int | None:
        """For a dash at ``j`` after the subject, the comma closing the verbless predicate
        it opens when a verb agreeing with the subject follows that comma: "Пелипас –
        бізнесмен, був членом виконкому"."""
        doc = self.tokens
        if doc[j].text not in _DASHES:
            return None
        for k in range(j + 2, min(j + 2 + _PREDICATE_WIDTH, len(doc))):
            if doc[k].text == ",":
                verb = self._past_adverbials(k + 1)
                return k if verb < len(doc) and self._agreeing_reading(
                    doc[verb], ("VERB",), gender, None) is not None else None
            if self._ends_clause(k) or any(r.pos == "VERB" for r in self._readings(doc[k])):
                return None
        return None

    def _is_adverbial(self, token: Token) -> bool:
        return token.lower_ in self.lex.profile.particles or any(
            r.pos in _ADVERBIAL_POS for r in self._readings(token))

    def _only_adverb(self, token: Token) -> bool:
        """An adverb and nothing else: "тоді" (a caseless pronoun to the analyser), not "як"
        (also a conjunction: "відомий як директор")."""
        return token.is_alpha and (token.lower_ in self.lex.profile.particles or all(
            r.pos == "ADV" or (r.pos == "PRON" and r.case is None)
            for r in self._readings(token)))

    def _past_adverbials(self, k: int, stop: int | None = None) -> int:
        """The first index from ``k`` (before ``stop``) that is no adverb or particle:
        ", не обізнаний", "та щиро розкаявся"."""
        stop = len(self.tokens) if stop is None else stop
        while k < stop and self._is_adverbial(self.tokens[k]):
            k += 1
        return k

    def _inserted_phrase(self, j: int, gender: str | None):
        """For the comma at ``j``, the comma closing an inserted phrase that starts right
        after it, and the participle in it that agrees with the subject (or None); None when
        no such phrase starts there."""
        doc = self.tokens
        if doc[j].text != ",":
            return None
        closing = next((k for k in range(j + 2, len(doc)) if doc[k].text == ","
                        or doc[k].text in _SENTENCE_END), None)
        if closing is None or doc[closing].text != ",":
            return None
        if self._relative_pronoun_at(j + 1) is not None or self._nominative_apposition(
                j + 1, closing):
            # "Іван, який очолював відділ, зустрів", "Омелько, магістратський писар,
            # бував": past the relative clause or the apposition
            return closing, None
        k = self._past_adverbials(j + 1, closing)
        if k >= closing:
            return None
        if any(r.verb_form == "Conv" for r in self._readings(doc[k])):
            return closing, None
        match = self._agreeing_reading(doc[k], ("ADJ",), gender, "Nom")
        if match is not None and k + 1 < len(doc) and not self._modifies(match, doc[k + 1]):
            return closing, (doc[k], match)
        return None

    def _nominative_apposition(self, start: int, end: int) -> bool:
        """Whether tokens [start, end) are a person noun in the nominative with its
        modifiers: ", магістратський писар,"."""
        doc = self.tokens
        if not 0 < end - start <= _APPOSITION_WIDTH or not all(
                doc[k].is_alpha for k in range(start, end)):
            return False
        found = self._person_noun(doc[end - 1], check_next=False)
        return found is not None and found[1].case == "Nom" and all(
            any(r.pos == "ADJ" for r in self._readings(doc[k])) for k in range(start, end - 1))

    def _ends_clause(self, j: int) -> bool:
        token = self.tokens[j]
        if token.text not in _CLAUSE_END:
            return False
        # "у 2009-2010 рр. працював": the full stop of a short lower-case abbreviation
        return not (token.text == "." and j > 0 and self._abbreviation(j - 1))

    def _abbreviation(self, j: int) -> bool:
        """A short lower-case word cut by a full stop inside a sentence: "рр.", "тис. грн"
        ("тис" is no verb there)."""
        doc = self.tokens
        return (j + 2 < len(doc) and len(doc[j]) <= 3 and doc[j].is_lower
                and doc[j + 1].text == "."
                and (doc[j + 2].is_lower or doc[j + 2].like_num))

    def _group_end(self, j: int, step: int) -> int | None:
        """The index of the bracket or quote closing the group that opens at ``j`` (reading
        in the direction ``step``), when it closes within a few tokens."""
        pairs = _GROUPS if step == 1 else {v: k for k, v in _GROUPS.items()}
        closing = pairs.get(self.tokens[j].text)
        if closing is None:
            return None
        for k in range(j + step, j + step * _GROUP_WIDTH, step):
            if not 0 <= k < len(self.tokens) or self.tokens[k].text in _SENTENCE_END:
                return None
            if self.tokens[k].text == closing:
                return k
        return None

    def _coordinated_verbs(self, j: int, gender: str | None):
        """Verbs sharing the subject: "уклав угоду … і отримав" → "уклала … і отримала".
        Scans to the end of the sentence; a verb counts right after a coordinating
        conjunction (profile ``pair_conjunctions`` and ``verb_conjunctions``, optionally
        after a comma) or a comma, adverbs between ("та щиро розкаявся", ", але не пройшов")."""
        doc, profile = self.tokens, self.lex.profile
        conjunctions = profile.pair_conjunctions | profile.verb_conjunctions
        while j < len(doc) and doc[j].text not in _SENTENCE_END:
            # "уклав угоду і отримав", and juxtaposed "вдихнув, заплющив очі"
            if doc[j].lower_ in conjunctions or doc[j].text == ",":
                k = self._past_adverbials(j + 1)
                if k >= len(doc):
                    break
                match = self._agreeing_reading(doc[k], ("VERB",), gender, None)
                if match is not None:
                    yield doc[k], match
                    yield from self._predicate(k + 1, gender)
                elif doc[j].lower_ in conjunctions and k + 1 < len(doc):
                    # "вказав контакти і прописаний за адресою"
                    match = self._agreeing_reading(doc[k], ("ADJ",), gender, "Nom")
                    if match is not None and not self._modifies(match, doc[k + 1]):
                        yield doc[k], match
            j += 1

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
        while k < len(doc):
            match = (self._agreeing_reading(doc[k], _PREDICATE_POS, gender, "Ins")
                     or self._agreeing_reading(doc[k], _PREDICATE_POS, gender, "Nom"))
            if match is None or doc[k].lower_ in self.lex.pronouns:
                break
            predicated.append((doc[k], match))
            k += 1
        if k >= len(doc) or not doc[k].is_alpha:
            yield from predicated
            return
        found = self._person_noun(doc[k])
        if found is not None:
            if predicated and predicated[-1][1].case != found[1].case:
                yield from predicated  # "був обраний суддею"
            if (found[1].case == "Ins" and gender is not None and k not in self.edits_by_token
                    and _UD_GENDER.get(found[0].entry.gender) == gender):
                self._swap_person(doc[k], *found)
            return
        noun = k
        while noun < len(doc) and self._only_adverb(doc[noun]):
            noun += 1
        if predicated and not (noun < len(doc) and self._modifies(predicated[-1][1], doc[noun])):
            # not the modifiers of a following noun ("був перший раз", "творив упослідженою
            # тоді мовою")
            yield from predicated

    def _modifies(self, reading: Reading, token: Token) -> bool:
        """Whether a word read as ``reading`` can be a modifier of ``token`` (same case);
        a function word is no noun ("відомий як": як, the yak)."""
        readings = self._readings(token)
        return not any(r.pos in _FUNCTION_POS for r in readings) and any(
            r.pos in _NOMINAL_POS and r.case == reading.case for r in readings)

    def _relative_pronoun_at(self, i: int) -> int | None:
        """The index of a relative pronoun that opens a clause at token ``i`` (after a
        comma), a preposition before it allowed: ", який", ", без якого"; else None."""
        doc, profile = self.tokens, self.lex.profile
        if i >= len(doc) or doc[i - 1].text != ",":
            return None
        if doc[i].lower_ in profile.uninflected_relatives:
            return i
        if doc[i].lower_ in profile.preposition_cases and i + 1 < len(doc):
            i += 1
        return i if any(r.lemma in profile.relative_pronouns
                        for r in self._readings(doc[i])) else None

    def _relative_clause(self, end: int, gender: str):
        """", який очолював" right after the person, or after a genitive tail none of whose
        words could be the pronoun's antecedent ("директор фірми, який": фірма is feminine);
        ", що побажав" with the verb right after the uninflected "що"."""
        comma = self._comma_after_tail(end, gender)
        at = self._relative_pronoun_at(comma + 1) if comma is not None else None
        if at is None:
            return
        end = comma
        pronoun = self.tokens[at]
        if pronoun.lower_ in self.lex.profile.uninflected_relatives:
            # "що" shows no case: the person's own verb is the first of the clause, with no
            # word on the way that could be its subject ("що мужню поезію творив")
            k = at + 1
            while k < len(self.tokens) and self.tokens[k].is_alpha and not any(
                    r.case == "Nom" or r.pos == "VERB" for r in self._readings(self.tokens[k])):
                k += 1
            match = (self._agreeing_reading(self.tokens[k], ("VERB",), gender, None)
                     if k < len(self.tokens) else None)
            if match is not None and not self._subject_at(self._past_adverbials(k + 1), match):
                yield self.tokens[k], match
                yield from self._predicate(k + 1, gender)
                yield from self._coordinated_verbs(k + 1, gender)
            return
        match = self._agreeing_reading(pronoun, ("ADJ", "PRON"), gender, None)
        if match is None or match.lemma not in self.lex.profile.relative_pronouns:
            return
        yield pronoun, match
        if match.case == "Nom" and at == end + 1:
            yield from self._clause_verb(at, at + 1, gender)

    def _subject_at(self, k: int, verb: Reading) -> bool:
        """Whether token ``k`` may be the nominative subject of a verb before it: ", що
        підтвердив брат" (the brother confirmed it)."""
        if k >= len(self.tokens):
            return False
        token = self.tokens[k]
        return token.ent_type_ in self.person_labels or any(
            r.pos in _NOMINAL_POS and r.case == "Nom" and r.gender == verb.gender
            for r in self._readings(token))

    def _comma_after_tail(self, end: int, gender: str) -> int | None:
        doc = self.tokens
        for k in range(end, min(end + _TAIL_WIDTH, len(doc))):
            if doc[k].text == ",":
                return k
            readings = self._readings(doc[k])
            if not doc[k].is_alpha or any(r.pos == "VERB" for r in readings) or any(
                    r.pos in ("NOUN", "PROPN") and r.gender == gender for r in readings):
                return None  # a clause of its own, or another possible antecedent
        return None

    def _agreeing_reading(self, token: Token, pos: tuple, gender: str | None,
                          case: str | None) -> Reading | None:
        if not token.is_alpha or self._abbreviation(token.i):
            return None
        if "VERB" in pos and self._noun_not_verb(token.i):
            pos = tuple(p for p in pos if p != "VERB")
        for reading in self._readings(token):
            if (reading.pos in pos and reading.gender in OTHER_GENDER and reading.number != "Plur"
                    and (gender is None or reading.gender == gender)
                    and (case is None or reading.case == case)):
                return reading
        return None

    def _record(self, i: int, old: str, new: str | None, reason: str) -> None:
        if i not in self.edits_by_token:
            self.edits_by_token[i] = Edit(i, old, new, reason)
