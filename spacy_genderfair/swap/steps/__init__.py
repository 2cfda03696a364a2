"""The steps of the swap: person nouns, pronouns and the words that agree with them.

For every language (a bare Ukrainian Doc excepted, see :mod:`spacy_genderfair.swap`). Every
word the steps write comes from the language profile (``lang/<code>/``) or, where the language
has a morphological analyser (Ukrainian), from the analyser's forms of the words the profile's
lexicon pairs (:mod:`..inflection`); the pipeline's annotation (POS, morphology, dependencies,
entities), when the Doc has it, only chooses among them:

1. a title before a name (``honorific_pairs.tsv``): Mr Smith -> Ms Smith, Frau Weber -> Herr
   Weber (Herrn Weber in an oblique case);
2. a person noun of the lexicon is replaced by its counterpart in the original's number and case
   (``noun_paradigms.tsv``): kings -> queens, Lehrern -> Lehrerinnen. A form is used only when
   the lexicon recognises it as a form of the counterpart; a common-gender noun (o/a estudante,
   der/die Abgeordnete) stays and only its agreeing words change;
3. the words that agree with a swapped noun (``agreement.tsv``): its determiners and adjectives
   (dependents with a profile ``agreement_deps`` label, or the contiguous table words before it
   without a parse), adjective endings by the declension their determiner gives (dem neuen
   Lehrer -> der neuen Lehrerin), and a predicate adjective or participle whose subject it is,
   when its morphology says it agrees (o professor está cansado -> a professora está cansada);
4. third-person singular pronouns (``pronoun_swaps.tsv``), the reading chosen by the token's
   morphology and parse (her -> his before a noun, him as an object); a pronoun whose reading
   may be plural (German sie/ihre without morphology) or formal (Sie) is not swapped;
5. a word that should change but whose form the tables do not give is reported with
   ``new=None`` and left as it is: nothing is invented.

Names are not swapped here (tokens of PERSON entities are left alone), and a paired form
("Bürgerinnen und Bürger", "kings and queens") stays. Each token is replaced by exactly one
word, lower case (German nouns too): ``apply_edits`` restores the capitalisation.

Without a parse, the agreeing words are the table words right before the noun (and untagged
adjectives between them and the noun); without morphology, a pronoun followed by a word is a
possessive determiner, the phrase opening the sentence is the nominative subject and a bare
noun no genitive, and any other ambiguous case or number is reported rather than guessed (a
noun whose determiner's new form it would decide stays whole). A
pronoun's referent is not resolved: German "er"/"sie" and Portuguese "ele"/"ela" of a thing
(der Urlaub ... ihn) are swapped like those of a person. Only a possessive after its clause's
subject, with a parse and morphology, is read as that subject's when the subject is a thing
of its gender or an indefinite pronoun ("dieser Shop ist für seine Schnäppchen bekannt",
"daß man seine Rechte einklagen kann"): it stays.

The steps are objects of their own around one :class:`.doc.DocSwap` (the Doc, its
annotation, the edits so far), composed by ``_StepSwapper``: :mod:`.nouns` (titles
and person nouns), :mod:`.agreement` (the words agreeing with them),
:mod:`.pronouns` (pronouns); the tables are :mod:`.tables`'s.
"""

from spacy.tokens import Doc

from ...lexicon import Lexicon
from ..direction import by_direction
from ..edits import Edit
from .agreement import AgreementSwapper
from .doc import DocSwap
from .nouns import PersonNounSwapper
from .pronouns import PronounSwapper

__all__ = ["step_swap_edits"]


def step_swap_edits(doc: Doc, lexicon: Lexicon, direction: str = "invert",
                       names=(), *, read_parse: bool = True) -> list[Edit]:
    """The edits that swap the gender of the person nouns and pronouns of ``doc``.

    doc (Doc): a document, with whatever annotation its pipeline gives (a blank pipeline works,
        with the fallbacks described in the module docstring).
    lexicon (Lexicon): the language's lexicon (``get_lexicon(code)``).
    direction (str): one of ``DIRECTIONS`` (see :mod:`..direction`).
    names (Iterable[NameMention]): person names swapped already (their words are not edited
        here): the determiners before them agree ("o João" → "a Joana").
    read_parse (bool): read the Doc's dependency parse where it has one (False: the
        fallbacks of a Doc without one).
    RETURNS (list[Edit]): one edit per changed token, in token order; ``new`` is None where the
        word should change but the tables give no form (reported, kept).
    """
    # (under invert every person turns, a possessor too; the directions that turn one
    # gender keep the profile's convention)
    possessors_stay = lexicon.profile.possessors_stay and direction != "invert"
    return by_direction(direction, lambda way: _StepSwapper(
        doc, lexicon, way, names, read_parse, possessors_stay).edits())


class _StepSwapper:
    """The swap of one Doc in one direction: its steps, composed around one ``DocSwap``."""

    def __init__(self, doc: Doc, lexicon: Lexicon, direction: str, names=(),
                 read_parse: bool = True, possessors_stay: bool | None = None) -> None:
        self.doc = doc
        self.names = names
        self.swap = DocSwap(doc, lexicon, direction, read_parse, possessors_stay)
        self.agreement = AgreementSwapper(self.swap)
        self.nouns = PersonNounSwapper(self.swap, self.agreement)
        self.pronouns = PronounSwapper(self.swap, self.agreement)

    def edits(self) -> list[Edit]:
        doc, edits_by_token = self.doc, self.swap.edits_by_token
        for name in self.names:  # "o João" → "a Joana": the name's determiners agree
            if self.swap.wanted(name.gender):
                head = doc[name.start:name.end].root if self.swap.has_dep else doc[name.start]
                self.agreement.swap_agreement(head, name.gender, "Sing", None, head.lower_)
        # Nouns first: a possessive determiner may take a new ending from its noun (sein ->
        # seine) before its own stem is swapped as a pronoun (seine -> ihre).
        for token in doc:
            if token.i not in edits_by_token and any(c.isalpha() for c in token.text):
                if not self.nouns.swap_title(token):
                    self.nouns.swap_person_noun(token)
        for token in doc:
            if token.is_alpha:
                self.pronouns.swap_pronoun(token)
        return [edits_by_token[i] for i in sorted(edits_by_token)]
