"""The ``quote_typer`` component: direct and indirect quotes with their speakers."""

from collections.abc import Callable

from spacy.language import Language
from spacy.tokens import Doc, Span

from ..evaluation.scorers import QUOTE_SCORER, score_quotes
from ..extensions import SPANS_QUOTE_SPEAKERS, SPANS_QUOTES
from ..install import install_extensions
from ..quotes import QuoteCues, find_quotes, get_cues
from .base import DocAnnotator


@Language.factory(
    "quote_typer",
    default_config={
        "lang": None,
        "max_sentences": 10,
        "min_words": 3,
        "dialogue_dash": None,
        "indirect": True,
        "scorer": {"@scorers": QUOTE_SCORER},
    },
    assigns=["doc.spans"],
    default_score_weights={
        "quote_direct_f": 0.4,
        "quote_indirect_f": 0.3,
        "quote_speaker_acc": 0.3,
        "quote_direct_p": 0.0,
        "quote_direct_r": 0.0,
        "quote_indirect_p": 0.0,
        "quote_indirect_r": 0.0,
    },
)
def make_quote_typer(
    nlp: Language,
    name: str,
    *,
    lang: str | None,
    max_sentences: int,
    min_words: int,
    dialogue_dash: bool | None,
    indirect: bool,
    scorer: Callable | None,
) -> "QuoteTyper":
    return QuoteTyper(
        nlp,
        name,
        lang=lang,
        max_sentences=max_sentences,
        min_words=min_words,
        dialogue_dash=dialogue_dash,
        indirect=indirect,
        scorer=scorer,
    )


class QuoteTyper(DocAnnotator):
    """Find direct and indirect quotes and who says them.

    Output: ``doc.spans["quotes"]``, one span per quote in document order, with ``label_`` =
    "direct" | "indirect", ``id_`` = the quote id ("Q1", "Q2", …) and ``kb_id_`` = the
    speaker's actor id ("" when unknown); and ``doc.spans["quote_speakers"]``, one span per
    quote whose speaker was found: the speaker mention, with ``id_`` = the quote id,
    ``kb_id_`` = the actor id and ``label_`` = the quote's type.

    Direct quotes are text between the language's paired quotation marks (nested marks stay
    inside their outer quote) and, where the language profile sets ``dialogue_dash``, the
    speech of dialogue lines opened by a dash (— Ви …). Quotes are found on the characters of
    ``doc.text`` and cover their marks (or their opening dash). A mark left open across a
    paragraph break (blank line) or more than ``max_sentences`` sentence ends is dropped, and
    the quotes after it are still found. Marked stretches of fewer than ``min_words`` words
    without sentence punctuation or a reporting verb next to them are titles or scare quotes
    and are skipped, unless they sit inside an indirect quote (mixed quotation: said the
    result "is no surprise"), whose speaker they take. Only outermost quotes are reported: a
    quote inside a direct quote, or an indirect quote inside another, is part of the outer
    one.

    Indirect quotes are the reported clause (the complement subtree, complementizer included)
    of a reporting verb — "said that …", "sagte, dass …", "сказав, що …", "disse que …", or a
    ccomp / TIGER "oc" clause without complementizer — and the rest of a sentence introduced by
    "according to", "laut", "за словами", "segundo". Without a parser, only a reporting verb
    followed by a complementizer counts, and the clause runs to the end of the sentence.
    Reporting verbs match by lemma or, for pipelines without a lemmatizer, by the inflected
    forms listed in the language's ``reporting_verbs.txt``.

    The speaker is the subject of the reporting verb (nsubj / TIGER sb; passive subjects never
    speak) or, without a parse, the mention next to the verb ("…“, sagte sie"). For a direct
    quote the verb is looked for in its frame: a colon-introduction before it ("Sie sagte:
    „…“"), else the words after it to the end of the sentence ("…," said Merkel), else a
    comma-introduction before it; for dash dialogue, in the narrator's remark. A speaker gets
    an actor id only when ``actor_linker`` runs before this component: its actor is the one
    whose ``actor_mentions`` span contains the speaker's head. Without actor_linker, quotes and
    speaker spans are written with ``kb_id_`` "".

    Works on any pipeline, down to a bare tokenizer; uses the dependency parse, POS tags,
    lemmas and entities when they are there.
    """

    def __init__(
        self,
        nlp: Language,
        name: str = "quote_typer",
        *,
        lang: str | None = None,
        max_sentences: int = 10,
        min_words: int = 3,
        dialogue_dash: bool | None = None,
        indirect: bool = True,
        scorer: Callable | None = score_quotes,
    ) -> None:
        """Initialize the component.

        nlp (Language): the pipeline.
        name (str): the component name.
        lang (Optional[str]): language profile code or profile folder path (a folder is read
            once and saved with the pipeline). Defaults to ``nlp.lang``.
        max_sentences (int): the most sentence ends one direct quote may span; an opening mark
            not closed by then is taken for a stray mark. Defaults to 10.
        min_words (int): marked stretches with fewer words, no sentence punctuation and no
            reporting verb next to them are not quotes. Defaults to 3.
        dialogue_dash (Optional[bool]): find dash dialogue. Defaults to the profile's
            ``dialogue_dash`` (true for uk and pt).
        indirect (bool): find indirect quotes too. Defaults to True.
        scorer (Optional[Callable]): the scoring method, which ``score`` (and so
            ``nlp.evaluate``, ``spacy evaluate``, ``spacy train``) calls: direct and
            indirect quote P/R/F and speaker accuracy against the gold ``quotes`` and
            ``quote_speakers`` span groups (docs/scorers.md). Defaults to
            ``spacy_genderfair.quote_scorer.v1``.
        """
        install_extensions()
        if max_sentences < 1:
            raise ValueError(f"quote_typer: max_sentences must be at least 1, got {max_sentences}")
        self.name = name
        self._init_profile(nlp, lang)
        self.max_sentences = max_sentences
        self.min_words = min_words
        self.dialogue_dash = dialogue_dash
        self.indirect = indirect
        self.scorer = scorer

    @property
    def cues(self) -> QuoteCues:
        """The quote cues of the language profile (cached per profile)."""
        return get_cues(self.lang)

    def annotate(self, doc: Doc) -> None:
        quotes = find_quotes(
            doc,
            self.cues,
            max_sentences=self.max_sentences,
            min_words=self.min_words,
            dialogue_dash=self.dialogue_dash,
            indirect=self.indirect,
        )
        spans, speakers = [], []
        for number, quote in enumerate(quotes, start=1):
            quote_id = f"Q{number}"
            actor = quote.speaker.actor if quote.speaker is not None else ""
            spans.append(Span(doc, quote.start, quote.end, label=quote.label, kb_id=actor,
                              span_id=quote_id))
            if quote.speaker is not None:
                speakers.append(Span(doc, quote.speaker.start, quote.speaker.end,
                                     label=quote.label, kb_id=actor, span_id=quote_id))
        doc.spans[SPANS_QUOTES] = spans
        doc.spans[SPANS_QUOTE_SPEAKERS] = speakers
