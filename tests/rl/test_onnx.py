"""The bot level ``onnx:PATH``: a policy exported to ONNX by another library plays from its own
seat's encoded view, only legal actions, and refuses models it cannot play. The models are made
here with the ``onnx`` package's helpers (no deep-learning framework); the MaskablePPO example's
committed export is played too."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import numpy as np
import pytest

from potager import agents, games
from potager.arena.match import play_match
from potager.arena.simulate import InlineBackend, simulate
from potager.engine import Game
from potager.rl import sb3_example
from potager.rl.doc import example_options
from potager.rl.encoding import encoder
from potager.rl.onnx_policy import MASK_INPUT, OnnxPolicy, label

onnx = pytest.importorskip("onnx", reason="the dev extra brings onnx, which builds these models")
from onnx import TensorProto, helper, numpy_helper  # noqa: E402

ROOT = Path(__file__).parents[2]
EXAMPLE = ROOT / "models" / "heuschrecken-poker-2p-maskableppo.onnx"


def linear_model(
    path: Path,
    weights: np.ndarray,
    bias: np.ndarray,
    *,
    mask_input: str | None = None,
    dtype: int = TensorProto.FLOAT,
) -> Path:
    """``logits = observation @ weights + bias`` saved at ``path``; with ``mask_input`` an extra
    input of that name whose values are the output instead (to see what the bot feeds it)."""
    size, actions = weights.shape
    nodes = [
        helper.make_node("MatMul", ["observation", "W"], ["h"]),
        helper.make_node("Add", ["h", "B"], ["linear"]),
    ]
    inputs = [helper.make_tensor_value_info("observation", dtype, ["batch", size])]
    if mask_input is None:
        nodes.append(helper.make_node("Identity", ["linear"], ["logits"]))
    else:
        inputs.append(
            helper.make_tensor_value_info(mask_input, TensorProto.FLOAT, ["batch", actions])
        )
        nodes.append(helper.make_node("Identity", [mask_input], ["logits"]))
    numpy_type = np.float64 if dtype == TensorProto.DOUBLE else np.float32
    graph = helper.make_graph(
        nodes,
        "linear-policy",
        inputs,
        [helper.make_tensor_value_info("logits", dtype, ["batch", actions])],
        initializer=[
            numpy_helper.from_array(weights.astype(numpy_type), "W"),
            numpy_helper.from_array(bias.astype(numpy_type), "B"),
        ],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    model.ir_version = 9  # what onnxruntime releases of the last years read
    onnx.save(model, str(path))
    return path


def random_linear(path: Path, game: Game, players: int, seed: int = 0) -> tuple[np.ndarray, ...]:
    size = encoder(game, players).layout.size
    actions = game.num_actions(players, game.resolve_variant({}))
    rng = np.random.default_rng(seed)
    weights, bias = rng.standard_normal((size, actions)), rng.standard_normal(actions)
    linear_model(path, weights, bias)
    label(path, game, players)
    return weights.astype(np.float32), bias.astype(np.float32)


@pytest.mark.parametrize("name", games.names())
def test_an_onnx_policy_plays_its_best_legal_action_from_its_own_view(
    tmp_path: Path, name: str
) -> None:
    game = games.get(name)
    players = game.min_players
    weights, bias = random_linear(tmp_path / "p.onnx", game, players)
    bot = agents.make(f"onnx:{tmp_path / 'p.onnx'}", game)
    enc = encoder(game, players)
    state = game.new_game(players, seed=3)
    rng = random.Random(3)
    checked = 0
    while not state.is_over and checked < 40:
        seat = state.to_move[0]
        view, legal = state.view(seat), state.legal_actions(seat)
        action = bot.act(game, view, seat, legal, rng)
        scores = enc.encode(view, seat) @ weights + bias
        assert action in legal and scores[action] == pytest.approx(scores[legal].max(), abs=1e-4)
        # A state the seat cannot tell from this one (resampled from its view): the same move.
        twin = game.sample(view, seat, rng)
        assert bot.act(game, twin.view(seat), seat, twin.legal_actions(seat), rng) == action
        state.apply(seat, action)
        checked += 1
    assert checked > 5


def test_an_onnx_policy_is_a_bot_level_everywhere_a_level_is(tmp_path: Path) -> None:
    game = games.get("heuschrecken-poker")
    random_linear(tmp_path / "hp.onnx", game, 2)
    level = f"onnx:{tmp_path / 'hp.onnx'}"
    state = play_match(game, [agents.make(level, game), agents.make("heuristic", game)], seed=5)
    assert state.is_over
    summary = simulate(game.name, [level, "random"], 2, seed=1, backend=InlineBackend())
    assert summary.seat_lines()[0].bot == level
    assert agents.describe(level).endswith(f"exported to ONNX at {tmp_path / 'hp.onnx'}")
    assert agents.title(level) == agents.title("policy:x") == "Trained"


def test_the_mask_input_gets_the_legal_actions_and_doubles_are_read(tmp_path: Path) -> None:
    game = games.get("garden-rush")
    size, actions = encoder(game, 2).layout.size, game.num_actions(2, {})
    zeros = np.zeros((size, actions)), np.zeros(actions)
    masked = linear_model(tmp_path / "m.onnx", *zeros, mask_input=MASK_INPUT)
    label(masked, game, 2)
    state = game.new_game(2, seed=1)
    legal = state.legal_actions(0)
    bot = OnnxPolicy(str(masked), game)
    obs = encoder(game, 2).encode(state.view(0), 0)
    mask = np.zeros(actions, np.float32)
    mask[legal] = 1.0
    np.testing.assert_array_equal(bot.scores(obs, mask), mask)
    bias = -np.arange(actions, dtype=np.float64)  # the lowest action scores highest
    double = linear_model(tmp_path / "d.onnx", zeros[0], bias, dtype=TensorProto.DOUBLE)
    label(double, game, 2)
    chosen = OnnxPolicy(str(double), game).act(game, state.view(0), 0, legal, random.Random(0))
    assert chosen == legal[0]


def test_models_it_cannot_play_are_refused_with_a_reason(tmp_path: Path) -> None:
    hp, gr = games.get("heuschrecken-poker"), games.get("garden-rush")
    size, actions = encoder(hp, 2).layout.size, hp.num_actions(2, {})
    unlabelled = linear_model(tmp_path / "u.onnx", np.zeros((size, actions)), np.zeros(actions))
    with pytest.raises(ValueError, match="does not say what it was trained for"):
        agents.make(f"onnx:{unlabelled}", hp)
    label(unlabelled, hp, 2)
    with pytest.raises(ValueError, match="trained for heuschrecken-poker, not garden-rush"):
        agents.make(f"onnx:{unlabelled}", gr)
    label(unlabelled, hp, 3)  # relabelled: a 3-player policy with a 2-player input
    with pytest.raises(ValueError, match=r"float \[batch, \d+\] observations"):
        agents.make(f"onnx:{unlabelled}", hp)
    three = tmp_path / "three.onnx"
    random_linear(three, hp, 3)
    state = hp.new_game(2, seed=1)
    with pytest.raises(ValueError, match="trained for 3 players, not 2"):
        agents.make(f"onnx:{three}", hp).act(hp, state.view(0), 0, [0, 1], random.Random(0))
    other = linear_model(
        tmp_path / "o.onnx", np.zeros((size, actions)), np.zeros(actions), mask_input="legal"
    )
    label(other, hp, 2)
    with pytest.raises(ValueError, match="has an input 'legal'"):
        agents.make(f"onnx:{other}", hp)
    (tmp_path / "bad.onnx").write_text("not a model")
    with pytest.raises(ValueError, match="cannot load an ONNX policy"):
        agents.make(f"onnx:{tmp_path / 'bad.onnx'}", hp)
    with pytest.raises(ValueError, match="cannot load an ONNX policy"):
        agents.make(f"onnx:{tmp_path / 'missing.onnx'}", hp)


def test_the_level_names_its_extra_when_onnxruntime_is_missing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = games.get("garden-rush")
    random_linear(tmp_path / "gr.onnx", game, 2)
    monkeypatch.setitem(sys.modules, "onnxruntime", None)  # as if not installed
    with pytest.raises(ValueError, match=r"needs the onnx extra \(onnxruntime is missing\)"):
        agents.make(f"onnx:{tmp_path / 'gr.onnx'}", game)


def test_the_maskableppo_example_export_plays_as_a_bot_level() -> None:
    """The export that docs/rl.md's MaskablePPO example committed: whole legal games."""
    game = games.get("heuschrecken-poker")
    level = f"onnx:{EXAMPLE}"
    summary = simulate(game.name, [level, "heuristic"], 4, seed=2, backend=InlineBackend())
    assert len(summary.rows) == 4 and summary.seat_lines()[0].bot == level


def test_the_example_runs_only_with_its_extra_and_its_options_are_in_the_docs(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``potager.rl.sb3_example`` imports PyTorch and sb3-contrib only to run: its settings, its
    ``--help`` and docs/rl.md's table of them need neither."""
    for module in ("torch", "sb3_contrib"):
        monkeypatch.setitem(sys.modules, module, None)  # as if not installed
    assert sb3_example.main(["--timesteps", "1000"]) == 1
    assert "needs the sb3 extra (torch is missing)" in capsys.readouterr().err
    args = sb3_example.parser().parse_args(["--timesteps", "1000"])
    assert sb3_example.Settings(**vars(args)) == sb3_example.Settings(timesteps=1000)
    docs = (ROOT / "docs" / "rl.md").read_text(encoding="utf-8")
    assert example_options() in docs
