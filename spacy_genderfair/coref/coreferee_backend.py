"""Pronoun resolution by coreferee's chains (optional backend: ``coref="coreferee"``).

coreferee (pip install 'spacy-genderfair[coref]') needs its trained model for the language
(``python -m coreferee install en``) and its pipe before actor_linker. Its chains attach a
pronoun to an actor when another mention of the same chain is one of the actor's mentions.
"""

from spacy.tokens import Doc

from .mentions import ActorCluster, Mention


def resolve_with_coreferee(doc: Doc, pronouns: list[Mention], actors: list[ActorCluster]) -> None:
    actor_at = {}
    for actor in actors:
        for mention in actor.mentions:
            for i in range(mention.start, mention.end):
                actor_at[i] = actor
    pronoun_at = {p.start: p for p in pronouns}
    for chain in doc._.coref_chains:
        indexes = {i for mention in chain for i in mention.token_indexes}
        actor = next((actor_at[i] for i in sorted(indexes) if i in actor_at), None)
        if actor is None:
            continue
        for i in sorted(indexes):
            pronoun = pronoun_at.get(i)
            if pronoun is None:
                continue
            known = actor.current_group()
            group = known if known in pronoun.groups else next(iter(sorted(pronoun.groups)))
            actor.add(pronoun)
            actor.pronouns[group] += 1
