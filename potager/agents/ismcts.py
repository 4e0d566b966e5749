"""The `ismcts` levels: single-observer information-set Monte Carlo tree search for the seat asking.

Cowling, Powley & Whitehouse, "Information Set Monte Carlo Tree Search" (IEEE TCIAIG 2012). Each
iteration draws a full state from the asking seat's own view with `Game.sample` (the search never
sees what that seat may not know), descends one tree shared by all those states, expands one
decision, finishes the game with the game's playout policy (random play where it has none) and
credits every seat with its share of the win. Simultaneous decisions are decoupled-UCB nodes;
forced steps get no node; a game's paired root (`SearchKnowledge.paired`) is flat, its choices
compared on common random numbers against the heuristic's (`paired_root`, with ``plan`` whole
turns: `_arms`). An agent: its `Budget`, `SearchSettings`, the game's knowledge and a guide.
`evaluate` returns every legal action's visits, win share and mean final score with 95% intervals
(`ActionValue`), best first; `act` plays the first, or with ``mix`` one of the most searched
(`_mixed`). ``workers`` > 1 runs independent trees in worker processes (root parallelism).
Seeded from the ``rng`` given, the search is reproducible at a fixed iteration budget. How it
plays and what each parameter gives: docs/bots.md.
"""

from __future__ import annotations

import math
import random
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from multiprocessing import get_all_start_methods, get_context
from typing import Any, NamedTuple

from potager.engine import Action, Agent, Game, SearchKnowledge, Seat, State

from .action_value import ActionValue, mean_interval, wilson
from .random_agent import AnyView, random_playout
from .settings import Budget, SearchSettings

_VISITS, _AVAILABLE, _WIN, _WIN2, _SCORE, _SCORE2, _GAIN, _GAIN2 = range(8)
"""The fields of an edge (a list of floats, for speed): one seat's action at one node. A paired
root's edges (`paired_root`) add two: the sums of the win share less the reference's on the same
pairs, and of its square."""

Edge = list[float]
Hint = tuple[Seat, Action, float]
"""(seat, action, weight): the guide's choice for the asking seat at the root."""
Limits = tuple[int | None, float | None, float]
"""(iterations, seconds, exploration): what one worker is asked (`Budget`, `SearchSettings`)."""
Arm = Action | tuple[Action, Action]
"""What a paired root compares: one of the seat's actions, or an action and the follow-up the
seat plans to play after it (`FollowUp`)."""
RootStats = dict[Arm, Edge]
Playout = Callable[[State, random.Random], object]
Draw = Callable[[random.Random], State]
Sampler = Callable[[Game, AnyView, Seat], Draw]
Order = Callable[[State, Seat, list[Action]], list[Action]]
FollowUp = Callable[[State, Seat], bool]
Merge = Callable[[State, list[Action]], list[Action]]
"""The game's pieces of `SearchKnowledge` (`potager.engine.pieces`), on any state."""


class Guidance(NamedTuple):
    """What guides one search besides its statistics, read once from the agent: ``hint``, the
    guide's choice at the root, tried first and favoured by a progressive bias; ``playout``, how
    a sampled state is played to its end; ``merge``, the game's equivalent actions, searched as
    one; ``paired``, a flat paired search at the root instead of a tree (`paired_root`);
    ``sampler``, how states are drawn from the view (`Game.sampler` when ``None``); ``order``
    and ``widening``, progressive widening (`_widened`); ``follow_up``, what a paired root plans
    with each choice (`_arms`)."""

    hint: Hint | None = None
    playout: Playout = random_playout
    merge: Merge | None = None
    paired: bool = False
    sampler: Sampler | None = None
    order: Order | None = None
    widening: float = 0.0
    follow_up: FollowUp | None = None


UNGUIDED = Guidance()
"""No guidance: random playouts, no hint, nothing merged, a tree."""
PLAIN = SearchKnowledge()
"""No knowledge of the game: what a search knows of a game without a registry entry."""
DEFAULTS = SearchSettings()
"""The settings of a search given none."""


class _Node:
    """A decision reached by one sequence of choices: each mover's edges, the children by the
    joint choice (one action per seat to move, in `to_move` order)."""

    __slots__ = ("children", "edges", "orders")

    def __init__(self) -> None:
        self.edges: dict[Seat, dict[Action, Edge]] = {}
        self.children: dict[tuple[Action, ...], _Node] = {}
        self.orders: dict[Seat, dict[Action, None]] | None = None
        """Each mover's actions best first (a dict: ordered, and quick to ask), for progressive
        widening only (`_widened`)."""


