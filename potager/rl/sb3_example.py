"""``python -m potager.rl.sb3_example``: sb3-contrib's MaskablePPO on a game, exported to ONNX.

The worked example of docs/rl.md. The Gymnasium environment (`PotagerSingle`) against a bot
level, one environment per learner's seat, observations as the plain vector (the mask goes to
MaskablePPO through the environment's ``action_masks()``); MaskablePPO learns from a given
number of steps; its policy's action logits are exported to ONNX with what it was trained for
(`potager.rl.onnx_policy.label`), so that the file is the bot level ``onnx:PATH``; that bot
level, before training and after, plays the opponent with the seats alternating
(`potager.arena.simulate`), and the win shares are printed with their 95% Wilson intervals and
written beside the model as JSON. The ``sb3`` extra (sb3-contrib, Stable-Baselines3, PyTorch,
onnx) is imported where it is used: ``--help`` and the settings need none of it.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import sys
import time
import warnings
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import gymnasium
from gymnasium.wrappers import TransformObservation

from potager import games
from potager.arena.simulate import simulate

from . import options
from .onnx_policy import LEVEL_PREFIX, label
from .options import option
from .single import PotagerSingle


@dataclass
class Settings:
    """One run; each field is the command line's option of that name (``--help``)."""

    game: str = option(
        "heuschrecken-poker",
        f"the game to learn: {', '.join(games.names())}",
        choices=games.names(),
    )
    players: int = option(2, "player count (the exported policy plays this many only)")
    opponent: str = option("heuristic", "bot level of the other seats")
    timesteps: int = option(250_000, "steps of the learner to learn from (total_timesteps)")
    n_steps: int = option(1024, "steps of each environment (one a learner's seat) in a rollout")
    seed: int = option(1, "seed of MaskablePPO, the environments and the measures")
    first_games: int = option(200, "games of the untrained policy, seats alternating")
    final_games: int = option(1000, "games of the trained policy, seats alternating")
    out: str = option(
        "models/heuschrecken-poker-2p-maskableppo.onnx",
        "the ONNX file; the figures go beside it as .json",
    )


def vector_env(settings: Settings, seat: int) -> Callable[[], gymnasium.Env[Any, Any]]:
    """A maker of the learner's environment at ``seat``, observing the plain float32 vector."""

    def make() -> gymnasium.Env[Any, Any]:
        env = PotagerSingle(settings.game, settings.players, opponents=settings.opponent, seat=seat)
        space = env.observation_space["observation"]  # type: ignore[index]
        return TransformObservation(env, lambda obs: obs["observation"], space)

    return make


def export(model: Any, settings: Settings, path: Path) -> None:
    """The action logits of ``model``'s policy (a MaskablePPO) as an ONNX model at ``path``,
    labelled with what it plays."""
    import torch

    class Logits(torch.nn.Module):
        def __init__(self, policy: Any) -> None:
            super().__init__()
            self.policy = policy

        def forward(self, observation: torch.Tensor) -> Any:
            policy = self.policy
            features = policy.extract_features(observation, policy.pi_features_extractor)
            return policy.action_net(policy.mlp_extractor.forward_actor(features))

    game = games.get(settings.game)
    size = int(model.observation_space.shape[0])
    path.parent.mkdir(parents=True, exist_ok=True)
    with warnings.catch_warnings():
        # The TorchScript-based exporter (one self-contained file, no onnxscript to install),
        # which warns that it is deprecated.
        warnings.simplefilter("ignore", DeprecationWarning)
        torch.onnx.export(
            Logits(model.policy).eval(),
            (torch.zeros(1, size),),
            str(path),
            input_names=["observation"],
            output_names=["logits"],
            dynamic_axes={"observation": {0: "batch"}, "logits": {0: "batch"}},
            dynamo=False,
        )
    label(path, game, settings.players)


def measure(settings: Settings, path: Path, count: int, seed: int) -> dict[str, Any]:
    """The ONNX policy at ``path`` against the opponent over ``count`` games, seats alternating:
    its win share (ties split) and 95% Wilson interval."""
    level = f"{LEVEL_PREFIX}{path}"
    bots = [level, *[settings.opponent] * (settings.players - 1)]
    summary = simulate(settings.game, bots, count, seed=seed, rotate=True)
    (line,) = [line for line in summary.bot_lines() if line.bot == level]
    return {"games": count, "win_share": line.win_rate, "interval": list(line.ci95)}


def run(settings: Settings, log: Callable[[str], object] = print) -> dict[str, Any]:
    """Learn, export and measure (`Settings`); the figures, written as JSON beside the model."""
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.vec_env import DummyVecEnv

    torch.set_num_threads(1)
    out = Path(settings.out)
    venv = DummyVecEnv([vector_env(settings, seat) for seat in range(settings.players)])
    model = MaskablePPO("MlpPolicy", venv, n_steps=settings.n_steps, seed=settings.seed)
    export(model, settings, out)
    first = measure(settings, out, settings.first_games, settings.seed)
    log(f"untrained: {first['win_share']:.3f} of {first['games']} games")
    started, cpu = time.perf_counter(), time.process_time()
    model.learn(total_timesteps=settings.timesteps)
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    load = os.getloadavg()[0]
    export(model, settings, out)
    final = measure(settings, out, settings.final_games, settings.seed + 1)
    summary = {
        **asdict(settings),
        "steps_learned": int(model.num_timesteps),  # whole rollouts: a multiple of n_steps
        "training_seconds": round(seconds, 1),
        "training_cpu_seconds": round(cpu, 1),
        "load_average": round(load, 1),
        "untrained": first,
        "final": final,
        "versions": {
            "sb3_contrib": _version("sb3_contrib"),
            "stable_baselines3": _version("stable_baselines3"),
            "torch": torch.__version__,
        },
    }
    out.with_suffix(".json").write_text(json.dumps(summary, indent=1) + "\n")
    low, high = final["interval"]
    log(
        f"trained {model.num_timesteps} steps in {seconds / 60:.1f} min (load {load:.1f}): "
        f"win share {final['win_share']:.3f} over {final['games']} games against "
        f"{settings.opponent} (95% {low:.3f}-{high:.3f}); saved {out}"
    )
    return summary


def _version(module: str) -> str:
    from importlib.metadata import version

    return version(module.replace("_", "-"))


def parser() -> argparse.ArgumentParser:
    """The command line: one option per `Settings` field, its default shown by ``--help``."""
    return options.parser(Settings, "python -m potager.rl.sb3_example", __doc__)


def main(argv: Sequence[str] | None = None) -> int:
    settings = Settings(**vars(parser().parse_args(argv)))
    for module in ("torch", "sb3_contrib", "onnx"):
        if importlib.util.find_spec(module) is None:
            print(f"the example needs the sb3 extra ({module} is missing)", file=sys.stderr)
            return 1
    run(settings, log=lambda line: print(line, flush=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
