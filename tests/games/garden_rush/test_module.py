"""The Tools & Moles module (rulebook pages 8–10), each example with a scripted bag."""

from __future__ import annotations

from .scripted import lay, legal, new, play, square, table

HEAD = ["carrot", "potato", "aubergine", "tomato", "broccoli", "potato", "swap", "carrot"]


def test_tool_tokens_join_the_bag_after_setup_and_show_their_tool_face() -> None:
    """Set-up: the 8 tool tokens go into the bag after the six set-up tokens; a drawn tool token
    goes onto the Trampoline tool side up."""
    state = new(HEAD, module=True)
    view = state.view(0)
    assert view["bag_size"] == 62 and view["bag"]["swap"] == 2 and view["bag"]["copy"] == 2
    play(state, "plant 1 a3")
    assert state.view(0)["trampoline"] == "swap"


def test_swap_example() -> None:
    """Swap: after the refill, swap the aubergine and the tomato, then place the tomato in the
    column of its new slot (double); the Hedge is refilled again. The placement is not optional."""
    state = new(HEAD, module=True)
    play(state, "plant 1 a3", "plant 1 a3")
    assert state.view(0)["hedge"] == ["aubergine", "tomato", "broccoli", "potato", "swap"]
    plants = {t for t in legal(state) if t.startswith("plant 5")}
    assert "plant 5 c3" in plants and "plant 5 b2" not in plants  # never onto a tool square
    play(state, "plant 5 c3")
    assert square(state, 0, "c3") == {"token": "swap", "face": "tool"}
    view = state.view(0)
    assert view["hedge"] == ["aubergine", "tomato", "broccoli", "potato", "carrot"]
    assert view["bonus"]["tools"] == ["swap"]
    assert {t for t in legal(state) if t.startswith("swap")} == {
        "swap 1",
        "swap 2",
        "swap 3",
        "swap 4",
    }
    play(state, "swap 1")
    assert state.view(0)["hedge"][:2] == ["tomato", "aubergine"]
    options = legal(state)
    assert "skip" not in options
    assert {t.split()[1] for t in options} == {"1", "2"}
    play(state, "plant 1 a4")
    assert square(state, 0, "a4") == {"token": "tomato", "face": "double"}
    assert state.view(1)["hedge"] == ["aubergine", "broccoli", "potato", "carrot", "tomato"]
    assert state.to_move == (1,)


def test_mole_goes_mole_side_up_into_the_opponents_potager() -> None:
    """Place 1 token: a tool token may instead be flipped to its mole face and placed on a free
    square of the opponent's Potager that is not a tool square; moles only block."""
    state = new(HEAD, module=True)
    play(state, "plant 1 a3", "plant 1 a3")
    moles = {t for t in legal(state) if t.startswith("mole")}
    assert "mole 5 opp c3" in moles and "mole 5 opp a3" not in moles
    assert "mole 5 opp b2" not in moles and "mole 5 opp d4" not in moles
    play(state, "mole 5 opp c3")
    assert square(state, 1, "c3") == {"token": "swap", "face": "mole"}
    assert state.to_move == (1,)
    assert not any(t.endswith(" c3") or " c3 " in t for t in legal(state) if "opp" not in t)


def test_tool_and_mole_tokens_are_never_flipped_nor_moved_onto_tool_squares() -> None:
    state = new(HEAD, module=True)
    lay(state, 0, "copy:tool@c3 tomato:single@a3")
    lay(state, 1, "swap:mole@c3")
    play(state, "plant 1 d2")  # Watering Can
    assert {t for t in legal(state) if t.startswith("flip")} == {"flip a3", "flip d2"}
    play(state, "skip", "plant 1 a2")
    state.turn, state.abilities, state.fixed = 0, 1 << 2, -1  # a Wheelbarrow bonus for seat 0
    state.phase = 1
    state._legal = None
    moves = {t for t in legal(state) if t.startswith("move c3")}
    assert "move c3 c4" in moves and not {"move c3 b2", "move c3 d4", "move c3 b4"} & moves


