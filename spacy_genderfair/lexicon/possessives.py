"""Possessive adjectives of person nouns: "батькова хата" is the father's, "мамина" the mother's.

A language that forms possessive adjectives from nouns (Ukrainian: батько → батьків, мама →
мамин, жінка → жінчин, Андрій → Андріїв) names a person in them as surely as in the noun's
genitive ("хата батька"). The profile's ``possessive_adjectives`` lists the (noun ending,
adjective ending) pairs of the grammar, most specific first; a closed class that forms its
possessive otherwise (мати → материн) is a pair of whole words in the same list.

``possessor`` reads an adjective lemma back to the person noun it is formed from (the first
pair whose noun the lexicon knows as a person noun with a counterpart), ``possessive`` forms
the adjective of a noun. A formed adjective counts only where the analyser knows it as an
adjective: a rule that makes a word nobody writes ("лікарчин") makes no edit.
"""

from functools import lru_cache

from .person_lexicon import PersonEntry


class PossessiveAdjectives:
    """The possessive adjectives of the person nouns of ``persons`` (a ``PersonLexicon``),
    by the profile's ``possessive_adjectives`` pairs, checked by ``analyzer``."""

    def __init__(self, persons, analyzer, pairs) -> None:
        self.persons, self.analyzer, self.pairs = persons, analyzer, tuple(pairs)
        self.possessor = lru_cache(maxsize=50_000)(self._possessor)
        self.possessive = lru_cache(maxsize=10_000)(self._possessive)
        self.of_word = lru_cache(maxsize=200_000)(self._of_word)
        # the adjective endings, to reject most words at once
        self._endings = tuple({adjective for _noun, adjective in self.pairs if adjective})

    def _of_word(self, word: str) -> bool:
        """Whether a reading of ``word`` is the possessive adjective of a person noun."""
        return self.analyzer is not None and any(
            r.pos == "ADJ" and self.possessor(r.lemma) is not None
            for r in self.analyzer.analyze(word))

    def nouns_of(self, lemma: str) -> list[str]:
        """The nouns the possessive adjective ``lemma`` may be formed from, by the pairs
        ("маріїн" → марія; "іліїн" → ілія), whether or not any is known."""
        return [lemma[: len(lemma) - len(adjective)] + noun
                for noun, adjective in self.pairs if adjective and lemma.endswith(adjective)
                and len(lemma) >= len(adjective)]

    def _possessor(self, lemma: str) -> PersonEntry | None:
        """The person noun the possessive adjective ``lemma`` is formed from, with its
        counterparts, or None ("дідів" → дід; "вовків" is an animal's, no person's)."""
        if self.analyzer is None or not lemma.endswith(self._endings):
            return None
        found = []
        for noun in self.nouns_of(lemma):
            if len(noun) < 2 or noun == lemma:
                continue
            entry = self.persons.get(noun) or self.persons.entry_from_morphology(noun)
            if entry is not None and entry.lemma == noun and entry.counterparts \
                    and self.possessive(noun) == lemma:
                found.append(entry)
        # (the shortest noun where two spell it: "дідів" is дід's before the western дідо's)
        return min(found, key=lambda entry: len(entry.lemma), default=None)

    def _possessive(self, noun: str) -> str | None:
        """The possessive adjective of ``noun`` by the first pair its ending fits, where the
        analyser knows it as an adjective of that lemma; else None."""
        for noun_ending, adjective_ending in self.pairs:
            if noun.endswith(noun_ending):
                adjective = noun[: len(noun) - len(noun_ending)] + adjective_ending
                known = self.analyzer is not None and self.analyzer.is_known(adjective) \
                    and any(r.pos == "ADJ" and r.lemma == adjective
                            for r in self.analyzer.analyze(adjective))
                return adjective if known else None
        return None
