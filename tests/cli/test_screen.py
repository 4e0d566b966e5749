"""An 80 × 24 screen keeps the table in sight (choices grouped),
a decision with one choice is not asked, ``?`` and ``rules`` explain the game, the log says
"you" with the right verb."""

from __future__ import annotations

import io
import random
import re

import pytest
from rich.console import Console

from potager import agents, game_texts, games
from potager.cli import reference, render
from potager.cli.choices import LIMIT
from potager.cli.language import speaking
from potager.cli.terminal import ChoiceError, TerminalPlay
from potager.engine import State

PROMPT = "seat 0: you > "


def session(
    name: str,
    seed: int,
    answers: list[str],
    players: int = 2,
    variant: dict[str, object] | None = None,
) -> tuple[TerminalPlay, io.StringIO]:
    """The human at seat 0 against random bots, on an 80 × 24 console."""
    game = games.get(name)
    state = game.new_game(players, seed, variant=variant)
    out = io.StringIO()
    feed = iter(answers)

    def ask(prompt: str) -> str:
        out.write(prompt + "\n")
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    console = Console(file=out, width=80, height=24)
    bots = {s: agents.make("random", game) for s in range(1, players)}
    labels = ["seat 0: you", *(f"seat {s}: random" for s in range(1, players))]
    return TerminalPlay(state, 0, bots, labels, console, ask, random.Random(1)), out


def test_garden_rush_groups_its_105_placements_and_keeps_the_table_in_sight() -> None:
    play, out = session("garden-rush", 3, ["1", "c2"])
    assert len(play.state.legal_actions(0)) == 105
    with pytest.raises(EOFError):
        play.run()
    text = out.getvalue()
    first = text[: text.index(PROMPT)].splitlines()
    assert len(first) < 24, "the first screen and its prompt must fit 24 lines"
    assert "Garden Rush" in first[0] and "Score track" in "".join(first)
    assert any(line.lstrip("│ ").startswith("Hedge") for line in first)
    assert "#1 plant 1 … (21)" in first[-2] and "#5 plant 5 … (21)" in first[-1]
    assert "Your move: plant 1 …" in text and "#21 d5" in text
    assert play.state.moves[0] == (0, play.state.str_to_action(0, "plant 1 c2"))


@pytest.mark.parametrize("name", games.names())
def test_every_menu_of_a_random_game_is_short_or_cannot_be_grouped(name: str) -> None:
    game = games.get(name)
    state = game.new_game(game.min_players, 11)
    rng = random.Random(11)
    play = TerminalPlay(state, 0, {}, ["you", "bot"], Console(file=io.StringIO()), input, rng)
    while not state.is_over:
        seat = state.to_move[0]
        if seat == 0:
            menu = play.menu()
            assert sorted(menu.actions) == sorted(state.legal_actions(0))
            assert len(menu.entries) <= LIMIT or all(not e.is_group for e in menu.entries)
            for entry in menu.entries:
                if entry.is_group:
                    opened = menu.open(entry)
                    assert sorted(opened.actions) == sorted(entry.actions)
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_a_decision_with_one_choice_is_played_and_said_in_the_log() -> None:
    """Kraut & Rüben's first turn: nothing for the mole to cover, ``draw`` is the only choice."""
    play, out = session("kraut-und-rueben", 3, [])
    assert play.state.legal_actions(0) == [play.state.str_to_action(0, "draw")]
    with pytest.raises(EOFError):
        play.run()
    assert play.state.moves[0] == (0, play.state.str_to_action(0, "draw"))
    assert "Your only choice, played for you: [bold]draw[/]." in play.log
    assert any(line.startswith("You draw a") for line in play.log)
    assert "#1 place 1 …" in out.getvalue() or "#1 place" in out.getvalue()


