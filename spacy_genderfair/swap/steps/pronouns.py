"""Third-person singular pronouns in the steps of the swap (step 4 of the package): the
counterpart from ``pronoun_swaps.tsv``, the reading chosen by the token's morphology and parse
(personal, possessive before its noun, independent possessive, reflexive, object clitic); a
pronoun whose reading may be plural or formal is not swapped, nor a possessive that its
clause's subject, a thing or an indefinite pronoun, owns.
"""

from spacy.tokens import Token

from ...lexicon.pronouns import third_person_readings
from ...morph import OTHER_GENDER
from ..rules import rule
from .agreement import AgreementSwapper
from .doc import DocSwap
from .tables import _narrow, _other

# The genders of a possessor a masculine or feminine possessive stands for (German "sein":
# his or its, of a masculine or a neuter noun).
_POSSESSOR_GENDERS = {"Masc": {"Masc", "Neut"}, "Fem": {"Fem"}}


class PronounSwapper:
    """Swaps the pronouns of one :class:`.doc.DocSwap` (after its nouns: a possessive
    may have taken its noun's ending), and through ``agreement`` a predicate agreeing with
    one."""

    def __init__(self, swap: DocSwap, agreement: AgreementSwapper) -> None:
        self.agreement = agreement
        self.swap = swap
        (self.doc, self.lex, self.profile, self.tables, self.has_pos, self.has_morph,
         self.has_dep, self.has_ents, self.edits_by_token) = swap.shared

    def swap_pronoun(self, token: Token) -> None:
        previous = self.edits_by_token.get(token.i)
        if previous is not None and previous.reason.startswith(("title", "no ")):
            return
        gender = next((g for g in OTHER_GENDER if token.lower_ in self.tables.pronouns[g]), None)
        if gender is None or not self.swap.wanted(gender):
            return
        if self._neuter(token):
            return  # "його назвали срібним": the pipeline reads "it"
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
                self.swap.record(token, None,
                                 f"pronoun {token.text}: {' or '.join(sorted(groups))}")
                return
            numbers = {r.number for r in readings}
        else:
            number = self.swap.morph(token, "Number")
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
        if self.profile.pronouns_of_things and self._stands_for_thing(token, gender):
            return  # "Покупка була задекларована …, вона була вказана": the purchase's
        case = self.swap.case(token)
        if case:
            rows = _narrow(rows, lambda r: r.case in (case, "-"))
        targets = {_other(r, gender) for r in rows}
        reason = f"pronoun {token.lower_} -> {'/'.join(sorted(targets))}"
        if previous is not None:
            reason = f"{previous.reason}; {reason}"
        if len(targets) != 1:
            self.swap.record(token, None, f"{reason}: ambiguous", replace=True)
            return
        self.swap.record(token, targets.pop(), reason, replace=True)
        self.agreement.swap_predicate(token, gender, rows[0].number.capitalize(),
                             f"agreement with {token.lower_}")

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

    @rule("neuter-pronoun")
    def _neuter(self, token: Token) -> bool:
        """Whether the morphology reads a personal pronoun as a neuter's ("його назвали
        срібним": it), which stands for no person."""
        return self.has_morph and "Yes" not in token.morph.get("Poss") \
            and token.morph.get("Gender") == ["Neut"]

    @rule("may-stand-for")
    def _stands_for_thing(self, pronoun: Token, gender: str) -> bool:
        """With a parse and morphology: whether the nearest subject before ``pronoun`` that
        it may stand for (singular, of a gender the pronoun has: "його" a masculine's or a
        neuter's, "він" a masculine's) is a thing — a noun the morphology calls inanimate
        and the lexicon knows as no person, an organisation's or a place's entity («Оріана»),
        or a pronoun that stands for such a thing itself. A thing that an earlier pronoun of
        the same gender owns is no antecedent ("Його серце калатало, … його обличчя": the
        owner's)."""
        if not (self.has_dep and self.has_morph):
            return False
        roles = self.profile.dependency_roles
        nominative = "Nom" in pronoun.morph.get("Case") or not pronoun.morph.get("Case")
        genders = {gender} if nominative else _POSSESSOR_GENDERS.get(gender, {gender})
        for subject in reversed(self.doc[:pronoun.i]):
            if roles.get(subject.dep_) not in ("subject", "passive_subject") \
                    or subject.pos_ not in ("NOUN", "PROPN", "PRON") \
                    or "Plur" in subject.morph.get("Number") \
                    or not genders & set(subject.morph.get("Gender")):
                continue
            if subject.ent_type_ and subject.ent_type_ not in self.profile.person_labels:
                return True  # "«Оріана» підписала угоду, і вона": the firm
            if subject.pos_ == "PRON" and subject.lower_ in self.tables.pronouns[gender]:
                return self._stands_for_thing(subject, gender)  # as that pronoun does
            if subject.pos_ != "NOUN" or any(
                    c.lower_ in self.tables.pronouns[gender] for c in subject.children):
                return False  # a name or a pronoun: a person; an owned thing: its owner's
            return "Inan" in subject.morph.get("Animacy") \
                and self.lex.persons.lookup(subject.text, subject.lemma_ or None) is None
        return False

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
