"""Swap the gender of person nouns, pronouns and the words that agree with them, from tables.

For languages without a morphological analyser (English, German, Portuguese). Every word the
engine writes comes from the language profile (``lang/<code>/``); the pipeline's annotation
(POS, morphology, dependencies, entities), when the Doc has it, only chooses among them:

1. a title before a name (``honorific_pairs.tsv``): Mr Smith -> Ms Smith, Frau Weber -> Herr
   Weber (Herrn Weber in an oblique case);
2. a person noun of the lexicon is replaced by its counterpart in the original's number and case
   (``noun_paradigms.tsv``): kings -> queens, Lehrern -> Lehrerinnen. A form is used only when
   the lexicon recognises it as a form of the counterpart; a common-gender noun (o/a estudante,
   der/die Abgeordnete) stays and only its agreeing words change;
3. the words that agree with a swapped noun (``agreement.tsv``): its determiners and adjectives
   (dependents with a profile ``agreement_deps`` label, or the contiguous table words before it
   without a parse), adjective endings by the declension their determiner gives (dem neuen
   Lehrer -> der neuen Lehrerin), and a predicate adjective or participle whose subject it is,
   when its morphology says it agrees (o professor está cansado -> a professora está cansada);
4. third-person singular pronouns (``pronoun_swaps.tsv``), the reading chosen by the token's
   morphology and parse (her -> his before a noun, him as an object); a pronoun whose reading
   may be plural (German sie/ihre without morphology) or formal (Sie) is not swapped;
5. a word that should change but whose form the tables do not give is reported with
   ``new=None`` and left as it is: nothing is invented.

Names are not swapped here (tokens of PERSON entities are left alone), and a paired form
("Bürgerinnen und Bürger", "kings and queens") stays. Each token is replaced by exactly one
word, lower case (German nouns too): ``apply_edits`` restores the capitalisation.

Without a parse, the agreeing words are the table words right before the noun (and untagged
adjectives between them and the noun); without morphology, a pronoun followed by a word is a
possessive determiner, the phrase opening the sentence is the nominative subject and a bare
noun no genitive, and any other ambiguous case or number is reported rather than guessed (a
noun whose determiner's new form it would decide stays whole). A
pronoun's referent is not resolved: German "er"/"sie" and Portuguese "ele"/"ela" of a thing
(der Urlaub ... ihn) are swapped like those of a person. Only a possessive after its clause's
subject, with a parse and morphology, is read as that subject's when the subject is a thing
of its gender or an indefinite pronoun ("dieser Shop ist für seine Schnäppchen bekannt",
"daß man seine Rechte einklagen kann"): it stays.
"""

from weakref import WeakKeyDictionary

from spacy.tokens import Doc, Token

from ..extensions import COMMON, FEMININE, MASCULINE
from ..lexicon import Lexicon, LexiconHit, PersonEntry
from ..lexicon.pronouns import third_person_readings
from ..tokens import counts_several, first, one_gender, sentence_initial
from .direction import by_direction, wanted
from .edits import Edit

_UD_GENDER = {MASCULINE: "Masc", FEMININE: "Fem"}
_FLIP = {"Masc": "Fem", "Fem": "Masc"}
# Dependency labels of a relative clause on a noun: UD (and its relcl subtype), TIGER.
_RELATIVE_CLAUSE_DEPS = frozenset({"acl", "acl:relcl", "relcl", "rc"})
# The genders of a possessor a masculine or feminine possessive stands for (German "sein":
# his or its, of a masculine or a neuter noun).
_POSSESSOR_GENDERS = {"Masc": {"Masc", "Neut"}, "Fem": {"Fem"}}
_GENDER_NAME = {"Masc": MASCULINE, "Fem": FEMININE}
# Parts of speech that may agree with a noun; a noun under it ("Herr Müller" in TIGER's nk,
# an apposition) does not.
_AGREEING_POS = frozenset({"DET", "ADJ", "PRON", "NUM", "VERB", "AUX"})
# UD's copula relation: "O professor está cansado" (TIGER has none; German predicative
# adjectives do not inflect anyway).
_COPULA_DEPS = frozenset({"cop"})
_SUBJECT_ROLES = ("subject", "passive_subject")

__all__ = ["lexical_swap_edits"]


