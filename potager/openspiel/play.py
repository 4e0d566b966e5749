"""`Play`: one OpenSpiel history of a Potager game, as the engine plays it.

OpenSpiel's nodes are a decision of one seat or one draw. A seat's action becomes *pending*: it
is tried on a clone (`State.pools` before and after tell how many components it takes from each
pool), each component to take is a chance node whose outcomes are the pool's undrawn components
with their shares, and once all are chosen they are stacked (`State.stack`) and the action is
applied to the real state. The set-up deal (`specs.Spec`) comes first, before any state exists.

Each seat keeps its *recall*: its first view, then every event addressed to it or public and each
of its own actions (the perfect-recall information state string), and the observation and action
of each of its decisions (the tensor).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import numpy as np

from potager.engine import PRIVATE_TO, Action, Seat, State, View

from .specs import Spec, Variant


class Play:
    """The Python side of a `PotagerState`: OpenSpiel copies it (`copy.deepcopy`, here the
    engine's `clone`) and serialises it (pickle, here the engine's save of the state)."""

    def __init__(self, spec: Spec, players: int, variant: Variant, encode: Any) -> None:
        self.spec, self.players, self.variant, self.encode = spec, players, variant, encode
        self.state: State | None = None
        self.pending: tuple[Seat, Action] | None = None
        self.before: dict[str, Any] = {}
        self.chosen: dict[str, list[str]] = {}
        self.due: tuple[str, int] | None = None
        self.deal, self.eligible = spec.setup_deal(players, variant)
        self.setup: list[str] = []
        self.logs: list[list[str]] = [[] for _ in range(players)]
        self.rows: list[list[tuple[View, Action]]] = [[] for _ in range(players)]
        self.seen = 0
        self.actions: list[int] | None = []

    # -- what node this is -----------------------------------------------------------------------
    def chance_pool(self) -> str | None:
        """The pool the next chance node draws from; ``None`` at a decision or the end."""
        if self.state is None:
            return self.spec.setup_pool
        return self.due[0] if self.due is not None else None

    def outcomes(self) -> list[tuple[int, float]]:
        """The chance node's outcomes (index in ``spec.outcomes``) with their probabilities:
        each undrawn component equally likely, so a kind's share is its count."""
        pool = self.chance_pool()
        assert pool is not None, "not a chance node"
        index = self.spec.outcomes.index
        odds = self.spec.setup_odds
        if self.state is None and odds is not None:
            chances = odds(self.players, self.variant, self.setup)
            return sorted((index(name), p) for name, p in chances.items() if p > 0)
        if self.state is None:
            left = Counter(self.eligible) - Counter(self.setup)
        else:
            left = Counter(self.before[pool].undrawn) - Counter(self.chosen.get(pool, []))
        total = sum(left.values())
        return sorted((index(name), n / total) for name, n in left.items())

    # -- playing -----------------------------------------------------------------------------------
    def apply(self, seat: Seat | None, action: int) -> None:
        """A draw (``seat`` None: ``action`` indexes ``spec.outcomes``) or a seat's decision;
        `ValueError`, changing nothing, for an outcome or an action not possible now."""
        if seat is None:
            if action not in {outcome for outcome, _ in self.outcomes()}:
                raise ValueError(f"{action} is not a chance outcome now: {self.outcomes()}")
            self._note(action)
            self._draw(self.spec.outcomes[action])
            return
        state = self.state
        assert state is not None
        if action not in state.legal_actions(seat):
            raise ValueError(f"{action} is not legal for seat {seat}: {state.legal_actions(seat)}")
        self._note(action)
        self.rows[seat].append((state.view(seat), action))
        self.logs[seat].append("you: " + state.action_to_str(action))
        self.pending, self.chosen, self.before = (seat, action), {}, state.pools()
        self._resolve()

    def _note(self, action: int) -> None:
        if self.actions is not None:
            self.actions.append(action)

    def _draw(self, name: str) -> None:
        pool = self.chance_pool()
        assert pool is not None, "not a chance node"
        if self.state is None:
            self.setup.append(name)
            if len(self.setup) == self.deal:
                self._start(self.spec.build(self.players, self.variant, self.setup))
            return
        assert self.due is not None
        self.chosen.setdefault(pool, []).append(name)
        more = self.due[1] - 1
        self.due = (pool, more) if more else None
        if self.due is None:
            self._resolve()

    def _start(self, state: State) -> None:
        self.state = state
        for seat in range(self.players):
            self.logs[seat].append(_text(state.view(seat)))
        self.seen = len(state.events)

    def _resolve(self) -> None:
        """Try the pending action with the draws chosen so far; while it would take more from a
        pool, that is the next chance node; else play it."""
        state, pending = self.state, self.pending
        assert state is not None and pending is not None
        trial = state.clone()
        for pool, names in self.chosen.items():
            trial.stack(pool, names)
        trial.apply(*pending)
        after = trial.pools()
        for pool, before in self.before.items():
            more = after[pool].taken - before.taken - len(self.chosen.get(pool, ()))
            if more > 0:
                self.due = (pool, more)
                return
        for pool, names in self.chosen.items():
            state.stack(pool, names)
        state.apply(*pending)
        self.pending, self.chosen, self.before = None, {}, {}
        shown = [(event.get(PRIVATE_TO), _text(event)) for event in state.events[self.seen :]]
        for seat in range(self.players):
            self.logs[seat].extend(text for to, text in shown if to is None or to == seat)
        self.seen = len(state.events)

    def decisions(self, seat: Seat, out: np.ndarray) -> None:
        """Write ``seat``'s decisions into the rows of ``out``: what it observed at each, then
        the one-hot action it took there."""
        size = out.shape[1] - self.spec.game.num_actions(self.players, self.variant)
        for row, (view, action) in zip(out, self.rows[seat], strict=False):
            row[:size] = self.encode(view, seat)
            row[size + action] = 1.0

    # -- information -------------------------------------------------------------------------------
    def information(self, seat: Seat) -> str:
        """``seat``'s perfect recall: its first view, every event it was shown and each of its own
        actions, in order, and its view now."""
        now = "set-up" if self.state is None else _text(self.state.view(seat))
        return "\n".join([*self.logs[seat], now])

    def observation(self, seat: Seat) -> str:
        return "set-up" if self.state is None else _text(self.state.view(seat))

    def resampled(self, seat: Seat, rng: random.Random) -> Play:
        """A play ``seat`` cannot tell from this one: the state drawn from its view
        (`Game.sample`), its recall kept; the other seats recall only their sampled view."""
        state = self.state
        if state is None or self.pending is not None:
            raise ValueError("resample_from_infostate needs a decision node")
        sampled = self.spec.game.sample(state.view(seat), seat, rng)
        new = self._copy(sampled)
        for other in range(self.players):
            if other != seat:
                new.logs[other] = [_text(sampled.view(other))]
                new.rows[other] = []
        new.seen = 0
        new.actions = None
        return new

    # -- copies ------------------------------------------------------------------------------------
    def _copy(self, state: State | None) -> Play:
        new = Play.__new__(Play)
        new.__dict__.update(self.__dict__)
        new.state = state
        new.chosen = {pool: names[:] for pool, names in self.chosen.items()}
        new.setup = self.setup[:]
        new.logs = [log[:] for log in self.logs]
        new.rows = [rows[:] for rows in self.rows]
        new.actions = None if self.actions is None else self.actions[:]
        return new

    def __deepcopy__(self, memo: dict[int, Any]) -> Play:
        return self._copy(None if self.state is None else self.state.clone())

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as JSON: the engine's save of the state (`Game.save`, so that a resampled
        state serialises too) and this play's own bookkeeping."""
        state = self.state
        saved = {
            "state": None if state is None else self.spec.game.save(state),
            "pending": self.pending,
            "chosen": self.chosen,
            "due": self.due,
            "setup": self.setup,
            "logs": self.logs,
            "rows": self.rows,
            "seen": self.seen,
            "actions": self.actions,
        }
        text = json.dumps(saved, default=dict)
        return (_loaded, (self.spec.short_name, self.players, self.variant, text))


