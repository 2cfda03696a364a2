"""The GENEUTRAL word lists, asked without a pipeline's tags.

GENEUTRAL's criteria are word lists (first names, he/she/him/her/his/hers/himself/herself,
gendered nouns with their plurals): a word of a list makes a text gendered whatever a tagger
or an NER says of it. ``gender_lexicon`` marks tokens with the tags' help; these checks are the
floor its verdict never goes below.
"""

from spacy.tokens import Token

from ..extensions import FEMININE, HE, MASCULINE, SHE
from .pronouns import PronounReading, third_person_readings


def listed_pronoun(token: Token, lexicon) -> tuple[PronounReading, ...] | None:
    """The readings of a form that is only ever she/her or only he/him (he, her, himself;
    er): it counts whatever the tagger says of it ("HER" as PROPN, "hers" as NOUN). Forms with
    readings of several groups (German "sie") are left to the tags to resolve.

    lexicon (Lexicon): the language's pronouns and profile.
    RETURNS: the readings, or None for any other token.
    """
    if token.lower_ not in lexicon.pronouns:
        return None
    readings = third_person_readings(token, lexicon.pronouns, lexicon.profile,
                                     has_pos=False, has_morph=False)
    groups = {reading.group for reading in readings or ()}
    return readings if groups in ({SHE}, {HE}) else None


def is_listed_gendered_noun(token: Token, lexicon) -> bool:
    """Whether the token's surface form is a gendered person noun of the lexicon (a lemma,
    or a plural the profile's rules make): "Burger King", "the Sisters of Mercy" and "screw
    missy" are gendered words as much as "the king". Capitalisation is asked for where the
    profile writes nouns capitalised, as it is without tags.

    lexicon (Lexicon): the language's person nouns and profile.
    """
    if lexicon.profile.nouns_capitalized and not token.text[:1].isupper():
        return False
    hit = lexicon.persons.lookup(token.lower_)
    return hit is not None and hit.entry.gender in (MASCULINE, FEMININE)
