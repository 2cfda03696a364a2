"""Swapping Ukrainian person names: sampled first names, patronymics, surnames, their case
and the words that agree with the person."""

import random
import re

import pytest
from spacy.tokens import Span

from spacy_genderfair.lang import load_profile
from spacy_genderfair.lexicon import get_lexicon
from spacy_genderfair.swap import NameSwapper, apply_edits, read_name_list, swap_edits
from spacy_genderfair.swap.names.lists import NameList, NameListError, builtin_name_list
from tests.conftest import blank_pipeline, shared_path

LEX = get_lexicon("uk")
# A one-name-per-gender list makes the draw deterministic, so outputs can be asserted exactly.
ONE_NAME = NameList({"masculine": (("Петро", 1.0),), "feminine": (("Марія", 1.0),)})


def swap(text: str, names: NameList = ONE_NAME, direction: str = "invert") -> str:
    doc = blank_pipeline("uk").make_doc(text)
    return apply_edits(doc, swap_edits(doc, LEX, direction, NameSwapper(LEX, names)))


@pytest.mark.parametrize(("original", "swapped"), [
    # first name, patronymic and -ський surname, with the verb, in the nominative
    ("Іван Миколайович Бродський подякував колегам.",
     "Марія Миколаївна Бродська подякувала колегам."),
    # oblique cases: dative, genitive after a noun, accusative after a verb
    ("Ми подякували Олені Іванівні Азаровій.", "Ми подякували Петру Івановичу Азарову."),
    ("Це брат Михайла Бродського.", "Це брат Марії Бродської."),
    ("Призначили Ольгу Мельник.", "Призначили Петра Мельника."),
    # an ungendered surname does not decline in the feminine
    ("Вчора Івана Коваленка не було.", "Вчора Марії Коваленко не було."),
    # a relative clause agrees, and the main verb after it too
    ("Вчора Іван Петренко, який очолював відділ, зустрів друзів.",
     "Вчора Марія Петренко, яка очолювала відділ, зустріла друзів."),
    # a surname in -а declines alike for a woman
    ("Це помічник Миколи Джиги.", "Це помічник Марії Джиги."),
    # "Валентина" is also the genitive of Валентин: the verb agreeing with it decides
    ("Валентина вже переоформила будинок.", "Петро вже переоформив будинок."),
    # ... also before a surname known only as Кочур's genitive: in -а, it is hers as well
    ("Валентина Кочура вже переоформила будинок.", "Петро Кочура вже переоформив будинок."),
    ("Це будинок Валентина Кочура.", "Це будинок Марії Кочур."),
    # with no word agreeing, the relative pronoun after the name decides: Валерій's genitive
    ("Це бюро Валерія Нечитайло, який балотувався до парламенту.",
     "Це бюро Марії Нечитайло, яка балотувалася до парламенту."),
    # the oblique title the name is apposed to rules out a woman's nominative, which the
    # verb of another subject would agree with (an indeclinable surname tells nothing)
    ("Вистава вийшла у постановці режисера Романа Мархоліа.",
     "Вистава вийшла у постановці режисерки Марії Мархоліа."),
    ("Фракція поспішила звинуватити голову ради Валентина Вітера.",
     "Фракція поспішила звинуватити голову ради Марію Вітера."),
    # with no entities, a name that is all of a short quoted phrase with no verb is a
    # firm's, not a person's; a quoted sentence may open with a person's name
    ("Фірма «Радій» отримала підряди, а Іван Петренко підписав угоду.",
     "Фірма «Радій» отримала підряди, а Марія Петренко підписала угоду."),
    ("ПП «Зіко-Буд» виграло тендер.", "ПП «Зіко-Буд» виграло тендер."),
    # and a name after an eponym marker is an institution's, past initials
    ("Іван закінчив університет імені Тараса Шевченка.",
     "Марія закінчила університет імені Тараса Шевченка."),
    ("Іван працює в ПОСП ім. І. Франка.", "Марія працює в ПОСП ім. І. Франка."),
    # a place's and a street's too, not a unit's abbreviation
    ("Іван живе у м. Києві на вул. Івана Франка.", "Марія живе у м. Києві на вул. Івана Франка."),
    ("Площа – 515 кв. м. Іван успадкував будинок.",
     "Площа – 515 кв. м. Марія успадкувала будинок."),
    ("« Іван прийшов ! » — гукнула вона .", "« Марія прийшла ! » — гукнула вона ."),
    # "Валентину" is also Валентин's dative, but "Козименко" is no man's dative; a woman's
    # surname without a gendered ending (Кравець) declines for a man
    ("Наклали штраф на Валентину Козименко.", "Наклали штраф на Петра Козименка."),
    ("Зустрілися з Оленою Кравець.", "Зустрілися з Петром Кравцем."),
    # a man's locative takes the persons' -ові, not the dictionary's first "Петрі"
    ("Усе трималося на Марії Коваленко.", "Усе трималося на Петрові Коваленкові."),
    # and his dative the texts' -у/-ю, not the dictionary's first -ові
    ("Мати допомагала доньці.", "Батько допомагав сину."),
    # a man's surname whose feminine the dictionary lists as the same word (Палій; the
    # -ій → -я pair gives "паля", no surname); not the noun палій (arsonist) either
    ("Тарас Палій прийшов.", "Марія Палій прийшла."),
    ("Ми бачили Тараса Палія.", "Ми бачили Марію Палій."),
    # a name in apposition to a title takes the title's case (accusative after the verb),
    # not so a relative's possessor
    ("Суд звільнив директора фірми Тараса Палія.",
     "Суд звільнив директорку фірми Марію Палій."),
    ("Суд звільнив сина Тараса Палія.", "Суд звільнив сина Марії Палій."),
    # a nominative surname in -а the dictionary lists only as another surname's genitive
    # (Цапа, Квітка) is a surname of its own, the same for a woman
    ("Засновником є Антон Цапа.", "Засновницею є Марія Цапа."),
    ("Тоді Климент Квітка записав пісні.", "Тоді Марія Квітка записала пісні."),
    # a genitive after a noun: "впливу" is no first-person verb before it, "часів" no
    # possessive adjective
    ("Фірма належить до сфери впливу Віталія Захарченка, колишнього зятя мера.",
     "Фірма належить до сфери впливу Марії Захарченко, колишньої невістки мера."),
    ("Він працював за часів Віталія Захарченка.", "Вона працювала за часів Марії Захарченко."),
    # a gendered surname the dictionary does not know declines by the profile's
    # surname_declensions, in the case the name is in
    ("Раніше «Нафтогаз» замовляв охорону для Андрія Коболєва.",
     "Раніше «Нафтогаз» замовляв охорону для Марії Коболєвої."),
    ("Ігорю Яцишину подарували офіс.", "Марії Яцишиній подарували офіс."),
    ("Він дружить з депутатом Олегом Тренкіним.", "Вона дружить з депутаткою Марією Тренкіною."),
])
def test_names_in_every_case_with_agreement(original, swapped):
    assert swap(original) == swapped


