"""Ukrainian agreement and targeting rules of the swap engine, on sentences shaped like the
NER-UK news lines they were found in (entities given as the corpus annotates them)."""

import pytest
import spacy

from tests.swap.helpers import doc_with_entities


@pytest.fixture(scope="module")
def nlp():
    nlp = spacy.blank("uk")
    nlp.add_pipe("gender_swapper", config={"seed": 0, "swap_names": False})
    return nlp


@pytest.fixture(scope="module")
def nlp_names():
    nlp = spacy.blank("uk")
    nlp.add_pipe("gender_swapper", config={"seed": 0})
    return nlp


@pytest.fixture(scope="module")
def nlp_one_name(tmp_path_factory):
    """Names swapped, drawing from one name per gender, so outputs are exact."""
    names = tmp_path_factory.mktemp("names") / "names.tsv"
    names.write_text("Петро\tmasculine\t1\nМарія\tfeminine\t1\n", encoding="utf-8")
    nlp = spacy.blank("uk")
    nlp.add_pipe("gender_swapper", config={"seed": 0, "name_list": str(names)})
    return nlp


def swap(nlp, text, *entities):
    """Swap ``text`` with entities given as (label, words) found in order."""
    return nlp(doc_with_entities(nlp, text, entities))


@pytest.mark.parametrize(("text", "entities", "expected"), [
    # a bare surname reads as both genders (or only as the indeclinable feminine): the verb
    # and the relative pronoun that agree with it decide
    ("Косенко, який керує компанією, був депутатом міськради.",
     [("PERS", "Косенко"), ("JOB", "депутатом")],
     "Косенко, яка керує компанією, була депутаткою міськради."),
    ("Сухович виграв конкурс на посаду.", [("PERS", "Сухович")],
     "Сухович виграла конкурс на посаду."),
])
def test_bare_surname_takes_its_gender_from_agreement(nlp_names, text, entities, expected):
    assert swap(nlp_names, text, *entities)._.swapped == expected


def test_predicate_one_of(nlp_names):
    doc = swap(nlp_names, "Демішкан був одним із засновників клубу.",
               ("PERS", "Демішкан"), ("JOB", "засновників"))
    assert doc._.swapped == "Демішкан була однією із засновниць клубу."


def test_adjectival_surname_and_abbreviation_inside_the_clause(nlp_names):
    doc = swap(nlp_names, "Шишацький у 2009-2010 рр. працював директором заводу.",
               ("PERS", "Шишацький"), ("JOB", "директором"))
    assert doc._.swapped == "Шишацька у 2009-2010 рр. працювала директоркою заводу."


@pytest.mark.parametrize(("text", "entities", "expected"), [
    # predicate adjectives agree like the verb
    ("Журналіст виявився приязним.", [("JOB", "Журналіст")],
     "Журналістка виявилася приязною."),
    # a quoted name or a parenthesis does not end the subject's clause
    ("Екс-керівник «Укравтодору» відгородив ділянку.", [("JOB", "Екс-керівник")],
     "Екс-керівниця «Укравтодору» відгородила ділянку."),
    ("Депутат (Свобода) заявив про це.", [("JOB", "Депутат")],
     "Депутатка (Свобода) заявила про це."),
    # verbs juxtaposed after a comma share the subject
    ("Механік шпарко вдихнув, заплющив очі.", [("JOB", "Механік")],
     "Механікиня шпарко вдихнула, заплющила очі."),
    # ... or a dash
    ("Механік проводив там дні — мастив піддон, ладнав гачки.", [("JOB", "Механік")],
     "Механікиня проводила там дні — мастила піддон, ладнала гачки."),
    # adverbs between the conjunction or comma and the verb; "але" joins verbs too
    ("Юрист працював у суді, чудово грав на роялі.", [("JOB", "Юрист")],
     "Юристка працювала у суді, чудово грала на роялі."),
    ("Депутат задекларував внески, однак забув про фірму.", [("JOB", "Депутат")],
     "Депутатка задекларувала внески, однак забула про фірму."),
    ("Кандидат балотувався, але не пройшов.", [("JOB", "Кандидат")],
     "Кандидатка балотувалася, але не пройшла."),
    # a prepositional phrase between the conjunction and the verb; not a verb with its
    # own subject after it
    ("Депутат вийшов із фракції та разом з кількома колегами від «Свободи» долучився до "
     "групи.", [("JOB", "Депутат")],
     "Депутатка вийшла із фракції та разом з кількома колегами від «Свободи» долучилася до "
     "групи."),
    ("Лікар сів і в кімнаті пролунав дзенькіт.", [("JOB", "Лікар")],
     "Лікарка сіла і в кімнаті пролунав дзенькіт."),
    # the verb before the subject, and the verbs after it
    ("Тоді вийшов лікар, прочитав лекцію і пішов.", [],
     "Тоді вийшла лікарка, прочитала лекцію і пішла."),
    # "тис." is an abbreviation, not the verb "тис"
    ("Лікар отримав 5 тис. грн.", [], "Лікарка отримала 5 тис. грн."),
    # a clause-initial adjective standing for the swapped person
    ("Директор пішов. Останній є власником фірми.", [("JOB", "Директор")],
     "Директорка пішла. Остання є власницею фірми."),
])
def test_agreement_beyond_the_noun_phrase(nlp, text, entities, expected):
    assert swap(nlp, text, *entities)._.swapped == expected


@pytest.mark.parametrize(("text", "entities", "expected"), [
    # the plural of a feminine whose lemma carries no case in the dictionary
    ("Вони йшли обережно, як розвідники у ворожому тилу.", [("JOB", "розвідники")],
     "Вони йшли обережно, як розвідниці у ворожому тилу."),
    # "журналісти" is nominative: an animate accusative would be "журналістів"
    ("Не перший рік журналісти домагались підтримки.", [("JOB", "журналісти")],
     "Не перший рік журналістки домагались підтримки."),
    # у + animate noun: the genitive
    ("Аж у писаря мороз сипнув по шкірі.", [("JOB", "писаря")],
     "Аж у писарки мороз сипнув по шкірі."),
    # coordination passes the governing verb's accusative on
    ("Слідчі звинувачують Корнійця та першого заступника управління у вимаганні.",
     [("PERS", "Корнійця"), ("JOB", "першого заступника управління")],
     "Слідчі звинувачують Корнійця та першу заступницю управління у вимаганні."),
    # a phrase opening its clause before a verb is the verb's object, not a genitive
    ("Молодого журналіста призначили редактором.", [("JOB", "журналіста")],
     "Молоду журналістку призначили редакторкою."),
    ("Відомо, що майбутнього директора «Агротехбуду» відібрали на посаду.",
     [("JOB", "директора"), ("ORG", "«Агротехбуду»")],
     "Відомо, що майбутню директорку «Агротехбуду» відібрали на посаду."),
    # a prefix written with a hyphen stands between the preposition and the noun
    ("Ніхто не поручився за екс-чиновника.", [("JOB", "екс-чиновника")],
     "Ніхто не поручився за екс-чиновницю."),
    # after a preposition "посади" is the noun, not the imperative taking an object
    ("Його зняли з посади редактора районки.", [("JOB", "редактора")],
     "Її зняли з посади редакторки районки."),
])
def test_case_of_the_counterpart(nlp, text, entities, expected):
    assert swap(nlp, text, *entities)._.swapped == expected


@pytest.mark.parametrize(("text", "entities", "expected"), [
    # only the head of a job title swaps: the minister is another person
    ("При цьому заступник міністра зазначив, що слідство триває.",
     [("JOB", "заступник міністра")],
     "При цьому заступниця міністра зазначила, що слідство триває."),
    ("Вчителька математики не поважала його.", [("JOB", "Вчителька математики")],
     "Вчитель математики не поважав його."),
    # titles coordinated inside one entity both swap
    ("Засновник і директор фірми підписав угоду.", [("JOB", "Засновник і директор")],
     "Засновниця і директорка фірми підписала угоду."),
    # a modifier the dictionary lists without a case in its lemma form is nominative
    ("Дніпропетровський міжрайонний прокурор звернувся до суду.",
     [("JOB", "Дніпропетровський міжрайонний прокурор")],
     "Дніпропетровська міжрайонна прокурорка звернулася до суду."),
])
def test_only_the_head_of_a_job_title_swaps(nlp, text, entities, expected):
    assert swap(nlp, text, *entities)._.swapped == expected


def test_a_conjunction_is_not_taken_for_a_demonstrative(nlp_names):
    doc = swap(nlp_names, "Засновниками є Людмила Дворакевич та Василь Зубрицький.",
               ("PERS", "Людмила Дворакевич"), ("PERS", "Василь Зубрицький"))
    assert doc._.swapped.split()[4] == "та"
    assert all(edit["old"] != "та" for edit in doc._.swap_edits)


@pytest.mark.parametrize(("text", "expected"), [
    # фірма is feminine, so "який" can only be the director
    ("Директор фірми, який очолював її роками, пішов.",
     "Директорка фірми, яка очолювала її роками, пішла."),
    # завод is masculine too, but a relative that is its verb's subject or object right
    # after the comma is the person's, as NER-UK's texts and references have it (every such
    # relative in its 18,339 lines)
    ("Директор заводу, який працює цілодобово, пішов.",
     "Директорка заводу, яка працює цілодобово, пішла."),
    ("Прийшов керівник Донецького опікового центру, якого пов'язують стосунки з головою.",
     "Прийшла керівниця Донецького опікового центру, яку пов'язують стосунки з головою."),
    # a relative after a preposition, or a possessive after its noun, stays the thing's
    ("Директор заводу, на якому працює тисяча людей, пішов.",
     "Директорка заводу, на якому працює тисяча людей, пішла."),
    ("Директор заводу, основним видом діяльності якого є ремонт, пішов.",
     "Директорка заводу, основним видом діяльності якого є ремонт, пішла."),
    # and so does one whose clause has a subject of its own
    ("Директор фірми, якій ТЕЦ подарувала мільйони, пішов.",
     "Директорка фірми, якій ТЕЦ подарувала мільйони, пішла."),
])
def test_relative_clause_after_a_genitive_tail(nlp, text, expected):
    assert swap(nlp, text)._.swapped == expected


@pytest.mark.parametrize(("text", "expected"), [
    # the relative pronoun's verbs end with its clause: міг is the way's
    ("Шлях хлопця, який захоплювався спортом, міг скластися інакше.",
     "Шлях дівчини, яка захоплювалася спортом, міг скластися інакше."),
    # ... past a comparison inserted in it
    ("Я бачив льотчика, який злетів угору, наче пташка, і впав у кущі.",
     "Я бачив льотчицю, яка злетіла угору, наче пташка, і впала у кущі."),
])
def test_relative_clause_verbs_end_with_the_clause(nlp, text, expected):
    assert swap(nlp, text)._.swapped == expected


def test_a_clause_inserted_after_another_with_its_own_named_subject_is_passed(nlp_one_name):
    # ", коли … очолював Ісік," right after the relative pronoun's adverb: очолював is
    # Ісік's, and the relative's verb comes after it
    doc = swap(nlp_one_name,
               "Директором є Сергій Вовколуп, який раніше, коли «Тепломережу» очолював Ісік, "
               "був інженером.", ("PERS", "Сергій Вовколуп"), ("PERS", "Ісік"))
    assert doc._.swapped == ("Директоркою є Марія Вовколуп, яка раніше, коли «Тепломережу» "
                             "очолював Ісік, була інженеркою.")


@pytest.mark.parametrize(("text", "expected"), [
    # "якого" is the object of the verb after it: the feminine accusative
    ("Власником є лікар, якого поважають усі.", "Власницею є лікарка, яку поважають усі."),
    # a negation governs the genitive, a preposition its own case
    ("Власником є лікар, якого не було вдома.", "Власницею є лікарка, якої не було вдома."),
    ("Власником є лікар, до якого ходять усі.", "Власницею є лікарка, до якої ходять усі."),
    # "який" is its verb's subject, never the inanimate accusative
    ("Власником є лікар, який лікує всіх.", "Власницею є лікарка, яка лікує всіх."),
    # a possessive genitive after its noun, past the genitive tail
    ("Затримали громадянина Канади, ім'я якого не зазначене.",
     "Затримали громадянку Канади, ім'я якої не зазначене."),
])
def test_case_of_a_relative_pronoun_from_its_clause(nlp, text, expected):
    assert swap(nlp, text)._.swapped == expected


@pytest.mark.parametrize(("text", "entities", "expected"), [
    # what "визнати", "вважати" … say of their object agrees with it: after the object and
    # its tail, before it, after a fronted object's verb, and after a pronoun object
    ("Суд визнав інженера ДП «Південна залізниця» винним у недбалості.",
     [("ORG", "ДП «Південна залізниця»")],
     "Суд визнав інженерку ДП «Південна залізниця» винною у недбалості."),
    ("Суд визнав винною колишню заступницю голови.", [],
     "Суд визнав винним колишнього заступника голови."),
    # so does a person noun in the instrumental between the verb and its object (not after
    # a linking verb: "був сином свого батька" keeps the genitive)
    ("Фірма має засновником мешканця Києва.", [("JOB", "засновником"), ("JOB", "мешканця")],
     "Фірма має засновницею мешканку Києва."),
    ("Лікаря вважали найкращим.", [], "Лікарку вважали найкращою."),
    ("Суд визнав його винним.", [], "Суд визнав її винною."),
    ("Суд визнав його брата винним.", [], "Суд визнав її сестру винною."),
    # a person noun predicated of the object swaps with it; "Мешканці" before the plural
    # verb is their plural, not the dative of "мешканка"
    ("Мешканці обрали лікаря депутатом.", [], "Мешканці обрали лікарку депутаткою."),
    # other verbs' instrumental adjectives are no predicate of their object
    ("Лікар зустрів Петра радісним.", [], "Лікарка зустріла Петра радісним."),
])
def test_instrumental_predicate_of_an_object(nlp, text, entities, expected):
    assert swap(nlp, text, *entities)._.swapped == expected


@pytest.mark.parametrize(("text", "entities", "expected"), [
    # a participle after the verb agrees although a person noun in another case follows
    ("Прокурор був обраний суддею апеляційного суду.", [("JOB", "Прокурор")],
     "Прокурорка була обрана суддею апеляційного суду."),
    # a predicate adjective with no verb at all, adverbs between
    ("Директор також відомий як власник ресторану.", [("JOB", "Директор")],
     "Директорка також відома як власниця ресторану."),
    # "як" is the conjunction here, not a noun the adjective could modify
    ("Лікар відомий як автор підручника.", [],
     "Лікарка відома як авторка підручника."),
    # or past a prepositional phrase (the locative read after a pronoun too)
    ("А сам комунальник в цій фірмі вказаний директором.", [("JOB", "директором")],
     "А сама комунальниця в цій фірмі вказана директоркою."),
    ("Він у чомусь схожий на море.", [], "Вона у чомусь схожа на море."),
    # past an adverb that also spells an adjective of another gender ("дуже": дужий)
    ("Директор був дуже веселий.", [("JOB", "Директор")], "Директорка була дуже весела."),
    # but not the object of a preposition right before it
    ("Будинок прокурор у декларації за минулий рік не зазначив.", [],
     "Будинок прокурорка у декларації за минулий рік не зазначила."),
    # an adverbial participle between commas does not end the subject's clause
    ("Начальник управління, зловживаючи службовим становищем, оштрафував фірму.",
     [("JOB", "Начальник управління")],
     "Начальниця управління, зловживаючи службовим становищем, оштрафувала фірму."),
    # nor does a participle phrase, which agrees itself
    ("Жоден підприємець, не обізнаний з ринком, не ризикнув.", [("JOB", "підприємець")],
     "Жодна підприємниця, не обізнана з ринком, не ризикнула."),
    # "один" agrees like an adjective
    ("Ще один науковець стояв біля пульта.", [("JOB", "науковець")],
     "Ще одна науковиця стояла біля пульта."),
])
def test_predicates_and_inserted_phrases(nlp, text, entities, expected):
    assert swap(nlp, text, *entities)._.swapped == expected


def test_conjunction_after_a_name_is_no_predicate(nlp_names):
    doc = swap(nlp_names, "Про це писали Мацуревич, Кіпріанов та ін.", ("PERS", "Кіпріанов"))
    assert doc._.swapped.endswith(" та ін.")


@pytest.mark.parametrize(("text", "entities", "expected"), [
    # "військового" agrees with "патруля": an adjective, not the noun "військовий"
    ("Шлях утікача веде до першого військового патруля.", [],
     "Шлях утікачки веде до першого військового патруля."),
    # "князів" is the noun here, though it also reads as the possessive adjective
    # "the prince's" and "став" as the noun "pond"
    ("Замок князів став музеєм.", [("JOB", "князів")], "Замок княгинь став музеєм."),
    # a quoted adjective before the noun it agrees with ("підозрюваним" is no person)
    ("Комітет надав «підозрюваним» рітейлерам рекомендації.", [],
     "Комітет надав «підозрюваним» рітейлерам рекомендації."),
])
def test_adjectival_noun_before_a_common_noun(nlp, text, entities, expected):
    assert swap(nlp, text, *entities)._.swapped == expected


def test_prepositional_phrase_with_a_pronoun_is_skipped_for_the_case(nlp):
    # the verb governs "лікаря" (accusative), not "до" (genitive)
    doc = swap(nlp, "Він якось привіз до них старенького лікаря.")
    assert doc._.swapped == "Вона якось привезла до них стареньку лікарку."


