"""Third-person pronouns and their pronoun group, disambiguated by morphology."""

from dataclasses import dataclass

from spacy.tokens import Token

from ..extensions import HE, SHE
from ..tokens import first, one_gender, sentence_initial


@dataclass(frozen=True)
class PronounReading:
    group: str  # she/her | he/him | they/them
    type: str  # personal | possessive | reflexive
    case: str
    number: str  # sing | plur


# An apostrophe split off as its own token ("' em", "‘ em", "` em")
_ELISION_MARKS = frozenset("'‘’`ʼ")
# Which readings a UD Gender value is compatible with: a feminine plural ("elas") is still
# a they/them reading, but a feminine form is never he/him.
_INCOMPATIBLE_GROUP = {"Fem": HE, "Masc": SHE}


class PronounTable:
    """Pronoun forms of one language.

    rows (Iterable[PronounRow]): the profile's ``pronouns.tsv`` rows.
    """

    def __init__(self, rows) -> None:
        by_form: dict[str, list[PronounReading]] = {}
        for row in rows:
            by_form.setdefault(row.form, []).append(
                PronounReading(row.group, row.type, row.case, row.number)
            )
        self._by_form = {form: tuple(readings) for form, readings in by_form.items()}

    def __contains__(self, form: str) -> bool:
        return form in self._by_form

    def forms(self):
        return self._by_form.keys()

    def readings(self, form: str) -> tuple[PronounReading, ...]:
        return self._by_form.get(form, ())

    def resolve(
        self,
        readings: tuple[PronounReading, ...],
        number: str | None = None,
        gender: str | None = None,
    ) -> tuple[PronounReading, ...]:
        """Keep the readings compatible with the token's morphology.

        number (str | None): UD Number ("Sing"/"Plur") from the pipeline or analyser.
        gender (str | None): UD Gender ("Fem"/"Masc"/...).
        RETURNS (tuple): the compatible readings. One group among them = resolved; several =
            ambiguous (e.g. German "sie" without morphology); none = morphology rules all out.
        """
        candidates = readings
        if number in ("Sing", "Plur"):
            wanted = number.lower()
            candidates = tuple(r for r in candidates if r.number == wanted)
        if gender in _INCOMPATIBLE_GROUP:
            excluded = _INCOMPATIBLE_GROUP[gender]
            candidates = tuple(r for r in candidates if r.group != excluded)
        return candidates


def third_person_readings(
    token: Token, table: PronounTable, profile, *, has_pos: bool, has_morph: bool
) -> tuple[PronounReading, ...] | None:
    """The third-person readings of a token, narrowed by its tags and morphology.

    table (PronounTable): the language's pronouns.
    profile (LanguageProfile): for ``pronoun_homographs`` and formal capitalised pronouns.
    has_pos, has_morph (bool): whether the doc has POS tags / morphology (checked once per doc
        by the caller: ``doc.has_annotation`` scans the whole doc).
    RETURNS: None when the token is not a third-person pronoun here; otherwise the compatible
        readings (one group: resolved; several: ambiguous, e.g. German "sie" untagged).
    """
    lower = token.lower_
    readings = table.readings(lower)
    if readings and token.i > 0 and token.doc[token.i - 1].text in _ELISION_MARKS:
        # "carry ' em", "‘ em": a tokenizer that splits the apostrophe off leaves the elided
        # pronoun of the table ("'em", them), not the neopronoun "em" it then spells
        readings = table.readings("'" + lower) or readings
    if not readings:
        return None
    if has_pos:
        if token.pos_ not in ("PRON", "DET"):
            return None  # "sein" the verb
        if token.pos_ == "DET":
            # A determiner may be a possessive ("sein", "sua"), never a personal pronoun:
            # Portuguese "o", "a" are articles there, the clitics are PRON.
            readings = tuple(r for r in readings if r.type == "possessive")
            if not readings:
                return None
    elif lower in profile.pronoun_homographs:
        return None
    if (profile.capitalized_pronoun_is_formal and token.text[:1].isupper()
            and not sentence_initial(token)):
        return None  # "Sie"/"Ihnen" mid-sentence: formal address, not a third person
    number = gender = None
    if has_morph:
        morph = token.morph
        person = morph.get("Person")
        if person and "3" not in person:
            return None  # German "ihr" as second person plural
        pron_type = morph.get("PronType")
        if pron_type and "Prs" not in pron_type:
            return None  # an article or demonstrative: Portuguese "o" in "o que disse"
        # A possessive agrees with the possessed noun; UD keeps the possessor's features
        # apart ("seinen Geräten": Number=Plur, Number[psor]=Sing, Gender[psor]=Masc,Neut).
        # Without them ("ihren Beruf": Gender=Masc; Ukrainian "його"), the plain features
        # describe the possessed noun, so only the form itself tells the possessor.
        has_psor = bool(morph.get("Number[psor]") or morph.get("Gender[psor]"))
        if has_psor:
            number = first(morph.get("Number[psor]"))
            gender = one_gender(morph.get("Gender[psor]"))
        elif "Yes" not in morph.get("Poss") and token.pos_ != "DET":
            # A determiner's plain features are its noun's too ("sua casa": Gender=Fem).
            number = first(morph.get("Number"))
            gender = one_gender(morph.get("Gender"))
    return table.resolve(readings, number, gender)