def test_one_name_one_replacement_per_document():
    names = read_name_list(shared_path("name_freq_dict_uk"))
    out = swap("Іван прийшов. Потім Івана привітали.", names)
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


def test_keep_names_swaps_only_job_titles():
    doc = blank_pipeline("uk").make_doc("Директор Іван Петренко підписав наказ.")
    assert apply_edits(doc, swap_edits(doc, LEX)) == "Директорка Іван Петренко підписала наказ."


def test_person_entities_decide_what_a_name_is():
    from spacy.tokens import Span

    doc = blank_pipeline("uk").make_doc("Мельник Олег приїхав.")
    doc.ents = [Span(doc, 0, 2, "PERS")]
    assert apply_edits(doc, swap_edits(doc, LEX, names=NameSwapper(LEX, ONE_NAME))) == \
        "Мельник Марія приїхала."


def test_an_adjectival_surname_after_its_verb_is_its_subject():
    # "Чернівецький" reads as an adjective's inanimate accusative too; a man's accusative is
    # the genitive's form, so after the verb it is the subject (verb-subject order)
    from spacy.tokens import Span

    doc = blank_pipeline("uk").make_doc("Коли КМДА очолював Чернівецький, ми працювали.")
    doc.ents = [Span(doc, 3, 4, "PERS")]
    assert apply_edits(doc, swap_edits(doc, LEX, names=NameSwapper(LEX, ONE_NAME))) == \
        "Коли КМДА очолювала Чернівецька, ми працювали."


def test_a_vocative_reading_gives_no_first_name_its_gender():
    from spacy.tokens import Span

    # "Петро" is also the vocative of the woman's Петра, and the dictionary lists "Адамик"
    # only as an (indeclinable) woman's surname: the man is a man
    doc = blank_pipeline("uk").make_doc(
        "Серед них депутат від БПП Петро Адамик, який не задекларував внесків.")
    doc.ents = [Span(doc, 5, 7, "PERS")]
    assert apply_edits(doc, swap_edits(doc, LEX, "to_feminine", NameSwapper(LEX, ONE_NAME))) \
        == "Серед них депутатка від БПП Марія Адамик, яка не задекларувала внесків."