def test_help_explains_the_notation_and_rules_shows_the_rules_in_brief() -> None:
    play, out = session("heuschrecken-poker", 3, ["?", "rules"])
    with pytest.raises(EOFError):
        play.run()
    text = " ".join(out.getvalue().split())
    assert "Notation" in text and "The rules in brief" in text
    assert "1 … 6, A, X" in text and "bid that poker card" in text
    assert "Fine points" in text and "Chips never run out." in text
    assert text.index("Notation") < text.index("The rules in brief")


@pytest.mark.parametrize("name", games.names())
def test_the_rules_sections_of_every_game_are_found(name: str) -> None:
    for lang in ("en", "fr", "de", "it"):
        for title in (reference.RULES, reference.NOTATION):
            assert reference.source(games.get(name), title, lang), (name, lang, title)


def test_a_language_without_its_page_shows_the_english_one_saying_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(
        reference,
        "page_sections",
        lambda game, lang: {} if lang == "fr" else {"The rules in brief": "Plant, then harvest."},
    )
    console = Console(file=io.StringIO(), width=80)
    with speaking("fr"):
        console.print(reference.section(games.get("garden-rush"), reference.RULES, "fr"))
    text = console.file.getvalue()  # type: ignore[attr-defined]
    assert "Plant, then harvest." in text and "anglais" in text


def test_a_link_in_the_rules_is_spelt_out_as_its_address_on_the_docs_site(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(
        reference,
        "page_sections",
        lambda game, lang: {
            "The rules in brief": "Why: [the notes](../rules-notes.md#garden-rush)."
        },
    )
    console = Console(file=io.StringIO(), width=200)
    console.print(reference.section(games.get("garden-rush"), reference.RULES))
    text = console.file.getvalue()  # type: ignore[attr-defined]
    assert f"the notes ({game_texts.DOCS_SITE}rules-notes/#garden-rush)" in text


def random_game(name: str, players: int, seed: int) -> State:
    game = games.get(name)
    state = game.new_game(players, seed)
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


THIRD_PERSON = re.compile(r"\b[Yy]ou (\w+)")
PLAIN_VERBS_IN_S = {"pass"}
END_EVENTS = ("game over", "game_end", "game_over")
"""The event that ends each game: its line gives every seat's score after the seat's name."""


@pytest.mark.parametrize("name", games.names())
def test_the_log_says_you_with_the_verb_that_goes_with_it(name: str) -> None:
    """The log read "You takes"; and the end of a game was raw Python ("scores [35, 39]")."""
    state = random_game(name, games.get(name).min_players, 4)
    describe = render.for_game(state.game).describe
    for viewer in (0, 1):
        for event in state.events_for(viewer):
            line = describe(event, viewer)
            if line is None:
                continue
            assert f"Seat {viewer} " not in line and f"seat {viewer} " not in line, line
            assert f"Seat {viewer}'s" not in line and f"seat {viewer}:" not in line, line
            for verb in THIRD_PERSON.findall(line):
                assert not verb.endswith("s") or verb in PLAIN_VERBS_IN_S, line
            assert "[" not in line.replace("\\[", ""), line
        ends = [e for e in state.events_for(viewer) if e["type"] in END_EVENTS]
        assert ends and all("you " in str(describe(e, viewer)) for e in ends)
    for event in state.events_for(None):
        line = describe(event, None)
        assert line is None or "you" not in line.casefold().split(), line


def test_the_table_says_you_take_in_heuschrecken_poker() -> None:
    from potager.cli.render.heuschrecken_poker import status

    state = games.get("heuschrecken-poker").new_game(2, 5)
    rng = random.Random(5)
    while state.view(None)["phase"] != "take":
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    taker = state.to_move[0]
    assert str(status(state.view(taker), taker)) == "You take one kind from the display."
    assert str(status(state.view(1 - taker), 1 - taker)).startswith(f"Seat {taker} takes")


@pytest.mark.parametrize(
    ("name", "players", "lang"),
    [
        ("heuschrecken-poker", 4, "en"),
        ("pas-de-haricots", 4, "en"),
        ("kraut-und-rueben", 2, "en"),
        ("kraut-und-rueben", 5, "en"),
        ("garden-rush", 2, "en"),
        ("heuschrecken-poker", 4, "it"),
        ("pas-de-haricots", 4, "fr"),
        ("kraut-und-rueben", 5, "it"),
        ("kraut-und-rueben", 5, "fr"),
        ("garden-rush", 2, "fr"),
    ],
)
def test_every_screen_of_a_random_game_fits_80_by_24(name: str, players: int, lang: str) -> None:
    """The table, the latest of the log, the choices and the prompt on one screen; in
    the languages whose words made it taller (Italian, French) too."""
    with speaking(lang):
        screens_fit(name, players)


def screens_fit(name: str, players: int) -> None:
    game = games.get(name)
    state = game.new_game(players, 3)
    console = Console(file=io.StringIO(), width=80, height=24)
    labels = [f"seat {s}" for s in range(players)]
    play = TerminalPlay(state, 0, {}, labels, console, input, random.Random(3))
    rng = random.Random(3)
    while not state.is_over:
        if 0 in state.to_move and len(state.legal_actions(0)) > 1:
            play.read_events()
            play.new_decision()
            screen = play.screen(play.choices(play.menu()))
            lines = console.render_lines(screen, console.options, pad=False)
            assert len(lines) + 1 <= 24, (len(state.moves), len(lines))
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))