@pytest.mark.parametrize(("text", "entities", "expected"), [
    # a participle after a comma agrees with the person in the person's case
    ("Власником фірми є Віталій Сухаревський, прописаний у Луганську.",
     [("PERS", "Віталій Сухаревський")],
     "Власницею фірми є Марія Сухаревська, прописана у Луганську."),
    ("Фірма пов'язана з Юрієм Іванющенком, відомим як меценат.",
     [("PERS", "Юрієм Іванющенком")],
     "Фірма пов'язана з Марією Іванющенко, відомою як меценатка."),
    # past the title's genitive tail (no noun there of the title's gender), and in brackets
    ("Фірма належить сину депутата Одеської обласної ради, обраного від Партії регіонів.",
     [("JOB", "депутата")],
     "Фірма належить сину депутатки Одеської обласної ради, обраної від Партії регіонів."),
    ("Її очолює депутат Диканської райради ( позапартійний ) .", [("JOB", "депутат")],
     "Її очолює депутатка Диканської райради ( позапартійна ) ."),
    # a tail noun of the person's gender in another case is no rival (the round trip)
    ("Фірму очолює депутатка Київради, позапартійна.", [("JOB", "депутатка")],
     "Фірму очолює депутат Київради, позапартійний."),
    # a masculine noun in the tail may be what the participle agrees with: it stays
    ("Фірма належить сину депутата Одеського міського округу, обраного торік.",
     [("JOB", "депутата")],
     "Фірма належить сину депутатки Одеського міського округу, обраного торік."),
    # a participle coordinated with the verb
    ("Переміг Антон Кузнєцов, який вказав ті ж контакти і прописаний за однією адресою.",
     [("PERS", "Антон Кузнєцов")],
     "Перемогла Марія Кузнєцова, яка вказала ті ж контакти і прописана за однією адресою."),
    # a spaced abbreviation ("р .") does not end the clause
    ("Явище ізомерії відкрив у 1823 р . німецький хімік Ю . Лібіх .",
     [("JOB", "хімік")],
     "Явище ізомерії відкрила у 1823 р . німецька хімікиня Ю . Лібіх ."),
    # the possessor title of a swapped name changes with it; its modifiers across a prefix
    ("Він був помічником народного депутата від Партії регіонів Миколи Джиги.",
     [("PERS", "Миколи Джиги")],
     "Вона була помічницею народної депутатки від Партії регіонів Марії Джиги."),
    ("Він товариш колишнього віце-спікера Ігоря Калєтніка.", [("PERS", "Ігоря Калєтніка")],
     "Вона товаришка колишньої віце-спікерки Марії Калєтнік."),
])
def test_participles_dashes_and_named_possessors(nlp_one_name, text, entities, expected):
    assert swap(nlp_one_name, text, *entities)._.swapped == expected


@pytest.mark.parametrize(("text", "entities", "expected"), [
    # a reflexive verb takes no direct object: "лікаря" is the genitive
    ("Пацієнт боявся лікаря.", [], "Пацієнтка боялася лікарки."),
    # an organisation after the first title depends on it; the second title shares its case
    ("Прокуратура підозрює директора КВП «Краматорська тепломережа» та директора ТОВ «Укрпласт».",
     [("ORG", "Прокуратура"), ("JOB", "директора"), ("ORG", "КВП «Краматорська тепломережа»"),
      ("JOB", "директора"), ("ORG", "ТОВ «Укрпласт»")],
     "Прокуратура підозрює директорку КВП «Краматорська тепломережа» та директорку "
     "ТОВ «Укрпласт»."),
    # coordinated modifiers belong to the phrase: the verb governs past them, the fourth
    # conjunct included
    ("Херсонщина втратила талановитого журналіста, письменника, публіциста, першого і поки "
     "що єдиного лауреата премії.",
     [("JOB", "журналіста"), ("JOB", "письменника"), ("JOB", "публіциста"),
      ("JOB", "лауреата")],
     "Херсонщина втратила талановиту журналістку, письменницю, публіцистку, першу і поки "
     "що єдину лауреатку премії."),
])
def test_case_after_reflexive_verbs_and_coordinated_titles(nlp, text, entities, expected):
    assert swap(nlp, text, *entities)._.swapped == expected


@pytest.mark.parametrize(("text", "entities", "expected"), [
    ("Фінінспектор виявив порушення.", [("JOB", "Фінінспектор")],
     "Фінінспекторка виявила порушення."),
    ("Фінінспекторка виявила порушення.", [("JOB", "Фінінспекторка")],
     "Фінінспектор виявив порушення."),
    ("Держекоінспектори порахували збитки.", [("JOB", "Держекоінспектори")],
     "Держекоінспекторки порахували збитки."),
    ("Це підтверджено листом генпідрядника.", [("JOB", "генпідрядника")],
     "Це підтверджено листом генпідрядниці."),
])
def test_compound_titles_inflect_through_their_head(nlp, text, entities, expected):
    # the analyser knows "генпідрядник" but not "генпідрядниця": "підрядниця" is inflected
    assert swap(nlp, text, *entities)._.swapped == expected


@pytest.mark.parametrize(("text", "entities", "expected"), [
    # the verb right before the subject is its verb, though another agreeing verb follows
    # (past "ще", a particle the analyser lacks, in the relative clause's second verb);
    # "його" is the predecessor, not the subject of its clause, and stays
    ("У НКРЕКП його змінив Дмитро Вовк, який перед призначенням працював у офісі «Рошену», "
     "а ще раніше був помічником.", [("PERS", "Дмитро Вовк")],
     "У НКРЕКП його змінила Марія Вовк, яка перед призначенням працювала у офісі «Рошену», "
     "а ще раніше була помічницею."),
    # "рік" after its adjective is the noun, not the verb "ректи"
    ("Загалом за минулий рік Дмитро Вовк задекларував 1,53 млн грн. заробітку.",
     [("PERS", "Дмитро Вовк")],
     "Загалом за минулий рік Марія Вовк задекларувала 1,53 млн грн. заробітку."),
    # a generic masculine title naming a woman stays masculine when she becomes a man
    ("Він був помічником віце-президента банку Валерії Гонтарєвої.",
     [("PERS", "Валерії Гонтарєвої")],
     "Вона була помічницею віце-президента банку Петра Гонтарєва."),
])
def test_verb_before_the_subject_and_generic_titles(nlp_one_name, text, entities, expected):
    assert swap(nlp_one_name, text, *entities)._.swapped == expected


@pytest.mark.parametrize(("text", "entities", "expected"), [
    # a standalone subject whose verb comes later in the clause
    ("Засновником фірми є Олексій Ключка. Останній в 2003-2006 роках працював начальником "
     "управління.", [("PERS", "Олексій Ключка")],
     "Засновницею фірми є Марія Ключка. Остання в 2003-2006 роках працювала начальницею "
     "управління."),
    # ... or whose linking verb comes past an adverb
    ("Засновником фірми є Олексій Ключка. Останній також є власником управління.",
     [("PERS", "Олексій Ключка"), ("JOB", "власником")],
     "Засновницею фірми є Марія Ключка. Остання також є власницею управління."),
    # a noun's possessive form ("клієнтів", client's) is the noun, not a standalone subject
    ("Директор розповів, що «смачних» клієнтів з банку забирали.", [("JOB", "Директор")],
     "Директорка розповіла, що «смачних» клієнтів з банку забирали."),
    # the relative "що", its verb's predicate through a linking infinitive, and the
    # person's own verb past the relative clause
    ("Юрист, що побажав залишитися неназваним, розповів про це.", [("JOB", "Юрист")],
     "Юристка, що побажала залишитися неназваною, розповіла про це."),
    ("Поет, що мужню поезію творив упослідженою тоді мовою, помер.", [("JOB", "Поет")],
     "Поетеса, що мужню поезію творила упослідженою тоді мовою, померла."),
    # "що" with a subject of its own after the verb: "суд" confirmed it
    ("Він виявився шахраєм, що підтвердив суд.", [("JOB", "шахраєм")],
     "Вона виявилася шахрайкою, що підтвердив суд."),
    # (a name after the verb in a case no subject is in is no subject)
    ("Зізнається чоловік, що назвався Владиславом.", [("PERS", "Владиславом")],
     "Зізнається жінка, що назвалася Марією."),
    # the declined possessive "їхній" agrees with the noun (not so "його")
    ("Котляров виявився їхнім родичем.", [("PERS", "Котляров"), ("JOB", "родичем")],
     "Котлярова виявилася їхньою родичкою."),
    # an adjective after another infinitive is its object's
    ("Таким чином прокурор вимагав визнати недійсним договір оренди.", [("JOB", "прокурор")],
     "Таким чином прокурорка вимагала визнати недійсним договір оренди."),
])
def test_standalone_subjects_relative_that_and_predicates(nlp_one_name, text, entities,
                                                          expected):
    assert swap(nlp_one_name, text, *entities)._.swapped == expected


@pytest.mark.parametrize(("text", "entities", "expected"), [
    ("В'ячеслав Супруненко – депутат Київради, був одружений.",
     [("PERS", "В'ячеслав Супруненко"), ("JOB", "депутат Київради")],
     "Марія Супруненко – депутатка Київради, була одружена."),
])
def test_verb_after_a_verbless_dash_predicate(nlp_one_name, text, entities, expected):
    assert swap(nlp_one_name, text, *entities)._.swapped == expected


@pytest.mark.parametrize(("text", "entities", "expected"), [
    # a relative pronoun after a preposition agrees; the person's verb follows the clause
    ("Спочатку селищний голова, без якого вечеря не обійшлася, намагався втрутитися.",
     [("JOB", "селищний голова")],
     "Спочатку селищна голова, без якої вечеря не обійшлася, намагалася втрутитися."),
    # a nominative apposition between commas is skipped on the way to the verb
    ("Писар, магістратський службовець, бував тут частенько.", [("JOB", "Писар")],
     "Писарка, магістратська службовиця, бувала тут частенько."),
])
def test_clauses_between_commas(nlp, text, entities, expected):
    assert swap(nlp, text, *entities)._.swapped == expected


def test_adjectival_noun_before_a_verb_homograph(nlp):
    # "привіз" is the verb (brought) here, not the noun (delivery) "дільничний" would modify
    doc = swap(nlp, "Побачивши, що дільничний привіз із собою людей, він зрадів.",
               ("JOB", "дільничний"))
    assert doc._.swapped == "Побачивши, що дільнична привезла із собою людей, вона зраділа."


@pytest.mark.parametrize(("text", "entities", "expected"), [
    # noun/verb homographs read as nouns after a number or ending a noun phrase
    ("Засновником фірми з капіталом 5 тис грн. є юрист.", [("JOB", "Засновником")],
     "Засновницею фірми з капіталом 5 тис грн. є юристка."),
    ("Директор, який з 2005 по 2007 рік очолював службу, пішов.", [("JOB", "Директор")],
     "Директорка, яка з 2005 по 2007 рік очолювала службу, пішла."),
    ("Директор департаменту альтернативних палив звернув увагу.", [("JOB", "Директор")],
     "Директорка департаменту альтернативних палив звернула увагу."),
    # an instrumental modifier that is also a present-tense verb ("молодим": we rejuvenate)
    ("Ми говорили з молодим лікарем.", [], "Ми говорили з молодою лікаркою."),
    # a number joined to an adjective declines like the adjective
    ("Я познайомилася з 30-річним шахтарем.", [("JOB", "шахтарем")],
     "Я познайомилася з 30-річною шахтаркою."),
])
def test_noun_verb_homographs(nlp, text, entities, expected):
    assert swap(nlp, text, *entities)._.swapped == expected


@pytest.mark.parametrize(("text", "entities", "expected"), [
    # the walk to the subject's verb stops at a finite verb: "голубів" after "тримає" is the
    # pigeons, not the past tense of голубіти; "сосудів" after the woman's "відвела" too
    ("Цей колишній шахтар тримає голубів з п’яти років.", [],
     "Ця колишня шахтарка тримає голубів з п’яти років."),
    ("Лікар відвела їх на допплерографію сосудів.", [("JOB", "Лікар")],
     "Лікар відвів їх на допплерографію сосудів."),
    # a present-tense verb's predicate agrees, and a past verb joined to it by a conjunction
    ("Вона здається підозрілою і небезпечною.", [], "Він здається підозрілим і небезпечним."),
    ("Лікар тримає собаку і вчора продав її.", [], "Лікарка тримає собаку і вчора продала її."),
    # not a plural verb's (a group's), nor a conjunction that reads as a demonstrative, nor
    # a verb past a comma in another clause
    ("Соколов і лікар стали найодіознішим тандемом.", [],
     "Соколов і лікарка стали найодіознішим тандемом."),
    ("Я боялася, що вона не витримає та втече.", [], "Я боялася, що він не витримає та втече."),
    ("Жоден експерт не може сказати, коли пил досягнув міста.", [],
     "Жодна експертка не може сказати, коли пил досягнув міста."),
    # "сама" said of the subject is the emphatic сам, not the adjective самий
    ("Надвечір вона рубає сама.", [], "Надвечір він рубає сам."),
    # ... and before its noun, unless after a demonstrative ("того самого")
    ("Цю промову сама авторка прочитала.", [], "Цю промову сам автор прочитав."),
    # words hyphenated to an agreeing word agree with it
    ("А вчителька буде доброю-доброю.", [], "А вчитель буде добрим-добрим."),
    ("Він розповів про комісара, який бореться сам-один із мафією.", [],
     "Вона розповіла про комісарку, яка бореться сама-одна із мафією."),
])
def test_the_clause_verb_and_its_predicate(nlp, text, entities, expected):
    assert swap(nlp, text, *entities)._.swapped == expected


@pytest.mark.parametrize(("text", "entities", "expected"), [
    # a predicate past adverbs, and past a phrase between commas with no clause of its own
    ("Вона була двічі розлучена.", [], "Він був двічі розлучений."),
    ("Виявилося, що він, як і чимало молодих журналістів у редакції, був уже одруженим.", [],
     "Виявилося, що вона, як і чимало молодих журналістів у редакції, була вже одруженою."),
    ("А Христина, без сумніву, мала шанси піти далі.", [("PERS", "Христина")],
     "А Петро, без сумніву, мав шанси піти далі."),
    # (an adverb alone between commas too, before a verb or a verbless predicate)
    ("І він, імовірно, зупинився десь неподалік!", [], "І вона, імовірно, зупинилася десь "
     "неподалік!"),
    ("Читач, звичайно, цікавий до таких історій.", [],
     "Читачка, звичайно, цікава до таких історій."),
    # not the modifiers of a noun after them, known or not
    ("Гербурт створив надзвичайно експресивний і поетичний образ.", [("PERS", "Гербурт")],
     "Гербурт створила надзвичайно експресивний і поетичний образ."),
    ("Коли Саня заховав тут свій corpus delicti?", [("PERS", "Саня")],
     "Коли Марія заховала тут свій corpus delicti?"),
    # a phrase that goes on with what came before is not stepped over
    ("Заставши Чеслава з іншою, та ще й Голубою, вона зрозуміла все.", [("PERS", "Чеслава")],
     "Заставши Марію з іншою, та ще й Голубою, вона зрозуміла все."),
    # nouns that are also past-tense verbs after a modifier, not after a pronoun
    ("Декларацію за жоден рік він не оприлюднив.", [],
     "Декларацію за жоден рік вона не оприлюднила."),
    ("Стефка, котра жила найближче, повідомила новину.", [("PERS", "Стефка")],
     "Петро, котрий жив найближче, повідомив новину."),
])
def test_predicates_past_adverbs_and_inserted_phrases(nlp_one_name, text, entities, expected):
    assert swap(nlp_one_name, text, *entities)._.swapped == expected


def test_relative_clause_after_an_appositive_participle(nlp_one_name):
    doc = swap(nlp_one_name, "Йдеться про Олексія Алтуніна, прописаного в Донецьку, який став "
               "директором фірми.", ("PERS", "Олексія Алтуніна"))
    assert doc._.swapped == ("Йдеться про Марію Алтуніну, прописану в Донецьку, яка стала "
                             "директоркою фірми.")


def test_an_indeclinable_noun_after_a_noun_is_its_genitive(nlp):
    # "замдиректора" reads in every case of both genders: after "помешканні" it is the
    # noun's dependent, not a subject whose verb "опинилась" would be (that is картка's)
    doc = swap(nlp, "Банківська картка опинилась у помешканні замдиректора.")
    assert doc._.swapped == "Банківська картка опинилась у помешканні замдиректора."
    assert doc._.swap_edits == []
    # a name after it shows the case: "пані Даманська" is the subject
    doc = swap(nlp, "Відповідь пані Даманська отримала.")
    assert doc._.swapped == "Відповідь пан Даманська отримав."


@pytest.fixture(scope="module")
def nlp_one_name_feminine_first(tmp_path_factory):
    names = tmp_path_factory.mktemp("names_ff") / "names.tsv"
    names.write_text("Петро\tmasculine\t1\nМарія\tfeminine\t1\n", encoding="utf-8")
    nlp = spacy.blank("uk")
    nlp.add_pipe("gender_swapper", config={"seed": 0, "name_list": str(names),
                                           "direction": "feminine_first"})
    return nlp