def test_a_two_word_name_ends_in_its_surname():
    from spacy.tokens import Span

    doc = blank_pipeline("uk").make_doc("Ігор Зінкевич виявився учасником.")
    doc.ents = [Span(doc, 0, 2, "PERS")]
    edits = swap_edits(doc, LEX, names=NameSwapper(LEX, ONE_NAME))
    assert apply_edits(doc, edits) == "Марія Зінкевич виявилася учасницею."
    # "Зінкевич" ends like a patronymic, but is the surname here
    assert not any(edit.reason.startswith("patronymic") for edit in edits)
    # so is one the analyser only guesses to be a patronymic, of a stem no first name has
    # ("Палідович"), while one of a known first name is the patronymic ("Іван Петрович")
    # ("Юлія" is also Юлій's genitive: a guessed patronymic reading of "Чемич" says
    # nothing of the gender)
    for text, swapped in (("Назар Палідович прийшов.", "Марія Палідович прийшла."),
                          ("Іван Петрович прийшов.", "Марія Петрівна прийшла."),
                          ("Юлія Чемич прийшла.", "Петро Чемич прийшов.")):
        doc = blank_pipeline("uk").make_doc(text)
        doc.ents = [Span(doc, 0, 2, "PERS")]
        assert apply_edits(doc, swap_edits(doc, LEX, names=NameSwapper(LEX, ONE_NAME))) \
            == swapped


@pytest.mark.parametrize(("text", "start", "end", "swapped"), [
    # a surname that is also a first name: a person has one first name, the first word of
    # two, or the one before the patronymic
    ("Андрій Гордій підписав договір.", 0, 2, "Марія Гордій підписала договір."),
    ("Сергій Ратко раніше посідав керівні посади.", 0, 2,
     "Марія Ратко раніше посідала керівні посади."),
    ("Директором є Ратко Сергій Георгійович.", 2, 5, "Директоркою є Ратко Марія Георгіївна."),
    # a hyphenated first name is one, both parts swapped
    ("Жан-Поль сидів поряд.", 0, 3, "Марія-Марія сиділа поряд."),
])
def test_a_surname_that_is_also_a_first_name(text, start, end, swapped):
    from spacy.tokens import Span

    doc = blank_pipeline("uk").make_doc(text)
    doc.ents = [Span(doc, start, end, "PERS")]
    assert apply_edits(doc, swap_edits(doc, LEX, names=NameSwapper(LEX, ONE_NAME))) == swapped


def test_patronymic_the_dictionary_lacks_after_the_first_name():
    from spacy.tokens import Span

    # pymorphy3 knows "Володимирович" only as a noun, not as a patronymic
    doc = blank_pipeline("uk").make_doc("Засновником є Мельник Андрій Володимирович.")
    doc.ents = [Span(doc, 2, 5, "PERS")]
    assert apply_edits(doc, swap_edits(doc, LEX, names=NameSwapper(LEX, ONE_NAME))) == \
        "Засновницею є Мельник Марія Володимирівна."


def test_malformed_name_list_names_the_line(tmp_path):
    path = tmp_path / "names.tsv"
    path.write_text("Іван\tmasculine\t3\nОлена\tfemale\t2\n", encoding="utf-8")
    with pytest.raises(NameListError, match="line 2"):
        read_name_list(path)
    with pytest.raises(NameListError, match="not found"):
        read_name_list(tmp_path / "missing.tsv")


@pytest.mark.parametrize(("text", "name", "swapped"), [
    # a first name the dictionary does not know: the analyser's guess counts for the first
    # word of a name, with the gender a gendered surname shows
    ("Директором є Андранік Мкртчян.", "Андранік Мкртчян", "Директоркою є Марія Мкртчян."),
    ("Про це повідомила Агія Загребельська.", "Агія Загребельська",
     "Про це повідомив Петро Загребельський."),
    # ...but not for a later word: "Плевнік" is a surname, not a second first name
    ("Віталій Плевнік не задекларував бізнес.", "Віталій Плевнік",
     "Марія Плевнік не задекларувала бізнес."),
    # a bare man's surname the dictionary knows only as a town, by its ending
    ("Калязін навіть дозволив собі забути.", "Калязін",
     "Калязіна навіть дозволила собі забути."),
    # ...but not a capitalised word with an adjectival ending
    ("Слідчий Геній прийшов.", "Геній", "Слідчий Геній прийшов."),
])
def test_unknown_first_names_in_person_entities(text, name, swapped):
    doc = blank_pipeline("uk").make_doc(text)
    start = text.index(name)
    doc.ents = [doc.char_span(start, start + len(name), "PERS")]
    assert apply_edits(doc, swap_edits(doc, LEX, names=NameSwapper(LEX, ONE_NAME))) == swapped


