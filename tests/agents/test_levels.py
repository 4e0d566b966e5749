"""Bot levels by name, with parameters, and their descriptions."""

from __future__ import annotations

import random
import subprocess
import sys
import threading

import pytest

from potager import agents, games
from potager.agents.action_value import ActionValue
from potager.agents.ismcts import _POOLS, ISMCTSAgent, close_pools
from potager.agents.settings import Budget
from potager.arena import ladder
from tests import ROOT


def test_every_level_of_every_game_is_made_and_described() -> None:
    for name in games.names():
        game = games.get(name)
        assert {"random", "heuristic", "ismcts", "ismcts-strong"} <= set(agents.levels(game))
        for level in agents.levels(game):
            agents.make(level, game)
            assert agents.describe(level)


def test_each_named_level_says_what_it_is_how_long_it_thinks_and_how_strong() -> None:
    """One line a level, how strong and how long; the audit found ``ismcts`` saying only
    how long, and "tree search" where Kraut & Rüben's search is flat and paired at the root."""
    for level in ("random", "heuristic", "ismcts", "ismcts-strong"):
        what, time, strength = agents.describe(level).split("; ")
        assert "tree" not in what
        assert "instant" in time or " a move" in time
        assert any(word in strength for word in ("weakest", "against", "beats"))
    assert "beats the heuristic in every game and player count" in agents.describe("ismcts")
    strong = agents.describe("ismcts-strong")
    assert "more than its share against ismcts in every game" in strong
    assert "margin in most, not in Kraut & Rüben" in strong


def test_what_the_search_levels_say_of_their_strength_is_what_the_ladder_measured() -> None:
    """The lobby's lines claim only what `docs/ladder.jsonl` holds: ismcts's step over the
    heuristic holds (its whole interval over the target) in every game and player count;
    ismcts-strong wins more than its fair share against ismcts in every cell (the whole interval
    above 1/n), and its step holds in most cells measured, and in no Kraut & Rüben one."""
    measured = ladder.steps(ladder.load(ROOT / ladder.RESULTS))
    search = {(s.game, s.players): s for s in measured if s.stronger.startswith("ismcts:")}
    every = {
        (game.name, n)
        for game in map(games.get, games.names())
        for n in range(game.min_players, game.max_players + 1)
    }
    assert set(search) == every
    assert all(step.weaker == "heuristic" and step.verdict() == "yes" for step in search.values())
    strong = [s for s in measured if s.stronger.startswith("ismcts-strong")]
    assert [s for s in strong if s.game == "kraut-und-rueben" and s.verdict() == "yes"] == []
    assert sum(s.verdict() == "yes" for s in strong) > len(strong) / 2, "most cells measured"
    assert all(ladder.wilson(s.wins, s.games)[0] > 1 / s.players for s in strong), "every cell"


def test_search_levels_take_their_budgets() -> None:
    game = games.get("heuschrecken-poker")
    plain, strong = agents.make("ismcts", game), agents.make("ismcts-strong", game)
    assert isinstance(plain, ISMCTSAgent) and isinstance(strong, ISMCTSAgent)
    assert (plain.budget.seconds, plain.settings.workers) == (1.0, 1)
    assert (strong.budget.seconds, strong.settings.workers) == (5, 2)
    fixed = agents.make("ismcts:iterations=2000", game)
    assert isinstance(fixed, ISMCTSAgent) and fixed.budget == Budget(2000, None)
    timed = agents.make("ismcts-strong:seconds=3,workers=3", game)
    assert isinstance(timed, ISMCTSAgent) and timed.budget == Budget(None, 3.0)
    assert timed.settings.workers == 3
    assert "2000 iterations a move, 1 core" in agents.describe("ismcts:iterations=2000")


