"""The best move is the action of the highest estimate, searched in rounds until it is told from
the runner-up; a decided game's moves are judged by the score they lost; the chart's best line
never falls below a move played; the analysis JSON (format 2, and format 1 still read) holds."""

from __future__ import annotations

import io
import json
import random
from dataclasses import astuple, replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from rich.console import Console

from potager import games
from potager.agents import ActionValue
from potager.agents.action_value import mean_interval, pooled, wilson
from potager.analysis import (
    ROUNDS,
    Decision,
    MoveReview,
    analyse,
    chart,
    decisions,
    ranked,
    review,
)
from potager.cli.analyse import report
from potager.engine import Action, Game, GameRecord, Seat, View
from potager.schemas import NAMES, schema
from tests.analysis.test_review import toy_record
from tests.toy import register


def estimate(action: Action, visits: int, win: float, score: float, sd: float) -> ActionValue:
    """An action's estimate as the search reports it: Wilson win interval, normal score one."""
    low, high = wilson(win * visits, visits)
    total, squares = score * visits, (sd * sd * (visits - 1) + score * score * visits)
    score_low, score_high = mean_interval(total, squares, visits)
    return ActionValue(action, visits, win, low, high, score, score_low, score_high)


class Scripted:
    """A search whose every round says the same of each legal action: ``table`` maps an
    action's rank among the legal actions (0: the first) to (visits, win, score, sd), listed
    most visited first as the search lists them; it counts its rounds."""

    def __init__(self, table: dict[int, tuple[int, float, float, float]]) -> None:
        self.table = table
        self.calls = 0

    def evaluate(
        self, game: Game, view: View, seat: Seat, legal: list[Action], rng: random.Random
    ) -> list[ActionValue]:
        self.calls += 1
        found = [estimate(a, *self.table.get(i, (10, 0.0, 0.0, 1.0))) for i, a in enumerate(legal)]
        return sorted(found, key=lambda v: -v.visits)


def first_decision(
    monkeypatch: pytest.MonkeyPatch, played_rank: int
) -> tuple[GameRecord, Decision]:
    """The first bid of seat 0 in the toy records (three legal actions) whose played action is
    its ``played_rank``-th legal one, with the record."""
    register(monkeypatch)
    for seed in range(40):
        record = toy_record(seed=seed)
        for d in decisions(record, [0]):
            if len(d.legal) == 3 and d.legal.index(d.played) == played_rank:
                return record, d
    raise AssertionError("no such decision in 40 toy games")


def review_of(record: GameRecord, ply: int, search: Scripted, rounds: int = ROUNDS) -> MoveReview:
    """The review of the decision at ``ply`` alone, searched by ``search``."""
    decision = next(d for d in decisions(record) if d.ply == ply)
    return review(games.get(record.game), decision, search, 0, rounds)