def test_a_list_to_draw_from_does_not_decide_what_a_first_name_is():
    # "Володимир" is not in the one-name list and the dictionaries do not tag it as a
    # name: the built-in list still knows it, so the first name turns with the surname
    doc = blank_pipeline("uk").make_doc("Прийшли Сергій Червачов і Володимир Брільов.")
    doc.ents = [doc.char_span(8, 23, "PERS"), doc.char_span(26, 43, "PERS")]
    assert apply_edits(doc, swap_edits(doc, LEX, names=NameSwapper(LEX, ONE_NAME))) == (
        "Прийшли Марія Червачова і Марія Брільова.")


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
    from spacy_genderfair.swap.direction import LazyRandom
    names, weights = ("Ольга", "Марія", "Ірина"), (5, 3, 1)
    eager, lazy = random.Random("seed"), LazyRandom("seed")
    fresh = lazy.getstate()  # nothing drawn yet
    draws = [lazy.choices(names, weights)[0] for _ in range(20)]
    assert draws == [eager.choices(names, weights)[0] for _ in range(20)]
    lazy.setstate(fresh)  # back to before the first draw
    assert [lazy.choices(names, weights)[0] for _ in range(20)] == draws


def test_lazy_random_makes_its_seed_on_the_first_draw():
    from spacy_genderfair.swap.direction import LazyRandom
    made = []
    lazy = LazyRandom(lambda: made.append(1) or "seed")
    assert made == []  # no draw, no seed made
    names = ("Ольга", "Марія", "Ірина")
    draws = [lazy.choices(names)[0] for _ in range(10)]
    eager = random.Random("seed")
    assert draws == [eager.choices(names)[0] for _ in range(10)] and made == [1]


@pytest.mark.parametrize(("original", "swapped"), [
    # a relative noun with its own possessive pronoun is in apposition to the name after it,
    # which takes its case (the accusative here), not another possessor's genitive
    ("Бубка привітав його особистого наставника Геннадія Сартинського.",
     "Бубка привітав її особисту наставницю Марію Сартинську."),
    # (without one, the name is the noun's possessor: "наставника Геннадія" = Gennady's)
    ("Бубка привітав наставника Геннадія Сартинського.",
     "Бубка привітав наставника Марії Сартинської."),
])
def test_name_after_a_possessed_relative_noun(original, swapped):
    assert swap(original) == swapped


def test_a_name_counted_by_a_numeral_is_several_people_and_stays():
    assert swap("Є два Сергії Мельничуки.") == "Є два Сергії Мельничуки."


@pytest.mark.parametrize(("original", "swapped"), [
    # kinship words used as forms of address are the name's title, in any case: uncle
    # Svyryd, granny Olya (not Svyryd's uncle, Olya's granny)
    ("Діти стежили за роботою дядька Свирида, який покрикував на них.",
     "Діти стежили за роботою тітки Марії, яка покрикувала на них."),
    ("До бабусі Олі прийшли гості.", "До дідуся Петра прийшли гості."),
])
def test_a_kinship_form_of_address_is_the_names_title(original, swapped):
    assert swap(original) == swapped


def test_a_family_in_the_genitive_plural_stays():
    # "Качаненків" reads only as a plural's genitive or the possessive adjective, and no
    # noun follows it: the family, while their son turns
    assert swap_person("Директором став син подружжя Качаненків.", ("Качаненків",)) == \
        "Директоркою стала донька подружжя Качаненків."
    assert swap_person("Дядько прийшов до Потапенків.", ("Потапенків",)) == \
        "Тітка прийшла до Потапенків."


@pytest.mark.parametrize(("original", "swapped"), [
    # a sentence opener that also reads as a pronoun or adverb is no name by itself
    ("Тому треба було йти.", "Тому треба було йти."),
    ("Тобі вже відомо, що сталося.", "Тобі вже відомо, що сталося."),
    # ... or as a common noun's nominative that no first name's nominative spells
    ("Люди відпочивають на пляжі.", "Люди відпочивають на пляжі."),
    # ... but is with a surname after it
    ("Тому Петренку дали премію.", "Марії Петренко дали премію."),
])
def test_a_function_word_opening_a_sentence_is_no_name(original, swapped):
    assert swap(original) == swapped


@pytest.mark.parametrize(("original", "swapped"), [
    # without entities, a surname the analyser knows right after a title is a name too
    ("Ми говорили з депутатом Бондаренком.", "Ми говорили з депутаткою Бондаренко."),
    ("Ми говорили з депутаткою Бондаренко.", "Ми говорили з депутатом Бондаренком."),
    # (not after a relative: Шевченко is someone else)
    ("Брат Шевченка прийшов.", "Сестра Шевченка прийшла."),
])
def test_a_surname_after_a_title_is_a_name(original, swapped):
    assert swap(original) == swapped


