"""The search levels by name, with parameters for study, and each level's one-line description.

``ismcts`` thinks 1 s a decision on one core; ``ismcts-strong`` 5 s on each of 2 worker
processes (root parallelism). Parameters follow a colon, comma-separated
(``ismcts-strong:iterations=4000,workers=2``): ``iterations``, ``seconds``, ``workers``,
``exploration``, ``bias``, ``playout``, ``widening``, ``choice``, ``plan`` and ``mix``; what each
does, and which game's levels set one by default: docs/bots.md, "A level's parameters".
"""

from __future__ import annotations

import math
from typing import Any

SEARCH: dict[str, dict[str, Any]] = {
    "ismcts": {"iterations": None, "seconds": 1.0, "workers": 1, "bias": 16.0, "playout": "game"},
    "ismcts-strong": {
        "iterations": None,
        "seconds": 5.0,
        "workers": 2,
        "bias": 16.0,
        "playout": "game",
    },
}
"""Each search level's defaults: its `Budget` and `SearchSettings` (`potager.agents.settings`)."""

_PARAMETERS = {
    "iterations": int,
    "seconds": float,
    "workers": int,
    "exploration": float,
    "bias": float,
    "widening": float,
    "choice": float,
    "plan": int,
    "mix": float,
}
_MAY_BE_ZERO = {"exploration", "bias", "widening", "choice", "plan", "mix"}
_AT_MOST_ONE = {"choice", "plan", "mix"}
PLAYOUTS = ("game", "random")
"""The ``playout`` parameter: the game's own playout policy (its ``playout.py``; random play for
a game without one) or uniformly random play."""

DESCRIPTIONS = {
    "random": "plays any legal move at random; instant; the weakest",
    "heuristic": "the game's rules of thumb; instant; wins most games against random",
    "ismcts": (
        "Monte Carlo search over what it may know, guided by the heuristic; 1 s a move, 1 core; "
        "beats the heuristic in every game and player count measured"
    ),
    "ismcts-strong": (
        "the same search, longer; 5 s a move on 2 cores; "
        "wins more than its share against ismcts in every game and player count measured, "
        "by the ladder's margin in most, not in Kraut & Rüben"
    ),
    "policy:PATH": "a policy trained by reinforcement learning (potager train), saved at PATH",
    "onnx:PATH": "a policy trained with another library and exported to ONNX at PATH",
}
"""One line a level: what it is, how long it thinks, how strong it is, true of every
game: the search is "Monte Carlo", not "tree", because Kraut & Rüben's searches flat and paired at
the root (`ismcts.paired_root`). Strength is said only as measured: the ladder's figures are in
docs/ladder.md, where ismcts beats the heuristic in every game and player
count; ismcts-strong wins more than its fair share against ismcts in every cell (each whole
interval above it), and by the ladder's margin in most cells, not in Kraut & Rüben's so far (its
counts, intervals and open cells are kept there, not copied here, where they would go stale)."""


_TRAINED = (
    "Trained",
    "Learned its play from thousands of practice games against Casual and answers at once.",
)
PLAIN: dict[str, tuple[str, str]] = {
    "random": ("Novice", "Plays any legal move at random and answers at once: the easiest."),
    "heuristic": (
        "Casual",
        "Plays by the game's rules of thumb and answers at once: wins most games against Novice.",
    ),
    "ismcts": (
        "Strong",
        "Thinks about a second a move, playing out many ways the game could go: clearly "
        "stronger than Casual.",
    ),
    "ismcts-strong": (
        "Expert",
        "Thinks about five seconds a move on two cores: the strongest, a little stronger than "
        "Strong.",
    ),
    # a trained policy, ours (policy:PATH) or exported from another library (onnx:PATH)
    "policy": _TRAINED,
    "onnx": _TRAINED,
}
"""What players read of each level (the pages, the rules pages): its name and one plain sentence,
how strong it is and how long it thinks, by the measures of docs/ladder.md and docs/rl.md. The
level names themselves (`SEARCH`, ``heuristic``, ``policy:PATH``) stay those of the API, the
records and the study commands."""


def title(level: str) -> str:
    """A level's name for players, whatever its parameters; the level itself if it has none.

    >>> title("ismcts"), title("ismcts:iterations=500"), title("policy:heuschrecken-poker-2p")
    ('Strong', 'Strong', 'Trained')
    """
    return PLAIN.get(level.split(":", 1)[0], (level, ""))[0]


