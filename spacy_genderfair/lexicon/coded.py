"""Gender-coded words (Gaucher, Friesen & Kay 2011): exact words and prefix stems."""


class CodedWordMatcher:
    """Match words against coded stems: ``aggress*`` matches any word starting with
    "aggress" unless the word is listed as an exception; a stem without ``*`` matches exactly.

    rows (Iterable[tuple[str, str]]): (stem, coding) pairs.
    exceptions (Iterable[str]): lower-cased words no prefix may match ("sharks").
    """

    def __init__(self, rows, exceptions=()) -> None:
        self._exact: dict[str, str] = {}
        self._prefixes: dict[int, dict[str, str]] = {}
        for stem, coding in rows:
            if stem.endswith("*"):
                prefix = stem[:-1]
                self._prefixes.setdefault(len(prefix), {})[prefix] = coding
            else:
                self._exact[stem] = coding
        # Longest prefix first, so a more specific stem wins.
        self._lengths = sorted(self._prefixes, reverse=True)
        self._exceptions = frozenset(exceptions)
        self._memo: dict[str, str | None] = {}

    def __len__(self) -> int:
        return len(self._exact) + sum(len(p) for p in self._prefixes.values())

    def match(self, word: str) -> str | None:
        """RETURNS (str | None): "masculine", "feminine" or None for a lower-cased word."""
        try:
            return self._memo[word]
        except KeyError:
            pass
        coding = self._exact.get(word)
        if coding is None and word not in self._exceptions:
            for length in self._lengths:
                if length <= len(word):
                    coding = self._prefixes[length].get(word[:length])
                    if coding is not None:
                        break
        if len(self._memo) < 500_000:  # bound the memo on huge vocabularies
            self._memo[word] = coding
        return coding
