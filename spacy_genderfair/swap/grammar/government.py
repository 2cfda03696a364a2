"""Which case a noun phrase is in, from the word that governs it (no parser needed).

A swapped noun must keep its case, and Ukrainian forms are ambiguous exactly where the
counterpart's are not: masculine animate "лікаря" is genitive or accusative, feminine "лікарки"
/ "лікарку" tells them apart. The word before the noun phrase (its modifiers skipped) decides:

- a preposition listed in the profile's ``preposition_cases`` allows only its cases
  ("про лікаря" → accusative, "до лікаря" → genitive);
- a linking verb (profile ``linking_verbs``) takes its subject or predicate: nominative or
  instrumental ("є Віктор Кленін", "був директором");
- a verb that agrees with the phrase's singular nominative takes it as its subject ("прийшов
  чоловік", "— сказала Майка"; see ``_subject_after_verb``);
- a verb takes the accusative ("зустрів лікаря"; not a noun homograph after a preposition:
  "з посади редактора", nor a person noun apposed after a comma: ", мати бізнесмена", nor
  one that no verb or adjective before it makes an infinitive: "У 2013 році мати Юрія"),
  negated too ("не ображайте водія" → "водійку": a person is rarely in the genitive of
  negation), unless a genitive governor ("немає лікаря": profile ``genitive_governors``)
  stands right before the phrase, or reflexive
  (the analyser's reading: "боявся лікаря" is genitive);
- a conjunction or a comma after a noun phrase passes on that phrase's case
  ("звинувачують Корнійця та першого заступника": both accusative); an organisation entity
  after the phrase's head is its dependent ("підозрює директора КВП «…» та директора");
- a preposition with a personal pronoun is skipped ("привіз до них лікаря": the verb governs),
  as are adverbs and particles ("зустрів учора лікаря");
- a prefix written with a hyphen is part of the phrase ("за екс-чиновника": accusative), and
  so are a name's initials, and an adjective fronted before a prepositional phrase
  ("зустріли відомого в селі вчителя": accusative; ``fronting.fronted_modifier``);
- a phrase that opens its clause (or follows a "що" that opens one, after punctuation) before
  a verb is nominative, or else accusative: "Молодого журналіста призначили" (the verb's
  object); before a verb of no subject (a neuter past tense, an impersonal predicate) it is
  the dative: "Ілії здалося" (``following``); "партії чи депутата" is no clause;
- a transitive verb governs a person noun past a genitive-only prepositional phrase
  ("звільнив від відповідальності інженера": accusative);
- anything else (a noun: "донька лікаря") leaves the genitive.

An adjective counts as the phrase's modifier only when it agrees with a person reading of
the noun ("стала політика": the verb стати, not the adjective сталий).
"""

from collections.abc import Sequence

from spacy.tokens import Doc, Token

from ...lexicon import Lexicon
from ...morph import agrees
from ...tokens import initial_stop, is_word, prefix_hyphen
from .following import impersonal_follows, only_adverb, verb_follows
from .fronting import fronted_modifier
from .subjects import CLOSING_QUOTES, nominative_in_table, subject_after_verb
from .time_phrases import before_time_phrase
from .verbs import linking_verb, takes_object

_MODIFIER_POS = ("ADJ", "PRON")
# What closes a quoted name ("«Дасна» обіграла").
_CLOSING_QUOTES = CLOSING_QUOTES
_OPENING_QUOTES = frozenset("«„“")
# Quote marks, either way round (texts open quotes with ” too).
_QUOTES = frozenset("«»„“”\"")
# What stands between a name and a person noun apposed to it ("Паля – син").
_APPOSITION_MARKS = frozenset({",", "–", "—", "-"})
_NOMINAL_POS = ("NOUN", "PROPN")
# How many coordinated phrases back the case is looked for ("A, B та C").
_COORDINATION_DEPTH = 3
# Marks after which a new clause starts: "…вирішити: солдата-водія покладе спати".
_CLAUSE_OPENING_MARKS = frozenset(":;")
CASE_ORDER = ("Nom", "Gen", "Acc", "Dat", "Ins", "Loc", "Voc")


