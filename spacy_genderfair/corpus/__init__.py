"""Corpus-level jobs: streaming readers and pure functions over records."""
