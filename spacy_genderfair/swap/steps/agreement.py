"""The words that agree with a swapped person noun in the steps of the swap (step 3 of
the package): its determiners and adjectives, found by the parse or, without one, as the
table words before it; their new forms from the agreement table (a determiner by its row, an
adjective by its ending in the declension its determiner gives); the relative pronouns of its
relative clauses; and a predicate adjective or participle whose subject it is. Also what the
determiners tell of the noun's own number and case.
"""

from spacy.tokens import Token

from ...morph import LEXICON_GENDER, OTHER_GENDER
from .doc import DocSwap
from .graph import MODIFIER, PREDICATE_COMPLEMENT, RELATIVE_PRONOUN, SUBJECT_PREDICATE
from .tables import _other, _own


class AgreementSwapper:
    """Swaps the words agreeing with a noun of one :class:`.doc.DocSwap`."""

    def __init__(self, swap: DocSwap) -> None:
        self.swap = swap
        (self.doc, self.lex, self.profile, self.tables, self.has_pos, self.has_morph,
         self.has_dep, self.has_ents, self.edits_by_token) = swap.shared

    def agreeing(self, noun: Token) -> list[Token]:
        """The determiners and adjectives of ``noun``: its dependents with an agreement label
        (and adjectives conjoined to them), else the table words and adjectives right before
        it."""
        doc = self.doc
        if self.has_dep:
            # the noun's modifiers in the agreement graph, and a table word with a gender
            # under another label (a preposition-article contraction, "do")
            found = {edge.target for edge in self.swap.graph.edges_of(noun.i, MODIFIER)}
            found.update(c.i for c in noun.children if self._gendered_table_word(c))
            return [doc[i] for i in sorted(found)]
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
                  and any(other.lower_.endswith(_own(r, g)) for g in OTHER_GENDER
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

    def swap_agreement(self, noun: Token, gender: str, number: str, case: str | None,
                        lemma: str, decline_noun: bool = False) -> None:
        reason = f"agreement with {lemma}"
        agreeing = [t for t in self.agreeing(noun) if t.i not in self.edits_by_token]
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
                if self.swap.inflection is not None:
                    self._swap_ending(token, gender, number, None, "-", reason)
                    self.swap_predicate(token, gender, number, reason)
                else:
                    self._swap_table_word(token, gender, number, None, reason)
        self.swap_predicate(noun, gender, number, reason)

    def _swap_table_word(self, token: Token, gender: str, number: str, case: str | None,
                         reason: str) -> list:
        """Turn a determiner or pronoun of the agreement tables by its row in the number and
        case (its morphology's, else the noun's); the rows that fit, when they agree on one
        counterpart, else none (an ambiguous word is reported)."""
        rows = self._fitting(token, self.tables.words[gender][token.lower_], number, case)
        targets = {_other(r, gender) for r in rows}
        if len(targets) != 1:
            if targets:
                self.swap.record(token, None, f"{reason}: ambiguous ({', '.join(sorted(targets))})")
            return []
        new = targets.pop()
        if new != token.lower_:
            self.swap.record(token, new, reason)
        return rows

    def _fitting(self, token: Token, rows: list, number: str, case: str | None) -> list:
        """The rows in the token's number and case (its morphology, else the noun's)."""
        number = self.swap.morph(token, "Number") or number
        case = self.swap.case(token) or case
        rows = [r for r in rows if r.number == number]
        if case:
            rows = [r for r in rows if r.case in (case, "-")]
        return rows

    def _swap_ending(self, token: Token, gender: str, number: str, case: str | None,
                     declension: str, reason: str) -> None:
        lower = token.lower_
        if self.swap.inflection is not None:
            new = self.swap.inflection.agreeing_form(token, gender)
            if new != lower:
                self.swap.record(token, new, reason if new else
                                 f"{reason}: no {LEXICON_GENDER[OTHER_GENDER[gender]]} form")
            return
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
                    self.swap.record(token, new, reason)
                return
            self.swap.record(token, None, f"{reason}: ambiguous ({', '.join(sorted(targets))})")
            return
        # Only report a word whose morphology says it agrees in gender, in a number whose
        # endings the table gives: an untagged or invariable word (English adjectives, German
        # predicatives), or a German plural (no gender), has nothing to change.
        number = self.swap.morph(token, "Number") or number
        if (self.has_morph and token.morph.get("Gender") == [gender]
                and any(r.number == number for r in self.tables.endings[gender])):
            other = LEXICON_GENDER[OTHER_GENDER[gender]]
            self.swap.record(token, None, f"{reason}: no {other} form")

    def swap_predicate(self, subject: Token, gender: str, number: str, reason: str) -> None:
        """A predicate adjective or participle whose subject the swapped word is, when its
        morphology shows it agrees: "O professor está cansado", "Ele foi eleito"."""
        if not (self.has_dep and self.has_morph):
            return
        graph = self.swap.graph
        passive = self.profile.dependency_roles.get(subject.dep_) == "passive_subject"
        # what the subject's edges in the agreement graph predicate of it: an adjective or a
        # participle complement, and the participle that is a passive subject's verb
        # ("foi eleito"; a perfect's participle does not agree: "tinha chegado")
        predicates = [self.doc[e.target] for e in graph.edges_of(subject.i, PREDICATE_COMPLEMENT)]
        verbs = [self.doc[e.target] for e in graph.edges_of(subject.i, SUBJECT_PREDICATE)]
        if self.swap.inflection is not None:
            # every predicate the analyser reads in the subject's gender agrees: a past-tense
            # verb and its copula ("лікарка прийшла", "була"), an adjective, a participle, a
            # numeral ("була однією із"); a present-tense verb has no gender
            for head in predicates + verbs:
                if head.i not in self.edits_by_token \
                        and self.swap.inflection.agreeing_reading(head, gender) is not None:
                    self._swap_ending(head, gender, number, None, "-", reason)
            return
        if passive:
            predicates += verbs
        for head in predicates:
            participle = "Part" in head.morph.get("VerbForm")
            if head.i not in self.edits_by_token and (head.pos_ == "ADJ" or participle) \
                    and head.morph.get("Gender") == [gender]:
                self._swap_ending(head, gender, number, None, "-", reason)

    def _relative_pronouns(self, noun: Token) -> list[Token]:
        """With morphology: the relative pronouns (PronType=Rel) of the relative clauses on
        ``noun`` that the agreement tables decline ("einen Kunden, der …" → "eine Kundin,
        die …"), each in its own case."""
        if not self.has_morph:
            return []
        genders = set(noun.morph.get("Gender"))
        if not self.has_dep or any(c.dep_ in ("conj", "cj") for c in noun.children):
            return []  # "meine Frau und ich, die wir …": the relative is the pair's
        relatives = (self.doc[e.target] for e in self.swap.graph.edges_of(noun.i,
                                                                          RELATIVE_PRONOUN))
        return [g for g in relatives if "Rel" in g.morph.get("PronType")
                and (self.swap.inflection is not None or g.lower_ in self.tables.all_words)
                and g.morph.get("Number") == ["Sing"]
                and genders and set(g.morph.get("Gender")) == genders]


    def determiner_slots(self, noun: Token, gender: str, own: list) -> list:
        """The slots of the noun's form (``own``) its determiners allow, when its form
        reads in both numbers ("Chefs": des Chefs, die Chefs): a table word with no row of
        the noun's gender is a plural one no gender changes ("die Chefs"); ``own`` when
        nothing narrows it."""
        for token in self.agreeing(noun):
            if token.lower_ in self.tables.all_words \
                    and token.lower_ not in self.tables.words[gender]:
                own = [s for s in own if s[0] == "Plur"] or own
        return own

    def determiner_cases(self, noun: Token, gender: str, number: str) -> list:
        """The cases the noun's determiners allow when nothing else tells ("die Lehrerin":
        nominative or accusative, so "Lehrer", not the genitive "Lehrers")."""
        cases = set(self.tables.cases)
        agreeing = self.agreeing(noun)
        for token in agreeing:
            rows = self.tables.words[gender].get(token.lower_, [])
            allowed = {r.case for r in rows if r.number == number}
            if allowed and "-" not in allowed:
                cases &= allowed
        if not agreeing and len(cases) > 1:
            cases.discard("gen")  # a bare noun is no genitive ("ist Ärztin" → "ist Arzt")
        return sorted(cases) or self.tables.cases

    def ambiguous_determiner(self, noun: Token, gender: str, number: str,
                              case: str | None) -> bool:
        """Whether a table word agreeing with ``noun`` has several forms for the other
        gender in the cases left open."""
        for token in self.agreeing(noun):
            rows = self.tables.words[gender].get(token.lower_)
            if rows and len({_other(r, gender)
                             for r in self._fitting(token, rows, number, case)}) > 1:
                return True
        return False
