"""Chat and undo at a table in the browser: two players (one on a phone) and a
spectator. A chat line reaches every page as text, never HTML; the spectator reads and cannot
write; a bid taken back with Undo is gone from both players' pages, and the bid that reveals
shows no Undo; a table created with chat and undo off says so and shows neither; the replay shows
the chat up to the move shown."""

from __future__ import annotations

import json
import random
import re

import httpx
from playwright.sync_api import Browser, Page, expect
from websockets.sync.client import connect

from tests.web.clicking import PHONE, WIDE, create_table, sit_down

GAME = "heuschrecken-poker"
LINE = "<b>hi</b> & 🌱"


def bid(page: Page, card: str) -> None:
    page.locator(f".hp-hand [data-action='{card}']").click()


def test_two_players_chat_and_take_a_bid_back(browser: Browser, server: str) -> None:
    errors: list[str] = []
    contexts = [browser.new_context(viewport=WIDE), browser.new_context(viewport=PHONE)]
    contexts.append(browser.new_context(viewport=WIDE))
    ada, bob, watcher = (context.new_page() for context in contexts)
    for page in (ada, bob, watcher):
        page.on("pageerror", lambda e: errors.append(str(e)))
    url = create_table(ada, server, GAME, ["you", "human"], name="Ada")
    sit_down(bob, ada.locator(".invite-link").input_value(), "Bob")
    watcher.goto(url)
    expect(watcher.locator("#chat-panel h2")).to_have_text("Chat")
    expect(watcher.locator("#chat-form")).to_be_hidden()
    expect(watcher.locator("#chat-note")).to_be_visible()

    ada.fill("#chat-input", LINE)
    ada.press("#chat-input", "Enter")
    for page in (ada, watcher):
        expect(page.locator("#chat .chat-text")).to_have_text([LINE])
        expect(page.locator("#chat .chat-who")).to_have_text(["Ada (before the first move):"])
        expect(page.locator("#chat b")).to_have_count(0)
    sheet = bob.locator("#quick-bar button", has_text="Chat")  # on the phone, a tap away
    expect(sheet.locator(".badge")).to_have_text("1")
    sheet.click()
    expect(bob.locator("#chat .chat-text")).to_have_text([LINE])
    bob.fill("#chat-input", "gg")
    bob.click("#chat-form button")
    expect(ada.locator("#chat .chat-text")).to_have_text([LINE, "gg"])

    expect(ada.locator("#undo")).to_be_hidden()
    bid(ada, "A")
    expect(ada.locator("#undo")).to_be_visible()
    expect(bob.locator("#undo")).to_be_hidden()
    expect(ada.locator(".hp-hand [data-action='A']")).to_have_count(0)
    ada.click("#undo")
    expect(ada.locator(".hp-hand [data-action='A']")).to_have_count(1)
    expect(ada.locator("#undo")).to_be_hidden()
    expect(watcher.locator("#seats .seat.to-move")).to_have_count(2)

    bid(ada, "6")
    expect(ada.locator("#undo")).to_be_visible()
    bob.locator("#quick-bar button", has_text="Chat").click()  # the sheet closes: the board
    bid(bob, "1")  # the last bid turns both over
    expect(ada.locator(".hp-reveal .hp-bid")).to_have_count(2)
    for page in (ada, bob):
        expect(page.locator("#undo")).to_be_hidden()
    for context in contexts:
        context.close()
    assert not errors


def test_a_table_without_chat_or_undo_says_so(browser: Browser, server: str) -> None:
    page = browser.new_page(viewport=WIDE)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + "/")
    page.wait_for_selector(f"#game option[value='{GAME}']", state="attached")
    page.fill("#name", "Ada")
    page.select_option("#game", GAME)
    page.select_option("#players", "2")
    page.select_option("select[name=seat1]", "human")
    page.uncheck("#chat")
    page.uncheck("#undo")
    page.click("#create-button")
    page.wait_for_url("**/table/*")
    expect(page.locator("#chat-off")).to_be_visible()
    expect(page.locator("#undo-off")).to_be_visible()
    expect(page.locator("#chat-panel")).to_be_hidden()
    expect(page.locator("#quick-bar button", has_text="Game log")).to_have_count(1)
    expect(page.locator("#quick-bar button", has_text="Chat")).to_have_count(0)
    page.close()
    assert not errors


def test_the_replay_shows_what_was_said_up_to_the_move_shown(browser: Browser, server: str) -> None:
    """A game against a bot played over the socket, a line said at the first state its seat is
    sent and one after the third move: the replay lists none before the move the first was said
    at (the set-up, unless the bot bid first), the first from there on, both at the end."""
    body = {
        "game": GAME,
        "players": 2,
        "seats": [{"kind": "human"}, {"kind": "bot", "level": "random"}],
        "name": "Ada",
    }
    created = httpx.post(f"{server}/api/tables", json=body).json()
    table_id, token = created["table"]["id"], created["you"]["token"]
    rng = random.Random(9)
    with connect(f"ws{server.removeprefix('http')}/ws/tables/{table_id}") as socket:
        socket.send(json.dumps({"type": "hello", "seat": 0, "token": token}))
        said, acted = 0, -1
        while True:
            message = json.loads(socket.recv(timeout=30))
            if message["type"] != "state":
                continue
            if message["status"] == "finished":
                break
            if said == 0 or (said == 1 and message["version"] >= 3):
                text = "before we start" if said == 0 else "after move three"
                socket.send(json.dumps({"type": "chat", "text": text}))
                said += 1
            if message["legal"] and message["version"] > acted:
                acted = message["version"]
                action = rng.choice(message["legal"])["action"]
                socket.send(json.dumps({"type": "act", "version": acted, "action": action}))
    # The bot may bid before the first line is heard (it waits only 50 ms): the line belongs
    # to the move the table was at then, as the store says.
    first, second = (
        line["ply"] for line in httpx.get(f"{server}/api/tables/{table_id}/chat").json()
    )
    assert first < second
    page = browser.new_page(viewport=WIDE)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/replay/{table_id}")
    expect(page.locator("#position")).to_have_text(re.compile(r"^0 / "))
    for _ in range(first):
        expect(page.locator("#chat .chat-text")).to_have_text([])
        page.click("#forward")
    expect(page.locator("#chat .chat-text")).to_have_text(["before we start"])
    page.click("#last")
    expect(page.locator("#chat .chat-text")).to_have_text(["before we start", "after move three"])
    page.close()
    assert not errors
