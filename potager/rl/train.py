"""``python -m potager.rl.train`` (``make train``): a masked policy for a game against a bot level.

Two stages, in numpy on the CPU, within a wall-clock budget:

1. *Imitation*: the opponent's own bot plays both seats; the network learns to predict its
   decisions from the encoded views (cross-entropy). This gives the policy the bot's sense of the
   game in a minute instead of many thousands of random games.
2. *PPO* (proximal policy optimisation, clipped, with a value baseline and generalised advantage
   estimation): the policy plays against the bot in the Gymnasium environment (`PotagerSingle`),
   alternating seats, with the end-of-game reward, and learns to beat it.

Rollouts run on a process pool, the update in the main process. The greedy policy is evaluated
against the bot every few iterations (the learning curve, a PNG and its JSON beside the policy);
the best is measured over ``--final-games`` games, seats alternating, with a 95% Wilson interval.
"""

from __future__ import annotations

import argparse
import itertools
import json
import multiprocessing
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np

from potager import agents, games
from potager.agents.action_value import wilson
from potager.engine import Game

from . import options
from .encoding import encoder
from .options import json_object, option
from .policy import Network
from .single import PotagerSingle
from .table import REWARDS

Batch = dict[str, np.ndarray]


@dataclass
class Settings:
    """One training run; each field is the command line's option of that name (``--help``)."""

    game: str = option(
        "heuschrecken-poker",
        f"the game to learn: {', '.join(games.names())}",
        choices=games.names(),
    )
    players: int = option(2, "player count (the policy plays this many only)")
    opponent: str = option("heuristic", "bot level of the other seats, imitated first")
    minutes: float = option(10.5, "wall-clock budget of the training, imitation included")
    imitation_games: int = option(600, "games of the opponent against itself to imitate")
    imitation_epochs: int = option(80, "passes over those decisions, at most")
    imitation_seconds: float = option(150.0, "time for the imitation epochs, at most")
    games_per_iteration: int = option(64, "PPO games played before each update")
    hidden: int = option(128, "units in each of the network's two tanh layers")
    lr: float = option(3e-4, "Adam's learning rate for PPO")
    clip: float = option(0.2, "PPO's clipping of the probability ratio")
    epochs: int = option(4, "passes over an iteration's steps at each update")
    minibatch: int = option(512, "steps in a gradient step")
    entropy: float = option(0.01, "weight of the entropy bonus")
    value: float = option(0.5, "weight of the value loss")
    lam: float = option(0.95, "GAE's lambda (no discount: one reward at the end)")
    eval_every: int = option(8, "iterations between evaluations of the greedy policy")
    eval_games: int = option(100, "games of each evaluation (the learning curve)")
    final_games: int = option(2000, "games of the final measure, on seeds apart from the rest")
    workers: int = option(2, "processes playing the games")
    seed: int = option(1, "seed of the network's first weights and of the imitation")
    reward: str = option(
        "win",
        "the end-of-game reward: win (zero-sum shares of the win, +1/-1 with two players, ties "
        "split) or margin (the score minus the others' mean)",
        choices=REWARDS,
    )
    out: str = option(
        "models/heuschrecken-poker-2p.npz",
        "where the policy goes; its curve (.png) and figures (.json) beside it",
    )
    variant: dict[str, Any] = field(
        default_factory=dict,
        metadata={
            "help": "the game's options as a JSON object, e.g. '{\"tools_and_moles\": true}'",
            "type": json_object,
        },
    )


# -- optimiser ------------------------------------------------------------------------------------
class Adam:
    def __init__(self, params: dict[str, np.ndarray], lr: float) -> None:
        self.lr, self.t = lr, 0
        self.m = {k: np.zeros_like(v) for k, v in params.items()}
        self.v = {k: np.zeros_like(v) for k, v in params.items()}

    def step(self, params: dict[str, np.ndarray], grads: dict[str, np.ndarray]) -> None:
        self.t += 1
        b1, b2 = 0.9, 0.999
        norm = np.sqrt(sum(float((g * g).sum()) for g in grads.values()))
        scale = min(1.0, 0.5 / (norm + 1e-8))  # gradient clipping at a norm of 0.5
        for k, g in grads.items():
            g = g * scale
            self.m[k] = b1 * self.m[k] + (1 - b1) * g
            self.v[k] = b2 * self.v[k] + (1 - b2) * g * g
            mh = self.m[k] / (1 - b1**self.t)
            vh = self.v[k] / (1 - b2**self.t)
            params[k] -= (self.lr * mh / (np.sqrt(vh) + 1e-8)).astype(np.float32)