def test_the_wheelbarrow_moves_a_mole_of_your_potager_but_never_onto_a_tool_square() -> None:
    """Wheelbarrow: "Déplacez 1 jeton de votre Potager vers une autre case de votre Potager",
    any token, and "Un jeton Outil/Taupe ne peut jamais être déplacé vers une case Outil" says
    moles move too (FACTS, corrected 2026-11-23): the mole the opponent dropped on a3 goes to a
    free square that is not a tool square, still a mole."""
    state = new(HEAD, module=True)
    lay(state, 0, "swap:mole@a3 compost:tool@e3")
    state._legal = None
    play(state, "plant 1 b4")  # the carrot on the Wheelbarrow
    moves = {t for t in legal(state) if t.startswith("move")}
    assert {"move a3 c4", "move a3 a2", "move e3 c4"} <= moves
    assert not {"move a3 b2", "move a3 d2", "move a3 d4", "move e3 d2"} & moves
    assert not any(t.startswith("move b4") for t in moves)  # the carrot just placed
    play(state, "move a3 c4")
    assert square(state, 0, "c4") == {"token": "swap", "face": "mole"}
    assert square(state, 0, "a3") is None
    assert state.events[-1] == {"type": "move", "seat": 0, "from": "a3", "to": "c4"}
    assert state.to_move == (1,)


def test_gloves_may_drop_a_hedge_tool_token_as_a_mole_into_the_opponents_potager() -> None:
    """Gloves: "Placez 1 jeton dans votre Potager (identique à l'action décrite pages 4 et 5)" is
    the whole placing action, so with the module "À la place, vous pouvez utiliser l'action
    Placer 1 jeton pour retourner un jeton Outil de la Haie sur sa face Taupe et le placer sur
    n'importe quelle case libre du Potager adverse, sauf sur une case Outil" (FACTS)."""
    state = new(HEAD, module=True)
    table(state, ["potato", "compost", "tomato", "tomato", "carrot"], "potato")
    play(state, "plant 1 b2")  # the potato on the Gloves; the Compost token slides to slot 1
    assert state.view(0)["bonus"]["tools"] == ["gloves"]
    options = legal(state)
    assert "mole 1 opp c3" in options and "plant 1 c3" in options
    assert not {"mole 1 opp b2", "mole 1 opp d2", "mole 1 opp b4", "mole 1 opp d4"} & options
    play(state, "mole 1 opp c3")
    assert square(state, 1, "c3") == {"token": "compost", "face": "mole"}
    assert state.to_move == (1,)  # a mole gives no bonus


def test_swap_in_the_last_turn_swaps_two_tokens_never_a_gap() -> None:
    """Swap: "Permutez 2 jetons adjacents de la Haie"; in the last turn, the slot just taken stays
    a gap (the bag and the Trampoline are empty), and a gap holds no token to swap."""
    state = new(HEAD, module=True)
    table(state, ["potato", "carrot", "swap", "tomato", "broccoli"], "aubergine")
    state.bag = []
    play(state, "plant 1 a3", "plant 2 c3")  # seat 1 places the Swap token of slot 2
    assert state.view(1)["hedge"] == ["carrot", None, "tomato", "broccoli", "aubergine"]
    assert {t for t in legal(state) if t.startswith("swap")} == {"swap 3", "swap 4"}
    play(state, "swap 4", "plant 5 e3")
    assert square(state, 1, "e3") == {"token": "broccoli", "face": "double"}
    assert state.view(1)["hedge"] == ["carrot", None, "tomato", "aubergine", None]


def test_compost_example() -> None:
    """Compost: after the refill, discard the 3 broccoli of the Hedge (one came from the
    Trampoline), 1 point each; the broccoli just drawn onto the Trampoline stays; close up and
    refill."""
    state = new(HEAD, module=True)
    table(
        state,
        ["broccoli", "tomato", "compost", "broccoli", "carrot"],
        "broccoli",
        ["broccoli", "potato", "aubergine", "tomato"],
    )
    play(state, "plant 3 c3")
    view = state.view(0)
    assert view["hedge"] == ["broccoli", "tomato", "broccoli", "carrot", "broccoli"]
    assert view["trampoline"] == "broccoli"
    assert {t for t in legal(state) if t.startswith("compost")} == {
        "compost broccoli",
        "compost tomato",
        "compost carrot",
    }
    play(state, "compost broccoli")
    view = state.view(0)
    assert view["scores"] == [3, 0] and view["discard"]["broccoli"] == 3
    assert view["hedge"] == ["tomato", "carrot", "broccoli", "potato", "aubergine"]
    assert view["trampoline"] == "tomato"


