"""spacy_genderfair: audit gender representation in text and build gender-balanced data.

Components (registered through entry points, so ``nlp.add_pipe("gender_lexicon")`` works
without importing this package): gender_lexicon, actor_linker, role_counter, quote_typer,
gender_swapper. Importing the package registers their Token and Doc extensions
(``install_extensions``), so that Docs stored with them read back.
"""

__version__ = "0.1.0"

from .install import install_at_import, install_extensions
from .lang import LanguageProfile, available_languages, load_profile

__all__ = [
    "ExtensionConflictError",
    "LanguageProfile",
    "__version__",
    "available_languages",
    "install_extensions",
    "load_profile",
    "render",
]

install_at_import()


def __getattr__(name: str):
    # These pull in spaCy (ExtensionConflictError) or displaCy (render): imported on first
    # use, not with the package.
    if name == "render":
        from .view import render

        return render
    if name == "ExtensionConflictError":
        from .extensions import ExtensionConflictError

        return ExtensionConflictError
    raise AttributeError(f"module 'spacy_genderfair' has no attribute {name!r}")
