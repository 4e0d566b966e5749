"""The numpy policy: its gradients are right, it saves and loads, it refuses what it was not
trained for, and `make train`'s script trains a tiny one end to end that then plays as the bot
level ``policy:PATH`` in a match, a simulation and the command line."""

from __future__ import annotations

import dataclasses
import random
import re
from pathlib import Path

import numpy as np
import pytest

from potager import agents, games
from potager.arena.match import play_match
from potager.arena.simulate import InlineBackend, simulate
from potager.rl.doc import options
from potager.rl.policy import Network
from potager.rl.train import Settings, advantages, main, parser, train


def test_backward_matches_finite_differences() -> None:
    game = games.get("heuschrecken-poker")
    net = Network.new(game, 2, {}, hidden=6, seed=0)
    net.params = {k: v.astype(np.float64) for k, v in net.params.items()}
    rng = np.random.default_rng(1)
    obs = rng.random((3, net.header["inputs"]))
    masks = (rng.random((3, 13)) < 0.6).astype(np.float64)
    masks[:, 0] = 1.0
    taken, targets = np.array([0, 0, 0]), rng.random(3)

    def loss() -> float:
        probs, values, _ = net.forward(obs, masks)
        return float(
            -np.log(probs[np.arange(3), taken]).sum() + 0.5 * ((values - targets) ** 2).sum()
        )

    probs, values, cache = net.forward(obs, masks)
    onehot = np.zeros_like(probs)
    onehot[np.arange(3), taken] = 1.0
    grads = net.backward(cache, probs - onehot, values - targets)
    for name in Network.NAMES:
        param = net.params[name]
        i = np.unravel_index(int(rng.integers(param.size)), param.shape)
        param[i] += 1e-6
        up = loss()
        param[i] -= 2e-6
        down = loss()
        param[i] += 1e-6
        assert grads[name][i] == pytest.approx((up - down) / 2e-6, rel=1e-4, abs=1e-7), name


def test_advantages_end_each_game_on_its_reward() -> None:
    batch = {
        "values": np.array([0.0, 0.5, 0.2], np.float32),
        "returns": np.array([1.0, 1.0, -1.0], np.float32),
        "ends": np.array([2, 3]),
    }
    adv = advantages(batch, lam=1.0)
    np.testing.assert_allclose(adv, [1.0, 0.5, -1.2], rtol=1e-6)


def test_a_saved_policy_is_refused_where_it_does_not_belong(tmp_path: Path) -> None:
    path = tmp_path / "p.npz"
    Network.new(games.get("garden-rush"), 2, {}, hidden=4, seed=0).save(path)
    with pytest.raises(ValueError, match="trained for garden-rush, not heuschrecken-poker"):
        agents.make(f"policy:{path}", games.get("heuschrecken-poker"))
    (tmp_path / "bad.npz").write_text("not a policy")
    with pytest.raises(ValueError, match="cannot load a policy"):
        agents.make(f"policy:{tmp_path / 'bad.npz'}", games.get("garden-rush"))
    hp = tmp_path / "hp.npz"
    Network.new(games.get("heuschrecken-poker"), 3, {}, hidden=4, seed=0).save(hp)
    state = games.get("heuschrecken-poker").new_game(2, seed=1)
    bot = agents.make(f"policy:{hp}", games.get("heuschrecken-poker"))
    with pytest.raises(ValueError, match="trained for 3 players, not 2"):
        bot.act(state.game, state.view(0), 0, state.legal_actions(0), random.Random(0))


def test_train_end_to_end_then_play_as_a_bot_level(tmp_path: Path) -> None:
    out = tmp_path / "tiny.npz"
    settings = Settings(
        minutes=0.0,
        imitation_games=2,
        games_per_iteration=2,
        hidden=8,
        eval_every=1,
        eval_games=2,
        final_games=2,
        workers=1,
        out=str(out),
    )
    summary = train(settings, log=lambda line: None)
    assert out.exists() and out.with_suffix(".png").exists() and out.with_suffix(".json").exists()
    assert summary["final_games"] == 2 and 0.0 <= summary["final_win_share"] <= 1.0
    game = games.get("heuschrecken-poker")
    level = f"policy:{out}"
    state = play_match(game, [agents.make(level, game), agents.make("heuristic", game)], seed=5)
    assert state.is_over
    summary_sim = simulate(game.name, [level, "random"], 2, seed=1, backend=InlineBackend())
    assert summary_sim.seat_lines()[0].bot == level


def test_train_help_gives_every_option_with_its_meaning_and_default(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "500")  # one line an option
    with pytest.raises(SystemExit) as exit_:
        main(["--help"])
    assert exit_.value.code == 0
    text = capsys.readouterr().out
    assert text.startswith("usage: python -m potager.rl.train") and "Imitation" in text
    for setting in dataclasses.fields(Settings):
        flag = f"--{setting.name.replace('_', '-')}"
        default = {} if setting.name == "variant" else setting.default
        found = re.search(rf"{flag} [A-Z_]+\s+(.+) \(default: {re.escape(str(default))}\)\n", text)
        assert found and len(found.group(1)) > 10, flag
    args = vars(
        parser().parse_args(["--game", "garden-rush", "--variant", '{"tools_and_moles": true}'])
    )
    assert Settings(**args) == Settings(game="garden-rush", variant={"tools_and_moles": True})
    for wrong in (["--variant", "[1]"], ["--variant", "{"], ["--game", "chess"]):
        with pytest.raises(SystemExit):
            parser().parse_args(wrong)
    assert "--variant: a JSON object is needed" in capsys.readouterr().err
    docs = (Path(__file__).parents[2] / "docs" / "rl.md").read_text(encoding="utf-8")
    assert options() in docs
