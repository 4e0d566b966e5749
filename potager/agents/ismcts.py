"""The `ismcts` level: single-observer information-set Monte Carlo tree search.

Cowling, Powley & Whitehouse, "Information Set Monte Carlo Tree Search" (IEEE TCIAIG 2012). Each
iteration draws a full state from the agent's own view with `Game.sample` (so it never sees what its
seat may not know), descends one tree shared by all those states with UCB1 corrected for the actions
that were available (the "availability count"), expands one node, finishes the game with random
play, and credits each seat with its share of the win. Simultaneous decisions need no special case:
another seat's pending commitment is hidden information like any other, drawn by `sample`.
"""

from __future__ import annotations

import math
import random
import time

from potager.engine import Action, Game, Seat, State, View

from .random_agent import random_playout


class _Node:
    __slots__ = ("available", "children", "reward", "visits")

    def __init__(self) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.available = 0
        self.reward = 0.0


class ISMCTSAgent:
    """ISMCTS with a budget of ``iterations`` per decision, or ``seconds`` when given."""

    name = "ismcts"

    def __init__(
        self, iterations: int = 300, seconds: float | None = None, exploration: float = 0.7
    ) -> None:
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration

    def act(
        self, game: Game, view: View, seat: Seat, legal_actions: list[Action], rng: random.Random
    ) -> Action:
        if len(legal_actions) == 1:
            return legal_actions[0]
        root = _Node()
        deadline = None if self.seconds is None else time.monotonic() + self.seconds
        done = 0
        while done < self.iterations if deadline is None else time.monotonic() < deadline:
            self._iterate(root, game.sample(view, seat, rng), rng)
            done += 1
        return max(
            legal_actions,
            key=lambda a: root.children[a].visits if a in root.children else -1,
        )

    def _iterate(self, root: _Node, state: State, rng: random.Random) -> None:
        path: list[tuple[_Node, Seat]] = []
        node = root
        while not state.is_over:
            mover = state.to_move[0]
            actions = state.legal_actions(mover)
            untried = [a for a in actions if a not in node.children]
            if untried:
                action = rng.choice(untried)
                child = node.children[action] = _Node()
                state.apply(mover, action)
                path.append((child, mover))
                break
            action = self._select(node, actions)
            state.apply(mover, action)
            node = node.children[action]
            path.append((node, mover))
        random_playout(state, rng)
        winners = state.result().winners
        share = 1.0 / len(winners)
        for child, mover in path:
            child.visits += 1
            if mover in winners:
                child.reward += share

    def _select(self, node: _Node, actions: list[Action]) -> Action:
        best, best_value = actions[0], -math.inf
        c = self.exploration
        for a in actions:
            child = node.children[a]
            child.available += 1
            value = child.reward / child.visits + c * math.sqrt(
                math.log(child.available) / child.visits
            )
            if value > best_value:
                best, best_value = a, value
        return best
