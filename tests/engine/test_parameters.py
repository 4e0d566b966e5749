"""Rule parameters: checked values, one game instance per setting, records that keep them
(format 3) and replay, saves that load with them, and the rulebook's games unchanged by them."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from potager import agents, games
from potager.arena.match import play_match
from potager.engine import GameRecord, Parameter, RecordError
from potager.engine.parameters import changes

RECORDS = Path(__file__).with_name("records")
KR = games.get("kraut-und-rueben")
TUNED = {"match_games": 2, "cup_points": 0, "match_starts": "trailing"}


def test_a_parameter_reads_numbers_tables_and_choices_from_text_or_json() -> None:
    number = Parameter(3, "a number", low=0, high=10)
    table = Parameter((1, 2, 3), "a table", low=-9, high=9)
    choice = Parameter("a", "a choice", choices=("a", "b"))
    assert number.check("n", "g", " 7 ") == 7 and number.check("n", "g", 0) == 0
    assert table.check("t", "g", "3,-2,1") == (3, -2, 1) == table.check("t", "g", [3, -2, 1])
    assert choice.check("c", "g", "b") == "b"
    assert (number.describe(), table.describe(), choice.describe()) == (
        "int 0..10",
        "3 ints -9..9",
        "a|b",
    )
    assert table.text((1, 2, 3)) == "1,2,3"


@pytest.mark.parametrize(
    ("parameter", "value", "message"),
    [
        (Parameter(3, "n", low=0, high=10), 11, r"parameter x of g takes int 0\.\.10, not 11"),
        (Parameter(3, "n", low=0, high=10), "three", "takes int 0..10, not 'three'"),
        (Parameter(3, "n", low=0, high=10), True, "not True"),
        (Parameter((1, 2), "t", low=0, high=9), "1,2,3", "a table of 2 numbers, not 3"),
        (Parameter((1, 2), "t", low=0, high=9), "1,x", r"takes 2 ints 0\.\.9, not '1,x'"),
        (Parameter((1, 2), "t", low=0, high=9), [1, 10], r"not \[1, 10\]"),
        (Parameter("a", "c", choices=("a", "b")), "c", r"takes a\|b, not 'c'"),
    ],
)
def test_a_bad_value_is_refused_with_what_the_parameter_takes(
    parameter: Parameter, value: Any, message: str
) -> None:
    with pytest.raises(ValueError, match=message) as caught:
        parameter.check("x", "g", value)
    assert caught.value.args[0].template.startswith("parameter {name} of {game}")


def test_a_parameter_s_default_must_be_one_of_its_choices_and_a_number_needs_a_range() -> None:
    with pytest.raises(ValueError, match="not one of"):
        Parameter("c", "c", choices=("a", "b"))
    with pytest.raises(ValueError, match="needs its range"):
        Parameter(3, "n")


def test_changes_leave_the_defaults_out_and_name_unknown_parameters() -> None:
    spec = {"cup": Parameter(3, "cup", low=0, high=9)}
    assert changes(spec, "g", {"cup": "3"}) == {}
    assert changes(spec, "g", {"cup": "4"}) == {"cup": 4}
    with pytest.raises(ValueError, match="unknown parameter 'cop' for g; parameters: cup"):
        changes(spec, "g", {"cop": 1})
    with pytest.raises(ValueError, match="g has no rule parameters, not 'cup'"):
        changes({}, "g", {"cup": 1})


def test_a_tuned_game_is_one_instance_per_setting_and_the_rulebook_s_is_the_registry_s() -> None:
    tuned = KR.tuned(TUNED)
    assert tuned is KR.tuned({k: str(v) for k, v in TUNED.items()}) and tuned is not KR
    assert tuned.tuning == dict(sorted(TUNED.items())) and KR.tuning == {}
    assert KR.tuned({}) is KR.tuned(None) is KR.tuned({"cup_points": 3}) is KR
    assert tuned.tuned({}) is KR
    assert (tuned.value("cup_points"), KR.value("cup_points")) == (0, 3)
    assert tuned.name == KR.name and tuned.numbering(2) == KR.numbering(2)


def test_a_refused_setting_changes_nothing() -> None:
    before = dict(KR.tuning)
    with pytest.raises(ValueError, match="parameter cup_points of kraut-und-rueben takes"):
        KR.new_game(2, 1, params={"cup_points": -1})
    with pytest.raises(ValueError, match="cannot fill the 5 gardens of 2 players"):
        KR.new_game(2, 1, params={"tomato_tiles": 0, "carrot_tiles": 0})
    assert KR.tuning == before
    state = KR.new_game(2, 1)
    assert state.game is KR and state.record.params == {}


def test_a_record_with_parameters_is_format_3_and_replays_with_them() -> None:
    bots = [agents.make("heuristic", KR)] * 2
    state = play_match(KR, bots, 3, {"match": True}, params=TUNED)
    assert state.game is KR.tuned(TUNED) and len(state.result().details["games"]) == 2
    data = state.record.to_dict()
    assert data["format"] == 3 and data["params"] == dict(sorted(TUNED.items()))
    record = GameRecord.from_json(json.dumps(data))
    assert record == state.record
    again = games.replay(record)
    assert again.game is state.game and again.result() == state.result()
    without = GameRecord.from_dict({**data, "format": 2, "params": None})
    with pytest.raises(RecordError, match="is illegal|played by other rules"):
        games.replay(without)


def test_the_committed_format_3_record_replays() -> None:
    data = json.loads((RECORDS / "format-3" / "kraut-und-rueben.json").read_text())
    record = GameRecord.from_dict(data)
    assert record.params["lower_points"] == (1, 2, 3, 3, 2)
    state = games.replay(record)
    assert state.game.tuning == record.params and state.record.to_dict()["format"] == 3


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"format": 2}, "'params' needs format 3, not 2"),
        ({"params": {}}, "must be an object naming the changed parameters"),
        ({"params": {"cup_points": 1.5}}, "entry 'cup_points' must be a number, a name or"),
    ],
)
def test_malformed_parameters_in_a_record_are_refused(change: dict[str, Any], message: str) -> None:
    data = {**KR.new_game(2, 1, params={"cup_points": 1}).record.to_dict(), **change}
    with pytest.raises(RecordError, match=message):
        GameRecord.from_dict(data)


def test_a_record_with_a_value_the_game_refuses_cannot_start_a_game() -> None:
    data = KR.new_game(2, 1, params={"cup_points": 1}).record.to_dict()
    data["params"] = {"cup_points": 99}
    with pytest.raises(RecordError, match="record cannot start a game: parameter cup_points"):
        games.replay(GameRecord.from_dict(data))


def test_a_save_with_parameters_loads_with_them() -> None:
    state = KR.new_game(2, 4, {"match": True}, params=TUNED)
    for _ in range(7):
        seat = state.to_move[0]
        state.apply(seat, state.legal_actions(seat)[0])
    saved = KR.save(state)
    loaded = KR.load(json.loads(json.dumps(saved)))
    assert loaded.game is state.game and loaded.view(0) == state.view(0)


def test_seeded_games_with_the_default_parameters_play_as_before() -> None:
    """The moves of seeded games, written by the code before rule parameters existed."""
    for case in json.loads((Path(__file__).with_name("seeded-moves.json")).read_text()):
        game = games.get(case["game"])
        defaults = {name: p.default for name, p in game.parameters.items()}
        for params in (None, defaults):
            bots = [agents.make(case["bots"], game) for _ in range(case["players"])]
            state = play_match(game, bots, case["seed"], case["variant"], params=params)
            digest = hashlib.sha256(json.dumps(state.record.moves).encode()).hexdigest()[:16]
            assert (digest, list(state.result().scores)) == (case["digest"], case["scores"])
            assert state.game is game


def test_a_tuned_game_has_the_pieces_of_the_game_it_was_tuned_from() -> None:
    assert games.pieces(KR.tuned(TUNED)) is games.pieces(KR)
