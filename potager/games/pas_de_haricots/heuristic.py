"""The `heuristic` bot: greedy on the value of the series, from its own view only.

- Taking: the card that adds most to its own score (rulebook "Comptage"); among equals, the one
  whose owner, who takes next, has the least to gain from what is left.
- Playing: nobody takes their own card, so every card played is a gift to an opponent: the bot
  plays the card that helps its opponents least (the best-placed taker's gain plus the average
  gain). Face down, when the bean card would hurt it, it would rather have its card taken early
  (the player whose card is taken takes next and does not end with the bean card), so it prefers a
  card the bean holder, who takes first, wants.
"""

from __future__ import annotations

import random

from potager.engine import Action, Game, Seat, View

from .cards import CARD_INDEX, NUM_CARDS, Card
from .scoring import Tally, gain, tally

ESCAPE_WEIGHT = 2
"""How much the bean holder's wish for a face-down card counts when the bot flees the bean card
(best of 1, 2 and 3 over 600 games against random)."""


class HeuristicAgent:
    name = "heuristic"

    def act(
        self, game: Game, view: View, seat: Seat, legal_actions: list[Action], rng: random.Random
    ) -> Action:
        tallies = [tally(CARD_INDEX[c] for c in cards) for cards in view["collected"]]
        if view["phase"] == "take":
            return take(view, seat, legal_actions, tallies)
        opponents = [t for s, t in enumerate(tallies) if s != seat]
        if view["phase"] == "commit" and gain(tallies[seat], CARD_INDEX[view["bean_card"]]) < 0:
            leader = tallies[view["bean"]]
            return min(
                legal_actions,
                key=lambda c: help_given(c, opponents) - ESCAPE_WEIGHT * gain(leader, c),
            )
        return min(legal_actions, key=lambda c: help_given(c, opponents))


def help_given(card: Card, opponents: list[Tally]) -> float:
    """What giving ``card`` away helps the opponents: the best taker's gain plus the average."""
    gains = [gain(t, card) for t in opponents]
    return max(gains) + sum(gains) / len(gains)


def take(view: View, seat: Seat, legal_actions: list[Action], tallies: list[Tally]) -> Action:
    """The best card for ``seat``; among equals, leave the least to the next taker."""
    table = [CARD_INDEX[c] if c is not None else -1 for c in view["table"]]
    bean_card = CARD_INDEX[view["bean_card"]]

    def value(action: Action) -> tuple[int, int]:
        card = action - NUM_CARDS
        owner = table.index(card)
        left = [c for c in table if c >= 0 and c not in (card, bean_card)]
        return gain(tallies[seat], card), -max((gain(tallies[owner], c) for c in left), default=0)

    return max(legal_actions, key=value)
