"""The benchmark runs (one short iteration of everything but OpenSpiel) so it never rots."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest

from bench import measure, openspiel
from bench.__main__ import compiled_note, main, table
from bench.measure import Measure, configurations, interleaved
from bench.openspiel import playout
from potager import compiled
from tests.toy import register


def test_bench_runs_one_short_iteration(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    register(monkeypatch)
    assert main(["--seconds", "0", "--no-openspiel", "--game", "toy", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    sections = [r["section"] for r in data["results"]]
    assert sections.count("engine") == 3 and "agents" in sections
    assert sections.count("simulation") == 4
    bare, cpu, one, every = (r for r in data["results"] if r["section"] == "simulation")
    assert bare["what"].startswith("bare random playouts") and cpu["vs_playout"] > 0
    assert one["what"].endswith("1 worker, wall") and every["vs_one_worker"] > 0
    assert cpu["games"] == one["games"] == every["games"]
    assert all(r["games"] >= 1 and r["decisions"] >= 1 for r in data["results"])


def test_table_compares_with_the_anchor() -> None:
    rows = [Measure("openspiel", "goofspiel", 600, 10, 1.0), Measure("engine", "x", 300, 5, 1.0)]
    grid = table(rows)
    assert [c.header for c in grid.columns][-1] == "vs goofspiel"
    assert list(grid.columns[-1].cells) == ["1.00×", "0.50×"]


def test_a_row_measured_in_turn_with_goofspiel_is_compared_with_that_goofspiel() -> None:
    rows = [Measure("openspiel", "goofspiel", 600, 10, 1.0)]
    rows.append(Measure("engine", "x", 300, 5, 1.0, {"anchor": 400.0}))
    assert list(table(rows).columns[-1].cells) == ["1.00×", "0.75×"]


def test_interleaved_slices_keep_the_fastest_of_each() -> None:
    calls: list[str] = []

    def game(name: str, decisions: int) -> Callable[[int], int]:
        def one(i: int) -> int:
            calls.append(name)
            return decisions

        return one

    best = interleaved(0, [game("a", 3), game("b", 5)], slices=3)
    assert calls == ["a", "b"] * 3
    assert [b[:2] for b in best] == [(3, 1), (5, 1)]


def test_the_notes_say_what_ran_compiled() -> None:
    note = compiled_note()
    assert all((name in note) == done for name, done in compiled.status().items())


def test_configurations_cover_player_counts_and_extra_variants(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    game = register(monkeypatch)
    monkeypatch.setitem(measure.EXTRA_VARIANTS, "toy", [{"bonus": True}])
    assert list(configurations(game)) == [
        (2, {}),
        (3, {}),
        (4, {}),
        (2, {"bonus": True}),
        (3, {"bonus": True}),
        (4, {"bonus": True}),
    ]


class _Simultaneous:
    """A stand-in for a pyspiel state: one simultaneous node of 3 players, then the end."""

    def __init__(self) -> None:
        self.done = False

    def is_terminal(self) -> bool:
        return self.done

    def is_chance_node(self) -> bool:
        return False

    def is_simultaneous_node(self) -> bool:
        return True

    def num_players(self) -> int:
        return 3

    def legal_actions(self, player: int) -> list[int]:
        return [0, 1]

    def apply_actions(self, joint: list[int]) -> None:
        assert len(joint) == 3
        self.done = True


def test_openspiel_simultaneous_nodes_count_one_decision_per_player() -> None:
    assert playout(_Simultaneous(), random.Random(0)) == 3


@pytest.mark.parametrize("name", openspiel.ANCHORS)
def test_openspiel_anchors_play_whole_games_when_installed(name: str) -> None:
    # make test installs the bench extra: OpenSpiel missing is a failure, never a skip.
    measured = openspiel.anchor(name, 0)
    assert measured.games >= 1 and measured.decisions >= measured.games


def test_aec_rows_play_whole_games_through_the_pettingzoo_environment() -> None:
    from bench import rl
    from potager import games

    game = games.get("heuschrecken-poker")
    assert rl.measured(game)
    measured = rl.aec_steps(game, 2, {}, 0)
    assert measured.section == "rl" and measured.games >= 1
    assert measured.decisions > measured.games * 30  # a game is dozens of steps
