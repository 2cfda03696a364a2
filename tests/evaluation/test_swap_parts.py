"""The tuning and frozen parts of the NER-UK v2.0-swapped DEV documents."""

from collections import Counter

from spacy_genderfair.corpus.swap_pairs import read_split
from spacy_genderfair.evaluation.swap_parts import PARTS, part_of
from tests.conftest import shared_path


def test_a_document_has_one_part_whatever_its_id_looks_like():
    for name in ("003d28360166", "c0c436cc9cb6", "bdda872d3ef9"):
        assert part_of(name) in PARTS
        assert part_of(f"ng/{name}") == part_of(f"{name}-swapped") == part_of(name)


def test_the_seed_decides_the_part():
    names = [f"{k:012x}" for k in range(300)]
    assert [part_of(n) for n in names] != [part_of(n, seed=38) for n in names]


def test_a_third_of_the_dev_documents_are_frozen():
    documents = read_split(shared_path("ner-uk", "v2.0-swapped", "data", "dev-split.txt"))["DEV"]
    assert Counter(part_of(d) for d in documents) == {"tuning": 182, "frozen": 93}
