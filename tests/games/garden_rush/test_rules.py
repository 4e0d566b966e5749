"""The basic game's rules and worked examples (rulebook pages 3–7), each with a scripted bag."""

from __future__ import annotations

import random

import pytest

from potager.engine import IllegalAction
from tests.invariants import assert_sample_keeps_view

from .scripted import TOOL_SQUARES_OF_SEAT_0, lay, legal, new, play, square

HEAD = ["tomato", "carrot", "potato", "broccoli", "aubergine", "potato", "carrot", "tomato"]
"""Hedge tomato, carrot, potato, broccoli, aubergine; Trampoline potato; then carrot, tomato…"""


def test_setup_fills_hedge_and_trampoline_from_the_bag() -> None:
    """Mise en place 3: six tokens drawn, five on the Hedge, one on the Trampoline."""
    view = new(HEAD).view(0)
    assert view["hedge"] == HEAD[:5]
    assert view["trampoline"] == "potato"
    assert view["bag_size"] == 54
    assert view["scores"] == [0, 0] and view["turn"] == 0 and view["first_seed"] == 0
    assert view["tool_squares"][0] == TOOL_SQUARES_OF_SEAT_0
    assert view["tool_squares"][1] == {
        "b2": "watering can",
        "d2": "gloves",
        "b4": "basket",
        "d4": "wheelbarrow",
    }


def test_celine_a_double_in_start_column_then_refill() -> None:
    """Example a: the potato of slot 3 placed in column c stays double; the Hedge closes up towards
    slot 1, the Trampoline token enters slot 5 and a token is drawn onto the Trampoline."""
    state = new(HEAD)
    play(state, "plant 3 c3")
    assert square(state, 0, "c3") == {"token": "potato", "face": "double"}
    view = state.view(1)
    assert view["hedge"] == ["tomato", "carrot", "broccoli", "aubergine", "potato"]
    assert view["trampoline"] == "carrot"
    assert view["bag_size"] == 53
    assert state.to_move == (1,)


def test_celine_b_single_elsewhere_then_gloves_places_the_new_carrot() -> None:
    """Example b: a potato placed outside its column is single; on the Gloves square it gives
    "place 1 token" after the refill: the carrot just arrived goes double in its column."""
    state = new(HEAD)
    play(state, "plant 3 c3", "plant 1 a3")  # Robert's turn between Céline's two
    assert state.view(0)["hedge"] == ["carrot", "broccoli", "aubergine", "potato", "carrot"]
    play(state, "plant 4 b2")  # the potato of slot 4 onto the Gloves (b2)
    assert square(state, 0, "b2") == {"token": "potato", "face": "single"}
    view = state.view(0)
    assert view["hedge"] == ["carrot", "broccoli", "aubergine", "carrot", "tomato"]
    assert view["phase"] == "bonus" and view["bonus"]["tools"] == ["gloves"]
    assert state.to_move == (0,)
    assert "skip" in legal(state)
    play(state, "plant 4 d3")
    assert square(state, 0, "d3") == {"token": "carrot", "face": "double"}
    assert state.to_move == (1,)


def test_the_trampoline_token_cannot_be_taken() -> None:
    """Important (page 5): only the five Hedge tokens may be placed; plant names slots 1…5."""
    state = new(HEAD)
    slots = {text.split()[1] for text in legal(state) if text.startswith("plant")}
    assert slots == {"1", "2", "3", "4", "5"}


def test_no_placing_on_an_occupied_square() -> None:
    """Note page 4: a free square holds no token; no replacing, no stacking."""
    state = new(HEAD)
    lay(state, 0, "tomato:single@c3")
    state._legal = None
    assert "plant 3 c3" not in legal(state)
    with pytest.raises(IllegalAction):
        play(state, "plant 3 c3")


def test_celine_three_broccoli_harvest() -> None:
    """Harvest example: the legal fields are carrot 2, broccoli 1 or 3 (two placements) and
    potato 1 (potato 3 and 5 incomplete); harvesting the L of 3 broccoli discards the 2 singles,
    flips the double and scores 3."""
    state = new(HEAD)
    lay(
        state,
        0,
        "carrot:double@a3 carrot:single@a4 broccoli:single@b3 broccoli:double@c3 "
        "broccoli:single@c4 broccoli:double@d4 potato:single@b5 potato:double@c5",
    )
    state._legal = None
    harvests = {t for t in legal(state) if t.startswith("harvest")}
    assert harvests == {
        "harvest carrot a3 a4",
        "harvest broccoli b3",
        "harvest broccoli c3",
        "harvest broccoli c4",
        "harvest broccoli d4",
        "harvest broccoli b3 c3 c4",
        "harvest broccoli c3 c4 d4",
        "harvest potato b5",
        "harvest potato c5",
    }
    play(state, "harvest broccoli b3 c3 c4")
    assert square(state, 0, "b3") is None and square(state, 0, "c4") is None
    assert square(state, 0, "c3") == {"token": "broccoli", "face": "single"}
    assert square(state, 0, "d4") == {"token": "broccoli", "face": "double"}
    view = state.view(1)
    assert view["scores"] == [3, 0]
    assert view["discard"]["broccoli"] == 2
    assert state.to_move == (1,)