def governed_cases(doc: Doc | Sequence[Token], i: int, lexicon: Lexicon,
                   depth: int = 0) -> tuple[str, ...]:
    """The cases the noun phrase ending at token ``i`` can be in, most likely first; empty
    when nothing before it says."""
    profile = lexicon.profile
    before = _before_phrase(doc, i, lexicon)
    j = before_time_phrase(doc, before, lexicon)
    k = j
    while k > 0 and only_adverb(doc[k], lexicon) and is_word(doc[k - 1]):
        k -= 1
    if k < j and takes_object(doc[k], lexicon, governs_next=True):
        j = k  # "зустрів учора лікаря": the verb governs past its adverbs
    elif j > 0 and _instrumental_adjective(doc[j], lexicon) \
            and takes_object(doc[j - 1], lexicon, governs_next=True) \
            and not linking_verb(doc[j - 1], lexicon):
        j -= 1  # "визнав винним колишнього заступника": past the object's predicate
    if j < 0 or _opens_clause(doc, j, lexicon) or doc[j].text in _CLAUSE_OPENING_MARKS \
            or (j < before and not is_word(doc[j])) \
            or _adverbs_open_clause(doc, j, lexicon):  # (", у серпні Василенко обіцяв")
        # a phrase that opens its clause before a verb is its subject or else its object:
        # "Молодого журналіста призначили", "що майбутнього директора … відібрали"; with a
        # subject pronoun between, its object ("Першого сина вона народжувала")
        if _subject_pronoun(doc, i + 1, lexicon) and verb_follows(doc, i + 1, lexicon):
            return ("Acc",)
        if impersonal_follows(doc, i, lexicon) and not any(
                r.case == "Nom" and r.gender == "Neut" for r in lexicon.token_readings(doc[i])):
            return ("Dat",)  # before a verb of no subject, the one it happens to: "Ілії
            # здалося", "Марії стало погано", "Олені треба йти" (not "Дівча було веселе")
        return ("Nom", "Acc") if verb_follows(doc, i, lexicon) else ()
    word = doc[j].lower_
    if j > 0 and _personal_pronoun(word, lexicon) \
            and doc[j - 1].lower_ in profile.preposition_cases:
        # "привіз до них старенького лікаря": the prepositional phrase before it is an adjunct
        return governed_cases(doc, j - 1, lexicon, depth)
    if word in profile.preposition_cases:
        return profile.preposition_cases[word]
    if doc[j].text.isdigit() or any(r.pos == "NUM" and r.case in ("Nom", "Acc")
                                    for r in lexicon.token_readings(doc[j])):
        # a cardinal takes the genitive plural ("п'ять чоловік", "10 лікарів"), or the
        # nominative ("два лікарі", "21 лікар")
        return ("Gen", "Nom")
    governors = profile.genitive_governors
    if word in governors:
        return ("Gen",)
    if j > 0 and doc[j - 1].lower_ in governors:
        # a negated verb's object: a person is mostly in the accusative ("не ображайте
        # водія" → "водійку"), a thing may be in the genitive; the governor alone, or
        # before a linking verb, says genitive ("немає лікаря", "не буде Захара")
        return ("Acc", "Gen") if takes_object(doc[j], lexicon, governs_next=True) \
            and not linking_verb(doc[j], lexicon) \
            and not noun_after_preposition(doc, j, lexicon) else ("Gen",)
    if linking_verb(doc[j], lexicon) and not noun_after_preposition(doc, j, lexicon):
        return ("Nom", "Ins")  # "засновниками є Віктор Кленін", "був директором"
    if takes_object(doc[j], lexicon, governs_next=True) \
            and not noun_after_preposition(doc, j, lexicon) \
            and not _apposed_person(doc, j, lexicon) \
            and not _person_noun_not_infinitive(doc, j, lexicon):
        # (a person the verb governs in no accusative is rather its indirect object than
        # a genitive one: "подякували переможниці", "дав книгу вчительці" are datives;
        # not after a word that is also a noun: "мати судді", the judge's mother)
        oblique = ("Acc", "Gen") if any(r.pos == "NOUN" for r in lexicon.analyzer.analyze(
            doc[j].lower_)) else ("Acc", "Dat", "Gen")
        if subject_after_verb(doc, j, i, lexicon):
            return ("Nom", *oblique)  # "прийшов чоловік": the verb's subject
        return oblique
    if not linking_verb(doc[j], lexicon) and subject_after_verb(doc, j, i, lexicon):
        # a verb with no object (a reflexive one): the nominative that agrees with it after
        # it is its subject, not a person's oblique case the word also spells ("відбулася
        # прем'єра" is the premiere, no genitive of прем'єр)
        return ("Nom",)
    if (word in profile.pair_conjunctions or word == ",") and depth < _COORDINATION_DEPTH:
        cases = _conjunct_cases(doc, j - 1, lexicon, depth + 1)
        if not cases and word == "," and verb_follows(doc, i, lexicon):
            # no noun before the comma to be coordinated with: the phrase opens a clause
            # ("сама не змогла вирватися, сина попросила": the object)
            return ("Nom", "Acc")
        return cases
    if lexicon.persons.may_be_person_noun(doc[i].lower_) and any(
            r.case in ("Acc", "Gen") for r in lexicon.token_readings(doc[i])) \
            and _object_past_adjunct(doc, j, lexicon):
        # (a name there is the noun's: "для трупи М . Кропивницького"; a dative is the
        # noun's too: "за недовіру голові")
        return ("Acc", "Gen")
    return ()