class ISMCTSAgent:
    """ISMCTS for the seat asking, within ``budget`` at each decision (`Budget`: iterations and/or
    seconds, the first limit reached ends it), as ``settings`` say (`SearchSettings`), with the
    game's ``knowledge`` (`SearchKnowledge`; its widening, choice and mix where ``settings`` name
    none) and ``guide``, whose choice at the root the search favours by ``settings.bias``."""

    name = "ismcts"

    def __init__(
        self,
        budget: Budget,
        settings: SearchSettings = DEFAULTS,
        knowledge: SearchKnowledge[Any] = PLAIN,
        guide: Agent | None = None,
    ) -> None:
        self.budget = budget
        self.settings = settings
        self.knowledge = knowledge
        self.guide = guide
        game_playout = knowledge.playout if settings.game_playout else None
        self.playout: Playout = random_playout if game_playout is None else game_playout
        """How sampled states are played out: the game's policy, or random play."""
        self.widening = knowledge.widening if settings.widening is None else settings.widening
        self.choice = knowledge.choice if settings.choice is None else settings.choice
        self.mix = knowledge.mix if settings.mix is None else settings.mix
        self.follow_up = knowledge.follow_up if settings.plan else None
        """What a paired root plans with each choice: the game's follow-up, with ``plan``."""

    def act(
        self, game: Game, view: AnyView, seat: Seat, legal_actions: list[Action], rng: random.Random
    ) -> Action:
        if len(legal_actions) == 1:
            return legal_actions[0]
        values = self.evaluate(game, view, seat, legal_actions, rng)
        if self.mix and not self.knowledge.paired:
            return _mixed(values, self.mix, rng)
        return values[0].action

    def evaluate(
        self, game: Game, view: AnyView, seat: Seat, legal_actions: list[Action], rng: random.Random
    ) -> list[ActionValue]:
        """Every legal action of ``seat`` judged by the search from ``view`` alone, best first:
        most visited, then the higher win share; the first is the search's own choice."""
        knowledge, settings = self.knowledge, self.settings
        seeds = [rng.getrandbits(64) for _ in range(settings.workers)]
        merge = knowledge.merge
        classes = {}  # each legal action's representative, when the game merges some
        if merge is not None:
            # Representatives depend on public information only: any sample of the view serves.
            sample = game.sample(view, seat, random.Random(seeds[0]))
            classes = dict(zip(legal_actions, merge(sample, legal_actions), strict=True))
        hint = None
        if self.guide is not None and settings.bias > 0:
            # The guide (the game's heuristic) sees the same view; its own generator is seeded
            # from ours so that the search stays reproducible.
            guess = self.guide.act(game, view, seat, legal_actions, random.Random(seeds[0]))
            hint = (seat, classes.get(guess, guess), settings.bias)
        guidance = Guidance(
            hint,
            self.playout,
            merge,
            knowledge.paired,
            knowledge.sampler,
            knowledge.order,
            self.widening,
            self.follow_up,
        )
        limits = (self.budget.iterations, self.budget.seconds, settings.exploration)
        if settings.workers == 1:
            stats = _search(game, view, seat, seeds[0], limits, guidance)
        else:
            stats = _parallel(game, view, seat, seeds, limits, guidance)
        if knowledge.paired and stats:
            plan = _paired_choice(stats, None if hint is None else hint[1], settings.z)
            stats = _by_action(stats, plan)
            chosen = plan[0] if isinstance(plan, tuple) else plan
            values = _values(stats, legal_actions, classes)
            values.sort(key=lambda v: classes.get(v.action, v.action) != chosen)  # stable
            return values
        values = _values(stats, legal_actions, classes)
        return _chosen(values, self.choice) if self.choice else values


def _search(
    game: Game, view: AnyView, seat: Seat, seed: int, limits: Limits, guidance: Guidance
) -> RootStats:
    """One worker's search: `paired_root` or `search_root`, as ``guidance`` says."""
    search = paired_root if guidance.paired else search_root
    return search(game, view, seat, seed, limits, guidance)


