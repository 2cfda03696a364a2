"""What the words alone tell of a Ukrainian phrase's grammar, with no parser: the case a noun
phrase is in from the word that governs it (``government``), what a verb form before a phrase
may be (``verbs``), and a modifier fronted past a prepositional phrase (``fronting``).

The clause walk (:mod:`spacy_genderfair.swap.walk`) and the name reader
(:mod:`spacy_genderfair.swap.names`) both read a bare Doc through these.
"""

from .fronting import PHRASE_REACH, fronted_modifier
from .government import CASE_ORDER, animate_cases, genitive_plural_noun, governed_cases
from .verbs import linking_verb, takes_object

__all__ = ["CASE_ORDER", "PHRASE_REACH", "animate_cases", "fronted_modifier",
           "genitive_plural_noun", "governed_cases", "linking_verb", "takes_object"]
