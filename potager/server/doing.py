"""What a seat is to do now, in a few words: the "your turn" list says it beside each table.

The words follow the game's phase, as its views name it (``view["phase"]``, public in every
seat's view), and are those of the game's page where it has them ("Bid a poker card"). A phase
not listed here, or not known (a table this process does not hold), reads "Your move".
"""

from __future__ import annotations

from potager.i18n import say_in

DOING = {
    ("heuschrecken-poker", "bid"): "Bid a poker card",
    ("heuschrecken-poker", "take"): "Take a kind",
    ("kraut-und-rueben", "draw"): "Draw a tile",
    ("kraut-und-rueben", "place"): "Place the drawn tile",
    ("kraut-und-rueben", "take"): "Take a garden?",
    ("pas-de-haricots", "lead"): "Lead a card",
    ("pas-de-haricots", "commit"): "Put a card face down",
    ("pas-de-haricots", "take"): "Take a card",
    ("garden-rush", "place or harvest"): "Place a token or harvest a field",
    ("garden-rush", "bonus"): "Take a bonus action or skip it",
    ("garden-rush", "swap"): "Place a swapped token",
}
"""Each game's phases that ask something of a seat, by (game, phase), and what they ask."""
YOUR_MOVE = "Your move"


def doing(game: str, phase: str | None, lang: str) -> str:
    """What a seat of ``game`` is to do in ``phase`` (None: not known), in ``lang``."""
    key = (game, phase or "")
    return say_in(lang, DOING[key]) if key in DOING else say_in(lang, YOUR_MOVE)