# -- data from games -------------------------------------------------------------------------------
def imitation_games(task: tuple[Settings, int, int]) -> Batch:
    """The bot on every seat; each decision with a choice as (observation, mask, action)."""
    settings, start, stop = task
    game = games.get(settings.game)
    enc = encoder(game, settings.players, settings.variant)
    n = game.num_actions(settings.players, settings.variant)
    rng = random.Random(start)
    obs, masks, actions = [], [], []
    for index in range(start, stop):
        bots = [agents.make(settings.opponent, game) for _ in range(settings.players)]
        state = game.new_game(settings.players, seed=index, variant=settings.variant)
        while not state.is_over:
            seat = state.to_move[0]
            view, legal = state.view(seat), state.legal_actions(seat)
            action = bots[seat].act(game, view, seat, legal, rng)
            if len(legal) > 1:
                obs.append(enc.encode(view, seat))
                mask = np.zeros(n, np.float32)
                mask[legal] = 1.0
                masks.append(mask)
                actions.append(action)
            state.apply(seat, action)
    return {"obs": np.array(obs), "masks": np.array(masks), "actions": np.array(actions)}


def rollouts(task: tuple[Settings, Network, int, int, bool]) -> tuple[Batch, list[float]]:
    """Games against the bot (seats alternating), sampling the policy (or playing it greedily
    with ``greedy``): the steps with their probabilities and values, and each game's reward."""
    settings, network, start, stop, greedy = task
    envs = [
        PotagerSingle(
            settings.game,
            settings.players,
            settings.variant,
            opponents=settings.opponent,
            seat=seat,
            reward=settings.reward,  # type: ignore[arg-type]
        )
        for seat in range(settings.players)
    ]
    rng = np.random.default_rng(start + 7919)
    steps: dict[str, list[Any]] = {k: [] for k in ("obs", "masks", "actions", "logp", "values")}
    returns, ends, outcomes = [], [], []
    for index in range(start, stop):
        env = envs[index % settings.players]
        observation, _ = env.reset(seed=index)
        done, reward, first = False, 0.0, len(steps["obs"])
        while not done:
            obs = observation["observation"][None, :]
            mask = observation["action_mask"][None, :].astype(np.float32)
            probs, value, _ = network.forward(obs, mask)
            p = probs[0].astype(np.float64)
            action = int(p.argmax()) if greedy else int(rng.choice(len(p), p=p / p.sum()))
            for key, item in zip(
                steps, (obs[0], mask[0], action, np.log(p[action] + 1e-12), value[0]), strict=True
            ):
                steps[key].append(item)
            observation, reward, done, _, info = env.step(action)
        seat = env.seat
        winners = info["result"]["winners"]
        outcomes.append(1.0 / len(winners) if seat in winners else 0.0)
        returns += [reward] * (len(steps["obs"]) - first)
        ends.append(len(steps["obs"]))
    batch = {k: np.array(v) for k, v in steps.items()}
    batch["returns"] = np.array(returns, np.float32)
    batch["ends"] = np.array(ends)
    return batch, outcomes


def advantages(batch: Batch, lam: float) -> np.ndarray:
    """Generalised advantage estimates (no discount: one reward at the end of each game)."""
    values, rewards = batch["values"], batch["returns"]
    adv = np.zeros_like(values)
    start = 0
    for end in batch["ends"]:
        running = 0.0
        for t in range(end - 1, start - 1, -1):
            after = values[t + 1] if t + 1 < end else rewards[t]
            delta = after - values[t]
            running = delta + lam * running
            adv[t] = running
        start = end
    return adv


