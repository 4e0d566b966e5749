"""Records say which moves a stand-in bot made for a timed-out person (clocks,
analysis): an optional ``stand_in_moves`` key that older records lack and still load without."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest

from potager import games
from potager.agents import random_playout
from potager.engine import GameRecord, RecordError, SeatHolder, signed

OLD = Path(__file__).with_name("records") / "heuschrecken-poker-before-seats.json"


def _record() -> GameRecord:
    state = games.get("heuschrecken-poker").new_game(2, 4)
    random_playout(state, random.Random(3))
    return signed(state, [SeatHolder.person("Ada"), SeatHolder.bot("heuristic")])


def test_stand_in_moves_round_trip_and_leave_the_other_keys_as_they_were() -> None:
    plain = _record()
    ada = [i for i, (seat, _) in enumerate(plain.moves) if seat == 0][:3]
    record = replace(plain, stand_in_moves=ada)
    data = record.to_dict()
    assert data["stand_in_moves"] == ada
    assert {k: v for k, v in data.items() if k != "stand_in_moves"} == plain.to_dict()
    assert GameRecord.from_json(record.to_json()) == record
    assert "stand_in_moves" not in plain.to_dict()  # none made: the key is not written


def test_an_old_record_without_the_key_loads_with_no_stand_in_move() -> None:
    record = GameRecord.from_json(OLD.read_text())
    assert record.stand_in_moves == []
    assert record.to_dict() == json.loads(OLD.read_text())


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("2", "ascending move indices"),
        ([True], "ascending move indices"),
        ([0, 0], "ascending move indices"),
        ([2, 0], "ascending move indices"),
        ([-1], "ascending move indices"),
        ([10_000], "ascending move indices"),
    ],
)
def test_a_malformed_stand_in_key_is_refused(value: object, message: str) -> None:
    data = _record().to_dict()
    data["stand_in_moves"] = value
    before = json.dumps(data)
    with pytest.raises(RecordError, match=message):
        GameRecord.from_dict(data)
    assert json.dumps(data) == before


def test_a_bot_seat_has_no_stand_in() -> None:
    data = _record().to_dict()
    data["stand_in_moves"] = [next(i for i, (seat, _) in enumerate(data["moves"]) if seat == 1)]
    with pytest.raises(RecordError, match="a stand-in plays only for a person"):
        GameRecord.from_dict(data)
