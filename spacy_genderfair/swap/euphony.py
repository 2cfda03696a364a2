"""Particles whose form follows the last letter of the word before them (Ukrainian "уже" after
a consonant, "вже" after a vowel; the emphatic "же"/"ж"): after a swapped word, they take the
form its new last letter asks for ("він уже" → "вона вже", "Цей же" → "Ця ж"). The pairs are
rows of the profile's ``swap_exceptions.tsv``; both engines ask this after their edits."""

from spacy.tokens import Token

from ..lang import LanguageProfile


def euphonic_particles(profile: LanguageProfile) -> dict[str, tuple[str, str]]:
    """Each form of a euphonic or emphatic particle -> its (after a consonant, after a
    vowel) forms (a handful: built when a Doc has edits)."""
    return {form: pair for pair in (*profile.emphatic_particles, *profile.euphonic_particles)
            for form in pair}


def euphony_edits(tokens: list[Token], new_words: dict[int, str], profile: LanguageProfile
                  ) -> list[tuple[int, str]]:
    """(token index, new form) of each particle right after a swapped word (``new_words``:
    token index -> its new word) whose form the new last letter changes."""
    particles = euphonic_particles(profile)
    found = []
    for i, new in new_words.items():
        following = i + 1
        if following >= len(tokens) or not tokens[i].whitespace_ or following in new_words:
            continue
        pair = particles.get(tokens[following].lower_)
        if pair is not None:
            form = pair[1] if new[-1:].lower() in profile.vowels else pair[0]
            if form != tokens[following].lower_:
                found.append((following, form))
    return found
