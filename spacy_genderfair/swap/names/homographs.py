"""Whether a capitalised first name that is also an ordinary word is a name (no parser).

The profile's ``name_homographs.txt`` lists first names that are also words (English *John*,
*Will*, *Grace*; German *Rose*; Ukrainian *Марина*, *Віра*, *Роман*). Such a word is a name only
where the text shows one: a surname after it, a verb it is the subject of, a name it is
coordinated with, its use as a name elsewhere in the text, or, in a language that capitalises
nothing but names inside a sentence, its capital there; it stays the word where the text also
writes it in lower case. The name finder (spans.py) asks ``HomographReader._alone``.
"""

from spacy.tokens import Doc

from ..rules import rule
from .evidence import capitalised, opens_sentence


class HomographReader:
    """Reads, for the name finder ``finder`` (spans.NameFinder), whether a name homograph is
    the word or the name; it changes nothing."""

    def __init__(self, finder) -> None:
        self.finder = finder
        self.profile, self.known_names = finder.profile, finder.known_names
        self._readings = finder._readings

    @rule("name-homograph-alone")
    def _alone(self, doc: Doc, i: int, named: frozenset[str] = frozenset()) -> bool:
        """Whether the word at ``i`` is one of the profile's name homographs (also an
        ordinary word: "Ernst", "Sommer", "Rose") with nothing in the text that makes it a
        name: no capitalised word after it, the surname ("Rose Weber"); no verb it is the
        subject of ("John met Mary"), no name it is coordinated with ("John and Mary") and
        no use as a name elsewhere in the text (``named``), or a use in lower case."""
        if doc[i].lower_ not in self.profile.name_homographs or (
                i + 1 < len(doc) and doc[i + 1].is_title and not self._owner_after(doc, i)):
            return False
        if i > 0 and capitalised(doc[i - 1]) and not opens_sentence(doc, i) \
                and not (opens_sentence(doc, i - 1) and (
                    doc[i - 1].is_stop or self.finder._common_word_opening(doc[i - 1]))):
            # the last word of a capitalised run ("Fort Lee is", "Thai Basil"), not one after
            # a function or common word opening the sentence ("Then Will said", "Коли Марина")
            return True
        return not (self._subject(doc, i) or self._coordinated(doc, i)
                    or self._named_in_text(doc, i, named)
                    or self._inside_sentence(doc, i)) \
            or self._word_in_text(doc, i)

    @rule("name-homograph-inside-sentence")
    def _inside_sentence(self, doc: Doc, i: int) -> bool:
        """Whether the capitalised word at ``i`` is a listed first name after a lower-case word
        or a comma, in a language that capitalises nothing but names inside a sentence
        (profile ``capital_inside_sentence_is_name``): the name ("Коли Марина зрозуміла",
        "з Романом")."""
        previous = doc[i - 1] if i > 0 else None
        if not self.profile.capital_inside_sentence_is_name or previous is None or not (
                previous.is_lower or previous.text == "," or (
                    opens_sentence(doc, i - 1) and self.finder._common_word_opening(previous))):
            return False  # ("Вчора Віра пішла": after the common word opening the sentence)
        # (a name the name lists know: not a capitalised institution, "рішення ухвалила Рада")
        words = {doc[i].lower_} | {r.lemma.lower() for r in self._readings(doc[i])
                                   if r.name_part == "first"}
        return any(names.genders(word) for names in self.known_names for word in words)

    @rule("name-homograph-owner-after")
    def _owner_after(self, doc: Doc, i: int) -> bool:
        """Whether the capitalised word after the homograph at ``i`` is a name in none of
        the homograph's cases as a name: no surname of it but the owner of the ordinary word
        ("Роман Лесі Марченко вийшов": Марченко's novel, not a man named Роман)."""
        own = {r.case for r in self._readings(doc[i])
               if r.name_part == "first" and r.number == "Sing"}
        after = [r for r in self._readings(doc[i + 1]) if r.number == "Sing"]
        return bool(own) and any(r.name_part for r in after) \
            and not own & {r.case for r in after}

    @rule("name-homograph-subject")
    def _subject(self, doc: Doc, i: int) -> bool:
        """Whether the capitalised word at ``i`` comes right before a lower-case verb form
        that follows a third-person singular subject (profile ``finite_verbs``: "met",
        "said", "was", "can", "'s"): it is that verb's subject, a name ("John met Mary",
        "Will said"), not an imperative or a question ("Mark the date", "Will you come?").
        Not a function word (the language's stop words) whose reading is no verb: "Here is",
        "One might", "Just wanted"."""
        if i + 1 >= len(doc) or not doc[i + 1].is_lower:
            return False
        verbs = self.profile.finite_verbs
        return (doc[i + 1].lower_ in verbs or doc[i + 1].norm_ in verbs) \
            and (not doc[i].is_stop or doc[i].lower_ in verbs)

    @rule("name-homograph-coordinated")
    def _coordinated(self, doc: Doc, i: int) -> bool:
        """Whether the capitalised word at ``i`` is coordinated (profile
        ``pair_conjunctions``) with a capitalised first name that is no ordinary word: a
        name among names ("John and Mary left", "Mary or Will")."""
        for conj, other in ((i + 1, i + 2), (i - 1, i - 2)):
            if 0 <= min(conj, other) and max(conj, other) < len(doc) \
                    and doc[conj].lower_ in self.profile.pair_conjunctions \
                    and capitalised(doc[other]) \
                    and doc[other].lower_ not in self.profile.name_homographs \
                    and self.finder.first_name_gender(doc[other]):
                return True
        return False

    @rule("name-homograph-named-in-text")
    def _named_in_text(self, doc: Doc, i: int, named: frozenset[str]) -> bool:
        """Whether the capitalised word at ``i``, inside a sentence, opens a name elsewhere
        in the text (``named``: before a surname, as a verb's subject, beside a name), so
        that it is that name here too ("Grace Kelly arrived. … said Grace."). Not at a
        sentence's start, nor where every noun is capitalised (profile
        ``nouns_capitalized``: "Rose Weber kam. Die Rose blüht."), where a capital tells
        nothing ("Mark Twain wrote it. Mark the date.")."""
        return doc[i].lower_ in named and not opens_sentence(doc, i) \
            and not self.profile.nouns_capitalized

    @rule("name-homograph-word-in-text")
    def _word_in_text(self, doc: Doc, i: int) -> bool:
        """Whether the text also writes the word at ``i`` in lower case: it uses the
        ordinary word ("Basil grew tall. … water the basil"), and the capital alone makes
        no name of it."""
        lower = doc[i].lower_
        return any(t.text == lower for t in doc)
