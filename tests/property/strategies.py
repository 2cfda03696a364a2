"""Hypothesis strategies and settings shared by the property tests.

Texts mix everything a component may meet in the wild: arbitrary code points (no lone
surrogates, which a Python str can hold but no file can), control characters and NUL, empty
and whitespace-only text, 5,000-character words, mixed scripts with combining marks, emoji,
RTL and zero-width marks, unbalanced and nested quotes of every kind the quote engine knows —
and, most of the time, words of the language itself (names, pronouns, person nouns, forms
of address, speech verbs), so that the components' real code paths run and not only their
"nothing found" path. The language words come from the package's own ``lang/<code>/`` data.

Docs for languages without a trained pipeline here get generated annotation: random but
valid POS, morphology, lemmas, projective dependency trees per sentence, and entities.
"""

from functools import cache
from importlib import resources
from itertools import pairwise

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from spacy.tokens import Doc

LANGS = ("en", "de", "uk", "pt")

# The one place the property suite's budget is set. Every reader gets EXAMPLES files; every
# component gets at least EXAMPLES inputs, summed over its languages and pipelines, each
# language a fair share (SHARE per language and pipeline kind; see test_components.py).
# derandomize keeps CI reproducible (and needs no example database). A 5,000-character token
# makes single examples slow and large, which is the point, so those two health checks are off.
EXAMPLES = 1000
SHARE = EXAMPLES // 4
PROPERTY_SETTINGS = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
SHARE_SETTINGS = settings(PROPERTY_SETTINGS, max_examples=SHARE)


# -- characters and fragments ------------------------------------------------------------------

QUOTE_MARKS = (*'"\'«»„“”‚‘’‹›「」', "``", "''", "—", "–", "-", "--", "―")
CONTROL_CHARS = tuple(chr(c) for c in (*range(0x00, 0x20), 0x7F, *range(0x80, 0xA0)))
WHITESPACE = (" ", "  ", "\t", "\n", "\r\n", "\r", "\x0b", "\x0c", "\u00a0", "\u2028",
              "\u2029", "\u3000", "\u2009", "\u1680")
ZERO_WIDTH_AND_BIDI = ("\u200b", "\u200c", "\u200d", "\ufeff", "\u200e", "\u200f", "\u202a",
                       "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2069")
PUNCTUATION = (".", ",", ":", ";", "!", "?", "...", "…", "(", ")", "[", "]", "/", "*", "_",
               "·", "•", "'s", "n't")
SCRIPT_WORDS = (
    "Straße", "naïve", "Ærøskøbing", "Łódź", "Привіт", "Москва", "їжак", "ґанок", "Ελένη",
    "αὐτός", "Σωκράτης", "王秀英", "東京", "한국어", "ひらがな", "محمد", "عائشة", "שָׁלוֹם",
    "हिन्दी", "ภาษาไทย", "ǅemal", "ﬁnance", "Ⅻ", "𝔐𝔞𝔯𝔦𝔞", "e\u0301", "a\u0308\u0323",
    "👩\u200d⚕️", "🧑🏽\u200d🚒", "👨‍👩‍👧", "🇺🇦", "🏳️‍⚧️", "x\u0336", "A\u20dd",
)
COMBINING = tuple(chr(c) for c in range(0x0300, 0x0370, 7))

_any_char = st.characters(blacklist_categories=("Cs",))
arbitrary_text = st.text(_any_char, max_size=40)
control_text = st.lists(st.sampled_from(CONTROL_CHARS + ZERO_WIDTH_AND_BIDI + WHITESPACE),
                        max_size=12).map("".join)
whitespace_only = st.lists(st.sampled_from(WHITESPACE), max_size=8).map("".join)
long_token = st.builds(
    lambda unit, size: (unit * size)[:size],
    st.text(_any_char, min_size=1, max_size=3).filter(lambda s: not s.isspace()),
    st.integers(1_000, 5_000),
)
mixed_script_word = st.builds(
    lambda word, marks: word + "".join(marks),
    st.sampled_from(SCRIPT_WORDS),
    st.lists(st.sampled_from(COMBINING + ZERO_WIDTH_AND_BIDI), max_size=2),
)


# -- each language's own words, from the package data ------------------------------------------

