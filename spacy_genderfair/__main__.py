"""``python -m spacy_genderfair``: the ``genderfair`` command line."""

from .cli import app

# The guard keeps a spawned process (multiprocessing, a Dask worker) that imports this module
# from running the command line again.
if __name__ == "__main__":
    app(prog_name="genderfair")
