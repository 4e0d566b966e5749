"""The engine's base classes, pinned down with a tiny game (Nim with a scripted pile)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from potager import games
from potager.engine import (
    Commitments,
    Game,
    GameRecord,
    IllegalAction,
    NotationError,
    RecordError,
    Result,
    State,
)
from tests.invariants import assert_rejects, assert_replay


class NimState(State):
    def __init__(
        self, game: Game, players: int, seed: int, variant: dict[str, Any], deck: list[str] | None
    ) -> None:
        super().__init__(game, players, seed, variant, deck)
        self.stones = variant["stones"]
        self.turn = 0

    @property
    def to_move(self) -> tuple[int, ...]:
        return () if self.is_over else (self.turn,)

    def legal_actions(self, seat: int) -> list[int]:
        if seat != self.turn or self.is_over:
            return []
        return [a for a in (0, 1) if a + 1 <= self.stones]

    def _apply(self, seat: int, action: int) -> None:
        self.stones -= action + 1
        self.events.append({"type": "take", "seat": seat, "n": action + 1})
        self.events.append({"type": "secret", "to": seat})
        self.turn = (self.turn + 1) % self.players

    def view(self, seat: int | None) -> dict[str, Any]:
        return {"stones": self.stones, "turn": self.turn}

    @property
    def is_over(self) -> bool:
        return self.stones == 0

    def result(self) -> Result:
        loser = (self.turn - 1) % self.players
        return Result(
            tuple(0.0 if s == loser else 1.0 for s in range(self.players)),
            tuple(s for s in range(self.players) if s != loser),
        )


class Nim(Game):
    name = "nim"
    title = "Nim"
    min_players = 2
    max_players = 3
    variants = {"stones": ((3, 5, 7), 5, "stones on the table")}

    def _new_state(self, players, seed, variant, deck):  # type: ignore[no-untyped-def]
        return NimState(self, players, seed, variant, deck)

    def components(self, players: int, variant: dict[str, Any]) -> list[str]:
        return ["stone"] * variant["stones"]

    def action_names(self, players: int, variant: dict[str, Any]) -> tuple[str, ...]:
        return ("take 1", "take 2")

    def sample(self, view, seat, rng):  # type: ignore[no-untyped-def]
        raise NotImplementedError


NIM = Nim()


def test_variants_are_checked_and_defaulted() -> None:
    assert NIM.new_game(2, 1).variant == {"stones": 5}
    with pytest.raises(ValueError, match="unknown variant option 'pebbles'.*stones"):
        NIM.new_game(2, 1, {"pebbles": 3})
    with pytest.raises(ValueError, match="takes one of 3, 5, 7, not 4"):
        NIM.new_game(2, 1, {"stones": 4})
    with pytest.raises(ValueError, match="not True"):
        NIM.new_game(2, 1, {"stones": True})


def test_players_seed_and_deck_are_checked() -> None:
    with pytest.raises(ValueError, match="2 to 3 players, not 4"):
        NIM.new_game(4, 1)
    with pytest.raises(ValueError, match="seed must be an int"):
        NIM.new_game(2, "7")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="missing 2×stone"):
        NIM.new_game(2, 1, deck=["stone"] * 3)
    assert isinstance(NIM.new_game(2).seed, int)


def test_illegal_actions_change_nothing() -> None:
    state = NIM.new_game(2, 1, {"stones": 3})
    assert_rejects(state, 1, 0)
    assert_rejects(state, 0, 2)
    assert_rejects(state, 0, "take 1")
    with pytest.raises(IllegalAction, match="seat 1 is not to move; waiting for: 0"):
        state.apply(1, 0)
    state.apply(0, 1)
    with pytest.raises(IllegalAction, match="'take 2' is not legal for seat 1 now; legal: take 1"):
        state.apply(1, 1)


def test_notation_is_case_and_space_insensitive() -> None:
    state = NIM.new_game(2, 1)
    assert state.str_to_action(0, "  TAKE   2 ") == 1
    with pytest.raises(
        NotationError, match="'take 9' is not a nim action; legal now: take 1, take 2"
    ):
        state.str_to_action(0, "take 9")


def test_events_are_filtered_per_seat() -> None:
    state = NIM.new_game(2, 1)
    state.apply(0, 0)
    assert [e["type"] for e in state.events_for(0)] == ["take", "secret"]
    assert [e["type"] for e in state.events_for(1)] == ["take"]
    assert [e["type"] for e in state.events_for(None)] == ["take"]


def test_record_json_round_trip_and_clone() -> None:
    state = NIM.new_game(3, 9, {"stones": 7})
    state.apply(0, 1)
    copy = state.clone()
    copy.apply(1, 0)
    assert state.stones == 5 and copy.stones == 4
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
    state = NIM.new_game(2, 3, {"stones": 7})
    rng = random.Random(0)
    while not state.is_over:
        s = state.to_move[0]
        state.apply(s, rng.choice(state.legal_actions(s)))
    assert state.result().winners


def test_replay_of_registered_game_round_trips(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(games, "get", lambda name: NIM)
    state = NIM.new_game(2, 3)
    state.apply(0, 0)
    assert_replay(state)
    bad = state.record
    bad.moves.append((0, 0))
    with pytest.raises(RecordError, match="move 1 .* is illegal"):
        games.replay(bad)
