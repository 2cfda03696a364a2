"""One pass of ``gender_lexicon`` over one document: token gender marks, inclusive forms,
generic masculine, job-title/referent mismatches and the GENEUTRAL verdict.

The GENEUTRAL criteria are word-list criteria: a listed word counts whatever the tagger or the
NER says of it; the pipeline's annotation may add evidence (a PERSON entity's first name that
no list holds), never take a listed word away.
"""


from functools import cached_property

from spacy.tokens import Doc, Span, Token

from ..coref.names import name_words
from ..extensions import (
    DOC_GENERIC_MASCULINE,
    DOC_IS_GENDER_NEUTRAL,
    DOC_NEUTRAL_REASONS,
    FEMININE,
    GROUP_GENDER,
    HE,
    MASCULINE,
    NEUTRAL,
    SHE,
    SPANS_GENERIC_MASCULINE,
    SPANS_INCLUSIVE,
    SPANS_MISMATCH,
    TOKEN_GENDER,
    TOKEN_GENDER_CODED,
    TOKEN_GENDER_KIND,
    UNKNOWN,
    set_token_value,
)
from ..tokens import first, opens_sentence_by_text
from . import Lexicon, LexiconHit
from .generic_masculine import generic_masculine_spans
from .mismatches import MismatchFinder
from .pronouns import third_person_readings
from .word_lists import is_listed_gendered_noun, listed_pronoun

# Reasons a document is not gender-neutral (GENEUTRAL criteria), in the order checked.
REASON_TOO_SHORT = "too_short"
REASON_NAME = "name"
REASON_PRONOUN = "pronoun"
REASON_GENDERED_NOUN = "gendered_noun"
NEUTRAL_REASONS = (REASON_TOO_SHORT, REASON_NAME, REASON_PRONOUN, REASON_GENDERED_NOUN)