@pytest.mark.parametrize(("text", "entities", "expected"), [
    # a woman who becomes a man keeps the generic masculine title predicated of her
    ("При цьому Таїсія Гріпак є директором РВПРГ.",
     [("PERS", "Таїсія Гріпак"), ("JOB", "директором")],
     "При цьому Петро Гріпак є директором РВПРГ."),
    ("Загребельська в 2014-2015 роках працювала першим заступником голови служби.",
     [("PERS", "Загребельська"), ("JOB", "першим заступником голови служби")],
     "Загребельський в 2014-2015 роках працював першим заступником голови служби."),
    # a man's title still changes with him
    ("Шишацький у 2009-2010 рр. працював директором ТОВ «Фармація Донбасу».",
     [("PERS", "Шишацький"), ("JOB", "директором")],
     "Шишацька у 2009-2010 рр. працювала директоркою ТОВ «Фармація Донбасу»."),
    ("Олег Згурський у 2006-2007 рр був помічником депутата.",
     [("PERS", "Олег Згурський"), ("JOB", "помічником депутата")],
     "Марія Згурська у 2006-2007 рр була помічницею депутата."),
    # a title predicated of an organisation has no gender to change
    ("Засновником цієї фірми є ТОВ «Хокейний клуб «Донбас».",
     [("JOB", "Засновником"), ("ORG", "ТОВ «Хокейний клуб «Донбас»")],
     "Засновником цієї фірми є ТОВ «Хокейний клуб «Донбас»."),
    ("Ця фірма була співзасновником ТОВ «Дозор».", [("JOB", "співзасновником")],
     "Ця фірма була співзасновником ТОВ «Дозор»."),
    # ... but for the grammatical gender of the feminine noun the organisation's name
    # follows, which it agrees with as current usage has it
    ("Засновником ТОВ «Укррослізинг» є кіпрська компанія «Укррослізинг сайпрус лімітед».",
     [("JOB", "Засновником")],
     "Засновницею ТОВ «Укррослізинг» є кіпрська компанія «Укррослізинг сайпрус лімітед»."),
    ("Кінцевим власником фірми є британська компанія «Нетворк Селектс Лімітед».",
     [("JOB", "власником")],
     "Кінцевою власницею фірми є британська компанія «Нетворк Селектс Лімітед»."),
    # (and back: a second swap restores the first)
    ("Кінцевою власницею фірми є британська компанія «Нетворк Селектс Лімітед».",
     [("JOB", "власницею")],
     "Кінцевим власником фірми є британська компанія «Нетворк Селектс Лімітед»."),
    ("Чемпіоном стала команда Полтавського району.",
     [("JOB", "Чемпіоном"), ("LOC", "Полтавського району")],
     "Чемпіоном стала команда Полтавського району."),
    # the people of a group with organisations in it decide its plural title (the swapped
    # people are all women); a group of organisations keeps it
    ("Засновниками ТОВ «Еко-Сервіс» є Анатолій Шуляк і ТОВ «Володар – Роз».",
     [("JOB", "Засновниками"), ("PERS", "Анатолій Шуляк"), ("ORG", "ТОВ «Володар – Роз»")],
     "Засновницями ТОВ «Еко-Сервіс» є Марія Шуляк і ТОВ «Володар – Роз»."),
    ("Засновниками фірми є ТОВ «Прайд» і ТОВ «Володар».",
     [("JOB", "Засновниками"), ("ORG", "ТОВ «Прайд»"), ("ORG", "ТОВ «Володар»")],
     "Засновниками фірми є ТОВ «Прайд» і ТОВ «Володар»."),
    ("Засновниками фірми є Микола Зенков та Микола Брунько, бізнес-партнер Андрія Альоші.",
     [("JOB", "Засновниками"), ("PERS", "Микола Зенков"), ("PERS", "Микола Брунько")],
     "Засновницями фірми є Марія Зенкова та Марія Брунько, бізнес-партнерка Андрія Альоші."),
    # a masculine title right before a woman's name in its case is hers: she becomes a man
    # and keeps it (a man's animate accusative: Петра, not the nominative)
    ("АМКУ наклало штраф на підприємця Валентину Козименко.",
     [("JOB", "підприємця"), ("PERS", "Валентину Козименко")],
     "АМКУ наклало штраф на підприємця Петра Козименка."),
    ("Так пояснює етнограф Лілія Мусіхіна.", [("PERS", "Лілія Мусіхіна")],
     "Так пояснює етнограф Петро Мусіхін."),
])
def test_titles_predicated_of_other_referents(nlp_one_name, text, entities, expected):
    assert swap(nlp_one_name, text, *entities)._.swapped == expected


@pytest.mark.parametrize(("text", "entities", "expected"), [
    # a man and a woman: he becomes a woman, she stays, and the generic masculine title
    # of a woman who stays one becomes feminine, like the group's "кияни"
    ("Засновниками фірми є кияни Костянтин Сенюков і Світлана Ланчук.",
     [("JOB", "Засновниками"), ("PERS", "Костянтин Сенюков"), ("PERS", "Світлана Ланчук")],
     "Засновницями фірми є киянки Марія Сенюкова і Світлана Ланчук."),
    ("Директором є Олена Павлишина.", [("JOB", "Директором"), ("PERS", "Олена Павлишина")],
     "Директоркою є Олена Павлишина."),
    # nothing masculine: the feminine persons become masculine
    ("Журналістка виявилася приязною і погодилася на зустріч.", [("JOB", "Журналістка")],
     "Журналіст виявився приязним і погодився на зустріч."),
    # a masculine title apposed to a woman's name is no man: she becomes one, keeping it
    ("Так пояснює етнограф Лілія Мусіхіна.", [("PERS", "Лілія Мусіхіна")],
     "Так пояснює етнограф Петро Мусіхін."),
    # so does a generic masculine predicated of her after she is named; a title put first
    # (above: "Директором є Олена") takes her gender
    ("При цьому Таїсія Гріпак є директором РВПРГ.",
     [("PERS", "Таїсія Гріпак"), ("JOB", "директором")],
     "При цьому Петро Гріпак є директором РВПРГ."),
    ("Загребельська в 2014-2015 роках працювала першим заступником голови служби.",
     [("PERS", "Загребельська"), ("JOB", "першим заступником голови служби")],
     "Загребельський в 2014-2015 роках працював першим заступником голови служби."),
    # (an organisation's title stays, whatever its verb's gender)
    ("«Діта» стала переможцем тендеру.", [("JOB", "переможцем")],
     "«Діта» стала переможцем тендеру."),
    # but where a man is swapped, she stays a woman and her title takes the feminine
    ("Етнограф Лілія Мусіхіна і директор Іван Бойко пояснили це.",
     [("PERS", "Лілія Мусіхіна"), ("PERS", "Іван Бойко")],
     "Етнографка Лілія Мусіхіна і директорка Марія Бойко пояснили це."),
])
def test_feminine_first_direction(nlp_one_name_feminine_first, text, entities, expected):
    assert swap(nlp_one_name_feminine_first, text, *entities)._.swapped == expected


@pytest.mark.parametrize(("text", "entities", "expected"), [
    # a spouse turns with the partner, in any direction: here the man becomes a woman and
    # his wife, though feminine, becomes her husband
    ("Дружина народного депутата Юрія Мірошниченка намагається продати будинок.",
     [("JOB", "народного депутата"), ("PERS", "Юрія Мірошниченка")],
     "Чоловік народної депутатки Марії Мірошниченко намагається продати будинок."),
    ("Віталій Плевнік не задекларував пожежний бізнес дружини.",
     [("PERS", "Віталій Плевнік")],
     "Марія Плевнік не задекларувала пожежний бізнес чоловіка."),
    # the spouse's own name turns with the noun, in its case
    ("Депутат Роман Федишин задекларував внески, а його дружина Наталія мала частку.",
     [("JOB", "Депутат"), ("PERS", "Роман Федишин"), ("PERS", "Наталія")],
     "Депутатка Марія Федишина задекларувала внески, а її чоловік Петро мав частку."),
    ("Станіслав Путілов з дружиною Надією володіє підприємством.",
     [("PERS", "Станіслав Путілов"), ("PERS", "Надією")],
     "Марія Путілова з чоловіком Петром володіє підприємством."),
    # ... and the name it is apposed to, with the words agreeing with that name
    ("Раніше до складу власників входила Лілія Близнюк, дружина губернатора Анатолія "
     "Близнюка.",
     [("PERS", "Лілія Близнюк"), ("JOB", "губернатора"), ("PERS", "Анатолія Близнюка")],
     "Раніше до складу власників входив Петро Близнюк, чоловік губернаторки Марії Близнюк."),
    # a spouse noun apposed to a name has its person: the name after it is the partner,
    # a genitive ("Руслана" is Руслан's, not the nominative of Руслана)
    ("Фірму отримала Оксана Шишовська, дружина Руслана Тарпана, депутата ради.",
     [("PERS", "Оксана Шишовська"), ("PERS", "Руслана Тарпана"), ("JOB", "депутата")],
     "Фірму отримав Петро Шишовський, чоловік Марії Тарпан, депутатки ради."),
    ("Будинок купила дружина Кравця Марина Пелих.",
     [("PERS", "Кравця"), ("PERS", "Марина Пелих")],
     "Будинок купив чоловік Кравець Петро Пелих."),
    # (past the partner's whole title, or past a partner's surname of no known gender)
    ("Дружина народного депутата від Опозиційного блока Юрія Мірошниченка Софія продає "
     "будинок.",
     [("JOB", "народного депутата"), ("ORG", "Опозиційного блока"),
      ("PERS", "Юрія Мірошниченка"), ("PERS", "Софія")],
     "Чоловік народної депутатки від Опозиційного блока Марії Мірошниченко Петро продає "
     "будинок."),
    # (a genitive name of the spouse's own gender past the partner's title is the spouse's)
    ("Він є партнером дружини міністра молоді та спорту Ірини Сафіулліної.",
     [("JOB", "міністра"), ("PERS", "Ірини Сафіулліної")],
     "Вона є партнеркою чоловіка міністерки молоді та спорту Петра Сафіулліна."),
    # (and one apposed after the partner, past a comma)
    ("Це бізнес-партнер дружини Святаша, Лариси.", [("PERS", "Святаша"), ("PERS", "Лариси")],
     "Це бізнес-партнер чоловіка Святаш, Петра."),
    ("Дозволи отримали дружина Журавко Анжела та його тесть Юрій Сокол.",
     [("PERS", "Журавко"), ("PERS", "Анжела"), ("PERS", "Юрій Сокол")],
     "Дозволи отримали чоловік Журавко Петро та її теща Марія Сокол."),
    # a spouse noun apposed to a relative's genitive name turns that name
    ("Це мати Ірини Скарбовійчук, дружини Руслана Скарбовійчука, депутата.",
     [("PERS", "Ірини Скарбовійчук"), ("PERS", "Руслана Скарбовійчука"), ("JOB", "депутата")],
     "Це мати Петра Скарбовійчука, чоловіка Марії Скарбовійчук, депутатки."),
    # ... and elsewhere a woman
    ("Жінка прийшла до депутата.", [], "Жінка прийшла до депутатки."),
    # with no partner swapped, a spouse noun is a person noun like any other
    ("Дружина прийшла додому.", [], "Чоловік прийшов додому."),
])
def test_spouse_turns_with_the_partner(nlp_one_name_feminine_first, text, entities, expected):
    assert swap(nlp_one_name_feminine_first, text, *entities)._.swapped == expected


@pytest.mark.parametrize(("text", "entities", "expected"), [
    # words with an apostrophe agree like any other, in the text's own apostrophe
    ("На розгляд апеляції представник прокуратури не з’явився.",
     [("JOB", "представник прокуратури")],
     "На розгляд апеляції представниця прокуратури не з’явилася."),
    ("На розгляд апеляції представник прокуратури не з'явився.",
     [("JOB", "представник прокуратури")],
     "На розгляд апеляції представниця прокуратури не з'явилася."),
    # the undeclined first part of a hyphenated title stays
    ("Про це заявив прем'єр-міністр Микола Азаров.",
     [("JOB", "прем'єр-міністр"), ("PERS", "Микола Азаров")],
     "Про це заявила прем'єр-міністерка Марія Азарова."),
    ("Нараду провів помічник прем'єр-міністра Миколи Азарова.",
     [("JOB", "помічник прем'єр-міністра"), ("PERS", "Миколи Азарова")],
     "Нараду провела помічниця прем'єр-міністерки Марії Азарової."),
])
def test_apostrophes_and_hyphenated_titles(nlp_one_name, text, entities, expected):
    assert swap(nlp_one_name, text, *entities)._.swapped == expected


@pytest.mark.parametrize(("text", "entities", "expected"), [
    # both parts of a declined hyphenated title change, in the first part's case
    ("Загалом за минулий рік депутат-підприємець задекларував 1,53 млн грн.",
     [("JOB", "депутат-підприємець")],
     "Загалом за минулий рік депутатка-підприємниця задекларувала 1,53 млн грн."),
    ("Птахи в цих краях зрівнюють робітника-нелегала з усіма.",
     [("JOB", "робітника-нелегала")],
     "Птахи в цих краях зрівнюють робітницю-нелегалку з усіма."),
    # a genitive title after the head is another person's: it stays
    ("Заступник міністра підписав наказ.", [("JOB", "Заступник міністра")],
     "Заступниця міністра підписала наказ."),
])
def test_hyphenated_titles_change_in_both_parts(nlp, text, entities, expected):
    assert swap(nlp, text, *entities)._.swapped == expected


@pytest.mark.parametrize(("text", "entities", "expected"), [
    # a verb out of the walks' reach, with no subject of its own in its clause, agrees
    # with the sentence's only subject of its gender
    ("Після перевірки інспектор склав акт, у якому зафіксував порушення.",
     [("JOB", "інспектор")],
     "Після перевірки інспекторка склала акт, у якому зафіксувала порушення."),
    ("На відміну від них, дільничний не ховався і, як мені здалося, нікого особливо не боявся.",
     [("JOB", "дільничний")],
     "На відміну від них, дільнична не ховалася і, як мені здалося, нікого особливо не "
     "боялася."),
    # a clause with a subject of its own keeps its verb: an organisation, a noun, "я"
    ("Суддя тлумачив постанову так, що «Укрвійськбуд» розрахувався з кредиторами.",
     [("JOB", "Суддя"), ("ORG", "«Укрвійськбуд»")],
     "Суддя тлумачила постанову так, що «Укрвійськбуд» розрахувався з кредиторами."),
    ("Директор пішов, коли зібрався величезний майдан.", [("JOB", "Директор")],
     "Директорка пішла, коли зібрався величезний майдан."),
    ("Директор пішов, а потім я довго пам’ятав цю розмову.", [("JOB", "Директор")],
     "Директорка пішла, а потім я довго пам’ятав цю розмову."),
    # (after "не", "міг" is the verb, not the noun МіГ it also spells)
    ("Директор хотів відповісти, та чомусь не міг промовити ані слова.",
     [("JOB", "Директор")],
     "Директорка хотіла відповісти, та чомусь не могла промовити ані слова."),
    # ... and so does a "що" clause after a thing of its verb's gender, the relative's
    # antecedent (past its genitive tail); not after a person noun ("Керівник банку, що")
    ("Співак заспівав гімн міста, що давно не звучав.", [("JOB", "Співак")],
     "Співачка заспівала гімн міста, що давно не звучав."),
    ("Керівник банку, що побажав залишитися неназваним, розповів.", [("JOB", "Керівник")],
     "Керівниця банку, що побажала залишитися неназваною, розповіла."),
    # with what the verb predicates (банк could be what "що" refers to: no relative clause)
    ("Керівник банку, що побажав залишитися неназваним, розповів про це.", [],
     "Керівниця банку, що побажала залишитися неназваною, розповіла про це."),
    # a subject whose own verb stands past a comma
    ("Директор фірми, за словами Івана, вчора прийшов додому.", [("JOB", "Директор")],
     "Директорка фірми, за словами Івана, вчора прийшла додому."),
    # ... past a place after an abbreviated noun and before an amount, neither of them a
    # subject ("м." is місто; тис, yew, after a figure is "thousand")
    ("Чиновник у салоні авто, на парковці у м. Дніпрі отримав $31 тис хабара.",
     [("JOB", "Чиновник"), ("LOC", "Дніпрі"), ("MON", "$31 тис")],
     "Чиновниця у салоні авто, на парковці у м. Дніпрі отримала $31 тис хабара."),
    # a person with a verb of its own in its clause is not the subject of the others
    ("Потреба провести огляд, поки докторка вовтузиться з аналізами, привела мене туди.", [],
     "Потреба провести огляд, поки доктор вовтузиться з аналізами, привела мене туди."),
    # a title apposed to a kept name is no subject: the name is
    ("Іван Петренко, директор фірми, вчора прийшов додому.",
     [("PERS", "Іван Петренко"), ("JOB", "директор")],
     "Іван Петренко, директорка фірми, вчора прийшов додому."),
])
def test_verbs_without_a_subject_of_their_own(nlp, text, entities, expected):
    assert swap(nlp, text, *entities)._.swapped == expected


@pytest.fixture(scope="module")
def nlp_to_feminine():
    nlp = spacy.blank("uk")
    nlp.add_pipe("gender_swapper", config={"seed": 0, "swap_names": False,
                                           "direction": "to_feminine"})
    return nlp


@pytest.mark.parametrize(("text", "entities", "expected"), [
    # a masculine title whose words agree in the feminine names a woman: when she becomes
    # a man, the title stays and its words change
    ("Наукова керівник проєкту пояснила деталі.", [("JOB", "Наукова керівник проєкту")],
     "Науковий керівник проєкту пояснив деталі."),
    ("Замовник з'ясувала, що учасники пов'язані.", [("JOB", "Замовник")],
     "Замовник з'ясував, що учасники пов'язані."),
    # the second part of a compound headed by a thing names no person
    ("Директор сказав, що фірма-переможець змагалася з іншою фірмою.", [("JOB", "Директор")],
     "Директорка сказала, що фірма-переможець змагалася з іншою фірмою."),
    ("Додано дані щодо засновника фірми-переможця.", [("JOB", "засновника")],
     "Додано дані щодо засновниці фірми-переможця."),
    # and so does one that is also an adjective agreeing with the thing ("a second one")
    ("Він любив перехилити чарчину-другу.", [], "Вона любила перехилити чарчину-другу."),
    # an undeclined first part is no such thing
    ("Він став бізнес-партнером депутата.", [], "Вона стала бізнес-партнеркою депутата."),
])
def test_titles_that_name_no_man(nlp, text, entities, expected):
    assert swap(nlp, text, *entities)._.swapped == expected


@pytest.mark.parametrize(("text", "entities", "expected"), [
    # an indeclinable noun is in the case its modifier shows: "перший замміністра" is
    # nominative (not the genitive of замміністр), "з однією пані" instrumental
    ("Перший замміністра фінансів повідомив про намір.", [("JOB", "Перший замміністра фінансів")],
     "Перша замміністерка фінансів повідомила про намір."),
    ("Я хвилинку з однією пані поговорю.", [], "Я хвилинку з одним паном поговорю."),
    ("Я бачила гарну пані.", [], "Я бачила гарного пана."),
    ("Спитала її гарна пані, яка несла кошик.", [], "Спитав його гарний пан, який ніс кошик."),
])
def test_indeclinable_nouns_take_their_modifiers_case(nlp, text, entities, expected):
    assert swap(nlp, text, *entities)._.swapped == expected


