"""Reviewing a game record: every decision of a seat, judged from that seat's view at the time.

`decisions` replays a record and keeps, for each decision of the chosen seats, only what that
seat knew then: its view, its legal actions and the action it played (a simultaneous decision
from the view the seat had when it chose; a decision with a single legal action is left out).
`analyse` asks an evaluator (a search agent with ``evaluate``) for the win chance and expected
score of every legal action, from that view alone, in rounds pooled until the best (the highest
estimate, `ranked`) and the runner-up are told apart or the rounds run out (`search`), each
round's generator seeded from the analysis seed, the move number and the round: the same record
and seed give the same analysis at a fixed iteration budget, and what a seat could not see
cannot change its analysis. Each played action is then labelled (`labels`); a stand-in bot's
move (``stand_in_moves``) is marked as the stand-in's and left out of the person's counts.
"""

from __future__ import annotations

import random
import statistics
from collections import Counter
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from potager import agents, games
from potager.agents import SEARCH, ActionValue, parse_level
from potager.agents.action_value import pooled
from potager.engine import Action, Game, GameRecord, IllegalAction, RecordError, Seat, View
from potager.provenance import provenance

from .labels import DECIDED, LABELS, Label, decided, label, score_share


class Evaluator(Protocol):
    def evaluate(
        self, game: Game, view: View, seat: Seat, legal_actions: list[Action], rng: random.Random
    ) -> Sequence[ActionValue]:
        """Every legal action's estimate from ``view`` alone, best first."""
        ...


def evaluator(level: str, game: Game, every_action: bool = True) -> Evaluator:
    """The agent of ``level`` (``ismcts:iterations=1000``, ``ismcts:seconds=2``...) as an
    evaluator; `ValueError` when that level is unknown or cannot evaluate actions.

    ``every_action``: the search judges every legal action, as analysis needs (a played move
    that the search never tried would have no estimate, so no label worse than ``good``): a
    game's default progressive widening (Garden Rush's), which spends the search on the
    heuristic's best actions, is off unless ``level`` names a ``widening``. A hint, which needs
    only the best action, keeps it."""
    if every_action and level.partition(":")[0] in SEARCH and "widening" not in parse_level(level):
        level += f"{',' if ':' in level else ':'}widening=0"
    agent = agents.make(level, game)
    if not callable(getattr(agent, "evaluate", None)):
        raise ValueError(f"bot level {level!r} cannot evaluate actions; analysis needs ismcts")
    found: Evaluator = agent  # type: ignore[assignment]
    return found


@dataclass(frozen=True)
class Decision:
    """One decision of one seat, as that seat saw it: nothing else goes to the evaluator."""

    ply: int
    """The index of the move in the record (0-based)."""
    seat: Seat
    view: View
    legal: list[Action]
    played: Action
    names: dict[Action, str]
    """The notation of each legal action."""
    stand_in: bool = False
    """Made by the table's stand-in bot for the seat's timed-out person, not by the person."""


def decisions(record: GameRecord, seats: Collection[Seat] | None = None) -> list[Decision]:
    """The decisions of ``seats`` (every seat by default) in the record, in order; a record that
    cannot be replayed raises `RecordError`."""
    game = games.get(record.game)
    try:
        state = game.new_game(
            record.players, record.seed, record.variant, record.deck, record.params
        )
    except ValueError as exc:
        raise RecordError(f"record cannot start a game: {exc}") from None
    found = []
    stand_ins = set(record.stand_in_moves)
    for ply, (seat, action) in enumerate(record.moves):
        legal = state.legal_actions(seat)
        if (seats is None or seat in seats) and len(legal) > 1:
            names = {a: state.action_to_str(a) for a in legal}
            view = state.view(seat)
            found.append(Decision(ply, seat, view, legal, action, names, ply in stand_ins))
        try:
            state.apply(seat, action)
        except IllegalAction as exc:
            raise RecordError(f"move {ply} ({seat}, {action}) is illegal: {exc}") from None
    return found


HINT_LEVEL = "ismcts:seconds=1"
"""The search that answers a hint (at the terminal's prompt and at the server's tables)."""


def best_move(
    search: Evaluator, game: Game, view: View, seat: Seat, legal: list[Action], ply: int
) -> ActionValue:
    """A hint: the search's best action for ``seat`` at move ``ply``, from ``view`` alone (its
    generator is seeded from the move number, never from the game's secret seed)."""
    return search.evaluate(game, view, seat, list(legal), decision_rng(0, ply))[0]