def test_a_gnome_bumps_past_the_other() -> None:
    """Important (page 6): 3 points onto Robert's square 3 put Céline's gnome on 4."""
    state = new(HEAD)
    state.gnomes[1] = 3
    lay(state, 0, "potato:single@b3 potato:single@b4 potato:double@b5")
    state._legal = None
    play(state, "harvest potato b3 b4 b5")
    assert state.view(0)["scores"] == [4, 3]


def test_tool_square_chain_wheelbarrow_then_basket() -> None:
    """Tool squares example: a broccoli on the Wheelbarrow (b4), then the carrot moved onto the
    Basket (d4) gives a harvest: the 3 broccoli. The broccoli just placed may not be moved."""
    head = ["tomato", "broccoli", "potato", "carrot", "aubergine", "potato"]
    state = new(head)
    lay(state, 0, "broccoli:single@a3 broccoli:single@a4 carrot:double@e3")
    state._legal = None
    play(state, "plant 2 b4")
    assert state.view(0)["bonus"] == {"tools": ["wheelbarrow"], "fixed": "b4"}
    moves = {t for t in legal(state) if t.startswith("move")}
    assert "move e3 d4" in moves and not any(t.startswith("move b4") for t in moves)
    play(state, "move e3 d4")
    assert state.view(0)["bonus"]["tools"] == ["basket"]
    play(state, "harvest broccoli a3 a4 b4")
    assert state.view(0)["scores"] == [3, 0]
    assert state.to_move == (1,)


def test_every_move_and_score_reaches_both_seats_and_the_spectator() -> None:
    """Everything in Garden Rush is on the table (the bag's order aside): the Wheelbarrow's move
    and the gnome's score, whose ``to`` is a square and a track position, are in every seat's log
    and the spectator's, as every event is (the privacy key is the engine's reserved one)."""
    head = ["tomato", "broccoli", "potato", "carrot", "aubergine", "potato"]
    state = new(head)
    lay(state, 0, "broccoli:single@a3 broccoli:single@a4 carrot:double@e3")
    state._legal = None
    play(state, "plant 2 b4", "move e3 d4", "harvest broccoli a3 a4 b4", "plant 1 a3")
    move = {"type": "move", "seat": 0, "from": "e3", "to": "d4"}
    score = {"type": "score", "seat": 0, "from": 0, "to": 3}
    for seat in (0, 1, None):
        log = state.events_for(seat)
        assert log == state.events and move in log and score in log


def test_watering_can_flips_a_potato_to_double() -> None:
    """Tool squares example: a potato on the Watering Can (d2), then another potato flipped to its
    double face; flips reach either Potager and the token just placed."""
    state = new(HEAD)
    lay(state, 0, "potato:single@c4")
    lay(state, 1, "tomato:double@a3")
    state._legal = None
    play(state, "plant 3 d2")
    flips = {t for t in legal(state) if t.startswith("flip")}
    assert flips == {"flip c4", "flip d2", "flip opp a3"}
    play(state, "flip c4")
    assert square(state, 0, "c4") == {"token": "potato", "face": "double"}


def test_bonuses_are_optional() -> None:
    """A bonus action is always optional (page 7)."""
    state = new(HEAD)
    play(state, "plant 1 b2", "skip")
    assert state.to_move == (1,)
    assert state.events[-1]["type"] in {"draw", "skip"}


def test_a_bonus_that_allows_nothing_is_passed_over() -> None:
    """The Basket with no field to harvest offers no decision."""
    state = new(HEAD)
    play(state, "plant 1 d4")
    assert state.to_move == (1,)


def test_score_track_bonus_square_uses_a_visible_tool_square() -> None:
    """Harvest 4: ending on a bonus square (5) lets you use any visible tool square of your own
    Potager; covered ones are not offered."""
    state = new(HEAD)
    state.gnomes[0] = 2
    lay(state, 0, "potato:single@c3 potato:single@c4 potato:single@c5 broccoli:single@b2")
    state._legal = None
    play(state, "harvest potato c3 c4 c5")
    view = state.view(0)
    assert view["scores"] == [5, 0]
    assert view["bonus"]["tools"] == ["basket", "wheelbarrow", "watering can"]
    assert "harvest broccoli b2" in legal(state)
    assert not any(t.startswith("plant") for t in legal(state))


def test_bump_onto_a_bonus_square_counts() -> None:
    """FACTS: a bonus square is reached by the final position of a score move, bump included."""
    state = new(HEAD)
    state.gnomes[:] = [3, 4]
    lay(state, 0, "potato:single@c3")
    state._legal = None
    play(state, "harvest potato c3")
    assert state.view(0)["scores"] == [5, 4]
    assert state.view(0)["phase"] == "bonus"


