"""The engine's exceptions: each says what was expected, each is a `ValueError`.

A refusal a person may read (an illegal action, a notation that names none, a player count or
variant a game does not have) is a `Reason`: English text that keeps the template and values it
was filled from. Logs, records and the terminal read the English (``str(exc)``); an interface in
another language finds the template's translation in its catalog and fills it with the same
values, so the rules stay free of any language but English and of the catalogs.
"""

from __future__ import annotations


class Reason(str):
    """``template`` with its ``{placeholders}`` filled from ``params``: the English text itself,
    which also remembers the template and the values (as text) it was filled from."""

    template: str
    params: dict[str, str]

    def __new__(cls, template: str, /, **params: object) -> Reason:
        values = {name: str(value) for name, value in params.items()}
        reason = super().__new__(cls, template.format(**values) if values else template)
        reason.template, reason.params = template, values
        return reason


class IllegalAction(ValueError):
    """An action that the seat may not play now; the state is left exactly as it was.

    Raised with a template and its values (``IllegalAction("seat {seat} is not to move",
    seat=2)``) or with a `Reason` made earlier; ``str(exc)`` is the English text and
    ``exc.reason`` the `Reason` (a plain message is its own template). The text is built only
    when an action is refused, never on the legal path.
    """

    def __init__(self, message: str, /, **params: object) -> None:
        if isinstance(message, Reason) and not params:
            reason = message
        else:
            reason = Reason(message, **params)  # i18n: checked elsewhere (where it is raised)
        super().__init__(reason)
        self.reason = reason


class NotationError(IllegalAction):
    """Text that is not an action in the game's notation (or not one for this seat)."""


class RecordError(ValueError):
    """A game record that cannot be replayed: malformed, unknown game, or an illegal move."""
