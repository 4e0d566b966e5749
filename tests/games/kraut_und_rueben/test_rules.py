"""Every rule of Kraut & Rüben (rulebook and FACTS.md readings 1–6), with a scripted pile."""

from __future__ import annotations

import json
import random

import pytest

from potager import games
from potager.engine import PRIVATE_TO, GameRecord, IllegalAction
from potager.games.kraut_und_rueben import GAME, KrautUndRuebenState
from potager.games.kraut_und_rueben.data import CONTRACTS
from potager.games.kraut_und_rueben.notation import TAKING
from potager.games.kraut_und_rueben.scoring import CODE, breakdown, points
from tests.invariants import assert_rejects

from .scripted import legal, new, pile, play, turn


# -- set-up ("Préparation") ---------------------------------------------------------------------
@pytest.mark.parametrize(("players", "gardens"), [(2, 5), (3, 4), (4, 5), (5, 6)])
def test_setup_one_garden_more_than_players(players: int, gardens: int) -> None:
    state = GAME.new_game(players, 11)
    view = state.view(0)
    assert len(view["gardens"]) == gardens
    assert all(g["owner"] is None and not g["spaces"] for g in view["gardens"])
    assert view["pile"] == 85 and view["moles"] == [True] * players
    assert len(set(state.contracts)) == players and set(state.contracts) <= set(CONTRACTS)
    assert state.to_move == (0,) and legal(state) == ["draw"]


def test_each_contract_is_secret_until_the_end() -> None:
    state = new(3, contracts=(4, 9, 12))
    for seat, number in enumerate((4, 9, 12)):
        view = state.view(seat)
        assert view["contract"] == number
        assert view["contracts"] == [number if s == seat else None for s in range(3)]
    assert state.view(None)["contract"] is None
    assert state.view(None)["contracts"] == [None] * 3
    assert [e for e in state.events_for(1) if e["type"] == "contract"] == [
        {"type": "contract", PRIVATE_TO: 1, "game": 1, "contract": 9}
    ]
    assert not [e for e in state.events_for(None) if e["type"] == "contract"]


def test_scripted_pile_is_drawn_top_first_and_the_drawn_tile_is_public() -> None:
    state = new(3, top=("salad", "clover"))
    play(state, "draw")
    assert all(state.view(s)["drawn"] == "salad" for s in (0, 1, 2, None))
    assert state.events[-1] == {"type": "draw", "seat": 0, "tile": "salad"}
    assert state.view(1)["pile"] == 84


# -- the contract ("Carte contrat") and the worked example -------------------------------------
def test_worked_example_scores_8_points() -> None:
    """3 tomatoes (column "3" of card 1): carrots 2×2, salads 2×3, asparagus −2, clover +1,
    snail −1, dandelion and mole 0 — 8 points (rulebook, example of page 2)."""
    counts = [0] * 8
    for kind, n in {"tomato": 3, "carrot": 2, "salad": 2, "asparagus": 1, "clover": 1}.items():
        counts[CODE[kind]] = n
    for kind in ("snail", "dandelion", "mole"):
        counts[CODE[kind]] = 1
    assert breakdown(1, counts) == {
        "tomato": 0, "asparagus": -2, "carrot": 4, "salad": 6, "clover": 1, "dandelion": 0,
        "snail": -1, "mole": 0,
    }  # fmt: skip
    assert points(1, counts) == 8


