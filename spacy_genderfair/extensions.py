"""Every Token/Span/Doc extension that spacy_genderfair writes, in one place.

Values are plain JSON-able data stored in ``doc.user_data`` (spaCy's own storage for
extension values), so they survive ``Doc.to_bytes``, ``DocBin(store_user_data=True)`` and
``nlp.pipe(..., n_process=N)``. Spans go to ``doc.spans[KEY]`` with the class as label.

A leaf module: it imports only the standard library (spaCy when it registers the
extensions), so that any part of the package can import these names without pulling in the
components, and ``spacy_genderfair.install`` can register them while spaCy is being imported.
"""

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

# Token extensions (written by gender_lexicon)
TOKEN_GENDER = "gender"  # masculine | feminine | common | neutral | None
TOKEN_GENDER_KIND = "gender_kind"  # pronoun | noun | job | name | inclusive | None
TOKEN_GENDER_CODED = "gender_coded"  # masculine | feminine | None

# Doc extensions (written by gender_lexicon)
DOC_IS_GENDER_NEUTRAL = "is_gender_neutral"  # bool, GENEUTRAL criteria
DOC_NEUTRAL_REASONS = "gender_neutral_reasons"  # list[str]: why a doc is not neutral
DOC_GENERIC_MASCULINE = "generic_masculine"  # bool

# Doc extensions (written by actor_linker, role_counter)
DOC_ACTOR_DATA = "actor_data"  # {actor_id: {"name", "group", "evidence": {...}}}, JSON-able
DOC_ACTORS = "actors"  # getter: list[Actor] views over actor_data + actor_mentions spans
DOC_GENDER_STATS = "gender_stats"  # the per-document record role_counter writes

# Span groups (doc.spans keys)
# label: star | colon | underscore | binnen_i | slash | paired | ...
SPANS_INCLUSIVE = "gender_inclusive"
SPANS_MISMATCH = "gender_mismatch"  # label: modifier | predicate
SPANS_GENERIC_MASCULINE = "generic_masculine"  # label: the lemma of the masculine noun
# label: pronoun group; kb_id_: actor id; id_: MENTION_NAMED | MENTION_PRONOUN | MENTION_NOUN
SPANS_ACTOR_MENTIONS = "actor_mentions"
# label: QUOTE_DIRECT | QUOTE_INDIRECT; kb_id_: the speaker's actor id ("" when unknown)
SPANS_QUOTES = "quotes"
# id_: the quote id ("Q1"); kb_id_: the speaker's actor id; label: the quote type
SPANS_QUOTE_SPEAKERS = "quote_speakers"

# Doc extensions (written by gender_swapper)
DOC_SWAPPED = "swapped"  # str: the gender-swapped text
DOC_SWAP_EDITS = "swap_edits"  # list[dict]: {"i", "old", "new", "reason"}; new None = kept
DOC_SWAPPED_DOC = "swapped_doc"  # getter: the swapped text as a Doc, entities re-aligned

MENTION_NAMED, MENTION_PRONOUN, MENTION_NOUN = "named", "pronoun", "noun"
QUOTE_DIRECT, QUOTE_INDIRECT = "direct", "indirect"

# Word-gender categories, the same strings everywhere.
MASCULINE, FEMININE, COMMON, NEUTRAL, UNKNOWN = (
    "masculine",
    "feminine",
    "common",
    "neutral",
    "unknown",
)
WORD_GENDERS = (MASCULINE, FEMININE, COMMON, NEUTRAL, UNKNOWN)

# Actor pronoun groups, the same strings everywhere.
SHE, HE, THEY, UNKNOWN_GROUP = "she/her", "he/him", "they/them", "unknown"
PRONOUN_GROUPS = (SHE, HE, THEY, UNKNOWN_GROUP)
GROUP_GENDER = {SHE: FEMININE, HE: MASCULINE, THEY: NEUTRAL}
# The pronoun group a word gender marks (a pronoun's, a first name's, a person noun's);
# common and unknown mark none.
GENDER_GROUP = {gender: group for group, gender in GROUP_GENDER.items()}

