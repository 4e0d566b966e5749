"""The search decides for the seat asking, at a simultaneous decision as in turn."""

from __future__ import annotations

import random
from typing import Any

from potager.agents.ismcts import ISMCTSAgent
from potager.agents.settings import Budget
from potager.engine import Game, Result, State

PICKS = 3


class PickState(State):
    """Two seats secretly pick 0, 1 or 2 at once. Seat 1 wins if it picks 2; otherwise seat 0
    wins if it picked 0, and else nobody does (a tie). For seat 1, the best pick is 2."""

    def __init__(
        self, game: Game, players: int, seed: int, variant: dict[str, Any], deck: list[str] | None
    ) -> None:
        super().__init__(game, players, seed, variant, deck)
        self.picks: dict[int, int] = {}

    @property
    def to_move(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.players) if s not in self.picks)

    def legal_actions(self, seat: int) -> list[int]:
        return list(range(PICKS)) if seat in self.to_move else []

    def _apply(self, seat: int, action: int) -> None:
        self.picks[seat] = action

    def view(self, seat: int | None) -> dict[str, Any]:
        own = self.picks.get(seat) if seat is not None else None
        return {"committed": sorted(self.picks), "pick": own}

    @property
    def is_over(self) -> bool:
        return not self.to_move

    def result(self) -> Result:
        winners = (1,) if self.picks[1] == 2 else (0,) if self.picks[0] == 0 else (0, 1)
        return Result(tuple(float(s in winners) for s in range(2)), winners)


class Pick(Game[PickState]):
    name = "pick"
    title = "Pick"
    min_players = 2
    max_players = 2

    def _new_state(
        self, players: int, seed: int, variant: dict[str, Any], deck: list[str] | None
    ) -> PickState:
        return PickState(self, players, seed, variant, deck)

    def components(self, players: int, variant: dict[str, Any]) -> list[str]:
        return []

    def action_names(self, players: int, variant: dict[str, Any]) -> tuple[str, ...]:
        return ("0", "1", "2")

    def sample(self, view: dict[str, Any], seat: int, rng: random.Random) -> PickState:
        state = PickState(self, 2, 0, {}, None)
        for other in view["committed"]:  # what another seat picked is hidden: drawn
            state.picks[other] = view["pick"] if other == seat else rng.randrange(PICKS)
        return state


def test_the_search_chooses_for_the_seat_asking_before_and_after_the_others_commit() -> None:
    game = Pick()
    state = game.new_game(2, seed=0)
    agent = ISMCTSAgent(Budget(iterations=200))
    first = agent.evaluate(game, state.view(1), 1, [0, 1, 2], random.Random(1))
    assert state.to_move == (0, 1) and first[0].action == 2
    assert sum(v.visits for v in first) == 200  # every iteration is seat 1's
    assert agent.act(game, state.view(1), 1, [0, 1, 2], random.Random(2)) == 2
    state.apply(0, 1)
    in_turn = agent.act(game, state.view(1), 1, [0, 1, 2], random.Random(1))
    assert state.to_move == (1,) and in_turn == 2