@pytest.mark.parametrize(
    ("level", "message"),
    [
        ("ismcts:iterations=0", "iterations takes a positive int, not '0'"),
        ("ismcts:seconds=soon", "seconds takes a positive number"),
        ("ismcts:seconds=inf", "seconds takes a positive number"),
        ("ismcts:depth=3", "expected key=value with key one of iterations, seconds"),
        ("ismcts:iterations", "expected key=value"),
        ("ismcts:workers=2,workers=3", "workers is given twice"),
        ("ismcts:choice=1.5", "choice takes a number from 0 to 1, not '1.5'"),
        ("ismcts:plan=2", "plan takes a 0 or 1, not '2'"),
        ("ismcts:plan=1", "plan needs a paired root .* which garden-rush has not"),
        ("ismcts-weak", "unknown bot level 'ismcts-weak'"),
    ],
)
def test_a_bad_level_is_refused_clearly(level: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        agents.make(level, games.get("garden-rush"))


def test_a_fixed_budget_search_is_reproducible() -> None:
    game = games.get("pas-de-haricots")
    state = game.new_game(3, seed=4)
    seat = state.to_move[0]
    view, legal = state.view(seat), state.legal_actions(seat)
    agent = agents.make("ismcts:iterations=60", game)
    assert isinstance(agent, ISMCTSAgent)
    first = agent.evaluate(game, view, seat, legal, random.Random(3))
    again = agent.evaluate(game, view, seat, legal, random.Random(3))
    assert first == again and sorted(v.action for v in first) == legal
    assert sum(v.visits for v in first) == 60
    best = first[0]
    assert best.win_low <= best.win <= best.win_high and best.score_low <= best.score_high


def test_root_parallel_search_sums_its_workers_and_is_reproducible() -> None:
    first = _strong_evaluation()
    assert sum(v.visits for v in first) == 40
    assert first == _strong_evaluation()


def test_root_parallel_workers_are_not_forked_beside_other_threads() -> None:
    """A child forked while another thread runs may inherit a lock that thread held: with other
    threads (here one waiting, as a server's bot threads or a test runner's do), the workers come
    from a fork server; in a process of one thread they are forked. The search is the same."""
    close_pools()
    release = threading.Event()
    waiting = threading.Thread(target=release.wait)
    waiting.start()
    try:
        served = _strong_evaluation()
        assert _POOLS[2]._mp_context.get_start_method() == "forkserver"  # type: ignore[attr-defined]
    finally:
        release.set()
        waiting.join()
        close_pools()
    alone = (
        "import threading; from potager.agents.ismcts import _POOLS; "
        "from tests.agents.test_levels import _strong_evaluation; "
        "assert threading.active_count() == 1; values = _strong_evaluation(); "
        "print(_POOLS[2]._mp_context.get_start_method(), repr(values))"
    )
    started = subprocess.run(
        [sys.executable, "-c", alone], capture_output=True, text=True, cwd=ROOT, check=False
    )
    assert started.stdout.split(maxsplit=1) == ["fork", f"{served!r}\n"], started.stderr


def _strong_evaluation() -> list[ActionValue]:
    """Every action's value from ismcts-strong (2 workers of 20 iterations), one seeded decision."""
    game = games.get("heuschrecken-poker")
    state = game.new_game(2, seed=3)
    view, legal = state.view(1), state.legal_actions(1)
    agent = agents.make("ismcts-strong:iterations=20", game)
    assert isinstance(agent, ISMCTSAgent) and agent.settings.workers == 2
    return agent.evaluate(game, view, 1, legal, random.Random(5))


def test_every_level_has_a_name_and_a_sentence_for_players() -> None:
    """Players read "Strong", not "Ismcts bot" or "ismcts:iterations=500", and one plain
    sentence: how long it thinks, how strong it is."""
    names = [agents.title(level) for level in ("random", "heuristic", "ismcts", "ismcts-strong")]
    assert names == ["Novice", "Casual", "Strong", "Expert"]
    assert agents.title("ismcts:iterations=500") == "Strong"
    assert agents.title("policy:heuschrecken-poker-2p") == "Trained"
    for name in games.names():
        for level in agents.levels(games.get(name)):
            sentence = agents.sentence(level)
            assert sentence.endswith(".") and sentence.count(".") == 1, sentence
            assert "ismcts" not in sentence and "heuristic" not in sentence
            assert any(word in sentence for word in ("at once", "second")), sentence
