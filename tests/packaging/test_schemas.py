"""The JSON Schemas of potager/schemas hold for what Potager really writes: records (both
formats), saved states, analyses, and the simulate and tournament commands' JSON."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from typer.testing import CliRunner

import potager
from potager import games
from potager.cli.main import app
from potager.schemas import NAMES, Name, schema

RECORDS = Path(__file__).parents[1] / "engine" / "records"
runner = CliRunner()
REGISTRY: Registry[Any] = Registry().with_resources(
    (schema(name)["$id"], Resource.from_contents(schema(name))) for name in NAMES
)


def errors(name: Name, document: Any) -> list[str]:
    validator = Draft202012Validator(schema(name), registry=REGISTRY)
    return [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(document)]


def cli_json(args: list[str], tmp_path: Path) -> Any:
    result = runner.invoke(app, args, env={"COLUMNS": "120"})
    assert result.exit_code == 0, result.output[-3000:]
    return json.loads(result.stdout)


@pytest.mark.parametrize("name", NAMES)
def test_every_schema_is_a_valid_draft_2020_12_schema(name: Name) -> None:
    Draft202012Validator.check_schema(schema(name))


@pytest.mark.parametrize("path", sorted(RECORDS.rglob("*.json")), ids=lambda p: p.stem)
def test_committed_records_of_every_format_hold(path: Path) -> None:
    assert errors("record", json.loads(path.read_text())) == []


@pytest.mark.parametrize("name", games.names())
def test_new_records_and_saves_hold(name: str) -> None:
    game = games.get(name)
    state = game.new_game(game.max_players, 4)
    rng = random.Random(4)
    for _ in range(30):
        seat = rng.choice(state.to_move)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    record = state.record.to_dict()
    assert errors("record", record) == []
    save = json.loads(json.dumps(game.save(state)))
    assert errors("save", save) == [] and save["potager"] == potager.__version__


def test_a_format_2_record_without_notation_or_a_format_1_with_it_fails() -> None:
    record = json.loads((RECORDS / "format-2" / "garden-rush.json").read_text())
    del record["notation"]
    assert errors("record", record)
    old = json.loads((RECORDS / "format-1" / "garden-rush.json").read_text())
    assert errors("record", {**old, "numbering": "0123456789abcdef"})


def test_an_analysis_holds(tmp_path: Path) -> None:
    path = RECORDS / "format-2" / "heuschrecken-poker.json"
    args = ["analyse", str(path), "--seat", "0", "--iterations", "5", "--json", "-"]
    analysis = cli_json(args, tmp_path)
    assert errors("analysis", analysis) == [] and analysis["potager"] == potager.__version__


def test_simulate_json_holds(tmp_path: Path) -> None:
    args = ["simulate", "pas-de-haricots", "-n", "3", "--seed", "2", "--json", "--workers", "1"]
    totals = cli_json(args, tmp_path)
    assert errors("simulate", totals) == [] and totals["format"] == 1


def test_tournament_json_holds(tmp_path: Path) -> None:
    database = f"sqlite:///{tmp_path / 'potager.db'}"
    args = ["tournament", "heuschrecken-poker", "--bots", "heuristic,random", "-n", "3"]
    args += ["--database", database, "--bootstrap", "5", "--workers", "1", "--json"]
    standings = cli_json(args, tmp_path)
    assert errors("tournament", standings) == [] and standings["format"] == 1


def test_a_record_with_rule_parameters_holds_and_its_format_needs_them() -> None:
    game = games.get("kraut-und-rueben")
    data = game.new_game(2, 1, {"match": True}, params={"cup_points": 1}).record.to_dict()
    assert data["format"] == 3 and errors("record", data) == []
    assert errors("record", {**data, "format": 2}) != []
    assert errors("record", {k: v for k, v in data.items() if k != "params"}) != []
