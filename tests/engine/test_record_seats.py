"""Records carry who sat where and the result; records written before they did still load."""

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
"""A finished game's record as the code before seat holders wrote it (no 'seats', no 'result')."""


def test_an_old_record_still_loads_and_replays() -> None:
    record = GameRecord.from_json(OLD.read_text())
    assert record.seats is None and record.result is None
    state = games.replay(record)
    assert state.is_over and record.to_dict() == json.loads(OLD.read_text())


def test_a_signed_record_round_trips_with_its_seats_and_result() -> None:
    state = games.get("heuschrecken-poker").new_game(3, 4)
    random_playout(state, random.Random(2))
    holders = [SeatHolder.person("Ada"), SeatHolder.bot("heuristic"), SeatHolder.person()]
    record = signed(state, holders)
    assert record.result == state.result() and record.seats == holders
    again = GameRecord.from_json(record.to_json())
    assert again == record
    assert [h.label for h in again.seats or []] == ["Ada", "heuristic bot", "a person"]
    assert games.replay(again).result() == state.result()


def test_an_unfinished_game_is_signed_without_a_result() -> None:
    state = games.get("heuschrecken-poker").new_game(2, 4)
    record = signed(state, [SeatHolder.person("Ada"), SeatHolder.bot("random")])
    assert record.result is None and "result" not in record.to_dict()
    with pytest.raises(ValueError, match="2 seats need 2 holders"):
        signed(state, [SeatHolder.person("Ada")])


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"seats": [{"kind": "person", "name": "Ada"}]}, "a list of 2 seat holders"),
        ({"seats": [{"kind": "person"}, {"kind": "robot"}]}, "'seats' entry 1 must be"),
        ({"seats": [{"kind": "bot"}, {"kind": "person"}]}, "'seats' entry 0 must be"),
        ({"seats": ["Ada", "Bob"]}, "'seats' entry 0 must be an object"),
        ({"result": [1, 2]}, "'result' must be an object"),
        ({"result": {"scores": [1], "winners": [0]}}, "a list of 2 numbers"),
        ({"result": {"scores": [1, 2], "winners": [5]}}, "'winners', a list of seats"),
        ({"result": {"scores": [1, 2], "winners": [1], "details": 3}}, "'details'"),
    ],
)
def test_malformed_seats_and_results_are_refused(change: dict[str, object], message: str) -> None:
    data = json.loads(OLD.read_text()) | change
    with pytest.raises(RecordError, match=message):
        GameRecord.from_dict(data)


def test_seat_holders_are_not_needed_to_replay() -> None:
    record = GameRecord.from_json(OLD.read_text())
    holders = [SeatHolder.bot("random"), SeatHolder.bot("random")]
    signed_record = replace(record, seats=holders)
    assert games.replay(signed_record).view(None) == games.replay(record).view(None)
