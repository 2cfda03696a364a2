"""Language profiles: per-language knowledge loaded from ``lang/<code>/`` data files.

One loader serves every language; the file formats are documented in ``lang/README.md``.
A profile is plain data. The engines that use it (``lexicon.PersonLexicon``,
``lexicon.PronounTable``, ``lexicon.CodedWordMatcher``) are built from it.
"""


import hashlib
import json
import re
from functools import cache
from importlib import resources
from pathlib import Path

from .profile import ROLES, LanguageProfile, PersonNounRow, ProfileError
from .reader import ProfileReader, read_person_nouns, read_word_list

__all__ = [
    "ROLES",
    "LanguageProfile",
    "PersonNounRow",
    "ProfileError",
    "available_languages",
    "is_profile_folder",
    "is_stored_profile",
    "load_profile",
    "read_person_nouns",
    "read_profile_file",
    "read_profile_files",
    "read_word_list",
    "store_profile",
]



def available_languages() -> list[str]:
    """Codes of the built-in profiles (folders of ``lang/`` with a ``profile.json``)."""
    root = resources.files(__name__)
    return sorted(p.name for p in root.iterdir() if p.is_dir() and (p / "profile.json").is_file())


# The file types a profile folder holds (lang/README.md); PROVENANCE.md travels with the data.
PROFILE_FILE_SUFFIXES = (".json", ".tsv", ".txt", ".md")

# Profiles restored from a saved pipeline, by the reference that ``store_profile`` returned:
# content-addressed, so one reference always means the same files.
_STORED_PROFILES: dict[str, dict[str, str]] = {}
_STORED_REFERENCE = re.compile(r"^[^/\\@]+@[0-9a-f]{12}$")


@cache
def load_profile(lang: str) -> LanguageProfile:
    """Load the profile for a language code (``"de"``), a profile folder path, or a profile
    stored with a saved pipeline (see ``store_profile``).

    lang (str): a built-in language code, the path of a folder laid out like ``lang/<code>/``,
        or a stored profile's reference.
    RETURNS (LanguageProfile): the loaded profile (cached per argument).
    """
    if lang in _STORED_PROFILES:
        return ProfileReader(Path(lang), _STORED_PROFILES[lang], texts_only=True).read()
    if is_stored_profile(lang):
        raise ValueError(
            f"The language profile '{lang}' was saved with a pipeline and is not loaded: load "
            "that pipeline (spacy.load), or give a language code or profile folder."
        )
    folder = Path(lang)
    if not is_profile_folder(lang):
        folder = Path(str(resources.files(__name__) / lang))
        if not (folder / "profile.json").is_file():
            raise ValueError(
                f"No language profile for '{lang}'. Built-in profiles: "
                f"{', '.join(available_languages())}. To add a language, create a folder laid "
                "out as described in spacy_genderfair/lang/README.md and pass its path."
            )
    return ProfileReader(folder).read()


def is_profile_folder(lang: str) -> bool:
    """Whether ``lang`` is the path of a profile folder (one with a ``profile.json``)."""
    folder = Path(lang)
    return folder.is_dir() and (folder / "profile.json").is_file()


def is_stored_profile(lang: str) -> bool:
    """Whether ``lang`` has the form of a stored profile's reference (``"xx@0123456789ab"``)."""
    return bool(_STORED_REFERENCE.match(lang))


def read_profile_files(folder: str | Path) -> dict[str, str]:
    """The texts of a profile folder's files, by file name, to keep with a pipeline.

    folder (str | Path): the profile folder.
    RETURNS (dict[str, str]): file name -> text, for the files of the profile formats.
    """
    if not is_profile_folder(str(folder)):
        raise ProfileError(
            f"No language profile folder at '{folder}' (a folder with a profile.json). "
            f"Built-in profiles: {', '.join(available_languages())}.")
    folder = Path(folder)
    files = {}
    for path in sorted(folder.iterdir()):
        if path.is_file() and path.suffix in PROFILE_FILE_SUFFIXES:
            try:
                files[path.name] = path.read_text(encoding="utf-8")
            except UnicodeDecodeError as err:
                raise ProfileError(f"{path}: not valid UTF-8 ({err})") from None
    return files


def store_profile(files: dict[str, str]) -> str:
    """Make a profile available from its files' texts alone, as a saved pipeline restores it.

    files (dict[str, str]): file name -> text, as ``read_profile_files`` returns them.
    RETURNS (str): its reference, ``"<code>@<digest of the files>"``, which ``load_profile``
        and everything keyed by a language accept from then on in this process.
    """
    settings = ProfileReader(Path("<stored profile>"), files, texts_only=True).settings()
    digest = hashlib.sha256(json.dumps(files, sort_keys=True).encode("utf-8")).hexdigest()
    reference = f"{settings['code']}@{digest[:12]}"
    if not is_stored_profile(reference):
        raise ProfileError(f"profile.json: code {settings['code']!r} may not contain / \\ or @")
    if reference not in _STORED_PROFILES:
        _STORED_PROFILES[reference] = dict(files)
        try:
            load_profile(reference)  # a broken file fails now, at load, not on the first Doc
        except ProfileError:
            del _STORED_PROFILES[reference]
            raise
    return reference


def read_profile_file(profile: LanguageProfile, name: str) -> str | None:
    """The text of one of a profile's files that its fields do not hold (``first_names.tsv``),
    from its folder or, for a stored profile, from the stored texts.

    profile (LanguageProfile): the profile.
    name (str): the file name.
    RETURNS (str | None): its text, or None when the profile has no such file.
    """
    stored = _STORED_PROFILES.get(profile.path)
    if stored is not None:
        return stored.get(name)
    path = Path(profile.path) / name
    return path.read_text(encoding="utf-8") if path.is_file() else None
