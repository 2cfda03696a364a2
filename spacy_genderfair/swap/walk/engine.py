"""The Ukrainian swap of one Doc: the parts that decide, composed, and the record of edits.

``_MorphSwapper`` holds what one swap shares — the Doc's readers (clauses, agreement,
pronoun binding), the direction, the names read and swapped, and the record of edits — and
composes the parts that decide: which words are persons (``targets``, ``exclusions``,
``relations``), how a person noun is replaced (``persons``, ``couples``, ``groups``) and
what stands for it (``anaphora``). ``edits`` walks the Doc once and asks them in turn.
"""

import random

from spacy.tokens import Doc, Token

from ...lexicon import Lexicon, LexiconHit
from ...morph import OTHER_GENDER, UD_GENDER, Reading
from ...tokens import is_word
from ..direction import UNKNOWN_TITLE, wanted
from ..edits import Edit
from ..euphony import euphony_edits
from ..grammar.government import _APPOSITION_MARKS
from ..inflection import AnalyzerInflection
from ..names.swapper import NameMention, NameSwapper
from ..rules import rule
from .agreement import AgreementFinder
from .anaphora import PronounSwap
from .antecedents import AntecedentReader
from .binding import PronounBinding
from .clauses import _CLAUSE_END, _MODIFIER_POS, ClauseReader, DocReadings, reader_words
from .couples import CoupleSwap
from .exclusions import NoPersonReader
from .groups import GroupSwap
from .organisations import OrganisationReader
from .persons import PersonReplacer
from .possessives import PossessiveSwap
from .relations import RelationReader
from .targets import TargetReader
from .words import swap_words


