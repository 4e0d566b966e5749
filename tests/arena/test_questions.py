"""The measures designers ask for first, each on a small scripted set of game rows: the course of
a game (turns, rounds, lead changes, comebacks, what was taken when), score margins, measures
that never vary, skill against luck, the seat advantage at each strength, value by when taken
with Bonferroni intervals, the variants crossed, and the runs a report plays for them."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from potager import games
from potager.agents.action_value import wilson
from potager.arena import balance, measures, questions, report
from potager.arena.measures.course import course, leads, phase, taken_item
from potager.arena.rows import GameRow


def row(
    index: int,
    bots: tuple[str, ...],
    scores: tuple[float, ...],
    measured: dict[str, float] | None = None,
) -> GameRow:
    """A game whose highest scores win."""
    best = max(scores)
    winners = tuple(s for s, score in enumerate(scores) if score == best)
    return GameRow(index, index, bots, scores, winners, 10, measured or {})


# -- the course of a game -------------------------------------------------------------------------
def test_lead_changes_count_a_new_seat_alone_at_the_top() -> None:
    trail = [(0, (1.0, 0.0)), (2, (1.0, 1.0)), (4, (1.0, 3.0)), (6, (4.0, 3.0)), (8, (4.0, 4.0))]
    # 0 leads, a shared top keeps it, 1 leads, 0 leads again, shared again: two changes.
    assert leads(10, trail, (0, 1)) == {"lead_changes": 2.0, "comeback": 0.0}
    # At half-time (turn 5: the scores after turn 4) seat 1 led: a win by seat 0 came back.
    assert leads(10, trail[:4], (0,)) == {"lead_changes": 2.0, "comeback": 1.0}
    assert leads(10, trail[:1], (0,)) == {} and leads(10, [], (0,)) == {}  # nothing to follow
    level = [(6, (0.0, 2.0)), (8, (3.0, 2.0))]  # nothing scored before half-time: no comeback
    assert leads(10, level, (0,)) == {"lead_changes": 1.0, "comeback": 0.0}


def test_the_course_counts_turns_rounds_and_what_was_taken_in_which_third() -> None:
    assert [phase(turn, 30) for turn in (0, 9, 10, 19, 20, 29)] == [
        "early",
        "early",
        "middle",
        "middle",
        "late",
        "late",
    ]
    taken = [(0, "corn", 1), (1, "corn", 1), (15, "X", 0), (29, "corn", 0)]
    found = course(30, 4, [], taken, (0,))
    assert found == {
        "turns": 30.0,
        "rounds": 4.0,
        "take_corn_early_1": 2.0,
        "take_X_middle_0": 1.0,
        "take_corn_late_0": 1.0,
    }
    assert taken_item("take_corn_early_1") == ("corn", "early", 1)


@pytest.mark.parametrize(
    ("game", "players", "turn", "round_"),
    [
        ("heuschrecken-poker", 3, "reveal", "round_scoring"),
        ("pas-de-haricots", 3, "reveal", "hand_end"),
        ("kraut-und-rueben", 3, "draw", None),
        ("garden-rush", 2, "plant", None),
    ],
)
def test_every_game_measures_its_course_from_its_public_events(
    game: str, players: int, turn: str, round_: str | None
) -> None:
    """Three random games of each, seeds 1 to 3: turns and rounds as the events count them, the
    things taken add up to the seats' takes, the final public scores are the result's."""
    found = games.get(game)
    for seed in (1, 2, 3):
        state = found.new_game(players, seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = rng.choice(state.to_move)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        events = state.events_for(None)
        measured = measures.measure(state)
        turns = sum(e["type"] == turn for e in events)
        rounds = sum(e["type"] == round_ for e in events) if round_ else -(-turns // players)
        assert (measured["turns"], measured["rounds"]) == (turns, rounds)
        taken = {k: v for k, v in measured.items() if taken_item(k)}
        assert taken and all(v >= 1 for v in taken.values())
        if game != "kraut-und-rueben":  # its scores are public only at the end of a game
            assert measured["lead_changes"] >= 0 and measured["comeback"] in (0.0, 1.0)
        else:
            assert "lead_changes" not in measured


def test_kraut_und_rueben_follows_the_lead_game_by_game_in_a_match() -> None:
    found = games.get("kraut-und-rueben")
    state = found.new_game(2, 4, {"match": True})
    rng = random.Random(4)
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    measured = measures.measure(state)
    assert "lead_changes" in measured and measured["lead_changes"] <= 2  # three games, 2 changes


# -- what the report reads of rows ----------------------------------------------------------------
def test_margins_and_measures_that_never_vary() -> None:
    rows = [
        row(0, ("a", "b"), (10.0, 7.0), {"first_taker": 0.0, "moles": 2.0, "contract_0": 3.0}),
        row(1, ("b", "a"), (5.0, 5.0), {"first_taker": 0.0, "moles": 1.0, "contract_0": 3.0}),
        row(2, ("a", "b", "c"), (1.0, 9.0, 4.5), {"first_taker": 0.0, "moles": 2.0}),
    ]
    assert [balance.margin(r) for r in rows] == [3.0, 0.0, 4.5]
    assert balance.constant(rows, ("contract_",)) == {"first_taker": 0.0}
    assert balance.constant(rows[:2]) == {"first_taker": 0.0, "contract_0": 3.0}
    assert balance.constant([]) == {}
    section = questions.degenerate_section({"2 players": {"first_taker": 0.0}}, 300)
    assert section.paragraphs == [
        "2 players: first_taker is 0 in every one of its 300 games, so it tells nothing and is "
        "left out of the game's plots and measures tables."
    ]


def test_intervals_corrected_for_the_number_compared_are_wider_and_sorted() -> None:
    assert balance.bonferroni_z(1) == pytest.approx(1.959964, abs=1e-6)
    assert balance.bonferroni_z(12) == pytest.approx(2.865, abs=1e-3)
    groups = [
        ("low", balance.GroupRate(0, 40, 8.0, 0.2, wilson(8, 40))),
        ("high", balance.GroupRate(1, 40, 30.0, 0.75, wilson(30, 40))),
        ("middle", balance.GroupRate(2, 40, 20.0, 0.5, wilson(20, 40))),
    ]
    ordered = balance.corrected(groups)
    assert [name for name, _ in ordered] == ["high", "middle", "low"]
    for (_, before), (_, after) in zip(
        sorted(groups, key=lambda p: -p[1].rate), ordered, strict=True
    ):
        assert after.interval[0] < before.interval[0] and after.interval[1] > before.interval[1]
        assert after.interval == wilson(after.wins, after.seats, balance.bonferroni_z(3))


def test_skill_against_luck_is_the_stronger_seats_share_above_its_fair_one(tmp_path: Path) -> None:
    """Four 3-player games, the strong seat winning three: 75% against a fair 33%."""
    bots = [("s", "w", "w"), ("w", "s", "w"), ("w", "w", "s"), ("s", "w", "w")]
    scores = [(3.0, 1.0, 0.0), (0.0, 5.0, 1.0), (4.0, 1.0, 0.0), (2.0, 1.0, 1.0)]
    rows = [row(i, b, s) for i, (b, s) in enumerate(zip(bots, scores, strict=True))]
    section = questions.skill_section({"3 players": ("s", "w", rows)}, "note", tmp_path)
    cells = section.tables[0][1][0]
    low, high = wilson(3, 4)
    assert cells[2] == f"75.0% ({100 * low:.1f}–{100 * high:.1f}%)" and cells[3] == "33.3%"
    assert float(str(cells[4]).split()[0]) == pytest.approx((0.75 - 1 / 3) / (2 / 3), abs=0.006)
    assert (tmp_path / "skill.png").exists()


def test_the_seat_advantage_at_each_strength(tmp_path: Path) -> None:
    strong = [row(i, ("h", "h"), (1.0, 0.0) if i < 3 else (0.0, 1.0)) for i in range(4)]
    weak = [row(i, ("r", "r"), (1.0, 0.0) if i % 2 else (0.0, 1.0)) for i in range(4)]
    section = questions.strengths_section({2: {"h": strong, "r": weak}}, "note", tmp_path)
    table = section.tables[0][1]
    assert [cells[:4] for cells in table] == [
        ["2 players", "h", "75.0%", "25.0%"],
        ["2 players", "r", "50.0%", "50.0%"],
    ]
    assert (tmp_path / "strengths-2p.png").exists()


def test_value_by_when_taken_is_the_takers_win_rate_best_first(tmp_path: Path) -> None:
    """Corn taken early went with a win twice of three seats; the X taken late never."""
    rows = [
        row(0, ("a", "b"), (2.0, 1.0), {"take_corn_early_0": 1.0, "take_X_late_1": 2.0}),
        row(1, ("a", "b"), (0.0, 3.0), {"take_corn_early_1": 1.0, "take_X_late_0": 1.0}),
        row(2, ("a", "b"), (0.0, 1.0), {"take_corn_early_0": 1.0}),
    ]
    section = questions.taken_section("2 players", rows, "note", tmp_path)
    assert section is not None
    table = section.tables[0][1]
    assert [cells[:3] for cells in table] == [
        ["corn, early", 3, "66.7%"],
        ["X, late", 2, "0.0%"],
    ]
    z = balance.bonferroni_z(2)
    low, high = wilson(2, 3, z)
    assert (
        table[0][3] == f"{100 * low:.1f}–{100 * high:.1f}%"
        and "Bonferroni" in section.paragraphs[0]
    )
    nothing_taken = [row(0, ("a", "b"), (1.0, 0.0))]
    assert questions.taken_section("2 players", nothing_taken, "n", tmp_path) is None


def test_leads_not_public_before_the_end_are_said_not_measured(tmp_path: Path) -> None:
    followed = [
        row(i, ("a", "b"), (1.0, 0.0), {"lead_changes": float(i), "comeback": float(i % 2)})
        for i in range(4)
    ]
    hidden = [row(i, ("a", "b"), (1.0, 0.0)) for i in range(4)]
    section = questions.leads_section({"2 players": followed, "3 players": hidden}, "n", tmp_path)
    first, second = section.tables[0][1]
    assert str(first[1]).startswith("1.50 (") and str(first[2]).startswith("50.0% (")
    assert str(second[3]).startswith("not measured")


def test_a_report_crosses_the_variant_options_and_adds_strengths_and_skill() -> None:
    plan = report.make_plan("garden-rush", [2], ["heuristic"], 10)
    runs = plan.runs()
    crossed = [run for run in runs if run.kind == "variant"]
    assert len(crossed) == report.variant_runs("garden-rush") == 3  # 2 × 2 options, less one
    assert {tuple(sorted(run.variant.items())) for run in crossed} == {
        (("stuck", "pass"), ("tools_and_moles", False)),
        (("stuck", "lose"), ("tools_and_moles", True)),
        (("stuck", "pass"), ("tools_and_moles", True)),
    }
    assert [(run.kind, run.seatings) for run in runs if run.kind in ("strength", "skill")] == [
        ("strength", (("random", "random"),)),
        ("skill", (("heuristic", "random"), ("random", "heuristic"))),
    ]
    assert len({plan.key(run) for run in runs}) == len(runs)
    weakest = report.make_plan("garden-rush", [2], ["random"], 10)
    assert weakest.weaker() == [] and all(run.kind in ("main", "variant") for run in weakest.runs())


def test_the_crossed_variants_section_reads_each_crossing(tmp_path: Path) -> None:
    rows = [
        row(i, ("a", "b"), (2.0, 1.0) if i % 2 else (1.0, 3.0), {"turns": 10.0}) for i in range(4)
    ]
    other = [row(i, ("a", "b"), (2.0, 1.0), {"turns": 12.0}) for i in range(4)]
    section = questions.crossed_section(
        {"x=false": ({"x": False}, rows), "x=true": ({"x": True}, other)},
        {"x": "an option"},
        "note",
        tmp_path,
    )
    table = section.tables[0][1]
    assert [cells[0] for cells in table] == ["x=false", "x=true"]
    assert str(table[0][2]).startswith("50.0% (") and str(table[1][2]).startswith("100.0% (")
    assert table[0][5] == "10.0" and table[1][5] == "12.0" and table[1][6] == "1.00"
    assert any(re.search("x: an option", p) for p in section.paragraphs)


def test_margins_and_length_read_per_player_count(tmp_path: Path) -> None:
    two = [
        row(0, ("a", "b"), (10.0, 7.0), {"turns": 20.0, "rounds": 10.0}),
        row(1, ("a", "b"), (5.0, 5.0), {"turns": 22.0, "rounds": 11.0}),
        row(2, ("a", "b"), (9.0, 3.0), {"turns": 24.0, "rounds": 12.0}),
    ]
    margins = questions.margins_section({"2 players": two}, "n", tmp_path)
    cells = margins.tables[0][1][0]
    assert str(cells[1]).startswith("3.00 (") and cells[2] == "3"
    assert str(cells[3]).startswith("33.3% (")  # one top shared of three
    length = questions.length_section({"2 players": two}, "n", tmp_path)
    cells = length.tables[0][1][0]
    assert cells[1] == "10.0 (10.0–10.0), 10–10"
    assert str(cells[2]).startswith("22.0 (") and str(cells[2]).endswith(", 20–24")
    assert str(cells[3]).startswith("11.0 (")
    assert {name for name, _ in length.images} == {"length.png", "turns.png"}