def search_root(
    game: Game,
    view: AnyView,
    seat: Seat,
    seed: int,
    limits: Limits,
    guidance: Guidance = UNGUIDED,
) -> RootStats:
    """One tree searched for ``seat`` from ``view``: the asking seat's edges at the root. The
    hint (seat, action, weight) of ``guidance`` is tried first at the root and favoured there by
    a progressive bias, weight / (visits + 1), which fades as the statistics grow."""
    iterations, seconds, exploration = limits
    rng = random.Random(seed)
    root = _Node()
    deadline = None if seconds is None else time.monotonic() + seconds
    draw = _draw(game, view, seat, guidance)
    done = 0
    while _going(done, iterations, deadline):
        _iterate(root, draw(rng), rng, exploration, guidance)
        done += 1
    stats: RootStats = {action: edge for action, edge in root.edges.get(seat, {}).items()}
    return stats


def _draw(game: Game, view: AnyView, seat: Seat, guidance: Guidance) -> Draw:
    """How a search draws its states from ``view``: the search sampler of the game's playout
    policy where it has one (the view read once for the whole search, the states quiet), else
    `Game.sampler` (which reads it once too where the game can)."""
    if guidance.sampler is not None:
        return guidance.sampler(game, view, seat)
    return game.sampler(view, seat)


def _going(done: int, iterations: int | None, deadline: float | None) -> bool:
    """Whether a search that has done ``done`` iterations goes on: always for its first, then
    until the first of its limits given."""
    return not done or (
        (iterations is None or done < iterations)
        and (deadline is None or time.monotonic() < deadline)
    )


def _iterate(
    root: _Node,
    state: State,
    rng: random.Random,
    c: float,
    guidance: Guidance,
) -> None:
    """One iteration: selection and expansion in the tree, a playout, the backup."""
    hint, merge = guidance.hint, guidance.merge
    path: list[tuple[Seat, Edge]] = []
    node = root
    while not state.is_over:
        movers = state.to_move
        expanded = False
        if len(movers) == 1:  # the common case, without the simultaneous node's lists
            mover = movers[0]
            actions = state.legal_actions(mover)
            if merge is not None:
                actions = _distinct(merge(state, actions))
            if len(actions) == 1:
                state.apply(mover, actions[0])
                continue
            guided = hint if hint is not None and node is root and mover == hint[0] else None
            if guidance.order is not None and guidance.widening and len(actions) > WIDE:
                actions = _widened(node, state, mover, actions, guided, guidance)
            action, edge, expanded = _choose(node, mover, actions, rng, c, guided, True)
            path.append((mover, edge))
            state.apply(mover, action)
            key: tuple[Action, ...] = (action,)
        else:
            legal = [state.legal_actions(m) for m in movers]
            if merge is not None:
                legal = [_distinct(merge(state, actions)) for actions in legal]
            if all(len(actions) == 1 for actions in legal):
                for mover, actions in zip(movers, legal, strict=True):
                    state.apply(mover, actions[0])
                continue
            joint = []
            for mover, actions in zip(movers, legal, strict=True):
                guided = hint if hint is not None and node is root and mover == hint[0] else None
                action, edge, new = _choose(node, mover, actions, rng, c, guided, False)
                expanded = expanded or new
                joint.append(action)
                path.append((mover, edge))
            for mover, action in zip(movers, joint, strict=True):
                state.apply(mover, action)
            key = tuple(joint)
        child = node.children.get(key)
        if child is None:
            child = node.children[key] = _Node()
        node = child
        if expanded:
            break
    guidance.playout(state, rng)
    result = state.result()
    winners, scores = result.winners, result.scores
    share = 1.0 / len(winners)
    for mover, edge in path:
        edge[_VISITS] += 1
        if mover in winners:
            edge[_WIN] += share
            edge[_WIN2] += share * share
        score = scores[mover]
        edge[_SCORE] += score
        edge[_SCORE2] += score * score