def lexical_swap_edits(doc: Doc, lexicon: Lexicon, direction: str = "invert",
                       names=()) -> list[Edit]:
    """The edits that swap the gender of the person nouns and pronouns of ``doc``.

    doc (Doc): a document, with whatever annotation its pipeline gives (a blank pipeline works,
        with the fallbacks described in the module docstring).
    lexicon (Lexicon): the language's lexicon (``get_lexicon(code)``).
    direction (str): one of ``DIRECTIONS`` (see :mod:`.direction`).
    names (Iterable[NameMention]): person names swapped already (their words are not edited
        here): the determiners before them agree ("o João" → "a Joana").
    RETURNS (list[Edit]): one edit per changed token, in token order; ``new`` is None where the
        word should change but the tables give no form (reported, kept).
    """
    return by_direction(direction,
                        lambda way: _LexicalSwapper(doc, lexicon, way, names).edits())


class _Tables:
    """The profile's swap tables, indexed by the form of each gender."""

    def __init__(self, lexicon: Lexicon) -> None:
        profile = lexicon.profile
        self.pronouns = _index(profile.pronoun_swaps)
        self.titles = _index(profile.honorific_pairs)
        words = [r for r in profile.agreement if not r.ending]
        self.words = _index(words)
        self.endings = {g: [r for r in profile.agreement if r.ending] for g in _FLIP}
        self.all_words = frozenset(r.masculine for r in words) | {r.feminine for r in words}
        self.paradigms = profile.noun_paradigms
        self.cases = sorted({c for rule in self.paradigms for c in rule.cases})


def _index(rows) -> dict[str, dict[str, list]]:
    """Rows by the form of each gender: {"Masc": {masculine form: rows}, "Fem": {...}}."""
    index: dict[str, dict[str, list]] = {"Masc": {}, "Fem": {}}
    for row in rows:
        index["Masc"].setdefault(row.masculine, []).append(row)
        index["Fem"].setdefault(row.feminine, []).append(row)
    return index


def _other(row, gender: str) -> str:
    return row.feminine if gender == "Masc" else row.masculine


def _own(row, gender: str) -> str:
    return row.masculine if gender == "Masc" else row.feminine


def _narrow(rows: list, keep) -> list:
    """The rows that ``keep`` accepts, or all of them when it accepts none: the token's
    annotation narrows the choice but never empties it (a pipeline may tag "hers" PRP)."""
    kept = [row for row in rows if keep(row)]
    return kept or rows


_TABLES: "WeakKeyDictionary[Lexicon, _Tables]" = WeakKeyDictionary()


def _tables(lexicon: Lexicon) -> _Tables:
    if lexicon not in _TABLES:
        _TABLES[lexicon] = _Tables(lexicon)
    return _TABLES[lexicon]


