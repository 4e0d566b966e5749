"""Tutorials: a short scripted game against a bot that teaches a game by playing it.

A tutorial is data beside its game, ``tutorial.toml`` in the game's package, named by its entry in
the registry (`potager.games.pieces`; docs/tutorials.md):
the table, the top of the deck, and the steps (texts in four languages, the learner's expected
moves, highlights, the bot's replies). `load` reads it; `Lesson` plays it through the engine's
one API, the rules checking every move: the terminal, the browser and the tests all use it.
"""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from importlib.resources.abc import Traversable
from typing import Any

from potager import games
from potager.engine import Action, Game, Seat, State, View
from potager.i18n import LANGUAGES

Texts = dict[str, str]
"""One text in every language: ``{"en": ..., "fr": ..., "de": ..., "it": ...}``."""


class TutorialError(ValueError):
    """A tutorial file that cannot be read or whose script the rules refuse; says where."""


@dataclass(frozen=True)
class Step:
    """One step of a tutorial.

    ``text``: what the teacher says. ``move``: the learner's expected move in the game's
    notation, ``None`` for a page to read. ``highlight``: parts of the learner's view to point
    at, as paths (``display.corn``, ``gardens.1``; `find`). ``clicks``: in the browser, the
    first clicks of a move of several, before the element that carries the move (its
    ``data-action``): each ``name=value``, the element whose ``data-name`` is ``value``
    (``arm=mole``, ``pick=slot 3``). ``wrong``: why another move is not the one; ``why``: a
    text for a particular other move, by its notation. ``replies``: the bot's moves after this
    step, in order, each played by the first seat to move that is not the learner's.
    """

    text: Texts
    move: str | None = None
    highlight: tuple[str, ...] = ()
    clicks: tuple[str, ...] = ()
    wrong: Texts | None = None
    why: dict[str, Texts] = field(default_factory=dict)
    replies: tuple[str, ...] = ()


@dataclass(frozen=True)
class Tutorial:
    """A game's tutorial: the table it is played at and its steps (`Step`).

    ``deck`` is the whole scripted deck: the file's top, then the other components in the
    order of `Game.components`. ``where`` tells the browser where each highlight is drawn: a
    path pattern (``*`` stands for one part) and the CSS selector of its element, ``{1}``,
    ``{2}``… being the path's parts. ``end`` is the closing text, which offers a real game.
    """

    game: Game
    title: Texts
    minutes: int
    players: int
    seed: int
    learner: Seat
    variant: dict[str, Any]
    deck: tuple[str, ...]
    steps: tuple[Step, ...]
    end: Texts
    where: tuple[tuple[str, str], ...] = ()

    def new_game(self) -> State:
        """The tutorial's table before its first step."""
        return self.game.new_game(self.players, self.seed, self.variant, self.deck)

    def at(self, index: int) -> Lesson:
        """The lesson at step ``index`` (0…len(steps)), every earlier step played; `IndexError`
        for a step the tutorial does not have."""
        if not 0 <= index <= len(self.steps):
            raise IndexError(f"{self.game.name}'s tutorial has steps 0…{len(self.steps)}")
        lesson = Lesson(self)
        while lesson.index < index:
            lesson.go_on()
        return lesson

    def selector(self, path: str) -> str | None:
        """The CSS selector of the element that draws ``path``: the first pattern of `where`
        that matches it, ``{1}``, ``{2}``… replaced by the path's second, third… parts;
        ``None`` if no pattern does."""
        parts = path.split(".")
        for pattern, selector in self.where:
            wanted = pattern.split(".")
            if len(wanted) == len(parts) and all(
                w in ("*", p) for w, p in zip(wanted, parts, strict=True)
            ):
                return selector.format(*parts)
        return None


@dataclass(frozen=True)
class Answer:
    """What the teacher says to a move: ``right`` (and it was played) or ``why`` not."""

    right: bool
    why: Texts | None = None


class Lesson:
    """A tutorial being played: ``state`` at step ``index``; `answer` the learner's move,
    `go_on` past a page to read. The bot's replies are played as each step ends."""

    def __init__(self, tutorial: Tutorial) -> None:
        self.tutorial = tutorial
        self.state = tutorial.new_game()
        self.index = 0

    @property
    def step(self) -> Step | None:
        """The current step, ``None`` once the tutorial is over."""
        steps = self.tutorial.steps
        return steps[self.index] if self.index < len(steps) else None

    @property
    def over(self) -> bool:
        return self.index >= len(self.tutorial.steps)

    @property
    def seat(self) -> Seat:
        return self.tutorial.learner

    def view(self) -> View:
        return self.state.view(self.seat)

    def expected(self) -> Action | None:
        """The action the current step expects, ``None`` for a page to read or at the end."""
        step = self.step
        if step is None or step.move is None:
            return None
        return self.state.str_to_action(self.seat, step.move)

    def answer(self, action: Action) -> Answer:
        """The learner plays ``action``: the expected move is played (then the bot's replies);
        any other is refused with why it is not the one, and nothing changes."""
        expected = self.expected()
        if expected is None:
            raise TutorialError("this step has no move to make: go on")
        if action == expected:
            self.go_on()
            return Answer(True)
        step = self.step
        assert step is not None
        notation = self.state.action_to_str(action)
        return Answer(False, step.why.get(notation, step.wrong))

    def go_on(self) -> None:
        """Play the current step's move (if any) and the bot's replies, then go to the next."""
        step = self.step
        if step is None:
            raise TutorialError("the tutorial is over")
        state = self.state
        where = f"{self.tutorial.game.name} tutorial, step {self.index + 1}"
        if step.move is not None:
            _play(state, self.seat, step.move, where)
        for reply in step.replies:
            bots = [s for s in state.to_move if s != self.seat]
            if not bots:
                raise TutorialError(f"{where}: no bot is to move for the reply {reply!r}")
            _play(state, bots[0], reply, where)
        self.index += 1
        following = self.step
        if following is not None and following.move is not None and self.seat not in state.to_move:
            raise TutorialError(f"{where}: the learner is not to move at the next step")


