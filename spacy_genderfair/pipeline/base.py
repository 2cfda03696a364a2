"""What every spacy_genderfair component shares."""

from collections.abc import Iterable

from spacy.pipeline import Pipe
from spacy.tokens import Doc


class DocAnnotator(Pipe):
    """A rule-based component that annotates one Doc at a time.

    Subclasses implement ``annotate(doc)``. Errors go through spaCy's configurable error
    handler (``set_error_handler``), which raises by default.
    """

    name: str

    def annotate(self, doc: Doc) -> None:
        raise NotImplementedError

    def __call__(self, doc: Doc) -> Doc:
        error_handler = self.get_error_handler()
        try:
            self.annotate(doc)
        except Exception as err:  # routed to spaCy's configurable error handler
            error_handler(self.name, self, [doc], err)
        return doc

    def pipe(self, stream: Iterable[Doc], *, batch_size: int = 128):
        for doc in stream:
            yield self(doc)
