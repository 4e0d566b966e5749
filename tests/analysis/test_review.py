"""Analysis: each decision judged from its seat's view alone, labelled against the best, in a
table, JSON and a chart; reproducible; blind to what the seat could not see."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from potager import games
from potager.agents import ActionValue
from potager.analysis import analyse, decisions, label
from potager.cli import analyse as analyse_cli
from potager.cli.main import app
from potager.engine import Game, GameRecord, SeatHolder, signed
from tests.analysis.fake import ViewDigestSearch
from tests.toy import GAME, KEEP, register

runner = CliRunner()

DECK = ["apple", "pear", "apple", "pear", "apple", "pear", "pear"]
"""Three seats' dealt fruits (seat 0 an apple, seats 1 and 2 a pear and an apple), then 4 fruits."""


def toy_record(deck: list[str] = DECK, seed: int = 3) -> GameRecord:
    """A random game in which the last seat to move always acts first (seat 0 bids last)."""
    state = GAME.new_game(3, seed, {}, deck)
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.to_move[-1]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    holders = [SeatHolder.person("Ada"), SeatHolder.bot("random"), SeatHolder.bot("random")]
    return signed(state, holders)


def test_decisions_are_the_seats_views_when_it_chose(monkeypatch: pytest.MonkeyPatch) -> None:
    register(monkeypatch)
    record = toy_record()
    found = decisions(record, [0])
    state = GAME.new_game(3, record.seed, {}, record.deck)
    expected = []
    for ply, (seat, action) in enumerate(record.moves):
        if seat == 0 and len(state.legal_actions(0)) > 1:
            expected.append((ply, state.view(0), state.legal_actions(0), action))
        state.apply(seat, action)
    assert [(d.ply, d.view, d.legal, d.played) for d in found] == expected
    assert all(d.seat == 0 for d in found) and found
    # At a bid, the view shows which seats had committed before seat 0 chose, never their bids.
    bids = [d for d in found if KEEP not in d.legal]
    assert any(d.view["committed"] for d in bids)
    assert all(d.view["bid"] is None for d in bids)
    assert {d.seat for d in decisions(record)} == {0, 1, 2}


def test_hidden_differences_give_the_same_analysis(monkeypatch: pytest.MonkeyPatch) -> None:
    """Seats 1 and 2 swap their face-down fruits: seat 0 cannot tell, its analysis is the same;
    seat 1's changes."""
    register(monkeypatch)
    one = toy_record()
    swapped = [DECK[0], DECK[2], DECK[1], *DECK[3:]]
    two = replace(
        one, deck=swapped, result=games.replay(replace(one, deck=swapped, result=None)).result()
    )
    assert one.result != two.result
    first = analyse(one, ViewDigestSearch(), "fake", [0], seed=5)
    second = analyse(two, ViewDigestSearch(), "fake", [0], seed=5)
    assert [r.to_dict() for r in first.reviews] == [r.to_dict() for r in second.reviews]
    seat_1 = [analyse(r, ViewDigestSearch(), "fake", [1], seed=5) for r in (one, two)]
    assert [r.to_dict() for r in seat_1[0].reviews] != [r.to_dict() for r in seat_1[1].reviews]
    other_seed = analyse(one, ViewDigestSearch(), "fake", [0], seed=6)
    assert [r.to_dict() for r in other_seed.reviews] != [r.to_dict() for r in first.reviews]


def test_labels_follow_the_loss_and_the_evidence(monkeypatch: pytest.MonkeyPatch) -> None:
    register(monkeypatch)
    analysis = analyse(toy_record(), ViewDigestSearch(spread=0.01), "fake", seed=1)
    for r in analysis.reviews:
        assert r.loss == pytest.approx(max(0.0, r.best.win - r.played.win))
        assert r.best.win == max(v.win for v in r.values) and not r.decided
        sure = r.played.win_high < r.best.win_low
        assert r.label == label(r.loss, r.played.action == r.best.action, sure)
    # One round: the fake's intervals stand as it gives them (pooled rounds read its visits).
    wide = analyse(toy_record(), ViewDigestSearch(spread=1.0), "fake", seed=1, rounds=1)
    assert {r.label for r in wide.reviews} <= {"best", "good"}
    summary = analysis.summary(0)
    assert summary.decisions == len([r for r in analysis.reviews if r.decision.seat == 0])
    assert summary.mean_loss == pytest.approx(
        sum(r.loss for r in analysis.reviews if r.decision.seat == 0) / summary.decisions
    )