# -- learning ------------------------------------------------------------------------------------
def imitate(network: Network, data: Batch, settings: Settings) -> list[float]:
    """Cross-entropy epochs on the bot's decisions: ``imitation_epochs`` of them, or fewer if
    ``imitation_seconds`` run out first (one at least). The mean loss of each epoch."""
    opt = Adam(network.params, 1e-3)
    rng = np.random.default_rng(settings.seed)
    n, started = len(data["actions"]), time.perf_counter()
    losses: list[float] = []
    seconds = settings.imitation_seconds
    while not losses or (
        len(losses) < settings.imitation_epochs and time.perf_counter() - started < seconds
    ):
        order, total = rng.permutation(n), 0.0
        for i in range(0, n, 256):
            idx = order[i : i + 256]
            probs, _, cache = network.forward(data["obs"][idx], data["masks"][idx])
            onehot = np.zeros_like(probs)
            onehot[np.arange(len(idx)), data["actions"][idx]] = 1.0
            total += float(-np.log(probs[onehot > 0] + 1e-12).sum())
            grads = network.backward(cache, (probs - onehot) / len(idx), np.zeros(len(idx)))
            opt.step(network.params, grads)
        losses.append(total / n)
    return losses


def ppo_update(network: Network, opt: Adam, batch: Batch, settings: Settings) -> None:
    adv = advantages(batch, settings.lam)
    targets = adv + batch["values"]
    adv = (adv - adv.mean()) / (adv.std() + 1e-8)
    rng = np.random.default_rng()
    n = len(adv)
    for _ in range(settings.epochs):
        order = rng.permutation(n)
        for i in range(0, n, settings.minibatch):
            idx = order[i : i + settings.minibatch]
            m = len(idx)
            probs, values, cache = network.forward(batch["obs"][idx], batch["masks"][idx])
            taken = batch["actions"][idx]
            logp = np.log(probs[np.arange(m), taken] + 1e-12)
            ratio = np.exp(logp - batch["logp"][idx])
            a = adv[idx]
            unclipped = (ratio * a <= np.clip(ratio, 1 - settings.clip, 1 + settings.clip) * a) | (
                np.abs(ratio - 1) <= settings.clip
            )
            dlogp = np.where(unclipped, -ratio * a, 0.0) / m
            onehot = np.zeros_like(probs)
            onehot[np.arange(m), taken] = 1.0
            dlogits = dlogp[:, None] * (onehot - probs)
            logs = np.log(np.where(probs > 0, probs, 1.0))
            entropy = -(probs * logs).sum(axis=1, keepdims=True)
            dlogits += settings.entropy * probs * (logs + entropy) / m
            dvalues = settings.value * (values - targets[idx]) / m
            opt.step(network.params, network.backward(cache, dlogits, dvalues))


# -- the whole run ---------------------------------------------------------------------------------
def spans(start: int, count: int, parts: int) -> list[tuple[int, int]]:
    edges = np.linspace(start, start + count, parts + 1).astype(int)
    return [(int(a), int(b)) for a, b in itertools.pairwise(edges) if b > a]


def evaluate(
    pool: Any, settings: Settings, network: Network, start: int, count: int
) -> tuple[float, int]:
    """The greedy policy's win share over ``count`` games against the bot, seats alternating."""
    tasks = [(settings, network, a, b, True) for a, b in spans(start, count, settings.workers * 4)]
    outcomes = [o for _, found in pool.map(rollouts, tasks) for o in found]
    return float(np.mean(outcomes)), len(outcomes)


