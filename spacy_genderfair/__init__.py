"""spacy_genderfair: audit gender representation in text and build gender-balanced data.

Components (registered through entry points, so ``nlp.add_pipe("gender_lexicon")`` works
without importing this package): gender_lexicon.
"""

__version__ = "0.1.0"

from .lang import LanguageProfile, available_languages, load_profile

__all__ = ["LanguageProfile", "__version__", "available_languages", "load_profile"]
