"""The engine's refusals keep their template: ``str(exc)`` stays the English text the
logs, records and terminal read, and ``exc.reason`` says which template and values made it, so a
server can say it in the asker's language. The four games' rules (compiled) raise them too."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from potager import games
from potager.engine import IllegalAction, NotationError, Reason
from tests.toy import GAME as TOY
from tests.toy import KEEP

GAMES = ("garden-rush", "heuschrecken-poker", "kraut-und-rueben", "pas-de-haricots")


def refusal(raise_it: Callable[[], object]) -> IllegalAction:
    with pytest.raises(IllegalAction) as caught:
        raise_it()
    return caught.value


def test_a_reason_is_its_english_text_with_its_template_and_values() -> None:
    reason = Reason("seat {seat} is taken", seat=2)
    assert reason == "seat 2 is taken" and isinstance(reason, str)
    assert (reason.template, reason.params) == ("seat {seat} is taken", {"seat": "2"})
    plain = Reason("the game is over")
    assert (plain, plain.template, plain.params) == ("the game is over", "the game is over", {})


def test_an_illegal_action_is_raised_from_a_template_or_a_reason() -> None:
    made = IllegalAction("{action} is not legal now", action="'corn'")
    assert str(made) == "'corn' is not legal now"
    assert made.reason.template == "{action} is not legal now"
    earlier = Reason("seat {seat} is not to move; waiting for: {waiting}", seat=1, waiting="0")
    assert IllegalAction(earlier).reason is earlier


def test_the_engine_s_english_is_unchanged_and_keeps_its_template() -> None:
    state = TOY.new_game(2, 1)
    exc = refusal(lambda: state.apply(0, KEEP))
    assert str(exc) == "'keep' is not legal for seat 0 now; legal: 1, 2, 3"
    assert exc.reason.template == "{action} is not legal for seat {seat} now; legal: {legal}"
    assert exc.reason.params == {"action": "'keep'", "seat": "0", "legal": "1, 2, 3"}
    state.apply(0, 0)
    exc = refusal(lambda: state.apply(0, 1))
    assert str(exc) == "seat 0 is not to move; waiting for: 1"
    exc = refusal(lambda: state.str_to_action(1, "bid 9"))
    assert isinstance(exc, NotationError)
    assert str(exc) == "'bid 9' is not a toy action; legal now: 1, 2, 3"
    assert exc.reason.params == {"text": "'bid 9'", "game": "toy", "legal": "1, 2, 3"}


def test_set_up_refusals_keep_their_template() -> None:
    with pytest.raises(ValueError) as caught:
        TOY.check_players(5)
    assert str(caught.value) == "toy is played by 2 to 4 players, not 5"
    reason = caught.value.args[0]
    assert reason.template == "{game} is played by {least} to {most} players, not {players}"
    with pytest.raises(ValueError) as caught:
        TOY.resolve_variant({"cards": 5})
    assert str(caught.value) == "variant option 'cards' of toy takes one of 4, 6, not 5"
    assert caught.value.args[0].params["values"] == "4, 6"


@pytest.mark.parametrize("name", GAMES)
def test_each_game_s_rules_refuse_with_a_template(name: str) -> None:
    game = games.get(name)
    state = game.new_game(game.min_players, 3)
    seat = state.to_move[0]
    legal = set(state.legal_actions(seat))
    illegal = next(
        a for a in range(len(game.action_names(state.players, state.variant))) if a not in legal
    )
    exc = refusal(lambda: state.apply(seat, illegal))
    assert exc.reason.template == "{action} is not legal for seat {seat} now; legal: {legal}"
    assert str(exc) == exc.reason.template.format(**exc.reason.params)
    assert exc.reason.params["action"] == repr(state.action_to_str(illegal))
    exc = refusal(lambda: state.apply(game.max_players, 0))
    assert exc.reason.template == "seat {seat} is not to move; waiting for: {waiting}"