def test_column_flip_example() -> None:
    """Column Flip: Robert flips every vegetable token of the centre column in both Potagers;
    the mole and Céline's tool token are not flipped, nor the Hedge's tomato."""
    state = new(HEAD, module=True)
    play(state, "plant 1 a3")
    table(state, ["flipcol", "tomato", "tomato", "potato", "carrot"], "potato")
    lay(
        state,
        1,
        "carrot:double@c1 broccoli:single@c2 broccoli:double@c3 swap:mole@c4 aubergine:single@c5",
    )
    lay(state, 0, "tomato:double@c2 potato:single@c4 copy:tool@c5")
    play(state, "plant 1 e3")
    assert state.view(1)["bonus"]["tools"] == ["flipcol"]
    play(state, "flipcol c")
    faces = {q: t["face"] for q, t in state.view(1)["potagers"][1].items() if q[0] == "c"}
    assert faces == {"c1": "single", "c2": "double", "c3": "single", "c4": "mole", "c5": "double"}
    faces = {q: t["face"] for q, t in state.view(1)["potagers"][0].items() if q[0] == "c"}
    assert faces == {"c2": "single", "c4": "double", "c5": "tool"}
    assert state.view(1)["hedge"][0] == "tomato"


def test_copy_example() -> None:
    """Copy: use in your Potager the bonus of a visible tool square or tool token of the
    opponent's (never its Copy): Céline copies the Basket and harvests 5 potatoes."""
    state = new(HEAD, module=True)
    table(state, ["copy", "tomato", "tomato", "potato", "carrot"], "potato")
    lay(state, 0, " ".join(f"potato:single@c{r}" for r in "12345"))
    lay(state, 1, "tomato:single@c4 compost:tool@a3 copy:tool@e3 carrot:single@d2")
    play(state, "plant 1 a4")
    tools = state.view(0)["bonus"]["tools"]
    assert tools == ["basket", "wheelbarrow", "watering can", "compost"]  # not gloves, not copy
    play(state, "harvest potato c1 c2 c3 c4 c5")
    assert state.view(0)["scores"] == [5, 0]


def test_score_track_bonus_offers_tool_tokens_or_a_mole_move() -> None:
    """Score track (module): a bonus square allows any visible tool square or tool token of your
    Potager, or instead moving one of the moles of your Potager to a free non-tool square of the
    opponent's."""
    state = new(HEAD, module=True)
    state.gnomes[0] = 4
    lay(state, 0, "potato:single@c3 swap:mole@a3 flipcol:tool@e3 tomato:single@b2")
    lay(state, 1, "carrot:single@c3")
    state._legal = None
    play(state, "harvest potato c3")
    view = state.view(0)
    assert view["bonus"]["tools"] == [
        "basket",
        "wheelbarrow",
        "watering can",
        "flipcol",
        "molemove",
    ]
    options = legal(state)
    assert "molemove a3 opp c4" in options and "molemove a3 opp c3" not in options
    assert "molemove a3 opp b2" not in options and "flipcol b" in options
    play(state, "molemove a3 opp c4")
    molemove = {"type": "molemove", "seat": 0, "from": "a3", "to": "c4"}
    assert all(molemove in state.events_for(seat) for seat in (0, 1, None))
    assert square(state, 1, "c4") == {"token": "swap", "face": "mole"}
    assert square(state, 0, "a3") is None
    assert state.to_move == (1,)


def test_gloves_may_place_a_tool_token_whose_bonus_follows() -> None:
    """Bonus chains resolve one at a time: Gloves places the Compost token, whose bonus follows."""
    state = new(HEAD, module=True)
    table(state, ["potato", "compost", "tomato", "tomato", "carrot"], "potato")
    play(state, "plant 1 b2")
    assert state.view(0)["bonus"]["tools"] == ["gloves"]
    play(state, "plant 1 c3")
    assert state.view(0)["bonus"]["tools"] == ["compost"]
    play(state, "compost tomato")
    assert state.view(0)["scores"] == [2, 0]