def _play(state: State, seat: Seat, move: str, where: str) -> None:
    try:
        state.apply(seat, state.str_to_action(seat, move))
    except ValueError as exc:
        raise TutorialError(f"{where}: seat {seat} cannot play {move!r}: {exc}") from None


def find(view: View, path: str) -> Any:
    """The part of ``view`` a highlight's ``path`` names: each dot-separated part is a key of a
    dict, an index of a list, or an item a list holds (``hands.0.A``: the Ace in seat 0's hand);
    `KeyError` when the view does not show it.

    >>> find({"display": {"corn": 2}, "hands": [["1", "A"], []]}, "hands.0.A")
    'A'
    """
    found: Any = view
    for part in path.split("."):
        if isinstance(found, dict) and part in found:
            found = found[part]
        elif isinstance(found, list) and part.isdigit() and int(part) < len(found):
            found = found[int(part)]
        elif isinstance(found, list) and part in map(str, found):
            found = part
        else:
            raise KeyError(f"{path!r}: the view shows no {part!r} there")
    return found


def games_with_tutorials() -> list[str]:
    """The games that have a tutorial, in the registry's order."""
    return [name for name in games.names() if _file(games.get(name)) is not None]


def _file(game: Game) -> Traversable | None:
    """The game's tutorial file, if it has one."""
    file = games.pieces(game).tutorial
    return file if file is not None and file.is_file() else None


@cache
def load(name: str) -> Tutorial:
    """The tutorial of the game called ``name``; `ValueError` for an unknown game or one without
    a tutorial, `TutorialError` for a file that is not a tutorial."""
    game = games.get(name)
    file = _file(game)
    if file is None:
        raise ValueError(f"{name} has no tutorial; tutorials: {', '.join(games_with_tutorials())}")
    try:
        data = tomllib.loads(file.read_text(encoding="utf-8"))
        return _tutorial(game, data)
    except (tomllib.TOMLDecodeError, KeyError, TypeError) as exc:
        raise TutorialError(f"{name}'s {file.name}: {exc!r}") from None


def _tutorial(game: Game, data: dict[str, Any]) -> Tutorial:
    players, variant = data["players"], game.resolve_variant(data.get("variant"))
    return Tutorial(
        game=game,
        title=_texts(data["title"]),
        minutes=data["minutes"],
        players=players,
        seed=data["seed"],
        learner=data.get("learner", 0),
        variant=variant,
        deck=_deck(game, players, variant, data.get("deck", [])),
        steps=tuple(_step(s) for s in data["steps"]),
        end=_texts(data["end"]),
        where=tuple(data.get("where", {}).items()),
    )


def _deck(game: Game, players: int, variant: dict[str, Any], top: list[str]) -> tuple[str, ...]:
    """``top``, then the other components in `Game.components` order."""
    rest = Counter(top)
    deck = list(top)
    for component in game.components(players, variant):
        if rest[component]:
            rest[component] -= 1
        else:
            deck.append(component)
    return tuple(deck)


def _step(data: dict[str, Any]) -> Step:
    return Step(
        text=_texts(data["text"]),
        move=data.get("move"),
        highlight=tuple(data.get("highlight", ())),
        clicks=tuple(data.get("clicks", ())),
        wrong=_texts(data["wrong"]) if "wrong" in data else None,
        why={move: _texts(t) for move, t in data.get("why", {}).items()},
        replies=tuple(data.get("replies", ())),
    )


def _texts(data: dict[str, str]) -> Texts:
    """The texts of one entry, each language's lines joined as the TOML wrote them, its
    paragraphs (a blank line between) kept apart."""
    return {lang: _paragraphs(data[lang]) for lang in LANGUAGES if lang in data}


def _paragraphs(text: str) -> str:
    # Only the ASCII layout: a no-break space (French's before a colon) is the text's own.
    paragraphs = re.split(r"\n[ \t]*\n", text.strip(" \t\n"))
    return "\n\n".join(" ".join(re.split(r"[ \t\n]+", p.strip(" \t\n"))) for p in paragraphs)


def say(texts: Texts | None, lang: str) -> str:
    """``texts`` in ``lang`` (English where that language is missing)."""
    if not texts:
        return ""
    return texts.get(lang) or texts.get("en", "")