@pytest.mark.parametrize(("text", "entities", "expected"), [
    # a form of address in the title's case is its apposition and changes with it …
    ("Коли пан доктор запитав, я мовчала.", [("JOB", "доктор")],
     "Коли пані докторка запитала, я мовчала."),
    # … also as a possessor, whose relative before it stays
    ("Я бачила сина пана директора.", [("JOB", "директора")],
     "Я бачила сина пані директорки."),
])
def test_form_of_address_before_a_title(nlp_to_feminine, text, entities, expected):
    assert swap(nlp_to_feminine, text, *entities)._.swapped == expected


def test_a_woman_named_by_a_masculine_title_keeps_her_gender_to_feminine(nlp_to_feminine):
    # where women are not swapped, her title takes the feminine like any other
    doc = swap(nlp_to_feminine, "Наукова керівник проєкту пояснила деталі.",
               ("JOB", "Наукова керівник проєкту"))
    assert doc._.swapped == "Наукова керівниця проєкту пояснила деталі."


@pytest.mark.parametrize(("text", "entities", "expected"), [
    # a plural title predicated of people is theirs, annotated or not
    ("Власниками фірми є киянин Павло Брицький і Петро Брицький.",
     [("PERS", "Павло Брицький"), ("PERS", "Петро Брицький")],
     "Власницями фірми є киянка Марія Брицька і Марія Брицька."),
    # with an organisation among them it stays
    ("Власниками фірми є Павло Брицький і ТОВ «Альфа».",
     [("PERS", "Павло Брицький"), ("ORG", "ТОВ «Альфа»")],
     "Власниками фірми є Марія Брицька і ТОВ «Альфа»."),
])
def test_plural_title_predicated_of_people(nlp_one_name, text, entities, expected):
    assert swap(nlp_one_name, text, *entities)._.swapped == expected


@pytest.mark.parametrize(("text", "entities", "expected"), [
    # a person noun apposed to a swapped name is that person; the relative after it stays
    ("Власником фірми був Тарас Палій, син екс-начальника облавтодору.",
     [("JOB", "Власником"), ("PERS", "Тарас Палій")],
     "Власницею фірми була Марія Палій, донька екс-начальника облавтодору."),
    ("Акціонером був Петро Супруненко, колишній зять мера.", [("PERS", "Петро Супруненко")],
     "Акціонеркою була Марія Супруненко, колишня невістка мера."),
    # predicated by "є", which shows no gender, before a title (that alone would make
    # the title's holder the target: "Донька президента"); the son turns with his name, so
    # his father's title, even a tagged one, is the other person and stays (never "донька
    # екс-міністерки")
    ("Петро Крупко є сином екс-міністра.", [("PERS", "Петро Крупко"), ("JOB", "екс-міністра")],
     "Марія Крупко є донькою екс-міністра."),
    # ... or said to be what the person is known as ("відомий як")
    ("Петро Мельник, відомий як соратник міністра, прийшов.", [("PERS", "Петро Мельник")],
     "Марія Мельник, відома як соратниця міністра, прийшла."),
    # ...but a title with its own name after it is that person's, and turns with it
    ("Петро Путілов є батьком нардепа від партії «УДАР» Андрія Путілова.",
     [("PERS", "Петро Путілов"), ("JOB", "нардепа"), ("ORG", "УДАР"),
      ("PERS", "Андрія Путілова")],
     "Марія Путілова є матір'ю нардепки від партії «УДАР» Марії Путілової."),
    # a name in the person noun's case past its genitive possessor is its own name …
    ("Батько голови ОДА Петро Кузьменко є нардепом.",
     [("JOB", "голови"), ("ORG", "ОДА"), ("PERS", "Петро Кузьменко")],
     "Мати голови ОДА Марія Кузьменко є нардепкою."),
    # (also past the possessor's own name)
    ("Брат Вячеслава Супруненка Олександр торік став депутатом.",
     [("PERS", "Вячеслава Супруненка"), ("PERS", "Олександр")],
     "Сестра Марії Супруненко Марія торік стала депутаткою."),
    # … while a genitive name is the possessor's, whose relative stays
    ("Батько директора фірми Петра Кузьменка прийшов додому.", [("PERS", "Петра Кузьменка")],
     "Батько директорки фірми Марії Кузьменко прийшов додому."),
])
def test_person_noun_apposed_to_a_swapped_name(nlp_one_name, text, entities, expected):
    assert swap(nlp_one_name, text, *entities)._.swapped == expected


@pytest.mark.parametrize(("fixture", "text", "entities", "expected"), [
    # a plural person noun right before coordinated names is their group: it takes the
    # gender they all have after the swap ("кияни" → "киянки" in test_feminine_first_direction),
    # and a mixed group keeps the masculine
    ("nlp_one_name", "Засновниками фірми є кияни Костянтин Сенюков і Світлана Ланчук.",
     [("JOB", "Засновниками"), ("PERS", "Костянтин Сенюков"), ("PERS", "Світлана Ланчук")],
     "Засновниками фірми є кияни Марія Сенюкова і Петро Ланчук."),
    # one entity naming two people is two names; the family's plural surname has no gender,
    # and the second first name takes the first one's case ("Олександра" is genitive here,
    # not the woman's nominative)
    ("nlp_one_name", "Фірма входить до групи братів Вячеслава та Олександра Супруненків.",
     [("PERS", "Вячеслава та Олександра Супруненків")],
     "Фірма входить до групи сестер Марії та Марії Супруненків."),
    # a bare surname after a gendered title is in apposition to it: "Козименко" is the
    # woman the title names, in its genitive, whatever the verb after it agrees with
    ("nlp_one_name", "Так, річний дохід підприємиці Козименко становив 662 тис. грн.",
     [("JOB", "підприємиці"), ("PERS", "Козименко")],
     "Так, річний дохід підприємця Козименка становив 662 тис. грн."),
])
def test_names_in_groups_and_apposition(request, fixture, text, entities, expected):
    assert swap(request.getfixturevalue(fixture), text, *entities)._.swapped == expected


@pytest.mark.parametrize(("text", "entities", "expected"), [
    # agreement looks past an emphatic particle, which takes the form the swapped word
    # before it asks for: "ж" after a vowel, "же" after a consonant
    ("Цей же Черніков був директором «Укррослізингу» в 2009 році.",
     [("PERS", "Черніков"), ("JOB", "директором")],
     "Ця ж Чернікова була директоркою «Укррослізингу» в 2009 році."),
    ("Та ж Чернікова була директоркою фірми.", [("PERS", "Чернікова"), ("JOB", "директоркою")],
     "Той же Черніков був директором фірми."),
    # so do "же" and "уже"/"вже" after any swapped word: a pronoun, a noun, a verb
    ("Він же директор Інституту оцінки відповідності.", [("JOB", "директор")],
     "Вона ж директорка Інституту оцінки відповідності."),
    ("Міліціонер уже вдяг свої сині галіфе.", [("JOB", "Міліціонер")],
     "Міліціонерка вже вдягла свої сині галіфе."),
    ("Вона вже пішла додому.", [], "Він уже пішов додому."),
])
def test_euphonic_particle_after_a_swapped_word(nlp_one_name, text, entities, expected):
    assert swap(nlp_one_name, text, *entities)._.swapped == expected


@pytest.mark.parametrize(("text", "entities", "expected"), [
    # a numeral before a swapped plural person noun changes with it: the collective
    # "двоє" (with the genitive) becomes the cardinal "дві" with the nominative
    ("У результаті двоє будівельників загинули, ще шестеро отримали поранення.",
     [("JOB", "будівельників")],
     "У результаті дві будівельниці загинули, ще шестеро отримали поранення."),
    ("Прийшли два депутати.", [("JOB", "депутати")], "Прийшли дві депутатки."),
    # after a numeral "депутатки" is the plural, not the genitive singular
    ("Прийшли дві депутатки.", [("JOB", "депутатки")], "Прийшли два депутати."),
])
def test_numeral_before_a_plural_person_noun(nlp, text, entities, expected):
    assert swap(nlp, text, *entities)._.swapped == expected


def test_an_entity_depending_on_a_noun_is_no_subject_of_its_own(nlp_one_name):
    # the second "був" has no subject in its clause: "ТОВ «Енергоатіс»" depends on the title
    doc = swap(nlp_one_name, "Дмитро Сміяненко був директором ТОВ «Домнасервівс», а до 2018 був "
               "співвласником ТОВ «Енергоатіс».", ("PERS", "Дмитро Сміяненко"),
               ("JOB", "директором"), ("ORG", "ТОВ «Домнасервівс»"), ("JOB", "співвласником"),
               ("ORG", "ТОВ «Енергоатіс»"))
    assert doc._.swapped == ("Марія Сміяненко була директоркою ТОВ «Домнасервівс», а до 2018 "
                             "була співвласницею ТОВ «Енергоатіс».")


@pytest.mark.parametrize(("text", "entities", "expected"), [
    # the analyser gives a feminine adjectival noun its masculine lemma: the form's gender
    # decides which person it is
    ("Слідча повідомила про підозру.", [("JOB", "Слідча")], "Слідчий повідомив про підозру."),
    ("Суд вислухав слідчу.", [("JOB", "слідчу")], "Суд вислухав слідчого."),
])
def test_feminine_adjectival_noun_becomes_masculine(nlp, text, entities, expected):
    assert swap(nlp, text, *entities)._.swapped == expected


def test_feminine_first_with_only_a_feminine_adjectival_noun(nlp_one_name_feminine_first):
    # nothing masculine: the woman becomes a man (no-op "edits" do not count as masculine)
    doc = swap(nlp_one_name_feminine_first,
               "Про це повідомила державна уповноважена АМКУ Агія Загребельська.",
               ("JOB", "державна уповноважена"), ("ORG", "АМКУ"), ("PERS", "Агія Загребельська"))
    assert doc._.swapped == "Про це повідомив державний уповноважений АМКУ Петро Загребельський."


@pytest.mark.parametrize(("text", "entities", "expected"), [
    # a title said of an organisation names no person: its predicate right after it, or its
    # apposition after a dash
    ("Міністерство оборони визначило ТОВ «Київ-Інстал» переможцем конкурсу.",
     [("ORG", "Міністерство оборони"), ("ORG", "ТОВ «Київ-Інстал»")],
     "Міністерство оборони визначило ТОВ «Київ-Інстал» переможцем конкурсу."),
    ("Раніше Буга був керівником ТОВ «Енерджі трейд груп» – найбільшого постачальника "
     "держпідприємств.",
     [("PERS", "Буга"), ("JOB", "керівником"), ("ORG", "ТОВ «Енерджі трейд груп»")],
     "Раніше Буга була керівницею ТОВ «Енерджі трейд груп» – найбільшого постачальника "
     "держпідприємств."),
])
def test_title_said_of_an_organisation_stays(nlp_names, text, entities, expected):
    assert swap(nlp_names, text, *entities)._.swapped == expected


def test_conjunct_case_follows_the_first_conjuncts_likeliest_reading(nlp):
    # nothing governs "людини": its own readings, most likely first, give the genitive
    doc = swap(nlp, "Це мій обов’язок як людини і як журналістки.", ("JOB", "журналістки"))
    assert doc._.swapped == "Це мій обов’язок як людини і як журналіста."


@pytest.mark.parametrize(("text", "expected"), [
    # the emphatic "сам" after a swapped pronoun agrees in its case: nominative, the
    # object's accusative (fronted too), a noun's genitive, the dative
    ("Він сам прийшов.", "Вона сама прийшла."),
    ("Не так давно його самого активісти вкинули у бак.",
     "Не так давно її саму активісти вкинули у бак."),
    ("Це портрет його самого.", "Це портрет її самої."),
    ("Йому самому було важко.", "Їй самій було важко."),
])
def test_emphatic_after_a_pronoun(nlp, text, expected):
    assert swap(nlp, text)._.swapped == expected


@pytest.mark.parametrize(("text", "entities", "expected"), [
    # the relative clause agrees with the named person, up to its last verb after ", а"
    ("Це бюро Валерія Нечитайла, який працює радником, а раніше очолював митницю.",
     [("PERS", "Валерія Нечитайла")],
     "Це бюро Марії Нечитайло, яка працює радницею, а раніше очолювала митницю."),
])
def test_a_relative_named_after_a_pronoun(nlp_one_name_feminine_first, text, entities,
                                          expected):
    assert swap(nlp_one_name_feminine_first, text, *entities)._.swapped == expected


@pytest.mark.parametrize(("text", "entities", "expected"), [
    # a plural person noun coordinated with a swapped one in its case belongs to the group
    ("Міністр відзначав кращих військовослужбовців та працівників ЗС України.",
     [("JOB", "Міністр"), ("JOB", "військовослужбовців")],
     "Міністерка відзначала кращих військовослужбовиць та працівниць ЗС України."),
    # (not one in another case: "учителів та учням" is two groups)
    ("Міністр подякував батькам учителів та учням.", [("JOB", "Міністр"), ("JOB", "учителів")],
     "Міністерка подякувала батькам учительок та учням."),
])
def test_plural_person_noun_coordinated_with_a_swapped_one(nlp, text, entities, expected):
    assert swap(nlp, text, *entities)._.swapped == expected


@pytest.mark.parametrize(("text", "entities", "expected"), [
    # the title is the subject's, so its possessor is someone else, met before this
    # sentence: "його" stays
    ("Його заступником по фірмі є Анатолій Бєлоруков.",
     [("JOB", "заступником"), ("PERS", "Анатолій Бєлоруков")],
     "Його заступницею по фірмі є Марія Бєлорукова."),
    # a swapped person before it is the possessor: "її" goes with the mother
    ("Мати придбала ТОВ «Петровець», де її партнеркою є власниця фірми.", [],
     "Батько придбав ТОВ «Петровець», де його партнером є власник фірми."),
])
def test_the_possessor_of_a_predicated_title(nlp_one_name_feminine_first, text, entities,
                                             expected):
    assert swap(nlp_one_name_feminine_first, text, *entities)._.swapped == expected


@pytest.mark.parametrize(("text", "entities", "expected"), [
    # the adjective agrees with the thing ("політика", politics), not with the dative of
    # the person noun "політик": the word stays
    ("Журналіст критикує державну політику уряду.", [("JOB", "Журналіст")],
     "Журналістка критикує державну політику уряду."),
    ("Особливо обурювала ветеранів цінова політика мережі.", [], None),
    # (an adjective that agrees with the person reading still lets it swap)
    ("Він зустрів відомого політика.", [], "Вона зустріла відому політикиню."),
])
def test_a_modifier_agreeing_only_with_a_thing(nlp, text, entities, expected):
    assert swap(nlp, text, *entities)._.swapped == (expected or text)


@pytest.mark.parametrize(("text", "entities", "expected"), [
    # with job titles tagged, an untagged word that also names a thing is the thing
    ("В цьому немає нічого дивного, якщо згадати, що політику домінування німців "
     "ініціював польський король.", [("JOB", "король")],
     "В цьому немає нічого дивного, якщо згадати, що політику домінування німців "
     "ініціювала польська королева."),
    ("Першою зупинкою в мандрівці стало село – мала батьківщина письменника.",
     [("JOB", "письменника")],
     "Першою зупинкою в мандрівці стало село – мала батьківщина письменниці."),
    # (an adjective agreeing with the person reading keeps the person)
    ("Мова новоявленого класика була багатою, казав письменник.", [("JOB", "письменник")],
     "Мова новоявленої класикині була багатою, казала письменниця."),
])
def test_an_untagged_word_that_names_a_thing(nlp, text, entities, expected):
    assert swap(nlp, text, *entities)._.swapped == expected


LAITER = ("Досвідом викладання рисунка поділилися викладачі дитячої школи мистецтв Валентина "
          "Лайтер і Галина Ярошевська та викладач НВК №9 Наталія Оцишена.")


@pytest.mark.parametrize("entities", [
    # a word of a person entity agrees with nothing ("Лайтер" also reads as the past
    # tense of a verb the analyser guesses, which "викладач" would make "Лайтерла")
    [("JOB", "викладачі"), ("PERS", "Валентина Лайтер"), ("PERS", "Галина Ярошевська"),
     ("JOB", "викладач"), ("PERS", "Наталія Оцишена")],
    # nor does a capitalised word inside the sentence that the analyser does not know
    [],
])
def test_a_name_agrees_with_nothing(nlp, entities):
    expected = LAITER.replace("викладач ", "викладачка ")
    if entities:
        expected = expected.replace("викладачі", "викладачки")
    assert swap(nlp, LAITER, *entities)._.swapped == expected


@pytest.mark.parametrize(("text", "entities", "expected"), [
    # "Олександра Попова" is a man's genitive or a woman's nominative: the title it is
    # apposed to, past the organisation, is genitive, so it is the man
    ("У екс-очільника КМДА Олександра Попова склалися дружні стосунки з ним.",
     [("JOB", "екс-очільника"), ("ORG", "КМДА"), ("PERS", "Олександра Попова")],
     "У екс-очільниці КМДА Марії Попової склалися дружні стосунки з нею."),
    # (an honorific too: "пана Романа" is accusative, not the woman Романа)
    ("Саме народження первістка спонукало пана Романа опанувати музичну грамоту.",
     [("PERS", "Романа")],
     "Саме народження первістка спонукало пані Марію опанувати музичну грамоту."),
    # (past the title's genitive tail, whose adjectival "слідчого" modifies управління: no
    # title of its own)
    ("Слідчі звинувачують першого заступника слідчого управління ГПУ Володимира Шапакіна.",
     [("JOB", "першого заступника слідчого управління ГПУ"), ("PERS", "Володимира Шапакіна")],
     "Слідчі звинувачують першу заступницю слідчого управління ГПУ Марію Шапакіну."),
])
def test_an_ambiguous_name_takes_the_case_of_its_title(nlp_one_name, text, entities, expected):
    assert swap(nlp_one_name, text, *entities)._.swapped == expected


