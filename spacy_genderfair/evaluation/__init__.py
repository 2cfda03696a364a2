"""Evaluation: the measures (``metrics``, pure functions) and the spaCy scorers that report
them for quote_typer and actor_linker (``scorers``). See docs/scorers.md."""