def _object_past_adjunct(doc: Doc | Sequence[Token], j: int, lexicon: Lexicon) -> bool:
    """Whether token ``j`` ends a prepositional phrase, a thing in a case its preposition
    governs, right after a verb that takes an object: the phrase after it is the verb's
    object, not the noun's possessor ("звільнив від відповідальності інженера", "запросив
    до виступу кожного директора", "випустив на поле Кушніра"; an intransitive verb has
    none: "входять до орбіти керівника")."""
    p = _before_phrase(doc, j, lexicon)
    cases = tuple(lexicon.profile.preposition_cases.get(doc[p].lower_, ())) if p >= 1 else ()
    if not cases:
        return False
    readings = lexicon.token_readings(doc[j])
    if cases != ("Gen",):
        # (or a preposition's noun in the accusative, where it goes, and in no genitive,
        # its modifiers alone between: "на поле", "у відставку"; not "з посади капітана"
        # nor "в працях хіміка", a noun's genitive)
        cases = ("Acc",)
        if not any(r.case == "Acc" for r in readings) \
                or any(r.case in ("Gen", "Loc", "Ins") for r in readings) or any(
                not any(r.pos in ("ADJ", "DET") for r in lexicon.token_readings(doc[k]))
                for k in range(p + 1, j)):
            return False
    if not any(r.pos == "NOUN" and r.case in cases and not r.animate for r in readings) \
            or lexicon.persons.may_be_person_noun(doc[j].lower_):
        return False
    verb, analyzer = doc[p - 1], lexicon.analyzer
    # (not a noun of a phrase before that also spells a verb: "до перерви", no imperative)
    return takes_object(verb, lexicon) and not linking_verb(verb, lexicon) \
        and not noun_after_preposition(doc, p - 1, lexicon) \
        and hasattr(analyzer, "transitive") and analyzer.transitive(verb.lower_)