@pytest.mark.parametrize(("text", "entities", "expected"), [
    # a possessive adjective tagged as a person agrees with its noun, not with a person
    ("З Шевченковим словом ми духовно міцніємо, казав учитель.",
     [("PERS", "Шевченковим"), ("JOB", "учитель")],
     "З Шевченковим словом ми духовно міцніємо, казала учителька."),
    # (an oblique possessive, before a noun that is also a verb: душу, "to strangle")
    ("Я стояв, спостерігаючи боротьбу за Гербуртову душу, казав учитель.",
     [("PERS", "Гербуртову"), ("JOB", "учитель")],
     "Я стояв, спостерігаючи боротьбу за Гербуртову душу, казала учителька."),
    # (or after the thing it describes, in the nominative or accusative)
    ("Релігійна література багато розповідає про суд Божий, що має відбутися.",
     [("PERS", "Божий")],
     "Релігійна література багато розповідає про суд Божий, що має відбутися."),
    # and so does the adjective of a name made of an adjective and a noun
    ("Білий Ведмідь пригладив лапами хутро, і почав.", [("PERS", "Білий Ведмідь")],
     "Білий Ведмідь пригладив лапами хутро, і почав."),
    # (an adjectival surname before an adjective is a surname: "довгий час" is no noun)
    ("Також Шишацький довгий час працював менеджером на підприємствах.",
     [("PERS", "Шишацький")],
     "Також Шишацька довгий час працювала менеджеркою на підприємствах."),
])
def test_a_name_that_is_an_attribute_of_a_noun(nlp_one_name, text, entities, expected):
    assert swap(nlp_one_name, text, *entities)._.swapped == expected


@pytest.mark.parametrize(("text", "entities", "expected"), [
    # a possessive tagged as a person agrees with the swapped noun it modifies
    ("Ірмина мама пам’ятає, як батьки носили її купати до ріки.", [("PERS", "Ірмина")],
     "Ірмин тато пам’ятає, як батьки носили його купати до ріки."),
    ("Оленчин чоловік прокляв би її й Архипа.", [("PERS", "Оленчин"), ("PERS", "Архипа")],
     "Оленчина жінка прокляла би її й Архипа."),
])
def test_a_possessive_tagged_as_a_person_agrees(nlp, text, entities, expected):
    assert swap(nlp, text, *entities)._.swapped == expected


@pytest.mark.parametrize(("text", "expected"), [
    # the adjective before the noun picks its reading: vocative, not the dative дядьку
    ("— Чим є зло, любий дядьку?", "— Чим є зло, люба тітко?"),
    ("— Ну стривай, вражий діду, ось ми тобі покажемо!",
     "— Ну стривай, вража бабо, ось ми тобі покажемо!"),
])
def test_the_modifier_picks_the_case_of_the_person_noun(nlp, text, expected):
    assert swap(nlp, text)._.swapped == expected


def test_a_common_gender_noun_only_the_analyser_knows_that_reads_as_a_thing(nlp):
    # "даху" is the roof's genitive, not a form of the common-gender даха: nothing agrees
    text = ("У липні 2009 року пожежа знищила перекриття даху, третій поверх та частково "
            "зруйнувала другий поверх будівлі.")
    assert swap(nlp, text)._.swapped == text


@pytest.mark.parametrize(("text", "entities", "expected"), [
    # a masculine accusative spelled like the nominative is a thing's, never a man's: the
    # phrase is the nominative subject
    ("То от, виявляється, які оборудки провертав зниклий Приймак!", [("PERS", "Приймак")],
     "То от, виявляється, які оборудки провертала зникла Приймак!"),
    # (nor does the adjective after a comma agree with the accusative object before it)
    ("Гетьман міг остаточно добити супротивника, але кримський хан порушив домовленість.", [],
     "Гетьманка могла остаточно добити супротивницю, але кримський хан порушив домовленість."),
])
def test_no_masculine_person_in_an_inanimate_accusative(nlp_one_name, text, entities, expected):
    assert swap(nlp_one_name, text, *entities)._.swapped == expected


@pytest.mark.parametrize(("text", "expected"), [
    # "голова" agreeing in its own gender, with no genitive or name after it, is a head
    ("Він схопився за свою голову.", "Вона схопилася за свою голову."),
    ("Дивно гуділа голова, магнітні поля діяли на мозок.",
     "Дивно гуділа голова, магнітні поля діяли на мозок."),
    # (with a genitive after it, the chair)
    ("Голова правління сказала, що все добре.", "Голова правління сказав, що все добре."),
])
def test_a_common_gender_noun_that_is_also_a_thing(nlp, text, expected):
    assert swap(nlp, text)._.swapped == expected


def test_a_verb_before_the_subject_that_is_also_a_noun(nlp_one_name):
    # "рік" is the year (not the verb ректи) when the subject's own verb follows it
    assert swap(nlp_one_name, "Рівно рік тому Антон згас у лікарні.",
                ("PERS", "Антон"))._.swapped == "Рівно рік тому Марія згасла у лікарні."


@pytest.mark.parametrize(("text", "expected"), [
    # the ordinal agreeing with the noun after it, not the genitive of друг
    ("Восени 1930 року почалася друга хвиля розкуркулення.", None),
    ("Друга компанія була зареєстрована 27 жовтня 2011 року.", None),
    # (a plural adjective reading is no reason: the dative before its object)
    ("Він дає читачеві ключі до власних глибин.", "Вона дає читачці ключі до власних глибин."),
])
def test_a_person_noun_that_is_another_adjective_before_its_noun(nlp, text, expected):
    assert swap(nlp, text)._.swapped == (expected or text)


@pytest.mark.parametrize(("text", "entity", "expected"), [
    # a one-word name that is her first name is hers, not the oblique case of a surname
    # (Іванко, Лесь): in the nominative at the start of a sentence, else as the verb says
    ("Іванка не бавиться – лише хоче побачити свою тінь.", "Іванка",
     "Петро не бавиться – лише хоче побачити свою тінь."),
    ("Леся вважала, що кохання — це самопожертва.", "Леся",
     "Петро вважав, що кохання — це самопожертва."),
    ("Іванку охоплює дивне хвилювання.", "Іванку", "Петра охоплює дивне хвилювання."),
])
def test_a_first_name_alone_is_no_surname(nlp_one_name, text, entity, expected):
    assert swap(nlp_one_name, text, ("PERS", entity))._.swapped == expected


@pytest.mark.parametrize(("text", "entities", "expected"), [
    # after a verb that takes an object, nominative-looking adjectives before a thing's
    # noun are the object's ("очолював Вільногірський державний … комбінат")
    ("Олександр Сокіл до 2003 року очолював Вільногірський державний гірничо-металургійний "
     "комбінат.", [("PERS", "Олександр Сокіл")],
     "Марія Сокіл до 2003 року очолювала Вільногірський державний гірничо-металургійний "
     "комбінат."),
    # (the emphatic сам is the subject's)
    ("Він телефонував сам і відповідав на дзвінки.", [],
     "Вона телефонувала сама і відповідала на дзвінки."),
])
def test_the_object_of_a_verb_is_no_predicate(nlp_one_name, text, entities, expected):
    assert swap(nlp_one_name, text, *entities)._.swapped == expected


@pytest.mark.parametrize(("text", "expected"), [
    # a thing in the governed case, not a person noun in another: "математику" (the
    # subject, accusative after the verb), not the dative of математик
    ("Він в усьому шукає сенсу і дуже любить математику.",
     "Вона в усьому шукає сенсу і дуже любить математику."),
    ("Можливо, він викладатиме математику в школі.",
     "Можливо, вона викладатиме математику в школі."),
    # (after "може", мати reads in the governed case only as a thing, мата's genitive, so
    # it is no mother: the infinitive stays)
    ("Вона не може мати дітей.", "Він не може мати дітей."),
])
def test_a_thing_in_the_governed_case(nlp, text, expected):
    assert swap(nlp, text)._.swapped == expected


def test_parts_of_a_hyphenated_word_that_is_no_noun(nlp):
    # "Їй-богу" is an interjection the analyser knows whole: neither part is swapped
    assert swap(nlp, "Їй-богу, він прийшов!")._.swapped == "Їй-богу, вона прийшла!"


def test_an_inserted_phrase_with_a_noun_after_a_number(nlp_one_name):
    # "за 2017 рік" is no clause of its own (рік after a number is the year, not a verb)
    text = "Леся Мусаєва, згідно декларації за 2017 рік, заробила 155 тис. грн."
    assert swap(nlp_one_name, text, ("PERS", "Леся Мусаєва"))._.swapped == (
        "Петро Мусаєв, згідно декларації за 2017 рік, заробив 155 тис. грн.")


def test_the_emphatic_past_an_adverb(nlp):
    assert swap(nlp, "Але вона тут сама виросла.")._.swapped == "Але він тут сам виріс."


def test_a_particle_inside_a_name_is_no_part_of_it(nlp_one_name):
    # "же" takes the form the new first name asks for, and is no surname to swap
    assert swap(nlp_one_name, "Аркадій же Петрович цього місяця випивав.",
                ("PERS", "Аркадій же Петрович"))._.swapped == (
        "Марія ж Петрівна цього місяця випивала.")


def test_one_of_things_stands_for_no_person(nlp_one_name):
    # "Один із каменів" is one of the stones, not a person named before
    assert swap(nlp_one_name, "Один із каменів поцілив Данкові в груди.",
                ("PERS", "Данкові"))._.swapped == "Один із каменів поцілив Марії в груди."


def test_verbs_sharing_the_subject_of_a_subjectless_verb(nlp):
    # "виніс" is found as the only masculine subject's verb past the participle clause;
    # "тобто зменшив" shares its subject, past the abbreviation's full stop ("грн.,")
    text = ("Начальник управління, діючи всупереч інтересам служби, з корисливих мотивів, "
            "виніс постанову про накладення штрафу у розмірі 3,7 тис грн., тобто зменшив розмір "
            "штрафу.")
    assert swap(nlp, text, ("JOB", "Начальник"))._.swapped == (
        "Начальниця управління, діючи всупереч інтересам служби, з корисливих мотивів, "
        "винесла постанову про накладення штрафу у розмірі 3,7 тис грн., тобто зменшила "
        "розмір штрафу.")


def test_verb_coordinated_past_a_long_prepositional_phrase(nlp_one_name):
    # the phrase between "та" and the verb has quoted names in it: its words are counted,
    # not its quotes
    text = ("Кобринчук вийшов із фракції та разом ще з кількома депутатами від «Батьківщини» "
            "і «Фронту змін» долучився до групи.")
    assert swap(nlp_one_name, text, ("PERS", "Кобринчук"))._.swapped == (
        "Кобринчук вийшла із фракції та разом ще з кількома депутатами від «Батьківщини» "
        "і «Фронту змін» долучилася до групи.")


def test_a_complementizer_inside_a_phrase_opens_no_clause(nlp):
    # "чи" between two nouns coordinates them ("партії чи депутата": genitive), it is no
    # "чи" opening a reported clause, which only follows punctuation
    text = "Нас часто запитують, на підтримку якої партії чи депутата розраховуємо."
    assert swap(nlp, text)._.swapped == (
        "Нас часто запитують, на підтримку якої партії чи депутатки розраховуємо.")


@pytest.mark.parametrize(("text", "entities", "expected"), [
    # a pronoun in the clause of the subject standing for the swapped person, a verb of that
    # subject between them, is someone or something else (the subject's own would be
    # "свій"/"себе"), so it stays
    ("Сьогодні Денис Ященко ще значиться підписантом фірми, він був його директором.",
     [("PERS", "Денис Ященко"), ("JOB", "підписантом"), ("JOB", "директором")],
     "Сьогодні Марія Ященко ще значиться підписанткою фірми, вона була його директоркою."),
    ("Увесь час існування відомства його очолював Олександр Клименко.",
     [("PERS", "Олександр Клименко")],
     "Увесь час існування відомства його очолювала Марія Клименко."),
    ("Медальйон був важкий, а Фабіян ніколи не знімав його з шиї.", [("PERS", "Фабіян")],
     "Медальйон був важкий, а Марія ніколи не знімала його з шиї."),
    # a swapped person noun as the subject binds as a name does
    ("Можливо, нардеп колись міг його знімати.", [],
     "Можливо, нардепка колись могла його знімати."),
    # a person after the pronoun is no referent of it, in its clause or a later one
    ("Його очолював Олександр Клименко з команди «реформаторів» президента Віктора Януковича.",
     [("PERS", "Олександр Клименко"), ("PERS", "Віктора Януковича")],
     "Його очолювала Марія Клименко з команди «реформаторів» президентки Марії Янукович."),
    ("Нардеп міг його знімати, пише журналіст.", [],
     "Нардепка могла його знімати, пише журналістка."),
    # a swapped subject pronoun of another clause before it may be the one it stands for
    ("Він не зрозумів, чому снайпер оминув його.", [],
     "Вона не зрозуміла, чому снайперка оминула її."),
    # a pronoun after a noun that no verb or noun after it heads depends on that noun,
    # and so after a preposition such as "відносно"
    ("Обвинувачений клопотав про звільнення його від відповідальності.", [],
     "Обвинувачена клопотала про звільнення її від відповідальності."),
    ("Підприємиця звернулася із заявою про злочин відносно неї.", [],
     "Підприємець звернувся із заявою про злочин відносно нього."),
    # another swapped person before it may be the one it stands for: it swaps
    ("Марко сказав, що Фабіян ніколи не знімав його з шиї.",
     [("PERS", "Марко"), ("PERS", "Фабіян")],
     "Марія сказала, що Марія ніколи не знімала її з шиї."),
    # a pronoun inside a noun or adjective phrase may be the subject's
    ("Фабіян покладався на прихильність до нього святого Макарія.", [("PERS", "Фабіян")],
     "Марія покладалася на прихильність до неї святого Макарія."),
    ("Фабіян констатував цей факт із властивою йому легкістю.", [("PERS", "Фабіян")],
     "Марія констатувала цей факт із властивою їй легкістю."),
    # a verb of someone else between them: no clause of the subject's
    ("Фабіян блукав кімнатою й жуки хрускотіли під його ногами.", [("PERS", "Фабіян")],
     "Марія блукала кімнатою й жуки хрускотіли під її ногами."),
    # the subject's verbs coordinated; and a clause coordinated after the subject's verb
    ("Фабіян узяв хліб і вдихнув його запах.", [("PERS", "Фабіян")],
     "Марія узяла хліб і вдихнула його запах."),
    ("Ясно, чому Фабіян обрав метафору і чому його текст так називався.",
     [("PERS", "Фабіян")], "Ясно, чому Марія обрала метафору і чому її текст так називався."),
])
def test_a_pronoun_in_its_subjects_clause_is_someone_else(nlp_one_name, text, entities,
                                                          expected):
    assert swap(nlp_one_name, text, *entities)._.swapped == expected


@pytest.mark.parametrize(("text", "expected"), [
    # an adjectival person noun keeps its case: the accusative, not the genitive it spells
    ("Він теж обійняв дільничного.", "Вона теж обійняла дільничну."),
    ("Він підійшов до чергового.", "Вона підійшла до чергової."),
])
def test_adjectival_person_noun_keeps_its_case(nlp_to_feminine, text, expected):
    assert swap(nlp_to_feminine, text)._.swapped == expected


@pytest.mark.parametrize(("text", "expected"), [
    # a predicate adjective after the subject's genitive dependents agrees with it, and
    # before an infinitive it is no modifier of a noun the infinitive also reads as
    ("Учасник послуг повинен мати досвід.", "Учасниця послуг повинна мати досвід."),
    # (and a linking infinitive after it predicates in turn)
    ("Учасник послуг повинен бути чесним.", "Учасниця послуг повинна бути чесною."),
    ("Платник податку зобов’язаний нарахувати ПДВ.",
     "Платниця податку зобов’язана нарахувати ПДВ."),
    ("Директор фірми змушений був піти.", "Директорка фірми змушена була піти."),
    # (a genitive plural noun spelt like a possessive adjective is the noun)
    ("Представник команди майстрів продовжує збирати титули.",
     "Представниця команди майстрів продовжує збирати титули."),
])
def test_predicate_adjective_past_the_subjects_dependents(nlp, text, expected):
    assert swap(nlp, text)._.swapped == expected


@pytest.mark.parametrize(("text", "expected"), [
    # "мати" is the infinitive where it cannot be the verb's subject or the adjective's
    # noun, or before its accusative object; elsewhere the mother
    ("Класики могли мати досвід.", "Класики могли мати досвід."),
    ("Колгоспникам дозволялось мати корову.", "Колгоспникам дозволялось мати корову."),
    ("Влада прагнула мати справу з колективами.", "Влада прагнула мати справу з колективами."),
    # (its object past the object's modifiers)
    ("Вона мріє мати багато друзів.", "Він мріє мати багато друзів."),
    ("Це може мати суттєвий негативний вплив.", "Це може мати суттєвий негативний вплив."),
    # (after a comma too, its object's adjectives reading in no genitive)
    ("Треба відчувати присутність , мати фізичні відчуття .",
     "Треба відчувати присутність , мати фізичні відчуття ."),
    ("Але прийшла мати її подруги.", "Але прийшов батько його друга."),
    ("Рідна мати зручні речі купила .", "Рідний батько зручні речі купив ."),
    ("Тож і бралась мати до роботи.", "Тож і брався батько до роботи."),
    ("Його мати працює лікаркою.", "Його батько працює лікарем."),
])
def test_a_noun_that_is_also_an_infinitive(nlp, text, expected):
    assert swap(nlp, text)._.swapped == expected


@pytest.mark.parametrize(("text", "entities"), [
    # a name of no known gender stays, and so do the pronouns of the gender its verb shows
    # (they are mostly its own), where nobody else is swapped
    ("Аж урешті Тюлень сказав, що в нього сьогодні є трохи справ.", [("PERS", "Тюлень")]),
    ("Киця полегшено зітхнула: вона знову є!", [("PERS", "Киця")]),
])
def test_pronouns_of_a_name_of_unknown_gender_stay(nlp_one_name, text, entities):
    assert swap(nlp_one_name, text, *entities)._.swapped == text


def test_pronouns_swap_in_a_sentence_without_a_name(nlp_one_name):
    assert swap(nlp_one_name, "Вона знову є!")._.swapped == "Він знову є!"


