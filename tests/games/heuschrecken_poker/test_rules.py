"""Every rule of the Heuschrecken Poker rulebook, and FACTS.md's readings, with scripted decks."""

from __future__ import annotations

import pytest

from potager.engine import IllegalAction, NotationError
from potager.games.heuschrecken_poker import GAME
from potager.games.heuschrecken_poker.rules import HeuschreckenState

from .scripted import bid, deck, new, position, take


def kinds(state: HeuschreckenState, key: str, seat: int | None = None) -> dict[str, int]:
    """The non-zero counts of a view's ``display`` / ``discard`` (or of seat's garden)."""
    view = state.view(None)
    counts = view[key] if seat is None else view[key][seat]
    return {kind: n for kind, n in counts.items() if n}


def last(state: HeuschreckenState, kind: str) -> dict:
    return [e for e in state.events if e["type"] == kind][-1]


# -- set-up (Spielvorbereitung) ----------------------------------------------------------------


def test_setup_deals_three_cards_and_stacks_equal_kinds() -> None:
    state = new(3, "corn", "grasshopper", "corn")
    view = state.view(None)
    assert kinds(state, "display") == {"corn": 2, "grasshopper": 1}
    assert view["pile"] == 63
    assert view["hands"] == [["1", "2", "3", "4", "5", "6", "A", "X"]] * 3
    assert view["chips"] == [0, 0, 0] and view["round"] == 1
    assert state.to_move == (0, 1, 2) and view["phase"] == "bid"


def test_components_are_the_66_garden_cards() -> None:
    cards = GAME.components(2, {"beginner": False})
    assert len(cards) == 66
    assert {k: cards.count(k) for k in set(cards)} == {
        "grasshopper": 14,
        "corn": 13,
        "strawberry": 13,
        "broccoli": 13,
        "blackberry": 13,
    }


def test_a_deck_that_is_not_the_garden_cards_is_refused() -> None:
    with pytest.raises(ValueError, match="missing 1×corn; unexpected 1×grasshopper"):
        GAME.new_game(2, 1, deck=[*deck("corn")[1:], "grasshopper"])
    with pytest.raises(ValueError, match="2 to 4 players, not 5"):
        GAME.new_game(5, 1)


def test_variant_options_are_checked() -> None:
    assert GAME.new_game(2, 1).variant == {"beginner": False}
    with pytest.raises(ValueError, match="unknown variant option 'novice'.*beginner"):
        GAME.new_game(2, 1, {"novice": True})
    with pytest.raises(ValueError, match="takes one of False, True, not 1"):
        GAME.new_game(2, 1, {"beginner": 1})


# -- a turn (Durchgang) --------------------------------------------------------------------------


def test_bids_stay_hidden_until_everyone_has_bid() -> None:
    state = new(3, "corn", "strawberry", "broccoli")
    state.apply(0, state.str_to_action(0, "6"))
    assert state.to_move == (1, 2)
    assert state.view(0)["bid"] == "6"
    assert state.view(1)["bid"] is None and state.view(1)["committed"] == [0]
    assert "6" in state.view(1)["hands"][0]
    assert state.legal_actions(0) == []
    other = new(3, "corn", "strawberry", "broccoli")
    other.apply(0, other.str_to_action(0, "1"))
    for seat in (1, 2, None):
        assert state.view(seat) == other.view(seat)
        assert state.events_for(seat) == other.events_for(seat)


def test_highest_bid_picks_first_then_the_next_and_nobody_may_pass() -> None:
    state = new(3, "corn", "strawberry", "broccoli", "blackberry", "blackberry")
    bid(state, "2", "6", "4")
    assert last(state, "reveal") == {"type": "reveal", "bids": ["2", "6", "4"], "cancelled": []}
    assert state.to_move == (1,)
    assert [state.action_to_str(a) for a in state.legal_actions(1)] == [
        "corn",
        "strawberry",
        "broccoli",
    ]
    take(state, 1, "corn")
    assert state.to_move == (2,)
    with pytest.raises(IllegalAction, match="'corn' is not legal for seat 2"):
        state.apply(2, state.str_to_action(2, "corn"))
    take(state, 2, "broccoli")
    # One kind left: seat 0's pick is forced and made for it.
    assert last(state, "take") == {
        "type": "take",
        "seat": 0,
        "kind": "strawberry",
        "count": 1,
        "forced": True,
    }
    assert [kinds(state, "gardens", s) for s in range(3)] == [
        {"strawberry": 1},
        {"corn": 1},
        {"broccoli": 1},
    ]
    assert kinds(state, "display") == {"blackberry": 2, "corn": 1}
    assert state.view(None)["spent"] == [["2"], ["6"], ["4"]]
    assert state.to_move == (0, 1, 2)


