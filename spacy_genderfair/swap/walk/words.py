"""The profile's word pairs as the clause walk looks them up, built once per lexicon."""

from functools import lru_cache
from types import SimpleNamespace

from ...lexicon import Lexicon


@lru_cache(maxsize=16)
def swap_words(lexicon: Lexicon) -> SimpleNamespace:
    """The profile's spouse, pronoun and numeral pairs as the swapper looks them up, built
    once per lexicon."""
    profile = lexicon.profile
    pairs = profile.pronoun_pairs
    counterparts = {
        "Masc": {m: f for m, f in pairs},
        "Fem": {f: m for m, f in reversed(pairs)},  # the first listed form wins
    }
    return SimpleNamespace(
        spouses={a: b for pair in profile.spouse_pairs for a, b in (pair, pair[::-1])},
        pronoun_counterparts=counterparts,
        pronoun_gender={word: gender for gender, forms in counterparts.items()
                        for word in forms},
        numerals=frozenset(word for row in profile.numeral_pairs for word in row[:2]),
    )