@pytest.mark.parametrize(("text", "entities", "expected"), [
    # a title predicated of a relative pronoun swaps with the pronoun and its linking verb
    ("Це брат Тарпана, котрий був депутатом.", [("JOB", "депутатом")],
     "Це сестра Тарпана, котра була депутаткою."),
    # (the title of an organisation that the relative pronoun stands for stays)
    ("Це фото на сайті ТОВ «Запорізький ДБК», який виступає підрядником.", [],
     "Це фото на сайті ТОВ «Запорізький ДБК», який виступає підрядником."),
    # (and so does one predicated of a quoted name after its linking verb)
    ("Її єдиним конкурентом найчастіше був «Діамантбанк».", [("JOB", "конкурентом")],
     "Її єдиним конкурентом найчастіше був «Діамантбанк»."),
    # (past a relative clause on the title)
    ("Єдиним підрядником, який відповідає вимогам, було «Датагруп».",
     [("JOB", "підрядником")],
     "Єдиним підрядником, який відповідає вимогам, було «Датагруп»."),
])
def test_title_predicated_of_a_relative_pronoun(nlp_to_feminine, text, entities, expected):
    assert swap(nlp_to_feminine, text, *entities)._.swapped == expected


@pytest.mark.parametrize(("text", "entities", "expected"), [
    # a verbless predicate after a phrase inserted between commas agrees with the subject
    ("Равіль Брагін, як і інші голубівники, зовні шорсткий.", [("PERS", "Равіль Брагін")],
     "Марія Брагіна, як і інші голубівники, зовні шорстка."),
    # a past-tense verb after a predicate adjective is the verb, not an adjective it also
    # reads as ("була", "булий")
    ("Бабця Варвара говірлива була.", [("PERS", "Варвара")], "Бабця Петро говірливий був."),
    ("Болеслава, забувши про обережність, знову готова була кинутися в кущ.",
     [("PERS", "Болеслава")], "Петро, забувши про обережність, знову готовий був кинутися в кущ."),
])
def test_predicate_adjective_after_an_inserted_phrase_or_before_its_verb(
        nlp_one_name, text, entities, expected):
    assert swap(nlp_one_name, text, *entities)._.swapped == expected


def test_an_adjective_after_a_quoted_name_is_no_standalone_subject(nlp_to_feminine):
    # the quoted organisation is the subject: "зобов'язаний" is its predicate, not a
    # clause-opening adjective standing for a man ("Останній є директором")
    text = "«Енергоатом» зобов'язаний виконати наказ міністра."
    assert swap(nlp_to_feminine, text, ("ORG", "Енергоатом"), ("JOB", "міністра"))._.swapped \
        == "«Енергоатом» зобов'язаний виконати наказ міністерки."


@pytest.mark.parametrize(("text", "entities", "expected"), [
    # verbs coordinated before the subject's verb are its verbs too
    ("Лікарка побачила, як зміцнів та навіть помолодшав старий солдат.", [("JOB", "Лікарка")],
     "Лікарка побачила, як зміцніла та навіть помолодшала стара солдатка."),
    ("Це місця, де народився та виріс видатний поет.", [("JOB", "поет")],
     "Це місця, де народилася та виросла видатна поетеса."),
])
def test_verbs_coordinated_before_the_subject(nlp_to_feminine, text, entities, expected):
    assert swap(nlp_to_feminine, text, *entities)._.swapped == expected


def test_coordinated_linking_verb_with_a_nominative_of_its_own(nlp_one_name):
    # "а чи був то сон": the linking verb's nominative is its subject, no verb of Андрій's
    text = "Андрій засумнівався: а чи був то сон."
    assert swap(nlp_one_name, text, ("PERS", "Андрій"))._.swapped == (
        "Марія засумнівалася: а чи був то сон.")


def test_coordinated_verbs_stop_at_a_clause_with_its_own_subject(nlp):
    # "як зміцнів та помолодшав Матей" has its own subject (a name kept here): the walk
    # from the doctor's "побачив" past the comma stops there
    text = "Лікар побачив, як зміцнів та помолодшав Матей."
    assert swap(nlp, text, ("JOB", "Лікар"), ("PERS", "Матей"))._.swapped == (
        "Лікарка побачила, як зміцнів та помолодшав Матей.")


@pytest.mark.parametrize(("text", "expected"), [
    # a plural nominative before a plural verb is the subject, not the singular genitive
    # or dative it also spells
    ("То німці грають у волейбол.", "То німці грають у волейбол."),
    ("Європейці вже зі стартових хвилин взяли гру під контроль.",
     "Європейці вже зі стартових хвилин взяли гру під контроль."),
    ("Чи розуміли гості, чи їм натякали.", "Чи розуміли гості, чи їм натякали."),
    # (past adverbs before it it opens its clause: "отак" is a caseless pronoun)
    ("Отак німці до міста прийшли.", "Отак німці до міста прийшли."),
    # (after a preposition it is no subject: "у мами" is the mother's)
    ("Там у мами були ділові зустрічі.", "Там у тата були ділові зустрічі."),
    ("Так от, поки жінки там пораються, ніхто не чекає.",
     "Так от, поки жінки там пораються, ніхто не чекає."),
    # the undeclined first part of a thing's compound is no person
    ("Проводяться майстер-класи зі славетної техніки розпису.",
     "Проводяться майстер-класи зі славетної техніки розпису."),
])
def test_no_singular_person_here(nlp, text, expected):
    assert swap(nlp, text)._.swapped == expected


@pytest.mark.parametrize(("text", "expected"), [
    # coordinated modifiers agree with the noun, both of them
    ("Ніхто не помітить, що величний і безстрашний цар птахів втомлюється.",
     "Ніхто не помітить, що велична і безстрашна цариця птахів втомлюється."),
    ("Звинувачення було способом розправитися з політичним чи ідеологічним суперником.",
     "Звинувачення було способом розправитися з політичною чи ідеологічною суперницею."),
])
def test_coordinated_modifiers(nlp_to_feminine, text, expected):
    assert swap(nlp_to_feminine, text)._.swapped == expected


def test_pronouns_of_a_person_noun_with_no_counterpart_stay(nlp):
    # "пастир" has no feminine: he stays, and so does his pronoun
    text = "Пастир має право використати те місце, яке, на його думку, буде доречним."
    assert swap(nlp, text)._.swapped == text


def test_subjects_verb_past_an_apposition_with_genitive_dependents(nlp_one_name):
    # ", колишній радник Міхаіла Ґорбачова," is an apposition, not a clause: the verb after
    # it is the subject's
    text = ("Тоді Алєксандр Ціпко, колишній радник Міхаіла Ґорбачова, попереджав Кремль.")
    assert swap(nlp_one_name, text, ("PERS", "Алєксандр Ціпко"),
                ("PERS", "Міхаіла Ґорбачова"))._.swapped == (
        "Тоді Марія Ціпко, колишня радниця Марії Ґорбачової, попереджала Кремль.")


@pytest.mark.parametrize(("text", "expected"), [
    # the emphatic "сам" is no subject of its own: the verb after it is the swapped person's,
    # and "сам" agrees with it
    ("Будимир знав, що не добре, та мовчав, бо сам був винен.",
     "Марія знала, що не добре, та мовчала, бо сама була винна."),
    ("Будимир говорив те, у що сам не вірив.", "Марія говорила те, у що сама не вірила."),
    # before a verb of no gender, opening a clause that leaves the subject out; not with a
    # subject of its own ("я сам")
    ("Будимир проігнорував квартиру, хоча сам нею користується.",
     "Марія проігнорувала квартиру, хоча сама нею користується."),
    ("Будимир відповів — сам проконтролює.", "Марія відповіла — сама проконтролює."),
    ("Будимир прийшов, а я сам не знаю чому.", "Марія прийшла, а я сам не знаю чому."),
])
def test_emphatic_sam_before_a_subjectless_verb(nlp_one_name, text, expected):
    assert swap(nlp_one_name, text, ("PERS", "Будимир"))._.swapped == expected


@pytest.mark.parametrize(("text", "expected"), [
    # the subject's emphatic "сам" agrees with it between the subject and its verb and after
    # the verb in its clause; the determiner of a noun after it ("сам вигляд") does not
    ("Будимир і сам довго не міг заснути.", "Марія і сама довго не могла заснути."),
    ("Сніданки Будимир готував собі сам.", "Сніданки Марія готувала собі сама."),
    ("Будимир вивіз Вовка з села сам — знайшов привід.",
     "Марія вивезла Вовка з села сама — знайшла привід."),
    ("Будимир не любив навіть сам вигляд пристрою.",
     "Марія не любила навіть сам вигляд пристрою."),
    # opening a coordinated clause that leaves the subject out, with the verb after it
])
def test_emphatic_sam_of_a_subject(nlp_one_name, text, expected):
    assert swap(nlp_one_name, text, ("PERS", "Будимир"))._.swapped == expected


def test_emphatic_sam_opening_a_coordinated_clause(nlp_one_name_feminine_first):
    # the clause leaves the subject out: "сам" and the verb after it are the subject's (a
    # surname whose gender only its title shows), not the daughter's
    assert swap(nlp_one_name_feminine_first, "Відтак пан Островершенко віддав доньку в "
                "пансіон, а сам вирушив до омріяного Парижа.", ("PERS", "Островершенко"),
                ("LOC", "Парижа"))._.swapped == (
        "Відтак пані Островершенко віддала доньку в пансіон, а сама вирушила до омріяного "
        "Парижа.")


@pytest.mark.parametrize(("text", "expected"), [
    # the subject's verb comes past a parenthetical verb and past an adverbial clause
    # between commas, whose verbs are the subject's too when it has no subject of its own
    ("І він , здається , співав пісню .", "І вона , здається , співала пісню ."),
    ("Він , коли прийшов додому , сів за стіл .", "Вона , коли прийшла додому , сіла за стіл ."),
    ("Він , коли сонце зайшло , сів за стіл .", "Вона , коли сонце зайшло , сіла за стіл ."),
    # (a thing's object after its verb is no subject of its own, though it reads nominative)
    ("А він , хоч і покидав обійстя , але нерегулярно .",
     "А вона , хоч і покидала обійстя , але нерегулярно ."),
    # quoted words that open with the subject's verb go on with its sentence
    ("Було враховано те, що він «щиро розкаявся у вчиненому».",
     "Було враховано те, що вона «щиро розкаялася у вчиненому»."),
    # a person noun alone between quotes is the subject of the verb after them
    ("— Співчуваю , — « доцент » похитав головою .",
     "— Співчуваю , — « доцентка » похитала головою ."),
    # a comparison with no noun after the verb and a comma is said of the subject
    ("Хлопець підскочив , мов ошпарений , і побіг .",
     "Дівчина підскочила , мов ошпарена , і побігла ."),
    ("Він вийшов , як завжди , рано .", "Вона вийшла , як завжди , рано ."),
    # a verbless predicate may open with a pronoun-determiner
    ("Не кажи йому нічого , якщо він такий дурний і нездогадливий !",
     "Не кажи їй нічого , якщо вона така дурна і нездогадлива !"),
    # "як" also compares: the walk stops there
    ("Чи знає вона , як це – цілувати вуста того , в кого текла така ж кров ?",
     "Чи знає він , як це – цілувати вуста того , в кого текла така ж кров ?"),
])
def test_subject_verb_past_inserted_clauses(nlp, text, expected):
    assert swap(nlp, text)._.swapped == expected


@pytest.mark.parametrize(("text", "expected"), [
    # the adjectives opening a subject pronoun's clause are said of it and agree, past a
    # comparison between commas; not a street's name after its abbreviation
    ("Дурний він!", "Дурна вона!"),
    ("Пряма і напружена, мов струна, вона не помічає нічого.",
     "Прямий і напружений, мов струна, він не помічає нічого."),
    ("Купила на вул. Лаврська вона квартиру.", "Купив на вул. Лаврська він квартиру."),
])
def test_adjectives_before_a_subject_pronoun(nlp, text, expected):
    assert swap(nlp, text)._.swapped == expected


def test_form_of_address_of_a_name_of_unknown_gender_stays(nlp_one_name):
    # "Доро" (Дора's vocative) is a name no list knows: its "пані" stays with it, while a
    # name the verb shows the gender of turns with its "пан"
    doc = swap(nlp_one_name, "Добре, пані Доро, - каже секретарка.", ("PERS", "Доро"),
               ("JOB", "секретарка"))
    assert doc._.swapped == "Добре, пані Доро, - каже секретар."
    assert swap(nlp_one_name, "Пан Бень поніс опис.", ("PERS", "Бень"))._.swapped \
        == "Пані Бень понесла опис."


@pytest.mark.parametrize(("text", "direction", "expected"), [
    # a demonstrative after a conjunction is the subject of the verb after it, and turns
    # with it (the conjunction "та" does not)
    ("Вона гукнула служницю, щоб та принесла одяг.", "invert",
     "Він гукнув служника, щоб той приніс одяг."),
    ("Поет і сам належав до ченців.", "invert", "Поетеса і сама належала до ченців."),
    ("Вона прийшла та принесла одяг.", "invert", "Він прийшов та приніс одяг."),
    # before a verb that turned as the subject's, adverbs between
    ("Управитель поселився у будиночку , а той і справді знав , що де лежить .", "invert",
     "Управителька поселилася у будиночку , а та і справді знала , що де лежить ."),
    ("Лікар покликав служницю, щоб та принесла одяг.", "to_feminine",
     "Лікарка покликала служницю, щоб та принесла одяг."),
])
def test_demonstrative_subject_turns_with_its_verb(text, direction, expected):
    nlp = spacy.blank("uk")
    nlp.add_pipe("gender_swapper", config={"direction": direction, "seed": 0})
    assert nlp(text)._.swapped == expected


@pytest.mark.parametrize(("text", "expected"), [
    # predicate adjectives coordinated after the subject's verb agree both; an adjective
    # after the conjunction that modifies a noun further on is no predicate
    ("Кароліна приїхала тоді на майданчик бліда й тиха.",
     "Петро приїхав тоді на майданчик блідий й тихий."),
    ("Кароліна очолила фірму, якій належать Іршанський гірничо-збагачувальний і "
     "Вільногірський гірничо-металургійний комбінати.",
     "Петро очолив фірму, якій належать Іршанський гірничо-збагачувальний і "
     "Вільногірський гірничо-металургійний комбінати."),
])
def test_coordinated_predicate_adjectives(nlp_one_name, text, expected):
    assert swap(nlp_one_name, text, ("PERS", "Кароліна"))._.swapped == expected


@pytest.mark.parametrize(("text", "expected"), [
    # "та" after another conjunction is the demonstrative and agrees ("як та мачуха");
    # after a comma it is the conjunction ("…, та Шекспір не робив")
    ("Бо чужа — як та мачуха.", "Бо чужа — як той вітчим."),
    ("Здогадатися було нескладно, та Шекспір не робив із цього таємниці.",
     "Здогадатися було нескладно, та Шекспір не робив із цього таємниці."),
    # ... and after a word that is only a verb, which no conjunction joins to a noun
    ("Я запитав, чим займається та дівчина.", "Я запитав, чим займається той хлопець."),
    ("Вона приходила та працювала.", "Він приходив та працював."),
])
def test_demonstrative_ta_after_a_conjunction(nlp, text, expected):
    assert swap(nlp, text)._.swapped == expected


@pytest.mark.parametrize(("text", "expected"), [
    # a figure counting several takes the genitive plural "чоловік" (people): it stays
    ("Загалом залучено 38 чоловік та 9 одиниць техніки.",
     "Загалом залучено 38 чоловік та 9 одиниць техніки."),
    ("У господарстві працюють 11 чоловік.", "У господарстві працюють 11 чоловік."),
    # 21 takes the singular
    ("Загалом прийшов 21 чоловік.", "Загалом прийшла 21 жінка."),
])
def test_a_person_noun_a_figure_counts(nlp, text, expected):
    assert swap(nlp, text)._.swapped == expected


def test_a_plural_adjective_in_a_chain_is_no_person(nlp):
    # "сині" before another plural adjective is "blue", not the locative of син
    text = "Баба заправила чоботи в сині трикотажні штани."
    assert swap(nlp, text)._.swapped == "Дід заправив чоботи в сині трикотажні штани."


@pytest.mark.parametrize(("text", "entities", "expected"), [
    # where nobody else is swapped, a pronoun is a person's, beside an organisation too
    ("На тендер прийшло ТОВ «Богдан-Авто», однак його пропозицію відхилили.", [],
     "На тендер прийшло ТОВ «Богдан-Авто», однак її пропозицію відхилили."),
    ("ТОВ «Вест Іст Груп» стверджувало, що її висновок позитивний.",
     [("ORG", "ТОВ «Вест Іст Груп»")],
     "ТОВ «Вест Іст Груп» стверджувало, що його висновок позитивний."),
])
def test_pronouns_beside_an_organisation_are_a_persons(nlp, text, entities, expected):
    assert swap(nlp, text, *entities)._.swapped == expected


def test_adjectives_of_an_object_past_a_comma_are_no_predicate(nlp):
    # "спокійний, дещо замкнутий характер" is the object's, not the subject's predicate
    text = "Він мав спокійний, дещо замкнутий характер."
    assert swap(nlp, text)._.swapped == "Вона мала спокійний, дещо замкнутий характер."


@pytest.mark.parametrize(("text", "expected"), [
    # where nobody is swapped, the pronouns of a thing's gender after it is the subject of
    # its verb may stand for it, and stay
    ("Барельєф вражав досконалістю, і водночас майстерність робила його чужим.",
     "Барельєф вражав досконалістю, і водночас майстерність робила його чужим."),
    ("Ця пісня заповнила моє серце, і мені хотілося, щоб вона ніколи не минала.",
     "Ця пісня заповнила моє серце, і мені хотілося, щоб вона ніколи не минала."),
    # (adverbs between the thing and its verb)
    ("Барабан потужно загудів, і він тремтів.", "Барабан потужно загудів, і він тремтів."),
    # (after its verb, in a form no accusative shares)
    ("Прийшла весна, а з нею моя воля.", "Прийшла весна, а з нею моя воля."),
    # but a thing cannot be the object in its own clause, nor the possessor after its
    # verb: that pronoun is a person's
    ("Радість охоплювала її, коли вона прокидалася.",
     "Радість охоплювала його, коли він прокидався."),
    ("Хустина мерехтіла у її руках, і вона всміхалася.",
     "Хустина мерехтіла у його руках, і він всміхався."),
    # while a possessive in the thing's own phrase may be anyone's
    ("Його голосок тремтів, він не був чистим.", "Її голосок тремтів, він не був чистим."),
    # a neuter thing's are the masculine oblique forms, which the neuter shares, unless a
    # masculine nominative pronoun shows a man
    ("Море обурливо сопіло, немов боялося, що я його можу заразити.",
     "Море обурливо сопіло, немов боялося, що я його можу заразити."),
    ("Соколине око дивилося на нього, але він не бачив чаклунства.",
     "Соколине око дивилося на неї, але вона не бачила чаклунства."),
    # the masculine oblique forms after the neuter "воно" (profile neuter_pronouns) may be
    # its own, which they spell too
    ("Якщо воно невідоме, то слід ініціалізувати його нулем.",
     "Якщо воно невідоме, то слід ініціалізувати його нулем."),
])
def test_pronouns_after_a_thing_subject_stay(nlp, text, expected):
    assert swap(nlp, text)._.swapped == expected


