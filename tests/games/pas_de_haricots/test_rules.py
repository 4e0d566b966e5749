"""Each rule of "Préparation", "Déroulement" and "Fin du jeu" with a scripted deck."""

from __future__ import annotations

import random
from itertools import chain

import pytest

from potager.engine import IllegalAction, NotationError
from potager.games.pas_de_haricots.cards import CARD_INDEX, CARDS
from potager.games.pas_de_haricots.data import DEAL
from potager.games.pas_de_haricots.scoring import score_sheet
from tests.invariants import assert_rejects, snapshot

from .scripted import GAME, deck_with, legal, new, play, takes


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_whole_deck_is_dealt_round_robin_from_seat_0(players: int) -> None:
    """20 / 15 / 12 / 10 cards each; seat 0 (left of the dealer) gets the bean and leads."""
    deck = list(reversed(CARDS))
    state = GAME.new_game(players, 5, deck=deck)
    view = state.view(None)
    assert view["hand_sizes"] == [DEAL[players]] * players
    for seat in range(players):
        assert sorted(state.view(seat)["hand"]) == sorted(deck[seat::players])
    assert view["bean"] == 0 and state.to_move == (0,) and view["phase"] == "lead"
    assert view["hand_number"] == 1 and view["turn"] == 1


def test_only_the_bean_holder_leads_and_the_bean_goes_on_its_card() -> None:
    state = new([["H1"], ["H2"], ["H3"], ["H4"]])
    assert legal(state, 0) == [f"play {c}" for c in state.view(0)["hand"]]
    assert state.legal_actions(1) == []
    with pytest.raises(IllegalAction, match="not to move"):
        play(state, "1 play H2")
    with pytest.raises(IllegalAction, match="not legal"):
        play(state, "0 play H2")
    play(state, "0 play H1")
    view = state.view(2)
    assert view["bean_card"] == "H1" and view["table"] == ["H1", None, None, None]
    assert view["phase"] == "commit" and state.to_move == (1, 2, 3)
    assert view["hand_sizes"] == [14, 15, 15, 15]


def test_the_face_down_cards_are_hidden_until_all_have_chosen() -> None:
    """ "Tous les joueurs choisissent une carte ... face cachée": any order, one card each."""
    state = new([["H1"], ["H2"], ["H3"], ["H4"]])
    play(state, "0 play H1", "2 play H3")
    assert state.to_move == (1, 3)
    assert state.view(2)["commitment"] == "H3"
    for seat in (0, 1, 3, None):
        view = state.view(seat)
        assert view["committed"] == [2] and view["commitment"] is None
        assert "H3" not in str(view)
    assert {"type": "commit", "seat": 2} in state.events
    with pytest.raises(IllegalAction):
        play(state, "2 play H3")
    play(state, "3 play H4", "1 play H2")
    assert state.events[-1] == {"type": "reveal", "cards": ["H1", "H2", "H3", "H4"]}
    view = state.view(None)
    assert view["phase"] == "take" and view["taker"] == 0 and view["committed"] == []
    assert view["table"] == ["H1", "H2", "H3", "H4"]


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_taking_chain(players: int) -> None:
    """The bean holder takes first, never the bean card; then the player whose card was taken
    takes; the last one takes the bean card (and the bean): it leads the next turn."""
    state = new([[f"H{s + 1}"] for s in range(players)])
    play(state, "0 play H1", *(f"{s} play H{s + 1}" for s in range(1, players)))
    start = len(state.events)
    taker = 0
    for owner in range(players - 1, 1, -1):  # each taker takes the card of the seat before
        assert state.to_move == (taker,)
        taken = set(chain(*state.view(None)["collected"]))
        on_table = [f"take H{s + 1}" for s in range(1, players) if f"H{s + 1}" not in taken]
        assert legal(state, taker) == on_table  # never the bean card H1, never its own card
        assert_rejects(state, taker, state.str_to_action(taker, "take H1"))
        play(state, f"{taker} take H{owner + 1}")
        taker = owner
    assert taker == 2
    # two cards are left: seat 2 must take seat 1's, then seat 1 takes the bean card
    assert takes(state, start)[-2:] == [(2, "H2", 1), (1, "H1", 0)]
    assert len(takes(state, start)) == players
    bean_flags = [e["bean"] for e in state.events[start:] if e["type"] == "take"]
    assert bean_flags == [False] * (players - 1) + [True]
    view = state.view(None)
    assert [len(c) for c in view["collected"]] == [1] * players
    assert view["bean"] == 1 and state.to_move == (1,) and view["phase"] == "lead"
    assert view["turn"] == 2 and view["bean_card"] is None and view["table"] == [None] * players


def test_collected_cards_are_laid_out_by_suit_face_up_for_all() -> None:
    state = new([["HK"], ["H5"], ["T2"]])
    play(state, "0 play HK", "1 play H5", "2 play T2", "0 take T2")
    for seat in (0, 1, 2, None):
        view = state.view(seat)
        assert view["collected"] == [["T2"], ["HK"], ["H5"]]
        assert view["series"] == [
            {"H": 0, "D": 0, "S": 0, "C": 0},
            {"H": 0, "D": 0, "S": 0, "C": 0},
            {"H": 5, "D": 0, "S": 0, "C": 0},
        ]


def play_first_legal_to_hand_end(state, hand: int) -> int:  # type: ignore[no-untyped-def]
    """Play the first legal action until hand ``hand`` has ended; return the decisions."""
    decisions = 0
    while not state.is_over and state.hand_number <= hand:
        seat = state.to_move[0]
        state.apply(seat, state.legal_actions(seat)[0])
        decisions += 1
    return decisions


