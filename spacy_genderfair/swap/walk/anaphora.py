"""Pronouns and the words standing for a person: personal pronouns, the emphatic
"сам", demonstratives and clause-initial adjectives.

"він прийшов" → "вона прийшла" (the pronoun and its verb), "його самого" → "її саму",
"щоб та принесла" → "щоб той приніс" (a demonstrative standing for a swapped person),
"Останній є директором" → "Остання є директоркою" (an adjective as the subject).
"""

from spacy.tokens import Token

from ...morph import OTHER_GENDER, Reading
from ...tokens import is_word
from ..grammar.government import CASE_ORDER
from ..rules import rule
from .plurals import _STANDALONE_WIDTH

# Punctuation a clause opens after, and that a sentence opens after.
_CLAUSE_OPENERS = frozenset({",", ":", ";", "—", "–", "-", ".", "!", "?", "…", "«", "\"", "("})
_SENTENCE_OPENERS = frozenset({".", "!", "?", "…", "—", "–", "«", "\""})
# What a quote's attribution opens after: "«Так», — відповіла вона", "«Ні, — сказав він, —".
_ATTRIBUTION_OPENERS = frozenset({"—", "–", ","})


class PronounSwap:
    """The pronouns and anaphors of the swap ``swap``."""

    def __init__(self, swap) -> None:
        # the swap (engine._MorphSwapper, which imports this part) holds what the parts
        # share: its record, names, direction; the reader's tokens and basic questions are
        # asked in every rule, so they are kept at hand
        self.swap = swap
        self.tokens, self.lex, self.clauses = swap.tokens, swap.lex, swap.clauses
        self._readings, self._agreeing_reading = swap._readings, swap._agreeing_reading

    def _genderless_verb(self, k: int) -> bool:
        """Whether the word at ``k`` reads only as a third-person singular verb of no
        gender ("коли той не дивиться"): its subject shows its gender itself."""
        readings = self._readings(self.tokens[k])
        return all(r.pos == "VERB" and r.gender is None for r in readings) and any(
            r.verb_form == "Fin" and r.person == "3" and r.number == "Sing" for r in readings)

    def _swap_demonstrative_subjects(self) -> None:
        """A demonstrative after a conjunction ("щоб та", "але та", "коли той"), the
        subject of the verb after it (of any tense: "коли той не дивиться"), stands for the
        nearest noun of its gender before it: it turns with its verbs when that noun is a
        swapped person ("гукнути служницю, щоб та принесла …, розчесала" → "гукнути
        служника, щоб той приніс …, розчесав"), not for a thing or a person who stays
        ("присісти на лавку, але та обпекла її"). One right before a verb that turned for
        another reason, adverbs between ("а той і справді знав"), turns with it."""
        swap = self.swap
        swapped = bool(swap.person_nouns) or any(m.swapped for m in swap.name_starts.values())
        for j, token in enumerate(self.tokens if swapped else ()):
            subject = None if j in swap.edits_by_token \
                else swap.agreement.subjects._demonstrative_subject(j)
            k = swap._past_adverbials(j + 1)
            while subject is not None and k < len(self.tokens) \
                    and swap.agreement.coordination._object_before_verb(k):
                k = swap._past_adverbials(k + 1)  # "і той її одразу прочитав": its object
            if subject is None or k >= len(self.tokens):
                continue
            verb = self._agreeing_reading(self.tokens[k], ("VERB",), subject.gender, None)
            antecedent = self._antecedent_before(j, subject.gender)
            if (verb is None and not self._genderless_verb(k)) or antecedent is None \
                    or not self._swapped_person_at(antecedent):
                continue
            new = swap.analyzer.inflect(token.lower_, subject,
                                        gender=OTHER_GENDER[subject.gender])
            reason = f"agreement with {self.tokens[antecedent].text}"
            swap._record(j, token.text, new, reason)
            if new and verb is not None:
                coordination = swap.agreement.coordination
                for other, reading in ((self.tokens[k], verb),
                                       *swap.predicates._predicate(k + 1, subject.gender),
                                       *coordination._coordinated_verbs(k + 1, subject.gender)):
                    swap._record_agreeing(other, reading, subject.gender, reason)
        for i in sorted(swap.edits_by_token):
            j = i - 1
            while j > 1 and self.clauses._is_adverbial(self.tokens[j]):
                j -= 1  # ("а той і справді знав")
            if swap.edits_by_token[i].new is None or j < 1 or j in swap.edits_by_token \
                    or not any(r.pos in ("CCONJ", "SCONJ")
                               for r in self._readings(self.tokens[j - 1])) \
                    or any(r.pos == "VERB" for r in self._readings(self.tokens[j - 1])):
                continue  # (after a verb, "та" is the conjunction: "приходила та працювала")
            verb = next((r for r in self._readings(self.tokens[i])
                         if r.pos == "VERB" and r.gender in OTHER_GENDER), None)
            subject = next((r for r in self._readings(self.tokens[j])
                            if r.pos == "PRON" and r.case == "Nom"
                            and verb is not None and r.gender == verb.gender), None)
            if subject is not None:
                new = swap.analyzer.inflect(self.tokens[j].lower_, subject,
                                            gender=OTHER_GENDER[subject.gender])
                swap._record(j, self.tokens[j].text, new,
                             f"agreement with {self.tokens[i].text}")

    @rule("antecedent-before")
    def _antecedent_before(self, j: int, gender: str) -> int | None:
        """The nearest word before token ``j`` that is a singular noun or name of
        ``gender`` (a person's or a thing's, any case): what a demonstrative stands for.
        None past a name whose gender is not known ("нагородив Смольку …, але той": the
        surname may be his)."""
        swap = self.swap
        for k in range(j - 1, -1, -1):
            mention = next((m for m in swap.name_starts.values() if m.start <= k < m.end),
                           None)
            if mention is not None:
                return k if mention.gender == gender else None
            if k in swap.person_nouns:
                return k if swap.person_nouns[k][0] == gender else None
            token = self.tokens[k]
            if token.text[:1].isupper() and k > 0 and is_word(token) \
                    and not self.clauses._ends_sentence(k - 1):
                return None
            if swap.pronoun_gender.get(token.lower_) == gender \
                    and swap.agreement.subjects._nominative_pronoun(k):
                return None  # "він так виспівував, якщо той не з'явився": the demonstrative
                # is someone other than that subject, whom the words before may not name
            if any(r.pos in ("NOUN", "PROPN") and r.gender == gender and r.number != "Plur"
                   for r in self._readings(token)):
                return k
        return None

    def _swapped_person_at(self, k: int) -> bool:
        """Whether token ``k`` is a swapped person noun or in a swapped name."""
        swap = self.swap
        return k in swap.person_nouns or any(
            m.start <= k < m.end and m.swapped for m in swap.name_starts.values())

    @rule("standalone-subject")
    def _standalone_subject(self, token: Token) -> Reading | None:
        """A clause-initial adjective or numeral that is the subject itself, standing for a
        person named before: "Останній є директором", "Один із них очолював", "Останній в
        2003-2006 роках працював" (a verb later in the clause, and no noun on the way that it
        could modify). A noun's possessive ("клієнтів") is the noun."""
        i, doc = token.i, self.tokens
        if (i > 0 and not self.clauses._ends_clause(i - 1)) or i + 1 >= len(doc) \
                or token.lower_ in self.lex.pronouns:
            return None
        reading = self._agreeing_reading(token, ("ADJ", "NUM"), None, "Nom")
        if reading is None or any(r.pos == "NOUN" for r in self._readings(token)):
            return None
        after = self.swap._past_adverbials(i + 1)  # "Останній також є партнером"
        if after >= len(doc):
            return None
        following = doc[after]
        if following.lower_ in self.lex.profile.preposition_cases and after + 1 < len(doc) \
                and self._of_things(doc[after + 1]):
            return None  # "Один із каменів поцілив": one of the stones
        if following.lower_ in self.lex.profile.standalone_followers or any(
                r.pos == "VERB" for r in self._readings(following)):
            return reading
        for k in range(i + 1, min(i + 1 + _STANDALONE_WIDTH, len(doc))):
            if self.clauses._ends_clause(k) or self.clauses._modifies(reading, doc[k]):
                return None
            if self._agreeing_reading(doc[k], ("VERB",), reading.gender, None) is not None:
                return reading
        return None

    @rule("of-things")
    def _of_things(self, token: Token) -> bool:
        """Whether every noun reading of ``token`` is a plural that is no person
        ("каменів")."""
        nouns = [r for r in self._readings(token) if r.pos == "NOUN"]
        thing = self.swap.exclusions._thing
        return bool(nouns) and all(r.number == "Plur" and thing(r) for r in nouns)

    def _swap_anaphor(self, token: Token, reading: Reading) -> None:
        swap = self.swap
        if token.i in swap.edits_by_token:
            return
        new = swap.analyzer.inflect(token.lower_, reading, gender=OTHER_GENDER[reading.gender])
        reason = "agreement with the person it stands for"
        swap._record(token.i, token.text, new, reason if new else f"{reason}: no form")
        if new:
            swap._swap_agreement(token.i, token.i + 1, "Nom", reading.gender, reason,
                                 modifiers=False)

    @rule("speaker")
    def _speaker(self, token: Token) -> bool:
        """Whether the pronoun at ``token`` is the nominative subject of a reporting verb
        (profile ``reporting_verbs``) right after it, adverbs between: someone who speaks is
        a person, swapped with the persons even where none of its gender is ("Вона сказала
        лікареві, що …"); not where an organisation or a thing of its gender that is a
        verb's subject comes before it, which reports too ("Компанія оголосила тендер. Вона
        повідомила")."""
        swap = self.swap
        if not swap.agreement.subjects._nominative_pronoun(token.i):
            return False
        k = swap._past_adverbials(token.i + 1)
        reporting = self.lex.profile.reporting_verbs
        if (k >= len(self.tokens) or self.tokens[k].lower_ not in reporting) \
                and not self._reported_before(token.i):
            return False
        if any(i < token.i and label in self.lex.profile.organisation_labels
               for i, label in swap.entity_label.items()):
            return False
        gender = swap.pronoun_gender[token.lower_]
        return not any(thing < token.i and of == gender
                       for thing, of in swap.binding._thing_subjects([token]))

    def _reported_before(self, i: int) -> bool:
        """Whether a reporting verb stands right before the pronoun at ``i`` and after a
        dash or a comma, the order of a quote's attribution ("«Не поспішайте, — сказав він,
        — …»", "«Так», — відповіла вона")."""
        k = i - 1
        while k > 0 and self.clauses._is_adverbial(self.tokens[k]):
            k -= 1
        return k > 0 and self.tokens[k].lower_ in self.lex.profile.reporting_verbs \
            and self.tokens[k - 1].text in _ATTRIBUTION_OPENERS

    def _swap_pronoun(self, token: Token) -> None:
        swap = self.swap
        for gender, counterparts in swap.pronoun_counterparts.items():
            new = counterparts.get(token.lower_)
            if new is None or not swap._wanted(gender):
                continue
            swap._record(token.i, token.text, new, "pronoun")
            readings = self.lex.pronouns.readings(token.lower_)
            self._swap_emphatic(token, {r.case.capitalize() for r in readings}, gender)
            if any(r.case == "nom" for r in readings):
                swap._swap_agreement(token.i, token.i + 1, "Nom", gender,
                                     f"agreement with {token.text}", modifiers=False)
                for other, reading in self._predicates_before(token.i, gender):
                    swap._record_agreeing(other, reading, gender, f"agreement with {token.text}")
            elif any(r.case == "acc" for r in readings):
                # "визнав його винним" → "визнав її винною"
                for other, reading in swap.predicates._object_predicate(
                        token.i, token.i + 1, gender, tail=False):
                    swap._record_agreeing(other, reading, gender, f"agreement with {token.text}")
            return

    def _swap_speakers(self) -> None:
        """Turn the words agreeing with each speaker's or addressee's pronoun
        (``_speaker_gender``); the pronoun stays."""
        swap = self.swap
        for token in self.tokens:
            gender = self._speaker_gender(token)
            if gender is None:
                continue
            reason = f"agreement with {token.text}"
            swap.speaker_genders.add(gender)
            swap._swap_agreement(token.i, token.i + 1, "Nom", gender, reason, modifiers=False)
            for other, reading in self._predicates_before(token.i, gender):
                swap._record_agreeing(other, reading, gender, reason)

    @rule("speaker-agreement")
    def _speaker_gender(self, token: Token) -> str | None:
        """The gender a first- or second-person singular subject (я, ти: the profile's
        ``speaker_pronouns``) shows, where the swap turns it: the pronoun has no gender of its
        own, but the past tenses that agree with it show the speaker's or the addressee's,
        a person's; under ``invert`` (every person turns) those words turn ("І так я став
        священиком" → "І так я стала священицею"; «Я прийшла», — сказала мати → «Я
        прийшов», — сказав батько). None where no past tense shows one gender."""
        swap = self.swap
        if not swap.every_person or token.lower_ not in self.lex.profile.speaker_pronouns \
                or token.i in swap.edits_by_token:
            return None
        genders = [gender for gender in ("Masc", "Fem") if any(
            reading.pos == "VERB" for _, reading in swap.agreement._agreeing(
                token.i, token.i + 1, "Nom", gender, modifiers=False))]
        return genders[0] if len(genders) == 1 and swap._wanted(genders[0]) else None

    def _predicates_before(self, i: int, gender: str) -> list[tuple[Token, Reading]]:
        """The adjectives opening the clause of the subject pronoun at ``i``, right before it
        or before a comparison between commas, coordinated: what they say of it agrees
        ("Дурний він!" → "Дурна вона!", "Пряма і напружена, мов струна, вона" → "Прямий і
        напружений, мов струна, він")."""
        swap = self.swap
        doc, k = self.tokens, i - 1
        if k > 0 and doc[k].text == ",":
            opening = next((j for j in range(k - 1, max(k - _STANDALONE_WIDTH, 0), -1)
                            if doc[j].text == ","), None)
            if opening is None or not any(r.pos in ("CCONJ", "PART")
                                          for r in self._readings(doc[opening + 1])):
                return []
            k = opening - 1  # ", мов струна,"
        found = []
        while k >= 0 and k not in swap.edits_by_token:
            readings = self._readings(doc[k])
            match = next((r for r in readings if r.pos == "ADJ" and r.case == "Nom"
                          and r.gender == gender and r.number != "Plur"), None)
            if match is None or any(r.pos in ("VERB", "PRON") for r in readings):
                break
            found.append((doc[k], match))
            k -= 1
            if k > 0 and doc[k].lower_ in swap.conjunctions:
                k -= 1  # "Пряма і напружена"
            else:
                break
        # (opening the sentence, or a clause after its punctuation, in lower case: not a
        # street's name after its abbreviation, "на вул. Лаврська вона купила")
        opens = k < 0 or (doc[k].text in _CLAUSE_OPENERS and (
            doc[k + 1].is_lower or doc[k].text in _SENTENCE_OPENERS))
        return found if found and opens else []

    def _swap_emphatic_before(self, verb: Token, gender: str, reason: str) -> None:
        """The emphatic "сам" (``swap_exceptions.tsv``, emphatic-pronoun) right before a swapped
        subjectless verb, adverbs between, stands for its subject and agrees: "бо сам був
        винен", "у що сам не вірив"."""
        swap = self.swap
        k = verb.i - 1
        while k >= 0 and self.clauses._is_adverbial(self.tokens[k]):
            k -= 1  # "у що сам не вірив"
        if k < 0 or k in swap.edits_by_token:
            return
        match = swap.agreement.subjects._emphatic_of_subject(k, gender)
        if match is not None:
            swap._record_agreeing(self.tokens[k], match, gender, reason)

    def _swap_emphatic(self, token: Token, cases: set[str], gender: str) -> None:
        """The emphatic "сам" (``swap_exceptions.tsv``, emphatic-pronoun) right after a
        swapped pronoun, in its case: "його самого вкинули" → "її саму" (accusative, as the
        verb governs)."""
        swap = self.swap
        following = token.i + 1
        while following < len(self.tokens) and self.clauses._only_adverb(self.tokens[following]):
            following += 1  # "вона тут сама виросла"
        if following >= len(self.tokens):
            return
        matches = {r.case: r for r in self._readings(self.tokens[following])
                   if r.lemma in self.lex.profile.predicate_lemmas and r.gender == gender
                   and r.number == "Sing" and r.case in cases}
        # ungoverned, "його самого" is a noun's dependent ("портрет його самого") or else
        # mostly a fronted object ("його самого вкинули")
        fallback = ("Gen",) if swap.targets._after_common_noun(token.i) else ("Acc",)
        order = (*swap.targets._governed(token.i), *fallback, *CASE_ORDER)
        case = next((c for c in order if c in matches), None)
        if case is not None:
            swap._record_agreeing(self.tokens[following], matches[case], gender,
                                  f"agreement with {token.text}")
