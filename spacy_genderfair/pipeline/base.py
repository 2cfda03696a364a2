"""What every spacy_genderfair component shares."""

from collections.abc import Callable, Iterable
from pathlib import Path

import srsly
from spacy import util
from spacy.pipeline import Pipe
from spacy.tokens import Doc

from ..lexicon import Lexicon, LexiconFormatError, get_lexicon, read_lexicon


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


class LexiconAnnotator(DocAnnotator):
    """A DocAnnotator that works from one language's Lexicon plus user lexicon files.

    Subclasses set ``lang``, ``extra_lexicons`` (paths) and ``name_resolver`` and call
    ``_init_lexicon()``. The user lexicons are read lazily and saved with the pipeline
    (``to_disk``/``to_bytes``), so a packaged pipeline does not need the original files.
    """

    lang: str
    extra_lexicons: list[str]
    name_resolver: str | None = None

    def _init_lexicon(self) -> None:
        # (file name, text) of the user lexicons; filled from the paths on first use, or
        # by from_disk/from_bytes when the pipeline is loaded.
        self._lexicon_texts: list[tuple[str, str]] | None = None
        # Fail early on an unknown language rather than on the first document.
        from ..lang import load_profile

        load_profile(self.lang)

    @property
    def lexicon(self) -> Lexicon:
        """The Lexicon (profile data + user lexicons) this component uses."""
        if self._lexicon_texts is None:
            self._lexicon_texts = [_read_text(path) for path in self.extra_lexicons]
        return get_lexicon(self.lang, self.name_resolver, tuple(self._lexicon_texts))

    def initialize(self, get_examples: Callable | None = None, *, nlp=None) -> None:
        # Load everything now so that the first document does not pay for it.
        self.lexicon  # noqa: B018

    # -- serialization ----------------------------------------------------------------------
    def _serialized_lexicons(self) -> list[tuple[str, str]]:
        self.lexicon  # noqa: B018  (reads the user lexicons if not read yet)
        return list(self._lexicon_texts or [])

    def to_bytes(self, *, exclude: Iterable[str] = tuple()) -> bytes:
        return srsly.msgpack_dumps({"lexicons": self._serialized_lexicons()})

    def from_bytes(self, bytes_data: bytes, *, exclude: Iterable[str] = tuple()):
        data = srsly.msgpack_loads(bytes_data)
        self._set_lexicon_texts([tuple(item) for item in data.get("lexicons", [])])
        return self

    def to_disk(self, path, *, exclude: Iterable[str] = tuple()) -> None:
        path = util.ensure_path(path)
        lexicons = self._serialized_lexicons()
        # Prefix with the position so that two lexicons with the same file name both survive.
        names = [f"{i}_{Path(name).name}" for i, (name, _) in enumerate(lexicons)]
        serializers = {
            "cfg": lambda p: srsly.write_json(p, {"lexicons": names}),
            "lexicons": lambda p: _write_texts(p, names, [text for _, text in lexicons]),
        }
        util.to_disk(path, serializers, exclude)

    def from_disk(self, path, *, exclude: Iterable[str] = tuple()):
        path = util.ensure_path(path)
        cfg: dict = {}
        deserializers = {"cfg": lambda p: cfg.update(srsly.read_json(p))}
        util.from_disk(path, deserializers, exclude)
        folder = path / "lexicons"
        self._set_lexicon_texts(
            [(name.split("_", 1)[1], (folder / name).read_text(encoding="utf-8"))
             for name in cfg.get("lexicons", [])]
        )
        return self

    def _set_lexicon_texts(self, texts: list[tuple[str, str]]) -> None:
        for name, text in texts:
            read_lexicon(name, text)  # validate now: a broken file fails at load, not later
        self._lexicon_texts = texts


def _read_text(path: str) -> tuple[str, str]:
    try:
        return path, Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise LexiconFormatError(f"Lexicon file not found: {path}") from None
    except UnicodeDecodeError as err:
        raise LexiconFormatError(f"{path}: not valid UTF-8 ({err})") from None


def _write_texts(folder: Path, names: list[str], texts: list[str]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in zip(names, texts, strict=True):
        (folder / name).write_text(text, encoding="utf-8")
