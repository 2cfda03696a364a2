"""spaCy components, one module per factory, and the gender-swap training augmenter
(``augmenter``). Importing a module registers its factory; entry points (``spacy_factories``,
``spacy_augmenters``) let ``nlp.add_pipe(name)`` and a training config find them without an
import."""