def test_worked_example_played_out() -> None:
    """The example garden built by three players; the snail and the mole each cover a
    vegetable, which then does not count."""
    state = new(
        3,
        top=(
            "tomato", "tomato", "tomato", "carrot", "carrot", "salad", "salad", "asparagus",
            "asparagus", "snail", "tomato", "clover", "carrot", "salad", "dandelion",
        ),
        contracts=(1,),
    )  # fmt: skip
    for where in ("1 a1", "1 b1", "1 c1", "1 d1", "1 a2", "1 b2", "1 c2", "1 d2", "1 a3"):
        turn(state, where)
    turn(state, "1 a3")  # seat 0's snail covers the asparagus
    turn(state, "1 b3")
    play(state, "mole 1 b3", "pass")  # seat 2's mole covers the tomato
    turn(state, "1 c3", take="take 1")
    assert state.view(0)["running_score"] == 8  # the dandelion to come is worth 0
    assert state.view(0)["gardens"][0]["spaces"]["b3"] == ["tomato", "mole"]
    turn(state, "2 a1")
    turn(state, "2 b1")
    turn(state, "1 d3")
    assert state.view(0)["running_score"] == 8 and state.garden_points(0) == [8]
    assert state.view(0)["gardens"][0]["full"] and state.view(0)["finished"] == [0]
    assert [e["type"] for e in state.events[-3:]] == ["place", "full", "finished"]


@pytest.mark.parametrize(
    ("principal", "column_points"),
    [(0, (1, 2)), (1, (2, 3)), (2, (3, 4)), (3, (2, 3)), (5, (1, 2))],
)
def test_contract_columns_peak_at_two_principal(
    principal: int, column_points: tuple[int, int]
) -> None:
    counts = [0] * 8
    counts[CODE["tomato"]], counts[CODE["carrot"]], counts[CODE["salad"]] = principal, 1, 1
    assert breakdown(1, counts)["carrot"] == column_points[0]
    assert breakdown(1, counts)["salad"] == column_points[1]


def test_designers_maximum_is_40() -> None:
    counts = [0] * 8
    counts[CODE["tomato"]], counts[CODE["salad"]] = 2, 10
    assert points(1, counts) == 40


# -- placing a tile ("Déroulement", "L'escargot") -----------------------------------------------
def test_vegetables_go_on_any_empty_space_of_any_garden() -> None:
    state = new(3, top=("carrot", "clover"))
    play(state, "draw")
    assert len(legal(state)) == 4 * 12
    play(state, "place 3 d2", "pass", "draw")
    assert "place 3 d2" not in legal(state) and len(legal(state)) == 47


def test_first_snail_goes_on_an_empty_space_when_no_garden_holds_a_tile() -> None:
    state = new(3, top=("snail", "snail", "tomato", "snail"))
    play(state, "draw")
    assert len(legal(state)) == 4 * 12
    play(state, "place 2 c2", "pass")
    play(state, "draw")  # no uncovered tile anywhere: the snail leaves the game
    assert state.events[-1] == {"type": "discard", "seat": 1, "tile": "snail"}
    assert state.view(1)["out"] == {"snail": 1} and legal(state) == [
        "take 1",
        "take 2",
        "take 3",
        "take 4",
        "pass",
    ]
    play(state, "pass")
    turn(state, "1 a1")
    play(state, "draw")
    assert legal(state) == ["place 1 a1"]  # a snail covers an uncovered tile at once
    play(state, "place 1 a1")
    assert state.view(0)["gardens"][0]["spaces"]["a1"] == ["tomato", "snail"]
    assert state.events[-1]["covers"] == "tomato"


def test_at_most_two_snails_a_garden_and_never_on_a_snail() -> None:
    state = new(3, top=("tomato", "tomato", "tomato", "snail", "snail", "snail"))
    for where in ("1 a1", "1 b1", "1 c1"):
        turn(state, where)
    play(state, "draw")
    assert legal(state) == ["place 1 a1", "place 1 b1", "place 1 c1"]
    play(state, "place 1 a1", "pass", "draw")
    assert legal(state) == ["place 1 b1", "place 1 c1"]
    play(state, "place 1 b1", "pass", "draw")
    assert state.view(2)["out"] == {"snail": 1}
    assert state.view(2)["gardens"][0]["spaces"]["c1"] == ["tomato"]