class _MorphSwapper:
    """Which words are the persons to swap, and the edits that swap them and what agrees
    with them (found by its ``AgreementFinder``), deciding by its parts."""

    def __init__(self, doc: Doc, lexicon: Lexicon, direction: str,
                 names: NameSwapper | None, rng: random.Random,
                 shared: DocReadings | None = None, keep_generic: bool = False) -> None:
        # the Doc's clause structure, what agrees with a person in it, and which pronouns
        # may stand for the persons swapped: three readers of one Doc, composed
        self.clauses = ClauseReader(doc, lexicon, shared)
        # (the reader's basic questions, asked everywhere)
        self._readings = self.clauses._readings
        self._agreeing_reading = self.clauses._agreeing_reading
        self._past_adverbials = self.clauses._past_adverbials
        self.doc, self.shared, self.tokens = doc, self.clauses.shared, self.clauses.tokens
        self.lex, self.person_labels = lexicon, self.clauses.person_labels
        # the parts that decide, each holding this swap (they ask each other through it)
        self.targets = TargetReader(self)
        self.exclusions = NoPersonReader(self)
        self.relations = RelationReader(self)
        self.organisations = OrganisationReader(self)
        self.persons = PersonReplacer(self)
        self.couples = CoupleSwap(self)
        self.groups = GroupSwap(self)
        self.anaphora = PronounSwap(self)
        self.possessives = PossessiveSwap(self)
        self.agreement = AgreementFinder(self.clauses, self.targets._person_noun,
                                         self._predicated_person)
        self.predicates = self.agreement.predicates
        self.conjunctions = self.agreement.conjunctions
        self.names = names
        self.rng = rng
        self.analyzer = lexicon.analyzer
        self.inflection = AnalyzerInflection(lexicon)
        self.direction = direction
        # whether a masculine title said of a woman who is not swapped stays, and whether
        # one did
        self.keep_generic = keep_generic
        self.kept_generic = False
        self.edits_by_token: dict[int, Edit] = {}
        words = swap_words(lexicon)
        self.spouses = words.spouses
        self.job_entity = self.shared.entity_at
        self.entity_label = {i: span.label_ for i, span in self.job_entity.items()}
        self.job_labels = reader_words(lexicon).job_labels
        self.tagged_jobs = any(label in self.job_labels for label in self.entity_label.values())
        self.pronoun_counterparts = words.pronoun_counterparts
        self.pronoun_gender = words.pronoun_gender
        self.swapped_genders: set[str] = set()
        # the genders of the singular persons swapped (a plural group is no pronoun's)
        self.singular_genders: set[str] = set()
        # the gender of a spouse turning against the direction, while it turns
        self.turning_couple: str | None = None
        # the genders of the swapped persons whose verb was swapped with them
        self.subject_genders: set[str] = set()
        self.speaker_genders: set[str] = set()  # (of the speakers whose words turned)
        # where the Doc is a sentence of a longer one (walk/__init__.py), the genders of
        # the singular persons swapped in the sentences before, and of their subjects: a
        # pronoun, a verb with no subject ("Лікар прийшов. Сім літ лікував людей") or a
        # standalone subject ("Останній") may be theirs
        self.context_genders: set[str] = set()
        self.context_subjects: set[str] = set()
        # the person nouns said of an organisation in the document so far (organisations.py)
        self.organisation_roles: set[str] = set()
        # start token of each swapped name -> its (original) gender when genitive, else None
        self.genitive_names: dict[int, str | None] = {}
        # each token of a swapped name -> the name's (original) gender
        self.name_gender: dict[int, str] = {}
        # the token after each swapped name -> that name
        self.name_ends: dict[int, NameMention] = {}
        self.numerals = words.numerals
        # the first token of each name whose gender is known, swapped or kept -> that name
        self.name_starts: dict[int, NameMention] = {}
        # the tokens of those names ("Палій" is a surname there, not the noun палій)
        self.name_tokens: set[int] = set()
        # the name spans, where the Doc is a sentence of a longer one that found them
        # (walk/__init__.py: "Марія Мельник … . Мельник …" is her surname there); None:
        # this Doc's own
        self.name_spans: list[tuple[int, int]] | None = None
        # first names replaced in this Doc -> their replacement (one person, one name)
        self.chosen_names: dict[str, str | None] = {}
        # surnames of the names read so far -> their gender (a bare surname later is theirs)
        self.surnames: dict[str, str | None] = {}
        # person nouns swapped as another's title or predicate ("Паля, син"): no person
        self.titles: set[int] = set()
        # the names of unknown gender, and the genders of person nouns with no counterpart
        self.unknown_names: list[tuple[int, int]] = []
        self.kept_genders: set[str] = set()
        # swapped singular person nouns of their own (no title) -> their gender and case
        # before the swap ("нардеп колись міг його знімати": a subject, as names are)
        self.person_nouns: dict[int, tuple[str, str | None]] = {}
        self.every_person = False  # (whether every person turns, speakers too: invert)
        # (whether a person's possessor stays: the profile's convention, unless invert)
        self.possessors_stay = lexicon.profile.possessors_stay
        self.antecedents = AntecedentReader(self)
        self.binding = PronounBinding(
            self.clauses, self.agreement, edits_by_token=self.edits_by_token,
            entity_label=self.entity_label, name_starts=self.name_starts,
            person_nouns=self.person_nouns, pronoun_gender=self.pronoun_gender,
            titles=self.titles)

    def edits(self) -> list[Edit]:
        if self.names is not None:
            self._swap_names()
        pronouns, anaphors, spouses = [], [], []
        exclusions, relations, persons = self.exclusions, self.relations, self.persons
        organisations = self.organisations
        targets, groups, anaphora = self.targets, self.groups, self.anaphora
        for token in self.tokens:
            if token.i in self.edits_by_token or token.i in self.name_tokens \
                    or not is_word(token):
                continue
            label = self.entity_label.get(token.i)
            if label is not None and label not in self.job_labels:
                # "Партії регіонів": not a person here; a name's "Мельник" is no miller
                continue
            person_word = self.lex.persons.may_be_person_noun(token.lower_)
            if exclusions._names_no_person(token, label, person_word):
                continue
            # A plural person noun is a target as an annotated job entity (the group is then
            # the referent: "працівників" → "працівниць") or predicated of people; elsewhere
            # as the profile's swap_plurals says (uk: it stays)
            if not person_word:
                found = None
                if label in self.job_labels and (title := exclusions._unknown_title(token)):
                    self._record(token.i, token.text, None, f"{UNKNOWN_TITLE}: '{title}'")
                    continue
            elif (found := targets._person_noun(token, plural=label in self.job_labels
                                                or self.lex.profile.swap_plurals)) is None \
                    and label is None:
                found = groups._predicated_of_people(token) or groups._plural_conjunct(token)
            if found is None and label is None and self.name_starts \
                    and (group := groups._group_of_names(token)) is not None:
                persons._replace_person(token, *group)  # "кияни Олександр … і Людмила …"
                continue
            if found is not None and (gender := relations._gender_of_named(token, *found)):
                # a person noun apposed to a swapped name, or predicated of it, is that
                # person ("Паля, син екс-начальника", "Крупко є сином екс-міністра": the
                # relative after it stays); its counterpart is the other spouse for a spouse
                persons._replace_person(token, found[0].entry, found[1], gender,
                                        self.spouses.get(found[0].entry.lemma))
                self.titles.add(token.i)
                continue
            if found is not None and label is None and exclusions._untagged_thing(token, found[1]):
                continue  # "політику домінування" beside tagged titles: the policy
            if found is not None and (organisations._organisation_subject(token, found[1])
                                      or organisations._said_of_thing_object(token, found[1]) or (
                    label is None and (relative := relations._relative_subject(token))
                    and organisations._names_organisation(relative - 2))):
                self.organisation_roles.add(found[0].entry.lemma)
                continue  # "ТОВ «ДБК», який виступає підрядником", "конкурентом був
                # «Діамантбанк»": the company's title
            if found is not None and label is None and (  # an organisation's, an army's
                    organisations._organisation_role(token, *found)
                    or organisations._side_of_conflict(token, found[1])
                    or organisations._defined_party(token, found[1])):
                continue
            if found is not None and found[0].entry.lemma in self.spouses:
                spouses.append((token, *found))
                continue
            if found is not None and label is None and relations._before_the_target(token, *found):
                continue  # "Донька президента", "брат Михайла": the other one is the target
            if found is not None and token.lower_ in self.lex.honorifics \
                    and any(start == token.i + 1 for start, _ in self.unknown_names):
                continue  # "пані Доро": the form of address of a name no one can swap
            if found is not None:
                persons._swap_person(token, *found)
            elif token.lower_ in self.pronoun_gender and not exclusions._reverent_pronoun(token):
                pronouns.append(token)
            elif (partitive := groups._partitive_subject(token)) is not None:
                anaphors.append((token, partitive))  # "один з лікарів залишився": a person
                if self._wanted(partitive.gender):  # of its own, whose pronouns turn too
                    self.swapped_genders.add(partitive.gender)
                    self.singular_genders.add(partitive.gender)
            elif (token.i == 0 or (self.tokens[token.i - 1].text in _CLAUSE_END
                                   and not organisations._names_organisation(token.i - 1))) and (
                    standalone := anaphora._standalone_subject(token)) is not None:
                anaphors.append((token, standalone))  # (only a clause's first word is one;
                # after a quoted name, that name is the subject: "«Енергоатом» зобов'язаний")
        for token, hit, reading in spouses:
            self.couples._swap_spouse(token, hit, reading)
        self.possessives._swap_possessives()
        # A pronoun is swapped with a swapped person of its gender, in its sentence or those
        # before ("його" stays when only a woman is swapped: someone or something else's), or
        # when no person is (but for a named one whose gender only the words agreeing with
        # the name show, or one whose person noun has no counterpart)
        genders = (self.swapped_genders | self.context_genders) or (
            {"Masc", "Fem"} - self.kept_genders - self._unknown_name_genders()
            if pronouns else set())
        if pronouns and not self.singular_genders and not self.context_genders and not any(
                mention.swapped for mention in self.name_starts.values()):
            # (nobody or only plural groups swapped: "королів … його розташування" is Lviv's)
            pronouns = self.binding._without_things_pronouns(pronouns)
        # and only for a person: "закон …, і він набуде чинності" stays; "Вона сказала" turns
        for token in pronouns:
            speaker = anaphora._speaker(token) and not self.antecedents._in_context_thing(token)
            if (self.pronoun_gender[token.lower_] in genders or speaker) \
                    and not self.binding._disjoint_from_subject(token) \
                    and (speaker or not self.antecedents._non_person_antecedent(token)):
                anaphora._swap_pronoun(token)
        anaphora._swap_speakers()
        for token, reading in anaphors:
            if reading.gender in self.swapped_genders | self.context_genders \
                    and self._wanted(reading.gender):
                anaphora._swap_anaphor(token, reading)
        subject_genders = self.subject_genders or self.context_subjects
        if len(subject_genders) == 1:
            gender = next(iter(subject_genders))
            # (listed first: recording an edit grows the set the search skips)
            reason = "agreement with the sentence's only subject of its gender"
            for token, reading in list(self.agreement.subjects._subjectless_verbs(
                    gender, self.edits_by_token)):
                if self._record_agreeing(token, reading, gender, reason):
                    anaphora._swap_emphatic_before(token, gender, reason)  # "бо сам був винен"
                    # and its predicates and the verbs sharing its subject ("побажав
                    # залишитися неназваним", "виніс постанову…, тобто зменшив")
                    for other, other_reading in (
                            *self.predicates._predicate(token.i + 1, gender),
                            *self.agreement.coordination._coordinated_verbs(token.i + 1, gender)):
                        self._record_agreeing(other, other_reading, gender, reason)
            for token, reading in list(self.agreement.subjects._emphatics_of_genderless_verbs(
                    gender, self.edits_by_token)):
                self._record_agreeing(token, reading, gender, reason)
        # (the one person swapped is the subject a purpose clause's infinitive shares)
        for token, reading, gender in list(self.predicates._purpose_predicates(
                subject_genders or self.singular_genders)):
            self._record_agreeing(token, reading, gender, "agreement with the subject")
        groups._swap_partitive_groups()
        groups._swap_numerals_after_names()
        anaphora._swap_demonstrative_subjects()
        self._swap_euphony()
        return [self.edits_by_token[i] for i in sorted(self.edits_by_token)]

    def _swap_names(self) -> None:
        spans = self.name_spans if self.name_spans is not None \
            else self.names.name_spans(self.doc, self.shared.entities)
        for span in spans:
            edits, mention = self.names.swap(self.doc, span, self.rng, self.chosen_names,
                                             self._wanted, self._context_gender,
                                             self.surnames)
            for edit in edits:
                self._record(edit.i, self.tokens[edit.i].text, edit.new, edit.reason)
            if mention is not None:
                self.name_starts[mention.start] = mention
                self.name_tokens.update(range(mention.start, mention.end))
            else:
                self.unknown_names.append(span)
            if mention is not None and mention.swapped:
                self.swapped_genders.add(mention.gender)
                self.name_gender.update(dict.fromkeys(range(mention.start, mention.end),
                                                      mention.gender))
                self.name_ends[mention.end] = mention
                self.genitive_names[mention.start] = (mention.gender if mention.case == "Gen"
                                                      else None)
                self._swap_agreement(mention.start, mention.end, mention.case, mention.gender,
                                     f"agreement with {self.doc[span[0]:span[1]].text}")

    def _unknown_name_genders(self) -> set[str]:
        """The genders the words agreeing with the kept names of unknown gender show
        ("Тюлень сказав": a he)."""
        return {gender for start, end in self.unknown_names
                if (gender := self._context_gender(start, end, "Nom")) in OTHER_GENDER}

    def _wanted(self, gender: str) -> bool:
        return wanted(self.direction, gender) or gender == self.turning_couple

    def _predicated_person(self, token: Token, hit: LexiconHit, reading: Reading,
                           gender: str) -> None:
        # "був депутатом" → "була депутаткою": the title of the subject's gender changes
        if token.i not in self.edits_by_token and UD_GENDER.get(hit.entry.gender) == gender:
            self.titles.add(token.i)
            self.persons._swap_person(token, hit, reading)

    def _agreement_gender(self, token: Token, reading: Reading) -> str | None:
        return self._context_gender(token.i, token.i + 1, reading.case)

    def _context_gender(self, start: int, end: int, case: str | None, *,
                        relative: bool = False) -> str | None:
        """The gender of the first word agreeing with the person at [start, end), else,
        with ``relative``, of the relative pronoun after it ("Валерія Нечитайло, який
        балотувався": Валерій's genitive)."""
        first = next(self.agreement._agreeing(start, end, case, None), None)
        if first is not None or not relative:
            return first[1].gender if first else None
        relatives = self.agreement.relatives
        return next((gender for gender in OTHER_GENDER
                     if next(relatives._relative_clause(end, gender), None) is not None), None)

    def _swap_agreement(self, start: int, end: int, case: str | None, gender: str, reason: str,
                        *, modifiers: bool = True) -> None:
        first = start
        for other, other_reading in self.agreement._agreeing(start, end, case, gender,
                                                             modifiers=modifiers):
            new = self.analyzer.inflect(other.lower_, other_reading, gender=OTHER_GENDER[gender])
            if new and other_reading.pos == "VERB":
                self.subject_genders.add(gender)
            self._record(other.i, other.text, new,
                         reason if new else f"{reason}: no {OTHER_GENDER[gender]} form")
            if new:
                self._hyphen_partner(other, other_reading, gender, reason)
            if new and other.i < start:
                first = min(first, other.i)
        if case == "Nom" and modifiers and not self._apposed_to_name(first) \
                and not self._clause_has_verb(start):
            # a nominative person with no verb in its clause is the subject of the verbs no
            # other word can be the subject of ("чиновник у салоні …, на автопарковці …
            # отримав"); not one apposed to a name ("Іван Петренко, директор фірми,")
            self.subject_genders.add(gender)

    def _clause_has_verb(self, i: int) -> bool:
        """Whether the clause of token ``i`` has a finite verb other than a linking one
        ("поки доктор вовтузиться", not "Масалітін є директором …, а також працював")."""
        linking = self.lex.profile.linking_verbs
        return any(not self.clauses._noun_not_verb(k) and any(
            r.pos == "VERB" and r.verb_form == "Fin" and r.lemma not in linking
            for r in self._readings(self.tokens[k]))
            for k in self.agreement.subjects._clause_tokens(i))

    @rule("apposed-to-name")
    def _apposed_to_name(self, first: int) -> bool:
        """Whether the phrase starting at token ``first`` follows a name and a comma or dash."""
        return first > 1 and self.tokens[first - 1].text in _APPOSITION_MARKS \
            and self.tokens[first - 2].ent_type_ in self.person_labels

    def _record_agreeing(self, token: Token, reading: Reading, gender: str,
                         reason: str) -> str | None:
        """Record ``token`` (read as ``reading``) in the other gender; return the new form."""
        new = self.analyzer.inflect(token.lower_, reading, gender=OTHER_GENDER[gender])
        self._record(token.i, token.text, new, reason)
        if new:
            self._hyphen_partner(token, reading, gender, reason)
        return new

    def _hyphen_partner(self, token: Token, reading: Reading, gender: str, reason: str) -> None:
        """The words hyphenated to an agreeing word that changed agree too when they read
        in its gender and case: "сам-один" → "сама-одна", "доброю-доброю" → "добрим-добрим"."""
        k = token.i + 2
        while k < len(self.tokens) and self.clauses._prefix_hyphen(k - 1) \
                and k not in self.edits_by_token:
            partner = self.tokens[k]
            match = self._agreeing_reading(partner, _MODIFIER_POS, gender, reading.case)
            new = match and self.analyzer.inflect(partner.lower_, match,
                                                  gender=OTHER_GENDER[gender])
            if not new:
                return
            self._record(k, partner.text, new, reason)
            k += 2  # "довгий-довгий-довжелезний"

    def _swap_euphony(self) -> None:
        """A particle right after a swapped word takes the form its new last letter asks
        for (:mod:`..euphony`)."""
        new_words = {i: edit.new for i, edit in self.edits_by_token.items() if edit.new}
        for i, form in euphony_edits(self.tokens, new_words, self.lex.profile):
            self._record(i, self.tokens[i].text, form, "euphony")

    def _record(self, i: int, old: str, new: str | None, reason: str) -> None:
        if new is not None and new == old.lower():
            return  # nothing changes: no edit, and a one-way swap that finds only these
            # finds nothing
        if i not in self.edits_by_token:
            self.edits_by_token[i] = Edit(i, old, new, reason)