def test_the_last_card_of_a_hand_is_played_without_asking() -> None:
    """With one card left, the lead and the face-down cards are forced: the game plays them."""
    state = new([[]] * 6, hands_in_match=1)
    play_first_legal_to_hand_end(state, 1)
    leads = [e for e in state.events if e["type"] == "lead"]
    assert len(leads) == 10
    played = [(s, a) for s, a in state.moves if a < len(CARDS)]
    assert len(played) == 9 * 6  # turns 1…9 asked everyone, turn 10 nobody
    assert state.is_over


def test_a_hand_is_scored_and_the_next_one_led_by_the_last_bean_taker() -> None:
    state = new([[]] * 4, hands_in_match=2)
    play_first_legal_to_hand_end(state, 1)
    end = next(e for e in state.events if e["type"] == "hand_end")
    last_bean = [e for e in state.events if e["type"] == "take" and e["bean"]][-1]["seat"]
    collected = [[CARD_INDEX[c] for c in cards] for cards in end["collected"]]
    assert sorted(chain(*collected)) == list(range(60))
    sheet = [list(score_sheet(c)) for c in collected]
    assert end["sheet"] == sheet and end["totals"] == [t for _, _, t in sheet]
    view = state.view(3)
    assert view["scores"] == [sheet] and view["totals"] == end["totals"]
    assert view["hand_number"] == 2 and view["turn"] == 1 and view["phase"] == "lead"
    assert view["bean"] == last_bean and state.to_move == (last_bean,)
    assert view["collected"] == [[], [], [], []] and view["hand_sizes"] == [15] * 4
    assert view["hand"] != end["collected"][3]


def test_the_match_ends_after_the_last_hand() -> None:
    state = new([[]] * 5, hands_in_match=2)
    play_first_legal_to_hand_end(state, 2)
    assert state.is_over and state.to_move == () and state.legal_actions(0) == []
    view = state.view(None)
    assert view["phase"] == "over" and len(view["scores"]) == 2
    totals = [sum(sheet[s][2] for sheet in view["scores"]) for s in range(5)]
    result = state.result()
    assert result.scores == tuple(float(t) for t in totals)
    assert result.winners == tuple(s for s in range(5) if totals[s] == max(totals))
    assert result.details["sheets"] == view["scores"]
    assert state.events[-1] == {"type": "game_end", "totals": totals, "winners": [*result.winners]}
    with pytest.raises(ValueError, match="not over"):
        new([[]] * 3).result()


def test_the_match_has_three_hands_by_default() -> None:
    state = GAME.new_game(3, 11)
    assert state.variant == {"hands": 3}
    play_first_legal_to_hand_end(state, 3)
    assert state.is_over and len(state.view(0)["scores"]) == 3


def test_variant_and_deck_errors() -> None:
    with pytest.raises(ValueError, match="'hands'.*not 0"):
        GAME.new_game(3, 1, {"hands": 0})
    with pytest.raises(ValueError, match="unknown variant option 'trumps'.*hands"):
        GAME.new_game(3, 1, {"trumps": 5})
    with pytest.raises(ValueError, match="3 to 6 players, not 7"):
        GAME.new_game(7, 1)
    with pytest.raises(ValueError, match="missing 1×H1; unexpected 1×T5"):
        GAME.new_game(3, 1, deck=["T5", *CARDS[1:]])
    with pytest.raises(ValueError, match="missing 1×T4"):
        GAME.new_game(3, 1, deck=list(CARDS[:-1]))


def test_notation() -> None:
    state = new([["H7"], ["T4"], ["SQ"]])
    names = GAME.action_names(3, {"hands": 3})
    assert len(names) == GAME.num_actions(3) == 120
    assert names[:2] == ("play H1", "play H2") and names[60] == "take H1"
    assert state.str_to_action(0, "  PLAY   h7 ") == CARD_INDEX["H7"]
    assert state.str_to_action(0, "take t4") == 60 + CARD_INDEX["T4"]
    assert state.action_label(CARD_INDEX["SQ"]) == "play the Dame of spades"
    assert state.action_label(60 + CARD_INDEX["T4"]) == (
        "take the trump 4 (Pas de Haricots of clubs)"
    )
    with pytest.raises(NotationError, match="'play H11' is not a pas-de-haricots action"):
        state.str_to_action(0, "play H11")
    for a in range(120):
        assert state.str_to_action(0, state.action_to_str(a)) == a


def test_a_scripted_deck_scripts_only_the_first_hand() -> None:
    deck = deck_with([["H1"], ["H2"], ["H3"]])
    one, two = GAME.new_game(3, 1, deck=deck), GAME.new_game(3, 2, deck=deck)
    assert one.view(0)["hand"] == two.view(0)["hand"]
    for state in (one, two):
        play_first_legal_to_hand_end(state, 1)
    assert one.view(0)["hand"] != two.view(0)["hand"]
    again = GAME.new_game(3, 1, deck=deck)
    play_first_legal_to_hand_end(again, 1)
    assert again.view(0) == one.view(0)
    rng = random.Random(0)
    assert GAME.sample(one.view(0), 0, rng).view(0) == one.view(0)


def test_a_clone_is_independent() -> None:
    state = new([["H1"], ["H2"], ["H3"]])
    play(state, "0 play H1", "2 play H3")
    before = snapshot(state)
    copy = state.clone()
    assert snapshot(copy) == before
    play(copy, "1 play H2", "0 take H3")
    assert snapshot(state) == before
    play(state, "1 play H2", "0 take H2")
    assert state.view(None)["collected"] != copy.view(None)["collected"]
    assert state.rng.random() == copy.rng.random()