def test_the_last_empty_space_of_an_owned_garden_is_its_owners() -> None:
    state = new(3, top=("tomato",) * 11 + ("snail", "carrot", "salad"))
    turn(state, "1 a1", take="take 1")
    for where in ("1 b1", "1 c1", "1 d1", "1 a2", "1 b2", "1 c2", "1 d2", "1 a3", "1 b3"):
        turn(state, where)
    turn(state, "1 c3")  # seat 1: garden 1 now has one empty space, d3
    play(state, "draw")  # seat 2's snail may still cover a tile of garden 1
    assert "place 1 a2" in legal(state)
    play(state, "place 1 a2", "pass", "draw")  # seat 0 (the owner) draws a carrot
    assert "place 1 d3" in legal(state)
    play(state, "place 2 a1", "draw")  # seat 1 draws a salad
    assert "place 1 d3" not in legal(state) and "place 2 b1" in legal(state)
    assert_rejects(state, 1, state.str_to_action(1, "place 1 d3"))


def test_unowned_garden_may_be_filled_by_anyone() -> None:
    state = new(3, top=("tomato",) * 12)
    seats = []
    for space in ("a1", "b1", "c1", "d1", "a2", "b2", "c2", "d2", "a3", "b3", "c3", "d3"):
        seats.append(state.to_move[0])
        turn(state, f"1 {space}")
    assert seats[-1] == 2 and state.view(0)["gardens"][0]["full"]
    assert state.events[-2] == {"type": "full", "garden": 1, "owner": None}


# -- the mole ("La taupe") --------------------------------------------------------------------
def test_mole_once_instead_of_drawing_on_an_uncovered_tile() -> None:
    state = new(3, top=("tomato", "clover", "snail", "salad"))
    assert legal(state) == ["draw"]  # no tile to cover yet
    turn(state, "1 a1")
    turn(state, "1 b1")
    turn(state, "1 a1")  # seat 2's snail
    assert legal(state) == ["draw", "mole 1 b1"]  # never on a snail
    play(state, "mole 1 b1")
    assert state.events[-1] == {
        "type": "mole", "seat": 0, "garden": 1, "space": "b1", "covers": "clover"
    }  # fmt: skip
    assert legal(state)[-1] == "pass"  # a garden may be taken after the mole too
    play(state, "pass")
    assert state.view(2)["moles"] == [False, True, True]
    assert state.view(0)["pile"] == 82  # the mole was played instead of a draw
    turn(state, "1 c1")
    turn(state, "1 d1")
    assert legal(state) == ["draw"]  # seat 0's mole is spent


def test_at_most_two_moles_a_garden() -> None:
    state = new(3, top=("tomato",) * 4)
    for where in ("1 a1", "1 b1", "1 c1", "2 a1"):
        turn(state, where)
    play(state, "mole 1 a1", "pass", "mole 1 b1", "pass")
    assert legal(state) == ["draw", "mole 2 a1"]


def test_full_garden_is_closed_to_snails_and_moles() -> None:
    state = new(3, top=("tomato",) * 13 + ("snail",))
    for space in ("a1", "b1", "c1", "d1", "a2", "b2", "c2", "d2", "a3", "b3", "c3", "d3"):
        turn(state, f"1 {space}")
    turn(state, "2 a1")
    assert legal(state) == ["draw", "mole 2 a1"]
    play(state, "draw")
    assert legal(state) == ["place 2 a1"]


# -- taking a garden ("Prendre un jardin en sa possession") -------------------------------------
def test_take_once_an_unowned_garden_with_everything_on_it() -> None:
    state = new(3, top=("clover", "clover", "clover"), contracts=(1,))
    play(state, "draw", "place 2 a1")
    assert legal(state) == ["take 1", "take 2", "take 3", "take 4", "pass"]
    play(state, "take 2")
    assert state.view(1)["gardens"][1]["owner"] == 0 and state.view(0)["running_score"] == 1
    assert state.view(2)["taken"] == [[0, 2]]
    turn(state, "2 b1")  # other players may still place in an owned garden
    play(state, "draw", "place 1 a1")
    assert legal(state) == ["take 1", "take 3", "take 4", "pass"]
    play(state, "take 1", "draw", "place 3 a1")
    assert state.to_move == (1,)  # seat 0 owns a garden: no more taking
    assert state.view(0)["running_score"] == 2