def _data_lines(lang: str, name: str) -> list[list[str]]:
    """The TAB-separated cells of a ``lang/<code>/`` data file, comments skipped."""
    path = resources.files("spacy_genderfair") / "lang" / lang / name
    if not path.is_file():
        return []
    return [line.split("\t") for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")]


def _forms(cells: list[str]) -> list[str]:
    return [form.strip() for cell in cells for form in cell.split("|") if form.strip()]


@cache
def language_words(lang: str) -> dict[str, tuple[tuple[str, str, str], ...]]:
    """``(word, POS, morphology)`` of the language's names, pronouns, person nouns, forms of
    address and reporting verbs, by class."""
    names = [(c[0], "PROPN", "Gender=Masc" if c[1] == "masculine" else "Gender=Fem")
             for c in _data_lines(lang, "first_names.tsv")[:80] if len(c) > 1]
    pronouns = [(c[0], "PRON", "Person=3") for c in _data_lines(lang, "pronouns.tsv")]
    nouns = [(form, "NOUN", morph)
             for cells in _data_lines(lang, "person_nouns.tsv")[:150]
             for cell, morph in zip(cells[:2], ("Gender=Masc|Number=Sing",
                                                "Gender=Fem|Number=Sing"), strict=False)
             for form in _forms([cell])]
    address = [(c[0], "NOUN", "") for c in _data_lines(lang, "honorifics.tsv")]
    verbs = [(word, "VERB", "") for cells in _data_lines(lang, "reporting_verbs.txt")[:40]
             for word in " ".join(cells).split()]
    return {key: tuple(value) for key, value in (
        ("names", names), ("pronouns", pronouns), ("nouns", nouns), ("address", address),
        ("verbs", verbs)) if value}


@cache
def lexical_entries(lang: str):
    """A ``(word, POS, morphology)`` of the language, any class."""
    return st.one_of([st.sampled_from(entries) for entries in language_words(lang).values()])


# -- texts --------------------------------------------------------------------------------------

NOISE_PIECE = st.one_of(
    st.sampled_from(QUOTE_MARKS),
    st.sampled_from(PUNCTUATION),
    mixed_script_word,
    st.text(_any_char, min_size=1, max_size=6),
    st.sampled_from(CONTROL_CHARS + ZERO_WIDTH_AND_BIDI),
)


@cache
def quotations(lang: str):
    """A quotation as ``(word, POS, morphology)`` tokens, built to be found: a speaker and a
    speech verb before or after one of the language's paired marks around 3-8 words; now and
    then the closing mark is missing, or another quote nests inside."""
    marks = [(cells[0], cells[1]) for cells in _data_lines(lang, "quote_marks.tsv")
             if len(cells) > 1]
    words = language_words(lang)
    speaker = st.sampled_from(words["names"] + words["pronouns"])
    verb = st.sampled_from(words["verbs"])
    inner = st.lists(lexical_entries(lang), min_size=3, max_size=8)

    @st.composite
    def build(draw):
        open_mark, close_mark = draw(st.sampled_from(marks))
        body = draw(inner)
        if draw(st.integers(0, 5)) == 0:  # a nested quote
            nested_open, nested_close = draw(st.sampled_from(marks))
            body = [(nested_open, "PUNCT", ""), *draw(inner), (nested_close, "PUNCT", ""),
                    *body]
        closing = [] if draw(st.integers(0, 7)) == 0 else [(close_mark, "PUNCT", "")]
        quote = [(open_mark, "PUNCT", ""), *body, *closing]
        frame = [draw(speaker), draw(verb)]
        if draw(st.booleans()):
            return [*frame, (":", "PUNCT", ""), *quote]
        return [*quote, (",", "PUNCT", ""), *reversed(frame)]
    return build()


@cache
def _piece(lang: str):
    """One token-ish fragment: mostly language words, else quote marks or noise."""
    word = lexical_entries(lang).map(lambda entry: entry[0])
    return st.one_of(word, word, word, st.sampled_from(QUOTE_MARKS), NOISE_PIECE)


@st.composite
def sentence_like(draw, lang: str) -> str:
    """Pieces joined by spaces or nothing, with an occasional line break or long word."""
    pieces = draw(st.lists(_piece(lang), max_size=18))
    if draw(st.booleans()):
        at = draw(st.integers(0, len(pieces)))
        pieces[at:at] = [word for word, _, _ in draw(quotations(lang))]
    if draw(st.integers(0, 19)) == 0:
        pieces.insert(draw(st.integers(0, len(pieces))), draw(long_token))
    out = []
    for piece in pieces:
        out.append(piece)
        out.append(draw(st.sampled_from((" ", " ", " ", "", "\n", "  ", "\u00a0"))))
    return "".join(out)


def texts(lang: str):
    """Any text a user could pass a component for ``lang``."""
    return st.one_of(
        sentence_like(lang),
        sentence_like(lang),
        sentence_like(lang),
        arbitrary_text,
        control_text,
        whitespace_only,
        st.just(""),
        st.lists(mixed_script_word, max_size=8).map(" ".join),
    )


# -- Docs with generated annotation -------------------------------------------------------------

UPOS = ("ADJ", "ADP", "ADV", "AUX", "CCONJ", "DET", "INTJ", "NOUN", "NUM", "PART", "PRON",
        "PROPN", "PUNCT", "SCONJ", "SYM", "VERB", "X", "SPACE")
MORPH_FEATURES = {
    "Gender": ("Masc", "Fem", "Neut", "Com", "Masc,Fem"),
    "Number": ("Sing", "Plur"),
    "Case": ("Nom", "Acc", "Gen", "Dat", "Ins", "Loc", "Voc"),
    "Person": ("1", "2", "3"),
    "Tense": ("Past", "Pres"),
    "VerbForm": ("Fin", "Inf", "Part"),
    "PronType": ("Prs", "Dem"),
    "Poss": ("Yes",),
}
# UD, ClearNLP (en_core_web_*) and TIGER (de_core_news_*) labels, the roles included.
DEPS = ("nsubj", "obj", "iobj", "nsubj:pass", "obl:agent", "obl", "nmod", "amod", "det",
        "case", "conj", "cc", "ccomp", "xcomp", "parataxis", "appos", "flat:name", "flat",
        "compound", "punct", "advmod", "aux", "cop", "mark", "acl", "acl:relcl", "dobj",
        "dative", "nsubjpass", "agent", "pobj", "poss", "attr", "sb", "oa", "da", "sbp", "nk",
        "pnc", "cj", "mo", "dep")
ENT_LABELS = ("PERSON", "PER", "PERS", "JOB", "ORG", "LOC", "GPE", "MISC")


@st.composite
def morphology(draw) -> str:
    """A valid FEATS string of up to four features."""
    keys = draw(st.lists(st.sampled_from(sorted(MORPH_FEATURES)), unique=True, max_size=4))
    return "|".join(f"{key}={draw(st.sampled_from(MORPH_FEATURES[key]))}" for key in sorted(keys))


MORPHOLOGY = morphology()
NOISE_TOKEN = st.one_of(NOISE_PIECE, st.sampled_from(("\n", "\r\n")))


@st.composite
def _token(draw, lang: str) -> tuple[str, str, str]:
    """``(word, POS, morphology)``: two in three a word of the language with its own tags."""
    if draw(st.integers(0, 2)):
        word, pos, morph = draw(lexical_entries(lang))
        if draw(st.integers(0, 4)) == 0:  # the same word mis-tagged, as real taggers do
            pos, morph = draw(st.sampled_from(UPOS)), draw(MORPHOLOGY)
        return word, pos, morph
    return draw(NOISE_TOKEN), draw(st.sampled_from(UPOS)), draw(MORPHOLOGY)


def _projective_tree(draw, start: int, end: int, heads: list[int], deps: list[str]) -> None:
    """Fill ``heads``/``deps`` of tokens [start, end) with one projective tree rooted in it."""
    stack = [(start, end, None)]
    while stack:
        a, b, parent = stack.pop()
        if a >= b:
            continue
        root = draw(st.integers(a, b - 1))
        heads[root] = root if parent is None else parent
        deps[root] = "ROOT" if parent is None else draw(st.sampled_from(DEPS))
        stack += [(a, root, root), (root + 1, b, root)]


@st.composite
def annotated_docs(draw, vocab, lang: str) -> Doc:
    """A Doc of up to 16 tokens with random but valid POS, morphology, lemmas, projective
    dependency trees (one per sentence), sentence starts and entities; now and then a
    5,000-character token."""
    tokens = draw(st.lists(_token(lang), max_size=16))
    if draw(st.booleans()):
        at = draw(st.integers(0, len(tokens)))
        tokens[at:at] = draw(quotations(lang))
    if tokens and draw(st.integers(0, 24)) == 0:
        tokens[draw(st.integers(0, len(tokens) - 1))] = (draw(long_token), "X", "")
    n = len(tokens)
    words = [word for word, _, _ in tokens]
    heads, deps = list(range(n)), ["ROOT"] * n
    cuts = sorted(set(draw(st.lists(st.integers(1, max(n - 1, 1)), max_size=3)))) if n > 1 else []
    bounds = [0, *[c for c in cuts if 0 < c < n], n]
    for a, b in pairwise(bounds):
        _projective_tree(draw, a, b, heads, deps)
    ents, i = ["O"] * n, 0
    while i < n:
        length = draw(st.integers(0, 3)) if draw(st.integers(0, 3)) == 0 else 0
        if length and not words[i].isspace():
            label = draw(st.sampled_from(ENT_LABELS))
            for k in range(i, min(i + length, n)):
                ents[k] = f"{'B' if k == i else 'I'}-{label}"
            i += length
        else:
            i += 1
    return Doc(
        vocab,
        words=words,
        spaces=draw(st.lists(st.booleans(), min_size=n, max_size=n)),
        pos=[pos for _, pos, _ in tokens],
        morphs=[morph for _, _, morph in tokens],
        lemmas=[word.lower() for word in words],
        heads=heads,
        deps=deps,
        ents=ents,
    )
