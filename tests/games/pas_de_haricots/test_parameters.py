"""Pas de Haricots's rule parameter: the Roi's factor scores the hands, and the views say it."""

from __future__ import annotations

import random
from typing import cast

from potager import agents
from potager.arena.match import play_match
from potager.games.pas_de_haricots import GAME
from potager.games.pas_de_haricots.cards import CARD_INDEX
from potager.games.pas_de_haricots.rules import PasDeHaricotsState, series_of
from potager.games.pas_de_haricots.scoring import (
    SERIES_VALUE,
    score_line,
    series_table,
    series_values,
)


def test_the_rulebook_s_roi_doubles_and_a_tuned_one_multiplies_by_its_factor() -> None:
    assert series_of(GAME) is SERIES_VALUE and GAME.facts()["king_factor"] == 2
    tuned = GAME.tuned({"king_factor": 3})
    cards = [CARD_INDEX[c] for c in ["S3", "S5", "SK", "DN", "D1", "D5", "DK"]]
    assert series_values(cards) == [0, -12, 16, 0]  # hearts, diamonds, spades, clubs
    assert series_values(cards, series_of(tuned)) == [0, -18, 24, 0]
    assert series_table(1)[0] == 0 and tuned.facts()["king_factor"] == 3


def test_a_tuned_match_scores_by_its_factor_and_its_samples_keep_the_view() -> None:
    params = {"king_factor": 4}
    tuned = GAME.tuned(params)
    bots = [agents.make("heuristic", tuned) for _ in range(3)]
    state = cast(PasDeHaricotsState, play_match(GAME, bots, 6, {"hands": 1}, params=params))
    view = state.view(None)
    assert view["series"] == [
        dict(zip("HDSC", series_values(c, series_of(tuned)), strict=True)) for c in state.collected
    ]
    assert view["scores"][-1] == [
        list(score_line(v)) for v in (series_values(c, series_of(tuned)) for c in state.collected)
    ]
    live = tuned.new_game(4, 2)
    for _ in range(5):
        seat = live.to_move[0]
        live.apply(seat, live.legal_actions(seat)[0])
    seat = live.to_move[0]
    assert tuned.sample(live.view(seat), seat, random.Random(3)).view(seat) == live.view(seat)
