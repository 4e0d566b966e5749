"""The pages every game shares, as issue 16 found them ("Found, to mend"): each seat has one
distinct, short label everywhere.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from potager import games
from tests.web.clicking import draw_state

TWO_HEURISTIC_BOTS = [
    {"seat": 0, "kind": "human", "level": None, "name": "Ada"},
    {"seat": 1, "kind": "bot", "level": "heuristic", "name": "heuristic bot"},
    {"seat": 2, "kind": "bot", "level": "random", "name": "random bot"},
    {"seat": 3, "kind": "bot", "level": "heuristic", "name": "heuristic bot"},
]
"""Seats as the server describes them: two bots of one level."""


def test_two_bots_of_one_level_have_distinct_labels(lobby: Page) -> None:
    labels = lobby.evaluate(
        "seats => seats.map((s) => Potager.seatName(seats, s.seat))", TWO_HEURISTIC_BOTS
    )
    assert labels == ["Ada", "Heuristic bot 2", "Random bot", "Heuristic bot 4"]
    assert lobby.evaluate(
        "seats => Potager.playerName({seats}, 3, 0) + ' / ' + Potager.playerName({seats}, 0, 0)",
        TWO_HEURISTIC_BOTS,
    ) == ("Heuristic bot 4 / You")


def test_a_drawing_shows_each_label_whole(lobby: Page) -> None:
    """Pas de Haricots' spots were the narrowest: "heuristic bo…" twice."""
    state = games.get("pas-de-haricots").new_game(4, seed=1)
    draw_state(lobby, state, 0, seats=TWO_HEURISTIC_BOTS)
    names = lobby.locator(".pdh-spot .spot-name")
    expect(names).to_have_text(["You", "Heuristic bot 2", "Random bot", "Heuristic bot 4"])
    cut = names.evaluate_all("els => els.filter((e) => e.scrollWidth > e.clientWidth).length")
    assert cut == 0