def test_a_guessed_surname_gives_way_to_the_titles_case():
    # "Європарламенту", a word the analyser knows as no name, is no surname before the
    # first name; the guess at "Таяні" (a locative) gives way to the title's instrumental,
    # and the foreign surname stays
    assert swap("Він говорив з Президентом Європарламенту Антоніо Таяні.") == \
        "Вона говорила з Президенткою Європарламенту Марією Таяні."


def test_a_name_its_preposition_does_not_govern_stays():
    # про takes the accusative, which the woman's name Раїса does not spell: a man the
    # dictionary does not know (Раїс), who stays
    assert swap("Розповідаючи про Раїса, Майя згадує його зовнішність.") == \
        "Розповідаючи про Раїса, Петро згадує його зовнішність."


@pytest.mark.parametrize(("original", "swapped"), [
    # alone or after an initial, a word the dictionary lists as a patronymic is one only if
    # made from a first name of the name list; else it is a surname (-ич: hers is the same)
    ("Ще у ресторані Андрійович передав мені пакунок.",
     "Ще у ресторані Андріївна передала мені пакунок."),
    ("Як писали ЗМІ, з Шинкевичем пов'язують скандали.",
     "Як писали ЗМІ, з Шинкевичем пов'язують скандали."),
])
def test_a_lone_patronymic_is_made_from_a_first_name(original, swapped):
    assert swap_person(original, ("Андрійович", "Шинкевичем")) == swapped


@pytest.mark.parametrize(("original", "swapped"), [
    # a surname the dictionary reads only as a woman's nominative is also the man's
    # genitive by its declension: after a noun naming a thing it is the possessor
    ("Цей завод – ще одна компанія Машненкова.", "Цей завод – ще одна компанія Машненкової."),
    ("Цей завод – ще одна компанія Машненкової.", "Цей завод – ще одна компанія Машненкова."),
])
def test_a_bare_surname_after_a_thing_is_its_possessor(original, swapped):
    assert swap_person(original, ("Машненкова", "Машненкової")) == swapped


def test_a_surname_the_feminine_extends_is_a_mans():
    # the dictionary also lists "Шевцов" as a woman's indeclinable surname; a woman of
    # the family is "Шевцова", so with nothing agreeing in the singular it is a man
    assert swap_person("Чепурненко і Шевцов були співзасновниками фірми.",
                       ("Шевцов", "Чепурненко")) == \
        "Чепурненко і Шевцова були співзасновниками фірми."


def swap_person(text: str, words: tuple[str, ...]) -> str:
    """Swap ``text`` (``invert``) with its one-word names among ``words`` tagged PERS (with
    none, the swapper finds the names itself)."""
    doc = blank_pipeline("uk").make_doc(text)
    if words:
        doc.ents = [Span(doc, t.i, t.i + 1, "PERS") for t in doc if t.text in words]
    return apply_edits(doc, swap_edits(doc, LEX, "invert", NameSwapper(LEX, ONE_NAME)))


@pytest.mark.parametrize(("original", "swapped", "direction"), [
    # after a linking verb a name is its subject (nominative), not an accusative object:
    # Домніка Кленіна is a woman, and stays one in to_feminine
    ("Засновниками якої є Віктор Кленін і Домніка Кленіна.",
     "Засновниками якої є Марія Кленіна і Домніка Кленіна.", "to_feminine"),
    # an adjectival surname the dictionary lists for men only declines by the profile's
    # surname_declensions
    ("Це група Ігоря Коломойського.", "Це група Марії Коломойської.", "invert"),
])
def test_name_case_and_gender_from_its_governor(original, swapped, direction):
    assert swap(original, direction=direction) == swapped


@pytest.mark.parametrize(("original", "swapped"), [
    # a one-word name that reads as a first name's nominative is that first name after a
    # verb too (not the accusative of the surname Толь/Коль), and the verb agrees
    ("Про це казав Толя.", "Про це казала Марія."),
    ("Саме тоді йому зателефонував Коля.", "Саме тоді йому зателефонувала Марія."),
    # (and with no verb before it: the subject of the clause it opens)
    ("Там жили більшовики, Коля їх розрізняти так і не навчився.",
     "Там жили більшовики, Марія їх розрізняти так і не навчилася."),
    # (after a form of address, the address's case: "пана Беня" is genitive)
    ("Смуток пана Беня не втримався.", "Смуток пані Марії не втримався."),
])
def test_one_word_first_name_after_a_verb(original, swapped):
    assert swap_person(original, ("Толя", "Коля", "Беня")) == swapped