def _instrumental_adjective(token: Token, lexicon: Lexicon) -> bool:
    """An adjective in the instrumental (or the noun it makes), or a person noun in the
    instrumental: a predicate of the object after it ("визнав винним", "вважав
    відповідальним", "має засновниками мешканця", "призначив директором Петра"; not a
    thing's: "керував фірмою директора" is the director's firm)."""
    readings = lexicon.token_readings(token)
    if not readings or not all(r.pos in ("ADJ", "NOUN") for r in readings):
        return False
    person = lexicon.persons.may_be_person_noun(token.lower_) and any(
        r.pos == "NOUN" and r.case == "Ins" and r.animate for r in readings)
    return person or any(r.pos == "ADJ" and r.case == "Ins" for r in readings)


def _before_phrase(doc: Doc | Sequence[Token], i: int, lexicon: Lexicon) -> int:
    """The index of the word before the noun phrase ending at token ``i``: its modifiers, a
    prefix written with a hyphen ("за екс-чиновника") and a name's initials are skipped."""
    analyze, profile = lexicon.token_readings, lexicon.profile
    heads = [r for r in analyze(doc[i]) if r.pos in _NOMINAL_POS and r.case and r.animate] \
        if i >= 0 else []  # (the person's readings)
    j = i - 1
    while j >= 0:
        if j > 1 and prefix_hyphen(doc, j):
            j -= 2
            continue
        if initial_stop(doc, j):
            j -= 2  # a name's initials: "І . К . Мацуревича , А . І . Кіпріанова"
            continue
        if j == i - 1 and j > 0 and doc[j].text in _QUOTES and is_word(doc[j - 1]) \
                and i + 1 < len(doc) and doc[i + 1].text in _QUOTES:
            j -= 1  # a quoted word: "для ”новачка”" (the preposition governs it)
            continue
        if j < i - 1 and j > 0 and doc[j].lower_ in profile.pair_conjunctions and heads \
                and _modifier_of(doc[j - 1], heads, lexicon):
            j -= 2  # coordinated modifiers: "першого і єдиного лауреата"
            continue
        if heads and j == i - 1 and (fronted := fronted_modifier(doc, j, heads, lexicon)):
            j = fronted - 1  # "зустріли відомого в селі вчителя": past the phrase between
            continue  # the noun and its modifier
        readings = analyze(doc[j]) if is_word(doc[j]) else ()
        if j > 0 and heads and (only_adverb(doc[j], lexicon) or any(
                r.pos == "ADV" for r in readings)) and not any(
                r.pos == "ADJ" and agrees(r, head) for r in readings for head in heads) \
                and _modifier_of(doc[j - 1], heads, lexicon):
            j -= 1  # an adverb between the modifiers: "згаданого раніше лікаря"
            continue
        if not is_word(doc[j]) or doc[j].lower_ in profile.preposition_cases \
                or doc[j].lower_ in profile.pair_conjunctions \
                or _opens_clause(doc, j, lexicon) \
                or _personal_pronoun(doc[j].lower_, lexicon) \
                or not _may_modify(doc[j], readings) \
                or (heads and _adjective_agreeing_with_none(readings, heads)):
            break  # (an adjective that agrees with no reading of the noun is none of its
            # modifiers: "стала політика" is the linking verb)
        j -= 1
    return j


def _modifier_of(token: Token, heads, lexicon: Lexicon) -> bool:
    """Whether ``token`` reads as an adjective that agrees with a reading of the noun
    ``heads``, and as no person: a modifier coordinated with the noun's own ("першого і
    єдиного"; "першого" is also the neuter noun "перше")."""
    readings = lexicon.token_readings(token) if is_word(token) else ()
    return not any(r.pos in _NOMINAL_POS and r.animate for r in readings) and any(
        r.pos == "ADJ" and agrees(r, head) for r in readings for head in heads)


