"""Drawing replacement first names: from the list, by the seed, one name per person."""

import random

from spacy_genderfair.lexicon import get_lexicon
from spacy_genderfair.swap import NameSwapper, apply_edits, read_name_list, swap_edits
from spacy_genderfair.swap.direction import LazyRandom
from tests.conftest import blank_pipeline, shared_path

LEX = get_lexicon("uk")


def test_one_name_one_replacement_per_document():
    names = read_name_list(shared_path("name_freq_dict_uk"))
    doc = blank_pipeline("uk").make_doc("Іван прийшов. Потім Івана привітали.")
    out = apply_edits(doc, swap_edits(doc, LEX, "invert", NameSwapper(LEX, names)))
    first, second = out.split(". Потім ")
    new_name = first.split()[0]
    assert new_name != "Іван" and new_name in {n for n, _ in names.names["feminine"]}
    assert second.split()[0].startswith(new_name[:-1])  # the same name, genitive


def test_draws_follow_the_seed_and_never_invent_names():
    names = read_name_list(shared_path("name_freq_dict_uk"))
    swapper = NameSwapper(LEX, names)
    doc = blank_pipeline("uk").make_doc("Іван прийшов.")
    draws = {apply_edits(doc, swap_edits(doc, LEX, names=swapper, rng=random.Random(seed)))
             for seed in range(40)}
    assert len(draws) > 5  # sampled, not one fixed name (the LLMs' 25 % "Наталія")
    allowed = {n for n, _ in names.names["feminine"]}
    assert all(d.split()[0] in allowed for d in draws)
    again = {apply_edits(doc, swap_edits(doc, LEX, names=swapper, rng=random.Random(seed)))
             for seed in range(40)}
    assert again == draws


def test_two_people_do_not_share_a_drawn_name():
    # many names to draw from: two men become two women with different names, and neither
    # takes the name of the woman already in the sentence
    names = read_name_list(shared_path("name_freq_dict_uk"))
    for seed in range(20):
        doc = blank_pipeline("uk").make_doc("Наталія, Іван та Степан прийшли.")
        edits = swap_edits(doc, LEX, "to_feminine", NameSwapper(LEX, names),
                           rng=random.Random(seed))
        drawn = [edit.new for edit in edits]
        assert len(drawn) == 2 and len(set(drawn)) == 2 and "Наталія" not in drawn


def test_lazy_random_draws_as_random_and_rewinds():
    names, weights = ("Ольга", "Марія", "Ірина"), (5, 3, 1)
    eager, lazy = random.Random("seed"), LazyRandom("seed")
    fresh = lazy.getstate()  # nothing drawn yet
    draws = [lazy.choices(names, weights)[0] for _ in range(20)]
    assert draws == [eager.choices(names, weights)[0] for _ in range(20)]
    lazy.setstate(fresh)  # back to before the first draw
    assert [lazy.choices(names, weights)[0] for _ in range(20)] == draws


def test_lazy_random_makes_its_seed_on_the_first_draw():
    made = []
    lazy = LazyRandom(lambda: made.append(1) or "seed")
    assert made == []  # no draw, no seed made
    names = ("Ольга", "Марія", "Ірина")
    draws = [lazy.choices(names)[0] for _ in range(10)]
    eager = random.Random("seed")
    assert draws == [eager.choices(names)[0] for _ in range(10)] and made == [1]