def sentence(level: str) -> str:
    """A level's plain sentence for players (`PLAIN`); ``""`` for a level without one."""
    return PLAIN.get(level.split(":", 1)[0], ("", ""))[1]


def parse_level(level: str) -> dict[str, Any]:
    """A search level's parameters (its `Budget`'s and its `SearchSettings`'s; ``playout`` and
    ``plan`` as the level names them); `ValueError` says what is wrong.

    >>> parse_level("ismcts:iterations=2000")
    {'iterations': 2000, 'seconds': None, 'workers': 1, 'bias': 16.0, 'playout': 'game'}
    >>> parse_level("ismcts-strong:seconds=2.5,workers=3,playout=random")
    {'iterations': None, 'seconds': 2.5, 'workers': 3, 'bias': 16.0, 'playout': 'random'}
    >>> parse_level("ismcts:iterations=many")
    Traceback (most recent call last):
    ...
    ValueError: bot level 'ismcts:iterations=many': iterations takes a positive int, not 'many'
    """
    name, _, text = level.partition(":")
    if name not in SEARCH:
        raise ValueError(f"unknown search level {name!r}; search levels: {', '.join(SEARCH)}")
    arguments = dict(SEARCH[name])
    given: dict[str, Any] = {}
    for part in text.split(",") if text else []:
        key, equals, value = (p.strip() for p in part.partition("="))
        if key == "playout" and equals:
            if value not in PLAYOUTS:
                raise ValueError(
                    f"bot level {level!r}: playout is one of {', '.join(PLAYOUTS)}, not {value!r}"
                )
            if key in given:
                raise ValueError(f"bot level {level!r}: {key} is given twice")
            given[key] = value
            continue
        kind = _PARAMETERS.get(key)
        if kind is None or not equals:
            raise ValueError(
                f"bot level {level!r}: expected key=value with key one of "
                f"{', '.join([*_PARAMETERS, 'playout'])}, not {part!r}"
            )
        if key in given:
            raise ValueError(f"bot level {level!r}: {key} is given twice")
        try:
            number = kind(value)
        except ValueError:
            number = None
        if (
            number is None
            or not math.isfinite(number)
            or not (number > 0 or (key in _MAY_BE_ZERO and number == 0))
            or (key in _AT_MOST_ONE and number > 1)
        ):
            what = "positive int" if kind is int else "positive number"
            if key in _AT_MOST_ONE:
                what = "0 or 1" if kind is int else "number from 0 to 1"
            raise ValueError(f"bot level {level!r}: {key} takes a {what}, not {value!r}")
        given[key] = number
    if "iterations" in given and "seconds" not in given:
        arguments["seconds"] = None
    arguments.update(given)
    return arguments


def describe(level: str) -> str:
    """The one-line description of a level (a parametrised search level says its budget).

    >>> for part in describe("ismcts:iterations=2000").split("; "):
    ...     print(part)
    Monte Carlo search over what it may know, guided by the heuristic
    2000 iterations a move, 1 core
    >>> describe("ismcts:bias=0,playout=random")
    'Monte Carlo search over what it may know, random playouts; 1 s a move, 1 core'
    """
    if level in DESCRIPTIONS:
        return DESCRIPTIONS[level]
    for prefix in ("policy:", "onnx:"):
        if level.startswith(prefix):
            return DESCRIPTIONS[f"{prefix}PATH"].replace("PATH", level.removeprefix(prefix))
    arguments = parse_level(level)
    limits = []
    if arguments["iterations"] is not None:
        limits.append(f"{arguments['iterations']} iterations")
    if arguments["seconds"] is not None:
        limits.append(f"{arguments['seconds']:g} s")
    cores = arguments["workers"]
    guided = ", guided by the heuristic" if arguments["bias"] else ""
    if arguments["playout"] == "random":
        guided += ", random playouts"
    if arguments.get("widening"):
        guided += f", progressive widening {arguments['widening']:g}"
    if arguments.get("choice"):
        guided += f", choosing by win share over {arguments['choice']:g} of the most visits"
    if arguments.get("mix"):
        guided += f", varying among the actions searched {arguments['mix']:g} as often as the most"
    if arguments.get("plan"):
        guided += ", planning each move with the decision of the turn that follows it"
    return (
        f"Monte Carlo search over what it may know{guided}; {' or '.join(limits)} a move, "
        f"{cores} core{'s' if cores > 1 else ''}"
    )
