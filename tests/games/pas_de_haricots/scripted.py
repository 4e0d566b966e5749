"""Scripted decks and moves for the Pas de Haricots tests."""

from __future__ import annotations

from potager.games.pas_de_haricots import GAME
from potager.games.pas_de_haricots.cards import CARDS
from potager.games.pas_de_haricots.data import DEAL
from potager.games.pas_de_haricots.rules import PasDeHaricotsState


def deck_with(hands: list[list[str]]) -> list[str]:
    """A deck dealing each seat (round-robin from seat 0) the cards listed for it first, the
    rest of its hand filled with the unlisted cards in card order."""
    players = len(hands)
    listed = [c for hand in hands for c in hand]
    spare = [c for c in CARDS if c not in listed]
    full = []
    for hand in hands:
        extra = DEAL[players] - len(hand)
        full.append(hand + spare[:extra])
        del spare[:extra]
    return [full[i % players][i // players] for i in range(len(CARDS))]


def new(hands: list[list[str]], hands_in_match: int = 3, seed: int = 1) -> PasDeHaricotsState:
    state = GAME.new_game(len(hands), seed, {"hands": hands_in_match}, deck_with(hands))
    return state


def play(state: PasDeHaricotsState, *moves: str) -> None:
    """Apply moves written ``"<seat> <action>"``, e.g. ``"0 play H7"``, ``"2 take S3"``."""
    for move in moves:
        seat, text = move.split(" ", 1)
        state.apply(int(seat), state.str_to_action(int(seat), text))


def legal(state: PasDeHaricotsState, seat: int) -> list[str]:
    return [state.action_to_str(a) for a in state.legal_actions(seat)]


def takes(state: PasDeHaricotsState, start: int = 0) -> list[tuple[int, str, int]]:
    """(taker, card, from) of every take since event ``start``."""
    return [(e["seat"], e["card"], e["from"]) for e in state.events[start:] if e["type"] == "take"]
