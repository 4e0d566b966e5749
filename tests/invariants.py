"""The invariants of DESIGN.md, written once for every game.

Each game's tests call these with its own states (scripted or random); hypothesis drives the seeds.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from potager import games
from potager.engine import PRIVATE_TO, Game, GameRecord, IllegalAction, State
from potager.engine.shuffle import copied


def snapshot(state: State) -> str:
    """Everything observable: the record, every seat's view, the spectator's, the events."""
    views = [state.view(s) for s in range(state.players)] + [state.view(None)]
    return json.dumps(
        {
            "record": state.record.to_dict(),
            "views": views,
            "to_move": list(state.to_move),
            "events": state.events,
            "legal": [state.legal_actions(s) for s in range(state.players)],
        },
        sort_keys=True,
    )


def step_random(state: State, rng: random.Random) -> None:
    seat = state.to_move[0]
    state.apply(seat, rng.choice(state.legal_actions(seat)))


def play_random(
    state: State, rng: random.Random, bound: int, each: Callable[[State], None] | None = None
) -> int:
    """Random legal play to the end, calling ``each`` after every step; asserts the bound."""
    steps = 0
    while not state.is_over:
        assert state.to_move, "a game that is not over must have a seat to move"
        step_random(state, rng)
        steps += 1
        assert steps <= bound, f"no end after {bound} decisions"
        if each is not None:
            each(state)
    assert state.to_move == ()
    result = state.result()
    assert len(result.scores) == state.players and result.winners
    json.dumps(result.to_dict())
    return steps


def assert_draws_only_while_a_deal_is_ahead(state: Any, rng: random.Random, bound: int) -> None:
    """Random play of ``state`` to its end, checking that no step draws from the game's generator
    once its ``deals_ahead()`` is false: what lets a clone or a sample share the generator."""
    before = [state.rng.getstate(), state.deals_ahead()]

    def unchanged_without_a_deal(after: Any) -> None:
        now = after.rng.getstate()
        if not before[1]:
            assert now == before[0]
        before[:] = [now, after.deals_ahead()]

    play_random(state, rng, bound, unchanged_without_a_deal)
    assert not state.deals_ahead()


def assert_quiet_samples(
    game: Game,
    sampler: Callable[[Game, Any, Any], Callable[[random.Random], Any]],
    playout: Callable[[Any, random.Random], object],
    state: State,
    steps: int,
    seed: int,
    align: Callable[[Any, Any], object] | None = None,
) -> Any:
    """A game's search sampler (``sampler`` in its ``playout.py``: quiet states, ``quiet``: no
    record kept) against its own sample drawn with the same numbers, from the view of the seat
    to move after ``steps`` random steps of ``state``: the same views and, random move for random
    move (``seed``), the same game to the same result, with no moves and no events kept; a quiet
    sample's clone is quiet and plays ``playout`` as the sample does. A sampler that deals some
    hidden information otherwise (Kraut & Rüben infers the others' contracts) gives ``align``,
    which copies that onto the game's sample: the seat's own view must be the same before it,
    every view after. A quiet sample deals what is still to be dealt (the next hand, a match's
    next game) from the generator it was drawn with, the search's, so the game's sample is given
    a copy of that generator's state before they play. Returns the game's own sample, played to
    its end (``None`` if ``state`` ended within the steps)."""
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            return None
        step_random(state, rng)
    if state.is_over:
        return None
    seat = state.to_move[0]
    view = state.view(seat)
    # the game's own state, as the sampler's: `quiet` is theirs, not `State`'s
    loud: Any = game.sample(view, seat, random.Random(seed))
    quiet = sampler(game, view, seat)(random.Random(seed))
    assert quiet.quiet and not loud.quiet
    if align is not None:
        assert quiet.view(seat) == loud.view(seat)
        align(loud, quiet)
    loud.rng = copied(quiet.rng)
    players = loud.players
    assert [quiet.view(s) for s in range(players)] == [loud.view(s) for s in range(players)]
    moves = random.Random(seed)
    while not loud.is_over:
        mover = loud.to_move[0]
        action = moves.choice(loud.legal_actions(mover))
        loud.apply(mover, action)
        quiet.apply(mover, action)
        assert quiet.view(mover) == loud.view(mover)
    assert quiet.is_over and quiet.result() == loud.result()
    assert (quiet.moves, quiet.events) == ([], [])
    again = sampler(game, view, seat)(random.Random(seed))
    played = again.clone()
    playout(again, random.Random(seed))
    playout(played, random.Random(seed))
    assert again.result() == played.result() and played.quiet
    return loud


def assert_rejects(state: State, seat: Any, action: Any) -> None:
    """An illegal action raises `IllegalAction` and changes nothing observable."""
    before = snapshot(state)
    with pytest.raises(IllegalAction):
        state.apply(seat, action)
    assert snapshot(state) == before


def assert_rejection(state: State, rng: random.Random, tries: int = 4) -> None:
    """Illegal actions of a seat to move, and any action of a seat not to move, are rejected."""
    if state.is_over:
        assert_rejects(state, 0, 0)
        return
    n = state.game.num_actions(state.players, state.variant)
    for seat in range(state.players):
        legal = set(state.legal_actions(seat))
        if seat not in state.to_move:
            assert not legal
            assert_rejects(state, seat, rng.randrange(n))
            continue
        illegal = [a for a in range(n) if a not in legal]
        for a in rng.sample(illegal, min(tries, len(illegal))):
            assert_rejects(state, seat, a)
    assert_rejects(state, state.players, 0)
    assert_rejects(state, state.to_move[0], n)
    assert_rejects(state, state.to_move[0], -1)


def assert_replay(state: State) -> None:
    """``replay(record)`` (also through JSON) equals the state for every seat."""
    again = games.replay(GameRecord.from_json(state.record.to_json()))
    assert snapshot(again) == snapshot(state)
    if state.is_over:
        assert again.result() == state.result()


def assert_events_addressed(state: State) -> None:
    """Every event has a type and is JSON; the reserved key `PRIVATE_TO`, where a game uses it,
    names a seat (a game's own fields never take that key); every public event reaches every seat
    and the spectator, in order, and a private one its own seat only (`State.events_for`)."""
    json.dumps(state.events)
    for event in state.events:
        assert isinstance(event.get("type"), str), event
        if PRIVATE_TO in event:
            assert type(event[PRIVATE_TO]) is int and 0 <= event[PRIVATE_TO] < state.players, event
    public = [e for e in state.events if PRIVATE_TO not in e]
    for seat in [*range(state.players), None]:
        seen = state.events_for(seat)
        assert [e for e in seen if PRIVATE_TO not in e] == public, f"seat {seat}"
        own = [e for e in state.events if PRIVATE_TO in e and e[PRIVATE_TO] == seat]
        assert [e for e in seen if PRIVATE_TO in e] == own, f"seat {seat}"


def assert_sample_keeps_view(state: State, rng: random.Random) -> None:
    """For every seat s, ``view(s)`` of ``sample(view(s), s, rng)`` equals ``view(s)``; and the
    sampled state is playable."""
    for seat in range(state.players):
        view = state.view(seat)
        json.dumps(view)
        sampled = state.game.sample(view, seat, rng)
        assert sampled.view(seat) == view, f"seat {seat}: sample changed the view"
        assert state.determinize(seat, rng).view(seat) == view
        assert sampled.to_move == state.to_move
        for s in sampled.to_move:
            if s == seat:
                assert sampled.legal_actions(s) == state.legal_actions(s)
            assert sampled.legal_actions(s)


def assert_notation_round_trip(state: State) -> None:
    for seat in state.to_move:
        for a in state.legal_actions(seat):
            assert state.str_to_action(seat, state.action_to_str(a)) == a


def json_facts(game: Game) -> dict[str, Any]:
    """``game.facts()``, asserted to be JSON that survives the trip to a browser unchanged."""
    facts = game.facts()
    assert json.loads(json.dumps(facts)) == facts, f"{game.name}: facts() is not plain JSON"
    return facts


def golden_playthrough(
    name: str, players: int, seed: int, variant: dict[str, Any] | None = None
) -> str:
    """A seeded random game, step by step: each step's views, legal actions and new events."""
    game = games.get(name)
    state = game.new_game(players, seed, variant)
    rng = random.Random(seed)
    lines = [
        f"# {name}, {players} players, seed {seed}, "
        f"variant {json.dumps(state.variant, sort_keys=True)}"
    ]
    seen = 0
    step = 0
    while True:
        lines.append(f"## step {step}")
        for s in [*range(players), None]:
            lines.append(f"view {s}: {json.dumps(state.view(s), sort_keys=True)}")
        for e in state.events[seen:]:
            lines.append(f"event: {json.dumps(e, sort_keys=True)}")
        seen = len(state.events)
        if state.is_over:
            lines.append(f"result: {json.dumps(state.result().to_dict(), sort_keys=True)}")
            break
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        lines.append(
            f"to move: {list(state.to_move)}; legal for {seat}: "
            + " | ".join(state.action_to_str(a) for a in legal)
        )
        action = rng.choice(legal)
        lines.append(f"play: {seat} {state.action_to_str(action)}")
        state.apply(seat, action)
        step += 1
    return "\n".join(lines) + "\n"


def check_golden(path: Path, text: str) -> None:
    """Compare with the stored playthrough; ``POTAGER_REGEN_GOLDEN=1`` rewrites it."""
    import os

    if os.environ.get("POTAGER_REGEN_GOLDEN") or not path.exists():
        if not os.environ.get("POTAGER_REGEN_GOLDEN"):
            pytest.fail(f"{path} is missing; run with POTAGER_REGEN_GOLDEN=1 to create it")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        return
    assert text == path.read_text(), f"{path} changed; if the change is intended, regenerate it"
