"""Third-person pronouns and their pronoun group, disambiguated by morphology."""

from dataclasses import dataclass

from ..extensions import HE, SHE


@dataclass(frozen=True)
class PronounReading:
    group: str  # she/her | he/him | they/them
    type: str  # personal | possessive | reflexive
    case: str
    number: str  # sing | plur


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