def test_two_players_use_five_gardens_and_take_two_never_in_one_turn() -> None:
    state = new(2, top=("tomato", "salad", "carrot", "carrot", "clover"), contracts=(1,))
    turn(state, "1 a1", take="take 1")
    assert state.to_move == (1,)  # no second take in the same turn
    turn(state, "5 a1")
    play(state, "draw", "place 1 b1")
    assert legal(state) == ["take 2", "take 3", "take 4", "take 5", "pass"]
    play(state, "take 3")
    turn(state, "4 a1")
    play(state, "draw", "place 3 a1")
    assert state.to_move == (1,)
    # Each garden scored on its own with the one contract: garden 1 has a tomato (column 1):
    # carrot 2; garden 3 has no tomato (column 0): carrot 1.
    assert state.garden_points(0) == [2, 1] and state.view(0)["running_score"] == 3


def test_taking_a_full_garden_finishes_its_taker_at_once() -> None:
    state = new(3, top=("tomato",) * 12)
    for space in ("a1", "b1", "c1", "d1", "a2", "b2", "c2", "d2", "a3", "b3", "c3"):
        turn(state, f"1 {space}")
    turn(state, "1 d3", take="take 1")  # seat 2 fills unowned garden 1, then takes it
    assert [e["type"] for e in state.events[-4:]] == ["place", "full", "take", "finished"]
    assert state.view(0)["finished"] == [2]


def fill_own_garden_1(state: KrautUndRuebenState) -> None:
    """Seat 0 takes garden 1 and, with the others placing too, fills it to its last space, d3,
    which only its owner may fill: seat 0 has finished its garden."""
    turn(state, "1 a1", take="take 1")
    for space in ("b1", "c1", "d1", "a2", "b2", "c2", "d2", "a3", "b3", "c3"):
        turn(state, f"1 {space}")
    turn(state, "2 a1")  # this seat, not the owner, may not fill garden 1's last space
    turn(state, "1 d3")


def test_two_players_finish_only_with_both_gardens_taken_and_full() -> None:
    state = new(2, top=("tomato",) * 16)
    fill_own_garden_1(state)  # one garden full, one still to take
    assert state.view(1)["gardens"][0]["full"] and state.view(1)["finished"] == []
    turn(state, "2 b1")
    assert state.to_move == (0,) and legal(state)[:2] == ["draw", "mole 2 a1"]
    play(state, "draw", "place 3 a1")
    assert legal(state) == ["take 2", "take 3", "take 4", "take 5", "pass"]


# -- the end ("Fin du jeu") -------------------------------------------------------------------
def test_a_full_owned_garden_finishes_its_owner_whose_turns_are_skipped() -> None:
    state = new(3, top=("tomato",) * 14)
    fill_own_garden_1(state)
    assert state.view(1)["finished"] == [0]
    seats = []
    for where in ("2 b1", "2 c1", "2 d1"):
        seats.append(state.to_move[0])
        turn(state, where)
    assert seats == [1, 2, 1]


def test_game_ends_when_every_player_has_finished() -> None:
    state = new(3, top=("dandelion",) * 7 + ("clover",) * 7 + ("salad",) * 16)
    turn(state, "1 a1", take="take 1")
    turn(state, "2 a1", take="take 2")
    turn(state, "3 a1", take="take 3")
    for space in ("b1", "c1", "d1", "a2", "b2", "c2", "d2", "a3", "b3", "c3", "d3"):
        for g in (1, 2, 3):
            turn(state, f"{g} {space}")
    assert state.is_over and state.view(0)["pile"] == 85 - 36
    result = state.result()
    assert result.scores == tuple(state.garden_points(s)[0] for s in range(3))
    assert state.view(1)["contracts"] == state.contracts  # revealed at the end


