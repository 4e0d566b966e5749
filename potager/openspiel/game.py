"""`PotagerGame` and `PotagerState`: a Potager game as a ``pyspiel.Game``, and `register`.

Parameters: ``players`` and every variant option of the game (`Game.variants`). Returns are a
win shared by the winners, zero-sum: ``n/(n-1) · (1/|winners| − 1/n)`` for a winner, ``−1/(n-1)``
for the others (1 and −1 with two players; 0 each for a tie of all).
"""

from __future__ import annotations

import random
from typing import Any

import pyspiel

from potager.rl.encoding import encoder

from .observers import observer
from .play import Play, _text
from .specs import Spec, Variant


def game_type(spec: Spec) -> pyspiel.GameType:
    game = spec.game
    defaults = {name: default for name, (_, default, _) in game.variants.items()}
    return pyspiel.GameType(
        short_name=spec.short_name,
        long_name=f"Potager {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": game.min_players, **defaults},
    )


class PotagerGame(pyspiel.Game):
    """One configuration (players, variant) of a Potager game: each game is a subclass that
    sets `spec` (`register`)."""

    spec: Spec

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        spec = self.spec
        game = spec.game
        params = params or {}
        players = int(params.get("players", game.min_players))
        game.check_players(players)
        self.players = players
        self.variant: Variant = game.resolve_variant(
            {name: params[name] for name in game.variants if name in params}
        )
        encoding = encoder(spec.encoding or game, players, self.variant)
        self.encode = encoding.encode
        self.encoder_size = encoding.layout.size
        info = pyspiel.GameInfo(
            num_distinct_actions=game.num_actions(players, self.variant),
            max_chance_outcomes=len(spec.outcomes),
            num_players=players,
            min_utility=-1.0 / (players - 1),
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=spec.max_length(players, self.variant),
        )
        super().__init__(game_type(spec), info, params)

    def new_initial_state(self) -> PotagerState:
        return PotagerState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> Any:
        return observer(self, iig_obs_type)


class PotagerState(pyspiel.State):
    """A game in progress: the set-up deal, then decisions and draws (`play.Play`)."""

    def __init__(self, game: PotagerGame) -> None:
        super().__init__(game)
        self.play = Play(game.spec, game.players, game.variant, game.encode)

    def current_player(self) -> int:
        play = self.play
        if play.chance_pool() is not None:
            return int(pyspiel.PlayerId.CHANCE)
        assert play.state is not None
        if play.state.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return play.state.to_move[0]

    def _legal_actions(self, player: int) -> list[int]:
        assert self.play.state is not None
        return self.play.state.legal_actions(player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.play.outcomes()

    def _apply_action(self, action: int) -> None:
        chance = self.play.chance_pool() is not None
        self.play.apply(None if chance else self.current_player(), action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"{self.play.chance_pool()} {self.play.spec.outcomes[action]}"
        assert self.play.state is not None
        return self.play.state.action_to_str(action)

    def is_terminal(self) -> bool:
        state = self.play.state
        return state is not None and state.is_over and self.play.chance_pool() is None

    def returns(self) -> list[float]:
        state, n = self.play.state, self.play.players
        if state is None or not self.is_terminal():
            return [0.0] * n
        winners = state.result().winners
        share = [1.0 / len(winners) if s in winners else 0.0 for s in range(n)]
        return [n / (n - 1) * (w - 1.0 / n) for w in share]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> PotagerState:
        """A state ``player_id`` cannot tell from this one: `Game.sample` of its view, seeded
        by ``probability_sampler`` (a callable giving a float in [0, 1))."""
        seed = int(probability_sampler() * 2**53)
        game = self.get_game()
        new = game.new_initial_state()
        new.play = self.play.resampled(player_id, random.Random(seed))
        return new

    def __str__(self) -> str:
        play = self.play
        if play.state is None:
            return "set-up: " + " ".join(play.setup)
        pending = "" if play.pending is None else f"\npending: {play.pending} {play.chosen}"
        return _text(play.state.view(None)) + pending


def register(spec: Spec) -> type[PotagerGame]:
    """Register ``spec``'s game with pyspiel under its short name; its `PotagerGame` class.
    (A class, as OpenSpiel's own Python games register: pyspiel keeps the factory until the
    interpreter has shut down, and releasing a function then aborts it.)"""
    name = "".join(word.title() for word in spec.game.name.split("-")) + "Game"
    cls = type(name, (PotagerGame,), {"spec": spec, "__doc__": f"{spec.game.title} (pyspiel)."})
    pyspiel.register_game(game_type(spec), cls)
    return cls
