"""spaCy components, one module per factory. Importing a module registers its factory;
entry points (``spacy_factories``) let ``nlp.add_pipe(name)`` find them without an import."""
