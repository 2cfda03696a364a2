"""Find the words that agree with a person: modifiers, verbs, predicates, relative pronouns.

``AgreementFinder._agreeing`` walks from a person mention at tokens [start, end) to every
word whose gender follows it, each with the analyser reading to re-inflect: the modifiers
before it, the verb of its clause (and the verbs coordinated with it), what that verb
predicates of it ("був депутатом"), a relative pronoun and its verb (", який очолював"),
and an appositive participle (", прописаний у місті"). It walks a
:class:`.clauses.ClauseReader`'s structure; which words are persons, and what happens to a
predicated person noun, are the swapper's business, given as two functions.

Each relation is an object of its own, composed here and holding the others it walks into:

- the modifiers before the noun (``modifiers.py``, :class:`.modifiers.ModifierFinder`);
- the verb of a nominative subject (``clause_verbs.py``, :class:`.clause_verbs.ClauseVerbFinder`)
  and the verbs coordinated with it (``coordination.py``, :class:`.coordination.VerbCoordination`);
- what a verb predicates of its subject or object (``predicates.py``,
  :class:`.predicates.PredicateFinder`);
- a relative clause after the person (``relatives.py``, :class:`.relatives.RelativeFinder`);
- apposition, appositive participles and the phrases inserted after a subject
  (``apposition.py``, :class:`.apposition.AppositionFinder`);
- whether a verb has a subject of its own, and the verbs of a swapped subject's gender that
  have none (``subjects.py``, :class:`.subjects.SubjectReader`: ``_subjectless_verbs``).
"""

from collections.abc import Callable

from ..grammar.government import _CLOSING_QUOTES as _CLOSING_QUOTES  # (the swapper imports the
from ..grammar.government import _OPENING_QUOTES as _OPENING_QUOTES  # quotes from here)
from .apposition import AppositionFinder
from .clause_verbs import ClauseVerbFinder
from .clauses import ClauseReader, reader_words
from .coordination import VerbCoordination
from .modifiers import ModifierFinder
from .predicates import PredicateFinder
from .relatives import RelativeFinder
from .subjects import SubjectReader


class AgreementFinder:
    """The words that agree with a person, found by walking the clause structure that a
    :class:`.clauses.ClauseReader` reads. ``person_noun`` says whether a word is a person
    noun (and which), ``predicated_person`` is told of a person noun a subject's verb
    predicates of it in the instrumental ("був депутатом")."""

    def __init__(self, clauses: ClauseReader, person_noun: Callable, predicated_person: Callable
                 ) -> None:
        self.clauses = clauses
        # the relations, each holding the ones it walks into
        self.predicates = PredicateFinder(clauses, person_noun, predicated_person)
        self.subjects = subjects = SubjectReader(clauses)
        self.apposition = apposition = AppositionFinder(clauses, subjects, self.predicates,
                                                        person_noun)
        self.coordination = coordination = VerbCoordination(clauses, subjects, apposition,
                                                            self.predicates)
        self.clause_verbs = ClauseVerbFinder(clauses, subjects, apposition, coordination,
                                             self.predicates)
        self.relatives = RelativeFinder(clauses, apposition, self.clause_verbs, coordination,
                                        self.predicates)
        self.modifiers = ModifierFinder(clauses)
        words = reader_words(clauses.lex)
        self.conjunctions = words.conjunctions

    def _agreeing(self, start: int, end: int, case: str | None, gender: str | None, *,
                  modifiers: bool = True):
        """The words that agree with the person at tokens [start, end), each with its
        agreeing reading: the modifiers right before it in its case; for a nominative
        subject the first past-tense verb of its clause; a relative pronoun right after
        it (", який очолював" → ", яка очолювала") with that pronoun's own verb; and a
        participle after a comma in its case (", прописаний у місті")."""
        first = start  # where the phrase with its modifiers starts
        if modifiers:
            first = yield from self.modifiers._modifiers(start, case, gender)
        if case == "Acc" and gender is not None:
            yield from self.predicates._object_predicate(first, end, gender)
        if case == "Nom":
            yield from self.clause_verbs._clause_verb(start, end, gender)
        while end + 1 < len(self.clauses.tokens) and self.clauses._prefix_hyphen(end):
            end += 2  # the compound's second part: "дівчину-сироту, яка" is the girl's
        if gender is not None:
            yield from self.relatives._relative_clause(end, gender)
        if case is not None:
            yield from self.apposition._appositive_participle(end, case, gender)