@pytest.mark.parametrize(("original", "tagged", "swapped"), [
    # a form of address before a name is its apposition, in its case (the indeclinable
    # "пані" takes the name's), not a relative whose possessor the name is
    ("За словами пана Івана Бондаренка, Японія пропонує кредит.", (),
     "За словами пані Марії Бондаренко, Японія пропонує кредит."),
    ("Чорні брови, гордість пані Даманської, злегка смикнулись.", ("Даманської",),
     "Чорні брови, гордість пана Даманського, злегка смикнулись."),
])
def test_form_of_address_before_a_name(original, tagged, swapped):
    assert swap_person(original, tagged) == swapped


def test_a_title_nothing_governs_lends_its_cases_to_the_name():
    # "тодішнього очільника" is genitive (or accusative), so Віталія is Віталій's genitive,
    # not a woman's nominative: both swap
    assert swap("У травні року тодішнього очільника Віталія Месхі спіймали на хабарі.") == (
        "У травні року тодішньої очільниці Марії Месхі спіймали на хабарі.")


@pytest.mark.parametrize(("original", "tagged", "swapped"), [
    # a bare surname right after a noun that names no person is that noun's possessor, in
    # the genitive (the verb after it agrees with the noun), not the verb's subject
    ("Як повідомляли ЗМІ, група Ахметова почала переводити активи.", ("Ахметова",),
     "Як повідомляли ЗМІ, група Ахметової почала переводити активи."),
    # (not after a measure of time, nor after "ніж", a conjunction)
    ("Але через кілька тижнів Попова поскаржилася до інспекції.", ("Попова",),
     "Але через кілька тижнів Попов поскаржився до інспекції."),
])
def test_bare_surname_after_a_thing_noun(original, tagged, swapped):
    assert swap_person(original, tagged) == swapped


@pytest.mark.parametrize(("original", "swapped"), [
    # a surname the analyser lists as no surname in its oblique case declines by the
    # profile's surname_declensions
    ("Організація дякує депутату Володимиру Тупіцину.",
     "Організація дякує депутатці Марії Тупіциній."),
    # a person noun apposed after a comma is no verb ("мати": the mother, not "to have"):
    # the name after its title is genitive
    ("Засновником є Тетяна Іванова, мати бізнесмена Віктора Іванова.",
     "Засновником є Петро Іванов, батько бізнесвумен Марії Іванової."),
])
def test_oblique_surnames_and_apposed_person_nouns(original, swapped):
    assert swap(original) == swapped


def test_person_noun_after_a_linking_verb_is_no_verb():
    # "є мати": the mother, the subject, not "to have": the person after it is genitive
    assert swap("Співвласницею є мати депутата Олексія Осипенка.", direction="to_feminine") \
        == "Співвласницею є мати депутатки Марії Осипенко."


def test_initials_regnal_numbers_and_plural_adjectival_nouns_are_no_edits():
    # an initial and a regnal number stay and are no gap to report; a plural adjectival
    # noun ("слідчі") has no gender to change
    doc = blank_pipeline("uk").make_doc(
        "Слідчі допитали хіміка С . М . Реформатського та короля Зиґмунта II .")
    doc.ents = [Span(doc, 3, 8, "PERS"), Span(doc, 10, 12, "PERS")]
    edits = swap_edits(doc, LEX, "invert", NameSwapper(LEX, ONE_NAME))
    assert [(e.old, e.reason) for e in edits] == [
        ("Реформатського", "surname"), ("короля", "король -> королева"),
        ("Зиґмунта", "first name")]


def test_a_surname_read_only_as_a_locative_without_a_preposition_is_kept():
    # the locative is only ever a preposition's: "Катані" is a foreign name that does not
    # decline, no locative of the surname Катан (whose feminine would be "Катан")
    assert swap_person("Прийшов комісар Катані.", ("Катані",)) == "Прийшла комісарка Катані."
    assert swap_person("Прийшов Катані.", ("Катані",)) == "Прийшов Катані."


def test_a_surname_the_analyser_does_not_know_declines_by_its_ending():
    # the analyser only guesses "Вакарева" as a nominative: in the genitive the name is
    # in, its ending -ева is a man's (Вакарев), whose woman's genitive ends in -евої
    assert swap("Компанії зареєстровані у квартирі Володимира Вакарева.") == (
        "Компанії зареєстровані у квартирі Марії Вакаревої.")



def swap_tagged(text: str, *names: str) -> str:
    """Swap ``text`` (``to_feminine``) with ``names`` tagged PERS (the first occurrence of
    each)."""
    doc = blank_pipeline("uk").make_doc(text)
    spans = []
    for name in names:
        start = text.index(name)
        spans.append(doc.char_span(start, start + len(name), "PERS"))
    doc.ents = spans
    return apply_edits(doc, swap_edits(doc, LEX, "to_feminine", NameSwapper(LEX, ONE_NAME)))


