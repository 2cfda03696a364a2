"""Registries for pluggable parts. Third-party packages add entries through entry points
(groups ``spacy_genderfair_name_resolvers`` and ``spacy_genderfair_morph_analyzers``)."""

import catalogue

# Name -> factory returning a NameResolver (see spacy_genderfair.names).
name_resolvers = catalogue.create("spacy_genderfair", "name_resolvers", entry_points=True)
# Name -> class implementing spacy_genderfair.morph.MorphAnalyzer.
morph_analyzers = catalogue.create("spacy_genderfair", "morph_analyzers", entry_points=True)
# Name -> factory returning a spacy_genderfair.sentiment.SentimentScorer.
sentiment_scorers = catalogue.create("spacy_genderfair", "sentiment_scorers", entry_points=True)


def get_registered(registry: catalogue.Registry, name: str, what: str):
    """Look ``name`` up in ``registry`` with an error that lists what is available."""
    try:
        return registry.get(name)
    except catalogue.RegistryError:
        available = ", ".join(sorted(registry.get_all())) or "none"
        raise ValueError(f"Unknown {what} '{name}'. Available: {available}.") from None
