"""What every spacy_genderfair component shares: one Doc at a time through spaCy's error
handler, a language profile, and the data files read from user paths, which are saved with
the component so that a saved pipeline never reads those paths again. A component travels
to other processes (pickle) the same way: as its settings and its saved data."""

import hashlib
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import srsly
from spacy import util
from spacy.language import Language
from spacy.pipeline import Pipe
from spacy.tokens import Doc

from ..lang import (
    LanguageProfile,
    is_profile_folder,
    is_stored_profile,
    load_profile,
    read_profile_files,
    store_profile,
)
from ..lexicon import Lexicon, LexiconFormatError, get_lexicon, read_lexicon
from ..names import NameResolver

# A component's folder in a saved pipeline: its settings, and the profile files.
_CFG = "cfg"
_PROFILE = "profile"
_LEXICONS = "lexicons"
# What stored_reference makes: a file name (no folder) and a digest.
_STORED_REFERENCE = re.compile(r"^[^/\\]+@[0-9a-f]{12}$")
# A lang setting of this form is a language code (spaCy's are two or three letters: "uk",
# "xx"); any other that is not a stored profile's reference names a profile folder.
_LANGUAGE_CODE = re.compile(r"^[a-z]{2,3}$")


class DocAnnotator(Pipe):
    """A rule-based component that annotates one Doc at a time.

    Subclasses implement ``annotate(doc)`` and call ``_init_profile(nlp, lang)``. Errors go
    through spaCy's configurable error handler (``set_error_handler``), which raises by
    default.

    A language profile given as a folder path is read by ``initialize()``, on first use or
    when the component is saved, and is saved with it (``to_disk``/``to_bytes``); never when
    the component is made, because a saved pipeline's config may still name a folder that is
    gone where it is loaded: the copy that ``from_disk``/``from_bytes`` restores wins over
    the setting. Once read, the component refers to the profile as ``"<code>@<digest>"``, and
    ``initialize(nlp=nlp)`` writes that reference into the pipeline's config in place of the
    path, so that a saved pipeline's config.cfg names no folder of this machine.

    Pickled (``nlp.pipe(n_process=N)`` where workers are spawned, as on macOS and Windows), a
    component is its settings and its ``to_bytes`` data; what it builds from them is listed
    in ``_derived`` and built again where it is used.
    """

    name: str
    # Attributes built from the settings: the data read from user paths, which travels as
    # to_bytes data, and engines with caches (functools.lru_cache wrappers and the like), which
    # do not pickle. None until first use; a subclass adds its own.
    _derived: tuple[str, ...] = ("_profile_files",)

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

    # -- the language profile -----------------------------------------------------------------
    def _init_profile(self, nlp: Language, lang: str | None) -> None:
        """Record the ``lang`` setting (a code, a profile folder, or the reference of a
        profile saved with a pipeline). Defaults to ``nlp.lang``. A folder is not read here."""
        self._lang = str(lang) if lang else nlp.lang
        # A profile given as a folder: the folder, and the texts of its files once read, to
        # be saved with the component.
        self._profile_folder = self._lang if _names_profile_folder(self._lang) else None
        self._profile_files: dict[str, str] | None = None
        if self._profile_folder is None and not is_stored_profile(self._lang):
            # Fail early on an unknown language code rather than on the first document.
            load_profile(self._lang)

    @property
    def lang(self) -> str:
        """The language profile's key: the ``lang`` setting's code (or stored reference), or
        the reference of the profile read from its folder or restored with a saved pipeline.
        Reading a missing folder raises ProfileError naming it."""
        if self._profile_files is None and self._profile_folder is not None:
            self._set_profile_files(read_profile_files(self._profile_folder))
        return self._lang

    @lang.setter
    def lang(self, value: str) -> None:
        self._lang = value

    @property
    def profile(self) -> LanguageProfile:
        """The language profile this component uses."""
        return load_profile(self.lang)

    def _set_profile_files(self, files: dict[str, str]) -> None:
        self._lang = store_profile(files)
        self._profile_files = files

    def _saved_profile_files(self) -> dict[str, str] | None:
        """The texts of the profile folder to save with the component (read if not yet)."""
        self.lang  # noqa: B018
        return self._profile_files

    def __reduce__(self):
        # Settings and saved data only: the engines built from them hold lru_cache wrappers,
        # which do not pickle, and a spawned worker builds them again anyway.
        data = self.to_bytes()  # first: it reads the files not read yet
        settings = {name: value for name, value in vars(self).items()
                    if name not in self._derived}
        return _unpickle_annotator, (type(self), self.name, settings, data)

    def initialize(self, get_examples: Callable | None = None, *, nlp: Language | None = None
                   ) -> None:
        """Read what the component needs now, and put the references of the files it has
        read in the place of their paths in the pipeline's config.

        get_examples (Optional[Callable[[], Iterable[Example]]]): not used.
        nlp (Optional[Language]): the pipeline. Defaults to None.
        """
        self.profile  # noqa: B018  (a stored profile that never came fails here)
        if nlp is not None and self.name in nlp.component_names:
            self._replace_paths_in_config(nlp)

    def _stored_settings(self) -> dict[str, Any]:
        """Settings whose files are now stored with the component: name -> reference."""
        return {"lang": self.lang} if self._saved_profile_files() is not None else {}

    def _replace_paths_in_config(self, nlp: Language) -> None:
        """The data is saved with the component; its settings keep only a reference, on the
        component, in its config and in ``[initialize.components.<name>]`` where it was given."""
        stored = self._stored_settings()
        initialize = nlp.config.get("initialize", {}).get("components", {}).get(self.name, {})
        for setting, reference in stored.items():
            setattr(self, setting, reference)
            for config in (nlp.get_pipe_config(self.name), initialize):
                if config.get(setting):
                    config[setting] = reference

    # -- serialization ----------------------------------------------------------------------
    # Every saved field has a name, the key of its bytes and its file or folder on disk, which
    # ``exclude`` names as for spaCy's own components.
    def _state(self) -> dict[str, Callable[[], Any]]:
        """What ``to_bytes`` saves: a getter of a JSON-able value per field; subclasses
        extend it."""
        return {_PROFILE: self._saved_profile_files}

    def _state_setters(self) -> dict[str, Callable[[Any], None]]:
        """What ``from_bytes`` restores: a setter per field of ``_state``."""
        return {_PROFILE: lambda files: self._set_profile_files(dict(files)) if files else None}

    def _serializers(self) -> dict[str, Callable[[Path], None]]:
        """``to_disk``'s writers by file or folder name; subclasses extend them."""
        return {_PROFILE: lambda p: _write_texts(p, self._saved_profile_files() or {})}

    def _deserializers(self) -> dict[str, Callable[[Path], None]]:
        return {_PROFILE: lambda p: self._set_profile_files(_read_texts(p)) if p.is_dir()
                else None}

    def to_bytes(self, *, exclude: Iterable[str] = tuple()) -> bytes:
        return util.to_bytes(self._state(), exclude)

    def from_bytes(self, bytes_data: bytes, *, exclude: Iterable[str] = tuple()):
        util.from_bytes(bytes_data, self._state_setters(), exclude)
        return self

    def to_disk(self, path, *, exclude: Iterable[str] = tuple()) -> None:
        util.to_disk(util.ensure_path(path), self._serializers(), exclude)

    def from_disk(self, path, *, exclude: Iterable[str] = tuple()):
        path = util.ensure_path(path)
        if path.is_dir():  # (pipelines saved before these components wrote a folder)
            util.from_disk(path, self._deserializers(), exclude)
        return self