def test_the_best_is_the_highest_estimate_not_the_most_searched(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The most searched action wins 49%, a less searched one 61%: the second is the best."""
    record, decision = first_decision(monkeypatch, 0)
    search = Scripted({0: (760, 0.49, 5.0, 2.0), 1: (360, 0.61, 6.0, 2.0)})
    r = review_of(record, decision.ply, search)
    assert r.best.action == decision.legal[1] and r.best.win == 0.61
    assert r.played.win == 0.49 and r.loss == pytest.approx(0.12)
    assert r.apart and r.rounds == 1 and r.label == "mistake"
    move = r.to_dict()
    assert move["best"] == decision.names[decision.legal[1]] and move["apart"] is True
    assert move["actions"][0]["win"] == 0.61


def test_rounds_go_on_until_the_best_is_told_apart_or_run_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    record, decision = first_decision(monkeypatch, 0)
    # 54% against 50% on 300 visits each: the intervals overlap until the rounds add up.
    close = Scripted({0: (300, 0.50, 5.0, 2.0), 1: (300, 0.56, 5.0, 2.0)})
    r = review_of(record, decision.ply, close, rounds=10)
    assert r.apart and 1 < r.rounds < 10 and close.calls == r.rounds
    assert r.best.visits == 300 * r.rounds and r.to_dict()["rounds"] == r.rounds
    tied = Scripted({0: (300, 0.50, 5.0, 2.0), 1: (300, 0.51, 5.1, 2.0)})
    r = review_of(record, decision.ply, tied, rounds=3)
    assert not r.apart and r.rounds == tied.calls == 3 and r.to_dict()["apart"] is False
    # Not told apart, the played move is at worst good even 6 points below.
    few = Scripted({0: (30, 0.50, 5.0, 2.0), 1: (30, 0.56, 5.0, 2.0)})
    near = review_of(record, decision.ply, few, rounds=1)
    assert not near.apart and near.label == "good"
    with pytest.raises(ValueError, match="at least one search round"):
        analyse(record, close, "scripted", rounds=0)


def test_a_decided_games_move_is_judged_by_the_score_it_lost(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Both moves win every playout; the one played scores 11.4 fewer points of 38: a blunder
    (30% of the score), not "good"."""
    record, decision = first_decision(monkeypatch, 0)
    search = Scripted({0: (500, 1.0, 26.6, 2.0), 1: (500, 1.0, 38.0, 2.0)})
    r = review_of(record, decision.ply, search)
    assert r.decided and r.best.score == 38.0 and r.loss == 0.0
    assert r.score_loss == pytest.approx(11.4) and r.label == "blunder"
    move = r.to_dict()
    assert move["decided"] is True and move["score_loss"] == pytest.approx(11.4)
    assert r.apart and r.rounds == 1  # told apart by score
    losing = Scripted({0: (500, 0.0, 20.0, 2.0), 1: (500, 0.0, 21.0, 2.0)})
    lost = review_of(record, decision.ply, losing)
    assert lost.decided and lost.label == "good"  # 1 point of 21: under 5%
    open_game = Scripted({0: (500, 0.7, 26.6, 2.0), 1: (500, 1.0, 38.0, 2.0)})
    alive = review_of(record, decision.ply, open_game)
    assert not alive.decided and alive.label == "blunder" and alive.loss == pytest.approx(0.3)


def test_a_decided_best_is_the_highest_score_among_equal_win_chances() -> None:
    values = [
        ActionValue(0, 400, 1.0, 0.99, 1.0, 30.0, 29.0, 31.0),
        ActionValue(1, 100, 0.998, 0.98, 1.0, 35.0, 34.0, 36.0),
        ActionValue(2, 50, 0.9, 0.8, 0.95, 50.0, 45.0, 55.0),
    ]
    assert [v.action for v in ranked(values)] == [1, 0, 2]
    undecided = [replace(v, win=v.win - 0.3) for v in values]
    assert [v.action for v in ranked(undecided)] == [0, 1, 2]


def test_pooled_estimates_are_those_of_the_summed_statistics() -> None:
    rng = random.Random(3)
    wins = [rng.random() < 0.4 for _ in range(70)]
    scores = [rng.gauss(20, 5) for _ in range(70)]

    def of(lo: int, hi: int) -> ActionValue:
        n, w = hi - lo, sum(wins[lo:hi])
        total, squares = sum(scores[lo:hi]), sum(s * s for s in scores[lo:hi])
        return ActionValue(7, n, w / n, *wilson(w, n), total / n, *mean_interval(total, squares, n))

    together = pooled([of(0, 30), of(30, 31), of(31, 70)])
    whole = of(0, 70)
    assert together.visits == whole.visits and together.action == 7
    assert astuple(together) == pytest.approx(astuple(whole))
    unseen = ActionValue(7, 0, 0.0, 0.0, 1.0, 3.0, 3.0, 3.0)
    assert pooled([unseen, unseen]) == unseen and pooled([unseen, of(0, 5)]) == of(0, 5)
    with pytest.raises(ValueError, match="one action"):
        pooled([of(0, 5), replace(unseen, action=2)])


# -- the chart's invariant, over any analysis -----------------------------------------------------
LABELS = ("best", "good", "inaccuracy", "mistake", "blunder")


@st.composite
def analyses(draw: st.DrawFn) -> dict[str, Any]:
    """Analyses of any format: each move's actions with any estimates, one of them played."""
    share = st.floats(0, 1, allow_nan=False)
    moves = []
    for ply in range(draw(st.integers(1, 12))):
        actions = []
        for action in range(draw(st.integers(2, 5))):
            a, b, c = sorted(draw(st.tuples(share, share, share)))
            actions.append({"action": action, "win": b, "win_low": a, "win_high": c})
        played = draw(st.sampled_from(actions))
        moves.append(
            {
                "ply": ply,
                "seat": draw(st.integers(0, 2)),
                "win": played["win"],
                "label": draw(st.sampled_from(LABELS)),
                "actions": draw(st.permutations(actions)),
            }
        )
    return {"format": draw(st.sampled_from([1, 2])), "moves": moves}


@settings(max_examples=200, deadline=None)
@given(analyses())
def test_the_charts_best_line_is_never_below_a_move_played(analysis: dict[str, Any]) -> None:
    panels = chart.panels(analysis)
    assert sum(len(p.x) for p in panels) == len(analysis["moves"])
    for p in panels:
        for best, low, high, played in zip(p.best, p.low, p.high, p.played, strict=True):
            assert low <= best <= high and played <= best


# -- the JSON -------------------------------------------------------------------------------------
REGISTRY: Registry[Any] = Registry().with_resources(
    (schema(name)["$id"], Resource.from_contents(schema(name))) for name in NAMES
)


def errors(document: Any) -> list[str]:
    validator = Draft202012Validator(schema("analysis"), registry=REGISTRY)
    return [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(document)]


def test_the_analysis_json_round_trips_and_older_analyses_still_load(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    record, _ = first_decision(monkeypatch, 0)
    search = Scripted({0: (300, 0.50, 5.0, 2.0), 1: (300, 0.56, 5.0, 2.0)})
    data = analyse(record, search, "scripted", rounds=2).to_dict()
    again = json.loads(json.dumps(data))
    assert again == data and again["format"] == 2 and again["rounds"] == 2
    assert errors(again) == []
    assert errors({**again, "rounds": 0}) and errors({**again, "format": 3})
    del again["moves"][0]["apart"]
    assert errors(again)  # format 2 says whether its best was told apart
    old = json.loads(json.dumps(data))  # as format 1 wrote it
    old["format"] = 1
    del old["rounds"]
    for move in old["moves"]:
        for key in ("decided", "score_loss", "apart", "rounds"):
            del move[key]
    assert errors(old) == []
    png = io.BytesIO()
    chart.draw(old, png, "format 1")
    assert png.getvalue()[:4] == b"\x89PNG"


def test_an_action_merged_with_the_best_is_best_too_and_no_runner_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two actions the search merged (one estimate for both, as Kraut & Rüben's equivalent
    placements): the one played is best, and the runner-up is the next other estimate."""
    record, decision = first_decision(monkeypatch, 1)
    search = Scripted({0: (500, 0.7, 5.0, 2.0), 1: (500, 0.7, 5.0, 2.0), 2: (500, 0.2, 1.0, 2.0)})
    r = review_of(record, decision.ply, search)
    assert r.label == "best" and r.apart and r.rounds == 1


def test_the_table_marks_a_best_not_told_apart_and_a_loss_in_score(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    record, _ = first_decision(monkeypatch, 0)
    console = Console(width=120, record=True)
    tied = Scripted({0: (30, 0.50, 5.0, 2.0), 1: (30, 0.56, 5.0, 2.0)})
    console.print(report(analyse(record, tied, "scripted", [0], rounds=1)))
    text = console.export_text()
    assert "≈: not told apart from the runner-up" in text and " ≈ " in text
    decided = Scripted({0: (500, 1.0, 26.6, 2.0), 1: (500, 1.0, 38.0, 2.0)})
    console.print(report(analyse(record, decided, "scripted", [0])))
    text = console.export_text()
    assert "11.4 score" in text and "the loss is the score lost" in text
