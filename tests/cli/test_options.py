"""--bots: one level per seat, search levels with comma-separated parameters."""

from __future__ import annotations

import pytest
import typer

from potager import games
from potager.cli.options import parse_bots


def test_search_levels_keep_their_comma_separated_parameters() -> None:
    game = games.get("heuschrecken-poker")
    text = "ismcts:iterations=50,workers=1,heuristic"
    assert parse_bots(game, text, 2) == ["ismcts:iterations=50,workers=1", "heuristic"]
    assert parse_bots(game, "ismcts:seconds=0.5", 3) == ["ismcts:seconds=0.5"] * 3


@pytest.mark.parametrize("text", ["ismcts:iterations=0", "ismcts:speed=2", "nope", "random,x=1"])
def test_bad_levels_are_refused_with_a_message(text: str) -> None:
    with pytest.raises(typer.BadParameter) as refused:
        parse_bots(games.get("heuschrecken-poker"), text, 2)
    assert refused.value.format_message().startswith("Invalid value for '--bots': ")