class _LexicalSwapper:
    def __init__(self, doc: Doc, lexicon: Lexicon, direction: str, names=()) -> None:
        self.doc = doc
        self.names = names
        self.lex = lexicon
        self.profile = lexicon.profile
        self.tables = _tables(lexicon)
        self.direction = direction
        # has_annotation scans the doc: once per doc, not per token.
        self.has_pos = doc.has_annotation("POS")
        self.has_morph = doc.has_annotation("MORPH")
        self.has_dep = doc.has_annotation("DEP")
        self.plural_nouns: set[int] = set()  # the person nouns read as plurals so far
        self.has_ents = doc.has_annotation("ENT_IOB")
        self.edits_by_token: dict[int, Edit] = {}

    def edits(self) -> list[Edit]:
        for name in self.names:  # "o João" → "a Joana": the name's determiners agree
            if self._wanted(name.gender):
                head = self.doc[name.start:name.end].root if self.has_dep else self.doc[name.start]
                self._swap_agreement(head, name.gender, "Sing", None, head.lower_)
        # Nouns first: a possessive determiner may take a new ending from its noun (sein ->
        # seine) before its own stem is swapped as a pronoun (seine -> ihre).
        for token in self.doc:
            if token.i not in self.edits_by_token and any(c.isalpha() for c in token.text):
                if not self._swap_title(token):
                    self._swap_person_noun(token)
        for token in self.doc:
            if token.is_alpha:
                self._swap_pronoun(token)
        return [self.edits_by_token[i] for i in sorted(self.edits_by_token)]

    # -- helpers ----------------------------------------------------------------------------
    def _wanted(self, gender: str) -> bool:
        return wanted(self.direction, gender)

    def _record(self, token: Token, new: str | None, reason: str, replace: bool = False) -> None:
        if replace or token.i not in self.edits_by_token:
            self.edits_by_token[token.i] = Edit(token.i, token.text, new, reason)

    def _morph(self, token: Token, feature: str) -> str | None:
        return first(token.morph.get(feature)) if self.has_morph else None

    def _case(self, token: Token) -> str | None:
        case = self._morph(token, "Case")
        return case.lower() if case else None

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
    def _swap_title(self, token: Token) -> bool:
        lower = token.lower_
        gender = next((g for g in _FLIP if lower in self.tables.titles[g]), None)
        if gender is None or not self._before_name(token):
            return False
        if self._wanted(gender):
            rows = self.tables.titles[gender][lower]
            case = self._case(token)
            if case:
                rows = _narrow(rows, lambda r: r.case in (case, "-"))
            new = _other(rows[0], gender)
            self._record(token, new, f"title {lower} -> {new}")
            self._swap_agreement(token, gender, "Sing", case, token.text)
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
    def _swap_person_noun(self, token: Token) -> None:
        if self.has_pos and token.pos_ not in ("NOUN", "PROPN"):
            return
        if not self.has_pos and self.profile.nouns_capitalized and not token.text[:1].isupper():
            return  # "die Jungen" (the boys) but "jungen" (young), as gender_lexicon does
        if (self._is_person_name(token) and not self._title_in_name(token)) or (
                token.pos_ == "PROPN" and token.i > 0 and self.doc[token.i - 1].pos_ == "PROPN"):
            return  # "Martin Luther King", "FitnessPoint Lady": part of a name
        hit = self.lex.persons.lookup(token.text, token.lemma_ or None)
        if hit is None or self._modifies_noun_before(token):
            return
        entry = hit.entry
        if entry.gender == COMMON:
            self._swap_common(token, hit)
            return
        gender = _UD_GENDER.get(entry.gender)
        if gender is None or not self._wanted(gender) or self._in_pair(token, entry):
            return
        number, case = self._slot(token, hit, gender)
        if case is None and self.tables.cases and self._opens_sentence(token):
            case = "nom"  # "Meine Mutter ist …": the phrase opening the sentence, its subject
        if not entry.counterparts:
            self._record(token, None, f"no counterpart of '{entry.lemma}'")
            return
        counterpart = entry.counterparts[0]
        cases = [case] if case else self._determiner_cases(token, gender, number)
        governed = self._governed_cases(token) if case is None else frozenset()
        if governed & set(cases):
            # the preposition tells what the determiner leaves open: "mit seiner Tochter" is
            # dative, though "seiner" may be genitive
            cases = sorted(governed & set(cases))
            case = cases[0] if len(cases) == 1 else None
        new = self._noun_form(counterpart, _FLIP[gender], number, cases)
        if new is None:
            slot = f"{number} {case}" if case else number
            unknown = f" in an unknown case ({' or '.join(cases)})" if len(cases) > 1 else ""
            self._record(token, None, f"no {slot} form of '{counterpart}'{unknown}")
            return  # the noun stays: so do its determiners
        if self._ambiguous_determiner(token, gender, number, case):
            # "Er liebt seine Frau" without morphology: "seine" → "sein" or "seinen" for
            # Mann; the phrase stays whole rather than "seine Mann" (its possessive still
            # swaps as a pronoun: "ihre Frau")
            self._record(token, None, f"{entry.lemma} -> {counterpart}: its determiner's "
                                      f"case is unknown")
            return
        self._record(token, new, f"{entry.lemma} -> {counterpart}")
        self._swap_agreement(token, gender, number, case, entry.lemma)

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
            min([noun, *self._agreeing(noun)], key=lambda t: t.i))

    def _ambiguous_determiner(self, noun: Token, gender: str, number: str,
                              case: str | None) -> bool:
        """Whether a table word agreeing with ``noun`` has several forms for the other
        gender in the cases left open."""
        for token in self._agreeing(noun):
            rows = self.tables.words[gender].get(token.lower_)
            if rows and len({_other(r, gender)
                             for r in self._fitting(token, rows, number, case)}) > 1:
                return True
        return False

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
        gender = one_gender(token.morph.get("Gender")) if self.has_morph else None
        agreeing = self._agreeing(token)
        if gender not in _FLIP:
            # The determiner tells: "o estudante", "ein Angestellter" -> masculine.
            genders = {g for t in agreeing for g in _FLIP if t.lower_ in self.tables.words[g]}
            gender = genders.pop() if len(genders) == 1 else None
        if gender not in _FLIP or not self._wanted(gender):
            return
        number, case = self._slot(token, hit, gender)
        self._swap_agreement(token, gender, number, case, hit.entry.lemma,
                             decline_noun=self.profile.common_nouns_decline)

    def _slot(self, token: Token, hit: LexiconHit, gender: str) -> tuple[str, str | None]:
        """The noun's number and case. The number: the one its own paradigm gives its form
        ("queens", "Lehrerinnen": the surface outranks a tagger), else its morphology, else
        the lexicon's; singular by default (an untagged "Lehrer" may be either). The case:
        its morphology, else the only case of its paradigm that gives its form ("Lehrern")."""
        case = self._case(token)
        own = self._own_slots(hit.entry, gender, token.lower_)
        if len({n for n, _ in own}) > 1 and not self._morph(token, "Number"):
            own = self._determiner_slots(token, gender, own)
            if token.i > 0 and (counts_several(self.doc[token.i - 1]) or (
                    self.doc[token.i - 1].lower_ in self.profile.pair_conjunctions
                    and token.i - 2 in self.plural_nouns)):
                own = [s for s in own if s[0] == "Plur"] or own  # "88 Rebellen und Soldaten"
        numbers = {n for n, _ in own}
        number = (numbers.pop() if len(numbers) == 1 else None) or self._morph(token, "Number")
        if number not in ("Sing", "Plur"):
            number = hit.number or "Sing"
        if number == "Plur":
            self.plural_nouns.add(token.i)
        if case is None:
            cases = {c for n, c in own if n == number}
            case = cases.pop() if len(cases) == 1 else None
        return number, case

    def _determiner_slots(self, noun: Token, gender: str, own: list) -> list:
        """The slots of the noun's form (``own``) its determiners allow, when its form
        reads in both numbers ("Chefs": des Chefs, die Chefs): a table word with no row of
        the noun's gender is a plural one no gender changes ("die Chefs"); ``own`` when
        nothing narrows it."""
        for token in self._agreeing(noun):
            if token.lower_ in self.tables.all_words \
                    and token.lower_ not in self.tables.words[gender]:
                own = [s for s in own if s[0] == "Plur"] or own
        return own

    def _own_slots(self, entry: PersonEntry, gender: str, form: str):
        return [(number, case) for number in ("Sing", "Plur")
                for case in (self.tables.cases or [None])
                if self._paradigm(entry.lemma, _GENDER_NAME[gender], number, case) == form]

    def _determiner_cases(self, noun: Token, gender: str, number: str) -> list:
        """The cases the noun's determiners allow when nothing else tells ("die Lehrerin":
        nominative or accusative, so "Lehrer", not the genitive "Lehrers")."""
        cases = set(self.tables.cases)
        agreeing = self._agreeing(noun)
        for token in agreeing:
            rows = self.tables.words[gender].get(token.lower_, [])
            allowed = {r.case for r in rows if r.number == number}
            if allowed and "-" not in allowed:
                cases &= allowed
        if not agreeing and len(cases) > 1:
            cases.discard("gen")  # a bare noun is no genitive ("ist Ärztin" → "ist Arzt")
        return sorted(cases) or self.tables.cases

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
        forms = {self._paradigm(lemma, _GENDER_NAME[gender], number, c) for c in cases or [None]}
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
        for rule in self.tables.paradigms:
            if (rule.gender in (gender, "*") and rule.number == number
                    and (not rule.cases or case in rule.cases) and rule.pattern.search(lemma)):
                return rule.pattern.sub(rule.replacement, lemma, count=1)
        return lemma if number == "Sing" else None

    # -- agreement --------------------------------------------------------------------------
    def _agreeing(self, noun: Token) -> list[Token]:
        """The determiners and adjectives of ``noun``: its dependents with an agreement label
        (and adjectives conjoined to them), else the table words and adjectives right before
        it."""
        doc = self.doc
        if self.has_dep:
            deps = self.profile.agreement_deps
            found = [c for c in noun.children if (c.dep_.lower() in deps
                     and (not self.has_pos or c.pos_ in _AGREEING_POS)
                     and not self._finite_or_infinitive(c))
                     or self._gendered_table_word(c)]
            conjoined = [c for t in found for c in t.children
                         if c.dep_ in ("conj", "cj") and c.pos_ == "ADJ"]
            return sorted(found + conjoined, key=lambda t: t.i)
        # Without a parse: the run of table words and adjectives right before the noun. An
        # untagged word counts as an adjective by its ending, but only between a table word
        # and the noun ("dem neuen Lehrer"), where little else can stand.
        found, pending = [], []
        for j in range(noun.i - 1, -1, -1):
            other = doc[j]
            if other.lower_ in self.tables.all_words:
                found += [*pending, other]
                pending = []
            elif self.has_pos and other.pos_ == "ADJ":
                found.append(other)
            elif (not self.has_pos and not found and other.is_alpha
                  and other.lower_ not in self.lex.pronouns
                  and any(other.lower_.endswith(_own(r, g)) for g in _FLIP
                          for r in self.tables.endings[g])):
                # (only before the determiners are found: a word left of an article is
                # another phrase's, "o livro ao seu filho")
                pending.append(other)
            else:
                break
        return sorted(found, key=lambda t: t.i)

    def _gendered_table_word(self, token: Token) -> bool:
        """A table word with a gender under another label: a preposition-article contraction
        kept as one token ("do", "pelo": spaCy's Portuguese tags it ADP, label case); a bare
        preposition ("a") has no gender."""
        return (self.has_morph and token.lower_ in self.tables.all_words
                and bool(token.morph.get("Gender")))

    def _swap_agreement(self, noun: Token, gender: str, number: str, case: str | None,
                        lemma: str, decline_noun: bool = False) -> None:
        reason = f"agreement with {lemma}"
        agreeing = [t for t in self._agreeing(noun) if t.i not in self.edits_by_token]
        declension = "none"
        declined = []
        for token in agreeing:
            if token.lower_ not in self.tables.words[gender]:
                declined.append(token)
                continue
            rows = self._swap_table_word(token, gender, number, case, reason)
            if rows:
                declension = rows[0].declension if rows[0].declension != "-" else declension
                cases = {r.case for r in rows}
                if case is None and len(cases) == 1 and "-" not in cases:
                    case = cases.pop()  # "den" is accusative: so is the adjective after it
        if decline_noun:
            declined.append(noun)
        for token in declined:
            self._swap_ending(token, gender, number, case, declension, reason)
        # A relative pronoun has its own case and sets no declension for the phrase.
        for token in self._relative_pronouns(noun):
            if token.i not in self.edits_by_token:
                self._swap_table_word(token, gender, number, None, reason)
        self._swap_predicate(noun, gender, number, reason)

    def _swap_table_word(self, token: Token, gender: str, number: str, case: str | None,
                         reason: str) -> list:
        """Turn a determiner or pronoun of the agreement tables by its row in the number and
        case (its morphology's, else the noun's); the rows that fit, when they agree on one
        counterpart, else none (an ambiguous word is reported)."""
        rows = self._fitting(token, self.tables.words[gender][token.lower_], number, case)
        targets = {_other(r, gender) for r in rows}
        if len(targets) != 1:
            if targets:
                self._record(token, None, f"{reason}: ambiguous ({', '.join(sorted(targets))})")
            return []
        new = targets.pop()
        if new != token.lower_:
            self._record(token, new, reason)
        return rows

    def _fitting(self, token: Token, rows: list, number: str, case: str | None) -> list:
        """The rows in the token's number and case (its morphology, else the noun's)."""
        number = self._morph(token, "Number") or number
        case = self._case(token) or case
        rows = [r for r in rows if r.number == number]
        if case:
            rows = [r for r in rows if r.case in (case, "-")]
        return rows

    def _swap_ending(self, token: Token, gender: str, number: str, case: str | None,
                     declension: str, reason: str) -> None:
        lower = token.lower_
        rows = [r for r in self.tables.endings[gender] if lower.endswith(_own(r, gender))
                and len(lower) > len(_own(r, gender)) and r.declension in (declension, "-")]
        rows = self._fitting(token, rows, number, case)
        if rows:
            longest = max(len(_own(r, gender)) for r in rows)  # -ores before -es
            targets = {lower[: len(lower) - longest] + _other(r, gender) for r in rows
                       if len(_own(r, gender)) == longest}
            if len(targets) == 1:
                new = targets.pop()
                if new != lower:
                    self._record(token, new, reason)
                return
            self._record(token, None, f"{reason}: ambiguous ({', '.join(sorted(targets))})")
            return
        # Only report a word whose morphology says it agrees in gender, in a number whose
        # endings the table gives: an untagged or invariable word (English adjectives, German
        # predicatives), or a German plural (no gender), has nothing to change.
        number = self._morph(token, "Number") or number
        if (self.has_morph and token.morph.get("Gender") == [gender]
                and any(r.number == number for r in self.tables.endings[gender])):
            self._record(token, None, f"{reason}: no {_GENDER_NAME[_FLIP[gender]]} form")

    def _swap_predicate(self, subject: Token, gender: str, number: str, reason: str) -> None:
        """A predicate adjective or participle whose subject the swapped word is, when its
        morphology shows it agrees: "O professor está cansado", "Ele foi eleito"."""
        if not (self.has_dep and self.has_morph):
            return
        role = self.profile.dependency_roles.get(subject.dep_)
        head = subject.head
        if role not in _SUBJECT_ROLES or head is subject or head.i in self.edits_by_token:
            return
        participle = "Part" in head.morph.get("VerbForm")
        copula = any(c.dep_ in _COPULA_DEPS for c in head.children)
        if not (head.pos_ == "ADJ" or (participle and (role == "passive_subject" or copula))):
            return
        if head.morph.get("Gender") == [gender]:
            self._swap_ending(head, gender, number, None, "-", reason)

    # -- pronouns ---------------------------------------------------------------------------
    def _swap_pronoun(self, token: Token) -> None:
        previous = self.edits_by_token.get(token.i)
        if previous is not None and previous.reason.startswith(("title", "no ")):
            return
        gender = next((g for g in _FLIP if token.lower_ in self.tables.pronouns[g]), None)
        if gender is None or not self._wanted(gender):
            return
        # A pronoun form tagged as a noun is a tagging error (en_core_web_sm: "hers" NNS,
        # Number=Plur) unless the profile lists the form as a homograph: ignore the tags.
        trusted = not (self.has_pos and token.pos_ in ("NOUN", "PROPN")
                       and token.lower_ not in self.profile.pronoun_homographs)
        if token.lower_ in self.lex.pronouns:
            readings = third_person_readings(token, self.lex.pronouns, self.profile,
                                             has_pos=self.has_pos and trusted,
                                             has_morph=self.has_morph and trusted)
            if not readings:
                return  # not a third person here ("sein" the verb, formal "Sie", "Ihr kommt")
            groups = {r.group for r in readings}
            if len(groups) > 1:
                self._record(token, None, f"pronoun {token.text}: {' or '.join(sorted(groups))}")
                return
            numbers = {r.number for r in readings}
        else:
            number = self._morph(token, "Number")
            numbers = {number.lower()} if number else set()
        # An earlier agreement edit gave a possessive the ending of its noun: swap that form.
        form = previous.new if previous is not None else token.lower_
        if form is None:
            return
        rows = [r for r in self.tables.pronouns[gender].get(form, [])
                if r.number in numbers or not numbers]
        rows = [r for r in rows if r.type != "clitic" or self._is_clitic(token)]
        if not rows:
            return  # a plural reading ("sie" they) or an article ("o" untagged)
        for ptype in self._pronoun_types(token):
            typed = [r for r in rows if r.type in (ptype, "*")]
            if typed:
                rows = typed
                break
        if all(r.type == "possessive" for r in rows) and self._owned_by_thing(token, gender):
            return  # "dieser Shop ist für seine Schnäppchen bekannt": the shop's
        case = self._case(token)
        if case:
            rows = _narrow(rows, lambda r: r.case in (case, "-"))
        targets = {_other(r, gender) for r in rows}
        reason = f"pronoun {token.lower_} -> {'/'.join(sorted(targets))}"
        if previous is not None:
            reason = f"{previous.reason}; {reason}"
        if len(targets) != 1:
            self._record(token, None, f"{reason}: ambiguous", replace=True)
            return
        self._record(token, targets.pop(), reason, replace=True)
        self._swap_predicate(token, gender, rows[0].number.capitalize(),
                             f"agreement with {token.lower_}")

    def _relative_pronouns(self, noun: Token) -> list[Token]:
        """With morphology: the relative pronouns (PronType=Rel) of the relative clauses on
        ``noun`` that the agreement tables decline ("einen Kunden, der …" → "eine Kundin,
        die …"), each in its own case."""
        if not self.has_morph:
            return []
        genders = set(noun.morph.get("Gender"))
        if any(c.dep_ in ("conj", "cj") for c in noun.children):
            return []  # "meine Frau und ich, die wir …": the relative is the pair's
        return [g for c in noun.children if c.dep_.lower() in _RELATIVE_CLAUSE_DEPS
                for g in c.children if "Rel" in g.morph.get("PronType")
                and g.lower_ in self.tables.all_words and g.morph.get("Number") == ["Sing"]
                and genders and set(g.morph.get("Gender")) == genders]

    def _finite_or_infinitive(self, token: Token) -> bool:
        """A verb that is no participle: the head of a relative clause on the noun (UD
        ``acl``: "einen Kunden, der … lassen will"), which agrees with nothing."""
        return self.has_morph and token.pos_ in ("VERB", "AUX") and bool(
            set(token.morph.get("VerbForm")) & {"Fin", "Inf"})

    def _owned_by_thing(self, token: Token, gender: str) -> bool:
        """With a parse and morphology: whether the possessive at ``token`` follows the
        subject of its clause, a singular noun naming no person in a gender the possessive
        stands for (masculine and neuter for German "sein", feminine for "ihr"), or an
        indefinite pronoun (profile ``indefinite_subjects``), which owns it: "dieser Shop ist
        für seine Schnäppchen bekannt", "daß man seine Rechte einklagen kann"."""
        if not (self.has_dep and self.has_morph):
            return False
        roles = self.profile.dependency_roles
        head, subject = token.head, None
        while subject is None:
            # the nearest head with a subject before the possessive: its clause's (a
            # copula's subject hangs on the predicate: "Shop ist … bekannt")
            subject = next((c for c in head.children if c.i < token.i
                            and roles.get(c.dep_) == "subject"), None)
            if head.head.i == head.i or (head.pos_ in ("VERB", "AUX")
                                         and "Inf" not in head.morph.get("VerbForm")):
                break  # (an infinitive's subject is its governor's: "Wer sich zutraut, sein
                # Geld anzulegen")
            head = head.head
        if subject is not None and subject.lower_ in self.profile.indefinite_subjects:
            return True  # "daß man seine Rechte einklagen kann": anyone's
        if subject is None or subject.pos_ != "NOUN" or "Plur" in subject.morph.get("Number") \
                or self.lex.persons.lookup(subject.text, subject.lemma_ or None) is not None:
            return False
        genders = set(subject.morph.get("Gender"))
        return bool(genders) and genders <= (
            _POSSESSOR_GENDERS.get(gender, {gender}))

    def _is_clitic(self, token: Token) -> bool:
        """An object clitic (o, a, lo) rather than the article: tagged as a personal pronoun."""
        return (self.has_pos and token.pos_ == "PRON"
                and (not self.has_morph or "Prs" in token.morph.get("PronType")))

    def _pronoun_types(self, token: Token) -> tuple[str, ...]:
        """The pronoun's type (personal, possessive before its noun, independent possessive,
        reflexive), or the types it may have in order of preference. Without morphology a
        pronoun followed by a word is a possessive determiner ("her book") and one at the end
        of a clause an independent possessive or a personal pronoun ("is his", "saw her"):
        "I saw her yesterday" needs a tagged pipeline."""
        morph = token.morph
        following = self.doc[token.i + 1] if token.i + 1 < len(self.doc) else None
        next_is_word = following is not None and following.is_alpha
        if not self.has_morph:
            return ("possessive",) if next_is_word else ("independent", "personal")
        if "Yes" in morph.get("Reflex"):
            return ("reflexive",)
        if "Yes" not in morph.get("Poss"):
            return ("personal",)
        if self.has_dep:
            head = token.head
            # A head that is itself a pronoun form is a misparse ("is his, not hers").
            before_noun = (head is not token and head.i > token.i
                           and head.pos_ not in ("VERB", "AUX")
                           and head.lower_ not in self.lex.pronouns)
        else:
            before_noun = next_is_word
        return ("possessive",) if before_noun else ("independent",)
