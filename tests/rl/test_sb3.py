"""docs/rl.md's worked example with sb3-contrib's MaskablePPO (`potager.rl.sb3_example`): it learns,
exports an ONNX model that the bot level ``onnx:PATH`` plays as the torch policy would, and writes
its figures. It needs the ``sb3`` extra (PyTorch), which ``make test`` does not install for its
size: ``make sb3`` installs it and runs this file; the example's committed export is played in
``make test`` by tests/rl/test_onnx.py."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest

pytest.importorskip(
    "sb3_contrib", reason="needs the sb3 extra (PyTorch): `make sb3` installs it and runs this file"
)

from sb3_contrib import MaskablePPO
from stable_baselines3.common.vec_env import DummyVecEnv

from potager import games
from potager.rl.encoding import encoder
from potager.rl.onnx_policy import OnnxPolicy
from potager.rl.sb3_example import Settings, export, run, vector_env
from potager.rl.single import PotagerSingle


def test_the_export_plays_as_the_torch_policy_does(tmp_path: Path) -> None:
    settings = Settings(game="garden-rush", out=str(tmp_path / "gr.onnx"))
    model = MaskablePPO("MlpPolicy", DummyVecEnv([vector_env(settings, 0)]), n_steps=32, seed=0)
    model.learn(64)
    export(model, settings, Path(settings.out))
    game = games.get("garden-rush")
    bot = OnnxPolicy(settings.out, game)
    env = PotagerSingle("garden-rush", opponents="heuristic")
    observation, _ = env.reset(seed=3)
    rng = random.Random(0)
    for _ in range(30):
        state = env.table.current
        if state.is_over:
            break
        mask = env.action_masks()
        expected, _ = model.predict(
            observation["observation"], action_masks=mask, deterministic=True
        )
        chosen = bot.act(game, state.view(0), 0, state.legal_actions(0), rng)
        assert chosen == int(expected) and mask[chosen]
        observation, *_ = env.step(chosen)


def test_the_example_learns_exports_and_measures(tmp_path: Path) -> None:
    out = tmp_path / "hp.onnx"
    settings = Settings(timesteps=64, n_steps=32, first_games=2, final_games=4, out=str(out))
    summary = run(settings, log=lambda line: None)
    assert summary["steps_learned"] >= 64 and summary["final"]["games"] == 4
    low, high = summary["final"]["interval"]
    assert 0.0 <= low <= summary["final"]["win_share"] <= high <= 1.0
    assert json.loads(out.with_suffix(".json").read_text()) == summary
    game = games.get("heuschrecken-poker")
    size = encoder(game, 2).layout.size
    scores = OnnxPolicy(str(out), game).scores(np.zeros(size, np.float32), np.ones(13, np.float32))
    assert scores.shape == (13,) and np.isfinite(scores).all()