def decision_rng(seed: int, ply: int, again: int = 0) -> random.Random:
    """The evaluator's generator for the decision at move ``ply`` of an analysis seeded
    ``seed``, in its search round ``again`` (0: the first): the same on every machine, whatever
    else the record holds."""
    return random.Random(f"analysis:{seed}:{ply}" + (f":{again}" if again else ""))


ROUNDS = 4
"""The most rounds a decision is searched (each of the evaluator's budget) until its best action
and the runner-up are told apart."""


def ranked(values: Sequence[ActionValue]) -> list[ActionValue]:
    """``values`` best first: the highest win chance, then the highest expected score; where the
    best wins 0% or 100% (to half a point), the actions at that same win chance by their expected
    score alone, then the others; ties by visits, then by action."""
    by_win = sorted(values, key=lambda v: (-v.win, -v.score, -v.visits, v.action))
    top = by_win[0].win
    if DECIDED < top < 1 - DECIDED:
        return by_win
    same = [v for v in by_win if decided(top, v.win)]
    same.sort(key=lambda v: (-v.score, -v.win, -v.visits, v.action))
    return same + [v for v in by_win if not decided(top, v.win)]


def apart(best: ActionValue, other: ActionValue) -> bool:
    """Whether the search tells ``best`` from ``other``: their 95% win intervals do not overlap,
    or both decide the game alike and their score intervals do not."""
    if best.win_low > other.win_high:
        return True
    return decided(best.win, other.win) and best.score_low > other.score_high


def search(
    game: Game, decision: Decision, evaluator: Evaluator, seed: int, rounds: int = ROUNDS
) -> tuple[list[ActionValue], int]:
    """Every legal action's estimate at ``decision``, best first, and the rounds searched: a
    round of ``evaluator`` after another, their estimates pooled, until the best and the
    runner-up are told apart or ``rounds`` have run."""
    found: dict[Action, list[ActionValue]] = {}
    values: list[ActionValue] = []
    done = 0
    for done in range(1, rounds + 1):
        rng = decision_rng(seed, decision.ply, done - 1)
        for v in evaluator.evaluate(game, decision.view, decision.seat, list(decision.legal), rng):
            found.setdefault(v.action, []).append(v)
        values = ranked([pooled(estimates) for estimates in found.values()])
        second = runner_up(values)
        if second is None or apart(values[0], second):
            break
    return values, done


def runner_up(values: Sequence[ActionValue]) -> ActionValue | None:
    """The best estimate after the first of ``values`` (`ranked`) that is not the first's own:
    an action the search merged with the best (the same game but for a detail) shares its
    estimate and is no runner-up. ``None`` when every action has the best's."""
    best = values[0]
    same = (best.visits, best.win, best.score)
    return next((v for v in values[1:] if (v.visits, v.win, v.score) != same), None)


@dataclass(frozen=True)
class MoveReview:
    """A decision, the evaluator's estimates of its legal actions (best first) and the verdict."""

    decision: Decision
    values: Sequence[ActionValue]
    """Best first (`ranked`)."""
    rounds: int = 1
    """The search rounds pooled in ``values``."""

    def __post_init__(self) -> None:
        missing = set(self.decision.legal) - {v.action for v in self.values}
        if missing:
            raise ValueError(f"the evaluation left out legal actions {sorted(missing)}")
        object.__setattr__(self, "values", tuple(ranked(self.values)))

    @property
    def best(self) -> ActionValue:
        return self.values[0]

    @property
    def played(self) -> ActionValue:
        return next(v for v in self.values if v.action == self.decision.played)

    @property
    def apart(self) -> bool:
        """Whether the search told the best action from the runner-up (else its rounds ran
        out first)."""
        second = runner_up(self.values)
        return second is None or apart(self.values[0], second)

    @property
    def decided(self) -> bool:
        """Whether the best and the played action both win 0% or both 100%: the game was
        decided, and the move is judged by the score it lost."""
        return decided(self.best.win, self.played.win)

    @property
    def loss(self) -> float:
        """Win chance (0…1) lost against the best action; never below 0."""
        return max(0.0, self.best.win - self.played.win)

    @property
    def score_loss(self) -> float:
        """Expected score lost against the best action, in the game's unit; never below 0."""
        return max(0.0, self.best.score - self.played.score)

    @property
    def label(self) -> Label:
        best, played = self.best, self.played
        is_best = (played.win, played.score) == (best.win, best.score)
        if self.decided:
            share = score_share(best.score, played.score)
            return label(share, is_best, played.score_high < best.score_low)
        return label(self.loss, is_best, played.win_high < best.win_low)

    def to_dict(self) -> dict[str, Any]:
        d = self.decision
        return {
            "ply": d.ply,
            "seat": d.seat,
            "action": d.played,
            "played": d.names[d.played],
            "best": d.names[self.best.action],
            "label": self.label,
            "stand_in": d.stand_in,
            "loss": self.loss,
            "win": self.played.win,
            "best_win": self.best.win,
            "decided": self.decided,
            "score_loss": self.score_loss,
            "apart": self.apart,
            "rounds": self.rounds,
            "actions": [
                {
                    "action": v.action,
                    "notation": d.names[v.action],
                    "visits": v.visits,
                    "win": v.win,
                    "win_low": v.win_low,
                    "win_high": v.win_high,
                    "score": v.score,
                    "score_low": v.score_low,
                    "score_high": v.score_high,
                }
                for v in self.values
            ],
        }


