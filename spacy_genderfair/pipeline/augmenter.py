"""Gender swapping as a ``spacy train`` data augmenter.

In a training config::

    [corpora.train.augmenter]
    @augmenters = "spacy_genderfair.gender_swap_augmenter.v1"
    level = 0.5
    direction = "invert"

Each training example is yielded as it is and, with probability ``level``, also as its gender
counterpart, built like spaCy's own augmenters (``spacy.training.augment``): the example's
annotations as a dict with new ``ORTH`` values, read back onto ``nlp.make_doc`` of the new
text. A swap replaces one token by one word, so the reference keeps its tokens, and entities
(partial annotation included), span groups, tags and the parse stay on the same tokens.
"""

import random
from collections.abc import Callable, Iterator

import spacy
from spacy.language import Language
from spacy.tokens import Doc
from spacy.training import Example
from spacy.training.iob_utils import _doc_to_biluo_tags_with_partial

from ..extensions import DOC_SWAP_EDITS
from ..morph import OTHER_GENDER
from ..swap.direction import Direction, check_direction
from ..swap.edits import Edit
from ..swap.realign import swapped_doc
from .gender_swapper import GenderSwapper

# The morphological gender a replaced word gets, per direction (invert flips it).
_TARGET_GENDER = {"to_feminine": "Fem", "to_masculine": "Masc"}


@spacy.registry.augmenters("spacy_genderfair.gender_swap_augmenter.v1")
def create_gender_swap_augmenter(
    level: float = 0.5,
    direction: Direction = "invert",
    lang: str | None = None,
    swap_names: bool = True,
    seed: int = 0,
) -> Callable[[Language, Example], Iterator[Example]]:
    """Create a data augmentation callback that adds gender-swapped examples.
    The callback can be added to a corpus or other data iterator during training.

    level (float): The probability that an example is also yielded swapped. Defaults to 0.5.
    direction (str): "invert" (masculine <-> feminine), "to_feminine", "to_masculine" or
        "feminine_first" (to_feminine, or invert when nothing masculine is found).
        Defaults to "invert".
    lang (Optional[str]): The language profile. Defaults to the pipeline's ``nlp.lang``.
    swap_names (bool): Also swap person names. Defaults to True.
    seed (int): Seed of the choice of the swapped examples and of the new first names.
        Defaults to 0.
    RETURNS (Callable[[Language, Example], Iterator[Example]]): The augmenter.
    """
    return GenderSwapAugmenter(level=level, direction=direction, lang=lang,
                               swap_names=swap_names, seed=seed)


class GenderSwapAugmenter:
    """Yield each example, and with probability ``level`` its gender-swapped counterpart.

    An example without anything to swap is yielded once. In the swapped reference the
    replaced words lose their lemma (unknown: set missing) and get the other grammatical
    gender in their morphology; everything else is kept on its token.
    """

    def __init__(self, *, level: float = 0.5, direction: str = "invert",
                 lang: str | None = None, swap_names: bool = True, seed: int = 0) -> None:
        """Initialize the augmenter (see :func:`create_gender_swap_augmenter`)."""
        if not 0.0 <= level <= 1.0:
            raise ValueError(f"level must be between 0 and 1, got {level}")
        check_direction(direction)
        self.level = level
        self.direction = direction
        self.lang = lang
        self.swap_names = swap_names
        self.seed = seed
        # One RNG for the whole run: which examples are swapped is reproducible per seed.
        self._rng = random.Random(seed)
        self._swappers: dict[str, Callable[[Doc], Doc]] = {}

    def __call__(self, nlp: Language, example: Example) -> Iterator[Example]:
        yield example
        if self.level and self._rng.random() < self.level:
            swapped = self.swap(nlp, example)
            if swapped is not None:
                yield swapped

    def swap(self, nlp: Language, example: Example) -> Example | None:
        """The gender-swapped counterpart of ``example``, or None if nothing changes.

        nlp (Language): the pipeline being trained (its tokenizer makes the predicted Doc).
        example (Example): the example; its reference entities target the swap.
        RETURNS (Optional[Example]): the swapped example.
        """
        reference = example.reference
        # The swapper writes its results onto the Doc: work on a copy, not on the gold Doc.
        annotated = self._swapper(nlp)(reference.copy())
        edits = [Edit(**edit) for edit in annotated._.get(DOC_SWAP_EDITS) or []]
        changed = {edit.i for edit in edits if edit.new is not None}
        if not changed:
            return None
        swapped = swapped_doc(reference, edits)
        if swapped.text == reference.text:
            return None
        example_dict = example.to_dict()
        doc_annotation = example_dict["doc_annotation"]
        doc_annotation["entities"] = _doc_to_biluo_tags_with_partial(reference)
        # Span groups and entity links are keyed by character offsets: take the new ones.
        doc_annotation["spans"] = {
            key: [(s.start_char, s.end_char, s.label_, s.kb_id_) for s in group]
            for key, group in swapped.spans.items()}
        doc_annotation["links"] = {(e.start_char, e.end_char): {e.kb_id_: 1.0}
                                   for e in swapped.ents if e.kb_id_}
        tokens = example_dict["token_annotation"]
        tokens["ORTH"] = [token.text for token in swapped]
        for i in changed:
            tokens["LEMMA"][i] = ""  # the new word's lemma is unknown: missing, not wrong
            tokens["MORPH"][i] = self._morph(tokens["MORPH"][i])
        return example.from_dict(nlp.make_doc(swapped.text), example_dict)

    def _morph(self, morph: str) -> str:
        """The morphology string of a replaced word: its Gender feature swapped."""
        if not morph:
            return morph
        features = []
        for feature in morph.split("|"):
            name, _, value = feature.partition("=")
            if name == "Gender" and value in OTHER_GENDER:
                value = _TARGET_GENDER.get(self.direction, OTHER_GENDER[value])
            features.append(f"{name}={value}")
        return "|".join(features)

    def _swapper(self, nlp: Language) -> Callable[[Doc], Doc]:
        lang = self.lang or nlp.lang
        if lang not in self._swappers:
            self._swappers[lang] = GenderSwapper(
                nlp, "gender_swap_augmenter", lang=lang, direction=self.direction,
                seed=self.seed, swap_names=self.swap_names)
        return self._swappers[lang]