def test_game_ends_when_the_pile_is_empty_and_gardenless_players_score_0() -> None:
    state = new(3)
    while not state.is_over:
        seat = state.to_move[0]
        actions = state.legal_actions(seat)
        state.apply(seat, actions[-1] if state.phase == TAKING else actions[0])
    assert state.view(0)["pile"] == 0
    assert state.result().scores == (0, 0, 0) and state.result().winners == (0, 1, 2)


def test_tie_goes_to_the_first_of_the_tied_to_take_a_garden() -> None:
    state = new(3)
    state.taken = [(0, 0), (2, 1), (1, 2)]
    assert state._winners([5, 7, 7]) == (2,)
    assert state._winners([7, 5, 5]) == (0,)
    state.taken = [(0, 0)]
    assert state._winners([3, 5, 5]) == (1, 2)


# -- the match variant ("Variante") -----------------------------------------------------------
def test_match_plays_three_games_with_the_cup() -> None:
    state = new(3, top=("salad", "salad"), match=True)
    turn(state, "1 a1")
    turn(state, "1 b1", take="take 1")  # seat 1 is first to take a garden: the cup
    assert state.events[-1] == {"type": "take", "seat": 1, "garden": 1, "cup": True}
    while state.view(0)["game"] == 1:
        _first_legal_turn(state)
    first = state.view(0)["history"][0]
    assert first["cup"] == 1 and first["scores"][1] == sum(first["garden_points"][1]) + 3
    view = state.view(2)
    assert view["pile"] == 85 and view["moles"] == [True] * 3 and view["taken"] == []
    assert [c is None for c in view["contracts"]] == [True, True, False]
    assert state.events[-1] == {"type": "new_game", "game": 2}
    assert [e["game"] for e in state.events_for(0) if e["type"] == "contract"] == [1, 2]
    while not state.is_over:
        _first_legal_turn(state)
    result = state.result()
    assert len(result.details["games"]) == 3
    assert list(result.scores) == [
        sum(g["scores"][s] for g in result.details["games"]) for s in range(3)
    ]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_game_of_a_match_begins_with_the_next_seat(players: int) -> None:
    """Rulebook: "Le joueur le plus jeune commence" and "On joue 3 parties l'une après
    l'autre": game k of a match (k = 0, 1, 2) begins with seat k mod n, so that no seat begins
    them all (FACTS.md, reading 6, corrected 2026-11-23); a single game begins with seat 0."""
    assert new(players).to_move == (0,)
    state = new(players, match=True)
    begins = []
    while not state.is_over:
        if state.events[-1]["type"] in ("contract", "new_game"):
            begins.append(state.to_move[0])
        _first_legal_turn(state)
    assert begins == [k % players for k in range(3)]


def _first_legal_turn(state: KrautUndRuebenState) -> None:
    """One decision: take the highest unowned garden, else the last legal action (the mole
    first, the last space)."""
    seat = state.to_move[0]
    actions = state.legal_actions(seat)
    state.apply(seat, actions[-2] if state.phase == TAKING else actions[-1])


# -- variants, players, decks, notation --------------------------------------------------------
@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": 1}, "2 to 5 players, not 1"),
        ({"players": 6}, "2 to 5 players, not 6"),
        ({"players": 3, "variant": {"cup": True}}, "unknown variant option 'cup'.*match"),
        ({"players": 3, "variant": {"match": 3}}, "takes one of False, True, not 3"),
        ({"players": 3, "deck": ["tomato"] * 85}, "missing"),
        ({"players": 3, "deck": [*pile()[:-1], "mole"]}, "unexpected 1×mole"),
    ],
)
def test_bad_set_ups_are_refused(kwargs: dict, message: str) -> None:  # type: ignore[type-arg]
    with pytest.raises(ValueError, match=message):
        GAME.new_game(seed=1, **kwargs)


