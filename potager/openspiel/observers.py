"""Observers: a seat's observation (its view now) and its perfect-recall information state, as
strings and as flat float32 tensors of named pieces (OpenSpiel's ``make_py_observer``).

- observation: ``view`` is the RL encoder's observation of the seat's view (`potager.rl`);
- information state: ``now`` is that observation, ``decisions`` one row per decision the seat
  has made (what it observed then, then the one-hot action it chose), zero rows after them up
  to a bound on a seat's decisions (`specs.Spec.max_decisions`).

Before the set-up deal is complete every tensor is zero and every string is ``set-up``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    import pyspiel

    from .game import PotagerGame, PotagerState


class Observation:
    """The seat's view now."""

    def __init__(self, game: PotagerGame) -> None:
        size = game.encoder_size
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"view": self.tensor}

    def set_from(self, state: PotagerState, player: int) -> None:
        play = state.play
        if play.state is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = play.encode(play.state.view(player), player)

    def string_from(self, state: PotagerState, player: int) -> str:
        return state.play.observation(player)


class InformationState:
    """The seat's view now and, row by row, what it saw and chose at each of its decisions."""

    def __init__(self, game: PotagerGame) -> None:
        size = game.encoder_size
        rows = game.spec.max_decisions(game.players, game.variant)
        width = size + game.num_distinct_actions()
        self.tensor = np.zeros(size + rows * width, np.float32)
        self.dict = {
            "now": self.tensor[:size],
            "decisions": self.tensor[size:].reshape(rows, width),
        }

    def set_from(self, state: PotagerState, player: int) -> None:
        self.tensor.fill(0.0)
        play = state.play
        if play.state is None:
            return
        self.dict["now"][:] = play.encode(play.state.view(player), player)
        play.decisions(player, self.dict["decisions"])

    def string_from(self, state: PotagerState, player: int) -> str:
        return state.play.information(player)


def observer(game: PotagerGame, iig_obs_type: pyspiel.IIGObservationType | None) -> Any:
    """The information-state observer for a perfect-recall request, the observation's else.
    Both are a seat's own (its private and the public information): a view cannot be split
    into them, so any other request raises `ValueError`."""
    import pyspiel

    if iig_obs_type is None:
        return Observation(game)
    own = iig_obs_type.public_info and (
        iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
    )
    if not own:
        raise ValueError(f"{game}: only a seat's own observations, not {iig_obs_type}")
    return InformationState(game) if iig_obs_type.perfect_recall else Observation(game)