@pytest.mark.parametrize("name", games.names())
def test_no_action_label_repeats_a_word(name: str) -> None:
    """The replay read "place the the drawn tile" (Kraut & Rüben, a record's move labelled after
    the tile was placed)."""
    state = games.get(name).new_game(games.get(name).min_players, 6)
    rng = random.Random(6)
    while not state.is_over:
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        for action in {*legal, *range(0, state.game.num_actions(state.players, state.variant), 7)}:
            label = state.action_label(action)
            assert not re.search(r"\b(\w+) \1\b", label), label
        state.apply(seat, rng.choice(legal))


def test_a_group_completes_what_is_typed_and_says_what_is_not_legal() -> None:
    play, _ = session("kraut-und-rueben", 3, [])
    state = play.state
    state.apply(0, state.str_to_action(0, "draw"))
    top = play.menu()
    place_2 = top.open(next(e for e in top.entries if e.label == "place 2"))
    assert play.choose("b3", place_2) == state.str_to_action(0, "place 2 b3")
    assert play.choose("place 4 a1", place_2) == state.str_to_action(0, "place 4 a1")
    assert play.choose("#2", place_2) == place_2.entries[1].actions[0]
    assert play.choose("", place_2) == top
    with pytest.raises(ChoiceError, match="'x9' is not an action"):
        play.choose("x9", place_2)


def test_a_card_not_in_hand_is_not_legal_rather_than_unknown() -> None:
    play, _ = session("pas-de-haricots", 4, [], players=3)
    menu = play.menu()
    assert menu.prefix == ("play",)
    hand = play.state.view(0)["hand"]
    other = next(f"{s}{r}" for s in "HDSC" for r in "123456789" if f"{s}{r}" not in hand)
    with pytest.raises(ChoiceError, match=f"'{other}' is not legal now"):
        play.choose(other, menu)
    assert play.choose(hand[0], menu) == play.state.str_to_action(0, f"play {hand[0]}")


@pytest.mark.parametrize("name", games.names())
def test_the_reference_shows_no_docstring_markup(name: str) -> None:
    """Garden Rush's rules read "**Tools & Moles**"."""
    console = Console(file=io.StringIO(), width=80)
    for title in (reference.RULES, reference.NOTATION):
        console.print(reference.section(games.get(name), title))
    text = console.file.getvalue()  # type: ignore[attr-defined]
    assert "**" not in text and "``" not in text and ">>>" not in text