def test_notation() -> None:
    state = new(2, top=("carrot",))
    assert GAME.num_actions(2) == 1 + 12 * 5 * 2 + 5 + 1
    assert state.str_to_action(0, " Place 2  B3 ") == 1 + 12 + 9
    assert state.action_to_str(state.str_to_action(0, "mole 5 d3")) == "mole 5 d3"
    play(state, "draw")
    assert state.action_label(state.str_to_action(0, "place 2 b3")) == (
        "place the carrot on garden 2, space b3"
    )
    with pytest.raises(IllegalAction):
        state.apply(0, state.str_to_action(0, "take 2"))


# -- the public log (a view key: what every player saw placed) ------------------------
def test_the_log_records_placements_moles_and_takes_in_order() -> None:
    """Every placement, the mole and every take, in order, the same in every view; a tile
    with no place is not logged (it went nowhere), and the next game of a match starts a new
    log."""
    state = new(3, top=("tomato", "clover", "snail", "snail"), match=True)
    turn(state, "1 a1", take="take 1")
    turn(state, "2 b3")
    turn(state, "1 a1")  # seat 2's snail over seat 0's tomato
    play(state, "mole 2 b3")  # seat 0's mole over seat 1's clover
    expected = [
        [0, "tomato", 1, "a1"],
        [0, "take", 1, None],
        [1, "clover", 2, "b3"],
        [2, "snail", 1, "a1"],
        [0, "mole", 2, "b3"],
    ]
    assert [state.view(s)["log"] for s in (0, 1, 2, None)] == [expected] * 4
    play(state, "draw")  # seat 1's snail, with no uncovered tile left: out of the game
    assert state.view(0)["out"] == {"snail": 1} and state.view(0)["log"] == expected
    while state.view(0)["game"] == 1:
        _first_legal_turn(state)
    assert state.view(0)["log"] == []


def test_the_log_survives_a_sample_and_a_json_round_trip() -> None:
    """A sample of a view (read from its JSON, as a server sends it) shows the same log and
    goes on adding to it; its entries are the shared ones, not the view's lists."""
    state = new(2, top=("tomato", "carrot", "snail"))
    turn(state, "1 a1", take="take 1")
    turn(state, "2 a1", take="take 2")
    turn(state, "1 a1")
    view = json.loads(json.dumps(state.view(1)))
    sample = GAME.sample(view, 1, random.Random(3))
    assert sample.view(1) == state.view(1) and sample.view(None)["log"] == view["log"]
    assert all(a is b for a, b in zip(sample.log, state.log, strict=True))
    play(sample, "draw")
    drawn = sample.view(1)["drawn"]
    sample.apply(1, sample.legal_actions(1)[0])
    assert sample.view(0)["log"][:-1] == view["log"] and len(state.log) == len(view["log"])
    assert sample.view(0)["log"][-1][:2] == [1, drawn]


def test_the_log_holds_nothing_private() -> None:
    """Two games that differ only in the contracts dealt log the same moves: the log is the
    table's, the same for every seat and the spectator."""
    one = new(3, contracts=(1, 2, 3))
    two = new(3, contracts=(7, 8, 9))
    rng = random.Random(5)
    while len(one.log) < 20:
        seat = one.to_move[0]
        action = rng.choice(one.legal_actions(seat))
        one.apply(seat, action)
        two.apply(seat, action)
    logs = [state.view(s)["log"] for state in (one, two) for s in (0, 1, 2, None)]
    assert all(log == logs[0] for log in logs)


def test_a_record_from_before_the_log_replays_with_its_log() -> None:
    """A record holds moves only: one saved before views had a log (on 5151fa5) replays to
    views that have it."""
    record = GameRecord.from_json(
        '{"format": 1, "game": "kraut-und-rueben", "players": 2, "variant": {"match": false},'
        ' "seed": 4, "deck": null, "moves": [[0, 0], [0, 22], [0, 122], [1, 0], [1, 1],'
        " [1, 126], [0, 0]]}"
    )
    assert games.replay(record).view(1)["log"] == [
        [0, "tomato", 2, "b3"],
        [0, "take", 2, None],
        [1, "salad", 1, "a1"],
    ]