def _adjective_agreeing_with_none(readings, heads) -> bool:
    """Whether a word that may modify only as an adjective (no pronoun: "собі", "тоді")
    agrees with none of the noun readings ``heads``."""
    adjectives = [r for r in readings if r.pos == "ADJ" and r.case]
    return bool(adjectives) and not any(r.pos == "PRON" for r in readings) and not any(
        agrees(r, head) for r in adjectives for head in heads)


def _adverbs_open_clause(doc: Doc | Sequence[Token], j: int, lexicon: Lexicon) -> bool:
    """Whether the words up to token ``j`` are adverbs that open the sentence ("Вчора
    Петра Сидоренка звільнили": what follows them opens its clause)."""
    k = j
    while k >= 0 and only_adverb(doc[k], lexicon):
        k -= 1
    return k < j and k < 0


def _opens_clause(doc: Doc | Sequence[Token], j: int, lexicon: Lexicon) -> bool:
    """Whether token ``j`` is a complementizer, an adverbial clause's conjunction or a
    conjunction joining clauses (profile ``verb_conjunctions``) opening a clause: after
    punctuation or at the start ("сказав, що першого …", "час, коли чоловік може", "…, а її
    директора відзначив"), not between two words ("партії чи депутата")."""
    profile = lexicon.profile
    return (doc[j].lower_ in profile.complementizers
            or doc[j].lower_ in profile.adverbial_conjunctions
            or doc[j].lower_ in profile.verb_conjunctions) \
        and (j == 0 or not is_word(doc[j - 1]))


def animate_cases(readings) -> set[str]:
    """The cases of adjective readings that a person's phrase can be in: a masculine form's
    accusative that is not also its genitive is the inanimate one ("Чернівецький",
    "перший"); a man's accusative is the genitive's form (Чернівецького, першого)."""
    masculine_genitive = any(r.gender == "Masc" and r.case == "Gen" for r in readings)
    return {r.case for r in readings if r.case and not (
        r.gender == "Masc" and r.case == "Acc" and not masculine_genitive)}


def _may_modify(token: Token, readings) -> bool:
    """Whether a word may be a modifier of the phrase after it: an adjective or pronoun,
    not a genitive plural noun ("за часів Віталія")."""
    return any(r.pos in _MODIFIER_POS for r in readings) and not genitive_plural_noun(
        token, readings)


def genitive_plural_noun(token: Token, readings) -> bool:
    """Whether a genitive plural noun that a possessive adjective's nominative spells
    alike is the noun, which it almost always is: "часів" (час, not the possessive of
    Час), "лікарів", "батьків"."""
    return any(r.pos == "NOUN" and r.case == "Gen" and r.number == "Plur" for r in readings) \
        and any(r.pos == "ADJ" and r.lemma == token.lower_ for r in readings)


def _subject_pronoun(doc: Doc | Sequence[Token], k: int, lexicon: Lexicon) -> bool:
    """Whether token ``k`` is a personal pronoun in the nominative ("вона")."""
    return k < len(doc) and nominative_in_table(doc[k].lower_, lexicon)


def _apposed_person(doc: Doc | Sequence[Token], j: int, lexicon: Lexicon) -> bool:
    """Whether token ``j`` is a person noun in apposition after a comma or dash, or the
    subject of a linking verb, not the verb it may also read as: "Тетяна Анастасова, мати
    бізнесмена Віктора", "співвласницею є мати депутата" (the mother, not "to have": the
    person after it is in the genitive)."""
    return j > 0 and (doc[j - 1].text in _APPOSITION_MARKS or linking_verb(doc[j - 1], lexicon)) \
        and lexicon.persons.may_be_person_noun(doc[j].lower_) and any(
            r.pos == "NOUN" and r.case == "Nom" for r in lexicon.token_readings(doc[j]))


