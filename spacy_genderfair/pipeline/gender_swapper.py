"""The ``gender_swapper`` component: counterfactual gender swapping of each Doc."""

from collections.abc import Iterable
from pathlib import Path

import srsly
from spacy.language import Language
from spacy.tokens import Doc

from ..extensions import DOC_SWAP_EDITS, DOC_SWAPPED
from ..install import install_extensions
from ..swap import NameSwapper, apply_edits, check_direction, read_name_list, swap_edits
from ..swap.direction import Direction, LazyRandom
from ..swap.names.lists import NameList
from .base import LexiconAnnotator, is_stored_reference, stored_reference

# The swap directions of swap.direction.DIRECTIONS, as a type: spaCy's config validation then
# rejects any other value with its usual message.
# The name list's entry in the component's saved state.
_NAME_LIST = "name_list"


@Language.factory(
    "gender_swapper",
    default_config={
        "lang": None,
        "direction": "invert",
        "seed": 0,
        "swap_names": True,
        "read_parse": None,
        "name_list": None,
        "extra_lexicons": [],
    },
    assigns=[f"doc._.{DOC_SWAPPED}", f"doc._.{DOC_SWAP_EDITS}"],
)
def make_gender_swapper(
    nlp: Language,
    name: str,
    *,
    lang: str | None,
    direction: Direction,
    seed: int,
    swap_names: bool,
    read_parse: bool | None,
    name_list: str | None,
    extra_lexicons: list[str],
) -> "GenderSwapper":
    return GenderSwapper(nlp, name, lang=lang, direction=direction, seed=seed,
                         swap_names=swap_names, read_parse=read_parse, name_list=name_list,
                         extra_lexicons=extra_lexicons)


