"""Records that outlive the code: format 2 keeps each move's notation beside its index and the
action numbering's fingerprint; older records (format 1, and the one before seats) still load."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest

import potager
from potager import games
from potager.engine import GameRecord, RecordError, Result, State
from tests.invariants import snapshot

RECORDS = Path(__file__).with_name("records")
FORMAT_1 = sorted((RECORDS / "format-1").glob("*.json"))
FORMAT_2 = sorted((RECORDS / "format-2").glob("*.json"))


def played(name: str, players: int, seed: int, plies: int = 10**6) -> State:
    game = games.get(name)
    state = game.new_game(players, seed)
    rng = random.Random(seed)
    while not state.is_over and len(state.moves) < plies:
        seat = rng.choice(state.to_move)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


@pytest.mark.parametrize("path", FORMAT_1, ids=lambda p: p.stem)
def test_a_format_1_record_loads_replays_and_is_written_as_it_was(path: Path) -> None:
    text = path.read_text()
    record = GameRecord.from_json(text)
    assert record.numbering is None and record.notation is None and record.potager is None
    state = games.replay(record)
    assert record.result is not None and state.result().scores == record.result.scores
    assert json.loads(record.to_json()) == json.loads(text)
    upgraded = state.record
    assert upgraded.to_dict()["format"] == 2 and upgraded.moves == record.moves


@pytest.mark.parametrize("path", FORMAT_2, ids=lambda p: p.stem)
def test_a_committed_format_2_record_replays(path: Path) -> None:
    record = GameRecord.from_json(path.read_text())
    game = games.get(record.game)
    assert record.numbering == game.numbering(record.players, record.variant), (
        "the action numbering changed: keep this record as it is (it now tests the replay by "
        "notation) and commit one of the new numbering beside it"
    )
    state = games.replay(record)
    assert state.record.notation == record.notation


def test_fixtures_cover_every_game() -> None:
    assert {p.stem for p in FORMAT_1} == {p.stem for p in FORMAT_2} == set(games.names())


@pytest.mark.parametrize("name", games.names())
def test_a_new_record_keeps_notation_numbering_and_version(name: str) -> None:
    state = played(name, games.get(name).min_players, 3, plies=40)
    data = state.record.to_dict()
    assert data["format"] == 2 and data["potager"] == potager.__version__
    assert data["numbering"] == state.game.numbering(state.players, state.variant)
    assert data["notation"] == [state.action_to_str(a) for _, a in state.moves]
    again = GameRecord.from_json(state.record.to_json())
    assert again == state.record
    assert snapshot(games.replay(again)) == snapshot(state)


def test_the_fingerprint_changes_with_the_numbering_only() -> None:
    game = games.get("garden-rush")
    plain, tools = game.numbering(2), game.numbering(2, {"tools_and_moles": True})
    assert plain != tools and plain == game.numbering(2, {"stuck": "lose"})
    kraut = games.get("kraut-und-rueben")
    assert kraut.numbering(2) != kraut.numbering(3)


def renumbered(record: GameRecord, rng: random.Random) -> GameRecord:
    """``record`` as code with another action numbering (a permutation) would have written it."""
    game = games.get(record.game)
    size = game.num_actions(record.players, record.variant)
    order = list(range(size))
    rng.shuffle(order)
    return replace(
        record,
        moves=[(seat, order[a]) for seat, a in record.moves],
        numbering="0123456789abcdef",
        potager="0.1.0",
    )


@pytest.mark.parametrize("name", games.names())
def test_a_record_of_another_numbering_replays_by_notation(name: str) -> None:
    state = played(name, games.get(name).max_players, 5)
    old = renumbered(replace(state.record, result=state.result()), random.Random(1))
    again = games.replay(GameRecord.from_json(old.to_json()))
    assert snapshot(again) == snapshot(state) and again.moves == state.moves


def test_a_record_of_another_numbering_fails_where_its_notation_does() -> None:
    state = played("heuschrecken-poker", 3, 2, plies=12)
    old = renumbered(state.record, random.Random(2))
    assert old.notation is not None
    old.notation[4] = "teleport"
    with pytest.raises(RecordError, match=r"Potager 0\.1\.0 .* move 4 .*'teleport'"):
        games.replay(old)


def test_a_record_whose_notation_contradicts_its_indices_is_corrupt() -> None:
    record = played("pas-de-haricots", 3, 4, plies=12).record
    assert record.notation is not None
    record.notation[3], record.notation[5] = record.notation[5], record.notation[3]
    if record.notation[3] != record.notation[5]:
        with pytest.raises(RecordError, match="move 3 .* corrupt"):
            games.replay(record)


def test_a_record_that_ends_otherwise_here_is_refused() -> None:
    state = played("kraut-und-rueben", 2, 6)
    result = state.result()
    wrong = Result(tuple(s + 1 for s in result.scores), result.winners, {})
    with pytest.raises(RecordError, match="ended with scores .* other rules"):
        games.replay(replace(state.record, result=wrong))
    unfinished = replace(state.record, moves=state.moves[:-1], notation=None, result=result)
    with pytest.raises(RecordError, match="does not end"):
        games.replay(unfinished)


def test_the_first_moves_of_a_finished_record_replay_as_that_position() -> None:
    state = played("kraut-und-rueben", 2, 6)
    record = replace(state.record, stand_in_moves=[1, 5])
    ply = len(record.moves) // 2
    first = record.first(ply)
    assert record.notation is not None
    assert first.result is None and first.notation == record.notation[:ply]
    assert first.stand_in_moves == [p for p in (1, 5) if p < ply]
    again = games.replay(first)
    assert again.moves == state.moves[:ply]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"notation": ["1"]}, "'notation' must be a list of"),
        ({"numbering": 7}, "'numbering' must be"),
        ({"potager": None}, "'potager' must be"),
        ({"format": 4}, "unsupported record format 4: .* reads formats 1 to 3"),
    ],
)
def test_malformed_format_2_records_are_refused(change: dict[str, object], message: str) -> None:
    data = {**played("garden-rush", 2, 1, plies=6).record.to_dict(), **change}
    with pytest.raises(RecordError, match=message):
        GameRecord.from_dict(data)
