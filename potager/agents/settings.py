"""The search's budget and settings as values (python-chess's ``engine.Limit`` is the model):
what `potager.agents.ismcts.ISMCTSAgent` is asked to do, apart from what the game tells it
(`potager.engine.SearchKnowledge`) and the guide it follows. The bot levels make them from
their names (`potager.agents.make`); what each setting gives: docs/bots.md."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Budget:
    """How long a search thinks at a decision: the first of its limits reached ends it (its
    first iteration always runs); ``None``: no such limit. A fixed ``iterations`` and no
    ``seconds`` make a seeded search reproducible. `ValueError` for a budget without a limit."""

    iterations: int | None = 300
    """Iterations per worker (a paired root counts each determinization's playouts)."""
    seconds: float | None = None
    """Seconds of thinking, per worker."""

    def __post_init__(self) -> None:
        if self.iterations is None and self.seconds is None:
            raise ValueError("an ISMCTS search needs iterations or seconds")


@dataclass(frozen=True)
class SearchSettings:
    """How a search spends its budget and chooses its move."""

    exploration: float = 0.7
    """UCB1's exploration constant c."""
    workers: int = 1
    """Independent trees searched side by side in worker processes (root parallelism), each
    with the whole budget; their root statistics summed."""
    bias: float = 0.0
    """The weight of the guide's choice at the root, a progressive bias weight / (visits + 1)."""
    z: float = 1.0
    """A paired root plays another action than the reference only if it beats it by more than
    ``z`` standard errors of their mean difference."""
    widening: float | None = None
    """Progressive widening's exponent A (the ``4 + n ** A`` best actions by the game's order);
    0: every action; ``None``: the game's (`SearchKnowledge.widening`), as for the next two."""
    choice: float | None = None
    """Play the best win share among the actions searched at least this share as often as the
    most searched one; 0: the most searched."""
    mix: float | None = None
    """Draw the move, by visits, among the actions searched at least this share as often as the
    most searched one; 0: play the first."""
    plan: bool = False
    """A paired root weighs each choice with the decision that follows it in the same turn (the
    game's `SearchKnowledge.follow_up`)."""
    game_playout: bool = True
    """Play sampled states out with the game's playout policy; False: uniformly random play."""