def test_a_swapped_plural_group_is_no_singular_pronouns_person(nlp):
    # only the plural "засновників" is swapped: "його" may be the fund's, the subject of
    # вийшов, as where nobody is swapped
    doc = swap(nlp, "Фонд вийшов зі складу засновників компанії, де його замінили інші фірми.",
               ("JOB", "засновників"))
    assert doc._.swapped == \
        "Фонд вийшов зі складу засновниць компанії, де його замінили інші фірми."


def test_an_ungoverned_noun_after_punctuation_is_nominative(nlp_to_feminine):
    # "гостя" is the woman guest in the nominative, not the man guest's genitive: nothing
    # governs it after the colon, so to_feminine leaves it
    text = "Це засвідчило: гостя далеко не безвільна істота."
    assert swap(nlp_to_feminine, text)._.swapped == text


def test_fixed_phrases_name_nobody(nlp):
    # "по батькові" is the patronymic, nobody's father
    assert swap(nlp, "Не знав навіть її прізвища та по батькові.")._.swapped == (
        "Не знав навіть його прізвища та по батькові.")


@pytest.mark.parametrize(("text", "expected"), [
    # a singular nominative after a verb that agrees with it is the verb's subject, not
    # the accusative or genitive another word spells alike ("чоловік": "п'ять чоловік")
    ("Там живе чоловік, у якого четверо діток.", "Там живе жінка, у якої четверо діток."),
    ("Тоді прийшов чоловік, у якого четверо діток.",
     "Тоді прийшла жінка, у якої четверо діток."),
    # ... but not the word's own accusative, nor a thing's
    ("Ніколи не думала, що донька попросить матір про це.",
     "Ніколи не думала, що син попросить батька про це."),
    ("Після того обсмажувальниця складає графік.", "Після того обсмажувальниця складає графік."),
    # an adjective that agrees with no reading of the person noun is none of its modifiers
    # ("стала" is the linking verb: "політика" is the policy), and a linking verb is read
    # by its likeliest verb reading (стати, not станути)
    ("Складовою процесів стала політика коренізації.",
     "Складовою процесів стала політика коренізації."),
    ("За даними мобільного оператора, СМС надійшло.",
     "За даними мобільної операторки, СМС надійшло."),
])
def test_case_of_a_person_noun_after_a_verb_or_adjective(nlp, text, expected):
    assert swap(nlp, text)._.swapped == expected


@pytest.mark.parametrize(("text", "expected"), [
    # a word only the analyser makes a person (no lexicon row) that is also its own thing
    # stays a thing unless tagged a job
    ("Часом через людський фактор бувають випадки втрати інформації.",
     "Часом через людський фактор бувають випадки втрати інформації."),
    ("Наче за метр на килимі мав з'явитися джин.", "Наче за метр на килимі мав з'явитися джин."),
    # (the lexicon's own person nouns are persons still)
    ("Документи подали до державного реєстратора.", "Документи подали до державної реєстраторки."),
])
def test_analyser_only_person_nouns_that_are_things(nlp, text, expected):
    assert swap(nlp, text)._.swapped == expected


@pytest.mark.parametrize(("text", "entities", "expected"), [
    # a noun a cardinal counts is no subject of the verb after it ("літ" also reads as the
    # nominative of літ): the verb is the sentence's only subject's
    ("Адже сам пан Роман є засновником товариства, сім літ віддав активній роботі.",
     [("PERS", "Роман"), ("JOB", "засновником")],
     "Адже сама пані Марія є засновницею товариства, сім літ віддала активній роботі."),
    # a dash (or a hyphen between spaces) after the subject stands for the linking verb
    ("Тільки один комісар Катані - чесний.", [("JOB", "комісар"), ("PERS", "Катані")],
     "Тільки одна комісарка Катані - чесна."),
    ("Ігор — той падлючий був.", [("PERS", "Ігор")], "Марія — та падлюча була."),
    # ... but not before an instrumental, which no verbless predicate is
    ("Бабуся - теплою, вибитою стежкою.", [], "Дідусь - теплою, вибитою стежкою."),
])
def test_counted_nouns_and_dash_predicates(nlp_one_name, text, entities, expected):
    assert swap(nlp_one_name, text, *entities)._.swapped == expected


@pytest.mark.parametrize(("text", "entities", "expected"), [
    # a phrase that opens a clause after a comma with no noun before it, or after a colon,
    # is its verb's object: the accusative, which the man's genitive spells alike
    ("Сама не змогла вирватися, сина попросила передати флешку.", [],
     "Сама не змогла вирватися, доньку попросила передати флешку."),
    ("Голова взявся вирішити: солдата-водія покладе спати до себе.",
     [("JOB", "Голова"), ("JOB", "солдата-водія")],
     "Голова взялася вирішити: солдатку-водійку покладе спати до себе."),
])
def test_object_opening_a_clause_after_punctuation(nlp_to_feminine, text, entities, expected):
    assert swap(nlp_to_feminine, text, *entities)._.swapped == expected


@pytest.mark.parametrize(("text", "expected"), [
    # person nouns with their feminine counterparts in the lexicon, in every case
    ("Тоді вийшов священик, прочитав молитву.", "Тоді вийшла священиця, прочитала молитву."),
    ("Ми чекали благословення священика.", "Ми чекали благословення священиці."),
    ("Він сповідався перед священиком.", "Вона сповідалася перед священицею."),
    ("Як стверджує хроніст, вітри дмухали.", "Як стверджує хроністка, вітри дмухали."),
    ("Податківець прийшов до нього.", "Податківчиня прийшла до нього."),
])
def test_religious_and_historical_person_nouns(nlp, text, expected):
    assert swap(nlp, text)._.swapped == expected


@pytest.mark.parametrize(("text", "entities", "expected"), [
    # an adjectival noun with nothing governing an instrumental is the dative plural it
    # also spells, and a plural has no gender: it stays
    ("Суд надав слідчим доступ до документації фірми.", [("JOB", "слідчим")],
     "Суд надав слідчим доступ до документації фірми."),
    # a row left without a feminine is not filled with one that also names a thing
    # (митниця is the customs office): neither the officers nor the office change
    ("Минулого року митники виділяли на це 10 млн грн.", [("JOB", "митники")],
     "Минулого року митники виділяли на це 10 млн грн."),
])
def test_dative_plural_adjectival_nouns_and_thing_homonyms(nlp_to_feminine, text, entities,
                                                            expected):
    assert swap(nlp_to_feminine, text, *entities)._.swapped == expected


def test_a_thing_homonym_is_no_woman_to_invert(nlp):
    text = "При перетинанні митниці добитися переведення кубів у меблі."
    assert swap(nlp, text)._.swapped == text


@pytest.mark.parametrize(("text", "entities", "expected"), [
    # an adjective agrees with its noun past a prepositional phrase between them (and
    # adverbs before that), with the modifiers before it
    ("Допитаний в якості свідка заступник начальника розказав про рішення.",
     [("JOB", "заступник начальника")],
     "Допитана в якості свідка заступниця начальника розказала про рішення."),
    ("Життєпис відомого колись на всю округу фотографа заповнив прогалину.",
     [("JOB", "фотографа")],
     "Життєпис відомої колись на всю округу фотографки заповнив прогалину."),
    ("Він же є співвласником і єдиного допущеного до участі конкурента.", [],
     "Вона ж є співвласницею і єдиної допущеної до участі конкурентки."),
    # but not a participle after a comma, which is the noun's before it
    ("Приходять кам'яниці з цегли, виробленої на модерній цегельні.", [],
     "Приходять кам'яниці з цегли, виробленої на модерній цегельні."),
])
def test_adjective_before_a_prepositional_phrase(nlp, text, entities, expected):
    assert swap(nlp, text, *entities)._.swapped == expected


@pytest.mark.parametrize(("text", "entities", "expected"), [
    # a named woman's generic title is kept in feminine_first's first try; when nothing
    # can then be inverted (no masculine form of her surname is known), it takes the
    # feminine after all, so that the line still gets a counterpart
    ("Станом на 2012 рік Кокседж числилась номінальним директором 709 компаній.",
     [("PERS", "Кокседж"), ("JOB", "номінальним директором")],
     "Станом на 2012 рік Кокседж числилась номінальною директоркою 709 компаній."),
    # ... not a firm's
    ("«Діта» стала переможцем тендеру.", [], "«Діта» стала переможцем тендеру."),
])
def test_feminine_first_falls_back_to_the_feminine_title(nlp_one_name_feminine_first, text,
                                                        entities, expected):
    assert swap(nlp_one_name_feminine_first, text, *entities)._.swapped == expected


@pytest.mark.parametrize(("text", "entities", "expected"), [
    # plural job entities (the group is the referent) in every case
    ("За даними податківців, це так.", [("JOB", "податківців")],
     "За даними податківчинь, це так."),
    ("Антимонопольники встановили, що це так.", [("JOB", "Антимонопольники")],
     "Антимонопольниці встановили, що це так."),
    # a plural takes the first counterpart that declines (not the indeclinable бізнесвумен)
    ("Комплекс приваблює іноземних бізнесменів.", [("JOB", "бізнесменів")],
     "Комплекс приваблює іноземних бізнесменок."),
    # once the group is swapped, "її" stays: it is a thing's, no person's to invert
    ("Дорожники області висувають її іншу модифікацію.", [("JOB", "Дорожники")],
     "Дорожниці області висувають її іншу модифікацію."),
])
def test_plural_job_entities(nlp_one_name_feminine_first, text, entities, expected):
    assert swap(nlp_one_name_feminine_first, text, *entities)._.swapped == expected


@pytest.mark.parametrize(("text", "entities", "expected"), [
    # the group a swapped "one of" picks a person from takes that person's gender
    ("Один із засновників нейроестетики Вільянур Рамачандран назвав принципи.",
     [("PERS", "Вільянур Рамачандран")],
     "Одна із засновниць нейроестетики Марія Рамачандран назвала принципи."),
    ("Крім того, Демішкан був одним із засновників клубу.", [("PERS", "Демішкан")],
     "Крім того, Демішкан була однією із засновниць клубу."),
])
def test_partitive_group_takes_the_gender_of_the_one(nlp_one_name, text, entities, expected):
    assert swap(nlp_one_name, text, *entities)._.swapped == expected


@pytest.mark.parametrize(("text", "entities", "expected"), [
    # the numeral before a group that turned is the swapped person, one of the group
    ("Раніше одним з засновників «Седни С» був Сергій Тарута.",
     [("JOB", "засновників"), ("PERS", "Сергій Тарута")],
     "Раніше однією з засновниць «Седни С» була Марія Тарута."),
    ("Машненков відомий як екс-депутат облради і один із батьків-засновників Партії регіонів.",
     [("PERS", "Машненков"), ("JOB", "екс-депутат"), ("JOB", "засновників")],
     "Машненкова відома як екс-депутатка облради і одна із матерів-засновниць Партії регіонів."),
    # with no single person swapped, the one is a firm: only the tagged group turns
    ("Слідство вказує, що одним із підрядників лісгоспів було ТОВ «Ліс».",
     [("JOB", "підрядників")],
     "Слідство вказує, що одним із підрядниць лісгоспів було ТОВ «Ліс»."),
])
def test_partitive_numeral_takes_the_gender_of_its_group(nlp_one_name_feminine_first, text,
                                                         entities, expected):
    assert swap(nlp_one_name_feminine_first, text, *entities)._.swapped == expected


def test_numeral_after_coordinated_names(nlp_one_name_feminine_first):
    # "обидва" after names that are all women after the swap takes the feminine
    doc = swap(nlp_one_name_feminine_first,
               "Там були Андрій Сенченко й Людмила Денисова обидва від «Батьківщини».",
               ("PERS", "Андрій Сенченко"), ("PERS", "Людмила Денисова"))
    assert doc._.swapped == (
        "Там були Марія Сенченко й Людмила Денисова обидві від «Батьківщини».")


@pytest.mark.parametrize(("text", "expected"), [
    # a negated verb's object is a person in the accusative, not the genitive of negation
    ("Не ображайте водія, їдьте чемно.", "Не ображайте водійку, їдьте чемно."),
    ("Увечері Вероніка не вийшла, щоб не сердити матір.",
     "Увечері Вероніка не вийшла, щоб не сердити батька."),
    # a negated linking verb ("не буде"), or the governor alone, keeps the genitive
    ("Там ніколи не буде лікаря.", "Там ніколи не буде лікарки."),
    ("У селі немає лікаря.", "У селі немає лікарки."),
    # a verb governs its object past adverbs and particles between them
    ("Він зустрів учора лікаря.", "Вона зустріла учора лікарку."),
    ("Він звільнив нарешті інженера.", "Вона звільнила нарешті інженерку."),
    ("Голова не став на його захист, а не так давно його самого вкинули у бак.",
     "Голова не стала на її захист, а не так давно її саму вкинули у бак."),
    # a particle between a predicate and "мати" leaves it the infinitive
    ("Приречені не мати гідної кар'єри на Заході.",
     "Приречені не мати гідної кар'єри на Заході."),
])
def test_the_case_of_a_verb_object(nlp, text, expected):
    assert swap(nlp, text)._.swapped == expected


def test_the_full_stop_of_a_name_initial_ends_no_clause(nlp):
    doc = swap(nlp, "Відомий ботанік А . Барі розробив метод і встановив зв'язок.",
               ("JOB", "ботанік"), ("PERS", "А . Барі"))
    assert doc._.swapped == \
        "Відома ботанікиня А . Барі розробила метод і встановила зв'язок."


def test_an_undeclined_predicate_noun_is_no_subject(nlp_one_name):
    # "замгубернатора" reads as every case, the nominative too: after a linking verb it is
    # the predicate, and the organisation after it its dependent; the clause's verb agrees
    # with the sentence's swapped subject
    doc = swap(nlp_one_name,
               "Чорбаджи відомий як заступник начальника порту, також у 2005 році "
               "був замгубернатора Одеської області.",
               ("PERS", "Чорбаджи"), ("JOB", "заступник начальника порту"),
               ("JOB", "замгубернатора"), ("ORG", "Одеської області"))
    assert doc._.swapped == ("Чорбаджи відома як заступниця начальника порту, також у 2005 "
                             "році була замгубернатора Одеської області.")


def test_a_swapped_word_keeps_the_apostrophe_of_the_text(nlp):
    # the lexicon writes ASCII "'"; the text's typographic apostrophe stays
    assert swap(nlp, "Зрештою, кур’єром він став тимчасово.")._.swapped == \
        "Зрештою, кур’єркою вона стала тимчасово."
    assert swap(nlp, "Зрештою, кур'єром він став тимчасово.")._.swapped == \
        "Зрештою, кур'єркою вона стала тимчасово."


def test_modifiers_before_a_title_with_two_hyphenated_prefixes(nlp_one_name):
    doc = swap(nlp_one_name, "Засідання під головуванням першого віце-прем'єр-міністра "
                             "Степана Кубіва.",
               ("JOB", "першого віце-прем'єр-міністра"), ("PERS", "Степана Кубіва"))
    assert doc._.swapped == \
        "Засідання під головуванням першої віце-прем'єр-міністерки Марії Кубів."


@pytest.mark.parametrize(("text", "expected"), [
    # every adjective and participle of an inserted phrase agrees, with the determiner
    # before one ("такий старенький")...
    ("Директор, втомлений і злий, вийшов.", "Директорка, втомлена і зла, вийшла."),
    ("Священик, такий старенький, висохлий, лише махав пальцем.",
     "Священиця, така старенька, висохла, лише махала пальцем."),
    # ... but not an adjective that modifies a noun of the phrase
    ("Бубуляк, немолодий розважливий кіт, спочатку думає.",
     "Бубуляк, немолодий розважливий кіт, спочатку думає."),
    # a comparison with no verb is passed on the way to the verb
    ("Він, як ніхто, вмів доглядати за рослинами.",
     "Вона, як ніхто, вміла доглядати за рослинами."),
])
def test_inserted_phrases_between_subject_and_verb(nlp, text, expected):
    assert swap(nlp, text)._.swapped == expected


@pytest.mark.parametrize(("text", "entities", "expected"), [
    # a feminine form that is the genitive singular and the nominative plural: the plural
    # verb shows its subject...
    ("Раніше журналістки повідомляли про це.", [("JOB", "журналістки")],
     "Раніше журналісти повідомляли про це."),
    # (past quoted names)
    ("На думку ГПУ, службовиці «Укрзалізниці» та «НВП «Інтертерм» привласнили гроші.",
     [("JOB", "службовиці"), ("ORG", "Укрзалізниці"), ("ORG", "НВП «Інтертерм")],
     "На думку ГПУ, службовці «Укрзалізниці» та «НВП «Інтертерм» привласнили гроші."),
    # after punctuation, with no plural verb, the genitive singular
    ("У справі допитано свідків: завідувачки відділу, інженерок.",
     [("JOB", "завідувачки відділу"), ("JOB", "інженерок")],
     "У справі допитано свідків: завідувача відділу, інженерів."),
    # (past the group's genitive tail)
    ("У липні 2018 року депутатки Хмельницької міськради розглянули рішення.",
     [("JOB", "депутатки Хмельницької міськради")],
     "У липні 2018 року депутати Хмельницької міськради розглянули рішення."),
    # ... and with nothing to show the plural, it is the genitive singular
    ("Після цих слів священиці всі замовкли.", [("JOB", "священиці")],
     "Після цих слів священика всі замовкли."),
    ("Лист надіслали в. о. начальниці інспекції.", [("JOB", "начальниці інспекції")],
     "Лист надіслали в. о. начальника інспекції."),
])
def test_a_feminine_genitive_singular_or_nominative_plural(nlp, text, entities, expected):
    assert swap(nlp, text, *entities)._.swapped == expected