def _unpickle_annotator(cls: type, name: str, settings: dict[str, Any], data: bytes
                        ) -> DocAnnotator:
    component = cls.__new__(cls)
    component.name = name  # (an attribute of spaCy's Pipe, not in the instance dict)
    component.__dict__.update(settings)
    component.__dict__.update(dict.fromkeys(cls._derived))
    return component.from_bytes(data)


def _names_profile_folder(lang: str) -> bool:
    """Whether a ``lang`` setting names a profile folder (which may not exist here) rather
    than a language code or a stored profile's reference."""
    return is_profile_folder(lang) or not (
        _LANGUAGE_CODE.match(lang) or is_stored_profile(lang))


class LexiconAnnotator(DocAnnotator):
    """A DocAnnotator that works from one language's Lexicon plus user lexicon files.

    Subclasses set ``extra_lexicons`` (paths) and ``name_resolver`` and call
    ``_init_profile()`` and ``_init_lexicon()``. The user lexicons are read lazily and saved
    with the pipeline (``to_disk``/``to_bytes``), so a packaged pipeline does not need the
    original files; ``initialize(nlp=nlp)`` puts their references (``"<file name>@<digest>"``)
    in the config in place of their paths.
    """

    extra_lexicons: list[str]
    name_resolver: NameResolver | None = None
    _derived = (*DocAnnotator._derived, "_lexicon_texts")

    def _init_lexicon(self) -> None:
        # (file name, text) of the user lexicons; filled from the paths on first use, or
        # by from_disk/from_bytes when the pipeline is loaded.
        self._lexicon_texts: list[tuple[str, str]] | None = None

    @property
    def lexicon(self) -> Lexicon:
        """The Lexicon (profile data + user lexicons) this component uses."""
        return get_lexicon(self.lang, self.name_resolver, tuple(self._user_lexicon_texts()))

    def _user_lexicon_texts(self) -> list[tuple[str, str]]:
        """(file name, text) of the user lexicons, read from their paths if not read yet."""
        if self._lexicon_texts is None:
            self._lexicon_texts = [_read_lexicon_file(path) for path in self.extra_lexicons]
        return self._lexicon_texts

    def initialize(self, get_examples: Callable | None = None, *, nlp: Language | None = None
                   ) -> None:
        # Load everything now so that the first document does not pay for it.
        self.lexicon  # noqa: B018
        super().initialize(get_examples, nlp=nlp)

    def _stored_settings(self) -> dict[str, Any]:
        stored = super()._stored_settings()
        if self._lexicon_texts:
            stored["extra_lexicons"] = [stored_reference(name, text)
                                        for name, text in self._lexicon_texts]
        return stored

    # -- serialization: the user lexicons join the profile -------------------------------------
    def _serialized_lexicons(self) -> list[tuple[str, str]]:
        texts = list(self._user_lexicon_texts())
        for name, text in texts:
            read_lexicon(name, text)  # a broken file fails when saved, not when loaded
        # the file names only: what is saved names no folder of this machine
        return [(Path(name).name, text) for name, text in texts]

    def _state(self) -> dict[str, Callable[[], Any]]:
        return {**super()._state(), _LEXICONS: self._serialized_lexicons}

    def _state_setters(self) -> dict[str, Callable[[Any], None]]:
        return {**super()._state_setters(), _LEXICONS: lambda items: self._set_lexicon_texts(
            [tuple(item) for item in items])}

    def _serializers(self) -> dict[str, Callable[[Path], None]]:
        return {**super()._serializers(), _LEXICONS: self._write_lexicons}

    def _deserializers(self) -> dict[str, Callable[[Path], None]]:
        return {**super()._deserializers(), _LEXICONS: self._read_lexicons}

    def _write_lexicons(self, folder: Path) -> None:
        """The user lexicons' texts into ``folder``, their list (in order) into ``cfg`` beside
        it: both belong to the one field ``lexicons``."""
        lexicons = self._serialized_lexicons()
        # Prefix with the position so that two lexicons with the same file name both survive.
        names = [f"{i}_{Path(name).name}" for i, (name, _) in enumerate(lexicons)]
        srsly.write_json(folder.parent / _CFG, {_LEXICONS: names})
        _write_texts(folder, dict(zip(names, [text for _, text in lexicons], strict=True)))

    def _read_lexicons(self, folder: Path) -> None:
        cfg_path = folder.parent / _CFG
        if cfg_path.is_file():
            self._set_lexicon_texts(
                [(name.split("_", 1)[1], (folder / name).read_text(encoding="utf-8"))
                 for name in srsly.read_json(cfg_path).get(_LEXICONS, [])])

    def _set_lexicon_texts(self, texts: list[tuple[str, str]]) -> None:
        for name, text in texts:
            read_lexicon(name, text)  # validate now: a broken file fails at load, not later
        self._lexicon_texts = texts


def stored_reference(name: str, text: str) -> str:
    """How a setting refers to a file saved with its component: ``"<file name>@<digest>"``.

    name (str): the file's path or name.
    text (str): its content.
    RETURNS (str): the reference (no directory: a saved config names no folder).
    """
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    return f"{Path(name).name}@{digest[:12]}"


def is_stored_reference(value: str) -> bool:
    """Whether a setting's value is a ``stored_reference`` rather than a path."""
    return bool(_STORED_REFERENCE.match(value))


def _read_lexicon_file(path: str) -> tuple[str, str]:
    try:
        return path, Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise LexiconFormatError(f"Lexicon file not found: {path}") from None
    except UnicodeDecodeError as err:
        raise LexiconFormatError(f"{path}: not valid UTF-8 ({err})") from None


def _write_texts(folder: Path, texts: dict[str, str]) -> None:
    if not texts:
        return
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in texts.items():
        (folder / name).write_text(text, encoding="utf-8")


def _read_texts(folder: Path) -> dict[str, str]:
    return {path.name: path.read_text(encoding="utf-8")
            for path in sorted(folder.iterdir()) if path.is_file()}