def test_each_player_takes_once_and_leftover_kinds_stay() -> None:
    state = new(3, "corn", "strawberry", "broccoli", "blackberry")
    bid(state, "5", "5", "6")
    take(state, 2, "strawberry")
    assert state.to_move == (0, 1, 2)
    assert kinds(state, "display") == {"corn": 1, "broccoli": 1, "blackberry": 1}


def test_when_kinds_run_out_the_last_takers_get_nothing() -> None:
    state = new(3, "corn", "corn", "corn")
    bid(state, "6", "5", "4")
    assert last(state, "take")["seat"] == 0
    assert last(state, "empty_handed") == {"type": "empty_handed", "seats": [1, 2]}
    assert state.view(None)["chips"] == [1, 0, 0]


def test_equal_bids_cancel() -> None:
    state = new(3, "corn", "strawberry", "broccoli")
    bid(state, "6", "6", "2")
    assert last(state, "reveal")["cancelled"] == [0, 1]
    assert state.to_move == (2,)


def test_the_ace_takes_the_whole_display() -> None:
    state = new(3, "corn", "strawberry", "strawberry")
    bid(state, "6", "A", "5")
    assert last(state, "take_all") == {
        "type": "take_all",
        "seat": 1,
        "reason": "ace",
        "cards": {"corn": 1, "strawberry": 2},
    }
    assert kinds(state, "gardens", 1) == {"corn": 1, "strawberry": 2}
    assert kinds(state, "gardens", 0) == kinds(state, "gardens", 2) == {}


def test_one_x_and_one_ace_give_the_x_the_whole_display() -> None:
    state = new(3, "corn", "strawberry", "broccoli")
    bid(state, "A", "6", "X")
    assert last(state, "take_all")["seat"] == 2
    assert last(state, "take_all")["reason"] == "x"


def test_beginners_x_is_only_a_pass() -> None:
    state = new(3, "corn", "strawberry", "broccoli", beginner=True)
    bid(state, "A", "6", "X")
    assert last(state, "take_all")["seat"] == 0
    state = new(3, "corn", "strawberry", "broccoli", beginner=True)
    bid(state, "X", "X", "X")
    assert last(state, "stalemate")


def test_equal_aces_and_xs_cancel_too() -> None:
    # Reading 1: two Xs and one Ace → the Ace takes all.
    state = new(4, "corn", "strawberry", "broccoli")
    bid(state, "X", "X", "A", "3")
    assert last(state, "take_all")["seat"] == 2
    # One X and two Aces → nobody takes through Ace or X; the numbers pick normally.
    state = new(4, "corn", "strawberry", "broccoli")
    bid(state, "X", "A", "A", "3")
    assert state.to_move == (3,)
    take(state, 3, "broccoli")
    assert kinds(state, "gardens", 3) == {"broccoli": 1}
    assert kinds(state, "gardens", 0) == {}


def test_an_x_without_an_ace_takes_nothing() -> None:
    state = new(3, "corn", "strawberry", "broccoli")
    bid(state, "X", "3", "5")
    assert state.to_move == (2,)
    take(state, 2, "corn")
    take(state, 1, "broccoli")
    assert kinds(state, "gardens", 0) == {}
    assert kinds(state, "display")["strawberry"] == 1


# -- stalemate (Patt) ----------------------------------------------------------------------------


def test_a_stalemate_adds_a_card_and_everyone_bids_again() -> None:
    state = new(3, "corn", "strawberry", "broccoli", "corn")
    bid(state, "4", "4", "X")
    assert last(state, "stalemate") == {"type": "stalemate", "added": ["corn"]}
    assert kinds(state, "display") == {"corn": 2, "strawberry": 1, "broccoli": 1}
    view = state.view(None)
    assert view["stalemates"] == 1 and view["bids_played"] == 1
    assert view["spent"] == [["4"], ["4"], ["X"]]
    assert state.to_move == (0, 1, 2)
    bid(state, "6", "5", "1")
    take(state, 0, "corn")
    assert kinds(state, "gardens", 0) == {"corn": 2}