@pytest.mark.parametrize(("original", "names", "swapped"), [
    # a bare surname later in the text is the person an earlier name gave it to: the dative
    # of a surname the analyser does not know (Яковинець), which for a woman does not
    # decline...
    ("Будинком володіє Анатолій Яковинець. Будинок дістався Яковинцю у подарунок.",
     ("Анатолій Яковинець", "Яковинцю"),
     "Будинком володіє Марія Яковинець. Будинок дістався Яковинець у подарунок."),
    # ... a man's genitive the analyser also reads as a woman's nominative ...
    ("Директор Роман Неговелов звільнився. Я бачив Неговелова вчора.",
     ("Роман Неговелов", "Неговелова"),
     "Директорка Марія Неговелова звільнилася. Я бачив Неговелову вчора."),
    # ... and a surname the analyser knows only as a common noun (тарпан, a wild horse)
    ("Депутат Руслан Тарпан купив будинок. Будинок Тарпана великий.",
     ("Руслан Тарпан", "Тарпана"),
     "Депутатка Марія Тарпан купила будинок. Будинок Тарпан великий."),
])
def test_a_bare_surname_is_the_person_an_earlier_name_gave_it_to(original, names, swapped):
    assert swap_tagged(original, *names) == swapped


def test_a_surname_after_initials_takes_the_case_of_the_title_before_them():
    # "Тітова" is a man's genitive or a woman's nominative: after initials, the genitive
    # job title before them decides
    assert swap_tagged("Записка начальника управління О. М. Тітова лежить на столі.",
                       "О. М. Тітова") == \
        "Записка начальниці управління О. М. Тітової лежить на столі."


def test_a_surname_with_no_gendered_ending_in_the_nominative_is_no_unmade_edit():
    # "Яковинець" is the same word for a woman: nothing to report as unknown
    doc = blank_pipeline("uk").make_doc("Будинком володіє Анатолій Яковинець.")
    doc.ents = [Span(doc, 2, 4, "PERS")]
    edits = swap_edits(doc, LEX, "to_feminine", NameSwapper(LEX, ONE_NAME))
    assert [(e.old, e.new) for e in edits] == [("Анатолій", "Марія")]


@pytest.mark.parametrize(("original", "names", "swapped"), [
    # a bare surname after a common-gender title is in apposition to it, in its case: a
    # man's genitive, not a woman's nominative
    ("Загалом сім'я судді Голяшкіна володіє квартирами.", ("Голяшкіна",),
     "Загалом сім'я судді Голяшкіної володіє квартирами."),
    # the case of a list of names passes on past their initials
    ("Відкриття пов'язані з іменами учених І . К . Мацуревича , А . І . Кіпріанова та ін .",
     ("І . К . Мацуревича", "А . І . Кіпріанова"),
     "Відкриття пов'язані з іменами учених І . К . Мацуревич , А . І . Кіпріанової та ін ."),
    # a preposition's genitive fits only the man's reading of the surname
    ("Раніше у Черняєва було сто голубів.", ("Черняєва",),
     "Раніше у Черняєвої було сто голубів."),
    # ...but an indeclinable surname after a verb stays: it may be the verb's subject
    ("Так каже Дудко.", ("Дудко",), "Так каже Дудко."),
    # a man's surname the analyser knows only as a common noun declines like it; hers does
    # not decline
    ("Голосували за недовіру голові ради Валентину Вітеру.", ("Валентину Вітеру",),
     "Голосували за недовіру голові ради Марії Вітер."),
    ("Вона є дочкою Анатолія Косаря.", ("Анатолія Косаря",),
     "Вона є дочкою Марії Косар."),
    # (a thing's genitive in -а is a person's too: журавок, журавка)
    ("Родичі депутата Олексія Журавка будують.", ("Олексія Журавка",),
     "Родичі депутатки Марії Журавок будують."),
    # ...not a thing's genitive in -у, nor a form a feminine noun shares
    ("Виступили музиканти Богдана Гуменюка та Денніса Аду.", ("Денніса Аду",),
     "Виступили музиканти Богдана Гуменюка та Марії Аду."),
])
def test_bare_and_oblique_surnames_by_their_governors(original, names, swapped):
    assert swap_tagged(original, *names) == swapped


@pytest.mark.parametrize(("original", "names", "swapped"), [
    # Russian adjectival surnames in -стой/-ской decline like adjectives (profile
    # surname_derivation and surname_declensions)
    ("Поставили п'єсу Льва Толстого.", ("Льва Толстого",), "Поставили п'єсу Марії Толстої."),
    ("Лев Толстой написав роман.", ("Лев Толстой",), "Марія Толста написала роман."),
])
def test_russian_adjectival_surnames(original, names, swapped):
    assert swap_tagged(original, *names) == swapped