def _choose(
    node: _Node,
    mover: Seat,
    actions: list[Action],
    rng: random.Random,
    c: float,
    guided: Hint | None,
    alone: bool,
) -> tuple[Action, Edge, bool]:
    """``mover``'s action at ``node`` among ``actions`` (offered this time): the hinted one or an
    untried one (expanded: a new edge), else by `_select` (ties broken at random where ``mover``
    is not ``alone`` to move, so that two seats' equal statistics do not pair up); the edge, and
    whether it is new. Every offered action's availability counts this offer."""
    edges = node.edges.get(mover)
    if edges is None:
        edges = node.edges[mover] = {}
    untried = []
    for offered in actions:
        edge = edges.get(offered)
        if edge is None:
            untried.append(offered)
        else:
            edge[_AVAILABLE] += 1
    if guided is not None and guided[1] in untried:
        action = guided[1]
    elif untried:
        action = untried[0] if len(untried) == 1 else rng.choice(untried)
    elif guided is not None:
        return (*_select(edges, actions, c, guided), False)
    elif alone:
        return (*_select(edges, actions, c), False)
    else:
        start = rng.randrange(len(actions))
        return (*_select(edges, actions[start:] + actions[:start], c), False)
    edge = edges[action] = [0.0, 1.0, 0.0, 0.0, 0.0, 0.0]  # offered once: now
    return action, edge, True


WIDE = 4
"""Progressive widening (`_widened`) offers at least this many actions at a decision."""


def _widened(
    node: _Node,
    state: State,
    mover: Seat,
    actions: list[Action],
    guided: Hint | None,
    guidance: Guidance,
) -> list[Action]:
    """Progressive widening (Coulom 2007; Chaslot et al. 2008's progressive unpruning): of
    ``actions``, the ``WIDE + n ** widening`` best by the game's ``order`` once ``mover`` has
    chosen ``n`` times at ``node`` (the hint's choice always among them). The order is read once
    a node, from the second state that reaches it (the first expands an action at random, as
    without widening); an action legal only in later determinizations comes after those it
    ranked."""
    assert guidance.order is not None
    edges = node.edges.get(mover)
    if not edges:
        return actions  # a first visit, as most nodes have only: no order read for it
    if node.orders is None:
        node.orders = {}
    best = node.orders.get(mover)
    if best is None:
        best = node.orders[mover] = dict.fromkeys(guidance.order(state, mover, actions))
    n = sum(edge[_VISITS] for edge in edges.values())
    width = WIDE + int(n**guidance.widening)
    legal = set(actions)
    offered = []
    for a in best:  # best first: the walk stops at the width, without sorting every action
        if a in legal:
            offered.append(a)
            if len(offered) == width:
                break
    else:
        offered.extend([a for a in actions if a not in best][: width - len(offered)])
    if guided is not None and guided[1] in legal and guided[1] not in offered:
        offered.append(guided[1])
    return offered


def _select(
    edges: dict[Action, Edge], actions: list[Action], c: float, hint: Hint | None = None
) -> tuple[Action, Edge]:
    """UCB1 with availability counts: an action's exploration term grows with the times it was
    offered (this offer counted), not with the parent's visits (every action here was tried once
    at least); the hinted action's value gains the progressive bias."""
    log, sqrt = math.log, math.sqrt
    best_action, best_edge, best_value = actions[0], edges[actions[0]], -math.inf
    for a in actions:
        edge = edges[a]
        visits = edge[_VISITS] or 1.0
        value = edge[_WIN] / visits + c * sqrt(log(edge[_AVAILABLE]) / visits)
        if hint is not None and a == hint[1]:
            value += hint[2] / (visits + 1)
        if value > best_value:
            best_action, best_edge, best_value = a, edge, value
    return best_action, best_edge