def _loaded(short_name: str, players: int, variant: Variant, text: str) -> Play:
    """The play a pickled `Play` held (`Play.__reduce__`)."""
    import pyspiel

    game = pyspiel.load_game(short_name, {"players": players, **variant})
    play: Play = game.new_initial_state().play
    saved = json.loads(text)
    play.state = None if saved["state"] is None else play.spec.game.load(saved["state"])
    pending = saved["pending"]
    play.pending = None if pending is None else (pending[0], pending[1])
    play.before = {} if play.state is None or pending is None else play.state.pools()
    play.chosen = saved["chosen"]
    play.due = None if saved["due"] is None else (saved["due"][0], saved["due"][1])
    play.setup, play.logs, play.seen = saved["setup"], saved["logs"], saved["seen"]
    play.rows = [[(view, action) for view, action in rows] for rows in saved["rows"]]
    play.actions = saved["actions"]
    return play


def _replayed(short_name: str, players: int, variant: Variant, actions: list[int]) -> Play:
    """The play of ``actions`` from a new game: how a `Play` pickled by Potager 0.2.0 and
    earlier comes back."""
    import pyspiel

    game = pyspiel.load_game(short_name, {"players": players, **variant})
    state = game.new_initial_state()
    for action in actions:
        state.apply_action(action)
    play: Play = state.play
    return play


_ENCODER = json.JSONEncoder(sort_keys=True, separators=(",", ":"))
_text = _ENCODER.encode