# What decided an actor's pronoun group (``evidence["decided_by"]``), strongest first; "none"
# for an actor of unknown group.
EVIDENCE_SOURCES = ("pronouns", "honorific", "agreement", "first_name", "noun")
NO_EVIDENCE = "none"

TOKEN_EXTENSIONS = (TOKEN_GENDER, TOKEN_GENDER_KIND, TOKEN_GENDER_CODED)
DOC_EXTENSIONS = {
    DOC_IS_GENDER_NEUTRAL: None,
    DOC_NEUTRAL_REASONS: None,
    DOC_GENERIC_MASCULINE: None,
    DOC_ACTOR_DATA: None,
    DOC_GENDER_STATS: None,
    DOC_SWAPPED: None,
    DOC_SWAP_EDITS: None,
}


class ExtensionConflictError(ValueError):
    """One of our extension names is registered by someone else (another package's getter,
    another default): its values would be read as ours, or ours written over its own."""


def register_extensions(getters: Mapping[str, Callable[["Doc"], Any]]) -> None:
    """Register the data extensions and the Doc getters ``getters``; idempotent.

    An extension of one of our names that is defined otherwise (a getter, setter or method
    where ours has none, another default, another getter function) is left as it is; after
    registering the others, this raises one ``ExtensionConflictError`` naming it. Never
    ``force=True``: someone else's extension is not ours to replace.

    getters (Mapping[str, Callable[[Doc], Any]]): the getter extensions (``DOC_ACTORS``,
        ``DOC_SWAPPED_DOC``) and their functions; given by ``spacy_genderfair.install``,
        since this module imports nothing of the package.
    """
    from spacy.tokens import Doc, Token

    wanted = [(Token, name, (None, None, None, None)) for name in TOKEN_EXTENSIONS]
    wanted += [(Doc, name, (default, None, None, None)) for name, default in DOC_EXTENSIONS.items()]
    wanted += [(Doc, name, (None, None, getter, None)) for name, getter in getters.items()]
    conflicts = []
    for cls, name, ours in wanted:
        if not cls.has_extension(name):
            default, _, getter, _ = ours
            # (spaCy takes exactly one of default, method and getter)
            cls.set_extension(name, **({"getter": getter} if getter else {"default": default}))
        elif any(a is not b for a, b in zip(cls.get_extension(name), ours, strict=True)):
            conflicts.append(f"{cls.__name__.lower()}._.{name}")
    if conflicts:
        raise ExtensionConflictError(
            f"{', '.join(conflicts)} {'is' if len(conflicts) == 1 else 'are'} already "
            "registered by someone else (another package or your code), not as spacy_genderfair "
            "defines it: its values would be read as ours. Remove that extension first "
            f"({_remove_call(conflicts[0])}), or use the two packages in separate processes.")


def _remove_call(attribute: str) -> str:
    owner, _, name = attribute.split(".")
    return f"spacy.tokens.{owner.capitalize()}.remove_extension({name!r})"


def set_token_value(token: "Token", name: str, value) -> None:
    """Write a token extension value straight into ``doc.user_data``.

    This is the storage ``token._.name = value`` uses (key ``("._.", name, token.idx, None)``),
    minus the attribute-lookup overhead, which matters on the per-token hot path.
    """
    token.doc.user_data[("._.", name, token.idx, None)] = value


def get_token_value(token: "Token", name: str):
    """Read a token extension value straight from ``doc.user_data`` (None when unset, the
    default of every token extension above): ``token._.get`` without its per-call overhead."""
    return token.doc.user_data.get(("._.", name, token.idx, None))


def token_values(doc: "Doc", name: str) -> dict[int, Any]:
    """Every value of the token extension ``name`` that is set in ``doc``, by the token's
    character offset (``token.idx``): one pass over the values that are set instead of one
    lookup per token, for figures that count the few marked tokens of a long document."""
    return {key[2]: value for key, value in doc.user_data.items()
            if type(key) is tuple and len(key) == 4 and key[0] == "._." and key[1] == name}