def test_two_stalemates_in_a_row_discard_the_display() -> None:
    top = ("corn", "strawberry", "broccoli", "corn", "blackberry", "grasshopper", "grasshopper")
    state = new(3, *top, "corn")
    bid(state, "4", "4", "X")
    bid(state, "5", "5", "5")
    assert last(state, "double_stalemate") == {
        "type": "double_stalemate",
        "discarded": {"corn": 2, "strawberry": 1, "broccoli": 1},
    }
    assert kinds(state, "discard") == {"corn": 2, "strawberry": 1, "broccoli": 1}
    assert kinds(state, "display") == {"blackberry": 1, "grasshopper": 2}
    assert state.view(None)["stalemates"] == 0
    # A new turn began: the next stalemate is a first one again.
    bid(state, "6", "6", "A")
    assert last(state, "take_all")["seat"] == 2
    bid(state, "3", "3", "3")
    assert last(state, "stalemate")["added"] == ["corn"]


def test_a_normal_turn_resets_the_stalemate_count() -> None:
    state = new(2, "corn", "strawberry", "broccoli", "corn", "blackberry", "corn")
    bid(state, "4", "4")
    bid(state, "6", "5")
    take(state, 0, "corn")
    take(state, 1, "broccoli")
    bid(state, "3", "3")
    assert state.view(None)["stalemates"] == 1
    assert not [e for e in state.events if e["type"] == "double_stalemate"]


# -- two players (Spiel zu zweit) ----------------------------------------------------------------


def test_two_players_a_lone_taker_takes_the_whole_display() -> None:
    state = new(2, "corn", "strawberry", "broccoli")
    bid(state, "3", "X")
    assert last(state, "take_all") == {
        "type": "take_all",
        "seat": 0,
        "reason": "alone",
        "cards": {"corn": 1, "strawberry": 1, "broccoli": 1},
    }


def test_two_players_two_takers_pick_one_kind_each() -> None:
    state = new(2, "corn", "strawberry", "broccoli")
    bid(state, "3", "4")
    take(state, 1, "corn")
    take(state, 0, "broccoli")
    assert kinds(state, "gardens", 0) == {"broccoli": 1}
    assert kinds(state, "gardens", 1) == {"corn": 1}


def test_three_players_a_lone_taker_picks_one_kind_only() -> None:
    state = new(3, "corn", "strawberry", "broccoli")
    bid(state, "4", "4", "1")
    take(state, 2, "corn")
    assert kinds(state, "gardens", 2) == {"corn": 1}


# -- cultivation: harvest and plague (Gartenanbau, Ernten, Heuschreckenplage) ----------------------


def test_three_plants_of_a_kind_are_harvested_for_a_chip() -> None:
    state = new(2, "corn", "corn", "corn")
    bid(state, "A", "1")
    assert last(state, "harvest") == {"type": "harvest", "seat": 0, "kind": "corn", "chips": 1}
    assert state.view(None)["chips"] == [1, 0]
    assert kinds(state, "gardens", 0) == {}
    assert kinds(state, "discard") == {"corn": 3}


def test_four_corn_give_one_chip_and_one_corn_stays() -> None:
    state = new(2, "corn", "corn", "corn", "corn")
    bid(state, "3", "3")
    bid(state, "A", "1")
    assert state.view(None)["chips"] == [1, 0]
    assert kinds(state, "gardens", 0) == {"corn": 1}


def test_six_corn_give_two_chips() -> None:
    state = position(2, {"corn": 4}, [{"corn": 2}, {}], pile=("strawberry",) * 3)
    bid(state, "A", "1")
    assert last(state, "harvest")["chips"] == 2
    assert state.view(None)["chips"] == [2, 0]
    assert kinds(state, "gardens", 0) == {}


