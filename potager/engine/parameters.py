"""Rule parameters: the numbers of a game a designer may change, each named, with its default
(the rulebook's value), its range and a one-line meaning (docs/design.md).

A parameter is a whole number in a range, a table of whole numbers (a fixed length, each in a
range) or one of a few named choices. `Parameter.check` takes a value as Python, JSON (a table
as a list) or text (``"3"``, ``"1,2,3,2,1"``, ``"rotate"``) and returns it as the rules read it,
or raises `ValueError` with a `Reason` naming the parameter and what it takes.

>>> cup = Parameter(3, "points of the cup", low=0, high=10)
>>> cup.check("cup", "kraut-und-rueben", "5"), cup.describe()
(5, 'int 0..10')
>>> Parameter((1, 2), "a row", low=0, high=9).check("row", "g", [3, 4])
(3, 4)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from .errors import Reason

Value = int | str | tuple[int, ...]
"""A parameter's value as the rules read it."""


@dataclass(frozen=True)
class Parameter:
    """One rule parameter: ``default`` (an int, a tuple of ints or a choice's name), ``doc`` (its
    one-line meaning), ``low``..``high`` (the range of an int or of each entry of a table) and
    ``choices`` (a choice's names, the default among them)."""

    default: Value
    doc: str
    low: int | None = None
    high: int | None = None
    choices: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.choices and self.default not in self.choices:
            raise ValueError(f"default {self.default!r} is not one of {self.choices}")
        if not self.choices and (self.low is None or self.high is None):
            raise ValueError("a number or a table needs its range, low and high")

    @property
    def kind(self) -> Literal["int", "table", "choice"]:
        """``int``, ``table`` or ``choice``."""
        if self.choices:
            return "choice"
        return "table" if isinstance(self.default, tuple) else "int"

    def describe(self) -> str:
        """The type and range, as `potager games --params` lists them (``int 0..10``,
        ``5 ints 0..9``, ``rotate|trailing``)."""
        if self.kind == "choice":
            return "|".join(self.choices)
        if self.kind == "table":
            return f"{len(self.default)} ints {self.low}..{self.high}"  # type: ignore[arg-type]
        return f"int {self.low}..{self.high}"

    def text(self, value: Value) -> str:
        """``value`` as `check` reads it back from text (``1,2,3``)."""
        if isinstance(value, tuple):
            return ",".join(map(str, value))
        return str(value)

    def check(self, name: str, game: str, value: Any) -> Value:
        """``value`` (Python, JSON or text) as the rules read it; `ValueError` otherwise."""
        if self.kind == "choice":
            if isinstance(value, str) and value.strip() in self.choices:
                return value.strip()
            raise self._refusal(name, game, value)
        if self.kind == "table":
            entries = value.split(",") if isinstance(value, str) else value
            if not isinstance(entries, list | tuple):
                raise self._refusal(name, game, value)
            numbers = tuple(_number(entry) for entry in entries)
            size = len(self.default)  # type: ignore[arg-type]
            if len(numbers) != size:
                raise ValueError(
                    Reason(
                        "parameter {name} of {game} is a table of {size} numbers, not {count}",
                        name=name,
                        game=game,
                        size=size,
                        count=len(numbers),
                    )
                )
            if any(n is None or not self._in_range(n) for n in numbers):
                raise self._refusal(name, game, value)
            return numbers  # type: ignore[return-value]
        number = _number(value)
        if number is None or not self._in_range(number):
            raise self._refusal(name, game, value)
        return number

    def _in_range(self, number: int) -> bool:
        return self.low is not None and self.high is not None and self.low <= number <= self.high

    def _refusal(self, name: str, game: str, value: Any) -> ValueError:
        shown = self.text(value) if isinstance(value, tuple) else repr(value)
        return ValueError(
            Reason(
                "parameter {name} of {game} takes {range}, not {value}",
                name=name,
                game=game,
                range=self.describe(),
                value=shown,
            )
        )


ParameterSpec = dict[str, Parameter]
"""``{parameter name: Parameter}``: a game's rule parameters."""


def changes(spec: Mapping[str, Parameter], game: str, given: Mapping[str, Any]) -> dict[str, Any]:
    """The parameters of ``given`` checked (`Parameter.check`), those at their default left
    out; `ValueError` names an unknown parameter and the game's."""
    changed: dict[str, Any] = {}
    for name, value in given.items():
        parameter = spec.get(name)
        if parameter is None:
            if not spec:
                raise ValueError(
                    Reason("{game} has no rule parameters, not {name}", game=game, name=repr(name))
                )
            raise ValueError(
                Reason(
                    "unknown parameter {name} for {game}; parameters: {names}",
                    name=repr(name),
                    game=game,
                    names=", ".join(sorted(spec)),
                )
            )
        checked = parameter.check(name, game, value)
        if checked != parameter.default:
            changed[name] = checked
    return dict(sorted(changed.items()))


def _number(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        try:
            return int(value.strip())
        except ValueError:
            return None
    return None
