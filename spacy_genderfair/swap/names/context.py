"""What stands before a person name and tells its case: the cases the preposition or verb
governing it allows (worked out once per swap and token), the title, form of address or
possessed person noun it is in apposition to and that title's cases ("звільнив директора фірми
«УПС» Тараса Палія"), and a relative noun apposed to another person's name before it.
"""

from spacy.tokens import Doc, Token

from ...lexicon import Lexicon
from ...morph import Reading, agrees
from ...tokens import is_word, prefix_hyphen
from ..grammar.government import CASE_ORDER, governed_cases
from ..rules import rule
from .spans import NameFinder

# How many words back a name looks for the person noun it is in apposition to ("директора
# фірми «УПС» Тараса Палія").
_APPOSITION_REACH = 6
# A title that reads in this many cases does not decline (замгубернатора, пані).
_MANY_CASES = 4
# Punctuation that sets off a form of address (звертання) on its left and on its right.
_ADDRESS_OPENERS = frozenset(",—–-«\"„“:!?.…(")
_ADDRESS_CLOSERS = frozenset(",—–-»\"”!?.…:;")
# The punctuation that ends the sentence an address is looked for in.
_SENTENCE_STOPS = frozenset(".!?…")


class NameContext:
    """Reads the context of the person names of one Doc at a time.

    lexicon (Lexicon): the language's lexicon.
    finder (NameFinder): tells titles.
    """

    def __init__(self, lexicon: Lexicon, finder: NameFinder) -> None:
        self.lex = lexicon
        self.profile = lexicon.profile
        self.analyzer = lexicon.analyzer
        self.finder = finder
        # the cases governed at each token of the Doc being swapped (a name asks several
        # times; forgotten when a new swap looks for names: ``forget``)
        self._governed_doc: Doc | None = None
        self._governed_memo: dict[int, tuple[str, ...]] = {}

    def forget(self) -> None:
        """Forget what the last Doc governs: a new swap starts (its entities may differ)."""
        self._governed_doc = None

    def readings(self, token: Token) -> tuple[Reading, ...]:
        return self.analyzer.analyze(token.lower_) if self.analyzer else ()

    def governed(self, doc: Doc, i: int) -> tuple[str, ...]:
        """``governed_cases`` at token ``i`` of ``doc``, worked out once per swap and token."""
        if doc is not self._governed_doc:
            self._governed_doc, self._governed_memo = doc, {}
        found = self._governed_memo.get(i)
        if found is None:
            found = self._governed_memo[i] = governed_cases(doc, i, self.lex)
        return found

    def title_cases(self, doc: Doc, start: int) -> tuple[str, ...]:
        """The cases governed for the person noun the name at ``start`` is in apposition to,
        past that noun's genitive dependents: "звільнив директора фірми «УПС» Тараса Палія"
        (accusative, as директора is), while "сина директора Івана" leaves the genitive
        (nothing governs директора, a noun's dependent)."""
        k = self.apposed_title(doc, start)
        if k is None:
            return ()
        # in apposition only in a case of its own ("є партнером Вадима": no) that is not
        # every case ("був замгубернатора Василя": the undeclined title's genitive part is
        # Василь's)
        own = {r.case for r in self.readings(doc[k]) if r.pos == "NOUN" and r.number != "Plur"}
        if len(own) >= _MANY_CASES:
            return ()
        # (a hyphenated title is governed at its first part: "депутата-бютівця")
        governed = self.governed(doc, k - 2 if prefix_hyphen(doc, k - 1) else k)
        # (nothing governing the title, its own cases: "року тодішнього очільника … Віталія"
        # is Віталій's genitive, not her nominative)
        return tuple(c for c in governed if c in own) if governed else tuple(
            c for c in CASE_ORDER if c in own)

    def partner_cases(self, doc: Doc, start: int) -> set[str]:
        """The genitive, for a name right after a relative noun that is itself apposed to
        a person's name ("Оксани Шишовської, дружини Руслана Тарпана"): the relative has
        its name already, so the one after it is the person it is related to (Руслан's
        genitive, not the nominative Руслана). A relative with no name of its own may be
        apposed to the name after it ("однокласника Еріка") and tells nothing."""
        if start < 3 or doc[start - 2].text != "," \
                or doc[start - 3].ent_type_ not in self.profile.person_labels \
                or not self.lex.persons.may_be_person_noun(doc[start - 1].lower_):
            return set()
        return {"Gen"}

    def apposed_title(self, doc: Doc, start: int) -> int | None:
        """The title, form of address or possessed person noun that the name at
        ``start`` is in apposition to, past the title's genitive dependents and the
        initials and words of names and organisations ("начальника юридичного управління
        О. М. Тітова")."""
        k = start - 1
        while k >= max(0, start - _APPOSITION_REACH):
            token = doc[k]
            if not is_word(token) or (token.ent_type_ and not token.text[:1].islower()):
                k -= 1  # the quotes and words of an organisation or place
                continue
            readings = self.readings(token)
            if k + 1 < start and doc[k + 1].is_lower and any(
                    r.pos == "ADJ" and n.pos == "NOUN" and agrees(r, n)
                    for r in readings for n in self.readings(doc[k + 1])):
                k -= 1  # an adjectival title modifying the noun after it: "слідчого
                continue  # управління ГПУ" (the directorate's, no investigator)
            if token.lower_ in self.lex.honorifics or self.finder.title_noun(token, readings) \
                    or self._possessed(doc, k):
                return k
            if self.lex.persons.may_be_person_noun(token.lower_):
                return None  # a relative is someone else: "сина Івана Франка", "героя Кіфера"
            if not any(r.case == "Gen" for r in readings):
                return None
            k -= 1
        return None

    @rule("name-possessed")
    def _possessed(self, doc: Doc, k: int) -> bool:
        """Whether the person noun at ``k`` has a possessive pronoun before it, past its
        adjectives: "його особистого наставника Геннадія" has its possessor, so the name
        after it is the mentor, in apposition, not another possessor."""
        j = k - 1
        while j >= 0 and is_word(doc[j]) and any(
                r.pos == "ADJ" for r in self.readings(doc[j])) \
                and doc[j].lower_ not in self.lex.pronouns:
            j -= 1
        return j >= 0 and any(r.type == "possessive"
                              for r in self.lex.pronouns.readings(doc[j].lower_))

    @rule("name-vocative")
    def addressed(self, doc: Doc, tokens: list[Token]) -> bool:
        """Whether the name ``tokens`` is a form of address (звертання), which Ukrainian
        sets off by punctuation or the sentence's edges, a form of address before it at most:
        "Андрію, ви щойно стали …", "Ходімо, Юрку, на став", "Дякую, Андрію.", "Пані Ірино,
        …". Between two commas it may also be in apposition to the noun before it, in that
        noun's case ("своєму другові, Андрію, …"), and a form that is also the nominative
        may be the subject: there it is an address only where the sentence speaks to someone
        (a pronoun or verb of the second person)."""
        start, end = tokens[0].i, tokens[-1].i + 1
        while start > 0 and doc[start - 1].lower_ in self.lex.honorifics:
            start -= 1
        if (start > 0 and doc[start - 1].text not in _ADDRESS_OPENERS) \
                or (end < len(doc) and doc[end].text not in _ADDRESS_CLOSERS):
            return False
        cases = {r.case for t in tokens for r in self.readings(t) if r.name_part}
        if "Nom" in cases:
            # a nominative set off by commas is as often the subject with an apposition after
            # it ("Омелько, магістратський писар, бував тут")
            return self._speaks_to_someone(doc, start)
        if start < 2 or doc[start - 1].text != "," or not is_word(doc[start - 2]):
            return True
        apposed = any(r.pos == "NOUN" and r.case in cases - {"Voc"}
                      for r in self.readings(doc[start - 2]))
        return not apposed or self._speaks_to_someone(doc, start)

    def _speaks_to_someone(self, doc: Doc, i: int) -> bool:
        """Whether the sentence of token ``i`` has a word of the second person: a verb's
        form, or a pronoun of the profile's ``addressee_pronouns`` (ти, ви, твій, ваш)."""
        first, last = i, i
        while first > 0 and doc[first - 1].text not in _SENTENCE_STOPS:
            first -= 1
        while last < len(doc) - 1 and doc[last].text not in _SENTENCE_STOPS:
            last += 1
        addressees = self.profile.addressee_pronouns
        return any(r.person == "2" or r.lemma in addressees
                   for token in doc[first:last + 1] for r in self.readings(token))

    @rule("name-titled")
    def titled(self, doc: Doc, start: int) -> bool:
        """Whether a form of address or a person noun stands right before the name at
        ``start``: its case is the name's ("смуток пана Беня")."""
        return start > 0 and (doc[start - 1].lower_ in self.lex.honorifics
                              or self.lex.persons.may_be_person_noun(doc[start - 1].lower_))