def review(
    game: Game, decision: Decision, evaluator: Evaluator, seed: int, rounds: int = ROUNDS
) -> MoveReview:
    """One decision evaluated from its seat's view alone (`search`)."""
    values, done = search(game, decision, evaluator, seed, rounds)
    return MoveReview(decision, tuple(values), done)


@dataclass(frozen=True)
class SeatSummary:
    """A seat's own moves by label and their mean loss (win-chance points per decision);
    ``stand_in``: the decisions its stand-in bot made, counted apart."""

    seat: Seat
    labels: dict[Label, int]
    mean_loss: float
    stand_in: int = 0

    @property
    def decisions(self) -> int:
        return sum(self.labels.values())


FORMAT = 2
"""The analysis JSON's format (`Analysis.to_dict`): 2 names the best by its estimate and says
whether it was told apart; 1, before, named the most searched (docs/analysis.md)."""


@dataclass(frozen=True)
class Analysis:
    record: GameRecord
    evaluator: str
    """The evaluator's level, e.g. ``ismcts:iterations=1000``."""
    seed: int
    reviews: list[MoveReview]
    rounds: int = ROUNDS
    """The most search rounds a decision was given."""

    def seats(self) -> list[Seat]:
        return sorted({r.decision.seat for r in self.reviews})

    def summary(self, seat: Seat) -> SeatSummary:
        """``seat``'s own decisions; those its stand-in bot made are only counted apart."""
        seats = [r for r in self.reviews if r.decision.seat == seat]
        mine = [r for r in seats if not r.decision.stand_in]
        counts = Counter(r.label for r in mine)
        mean = statistics.fmean(r.loss for r in mine) if mine else 0.0
        labels = {name: counts[name] for name in LABELS}
        return SeatSummary(seat, labels, mean, len(seats) - len(mine))

    def to_dict(self) -> dict[str, Any]:
        """The analysis for tools (``potager analyse --json``), described in docs/analysis.md
        (``potager/schemas/analysis.json``)."""
        record = self.record
        holders = record.seats
        return {
            "format": FORMAT,
            **provenance(),
            "game": record.game,
            "players": record.players,
            "variant": dict(record.variant),
            "seed": record.seed,
            "seats": None if holders is None else [h.to_dict() for h in holders],
            "result": None if record.result is None else record.result.to_dict(),
            "evaluator": self.evaluator,
            "analysis_seed": self.seed,
            "rounds": self.rounds,
            "moves": [r.to_dict() for r in self.reviews],
            "summary": [
                {
                    "seat": s.seat,
                    "decisions": s.decisions,
                    "labels": s.labels,
                    "mean_loss": s.mean_loss,
                    "stand_in": s.stand_in,
                }
                for s in map(self.summary, self.seats())
            ],
        }


def analyse(
    record: GameRecord,
    evaluator: Evaluator,
    name: str,
    seats: Collection[Seat] | None = None,
    seed: int = 0,
    progress: Callable[[int, int], None] | None = None,
    rounds: int = ROUNDS,
) -> Analysis:
    """Evaluate every decision of ``seats`` (all by default) with ``evaluator`` (whose level is
    ``name``), each in at most ``rounds`` search rounds; ``progress(done, total)`` is called after
    each decision."""
    if rounds < 1:
        raise ValueError(f"an analysis needs at least one search round, not {rounds}")
    game = games.get(record.game).tuned(record.params)
    found = decisions(record, seats)
    reviews = []
    for decision in found:
        reviews.append(review(game, decision, evaluator, seed, rounds))
        if progress is not None:
            progress(len(reviews), len(found))
    return Analysis(record, name, seed, reviews, rounds)