def test_the_linking_verb_of_a_relative_clause_stays_a_verb(nlp):
    # "була" is also the adjective булий's feminine: the verb of ", котра була директоркою"
    # turns into a verb
    doc = swap(nlp, "Фірму очолює Ріяко, котра була першою директоркою.",
               ("PERS", "Ріяко"), ("JOB", "директоркою"))
    assert doc._.swapped.endswith(", котрий був першим директором.")


@pytest.mark.parametrize(("text", "expected"), [
    # where the lexeme has a short masculine nominative, it is the one: a predicate
    # ("повинен"), the usual pronoun form ("кожен")
    ("Вона повинна надавати звіт.", "Він повинен надавати звіт."),
    ("Кожна лікарка прийшла.", "Кожен лікар прийшов."),
])
def test_the_short_masculine_nominative(nlp, text, expected):
    assert swap(nlp, text)._.swapped == expected


@pytest.mark.parametrize(("text", "expected"), [
    # a short quoted phrase with no verb that opens with a capital names a team, a firm or
    # a paper, no person
    ("На 109 хвилині «Шахтар» проґавив ще одну брамку.",
     "На 109 хвилині «Шахтар» проґавив ще одну брамку."),
    ('Про це пише видання "Урядовий кур\'єр".', 'Про це пише видання "Урядовий кур\'єр".'),
    # (a quoted sentence is no name)
    ("« Треба з дружиною порадитися » .", "« Треба з чоловіком порадитися » ."),
    # a quoted word is governed through its quotes
    ("Які ковзани добрі для ”новачка”?", "Які ковзани добрі для ”новачки”?"),
])
def test_quoted_words(nlp, text, expected):
    assert swap(nlp, text)._.swapped == expected


def test_a_place_after_a_preposition_is_no_name(nlp_names):
    # without entities, "Києві" is Київ's locative, not the first name Кий's
    text = "Народилася в Києві в театральній родині."
    assert nlp_names(text)._.swapped == text  # (no entities on the Doc: names are found)


@pytest.mark.parametrize(("text", "expected"), [
    # "мати" before a thing's accusative is "to have" ...
    ("А може, мені краще мати можливість чинити добрі діла?",
     "А може, мені краще мати можливість чинити добрі діла?"),
    # ... but for the mother's own object before her verb
    ("Як тільки мати пісню заводила, він приходив.",
     "Як тільки батько пісню заводив, він приходив."),
    # a locative after a preposition that also reads as a thing's is that thing
    ("На що слід звернути увагу при покупці?", "На що слід звернути увагу при покупці?"),
    # a phrase opening the clause before a subject pronoun and its verb is the object
    ("Першого сина вона народжувала в лікарні.", "Першу доньку вона народжувала в лікарні."),
])
def test_infinitives_things_and_objects(nlp, text, expected):
    assert swap(nlp, text)._.swapped == expected


@pytest.mark.parametrize(("text", "entities", "expected"), [
    # the standard lexeme re-inflects, not the dictionary's non-standard soft-stem reading
    ("Клуб належить народній депутатці Ірині Клімовій.",
     [("JOB", "народній депутатці"), ("PERS", "Ірині Клімовій")],
     "Клуб належить народному депутату Петру Клімову."),
])
def test_the_standard_lexeme_inflects(nlp_one_name, text, entities, expected):
    assert swap(nlp_one_name, text, *entities)._.swapped == expected


def test_a_past_tense_verb_after_a_comma_is_no_appositive_adjective():
    # names kept: the title's agreement reaches "була" after the comma, which is бути's (a
    # clause of its own), never the adjective булий's
    nlp = spacy.blank("uk")
    nlp.add_pipe("gender_swapper", config={"seed": 0, "swap_names": False})
    doc = swap(nlp, "Ірина Пелипас – бізнесвумен, була членкинею виконкому.",
               ("PERS", "Ірина Пелипас"))
    assert doc._.swapped == "Ірина Пелипас – бізнесмен, була членом виконкому."


@pytest.mark.parametrize(("text", "expected"), [
    # a job title declining like an adjective, in a form the dictionary reads only as the
    # adjective, is the title too: the swap comes back
    ("Дільничний приїхав.", "Дільнична приїхала."),
    ("Дільнична приїхала.", "Дільничний приїхав."),
    ("Я бачив дільничну.", "Я бачив дільничного."),
    # (not before its noun, nor after a thing's noun it may stand for)
    ("Дільнична лікарня працює.", "Дільнична лікарня працює."),
    ("Переходили від подружньої присяги до військової.",
     "Переходили від подружньої присяги до військової."),
])
def test_adjectival_titles_in_adjective_only_forms(nlp, text, expected):
    assert swap(nlp, text)._.swapped == expected


@pytest.mark.parametrize(("text", "expected"), [
    # the indeclinable "пані" takes the case of the noun hyphenated to it
    ("Вона говорила з пані-товаришкою полковницею.",
     "Він говорив з паном-товаришем полковником."),
    ("Фразу « пані-товаришко » вона казала.", "Фразу « пане-товаришу » він казав."),
])
def test_an_indeclinable_first_part_takes_its_partners_case(nlp, text, expected):
    assert swap(nlp, text)._.swapped == expected


def test_a_verb_governs_its_object_past_the_objects_predicate_adjective(nlp):
    # "колишнього заступника" reads as genitive and accusative: "визнав" governs the
    # accusative past "винним"
    assert swap(nlp, "Суд визнав винним колишнього заступника голови відділення.")._.swapped \
        == "Суд визнав винною колишню заступницю голови відділення."


@pytest.mark.parametrize(("text", "expected"), [
    # a sentence opener that reads as a thing's nominative and only as a person's oblique
    # case is the thing: mechanics, policy
    ("Механіка не змінюється, а це головне.", "Механіка не змінюється, а це головне."),
    ("Політика влади в царині культури", "Політика влади в царині культури"),
    # after a verb with no object, the nominative agreeing with it is its subject: the
    # premiere, not прем'єр's genitive; a person there is the subject too
    ("Вчора відбулася прем'єра вистави.", "Вчора відбулася прем'єра вистави."),
    ("Вчора з'явився лікар.", "Вчора з'явилася лікарка."),
    # what a verb governs rules out the instrumental: the dative plural it also spells is
    # the group's ("надав слідчим доступ"), while a linking verb's predicate is the person
    ("Суд надав слідчим доступ до документів.", "Суд надав слідчим доступ до документів."),
    # capitalised, a person noun of the profile's capitalised_beings names one being
    ("Бог їх забрав , а він пішов .", "Бог їх забрав , а вона пішла ."),
    ("Там жив бог війни .", "Там жила богиня війни ."),
    # a capitalised word inside the sentence that also reads as a surname is the name, not
    # the person noun it spells (a sentence's first word may be either)
    ("У вироку зазначається, що Тютюнник провів перевірку.",
     "У вироку зазначається, що Тютюнник провів перевірку."),
    ("Тютюнник приніс тютюн.", "Тютюнниця принесла тютюн."),
    # a capitalised pronoun inside a sentence stands for God (not one in capitals only)
    ("Треба просити в Нього прощення , сказав він .",
     "Треба просити в Нього прощення , сказала вона ."),
    ("Господь чекає на нас , Він завжди готовий , сказав він .",
     "Господь чекає на нас , Він завжди готовий , сказала вона ."),
    ("Тим легше ЙОГО зробити залежним .", "Тим легше ЇЇ зробити залежною ."),
    ("Він був слідчим.", "Вона була слідчою."),
])
def test_a_thing_in_the_nominative_is_no_person(nlp, text, expected):
    assert swap(nlp, text)._.swapped == expected


@pytest.mark.parametrize(("text", "expected"), [
    # a transitive verb governs its object past a genitive-only prepositional phrase
    ("Суд звільнив від кримінальної відповідальності інженера, який здійснював технагляд.",
     "Суд звільнив від кримінальної відповідальності інженерку, яка здійснювала технагляд."),
    ("Очільник запросив до виступу кожного директора з проханням прозвітувати.",
     "Очільниця запросила до виступу кожну директорку з проханням прозвітувати."),
    # an intransitive verb has no object: the person is the noun's ("входять до орбіти")
    ("Фірми входять до орбіти керівника держпідприємства.",
     "Фірми входять до орбіти керівниці держпідприємства."),
])
def test_a_verb_governs_its_object_past_a_prepositional_phrase(nlp, text, expected):
    assert swap(nlp, text)._.swapped == expected


def test_a_name_past_a_prepositional_phrase_is_the_nouns(nlp_one_name):
    # "для трупи Марка Кропивницького" is his troupe, not the verb's object
    assert swap(nlp_one_name, "Художник виконує для трупи Марка Кропивницького ескізи.",
                ("PERS", "Марка Кропивницького"))._.swapped \
        == "Художниця виконує для трупи Марії Кропивницької ескізи."


def test_a_relative_after_a_long_tail_with_an_organisation_is_the_persons(nlp):
    # past the organisation's words and an adjective that is also a noun ("лісового")
    doc = swap(nlp, "Прийшов начальник відділу лісового господарства Лугинського "
               "держлісгоспу, який проживає у Млинові.",
               ("JOB", "начальник відділу лісового господарства"),
               ("ORG", "Лугинського держлісгоспу"))
    assert doc._.swapped == ("Прийшла начальниця відділу лісового господарства Лугинського "
                             "держлісгоспу, яка проживає у Млинові.")


@pytest.mark.parametrize(("text", "entities", "expected"), [
    # a person noun hyphenated before a swapped one is the same person, outside the entity
    ("Нариси про героїв-хліборобів Полісся.", [("JOB", "хліборобів")],
     "Нариси про героїнь-хліборобок Полісся."),
    ("Він вшанував батьків-засновників партії.", [("JOB", "засновників")],
     "Вона вшанувала матерів-засновниць партії."),
    # not the first part of a title the lexicon lists whole
    ("Це курує прем'єр-міністр.", [("JOB", "міністр")], "Це курує прем'єр-міністерка."),
])
def test_a_hyphenated_person_noun_swaps_with_its_partner(nlp, text, entities, expected):
    assert swap(nlp, text, *entities)._.swapped == expected


def test_a_job_entity_the_lexicon_does_not_know_is_reported(nlp):
    # "поліцай" has no feminine the dictionaries attest: the word stays, and the edit says so
    doc = swap(nlp, "Ми ховалися від поліцаїв.", ("JOB", "поліцаїв"))
    assert doc._.swapped == "Ми ховалися від поліцаїв."
    assert doc._.swap_edits == [{"i": 3, "old": "поліцаїв", "new": None,
                                 "reason": "job title not in the lexicon: 'поліцай'"}]
    # an abbreviation has nothing to report
    edits = swap(nlp, "Підприємець зареєструвався як ФОП.", ("JOB", "ФОП"))._.swap_edits
    assert [edit["old"] for edit in edits] == ["Підприємець", "зареєструвався"]


def test_a_reported_job_title_does_not_choose_the_direction(nlp_one_name_feminine_first):
    # feminine_first inverts a Doc whose only masculine word is a job title the lexicon
    # lacks: the report names no one to turn
    doc = swap(nlp_one_name_feminine_first, "Вихователька ховалася від поліцаїв.",
               ("JOB", "Вихователька"), ("JOB", "поліцаїв"))
    assert doc._.swapped == "Вихователь ховався від поліцаїв."
    assert doc._.swap_edits[-1]["new"] is None


@pytest.mark.parametrize(("text", "entities", "expected"), [
    # an adjective alone after the subject's verb and a pronoun is predicated of it
    ("Депутат засміявся: перший і він же останній.", [],
     "Депутатка засміялася: перший і вона ж остання."),
])
def test_an_adjective_after_a_pronoun_is_predicated(nlp_one_name_feminine_first,
                                                   text, entities, expected):
    assert swap(nlp_one_name_feminine_first, text, *entities)._.swapped == expected


@pytest.mark.parametrize(("text", "entities", "expected"), [
    # a date governs nothing: the name after it opens the clause, and with the verb after
    # it (past a relative clause on the name) it is the object, in the accusative
    ("Додамо також, у липні цього року Олексія Василенка, який очолював відділення, "
     "призначили головою.", [("DATE", "липні цього року"), ("PERS", "Олексія Василенка")],
     "Додамо також, у липні цього року Марію Василенко, яка очолювала відділення, "
     "призначили головою."),
    # or its subject
    ("За інформацією депутатів, у серпні Василенко обіцяв відмінити наказ.",
     [("JOB", "депутатів"), ("DATE", "серпні"), ("PERS", "Василенко")],
     "За інформацією депутаток, у серпні Василенко обіцяла відмінити наказ."),
    # a name opening the sentence before its verb, its modifier with it
    ("31-річного Олексія Вострікова призначили керувати службою.",
     [("PERS", "Олексія Вострікова")], "31-річну Марію Вострікову призначили керувати службою."),
])
def test_a_name_after_a_date_opens_its_clause(nlp_one_name, text, entities, expected):
    assert swap(nlp_one_name, text, *entities)._.swapped == expected


@pytest.mark.parametrize(("text", "entities", "expected"), [
    # a feminine group whose form is also the genitive singular is the plural subject of
    # the clause "що" opens, and past the group's genitive tail and a date
    ("АМКУ відзвітував, що операторки ринку не тільки виконали рекомендації.",
     [("ORG", "АМКУ"), ("JOB", "операторки")],
     "АМКУ відзвітував, що оператори ринку не тільки виконали рекомендації."),
    ("Слідчі встановили, що інспекторки обласного управління Держпраці з 6 до 12 червня "
     "2018 року перевіряли об'єкт.", [("JOB", "інспекторки")],
     "Слідчі встановили, що інспектори обласного управління Держпраці з 6 до 12 червня "
     "2018 року перевіряли об'єкт."),
])
def test_a_feminine_group_opening_a_clause_is_its_plural_subject(nlp, text, entities, expected):
    assert swap(nlp, text, *entities)._.swapped == expected


def test_a_compound_group_before_its_names_is_plural(nlp_one_name):
    # the names that make it a group follow the compound's last part
    doc = swap(nlp_one_name, "На семінарі викладачки-методистки Олександр Брензей, Тетяна "
               "Щербина поділилися досвідом.", ("JOB", "викладачки-методистки"),
               ("PERS", "Олександр Брензей"), ("PERS", "Тетяна Щербина"))
    assert doc._.swapped == ("На семінарі викладачі-методисти Марія Брензей, Петро Щербина "
                             "поділилися досвідом.")


@pytest.mark.parametrize(("text", "entities", "expected"), [
    # an indeclinable title or form of address after a linking verb is in the case of the
    # name it stands before (the subject's nominative), not the predicate's instrumental
    ("Директоркою фірми є пані Ольга Мельник.",
     [("JOB", "Директоркою"), ("PERS", "Ольга Мельник")],
     "Директором фірми є пан Петро Мельник."),
    ("Власницею фірми стала пані Ольга Мельник.",
     [("JOB", "Власницею"), ("PERS", "Ольга Мельник")],
     "Власником фірми став пан Петро Мельник."),
    ("Засновником фірми є замміністра Олег Мельник.",
     [("JOB", "Засновником"), ("JOB", "замміністра"), ("PERS", "Олег Мельник")],
     "Засновницею фірми є замміністерка Марія Мельник."),
])
def test_an_indeclinable_title_takes_the_case_of_its_name(nlp_one_name, text, entities,
                                                          expected):
    assert swap(nlp_one_name, text, *entities)._.swapped == expected


@pytest.mark.parametrize(("text", "expected"), [
    # a feminine second part is a woman, whatever the first part's gender: only a thing's
    # title is the generic masculine ("фірма-переможець")
    ("Колишня бізнес-партнерка прийшла.", "Колишній бізнес-партнер прийшов."),
    ("Рок-співачка пішла.", "Рок-співак пішов."),
    ("Фірма-переможець отримала гроші.", "Фірма-переможець отримала гроші."),
])
def test_a_feminine_second_part_is_a_woman(nlp, text, expected):
    assert swap(nlp, text)._.swapped == expected


@pytest.mark.parametrize(("text", "entities", "expected"), [
    # a demonstrative after a conjunction is the subject of its verbs and stands for the
    # nearest noun of its gender: a swapped person turns it, in both directions
    ("За звичкою вона мала гукнути служницю, щоб та принесла одіж, розчесала волосся і "
     "провела до ванни.", [],
     "За звичкою він мав гукнути служника, щоб той приніс одіж, розчесав волосся і провів "
     "до ванни."),
    ("За звичкою він мав гукнути служника, щоб той приніс одіж, розчесав волосся і провів "
     "до ванни.", [],
     "За звичкою вона мала гукнути служницю, щоб та принесла одіж, розчесала волосся і "
     "провела до ванни."),
    # a thing keeps it, and its verb is no longer the person's
    ("Андріана хотіла присісти на лавку, але та обпекла її холодом.", [("PERS", "Андріана")],
     "Петро хотів присісти на лавку, але та обпекла його холодом."),
    ("Кіблер супроводжував намісника Карла, коли той прибув до міста.",
     [("PERS", "Кіблер"), ("PERS", "Карла")],
     "Кіблер супроводжувала намісницю Марію, коли та прибула до міста."),
    # past the subject's own pronoun the words before may not name it: it stays
    ("Степанко стояв розгублений: навіщо він так виспівував, якщо той не з'явився.",
     [("PERS", "Степанко")],
     "Марія стояла розгублена: навіщо вона так виспівувала, якщо той не з'явився."),
])
def test_a_demonstrative_subject_stands_for_the_noun_before_it(nlp_one_name, text, entities,
                                                               expected):
    assert swap(nlp_one_name, text, *entities)._.swapped == expected
