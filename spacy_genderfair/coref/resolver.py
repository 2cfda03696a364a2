"""Rule-based resolution of third-person pronouns to actors.

Candidates are the actors mentioned before the pronoun within a few sentences. They are
filtered by agreement (the pronoun group against what is known of the actor: honorific,
predicate agreement, first name, pronouns resolved so far) and by binding (a non-reflexive
personal pronoun does not refer to the subject of its own clause, named or shared by
coordination or control; a reflexive does: binding.py). The remaining candidates are ranked
by salience: subjects before other roles, the same role as the pronoun (parallelism), for a
possessive the object that c-commands it ("gave Alleway her first cap", "told Isabella that
her …"), named mentions, then recency.
"""

from ..extensions import HE, SHE, THEY
from ..roles import name_head
from .binding import (
    SUBJECT_DEPS,
    bound_by_clause_subject,
    clause_head,
    clause_subjects,
    is_subject,
)
from .mentions import ActorCluster, Mention

__all__ = ["NO_GROUP", "OBJECT_DEPS", "SUBJECT_DEPS", "clause_head", "is_subject",
           "resolve_pronoun"]

# What a pronoun of no gender adds to its actor's pronoun groups: nothing.
NO_GROUP = ""
OBJECT_DEPS = frozenset(("obj", "dobj", "iobj", "dative", "oa", "da", "og", "obl", "pobj"))
# Arguments that bind a possessive inside their verb's other argument or complement.
_COMMANDING_OBJECT_DEPS = frozenset(("obj", "dobj", "iobj", "dative", "oa", "da"))


def resolve_pronoun(
    pronoun: Mention, actors: list[ActorCluster], max_sentence_distance: int
) -> tuple[ActorCluster, str] | None:
    """The actor a pronoun refers to, with the group the pronoun contributes (``NO_GROUP``
    for a pronoun of no gender), or None."""
    subjects = {t.i for t in clause_subjects(pronoun.root)}
    best, best_score = None, None
    for actor in actors:
        last = actor.last_before(pronoun.start)
        if last is None or pronoun.sent - last.sent > max_sentence_distance:
            continue
        group = compatible_group(pronoun, actor)
        if group is None:
            continue
        same_clause_subject = bound_by_clause_subject(pronoun, actor.mentions, subjects)
        if pronoun.pronoun_type == "personal" and same_clause_subject:
            # "Anna saw him": him is not Anna. "her" too, where the tagger read an object
            # rather than a possessive: one rule for every pronoun (a softer one for "her"
            # alone resolved fewer feminine pronouns right, docs/benchmarks.md).
            continue
        score = _salience(pronoun, last, same_clause_subject)
        if best_score is None or score > best_score:
            best, best_score = (actor, group), score
    return best or _cataphora(pronoun, actors)


def _cataphora(pronoun: Mention, actors: list[ActorCluster]) -> tuple[ActorCluster, str] | None:
    """A pronoun with no antecedent may point forward to the subject of its own sentence
    ("In his first season, Kurt …")."""
    clause = clause_head(pronoun.root)
    for actor in actors:
        for mention in actor.mentions:
            if (mention.kind == "named" and mention.sent == pronoun.sent
                    and mention.start > pronoun.start and is_subject(name_head(mention.root))):
                if pronoun.pronoun_type == "personal" and clause_head(mention.root) == clause:
                    continue  # "що його Андрій поголив": його is not Андрій
                group = compatible_group(pronoun, actor)
                if group is not None:
                    return actor, group
    return None


def compatible_group(pronoun: Mention, actor: ActorCluster) -> str | None:
    """The group the pronoun adds to the actor, None where they cannot agree, or
    ``NO_GROUP`` for a pronoun that carries no gender: one of every group (Portuguese
    "seu"/"sua" agree with the possessed noun, "lhe" with nobody) fits any actor and is no
    evidence of the actor's group."""
    if carries_no_gender(pronoun):
        return NO_GROUP
    known = actor.current_group()
    if known is not None:
        return known if known in pronoun.groups else None
    # An actor with no evidence yet: only an unambiguous gendered pronoun can claim it.
    # Singular they and German "sie" (she or they) wait for evidence.
    if len(pronoun.groups) == 1 and THEY not in pronoun.groups:
        return next(iter(pronoun.groups))
    return None


def carries_no_gender(pronoun: Mention) -> bool:
    return HE in pronoun.groups and SHE in pronoun.groups


def commanding_object(candidate: Mention, pronoun: Mention) -> bool:
    """Whether the candidate is an object of a verb that dominates the pronoun from another
    branch (it c-commands the pronoun), in the same sentence."""
    if candidate.sent != pronoun.sent or candidate.root.dep_ not in _COMMANDING_OBJECT_DEPS:
        return False
    ancestors = {t.i for t in pronoun.root.ancestors}
    return candidate.root.head.i in ancestors and candidate.root.i not in ancestors


def _salience(pronoun: Mention, last: Mention, same_clause_subject: bool) -> float:
    score = -2.0 * (pronoun.sent - last.sent)
    subject = is_subject(name_head(last.root))  # "Бабця Зоня пережила"
    if subject:
        score += 2.0
    if subject == is_subject(pronoun.root):
        score += 1.0  # syntactic parallelism
    if pronoun.pronoun_type == "reflexive" and same_clause_subject:
        score += 5.0  # a reflexive is bound by its clause's subject
    if pronoun.pronoun_type == "possessive" and commanding_object(last, pronoun):
        score += 2.0
    if last.kind == "named":
        score += 0.5
    # Recency breaks the remaining ties.
    return score - (pronoun.start - last.end) / 1000.0
