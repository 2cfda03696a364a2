"""Quote engines used by the ``quote_typer`` component, one job per module.

- ``cues``: the words and dependency labels that signal reported speech in a language.
- ``marks``: direct quotes delimited by quotation marks (character level, nesting, recovery
  from unbalanced marks).
- ``dialogue``: direct speech introduced by a line-initial dash (— Ви …).
- ``indirect``: reported clauses of reporting verbs and attribution phrases.
- ``speakers``: the speaker of a quote and its actor.
- ``syntax``: sentences, subjects and noun phrases over ClearNLP, UD and TIGER parses.
- ``annotate``: all quotes of a document, merged and attributed.
"""

from .annotate import Quote, find_quotes
from .cues import QuoteCues, get_cues
from .marks import QuoteMarks, find_marked_quotes

__all__ = ["Quote", "QuoteCues", "QuoteMarks", "find_marked_quotes", "find_quotes", "get_cues"]
