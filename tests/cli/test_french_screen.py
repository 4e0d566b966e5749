"""What confused players of the terminal: Garden Rush with Tools & Moles in French on
an 80 × 24 screen, the French word for a seat, and Pas de Haricots' rules naming a Claudia who is
never introduced."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from potager import games
from potager.cli import reference
from potager.cli.language import speaking
from tests.cli.test_screen import PROMPT, session


def screens(lang: str, answers: list[str]) -> list[list[str]]:
    """The screens of a Garden Rush game with Tools & Moles in ``lang``, the human at seat 0
    against a random bot on an 80 × 24 console, answering ``answers``: each screen's lines up to
    its prompt."""
    play, out = session("garden-rush", 3, answers, variant={"tools_and_moles": True})
    with speaking(lang), pytest.raises(EOFError):
        play.run()
    parts = out.getvalue().split(PROMPT)[:-1]
    return [part.splitlines() for part in parts if "╭─" in part]


@pytest.mark.parametrize("lang", ["fr", "de", "it", "en"])
def test_garden_rush_with_tools_and_moles_fits_80_by_24(lang: str) -> None:
    first, after = screens(lang, ["1", "#1"])
    for screen in (first, after):
        top = next(i for i, line in enumerate(screen) if line.startswith("╭─"))
        shown = screen[top:]
        assert len(shown) < 24, "a screen and its prompt fit 24 lines"
        assert "Garden Rush" in shown[0]
    # The bot's placement, whole, between the table and the choices.
    log = " ".join(after[after.index(next(line for line in after if line.startswith("╰─"))) + 1 :])
    said = {
        "fr": "Le joueur 1 plante",
        "de": "Platz 1 pflanzt",
        "it": "Il posto 1 pianta",
        "en": "Seat 1 plants",
    }
    assert said[lang] in log


def test_the_french_terminal_calls_a_seat_a_player_not_a_place() -> None:
    first, after = screens("fr", ["1", "#1"])
    text = "\n".join(first + after)
    assert "joueur 1" in text
    assert "place 1" not in text.lower()


@pytest.mark.parametrize("lang", ["en", "fr", "de", "it"])
def test_pas_de_haricots_rules_name_nobody_they_do_not_introduce(lang: str) -> None:
    out = io.StringIO()
    console = Console(file=out, width=80)
    with speaking(lang):
        console.print(reference.section(games.get("pas-de-haricots"), reference.RULES, lang))
    assert "Claudia" not in out.getvalue()
    assert "+8 / −6 / +2" in " ".join(out.getvalue().split())