@pytest.mark.parametrize(("original", "names", "swapped"), [
    # a genitive person noun that only the analyser knows is in apposition to the name
    # after it (the profile lists the relatives): the classic is Tolstoy...
    ("Поставили п'єсу російського класика Льва Толстого.", ("Льва Толстого",),
     "Поставили п'єсу російської класикині Марії Толстої."),
    ("Фірми зареєстровані у квартирі івано-франківця Володимира Вакарева.",
     ("Володимира Вакарева",),
     "Фірми зареєстровані у квартирі івано-франківки Марії Вакаревої."),
    # ... while a relative the profile lists is someone else: Akhmetov's protégé
    ("Треба замінити Тевелєва, ставленика Ахметова.", ("Ахметова",),
     "Треба замінити Тевелєва, ставленика Ахметової."),
])
def test_a_genitive_person_noun_before_a_name(original, names, swapped):
    assert swap_tagged(original, *names) == swapped


@pytest.mark.parametrize(("original", "names", "swapped"), [
    # a person noun that is no relation (profile kind relation) is in apposition to the
    # name after it: a resident, a demonym, a king — in the title's case
    ("Фірму записано на киянина Андрія Чернікова.", ("Андрія Чернікова",),
     "Фірму записано на киянку Марію Чернікову."),
    ("Посуд часів короля Данила знайшли тут.", ("Данила",),
     "Посуд часів королеви Марії знайшли тут."),
    # a relation's genitive name is the other person: the mentor is Gennady's
    ("Бубка привітав наставника Геннадія Сартинського.", ("Геннадія Сартинського",),
     "Бубка привітав наставника Марії Сартинської."),
])
def test_a_person_noun_that_is_no_relation_is_the_name_s_title(original, names, swapped):
    assert swap_tagged(original, *names) == swapped


def test_the_name_of_a_mother_after_her_son_s_genitive_name():
    # "мати" after a noun is the mother, not "to have": the name after it is her son's
    # genitive, and the name after that one is hers, in the nominative ("Кочура" is the
    # same for a woman), which the verb agrees with
    assert swap_tagged("У 2013 році мати Юрія Мірошниченка Валентина Кочура придбала будинок.",
                       "Юрія Мірошниченка", "Валентина Кочура") == \
        "У 2013 році мати Марії Мірошниченко Валентина Кочура придбала будинок."


@pytest.mark.parametrize("lang", ["uk", "en", "de", "pt"])
def test_no_built_in_first_name_takes_a_large_share_of_draws(lang):
    # the paper found a quarter of its LLM's women named "Наталія": the commonest name of
    # our own lists is drawn about as often as a common name is given (under 10 %)
    names = builtin_name_list(load_profile(lang))
    for gender, rows in names.names.items():
        weights = [weight for _, weight in rows]
        assert len(weights) >= 50
        assert max(weights) / sum(weights) < 0.10, (lang, gender)


def test_a_first_name_no_list_has_is_replaced_once_the_context_tells_the_gender():
    # "Гагік" is in no name list and unknown to the analyser: "був" tells he is a man, so
    # he gets a woman's name, not "власницею була Гагік Авагян"
    def swap_person(text: str, name: str) -> str:
        doc = blank_pipeline("uk").make_doc(text)
        start = next(t.i for t in doc if t.text == name.split()[0])
        doc.ents = [Span(doc, start, start + len(name.split()), "PERS")]
        return apply_edits(doc, swap_edits(doc, LEX, "invert", NameSwapper(LEX, ONE_NAME)))

    assert swap_person("Раніше основним власником був Гагік Авагян.", "Гагік Авагян") \
        == "Раніше основною власницею була Марія Авагян."
    # a word the analyser knows is no such name: "Діда Мороза" keeps its "Діда"
    assert "Діда" in swap_person("Він не вірив у існування Діда Мороза.", "Діда Мороза")
    # a name of either gender to the analyser takes the gender of the title it is apposed to
    assert swap_person("Засновником фірми є датчанин Сорен Шмідт.", "Сорен Шмідт") \
        == "Засновницею фірми є датчанка Марія Шмідт."


def test_the_builtin_first_names_keep_the_apostrophe_after_a_labial():
    # Ukrainian writes an apostrophe between a labial (б, п, в, м, ф) that opens the word or
    # follows a vowel and a following я, ю, є, ї: В'ячеслав, not Вячеслав (Святослав has none:
    # its в follows a consonant)
    labial = re.compile(r"(?<![бвгґджзклмнпрстфхцчшщ])[бпвмф][яюєї]")
    names = builtin_name_list(load_profile("uk")).names
    wrong = [name for group in names.values() for name, _ in group if labial.search(name.lower())]
    assert wrong == []
    assert "В'ячеслав" in {name for name, _ in names["masculine"]}
