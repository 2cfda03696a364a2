"""``install_extensions``: the one call that registers every Token and Doc extension of
spacy_genderfair (the data ones and the getters ``doc._.actors``, ``doc._.swapped_doc``),
and its run when the package is imported.

Importing the package registers them, so that Docs stored with our attributes (``DocBin``,
``Doc.to_bytes``) read back in a process that has imported spacy_genderfair and none of its
components. That registration must not make ``import spacy_genderfair`` pay for importing
spaCy (most of a second), nor fail because another package took one of our names: it runs
as soon as spaCy's token classes are imported (at once when they already are), and a
conflict is a warning there. The components and the public call raise on a conflict.

This module imports nothing at import time; ``extensions`` (which imports spaCy) and the
getters' modules are imported when they are needed.
"""

import importlib.util
import sys
import warnings
from importlib.machinery import ModuleSpec
from types import ModuleType

# The module whose import makes Token and Doc available.
_SPACY_TOKENS = "spacy.tokens"


def install_extensions() -> None:
    """Register every Token and Doc extension that spacy_genderfair writes or reads.

    Idempotent. The components call it; call it yourself to read our attributes from
    stored Docs in a process that adds no component (importing spacy_genderfair does it too,
    but warns instead of raising on a conflict).

    Raises ExtensionConflictError (a ValueError) naming the attribute when one of our names
    is already registered by someone else with another definition; the others are registered.
    """
    from .extensions import DOC_ACTORS, DOC_SWAPPED_DOC, register_extensions

    register_extensions({DOC_ACTORS: _actors, DOC_SWAPPED_DOC: _swapped_doc})


def _actors(doc):
    """``doc._.actors``: Actor views over the stored actor data (``actors.get_actors``)."""
    from .actors import get_actors

    return get_actors(doc)


def _swapped_doc(doc):
    """``doc._.swapped_doc``: the swapped text as a Doc (``swap.realign.get_swapped_doc``)."""
    from .swap.realign import get_swapped_doc

    return get_swapped_doc(doc)


def install_at_import() -> None:
    """What importing the package does: ``install_extensions`` now if spaCy's token classes
    are imported, else right after they are; a conflict warns (once) instead of raising."""
    if _SPACY_TOKENS in sys.modules:
        _install_or_warn()
    elif not any(isinstance(finder, _AfterSpacyTokens) for finder in sys.meta_path):
        sys.meta_path.insert(0, _AfterSpacyTokens())


def _install_or_warn() -> None:
    from .extensions import ExtensionConflictError

    try:
        install_extensions()
    except ExtensionConflictError as err:
        warnings.warn(f"{err} (spacy_genderfair's components will refuse to run)",
                      stacklevel=2)


class _AfterSpacyTokens:
    """An import hook (``sys.meta_path``) that runs ``_install_or_warn`` once
    ``spacy.tokens`` has been imported, then removes itself. It finds nothing itself: the
    module is found by the finders after it, only its loading is followed."""

    def find_spec(self, fullname: str, path=None, target=None) -> ModuleSpec | None:
        if fullname != _SPACY_TOKENS:
            return None
        sys.meta_path.remove(self)
        spec = importlib.util.find_spec(fullname)
        if spec is not None and spec.loader is not None:
            spec.loader = _ThenInstall(spec.loader)
        return spec


class _ThenInstall:
    """A module loader that registers the extensions after the module it loads has run;
    everything else is the wrapped loader's."""

    def __init__(self, loader) -> None:
        self._loader = loader

    def create_module(self, spec: ModuleSpec) -> ModuleType | None:
        return self._loader.create_module(spec)

    def exec_module(self, module: ModuleType) -> None:
        self._loader.exec_module(module)
        _install_or_warn()

    def __getattr__(self, name: str):
        if name == "_loader":  # (not set yet: no recursion)
            raise AttributeError(name)
        return getattr(self._loader, name)