def test_three_grasshoppers_eat_the_whole_garden() -> None:
    state = position(
        3,
        {"grasshopper": 1, "broccoli": 1, "blackberry": 1},
        [{"grasshopper": 2, "corn": 2, "strawberry": 1}, {}, {}],
        pile=("strawberry",) * 3,
    )
    discarded = kinds(state, "discard")
    bid(state, "6", "2", "1")
    take(state, 0, "grasshopper")
    assert last(state, "plague")["cards"] == {"corn": 2, "strawberry": 1, "grasshopper": 3}
    assert kinds(state, "gardens", 0) == {}
    after = kinds(state, "discard")
    assert after["grasshopper"] == discarded["grasshopper"] + 3
    assert after["corn"] == discarded["corn"] + 2


def test_a_plague_comes_before_the_harvest() -> None:
    # Plants and grasshoppers received together: the plague strikes, nothing is harvested.
    state = position(
        2,
        {"grasshopper": 1, "corn": 2},
        [{"grasshopper": 2, "corn": 1}, {}],
        pile=("strawberry",) * 3,
    )
    bid(state, "A", "1")
    assert last(state, "plague")["seat"] == 0
    assert not [e for e in state.events if e["type"] == "harvest"]
    assert state.view(None)["chips"] == [0, 0]
    assert kinds(state, "gardens", 0) == {}


def test_grasshoppers_below_three_stay_in_the_garden() -> None:
    state = new(2, "grasshopper", "grasshopper", "corn")
    bid(state, "A", "2")
    assert kinds(state, "gardens", 0) == {"grasshopper": 2, "corn": 1}


# -- end of a round and intermediate scoring (Rundenende und Zwischenwertung) -------------------


def last_bid_position(*hands: str, **keys) -> HeuschreckenState:  # type: ignore[no-untyped-def]
    """The 8th bid of round 1: each seat holds one poker card, ``hands[seat]``."""
    spent = [[b for b in "123456AX" if b != card] for card in hands]
    return position(
        len(hands), hands=[[card] for card in hands], spent=spent, bids_played=7, **keys
    )


def test_after_eight_bids_the_most_plants_earn_a_chip_ties_included() -> None:
    state = last_bid_position(
        "1",
        "2",
        "3",
        display={"corn": 1, "strawberry": 1, "broccoli": 1},
        gardens=[{"corn": 1, "strawberry": 1}, {"broccoli": 2, "blackberry": 1}, {}],
        pile=("grasshopper",) * 3,
    )
    bid(state, "1", "2", "3")
    take(state, 2, "corn")
    take(state, 1, "strawberry")
    scoring = last(state, "round_scoring")
    assert scoring == {"type": "round_scoring", "round": 1, "plants": [3, 4, 1], "chips_to": [1]}
    view = state.view(None)
    assert view["chips"] == [0, 1, 0]
    assert view["round"] == 2 and view["bids_played"] == 0
    assert view["hands"] == [list("123456AX")] * 3
    assert kinds(state, "display") == {"grasshopper": 3}


def test_tied_most_plants_all_earn_a_chip_and_nobody_with_none() -> None:
    state = last_bid_position(
        "1",
        "2",
        display={"corn": 1, "strawberry": 1},
        gardens=[{}, {"grasshopper": 1}],
        pile=("grasshopper",) * 3,
    )
    bid(state, "1", "2")
    take(state, 1, "corn")
    assert last(state, "round_scoring")["chips_to"] == [0, 1]
    state = last_bid_position(
        "1",
        "2",
        display={"grasshopper": 1},
        gardens=[{}, {"grasshopper": 1}],
        pile=("grasshopper",) * 3,
    )
    bid(state, "1", "2")
    assert last(state, "round_scoring")["chips_to"] == []


def test_display_leftovers_stay_into_the_next_round() -> None:
    state = last_bid_position(
        "1",
        "1",
        "3",
        display={"corn": 1, "strawberry": 1, "broccoli": 1},
        pile=("grasshopper",) * 3,
    )
    bid(state, "1", "1", "3")
    take(state, 2, "corn")
    assert kinds(state, "display") == {"strawberry": 1, "broccoli": 1, "grasshopper": 1}
    assert state.view(None)["round"] == 2