class DocumentMarker:
    """One pass over one document. Kept separate from the component so that the per-document
    state (marks, spans, reasons) never outlives the document."""

    def __init__(self, lexicon: Lexicon, doc: Doc, min_chars: int) -> None:
        self.lex = lexicon
        self.profile = lexicon.profile
        self.doc = doc
        self.min_chars = min_chars
        self.has_morph = doc.has_annotation("MORPH")
        self.has_lemma = doc.has_annotation("LEMMA")
        self.has_dep = doc.has_annotation("DEP")
        self.has_ner = doc.has_annotation("ENT_IOB")
        self.has_pos = doc.has_annotation("POS")
        # The analyser stands in for a missing morphologizer (Ukrainian with spacy.blank).
        self.analyzer = lexicon.analyzer if not self.has_morph else None
        self.gender: dict[int, str] = {}
        self.kind: dict[int, str] = {}
        self.hits: dict[int, tuple[LexiconHit, str | None]] = {}
        self.reasons: set = set()
        # Tokens whose surface form is a gendered person noun of the lexicon although the
        # tags say otherwise: evidence for the verdict, not a mark (see _count_listed_noun).
        self.listed_nouns: set[int] = set()

    def run(self) -> None:
        doc = self.doc
        in_person_entity = self._mark_person_entities()
        for token in doc:
            lower = token.lower_
            coding = self.lex.coded.match(lower)
            if coding is not None:
                set_token_value(token, TOKEN_GENDER_CODED, coding)
            if token.i in in_person_entity:
                # Only a title inside a name counts: "Filho", "Neto" are surname parts here.
                if token.i not in self.gender:
                    self._mark_honorific(token, lower)
                # The words of the lists still count toward the verdict ("Wonder Woman").
                if listed_pronoun(token, self.lex) is not None:
                    self.reasons.add(REASON_PRONOUN)
                self._count_listed_noun(token)
                continue
            if not (self._mark_pronoun(token, lower) or self._mark_honorific(token, lower)):
                # a person noun of no gender is a listed name too ("Daniel", "Hunter")
                noun = self._mark_person_noun(token, lower)
                if not noun or self.gender[token.i] not in (MASCULINE, FEMININE):
                    self._mark_name(token, lower, mark=not noun)
        self._mark_hyphenated_compounds()
        self._mark_phrases(in_person_entity)
        self._drop_attributive_adjectives()
        inclusive = self._inclusive_spans()
        covered = {i for span in inclusive for i in range(span.start, span.end)}
        inclusive += self._paired_spans(covered)  # adds the paired tokens to ``covered``
        generic = generic_masculine_spans(doc, self.lex.persons, self.profile.generic_masculine,
                                          covered) if self.profile.generic_masculine \
            else self._generic_masculine_spans(covered)
        doc.spans[SPANS_INCLUSIVE] = sorted(inclusive, key=lambda span: span.start)
        doc.spans[SPANS_GENERIC_MASCULINE] = generic
        doc.spans[SPANS_MISMATCH] = MismatchFinder(self).spans()
        for i, gender in self.gender.items():
            set_token_value(doc[i], TOKEN_GENDER, gender)
            set_token_value(doc[i], TOKEN_GENDER_KIND, self.kind[i])
        if any(self.kind[i] in ("noun", "job") and g in (MASCULINE, FEMININE)
               for i, g in self.gender.items()) or any(
                self.kind.get(i) != "inclusive" for i in self.listed_nouns):
            self.reasons.add(REASON_GENDERED_NOUN)
        if len(self.text) < self.min_chars:
            self.reasons.add(REASON_TOO_SHORT)
        doc._.set(DOC_GENERIC_MASCULINE, bool(generic))
        doc._.set(DOC_NEUTRAL_REASONS, [r for r in NEUTRAL_REASONS if r in self.reasons])
        doc._.set(DOC_IS_GENDER_NEUTRAL, not self.reasons)

    def _mark(self, token: Token, gender: str, kind: str) -> None:
        self.gender[token.i] = gender
        # (a relation is a person noun like any other to the token's kind)
        self.kind[token.i] = "noun" if kind == "relation" else kind

    def _unmark(self, i: int) -> None:
        self.gender.pop(i, None)
        self.kind.pop(i, None)
        self.hits.pop(i, None)

    # -- names ------------------------------------------------------------------------------
    def _mark_person_entities(self) -> set:
        """Mark the first name of each PERSON entity; return the entities' token indices."""
        inside = set()
        if not self.has_ner:
            return inside
        labels = self.profile.person_labels
        surnames: set[str] = set()  # the last words of the multi-word names so far
        for ent in self.doc.ents:
            if ent.label_ not in labels:
                continue
            self.reasons.add(REASON_NAME)
            inside.update(range(ent.start, ent.end))
            words = name_words(ent, self.lex, self.has_pos)
            if not words:
                continue
            if len(words) > 1:
                surnames.add(words[-1].lower_)
            elif words[0].lower_ in surnames:
                continue  # "Kim Taylor founded the firm. Taylor said": the surname again
            # The first word after any title or determiner, if it is a first name at all
            # ("Smith" alone is a surname: the entity still counts as a name for neutrality).
            token = words[0]
            gender = self.lex.names.gender(token.text)
            if gender or self.lex.names.is_name(token.text):
                self._mark(token, gender or UNKNOWN, "name")
        return inside

    def _mark_name(self, token: Token, lower: str, mark: bool = True) -> None:
        """A first name from the resolver's list, outside PERSON entities (the GENEUTRAL name
        criterion). A word-list criterion: whatever label the NER gives the word ("Paris",
        "Houston"), a listed name counts; only the mark waits for a PERSON entity (and
        ``mark`` False keeps the token's person-noun mark)."""
        if not token.is_alpha:
            return
        if not (token.is_title or (token.is_lower and self._doc_is_lowercase)):
            return
        if lower in self.profile.name_homographs and not self._homograph_used_as_name(token):
            return  # "will", "Will you…", "in May"
        if self.lex.names.is_name(lower):
            self.reasons.add(REASON_NAME)
            if mark and not self.has_ner:
                self._mark(token, self.lex.names.gender(token.text) or UNKNOWN, "name")

    def _homograph_used_as_name(self, token: Token) -> bool:
        # A capitalised homograph inside a sentence is a name only when a capitalised word (a
        # surname) follows: "May Smith", not "in May". By the text alone, so that a tagger or
        # a parser's sentence split take no listed name away (a PERSON entity adds one).
        if token.is_lower or opens_sentence_by_text(token):
            return False
        following = token.nbor(1) if token.i + 1 < len(self.doc) else None
        return following is not None and following.is_title

    @cached_property
    def text(self) -> str:
        # Doc.text joins every token in Python (~0.1 ms a snippet): read it once, not 4 times.
        return self.doc.text

    @property
    def _doc_is_lowercase(self) -> bool:
        value = getattr(self, "_lowercase", None)
        if value is None:
            value = self._lowercase = self.text == self.text.lower()
        return value

    # -- pronouns, honorifics, nouns --------------------------------------------------------
    def _mark_pronoun(self, token: Token, lower: str) -> bool:
        readings = listed_pronoun(token, self.lex)  # the word list first: no tag removes it
        if readings is None:
            readings = third_person_readings(token, self.lex.pronouns, self.profile,
                                             has_pos=self.has_pos, has_morph=self.has_morph)
        if readings is None:
            return False
        groups = {reading.group for reading in readings}
        if len(groups) == 1:
            group = groups.pop()
            self._mark(token, GROUP_GENDER[group], "pronoun")
            if group in (SHE, HE):
                self.reasons.add(REASON_PRONOUN)
        elif groups & {SHE, HE} and not {SHE, HE} <= groups:
            # Unresolved "sie": could be a woman. GENEUTRAL keeps only what is surely neutral.
            # A pronoun of every group (Portuguese "seu", "lhe") says nothing of anyone's.
            self.reasons.add(REASON_PRONOUN)
        return True

    def _mark_honorific(self, token: Token, lower: str) -> bool:
        group = self.lex.honorifics.get(lower) or self.lex.honorifics.get(lower.rstrip("."))
        if group is None:
            return False
        following = token.nbor(1) if token.i + 1 < len(self.doc) else None
        if following is None or not following.is_title:
            return False  # "I miss you", "die Frau": not a title before a name
        self._mark(token, GROUP_GENDER[group], "noun")
        return True

    def _mark_person_noun(self, token: Token, lower: str) -> bool:
        if not self.has_pos and self.profile.nouns_capitalized and not token.text[:1].isupper():
            return False
        if self.has_pos and not (token.pos_ == "NOUN" or (
                token.pos_ == "PROPN" and self.has_ner and not token.ent_type_)):
            # "черговий лікар": the adjective, not the nominalised noun; "Instituto
            # Brasileiro": part of a name. Taggers do tag "the Queen" PROPN, hence the
            # exception for proper nouns outside any entity.
            self._count_listed_noun(token)
            return False
        if self.analyzer is not None:
            hit = self.lex.persons.lookup_readings(self.lex.token_readings(token))
        else:
            lemma = token.lemma_ if self.has_lemma else None
            hit = self.lex.persons.lookup(lower, lemma)
            if hit is None and lemma and self.lex.analyzer is not None:
                # A tagged Ukrainian doc: the pipeline's lemma, the analyser's knowledge of
                # derived and common-gender nouns (інженерка, колега).
                entry = self.lex.persons.entry_from_morphology(lemma.lower())
                hit = LexiconHit(entry) if entry is not None else None
        if self.lex.nouns is not None:
            # a noun dictionary: pairs and compounds the lexicon lacks, number from context
            hit = self.lex.nouns.lookup(token, hit)
        if hit is None:
            return False
        number = hit.number
        if self.has_morph:
            number = first(token.morph.get("Number")) or number
        self.hits[token.i] = (hit, number)
        self._mark(token, hit.entry.gender, hit.entry.kind)
        return True

    def _count_listed_noun(self, token: Token) -> None:
        # A listed noun the tags kept from being marked still counts toward the verdict.
        if is_listed_gendered_noun(token, self.lex):
            self.listed_nouns.add(token.i)

    def _mark_hyphenated_compounds(self) -> None:
        """Tokenizers split "ball-buster", "mother-in-law": look the whole word up. Every
        word of a listed compound gets its mark; the last one carries it for spans."""
        doc = self.doc
        i = 0
        while i < len(doc):
            j = i
            while (j + 2 < len(doc) and not doc[j].whitespace_ and doc[j + 1].text == "-"
                   and not doc[j + 1].whitespace_):
                j += 2
            if j == i:
                i += 1
                continue
            text = doc[i : j + 1].text.lower()
            if self.analyzer is not None:
                hit = self.lex.persons.lookup_readings(self.analyzer.analyze(text))
            else:
                hit = self.lex.persons.lookup(text)
            if hit is not None:
                for k in range(i, j + 1):
                    self._unmark(k)
                    if doc[k].is_alpha:
                        self._mark(doc[k], hit.entry.gender, hit.entry.kind)
                self.hits[j] = (hit, hit.number)
            i = j + 1

    def _mark_phrases(self, in_person_entity: set) -> None:
        """A phrase of a user lexicon ("member of parliament") is one person noun: its words
        lose their own marks (a neutral "chairman of the board" is no masculine "chairman")
        and its head takes the phrase's. Inside a PERSON entity, as single words there, a
        gendered phrase counts toward the verdict only."""
        for span, hit in self.lex.persons.phrases.find(self.doc):
            if in_person_entity.intersection(range(span.start, span.end)):
                if hit.entry.gender in (MASCULINE, FEMININE):
                    self.listed_nouns.add(span.end - 1)
                continue
            for i in range(span.start, span.end):
                self._unmark(i)
                self.listed_nouns.discard(i)
            head = self.lex.persons.phrases.head(span)
            self._mark(head, hit.entry.gender, hit.entry.kind)
            self.hits[head.i] = (hit, hit.number)

    def _drop_attributive_adjectives(self) -> None:
        """Without POS tags, a nominalised adjective right before a person noun ("Черговий
        лікар") is that noun's modifier, not a person of its own."""
        if self.analyzer is None:
            return
        for i in sorted(self.hits):
            if i + 1 in self.hits and any(
                r.pos == "ADJ" for r in self.analyzer.analyze(self.doc[i].lower_)
            ):
                self._unmark(i)

    # -- spans ------------------------------------------------------------------------------
    def _inclusive_spans(self) -> list[Span]:
        spans = []
        text = self.text
        taken = set()
        for inclusive in self.profile.inclusive_patterns:
            for match in inclusive.pattern.finditer(text):
                span = self.doc.char_span(match.start(), match.end(), label=inclusive.label,
                                          alignment_mode="expand")
                if span is None or taken & set(range(span.start, span.end)):
                    continue
                taken.update(range(span.start, span.end))
                spans.append(span)
                for token in span:
                    if not token.is_punct:  # "Lehrer*innen" is one token, not alphabetic
                        self.gender[token.i] = NEUTRAL
                        self.kind[token.i] = "inclusive"
                        self.hits.pop(token.i, None)
        return spans

    def _paired_spans(self, covered: set) -> list[Span]:
        """"Lehrerinnen und Lehrer", "os professores e as professoras": both genders of one
        concept joined by a conjunction, with at most determiners besides."""
        spans = []
        for i, (hit, _) in sorted(self.hits.items()):
            if hit.entry.gender != FEMININE or i in covered:
                continue
            for j in sorted(self.hits, key=lambda j: abs(j - i)):
                other = self.hits[j][0].entry
                if (abs(j - i) <= 4 and j not in covered and other.gender == MASCULINE
                        and other.concept == hit.entry.concept
                        and self._only_conjunction_between(min(i, j), max(i, j))):
                    start, end = min(i, j), max(i, j) + 1
                    spans.append(Span(self.doc, start, end, label="paired"))
                    covered.update(range(start, end))
                    break
        return spans

    def _only_conjunction_between(self, start: int, end: int) -> bool:
        between = self.doc[start + 1 : end]
        conjunctions = [t for t in between if t.lower_ in self.profile.pair_conjunctions]
        # Without POS tags, stop words stand in for determiners (die, as, the).
        others = [t for t in between if t.lower_ not in self.profile.pair_conjunctions
                  and not (t.pos_ == "DET" or (not self.has_pos and t.is_stop))]
        return len(conjunctions) == 1 and not others

    def _generic_masculine_spans(self, covered: set) -> list[Span]:
        spans = []
        for i, (hit, number) in sorted(self.hits.items()):
            entry = hit.entry
            if (entry.gender == MASCULINE and number == "Plur" and entry.counterparts
                    and i not in covered):
                spans.append(Span(self.doc, i, i + 1, label=entry.lemma))
        return spans


__all__ = ["NEUTRAL_REASONS", "DocumentMarker"]