def paired_root(
    game: Game,
    view: AnyView,
    seat: Seat,
    seed: int,
    limits: Limits,
    guidance: Guidance = UNGUIDED,
) -> RootStats:
    """A flat search for ``seat`` with common random numbers: each determinization drawn from
    ``view`` is played to its end after each of the seat's choices (merged as the game says; with
    the game's ``follow_up``, a choice and what the seat does at once after it as one plan:
    `_arms`), all with one playout seed, so that the choices meet the same tiles and the same
    playout decisions; an iteration is one such playout. Besides each edge's win share and
    score, the sums of its win share less the reference's (the hint's choice, else the first) on
    the same pairs, which `_paired_choice` weighs. Limits as `search_root` (the exploration
    unused), counted in whole determinizations."""
    iterations, seconds, _ = limits
    rng = random.Random(seed)
    deadline = None if seconds is None else time.monotonic() + seconds
    playout = guidance.playout
    stats: RootStats = {}
    done = 0
    draw = _draw(game, view, seat, guidance)
    arms: list[Arm] = []
    while _going(done, iterations, deadline):
        state = draw(rng)
        if not arms:
            arms = _arms(state, seat, guidance)
            for arm in arms:
                stats[arm] = [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
            if len(arms) == 1:
                return stats
        seed_of_playouts = rng.getrandbits(64)
        reference = 0.0
        for i, arm in enumerate(arms):
            played = state.clone()
            if isinstance(arm, tuple):
                played.apply(seat, arm[0])
                played.apply(seat, arm[1])
            else:
                played.apply(seat, arm)
            playout(played, random.Random(seed_of_playouts))
            result = played.result()
            won = 1.0 / len(result.winners) if seat in result.winners else 0.0
            if i == 0:
                reference = won
            score = result.scores[seat]
            gain = won - reference
            edge = stats[arm]
            edge[_VISITS] += 1
            edge[_AVAILABLE] += 1
            edge[_WIN] += won
            edge[_WIN2] += won * won
            edge[_SCORE] += score
            edge[_SCORE2] += score * score
            edge[_GAIN] += gain
            edge[_GAIN2] += gain * gain
        done += len(arms)
    return stats


def _arms(state: State, seat: Seat, guidance: Guidance) -> list[Arm]:
    """What a paired root compares, the reference first (the hint's choice, played on as the
    playout would): each of the seat's choices (merged as the game says), and where the game's
    ``follow_up`` says the seat decides again at once, each choice with each of its follow-ups
    (merged too) instead. The follow-ups are read from the first sampled state: they depend on
    public information only, as the choices do."""
    merge, hint, follow_up = guidance.merge, guidance.hint, guidance.follow_up
    choices = list(state.legal_actions(seat))
    if merge is not None:
        choices = _distinct(merge(state, choices))
    if hint is not None and hint[1] in choices:
        choices.remove(hint[1])
        choices.insert(0, hint[1])
    if follow_up is None or len(choices) == 1:
        return list(choices)
    arms: list[Arm] = [choices[0]]
    for action in choices:
        after = state.clone()
        after.apply(seat, action)
        nexts = after.legal_actions(seat) if follow_up(after, seat) else []
        if merge is not None:
            nexts = _distinct(merge(after, nexts))
        if len(nexts) > 1:
            arms.extend((action, then) for then in nexts)
        elif action != choices[0]:
            arms.append(action)
    return arms


def _share(edge: Edge) -> float:
    """An edge's win share (0 before its first visit)."""
    return edge[_WIN] / edge[_VISITS] if edge[_VISITS] else 0.0


def _by_action(stats: RootStats, chosen: Arm) -> RootStats:
    """A paired root's statistics by the seat's action: each action's ``chosen`` arm if it is
    the chosen action's, else its arm of the best win share."""
    by: RootStats = {}
    for arm, edge in stats.items():
        action = arm[0] if isinstance(arm, tuple) else arm
        kept = by.get(action)
        if (
            arm == chosen
            or kept is None
            or (kept is not stats[chosen] and _share(edge) > _share(kept))
        ):
            by[action] = edge
    return by


def _paired_choice(stats: RootStats, hint: Action | None, z: float) -> Arm:
    """The choice of a `paired_root` search: the reference (the hint's choice, else the first)
    unless other actions beat it on the pairs by more than ``z`` standard errors of their mean
    difference; then the one that beats it most surely (the largest such ratio)."""
    reference = hint if hint in stats else next(iter(stats))
    best, best_ratio = reference, 0.0
    for action, edge in stats.items():
        n = edge[_VISITS]
        if action == reference or not n:
            continue
        gain = edge[_GAIN] / n
        variance = max(edge[_GAIN2] / n - gain * gain, 1e-12)
        ratio = gain / math.sqrt(variance / n)
        if ratio > z and ratio > best_ratio:
            best, best_ratio = action, ratio
    return best


def _distinct(representatives: list[Action]) -> list[Action]:
    """The representatives, each once, in their order."""
    return list(dict.fromkeys(representatives))


def _values(
    stats: RootStats, legal_actions: list[Action], classes: dict[Action, Action]
) -> list[ActionValue]:
    """The root statistics as `ActionValue`s of every legal action, best first (an action the
    search merged with its representative, ``classes``, has the representative's)."""
    visits = sum(edge[_VISITS] for edge in stats.values())
    root_score = sum(edge[_SCORE] for edge in stats.values()) / visits if visits else 0.0
    values = []
    for action in legal_actions:
        edge = stats.get(classes.get(action, action))
        n = int(edge[_VISITS]) if edge else 0
        if edge is None or n == 0:
            values.append(ActionValue(action, 0, 0.0, 0.0, 1.0, root_score, root_score, root_score))
            continue
        win_low, win_high = wilson(edge[_WIN], n)
        score_low, score_high = mean_interval(edge[_SCORE], edge[_SCORE2], n)
        values.append(
            ActionValue(
                action,
                n,
                edge[_WIN] / n,
                win_low,
                win_high,
                edge[_SCORE] / n,
                score_low,
                score_high,
            )
        )
    values.sort(key=lambda v: (-v.visits, -v.win, v.action))
    return values


def _chosen(values: list[ActionValue], choice: float) -> list[ActionValue]:
    """``values`` (most visited first) with the best win share first among the actions visited
    at least ``choice`` times as often as the most visited one, then the others as they were.
    The most visited action is the robust choice of plain UCT, but a progressive bias (the
    heuristic's hint, `_select`) adds visits to its action whatever that action wins: among
    actions that are all well searched, the share decides."""
    least = choice * values[0].visits
    searched = [v for v in values if v.visits >= least]
    searched.sort(key=lambda v: (-v.win, -v.visits, v.action))
    return searched + [v for v in values if v.visits < least]


def _mixed(values: list[ActionValue], mix: float, rng: random.Random) -> Action:
    """One of the actions searched at least ``mix`` times as often as the most searched, drawn
    in proportion to its visits. At a simultaneous decision the visits of decoupled UCB stand for
    a mixed strategy (Lanctot et al. 2013), which a bot that always played its most searched
    action would not follow: two bots that see the same display would bid alike."""
    most = max(v.visits for v in values)
    searched = [v for v in values if v.visits >= mix * most]
    pick = rng.random() * sum(v.visits for v in searched)
    for v in searched:
        pick -= v.visits
        if pick < 0:
            return v.action
    return searched[0].action


# -- root parallelism ---------------------------------------------------------------------------
_POOLS: dict[int, Executor] = {}


def _pool(workers: int) -> Executor:
    """A pool of ``workers`` processes, started once: forked where the system can and no other
    thread runs (a script without a ``__main__`` guard can then use it too). A process with other
    threads (a server whose bots think in threads, a test runner) starts them from a fork server
    instead, as does a system without fork: a child forked beside other threads inherits any lock
    one of them held at that instant, and may wait for it forever."""
    pool = _POOLS.get(workers)
    if pool is None:
        methods = get_all_start_methods()
        if "fork" in methods and threading.active_count() == 1:
            method = "fork"
        else:
            method = "forkserver" if "forkserver" in methods else "spawn"
        pool = _POOLS[workers] = ProcessPoolExecutor(workers, mp_context=get_context(method))
    return pool


def close_pools() -> None:
    """Stop the root-parallelism worker processes (the next search starts them again). A process
    that ends must first, if it is itself a pool's worker (as the ladder's are): its worker
    processes would otherwise keep it from exiting, and its pool's shutdown would wait forever."""
    for pool in _POOLS.values():
        pool.shutdown()
    _POOLS.clear()


def _parallel(
    game: Game,
    view: AnyView,
    seat: Seat,
    seeds: list[int],
    limits: Limits,
    guidance: Guidance,
) -> RootStats:
    """``len(seeds)`` independent trees in worker processes; their root statistics summed."""
    plain = dict(view.items())  # a `SeatView` is read into the dict it stands for
    pool = _pool(len(seeds))
    jobs = [pool.submit(_worker, game.name, plain, seat, s, limits, guidance) for s in seeds]
    total: RootStats = {}
    for job in jobs:
        for action, edge in job.result().items():
            kept = total.setdefault(action, [0.0] * len(edge))
            for i, value in enumerate(edge):
                kept[i] += value
    return total


def _worker(
    name: str,
    view: AnyView,
    seat: Seat,
    seed: int,
    limits: Limits,
    guidance: Guidance,
) -> RootStats:
    from potager import games

    return _search(games.get(name), view, seat, seed, limits, guidance)
