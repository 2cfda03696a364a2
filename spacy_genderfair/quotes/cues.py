"""The words and dependency labels that signal reported speech in one language.

Built from a ``LanguageProfile`` (``quote_marks.tsv``, ``reporting_verbs.txt``,
``complementizers.txt``, ``attribution_phrases.txt``, ``dependency_roles.tsv``, the personal
pronouns and honorifics) plus the label sets of the three dependency schemes the project's
parsers use: ClearNLP (en_core_web_sm: nsubj, nsubjpass, ccomp), Universal Dependencies
(nsubj, nsubj:pass, ccomp) and TIGER (German models: sb, oc, cp).
"""

from dataclasses import dataclass
from functools import cache

from spacy.tokens import Token

from ..lang import LanguageProfile, load_profile

# Subjects of all three schemes; the passive ones (nsubjpass, nsubj:pass) never speak.
SUBJECT_DEPS = frozenset(("nsubj", "sb"))
PASSIVE_SUBJECT_DEPS = frozenset(("nsubjpass", "nsubj:pass", "csubjpass", "csubj:pass"))
# The reported clause of a reporting verb: ccomp (ClearNLP, UD) and TIGER "oc" (clausal object).
CLAUSE_DEPS = frozenset(("ccomp", "oc"))
# A finite clause under TIGER "oc" has a complementizer (cp) or its own subject (sb); an "oc"
# without either is an infinitive or a participle of a verb chain ("hat gesagt").
CLAUSE_MARK_DEPS = frozenset(("mark", "cp"))
# Heads to climb from a reporting verb to find its subject: TIGER verb chains (hat -oc-> gesagt),
# coordination ("smiled and said"), and control ("wanted to say").
SUBJECT_CLIMB_DEPS = frozenset(("oc", "conj", "cj", "xcomp"))
RELATIVE_CLAUSE_DEPS = frozenset(("relcl", "acl:relcl", "rc"))
# Children that belong to a speaker's noun phrase (ClearNLP, UD, TIGER); the head's own case
# marker ("про селянку") does not, a modifier's does ("head of the party").
NP_DEPS = frozenset((
    "det", "amod", "compound", "flat", "flat:name", "flat:title", "flat:foreign", "nmod:poss",
    "poss", "nummod", "nk", "pnc", "ag", "nmod", "prep", "nn", "name", "title",
))
# Appositions belong to it only when nothing separates them: "лікар-гастроентеролог", not
# "Merkel, the chancellor,".
APPOSITION_DEPS = frozenset(("appos", "app"))
APPOSITION_BREAKS = frozenset(",()[];:—–")
VERB_POS = frozenset(("VERB", "AUX"))
SENTENCE_END = frozenset(".!?…")
DIALOGUE_DASHES = "—–―"


@dataclass(frozen=True)
class QuoteCues:
    """The cues of one language, ready for lookups (all words lower-cased)."""

    lang: str
    quote_marks: tuple[tuple[str, str], ...]
    dialogue_dash: bool
    reporting_verbs: frozenset[str]
    complementizers: frozenset[str]
    attribution_phrases: tuple[tuple[str, ...], ...]
    subject_deps: frozenset[str]
    pronouns: frozenset[str]
    honorifics: frozenset[str]
    person_labels: frozenset[str]

    def is_reporting_verb(self, token: Token, *, has_pos: bool, any_verb: bool = False) -> bool:
        """Whether ``token`` is a reporting verb.

        token (Token): the candidate.
        has_pos (bool): whether the document has POS tags (``doc.has_annotation("POS")``,
            asked once per document: it scans every token when the answer is no).
        any_verb (bool): accept every verb when POS tags exist (a dialogue remark is a
            speech frame whatever its verb). Defaults to False.
        RETURNS (bool): with POS tags, the token must be a VERB or AUX; its lemma or its
            lower-cased text must be listed (the lists hold inflected forms for pipelines
            without a lemmatizer).
        """
        if has_pos:
            if token.pos_ not in VERB_POS:
                return False
            if any_verb and token.pos_ == "VERB":
                return True
        return token.lower_ in self.reporting_verbs or token.lemma_.lower() in self.reporting_verbs

    def is_subject(self, token: Token) -> bool:
        return token.dep_ in self.subject_deps and token.dep_ not in PASSIVE_SUBJECT_DEPS


@cache
def get_cues(lang: str) -> QuoteCues:
    """The cues of a built-in language code or profile folder (cached).

    lang (str): language code or profile folder path.
    RETURNS (QuoteCues): the cues.
    """
    return cues_from_profile(load_profile(lang))


def cues_from_profile(profile: LanguageProfile) -> QuoteCues:
    # The profile's own subject labels (dependency_roles.tsv) widen the built-in set; clausal
    # subjects ("csubj": "What she said surprised") are not speakers.
    subjects = SUBJECT_DEPS | {
        label for label, role in profile.dependency_roles.items()
        if role == "subject" and not label.startswith("csubj")
    }
    pronouns = frozenset(
        row.form for row in profile.pronouns
        if row.type == "personal" and row.case in ("nom", "-")
    )
    return QuoteCues(
        lang=profile.code,
        quote_marks=profile.quote_marks,
        dialogue_dash=profile.dialogue_dash,
        reporting_verbs=profile.reporting_verbs,
        complementizers=profile.complementizers,
        attribution_phrases=tuple(tuple(p.split()) for p in profile.attribution_phrases),
        subject_deps=frozenset(subjects),
        pronouns=pronouns,
        honorifics=frozenset(form.rstrip(".") for form, _ in profile.honorifics),
        person_labels=frozenset(profile.person_labels),
    )
