"""The NER-UK spaCy project (project.yml): the logic behind its thin ``scripts/``."""
