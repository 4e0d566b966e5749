"""The engine's exceptions: each says what was expected, each is a `ValueError`."""


class IllegalAction(ValueError):
    """An action that the seat may not play now; the state is left exactly as it was."""


class NotationError(IllegalAction):
    """Text that is not an action in the game's notation (or not one for this seat)."""


class RecordError(ValueError):
    """A game record that cannot be replayed: malformed, unknown game, or an illegal move."""