def train(settings: Settings, log: Any = print) -> dict[str, Any]:
    """Imitation, then PPO until the budget is spent; save the best evaluated policy, its curve
    (PNG and JSON) and its final measure. Returns the summary (also in the JSON)."""
    game: Game = games.get(settings.game)
    settings.variant = game.resolve_variant(settings.variant)
    budget = settings.minutes * 60.0
    started = time.perf_counter()
    network = Network.new(game, settings.players, settings.variant, settings.hidden, settings.seed)
    curve: list[dict[str, float]] = []
    context = multiprocessing.get_context("fork")
    with context.Pool(settings.workers) as pool:
        n = settings.imitation_games
        parts = pool.map(
            imitation_games,
            [(settings, a, b) for a, b in spans(10**6, n, settings.workers * 4)],
        )
        data = {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}
        log(f"imitation: {len(data['actions'])} decisions of {n} games")
        losses = imitate(network, data, settings)
        log(f"imitation: {len(losses)} epochs, loss {losses[0]:.3f} -> {losses[-1]:.3f}")
        opt = Adam(network.params, settings.lr)
        played, iteration, eval_seed, last = 0, 0, 2 * 10**6, 0.0
        best = (-1.0, network.params)
        while True:
            elapsed = time.perf_counter() - started
            # Stop before an iteration that would end past the budget (after one at least).
            stop = iteration > 0 and elapsed + last > budget
            if stop or iteration % settings.eval_every == 0:
                rate, count = evaluate(pool, settings, network, eval_seed, settings.eval_games)
                curve.append(
                    {"games": played, "seconds": elapsed, "win_share": rate, "evaluated": count}
                )
                log(f"{elapsed:6.0f} s  {played:6d} games  greedy win share {rate:.3f} ({count})")
                if rate >= best[0]:
                    best = (rate, {k: v.copy() for k, v in network.params.items()})
            if stop:
                break
            began = time.perf_counter()
            tasks = [
                (settings, network, a, b, False)
                for a, b in spans(played, settings.games_per_iteration, settings.workers)
            ]
            found = pool.map(rollouts, tasks)
            batch = _concat([b for b, _ in found])
            ppo_update(network, opt, batch, settings)
            played += settings.games_per_iteration
            iteration += 1
            last = time.perf_counter() - began
        network.params = best[1]
        training_seconds = time.perf_counter() - started
        final, count = evaluate(pool, settings, network, 3 * 10**6, settings.final_games)
        total_seconds = time.perf_counter() - started
    low, high = wilson(final * count, count)
    summary = {
        "game": settings.game,
        "players": settings.players,
        "opponent": settings.opponent,
        "training_seconds": round(training_seconds, 1),
        "seconds_with_final_games": round(total_seconds, 1),
        "ppo_games": played,
        "imitation_games": settings.imitation_games,
        "final_games": count,
        "final_win_share": final,
        "final_interval": [low, high],
        "curve": curve,
    }
    network.header["training"] = {k: v for k, v in summary.items() if k != "curve"}
    out = Path(settings.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    network.save(out)
    out.with_suffix(".json").write_text(json.dumps(summary, indent=1) + "\n")
    plot(summary, out.with_suffix(".png"))
    log(
        f"final: win share {final:.3f} over {count} games against {settings.opponent} "
        f"(95% {low:.3f}–{high:.3f}); saved {out}"
    )
    return summary


def _concat(batches: Sequence[Batch]) -> Batch:
    out = {k: np.concatenate([b[k] for b in batches]) for k in batches[0] if k != "ends"}
    ends, offset = [], 0
    for b in batches:
        ends.append(b["ends"] + offset)
        offset += len(b["actions"])
    out["ends"] = np.concatenate(ends)
    return out


def plot(summary: dict[str, Any], path: Path) -> None:
    """The learning curve: the greedy policy's win share against the bot by PPO games played."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    curve = summary["curve"]
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot([c["games"] for c in curve], [c["win_share"] for c in curve], marker="o")
    ax.axhline(0.5, color="grey", linestyle="--", linewidth=1)
    low, high = summary["final_interval"]
    ax.set_title(
        f"{summary['game']}, {summary['players']} players, against {summary['opponent']}\n"
        f"final: {summary['final_win_share']:.1%} of {summary['final_games']} games "
        f"(95% {low:.1%}–{high:.1%}), {summary['training_seconds'] / 60:.1f} min of training",
        fontsize=10,
    )
    ax.set_xlabel("PPO games against the bot (after imitation)")
    ax.set_ylabel(f"greedy win share ({curve[0]['evaluated']} games each)")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def parser() -> argparse.ArgumentParser:
    """The command line: one option per `Settings` field, its default shown by ``--help``."""
    return options.parser(Settings, "python -m potager.rl.train", __doc__)


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    train(Settings(**vars(args)), log=partial(print, flush=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