def test_a_stalemate_on_the_last_bid_of_a_round_carries_its_display_over() -> None:
    # Reading 8: the stalemate's card is added, the round is scored, the count starts afresh.
    state = last_bid_position(
        "4", "4", display={"corn": 1, "strawberry": 1, "broccoli": 1}, pile=("blackberry",) * 3
    )
    bid(state, "4", "4")
    view = state.view(None)
    assert kinds(state, "display") == {"corn": 1, "strawberry": 1, "broccoli": 1, "blackberry": 1}
    assert view["round"] == 2 and view["stalemates"] == 0 and view["hands"][0] == list("123456AX")
    bid(state, "5", "5")
    assert last(state, "stalemate")["added"] == ["blackberry"]


# -- end of the game (Spielende und Gewinner) ----------------------------------------------------


def test_the_game_ends_when_the_garden_cards_are_used_up() -> None:
    state = position(2, {"corn": 1}, [{"corn": 1}, {}], pile=(), chips=[2, 1], bids_played=3)
    bid(state, "6", "X")
    assert state.is_over and state.to_move == () and state.legal_actions(0) == []
    assert last(state, "round_scoring") == {
        "type": "round_scoring",
        "round": 1,
        "plants": [2, 0],
        "chips_to": [0],
    }
    result = state.result()
    assert result.scores == (3.0, 1.0) and result.winners == (0,)
    assert result.details == {"chips": [3, 1], "grasshoppers": [0, 0]}
    assert last(state, "game_end") == {"type": "game_end", "chips": [3, 1], "winners": [0]}
    with pytest.raises(IllegalAction, match="nobody"):
        state.apply(0, 0)


def test_refill_draws_what_is_left_and_play_goes_on() -> None:
    state = position(3, {"strawberry": 1, "broccoli": 1, "blackberry": 1}, pile=("corn",))
    bid(state, "6", "5", "5")
    take(state, 0, "strawberry")
    assert kinds(state, "display") == {"broccoli": 1, "blackberry": 1, "corn": 1}
    bid(state, "4", "6", "4")
    take(state, 1, "corn")
    assert kinds(state, "display") == {"broccoli": 1, "blackberry": 1} and not state.is_over
    bid(state, "3", "A", "3")
    assert state.is_over


def test_a_stalemate_with_an_empty_pile_adds_nothing_and_a_second_ends_the_game() -> None:
    state = position(2, {"corn": 1, "strawberry": 1}, pile=())
    bid(state, "4", "4")
    assert last(state, "stalemate")["added"] == []
    bid(state, "X", "X")
    assert last(state, "double_stalemate")
    assert state.is_over
    assert len([e for e in state.events if e["type"] == "round_scoring"]) == 1


def test_a_game_ending_with_its_round_is_scored_once() -> None:
    state = last_bid_position("1", "2", display={"corn": 1}, gardens=[{"strawberry": 1}, {}])
    bid(state, "1", "2")
    assert state.is_over
    scorings = [e for e in state.events if e["type"] == "round_scoring"]
    assert len(scorings) == 1 and scorings[0]["chips_to"] == [0, 1]


@pytest.mark.parametrize(("grasshoppers", "winners"), [(2, (0,)), (1, (0, 1))])
def test_a_chip_tie_goes_to_fewest_grasshoppers_then_stands(
    grasshoppers: int, winners: tuple[int, ...]
) -> None:
    state = position(2, {"grasshopper": 1}, [{}, {"grasshopper": grasshoppers}], chips=[3, 3])
    bid(state, "1", "X")  # the lone taker of two players takes the last grasshopper
    result = state.result()
    assert result.scores == (3.0, 3.0) and result.winners == winners
    assert result.details["grasshoppers"] == [1, grasshoppers]


def test_result_before_the_end_is_an_error() -> None:
    with pytest.raises(ValueError, match="not over"):
        new(2).result()


# -- notation ------------------------------------------------------------------------------------


def test_notation_names_every_action() -> None:
    state = new(2)
    assert GAME.action_names(2, {"beginner": False}) == (
        *"123456AX",
        "corn",
        "strawberry",
        "broccoli",
        "blackberry",
        "grasshopper",
    )
    assert GAME.num_actions(4) == 13
    assert state.str_to_action(0, "a") == 6 and state.str_to_action(0, " Corn ") == 8
    assert state.action_label(6) == "bid A" and state.action_label(8) == "take corn"
    with pytest.raises(NotationError, match="'7' is not a heuschrecken-poker action"):
        state.str_to_action(0, "7")
