"""spacy_genderfair: audit gender representation in text and build gender-balanced data.

Components (registered through entry points, so ``nlp.add_pipe("gender_lexicon")`` works
without importing this package): gender_lexicon, actor_linker, role_counter, quote_typer.
"""

__version__ = "0.1.0"

from .lang import LanguageProfile, available_languages, load_profile

__all__ = ["LanguageProfile", "__version__", "available_languages", "load_profile", "render"]


def __getattr__(name: str):
    # render pulls in displaCy: import it on first use, not with the package.
    if name == "render":
        from .view import render

        return render
    raise AttributeError(f"module 'spacy_genderfair' has no attribute {name!r}")
