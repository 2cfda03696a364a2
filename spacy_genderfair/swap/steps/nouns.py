"""The person nouns and titles of the steps of the swap (steps 1 and 2 of the package): a
title before a name (Mr Smith -> Ms Smith, Frau Weber -> Herr Weber), and a person noun of the
lexicon replaced by its counterpart in the original's number and case (kings -> queens,
Lehrern -> Lehrerinnen), read from its own paradigm, its morphology, its determiners and the
preposition before it; a common-gender noun keeps its form and only its agreeing words change.
"""

from spacy.tokens import Token

from ...extensions import COMMON, FEMININE
from ...lexicon import LexiconHit, PersonEntry
from ...morph import LEXICON_GENDER, OTHER_GENDER, UD_GENDER
from ...tokens import counts_several, one_gender, sentence_initial
from ..rules import rule
from .agreement import AgreementSwapper
from .doc import DocSwap
from .graph import PREDICATIVE_LABELS as _PREDICATIVE
from .tables import _narrow, _other


class PersonNounSwapper:
    """Swaps the titles and person nouns of one :class:`.doc.DocSwap`, and through
    ``agreement`` the words agreeing with them."""

    def __init__(self, swap: DocSwap, agreement: AgreementSwapper) -> None:
        self.agreement = agreement
        self.swap = swap
        (self.doc, self.lex, self.profile, self.tables, self.has_pos, self.has_morph,
         self.has_dep, self.has_ents, self.edits_by_token) = swap.shared
        self.plural_nouns: set[int] = set()  # the person nouns read as plurals so far

    def _is_person_name(self, token: Token) -> bool:
        return self.has_ents and token.ent_type_ in self.profile.person_labels

    def _title_in_name(self, token: Token) -> bool:
        """A person noun opening a person entity before more of the name ("Queen
        Elizabeth", "Prince Charles"): the title, which swaps (the name swaps apart)."""
        doc = self.doc
        return token.ent_iob_ == "B" and token.i + 1 < len(doc) \
            and doc[token.i + 1].ent_iob_ == "I" \
            and self.lex.persons.lookup(token.text, token.lemma_ or None) is not None

    # -- titles -----------------------------------------------------------------------------
    def swap_title(self, token: Token) -> bool:
        lower = token.lower_
        gender = next((g for g in OTHER_GENDER if lower in self.tables.titles[g]), None)
        if gender is None or not self._before_name(token):
            return False
        if self.swap.wanted(gender):
            rows = self.tables.titles[gender][lower]
            case = self.swap.case(token)
            if case:
                rows = _narrow(rows, lambda r: r.case in (case, "-"))
            new = _other(rows[0], gender)
            self.swap.record(token, new, f"title {lower} -> {new}")
            self.agreement.swap_agreement(token, gender, "Sing", case, token.text)
        return True

    def _before_name(self, token: Token) -> bool:
        """Whether a name follows (after the title's dot when it is a token of its own)."""
        doc = self.doc
        j = token.i + 1
        if j < len(doc) and doc[j].text == "." and not token.whitespace_:
            j += 1
        # Other abbreviated titles between: "Herr Dr. Sieben", "Mr. Prof. Smith".
        while j + 1 < len(doc) and doc[j].text.endswith(".") and doc[j].text[:1].isupper():
            j += 1
        if j >= len(doc) or not doc[j].is_alpha:
            return False
        following = doc[j]
        if self.has_pos:
            return following.pos_ == "PROPN"
        if self.has_ents:
            return following.ent_type_ in self.profile.person_labels
        return following.text[:1].isupper()

    # -- person nouns -----------------------------------------------------------------------
    def swap_person_noun(self, token: Token) -> None:
        inflection = self.swap.inflection
        if self.has_pos and token.pos_ not in ("NOUN", "PROPN") and (
                inflection is None or inflection.tag_possible(token)):
            return
        if self._proper_name(token):
            return
        if not self.has_pos and self.profile.nouns_capitalized and not token.text[:1].isupper():
            return  # "die Jungen" (the boys) but "jungen" (young), as gender_lexicon does
        if (self._is_person_name(token) and not self._title_in_name(token)) or (
                token.pos_ == "PROPN" and token.i > 0 and self.doc[token.i - 1].pos_ == "PROPN"):
            return  # "Martin Luther King", "FitnessPoint Lady": part of a name
        hit = self._lookup(token)
        if hit is None or self._modifies_noun_before(token) or self._names_a_being(token) \
                or self._opens_quoted_name(token) or self._predicated_of_thing(token) \
                or self._predicated_of_group(token) or self._possessor_that_stays(token):
            return
        entry = hit.entry
        if entry.gender == COMMON:
            self._swap_common(token, hit)
            return
        gender = UD_GENDER.get(entry.gender)
        if gender is None or not self.swap.wanted(gender) or self._in_pair(token, entry):
            return
        number, case = self._slot(token, hit, gender)
        if number == "Plur" and token.ent_type_ not in self.profile.job_labels \
                and not self.profile.plural_turns(entry.lemma, entry.gender == FEMININE):
            return  # (a plural the entities tag a job title is the group they name: it turns;
            # so does one that names one sex, "сини", "вчительки")
        if case is None and self.tables.cases and self._opens_sentence(token):
            case = "nom"  # "Meine Mutter ist …": the phrase opening the sentence, its subject
        if not entry.counterparts:
            self.swap.record(token, None, f"no counterpart of '{entry.lemma}'")
            return
        counterpart = self._spouse(token, entry) or entry.counterparts[0]
        cases = [case] if case else self.agreement.determiner_cases(token, gender, number)
        governed = self._governed_cases(token) if case is None else frozenset()
        if governed & set(cases):
            # the preposition tells what the determiner leaves open: "mit seiner Tochter" is
            # dative, though "seiner" may be genitive
            cases = sorted(governed & set(cases))
            case = cases[0] if len(cases) == 1 else None
        new = self._noun_form(counterpart, OTHER_GENDER[gender], number, cases)
        if new is None and self.swap.inflection is not None:
            # a noun declining as an adjective ("потерпілого" → "потерпілої") changes as one
            new = self.swap.inflection.agreeing_form(token, gender)
            new = None if new == token.lower_ else new
        if new is None:
            slot = f"{number} {case}" if case else number
            unknown = f" in an unknown case ({' or '.join(cases)})" if len(cases) > 1 else ""
            self.swap.record(token, None, f"no {slot} form of '{counterpart}'{unknown}")
            return  # the noun stays: so do its determiners
        if self.agreement.ambiguous_determiner(token, gender, number, case):
            # "Er liebt seine Frau" without morphology: "seine" → "sein" or "seinen" for
            # Mann; the phrase stays whole rather than "seine Mann" (its possessive still
            # swaps as a pronoun: "ihre Frau")
            self.swap.record(token, None, f"{entry.lemma} -> {counterpart}: its determiner's "
                                      f"case is unknown")
            return
        self.swap.record(token, new, f"{entry.lemma} -> {counterpart}")
        self.agreement.swap_agreement(token, gender, number, case, entry.lemma)

    def _lookup(self, token: Token) -> LexiconHit | None:
        """The lexicon's person noun at ``token``: by its form or lemma, or, in a language
        whose analyser reads it, by the readings its tags choose (none where they choose an
        inanimate reading the analyser has: the tagger's "Inan" on "лікар", which has none,
        is its error)."""
        inflection = self.swap.inflection
        if inflection is None:
            return self.lex.persons.lookup(token.text, token.lemma_ or None)
        readings = inflection.noun_readings(token)
        if "Inan" in token.morph.get("Animacy") and not any(r.animate for r in readings):
            return None  # "голова обертом пішла": the head, not the chairman
        return self.lex.persons.lookup_readings(readings)

    @rule("proper-noun")
    def _proper_name(self, token: Token) -> bool:
        """Where the profile's taggers tag no person noun PROPN (``propn_person_nouns``
        false): whether ``token`` is a proper noun, a name and no person noun ("«Шахтар»", a
        club), but at the sentence's start where the analyser reads no name in it (the
        capital is the sentence's: "Лікар прийшов")."""
        inflection = self.swap.inflection
        return self.has_pos and token.pos_ == "PROPN" and not self.profile.propn_person_nouns \
            and (not sentence_initial(token) or inflection is None
                 or inflection.name_reading(token))

    @rule("is-possessor")
    def _possessor_that_stays(self, noun: Token) -> bool:
        """With a parse, where possessors stay (the profile's ``possessors_stay``, in the
        directions that turn one gender): whether ``noun`` is a genitive attached to
        another person noun, whose person it is ("Син директора", "Секретар директора":
        the son and the secretary turn)."""
        head = noun.head
        return self.swap.possessors_stay and self.has_dep and head is not noun \
            and noun.dep_.startswith("nmod") and "Gen" in noun.morph.get("Case") \
            and head.pos_ == "NOUN" and self._lookup(head) is not None

    @rule("possessed")
    def _spouse(self, noun: Token, entry: PersonEntry) -> str | None:
        """The other spouse (the exceptions table's spouse pair) for a spouse noun whose
        possessor the parse shows — a possessive determiner or a genitive name or person:
        "її чоловік" is her husband (→ "його дружина"), not a man (→ "жінка")."""
        if not (self.has_dep and self.profile.spouse_pairs):
            return None
        spouses = {a: b for pair in self.profile.spouse_pairs for a, b in (pair, pair[::-1])}
        if entry.lemma not in spouses:
            return None
        possessed = any("Yes" in c.morph.get("Poss") or (
            c.dep_.startswith("nmod") and "Gen" in c.morph.get("Case")
            and (c.pos_ == "PROPN" or self._lookup(c) is not None)) for c in noun.children)
        return spouses[entry.lemma] if possessed else None

    @rule("capitalised-being")
    def _names_a_being(self, token: Token) -> bool:
        """A capitalised person noun that the profile's exceptions list as the name of one
        being ("Бог", "Богом"): it stays."""
        return token.text[:1].isupper() and (token.lemma_ or token.lower_).lower() \
            in self.profile.capitalised_beings

    @rule("in-quoted-title")
    def _opens_quoted_name(self, token: Token) -> bool:
        """A capitalised noun opening a quotation inside the sentence names a work, a
        newspaper or a firm («Місіонер», "Урядовий кур'єр", «Senhora»), no person (where
        only names are capitalised: German capitalises every noun, "die "Chefin" selbst")."""
        start = token.i
        while start > 0 and self.doc[start - 1].pos_ == "ADJ" and self.has_pos:
            start -= 1  # ("Урядовий кур'єр")
        opening = self.doc[start - 1] if start > 0 else None
        if self.profile.nouns_capitalized or opening is None or not opening.is_quote \
                or not self.doc[start].text[:1].isupper():
            return False
        # (a quotation may open a sentence, «Лікар прийшов», — сказала вона; one that closes
        # right after the noun is a name there too: "\"Шахтар\" ганебно вилетів")
        closing = token.i + 1 < len(self.doc) and self.doc[token.i + 1].is_quote
        return closing or not sentence_initial(opening)

    @rule("other-referent")
    def _predicated_of_thing(self, noun: Token) -> bool:
        """With a parse: whether ``noun`` is predicated of a subject that is a thing, whose
        generic title it then is ("Переможцем стала школа", "Засновником є держава"): a
        noun the morphology calls inanimate (only where the pipeline marks animacy: "o foco
        do encontro foi a mulher" names her, and a noun the lexicon lacks may still be a
        person's: "a falsa loira")."""
        subject = self._predicated_subject(noun)
        return subject is not None and subject.pos_ == "NOUN" \
            and "Inan" in subject.morph.get("Animacy")

    @rule("title-of-group")
    def _predicated_of_group(self, noun: Token) -> bool:
        """With a parse: whether the singular ``noun`` is predicated of a plural subject,
        the group's title ("Чемпіоном стали тепловики"); not one of coordinated titles,
        each of which names one of them ("são o presidente … e o …")."""
        subject = self._predicated_subject(noun)
        return subject is not None and "Plur" in subject.morph.get("Number") \
            and "Plur" not in noun.morph.get("Number") and not noun.conjuncts

    def _predicated_subject(self, noun: Token) -> Token | None:
        """With a parse, what ``noun`` is predicated of: the subject hung from it (a
        copular predicate), else, for a verb's predicative complement, the verb's object or
        else its subject (UD's control rule)."""
        if not self.has_dep:
            return None
        roles = self.profile.dependency_roles
        subject = next((c for c in noun.children
                        if roles.get(c.dep_) in ("subject", "passive_subject")), None)
        if subject is None and noun.dep_ in _PREDICATIVE and noun.head is not noun:
            by_role = {roles.get(c.dep_): c for c in noun.head.children}
            subject = by_role.get("object") or by_role.get("subject") \
                or by_role.get("passive_subject")
        return subject

    def _modifies_noun_before(self, token: Token) -> bool:
        """Without tags, in a language whose noun phrases start with their head (profile
        ``np_head``: "first"), a person noun right after a capitalised word inside the
        sentence is that noun's adjective: "O Governo português" is the government, whose
        "português" names no one (nor is "Governo" an adjective to turn into "Governa")."""
        if self.has_pos or self.profile.np_head != "first" or self.profile.nouns_capitalized \
                or token.i < 1:
            return False
        before = self.doc[token.i - 1]
        return before.is_alpha and before.text[:1].isupper() \
            and before.lower_ not in self.tables.all_words and not sentence_initial(before)

    def _opens_sentence(self, noun: Token) -> bool:
        """Whether the noun phrase of ``noun`` (its determiners and adjectives) opens its
        sentence: without a parse, German's first phrase is mostly the subject."""
        return not self.has_dep and sentence_initial(
            min([noun, *self.agreement.agreeing(noun)], key=lambda t: t.i))

    def _in_pair(self, token: Token, entry: PersonEntry) -> bool:
        """Whether the noun is one half of a paired form ("Bürgerinnen und Bürger", "Damen
        und Herren"): the pair names both genders already and stays as it is."""
        doc = self.doc
        words = self.tables.all_words
        after = token.i + 2
        if after < len(doc) and doc[after].lower_ in words:
            after += 1  # "der König und die Königin"
        before = token.i - 1
        if before >= 0 and doc[before].lower_ in words:
            before -= 1  # "die Königin und der König"
        for conj, other in ((token.i + 1, after), (before, before - 1)):
            if 0 <= min(conj, other) and max(conj, other) < len(doc) and (
                    doc[conj].lower_ in self.profile.pair_conjunctions):
                hit = self.lex.persons.lookup(doc[other].text, doc[other].lemma_ or None)
                if (hit is not None and hit.entry.concept == entry.concept
                        and hit.entry.gender != entry.gender):
                    return True
        return False

    def _swap_common(self, token: Token, hit: LexiconHit) -> None:
        """A common-gender noun keeps its form; its determiners and adjectives change (and
        its own adjective ending where the profile says such nouns decline: ein Angestellter)."""
        if hit.entry.source == "morphology":
            return  # only the analyser's reading makes it a person ("ворона", "шкода")
        gender = one_gender(token.morph.get("Gender")) if self.has_morph else None
        agreeing = self.agreement.agreeing(token)
        if gender not in OTHER_GENDER:
            # The determiner tells: "o estudante", "ein Angestellter" -> masculine.
            genders = {g for t in agreeing for g in OTHER_GENDER
                       if t.lower_ in self.tables.words[g]}
            gender = genders.pop() if len(genders) == 1 else None
        if gender not in OTHER_GENDER or not self.swap.wanted(gender):
            return
        number, case = self._slot(token, hit, gender)
        self.agreement.swap_agreement(token, gender, number, case, hit.entry.lemma,
                             decline_noun=self.profile.common_nouns_decline)

    def _slot(self, token: Token, hit: LexiconHit, gender: str) -> tuple[str, str | None]:
        """The noun's number and case. The number: the one its own paradigm gives its form
        ("queens", "Lehrerinnen": the surface outranks a tagger), else its morphology, else
        the lexicon's; singular by default (an untagged "Lehrer" may be either). The case:
        its morphology, else the only case of its paradigm that gives its form ("Lehrern")."""
        case = self.swap.case(token)
        if self.swap.inflection is not None:
            # the analyser's reading that the lookup took, within the tags' number and case
            number = self.swap.morph(token, "Number") or hit.number or "Sing"
            if number == "Plur":
                self.plural_nouns.add(token.i)
            return number, case or (hit.case.lower() if hit.case else None)
        own = self._own_slots(hit.entry, gender, token.lower_)
        if len({n for n, _ in own}) > 1 and not self.swap.morph(token, "Number"):
            own = self.agreement.determiner_slots(token, gender, own)
            if token.i > 0 and (counts_several(self.doc[token.i - 1]) or (
                    self.doc[token.i - 1].lower_ in self.profile.pair_conjunctions
                    and token.i - 2 in self.plural_nouns)):
                own = [s for s in own if s[0] == "Plur"] or own  # "88 Rebellen und Soldaten"
        numbers = {n for n, _ in own}
        number = (numbers.pop() if len(numbers) == 1 else None) or self.swap.morph(token, "Number")
        if number not in ("Sing", "Plur"):
            number = hit.number or "Sing"
        if number == "Plur":
            self.plural_nouns.add(token.i)
        if case is None:
            cases = {c for n, c in own if n == number}
            case = cases.pop() if len(cases) == 1 else None
        return number, case

    def _own_slots(self, entry: PersonEntry, gender: str, form: str):
        return [(number, case) for number in ("Sing", "Plur")
                for case in (self.tables.cases or [None])
                if self._paradigm(entry.lemma, LEXICON_GENDER[gender], number, case) == form]

    def _governed_cases(self, noun: Token) -> frozenset:
        """The cases the preposition opening the noun's phrase governs (the profile's
        ``preposition_cases``, lower-cased as the tables write them), or none: the phrase is
        the run of lower-case words right before the noun (articles, possessives,
        adjectives: German capitalises its nouns)."""
        governed = self.profile.preposition_cases
        for j in range(noun.i - 1, max(-1, noun.i - 5), -1):
            word = self.doc[j]
            if word.lower_ in governed:
                return frozenset(case.lower() for case in governed[word.lower_])
            if not (word.is_alpha and word.is_lower):
                break
        return frozenset()

    def _noun_form(self, lemma: str, gender: str, number: str, cases: list) -> str | None:
        """The form of ``lemma`` in the number and cases; None when the cases give different
        forms or the lexicon does not recognise the form as one of ``lemma``'s concept
        (Kaufmann's plural Kaufleute is listed as its neutral form)."""
        if self.swap.inflection is not None:
            if len(cases) > 1:
                return None
            case = cases[0].capitalize() if cases else None
            return self.swap.inflection.counterpart_form(lemma, case, number)
        forms = {self._paradigm(lemma, LEXICON_GENDER[gender], number, c) for c in cases or [None]}
        if len(forms) != 1:
            return None
        form = forms.pop()
        if form is None or form == lemma:
            return form
        known = self.lex.persons.lookup(form)
        entry = self.lex.persons.get(lemma)
        return form if known is not None and entry is not None and (
            known.entry.lemma == lemma or known.entry.concept == entry.concept >= 0) else None

    def _paradigm(self, lemma: str, gender: str, number: str, case: str | None) -> str | None:
        for paradigm in self.tables.paradigms:
            if (paradigm.gender in (gender, "*") and paradigm.number == number
                    and (not paradigm.cases or case in paradigm.cases)
                    and paradigm.pattern.search(lemma)):
                return paradigm.pattern.sub(paradigm.replacement, lemma, count=1)
        return lemma if number == "Sing" else None