def test_reaching_40_on_the_first_seed_turn_gives_a_last_turn() -> None:
    """End: 40 points at the end of the first-seed holder's turn: the opponent plays one more."""
    state = new(HEAD)
    state.gnomes[0] = 39
    lay(state, 0, "potato:single@c3")
    state._legal = None
    play(state, "harvest potato c3")
    assert state.to_move == (1,) and state.view(1)["last_turn"]
    play(state, "plant 1 a3")
    assert state.is_over
    assert state.result().winners == (0,) and state.result().scores == (40, 0)


def test_reaching_40_on_the_second_turn_ends_at_once() -> None:
    state = new(HEAD)
    play(state, "plant 1 a3")
    state.gnomes[1] = 38
    lay(state, 1, "potato:single@c3 potato:single@c4 potato:single@c5")
    state._legal = None
    play(state, "harvest potato c3 c4 c5")
    assert state.is_over and state.result().scores == (0, 41)


def test_empty_bag_ends_the_game_and_stops_refilling() -> None:
    """Fin de la partie: the end comes "s'il n'y a plus aucun jeton dans le sac au moment où il
    faut compléter le plateau Trampoline" (the Trampoline token has just entered the Hedge), after
    the first seed's turn the opponent's last turn; then "Si le sac est vide, vous ne complétez ni
    la Haie ni le plateau Trampoline": the slot taken stays empty, the other tokens stay in their
    slots (FACTS, corrected 2026-11-23)."""
    state = new(HEAD)
    state.bag = []
    play(state, "plant 1 a3")  # the Hedge closes up, the Trampoline's potato enters it
    view = state.view(1)
    assert view["end_triggered"] and view["last_turn"]
    assert view["trampoline"] is None
    assert view["hedge"] == ["carrot", "potato", "broccoli", "aubergine", "potato"]
    assert [e["type"] for e in state.events[-3:]] == ["plant", "bag empty", "last turn"]
    play(state, "plant 2 a3")
    hedge = ["carrot", None, "broccoli", "aubergine", "potato"]
    assert state.is_over and all(state.view(s)["hedge"] == hedge for s in (0, 1, None))
    assert state.result().winners == (0, 1)


def test_the_last_turn_leaves_gaps_and_start_columns_as_they_are() -> None:
    """With the bag and the Trampoline empty nothing closes up, so a token's start column stays
    the column of its own slot: after a gap opens in slot 2, Gloves puts slot 4's aubergine
    double in column d, and slot 2 offers nothing (FACTS, corrected 2026-11-23)."""
    state = new(HEAD)
    state.bag = []
    play(state, "plant 1 a3", "plant 2 d2")  # seat 1's potato onto its Gloves (d2), single
    assert square(state, 1, "d2") == {"token": "potato", "face": "single"}
    view = state.view(1)
    assert view["hedge"] == ["carrot", None, "broccoli", "aubergine", "potato"]
    assert view["bonus"] == {"tools": ["gloves"], "fixed": "d2"}
    options = legal(state)
    assert "plant 4 d3" in options and not any(t.startswith("plant 2 ") for t in options)
    assert_sample_keeps_view(state, random.Random(1))
    with pytest.raises(IllegalAction):
        play(state, "plant 2 d3")
    play(state, "plant 4 d3")
    assert square(state, 1, "d3") == {"token": "aubergine", "face": "double"}
    assert state.view(None)["hedge"] == ["carrot", None, "broccoli", None, "potato"]
    assert state.is_over


def test_stuck_player_loses_or_passes() -> None:
    """FACTS: a player who can neither place nor harvest loses at once (``stuck="lose"``) or
    passes (``stuck="pass"``), the game ending when neither can act."""
    for stuck in ("lose", "pass"):
        state = new(HEAD, stuck=stuck)
        full = " ".join(
            f"{'aubergine' if (i + j) % 2 else 'carrot'}:single@{c}{r}"
            for i, c in enumerate("abcde")
            for j, r in enumerate("12345")
            if f"{c}{r}" not in {"a1", "e1", "a5", "e5"}
        )
        lay(state, 1, full)
        play(state, "plant 1 a3")
        if stuck == "lose":
            assert state.is_over and state.result().winners == (0,)
            assert state.result().details == {"stuck": 1}
        else:
            assert state.to_move == (0,) and state.events[-1]["type"] == "pass"


def test_both_gnomes_on_zero_share_the_win() -> None:
    state = new(HEAD, stuck="pass")
    state.hedge = []
    state.trampoline = -1
    state._start_turn(0)
    assert state.is_over and state.result().winners == (0, 1)


def test_wheelbarrow_with_only_the_token_just_placed_offers_nothing() -> None:
    """The token placed on the Wheelbarrow may not be moved by its bonus: alone in the Potager,
    it leaves nothing to move, so the bonus passes without a decision."""
    state = new(HEAD)
    play(state, "plant 1 b4")
    assert state.to_move == (1,)
