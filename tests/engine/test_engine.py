"""The engine's base classes, pinned down with the tests' toy game (`tests.toy`)."""

from __future__ import annotations

import random

import pytest

from potager import games
from potager.engine import (
    Commitments,
    GameRecord,
    IllegalAction,
    NotationError,
    RecordError,
    State,
)
from tests.invariants import (
    assert_rejection,
    assert_rejects,
    assert_replay,
    assert_sample_keeps_view,
    play_random,
)
from tests.toy import GAME as TOY
from tests.toy import GIVE, KEEP, register


def test_variants_are_checked_and_defaulted() -> None:
    assert TOY.new_game(2, 1).variant == {"cards": 4, "bonus": False}
    with pytest.raises(ValueError, match="unknown variant option 'fruits'.*bonus, cards"):
        TOY.new_game(2, 1, {"fruits": 3})
    with pytest.raises(ValueError, match="takes one of 4, 6, not 5"):
        TOY.new_game(2, 1, {"cards": 5})
    with pytest.raises(ValueError, match="not True"):
        TOY.new_game(2, 1, {"cards": True})


def test_players_seed_and_deck_are_checked() -> None:
    with pytest.raises(ValueError, match="2 to 4 players, not 5"):
        TOY.new_game(5, 1)
    with pytest.raises(ValueError, match="seed must be an int"):
        TOY.new_game(2, "7")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="missing 3×pear"):
        TOY.new_game(2, 1, deck=["apple"] * 3)
    assert isinstance(TOY.new_game(2).seed, int)


def test_illegal_actions_change_nothing() -> None:
    state = TOY.new_game(2, 1)
    assert_rejects(state, 2, 0)
    assert_rejects(state, 0, 5)
    assert_rejects(state, 0, "keep")
    assert_rejects(state, 0, KEEP)
    state.apply(1, 0)
    assert_rejects(state, 1, 1)
    with pytest.raises(IllegalAction, match="seat 1 is not to move; waiting for: 0"):
        state.apply(1, 1)
    with pytest.raises(IllegalAction, match="'keep' is not legal for seat 0 now; legal: 1, 2, 3"):
        state.apply(0, KEEP)


def test_notation_is_case_and_space_insensitive() -> None:
    state = TOY.new_game(2, 1)
    assert state.str_to_action(0, "  GIVE   AWAY ") == GIVE
    with pytest.raises(NotationError, match="'bid 9' is not a toy action; legal now: 1, 2, 3"):
        state.str_to_action(0, "bid 9")


def test_events_are_filtered_per_seat() -> None:
    state = TOY.new_game(2, 1)
    state.apply(0, 0)
    assert [e["type"] for e in state.events_for(0)] == ["deal", "your bid"]
    assert [e["type"] for e in state.events_for(1)] == ["deal"]
    assert state.events_for(None) == []


def test_record_json_round_trip_and_clone() -> None:
    state = TOY.new_game(3, 9, {"cards": 6})
    state.apply(0, 1)
    copy = state.clone()
    copy.apply(1, 0)
    assert state.to_move == (1, 2) and copy.to_move == (2,)
    record = GameRecord.from_json(state.record.to_json())
    assert record == state.record


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "must be JSON"),
        ("[]", "JSON object"),
        ('{"game": 3}', "'game' must be"),
        ('{"game": "x", "players": 2, "seed": "7"}', "'seed' must be an integer"),
        ('{"game": "x", "players": 2, "seed": true}', "'seed' must be an integer"),
        ('{"game": "x", "players": 2, "seed": 1, "moves": [[0]]}', "move 0 must be"),
        ('{"game": "x", "players": 2, "seed": 1, "deck": [1]}', "'deck' must be"),
        ('{"game": "x", "players": 2, "seed": 1, "format": 9}', "unsupported record format"),
    ],
)
def test_malformed_records_are_refused(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        GameRecord.from_json(text)


def test_replay_refuses_unknown_games_and_illegal_moves() -> None:
    with pytest.raises(RecordError, match="unknown game 'chess'"):
        games.replay(GameRecord("chess", 2, {}, 1))
    with pytest.raises(ValueError, match="unknown game"):
        games.get("chess")


def test_commitments_hide_until_complete() -> None:
    c = Commitments()
    c.open((0, 1, 2))
    c.commit(1, 4)
    assert c.committed == (1,) and c.waiting == (0, 2) and not c.complete
    assert c.choice(1) == 4 and c.choice(0) is None
    d = c.copy()
    d.commit(0, 1)
    assert c.committed == (1,)
    c.commit(0, 2)
    c.commit(2, 3)
    assert c.complete and c.reveal() == {1: 4, 0: 2, 2: 3}
    assert c.committed == ()


def test_random_state_replays() -> None:
    state = TOY.new_game(2, 3, {"cards": 6})
    rng = random.Random(0)
    while not state.is_over:
        s = state.to_move[0]
        state.apply(s, rng.choice(state.legal_actions(s)))
    assert state.result().winners


def test_replay_of_registered_game_round_trips(monkeypatch: pytest.MonkeyPatch) -> None:
    register(monkeypatch)
    state = TOY.new_game(2, 3)
    state.apply(0, 0)
    assert_replay(state)
    bad = state.record
    bad.moves.append((0, 0))
    with pytest.raises(RecordError, match="move 1 .* is illegal"):
        games.replay(bad)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_toy_game_keeps_the_invariants(monkeypatch: pytest.MonkeyPatch, players: int) -> None:
    game = register(monkeypatch)
    rng = random.Random(players)
    state = game.new_game(players, players, {"cards": 6})

    def check(s: State) -> None:
        assert_sample_keeps_view(s, rng)
        assert_rejection(s, rng)

    play_random(state, rng, bound=6 * (players + 1), each=check)
    assert_replay(state)