class GenderSwapper(LexiconAnnotator):
    """Rewrite each Doc into its gender counterpart, with full grammatical agreement.

    Writes ``doc._.swapped`` (the swapped text), ``doc._.swap_edits`` (one JSON-able dict per
    changed token: ``i``, ``old``, ``new``, ``reason``; ``new`` is None where a change was due
    but no form is known) and makes ``doc._.swapped_doc`` available (the swapped text as a
    new Doc with the entities and span groups re-aligned to the new character offsets).

    The Doc itself is not changed. Which persons are swapped: with entities, person names
    (``PERS``/``PER``/``PERSON``), every person noun inside a job entity (``JOB``, any number)
    and singular person nouns outside entities; without entities, singular person nouns and
    names found by the name lists. Pronouns follow the persons of their gender.
    """

    _derived = (*LexiconAnnotator._derived, "_name_list", "_names")

    def __init__(
        self,
        nlp: Language,
        name: str = "gender_swapper",
        *,
        lang: str | None = None,
        direction: Direction = "invert",
        seed: int = 0,
        swap_names: bool = True,
        read_parse: bool | None = None,
        name_list: str | None = None,
        extra_lexicons: Iterable[str] = (),
    ) -> None:
        """Initialize the component.

        nlp (Language): the pipeline.
        name (str): the component name.
        lang (Optional[str]): language profile code or folder (a folder is read once and
            saved with the pipeline). Defaults to ``nlp.lang``.
        direction (Direction): "invert" (masculine <-> feminine), "to_feminine",
            "to_masculine" or "feminine_first" (to_feminine, or invert when nothing masculine
            is found). Defaults to "invert".
        seed (int): seed of the first-name draws. A Doc's draws depend only on the seed and
            its text, so results do not depend on batching or ``n_process``.
        swap_names (bool): swap person names (first names, patronymics, surnames). With
            False, names and the words agreeing with them stay; job titles still swap.
        read_parse (Optional[bool]): read the agreement from the Doc's dependency parse
            where it has one (the parse-based steps). False swaps every Doc as a bare
            tokenizer's (Ukrainian: the clause walk). Defaults to the language profile's
            ``read_parse``: true, but false for Ukrainian, whose clause walk measures better
            than the steps on a predicted parse.
        name_list (Optional[str]): first names to draw from: a ``name<TAB>gender<TAB>weight``
            TSV or a folder laid out like lang-uk/name_freq_dict_uk; may also be given to
            ``initialize`` (``[initialize.components.gender_swapper]``). Read at
            ``initialize()`` or first use and saved with the pipeline. Defaults to the
            language profile's ``first_names.tsv``.
        extra_lexicons (Iterable[str]): user lexicon paths (e.g. the GenderGid CSV), whose
            pairs override the built-in ones; saved with the pipeline.
        """
        check_direction(direction)
        install_extensions()
        self.name = name
        self._init_profile(nlp, lang)
        self.direction = direction
        self.seed = seed
        self.swap_names = swap_names
        self.read_parse = read_parse
        self.name_list = str(name_list) if name_list else None
        self.extra_lexicons = [str(p) for p in extra_lexicons]
        self._init_lexicon()
        # The name list of the name_list setting: read on first use or by initialize(), or
        # restored by from_disk/from_bytes; saved with the component.
        self._name_list: NameList | None = None
        self._names: NameSwapper | None = None

    @property
    def names(self) -> NameSwapper | None:
        """Finds and replaces person names (None with ``swap_names`` off)."""
        if not self.swap_names:
            return None
        if self._names is None:
            self._names = NameSwapper(self.lexicon, self._user_name_list())
        return self._names

    def _user_name_list(self) -> NameList | None:
        if self._name_list is None and self.name_list:
            if is_stored_reference(self.name_list):
                raise ValueError(
                    f"gender_swapper: name_list '{self.name_list}' is a name list saved with a "
                    "pipeline: load that pipeline (spacy.load), or give the list's path")
            self._name_list = read_name_list(self.name_list)
        return self._name_list

    def initialize(self, get_examples=None, *, nlp=None, name_list: str | None = None) -> None:
        """Read the lexicons and the name list now, and keep them with the component.

        get_examples (Optional[Callable[[], Iterable[Example]]]): not used.
        nlp (Optional[Language]): the pipeline, whose config then refers to the files read
            by ``"<file name>@<digest>"`` instead of their paths.
        name_list (Optional[str]): the name list's path, as in
            ``[initialize.components.gender_swapper]``; replaces the factory setting.
            Defaults to None (the factory setting's list, or the one saved with the
            pipeline).
        """
        if name_list and str(name_list) != self.name_list:
            self.name_list = str(name_list)
            self._name_list = self._names = None
        self._user_name_list()  # a bad path fails here (even with swap_names off)
        self.names  # noqa: B018
        super().initialize(get_examples, nlp=nlp)

    def _stored_settings(self) -> dict:
        stored = super()._stored_settings()
        if self._name_list is not None:
            stored["name_list"] = self._name_list_reference()
        return stored

    def _name_list_reference(self) -> str:
        return stored_reference(self._name_list.source, srsly.json_dumps(
            self._name_list.names, sort_keys=True))

    # -- serialization: the name list joins the profile and lexicons --------------------------
    def _name_list_state(self) -> dict | None:
        if self._user_name_list() is None:
            return None
        return {"source": Path(self._name_list.source).name,
                "reference": self._name_list_reference(),
                "names": {gender: [list(row) for row in rows]
                          for gender, rows in self._name_list.names.items()}}

    def _set_name_list_state(self, state: dict | None) -> None:
        if state:
            self._name_list = NameList(
                {gender: tuple((name, weight) for name, weight in rows)
                 for gender, rows in state["names"].items()},
                source=state["source"])
            self.name_list = state["reference"]
            self._names = None

    def _state(self) -> dict:
        return {**super()._state(), _NAME_LIST: self._name_list_state}

    def _state_setters(self) -> dict:
        return {**super()._state_setters(), _NAME_LIST: self._set_name_list_state}

    def _serializers(self) -> dict:
        return {**super()._serializers(), f"{_NAME_LIST}.json": self._write_name_list}

    def _deserializers(self) -> dict:
        return {**super()._deserializers(), f"{_NAME_LIST}.json": lambda p: (
            self._set_name_list_state(srsly.read_json(p)) if p.is_file() else None)}

    def _write_name_list(self, path: Path) -> None:
        state = self._name_list_state()
        if state is not None:
            srsly.write_json(path, state)

    def annotate(self, doc: Doc) -> None:
        rng = LazyRandom(lambda: f"{self.seed}\t{doc.text}")
        edits = swap_edits(doc, self.lexicon, self.direction, self.names, rng,
                           read_parse=self.read_parse)  # (None: the profile's)
        doc._.set(DOC_SWAP_EDITS, [edit.to_dict() for edit in edits])
        doc._.set(DOC_SWAPPED, apply_edits(doc, edits))

