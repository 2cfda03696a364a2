"""The meta.json of the packaged NER-UK model: name, version, licence and data sources."""

from collections.abc import Iterable

LICENSE = "CC BY-NC-SA 4.0"
SOURCES = (
    {"name": "NER-UK 2.0", "url": "https://github.com/lang-uk/ner-uk",
     "license": LICENSE, "author": "lang-uk"},
    {"name": "NER-UK 2.0 gender-swapped subset (Nahurna & Romanyshyn 2025)",
     "url": "https://github.com/lang-uk/ner-uk/tree/master/v2.0-swapped",
     "license": LICENSE, "author": "lang-uk"},
    {"name": "spacy_genderfair gender_swapper (training-data augmentation)",
     "url": "https://github.com/spacy-genderfair/spacy_genderfair", "license": "MIT"},
)


def package_meta(meta: dict, *, name: str, version: str,
                 requirements: Iterable[str] = ()) -> dict:
    """The trained pipeline's ``meta`` ready for ``spacy package``.

    meta (dict): the ``meta.json`` that ``spacy train`` wrote (labels, performance, ...).
    name (str): the package name without the language prefix, e.g. "ner_genderfair".
    version (str): the package version.
    requirements (Iterable[str]): requirements added to those ``spacy package`` finds,
        e.g. "torch==2.13.0" for a transformer (a bare torch pulls CUDA wheels).
        Defaults to ().
    RETURNS (dict): a new meta; the licence is that of the training data, which the
        model derives from.
    """
    return {
        **meta,
        "name": name,
        "version": version,
        "description": "Ukrainian NER (13 NER-UK labels) trained on NER-UK 2.0 augmented "
        "with gender-swapped sentences, for gender-balanced recall of job titles and "
        "person names.",
        "license": LICENSE,
        "sources": [dict(source) for source in SOURCES],
        "author": "spacy_genderfair authors",
        "requirements": [*meta.get("requirements", []), *requirements],
    }
