"""Analysis with the real search (`ismcts` at a small iteration budget): reproducible, and blind
to what the analysed seat could not see."""

from __future__ import annotations

from potager import agents, games
from potager.agents.ismcts import ISMCTSAgent
from potager.analysis import analyse, evaluator
from potager.analysis.review import HINT_LEVEL
from potager.arena.match import play_match
from potager.engine import SeatHolder, signed
from tests.analysis.test_review import contract_pair

LEVEL = "ismcts:iterations=60"


def reviews(record, seats, seed):  # type: ignore[no-untyped-def]
    search = evaluator(LEVEL, games.get(record.game))
    return [r.to_dict() for r in analyse(record, search, LEVEL, seats, seed).reviews]


def test_the_same_record_and_seed_give_the_same_analysis() -> None:
    one, _ = contract_pair()
    first = reviews(one, [0], seed=3)
    assert first == reviews(one, [0], seed=3)
    assert first != reviews(one, [0], seed=4)
    for move in first:
        actions = move["actions"]
        assert sum(a["visits"] for a in actions) >= 60 or len(actions) == 1
        assert all(0 <= a["win_low"] <= a["win"] + 1e-9 <= a["win_high"] + 2e-9 for a in actions)


def test_a_secret_of_another_seat_does_not_change_the_search_analysis() -> None:
    one, two = contract_pair()
    assert reviews(one, [0], seed=3) == reviews(two, [0], seed=3)


def test_garden_rush_s_analysis_judges_every_move_its_hints_widen() -> None:
    """Garden Rush's search levels widen progressively (the heuristic's best actions only), but
    analysis must judge the move played, whatever it was: its evaluator searches every action
    (unless the level names a widening); a hint, which needs only the best move, keeps it."""
    game, level = games.get("garden-rush"), "ismcts:iterations=150"  # more than any list's length
    search = evaluator(level, game)
    assert isinstance(search, ISMCTSAgent) and search.widening == 0
    named = evaluator(f"{level},widening=0.3", game)
    assert isinstance(named, ISMCTSAgent) and named.widening == 0.3
    hint = evaluator(HINT_LEVEL, game, every_action=False)
    assert isinstance(hint, ISMCTSAgent) and hint.widening > 0
    bots = [agents.make("random", game), agents.make("random", game)]
    state = play_match(game, bots, seed=5)
    record = signed(state, [SeatHolder.bot("random"), SeatHolder.bot("random")])
    moves = analyse(record, search, level, [0], seed=1).reviews[:12]
    assert len(moves) == 12
    assert all(move.played.visits > 0 for move in moves), "a played move left unsearched"
