"""Flags for optional dependencies. Import nothing heavy here: each flag only checks that
the package can be found, and the code that needs it imports it lazily."""

from importlib.util import find_spec

has_coreferee = find_spec("coreferee") is not None
has_torch = find_spec("torch") is not None
has_spacy_transformers = find_spec("spacy_transformers") is not None
has_matplotlib = find_spec("matplotlib") is not None
has_pyarrow = find_spec("pyarrow") is not None
has_dask = find_spec("dask") is not None and find_spec("distributed") is not None
has_scipy = find_spec("scipy") is not None
has_german_nouns = find_spec("german_nouns") is not None

INSTALL_HINTS = {
    "coreferee": "pip install 'spacy-genderfair[coref]'",
    "spacy_transformers": "pip install torch==2.13.0 'spacy-genderfair[transformers]'",
    "matplotlib": "pip install matplotlib",
    "pyarrow": 'pip install "spacy-genderfair[audit]"',
    "dask": 'pip install "spacy-genderfair[audit]"',
    "scipy": 'pip install "spacy-genderfair[audit]"',
    "german_nouns": 'pip install "spacy-genderfair[de]"',
}


def require(module: str, flag: bool, feature: str) -> None:
    """Raise a clear ImportError naming how to install a missing optional dependency."""
    if not flag:
        hint = INSTALL_HINTS.get(module, f"pip install {module}")
        raise ImportError(f"{feature} needs the optional package '{module}': {hint}")