def _person_noun_not_infinitive(doc: Doc | Sequence[Token], j: int, lexicon: Lexicon) -> bool:
    """Whether token ``j``, a person noun's nominative that is also an infinitive, is the
    noun: no verb or adjective before it could govern the infinitive ("У 2013 році мати
    Юрія …": the mother, whose genitive follows; not "повинен мати", "могли мати")."""
    readings = lexicon.token_readings(doc[j])
    verbs = [r for r in readings if r.pos == "VERB"]
    if not verbs or any(r.verb_form != "Inf" for r in verbs) \
            or not lexicon.persons.may_be_person_noun(doc[j].lower_) \
            or not any(r.pos == "NOUN" and r.case == "Nom" for r in readings):
        return False
    return j == 0 or not any(r.pos in ("VERB", "ADJ")
                             for r in lexicon.token_readings(doc[j - 1]))


def opening_preposition(doc: Doc | Sequence[Token], end: int, lexicon: Lexicon,
                        readings, parts: tuple[str, ...]) -> int | None:
    """The index of the preposition opening the phrase that ends at token ``end``, every
    word from it to ``end`` read (``readings``) only as one of the parts of speech
    ``parts`` ("у складі нашої збірної", "на цей"), else None."""
    prepositions = lexicon.profile.preposition_cases
    j = end
    while j >= 0 and is_word(doc[j]) and doc[j].lower_ not in prepositions \
            and (found := readings(doc[j])) and all(r.pos in parts for r in found):
        j -= 1
    return j if j >= 0 and doc[j].lower_ in prepositions else None


def noun_after_preposition(doc: Doc | Sequence[Token], j: int, lexicon: Lexicon) -> bool:
    """Whether token ``j`` is a noun in a prepositional phrase, not the verb it may also
    read as: "з посади редактора" (not the imperative "посади")."""
    return j > 0 and doc[j - 1].lower_ in lexicon.profile.preposition_cases and any(
        r.pos == "NOUN" for r in lexicon.token_readings(doc[j]))


def _personal_pronoun(word: str, lexicon: Lexicon) -> bool:
    """A pronoun that heads a noun phrase of its own ("них"), unlike "його" that may also be
    the possessive before a noun; of the first and second persons, which the pronoun table
    leaves out, an oblique form the analyser reads only as a personal pronoun but for a
    vocative ("до нас", "з тобою", "до мене": not мен's vocative; not the subject "я" of
    an inverted clause, which the verb governs past: "мав я жінку")."""
    readings = lexicon.pronouns.readings(word)
    if readings or lexicon.analyzer is None:
        return bool(readings) and all(r.type == "personal" for r in readings)
    analysed = [r for r in lexicon.analyzer.analyze(word) if r.case != "Voc"]
    return bool(analysed) and all(r.pos == "PRON" and r.case != "Nom" and r.lemma in
                                  lexicon.profile.personal_pronoun_lemmas for r in analysed)


def _conjunct_cases(doc: Doc | Sequence[Token], k: int, lexicon: Lexicon,
                    depth: int) -> tuple[str, ...]:
    """The cases of the noun phrase ending at token ``k`` (a name's words taken together)."""
    while k >= 0 and doc[k].ent_type_ and doc[k].ent_type_ not in lexicon.profile.person_labels \
            and doc[k].ent_type_ not in lexicon.profile.job_labels:
        k -= 1  # "директора КВП «Краматорська тепломережа»": the entity depends on the head
    if k < 0 or not is_word(doc[k]):
        return ()
    # (in the analyser's order, most likely first)
    own = tuple(dict.fromkeys(r.case for r in lexicon.token_readings(doc[k])
                              if r.pos in _NOMINAL_POS and r.case))
    if not own:
        return ()
    start = k
    while start > 0 and doc[start].text[:1].isupper() and is_word(doc[start - 1]) \
            and doc[start - 1].text[:1].isupper():
        start -= 1
    governed = governed_cases(doc, start, lexicon, depth)
    if not governed:  # nothing governs the first conjunct: its own cases are still a bound
        return own
    return tuple(c for c in governed if c in own)
