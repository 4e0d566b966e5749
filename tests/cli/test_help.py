"""The terminal's ``?``, in every language: what may be typed, in the player's words. Every move it
gives as an example is one the prompt takes, in a real position; no engine word shows."""

from __future__ import annotations

import io
import random
import re

import pytest
from rich.console import Console

from potager import agents, games
from potager.cli import reference
from potager.cli.language import speaking
from potager.cli.terminal import TerminalPlay
from potager.engine import State
from tests.notation import LANGUAGES, is_piece, positions, spans

CASES = [
    pytest.param(name, lang, id=f"{name}.{lang}") for name in games.names() for lang in LANGUAGES
]
ENGINE_WORDS = ("forced", "None", "null", "deck", "action space", "docstring", "view", ">>>")


def prompt(state: State, seat: int) -> tuple[TerminalPlay, io.StringIO]:
    """The terminal's prompt for ``seat`` at ``state``, random bots elsewhere."""
    out = io.StringIO()
    console = Console(file=out, width=100, height=40)
    bots = {s: agents.make("random", state.game) for s in range(state.players) if s != seat}

    def ask(_: str) -> str:
        raise EOFError

    labels = [f"seat {s}" for s in range(state.players)]
    return TerminalPlay(state, seat, bots, labels, console, ask, random.Random(0)), out


def engine_keys(name: str) -> set[str]:
    """The view's and the events' keys of a played game that are no words (``to_move``)."""
    game = games.get(name)
    state = game.new_game(game.min_players, 3)
    rng = random.Random(3)
    keys: set[str] = set(state.view(0))
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        keys |= set(state.view(seat))
    for event in state.events:
        keys |= set(event)
    return {key for key in keys if "_" in key}


@pytest.mark.parametrize(("name", "lang"), CASES)
def test_every_move_the_help_shows_is_taken_by_the_prompt(name: str, lang: str) -> None:
    game = games.get(name)
    examples = spans(game, reference.NOTATION, lang)
    legal = positions(name, tuple(examples))
    moves = [e for e in examples if e in legal]
    assert moves, "the help gives moves to type"
    assert all(e in legal or is_piece(name, e) for e in examples)
    for example in moves:
        where = legal[example]
        play, out = prompt(where.state(), where.seat)
        with speaking(lang):
            play.console.print(play.help())
            assert play.choose(example) == where.action, example
        shown = " ".join(out.getvalue().split())
        assert example in shown, f"{example!r} is in the help as it is typed"


@pytest.mark.parametrize(("name", "lang"), CASES)
def test_the_help_speaks_no_engine_words(name: str, lang: str) -> None:
    game = games.get(name)
    state = game.new_game(game.min_players, 1)
    play, out = prompt(state, state.to_move[0])
    with speaking(lang):
        play.console.print(play.help())
    shown = out.getvalue()
    said = [
        w for w in (*engine_keys(name), *ENGINE_WORDS) if re.search(rf"\b{re.escape(w)}", shown)
    ]
    assert not said, f"engine words in the help: {said}"


def test_heuschrecken_poker_s_help_gives_bids_and_takes_as_they_are_typed() -> None:
    """The help once listed ``bid 1 … 6`` and ``take corn``, which the prompt refuses."""
    state = games.get("heuschrecken-poker").new_game(3, 1)
    play, out = prompt(state, 0)
    play.console.print(play.help())
    shown = " ".join(out.getvalue().split())
    assert "1 … 6, A, X" in shown and "corn, strawberry" in shown
    assert "bid 1" not in shown and "take corn" not in shown
    assert play.choose("3") == state.str_to_action(0, "3")