def test_an_evaluation_must_cover_every_legal_action(monkeypatch: pytest.MonkeyPatch) -> None:
    register(monkeypatch)

    class Partial(ViewDigestSearch):
        def evaluate(self, *args: object) -> list[ActionValue]:  # type: ignore[override]
            return super().evaluate(*args)[:1]  # type: ignore[arg-type]

    with pytest.raises(ValueError, match="left out legal actions"):
        analyse(toy_record(), Partial(), "fake")


def test_analyse_command_prints_and_writes(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    register(monkeypatch)
    levels: list[str] = []

    def evaluator(level: str, game: Game) -> ViewDigestSearch:
        levels.append(level)
        return ViewDigestSearch()

    monkeypatch.setattr(analyse_cli, "evaluator", evaluator)
    path = tmp_path / "game.json"
    path.write_text(toy_record().to_json())
    out, png = tmp_path / "analysis.json", tmp_path / "chart.png"
    args = ["analyse", str(path), "--iterations", "30", "--json", str(out), "--chart", str(png)]
    result = runner.invoke(app, args, env={"COLUMNS": "140"})
    assert result.exit_code == 0, result.output
    assert levels == ["ismcts:iterations=30"]
    for text in ("best win %", "per seat", "mean loss", "Ada", "random bot", "Chart drawn"):
        assert text in result.output
    data = json.loads(out.read_text())
    assert data["evaluator"] == "ismcts:iterations=30" and data["analysis_seed"] == 0
    assert {m["seat"] for m in data["moves"]} == {0, 1, 2}
    move = data["moves"][0]
    assert move["actions"][0]["notation"] == move["best"]
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    one_seat = runner.invoke(app, ["analyse", str(path), "--seat", "2", "--json", "-"])
    assert one_seat.exit_code == 0, one_seat.output
    assert {m["seat"] for m in json.loads(one_seat.stdout)["moves"]} == {2}
    assert levels[-1] == f"ismcts:iterations={analyse_cli.ITERATIONS}"
    runner.invoke(app, ["analyse", str(path), "--seconds", "0.5"])
    assert levels[-1] == "ismcts:seconds=0.5"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seat", "3"], "must be a seat of this 3-player game"),
        (["--seconds", "1", "--iterations", "5"], "not both"),
    ],
)
def test_analyse_command_refuses_bad_options(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, args: list[str], message: str
) -> None:
    register(monkeypatch)
    path = tmp_path / "game.json"
    path.write_text(toy_record().to_json())
    result = runner.invoke(app, ["analyse", str(path), *args])
    assert result.exit_code == 2 and message in result.output
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    refused = runner.invoke(app, ["analyse", str(bad)], env={"COLUMNS": "200"})
    assert refused.exit_code == 2 and "is not a record Potager can replay" in refused.output


def contract_pair() -> tuple[GameRecord, GameRecord]:
    """Two Kraut & Rüben records with one scripted pile and the same 40 moves: seeds 1 and 18
    deal seat 0 the same contract (3) and seat 1 another (10, then 2). Seat 0 cannot tell the
    two games apart."""
    game = games.get("kraut-und-rueben")
    deck = game.components(2, game.resolve_variant({}))
    random.Random(1).shuffle(deck)
    state = game.new_game(2, 1, None, deck)
    rng = random.Random(4)
    for _ in range(40):
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    one = state.record
    two = replace(one, seed=18)
    assert games.replay(two).view(0) == state.view(0)
    assert games.replay(two).view(1) != state.view(1)
    return one, two


def test_another_seats_secret_contract_does_not_change_the_analysis() -> None:
    one, two = contract_pair()
    assert decisions(one, [0]) == decisions(two, [0]) != []
    first, second = (analyse(r, ViewDigestSearch(), "fake", [0], seed=2) for r in (one, two))
    assert [r.to_dict() for r in first.reviews] == [r.to_dict() for r in second.reviews]
    assert decisions(one, [1]) != decisions(two, [1])
