"""Tournaments: seatings, places, openskill ratings ordered as the ladder is, the head-to-head
matrix, the store on SQLite and PostgreSQL, and a tournament killed with SIGKILL that carries on."""

from __future__ import annotations

import base64
import json
import os
import re
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

from typer.testing import CliRunner

from potager.arena.ratings import head_to_head, rate
from potager.arena.rows import GameRow
from potager.arena.simulate import InlineBackend, ProcessBackend
from potager.arena.tournament import make_plan, missing_spans, run, seatings, standings
from potager.cli.main import app
from potager.cli.tournament import report_page
from potager.skill import places
from potager.store import Store
from potager.store.tournaments import StoredGame, Tournaments
from tests import ROOT
from tests.store.fixtures import db_url, postgres_server

__all__ = ["db_url", "postgres_server"]

PNG = b"\x89PNG\r\n\x1a\n"


def test_places_put_winners_first_then_scores_with_ties_shared() -> None:
    assert places((3.0, 5.0, 5.0, 1.0), (1, 2)) == (3, 1, 1, 4)
    assert places((7.0, 9.0, 7.0), (1,)) == (2, 1, 2)
    assert places((2.0, 8.0), (0,)) == (1, 2)  # a winner by the rules' tie-break ranks first


def test_seatings_give_every_bot_every_seat_and_mix() -> None:
    found = seatings(["a", "b", "c"], 4)
    assert len(found) == len(set(found)) == 78
    assert all(len(set(order)) > 1 for order in found)
    for seat in range(4):
        assert Counter(order[seat] for order in found) == {"a": 26, "b": 26, "c": 26}
    assert missing_spans(set(range(3, 30)), 45) == [(0, 3), (30, 40), (40, 45)]


def ladder_rows(games: int) -> list[GameRow]:
    """Games among a > b > c in every seating of 3 players: the better bot always places first."""
    strength = {"a": 3.0, "b": 2.0, "c": 1.0}
    orders = seatings(["a", "b", "c"], 3)
    rows = []
    for i in range(games):
        bots = orders[i % len(orders)]
        scores = tuple(strength[b] for b in bots)
        best = max(scores)
        winners = tuple(s for s, score in enumerate(scores) if score == best)
        rows.append(GameRow(i, i, bots, scores, winners, 10))
    return rows


def test_ratings_and_head_to_head_follow_the_ladder() -> None:
    rows = ladder_rows(120)
    rated = rate(rows, ["c", "b", "a"])
    assert rated["a"].ordinal > rated["b"].ordinal > rated["c"].ordinal
    assert all(r.games == sum(bot in row.bots for row in rows) for bot, r in rated.items())
    matrix = head_to_head(rows, ["a", "b", "c"])
    assert matrix.share["a"]["b"] == matrix.share["b"]["c"] == matrix.share["a"]["c"] == 1.0
    assert matrix.share["c"]["a"] == 0.0 and matrix.meetings["a"]["b"] == matrix.meetings["b"]["a"]


def test_tournament_rows_round_trip_and_a_rerun_plays_nothing(db_url: str) -> None:
    store = Store(db_url)
    store.upgrade()
    kept = Tournaments(store)
    plan = make_plan("heuschrecken-poker", ["heuristic", "random"], [2, 3], 6)
    assert run(plan, kept, InlineBackend()) == 12
    assert run(plan, kept, InlineBackend()) == 0
    rows = kept.rows(plan.key)
    assert [(r.players, r.index) for r in rows] == [(n, i) for n in (2, 3) for i in range(6)]
    bigger = make_plan("heuschrecken-poker", ["heuristic", "random"], [2, 3], 8)
    assert bigger.key == plan.key and run(bigger, kept, InlineBackend()) == 4
    two, three, both = standings(bigger, kept, samples=20)
    assert (two.games, three.games, both.games) == (8, 8, 16)
    assert [r.bot for r in both.leaderboard] == ["heuristic", "random"]
    page = report_page(bigger, [two, three, both])
    sources = re.findall(r'src="([^"]*)"', page)
    assert len(sources) == 9 and all(s.startswith("data:image/png;base64,") for s in sources)
    assert all(base64.b64decode(s.split(",", 1)[1])[:8] == PNG for s in sources)
    assert "all player counts: 16 games" in page and "<script" not in page
    assert "played now" not in page  # the page describes the tournament, not the run that drew it
    store.close()


KILLED_GAMES = 1000
"""The killed tournament's games: enough that it is still playing when ten are stored (40 were
once all played between two looks, once Heuschrecken Poker's heuristic got faster)."""


def tournament_args(database: str) -> list[str]:
    return [
        "tournament",
        "heuschrecken-poker",
        "--bots",
        "heuristic,random",
        "-p",
        "2",
        "-n",
        str(KILLED_GAMES),
        "--database",
        database,
        "--bootstrap",
        "20",
        "--workers",
        "1",
        "--json",
    ]


def test_a_killed_tournament_keeps_its_games_and_carries_on(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'potager.db'}"
    command = [sys.executable, "-m", "potager.cli.main", *tournament_args(database)]
    process = subprocess.Popen(
        command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    store = Store(database)
    plan = make_plan("heuschrecken-poker", ["heuristic", "random"], [2], KILLED_GAMES)
    kept = Tournaments(store)
    deadline = time.monotonic() + 60
    stored: list[StoredGame] = []
    while len(stored) < 10 and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
        try:
            stored = kept.rows(plan.key)
        except Exception:  # the tables are not created yet
            stored = []
    os.kill(process.pid, signal.SIGKILL)
    process.wait()
    before = kept.rows(plan.key)
    assert 10 <= len(before) < KILLED_GAMES
    done = CliRunner().invoke(app, tournament_args(database))
    assert done.exit_code == 0, done.output
    data = json.loads(done.stdout)
    assert data["played_now"] == KILLED_GAMES - len(before)
    after = kept.rows(plan.key)
    assert all(row in after for row in before) and len(after) == KILLED_GAMES
    fresh = Tournaments(Store(f"sqlite:///{tmp_path / 'fresh.db'}"))
    fresh.store.upgrade()
    run(plan, fresh, ProcessBackend(2))
    assert after == fresh.rows(plan.key)
    (board,) = data["boards"]
    assert [entry["bot"] for entry in board["leaderboard"]] == ["heuristic", "random"]
    store.close()
