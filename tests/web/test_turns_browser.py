"""Your turn across tables, sounds, notifications and animations, in Chromium.

The lobby lists the one of two tables that waits on this browser's seat, and rings when one
starts waiting while it is hidden; the settings menu's choices outlive a reload; on a table
page, when the other player's move makes it this seat's turn while the tab is hidden, the page
plays the turn sound and shows a notification (WebAudio and the Notification API are replaced by
recording stubs), and animates what changed unless animations are off.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect
from websockets.sync.client import connect

from tests.web.clicking import WIDE

STUBS = """
window.__calls = [];
window.__hidden = false;
class RecordingAudio {
  constructor() { this.state = "running"; this.currentTime = 0; this.destination = {}; }
  resume() { return Promise.resolve(); }
  createOscillator() {
    const note = { type: "", frequency: { value: 0 }, connect: (next) => next, stop() {} };
    note.start = () => window.__calls.push(`note ${note.frequency.value}`);
    return note;
  }
  createGain() {
    const gain = { setValueAtTime() {}, exponentialRampToValueAtTime() {} };
    return { gain, connect: (next) => next };
  }
}
window.AudioContext = RecordingAudio;
class RecordingNotification {
  constructor(title, options) { window.__calls.push(`notification ${title}: ${options.body}`); }
  static requestPermission() {
    window.__calls.push("permission asked");
    return Promise.resolve("granted");
  }
}
RecordingNotification.permission = "default";
window.Notification = RecordingNotification;
Object.defineProperty(Document.prototype, "hidden", {
  get: () => window.__hidden, configurable: true,
});
window.__animated = [];
new MutationObserver((records) => {
  for (const record of records) {
    const found = [...record.target.classList].filter((c) => c === "pg-enter" || c === "pg-move");
    if (found.length) window.__animated.push(...found);
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["class"] });
"""
TURN_NOTES = ["note 660", "note 990"]


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    context = browser.new_context(viewport=WIDE, locale="en-GB")
    context.add_init_script(STUBS)
    yield context
    context.close()


def create(server: str, game: str, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    body = {"game": game, "players": len(seats), "seats": seats, "name": "Ada", **extra}
    response = httpx.post(server + "/api/tables", json=body)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def garden_rush_awaiting_bob(server: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A Garden Rush table where Ada holds seat 2 and Bob seat 1, whose turn it is: their grants."""
    human = {"kind": "human"}
    created = create(server, "garden-rush", [human, human], seat=1)
    bob = created["invites"][0]
    body = {"seat": bob["seat"], "token": bob["token"], "name": "Bob"}
    named = httpx.post(f"{server}/api/tables/{bob['table_id']}/name", json=body)
    assert named.status_code == 200 and named.json()["to_move"] == [0], named.text
    return created["you"], bob


def play_until_not_to_move(server: str, grant: dict[str, Any]) -> None:
    """Bob plays the first legal action until it is no longer his turn."""
    url = server.replace("http://", "ws://") + f"/ws/tables/{grant['table_id']}"
    with connect(url) as socket:
        socket.send(json.dumps({"type": "hello", "seat": grant["seat"], "token": grant["token"]}))
        acted = -1
        while True:
            message = json.loads(socket.recv(timeout=10))
            if message["type"] != "state":
                continue
            if grant["seat"] not in message["to_move"]:
                return
            if message["legal"] and acted < message["version"]:
                acted = message["version"]
                act = {"type": "act", "version": acted, "action": message["legal"][0]["action"]}
                socket.send(json.dumps(act))


def hold(
    page: Page, server: str, *grants: dict[str, Any], settings: dict[str, bool] | None = None
) -> None:
    """Keep ``grants``' seats (and ``settings``) in this browser, as the table page does."""
    page.goto(server + "/static/favicon.svg")
    for grant in grants:
        value = json.dumps({"seat": grant["seat"], "token": grant["token"]})
        page.evaluate(
            "([k, v]) => localStorage.setItem(k, v)", [f"potager.seat.{grant['table_id']}", value]
        )
    if settings is not None:
        page.evaluate("(v) => localStorage.setItem('potager.settings', v)", json.dumps(settings))


def test_the_lobby_lists_the_table_that_waits_on_this_browser(
    context: BrowserContext, server: str
) -> None:
    bot = {"kind": "bot", "level": "random"}
    waiting = create(server, "heuschrecken-poker", [{"kind": "human"}, bot])["you"]  # everyone bids
    ada, _ = garden_rush_awaiting_bob(server)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    hold(page, server, waiting, ada)
    page.goto(server + "/")
    items = page.locator("#turn-list .turn-item")
    expect(items).to_have_count(1)
    expect(items).to_have_attribute("data-table", waiting["table_id"])
    expect(items.locator("a")).to_have_attribute("href", f"/table/{waiting['table_id']}")
    expect(items).to_contain_text("Heuschrecken Poker")
    expect(items.locator(".turn-since")).to_contain_text("your turn came")
    assert not errors


def test_two_tables_of_one_game_read_apart_by_their_opponents_and_move(
    browser: Browser, server: str
) -> None:
    """Each entry names the other seats (a bot by its level's name for players) and says what
    is to be done there, in the page's language."""
    human, casual = {"kind": "human"}, {"kind": "bot", "level": "heuristic"}
    against_bot = create(server, "heuschrecken-poker", [human, casual])["you"]
    against_bob = create(server, "heuschrecken-poker", [human, human])
    bob = against_bob["invites"][0]
    body = {"seat": bob["seat"], "token": bob["token"], "name": "Bob"}
    assert httpx.post(f"{server}/api/tables/{bob['table_id']}/name", json=body).status_code == 200
    errors: list[str] = []
    for locale, against, doing in (
        ("en-GB", "against {}", "Bid a poker card"),
        ("fr-FR", "contre {}", "Misez une carte de poker"),
    ):
        context = browser.new_context(viewport=WIDE, locale=locale)
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        hold(page, server, against_bot, against_bob["you"])
        page.goto(server + "/")
        items = page.locator("#turn-list .turn-item")
        expect(items).to_have_count(2)
        bot_item, bob_item = (
            page.locator(f"#turn-list .turn-item[data-table='{table_id}']")
            for table_id in (against_bot["table_id"], against_bob["table"]["id"])
        )
        casual_bot = "Casual bot" if locale == "en-GB" else "Bot Amateur"
        expect(bot_item.locator(".turn-against")).to_have_text(against.format(casual_bot))
        expect(bob_item.locator(".turn-against")).to_have_text(against.format("Bob"))
        expect(items.locator(".turn-doing")).to_have_text([doing, doing])
        expect(bob_item.locator("a")).to_have_attribute(
            "href", f"/table/{against_bob['table']['id']}"
        )
        context.close()
    assert not errors


def test_the_lobby_stops_asking_about_a_table_whose_game_is_over(
    context: BrowserContext, server: str
) -> None:
    human = {"kind": "human"}
    over, playing = (create(server, "garden-rush", [human, human])["you"] for _ in range(2))
    page = context.new_page()
    hold(page, server, over, playing)
    asked: list[list[str]] = []

    def answer(route: Route) -> None:  # the server's answer, as if the first game had ended
        body = route.request.post_data_json
        assert body is not None, "the lobby asks with the seats it holds"
        asked.append([s["table"] for s in body["seats"]])
        route.fulfill(json={"waiting": [], "over": [over["table_id"]]})

    page.route("**/api/turns", answer)
    with page.expect_response("**/api/turns"):
        page.goto(server + "/")
    # The answer has come; the page keeps what is over once it has read it (not at once).
    page.wait_for_function(
        f"(localStorage.getItem('potager.turns.over') || '').includes('{over['table_id']}')"
    )
    with page.expect_response("**/api/turns"):
        page.goto(server + "/")
    assert sorted(asked[0]) == sorted([over["table_id"], playing["table_id"]])
    assert asked[1] == [playing["table_id"]], "the finished table is not asked about again"
    assert page.evaluate(f"localStorage.getItem('potager.seat.{over['table_id']}')"), "kept"


def test_a_hidden_lobby_rings_and_notifies_when_a_table_starts_waiting(
    context: BrowserContext, server: str
) -> None:
    ada, bob = garden_rush_awaiting_bob(server)
    page = context.new_page()
    hold(page, server, ada, settings={"sound": True, "notifications": True, "animations": True})
    page.add_init_script("window.Notification.permission = 'granted';")
    with page.expect_response("**/api/turns") as looked:
        page.goto(server + "/")
    assert looked.value.json() == {"waiting": [], "over": [], "yours": []}
    expect(page.locator("#your-turns")).to_be_hidden()
    play_until_not_to_move(server, bob)
    # Seen again, the page looks at once; hidden before the answer comes, it rings.
    page.evaluate(
        "window.__hidden = false; document.dispatchEvent(new Event('visibilitychange'));"
        "window.__hidden = true;"
    )
    expect(page.locator("#your-turns")).to_be_visible()
    expect(page.locator("#turn-list .turn-item")).to_have_attribute("data-table", ada["table_id"])
    calls = page.evaluate("window.__calls")
    assert [c for c in calls if c.startswith("note ")] == TURN_NOTES
    assert "notification Your turn: It is your turn at Garden Rush." in calls


def test_the_settings_outlive_a_reload(context: BrowserContext, server: str) -> None:
    page = context.new_page()
    page.goto(server + "/")
    assert page.evaluate("document.documentElement.classList.contains('pg-animate')")
    page.click("#settings-button")
    expect(page.locator("#settings-menu")).to_be_visible()
    expect(page.locator("#setting-sound")).to_be_checked()
    expect(page.locator("#setting-notifications")).not_to_be_checked()
    page.uncheck("#setting-sound")
    page.uncheck("#setting-animations")
    page.check("#setting-notifications")  # a click: the browser may ask for permission now
    expect(page.locator("#setting-notifications")).to_be_checked()
    assert "permission asked" in page.evaluate("window.__calls")
    page.reload()
    page.click("#settings-button")
    expect(page.locator("#setting-sound")).not_to_be_checked()
    expect(page.locator("#setting-animations")).not_to_be_checked()
    expect(page.locator("#setting-notifications")).to_be_checked()
    assert not page.evaluate("document.documentElement.classList.contains('pg-animate')")
    page.goto(f"{server}/rules/garden-rush")  # the same menu on every page
    page.click("#settings-button")
    expect(page.locator("#setting-sound")).not_to_be_checked()


def test_another_seat_s_move_clicks_and_reduced_motion_starts_without_animations(
    browser: Browser, server: str
) -> None:
    context = browser.new_context(viewport=WIDE, locale="en-GB", reduced_motion="reduce")
    context.add_init_script(STUBS)
    human = {"kind": "human"}
    created = create(server, "heuschrecken-poker", [human, human])
    ada, bob = created["you"], created["invites"][0]
    body = {"seat": bob["seat"], "token": bob["token"], "name": "Bob"}
    assert httpx.post(f"{server}/api/tables/{bob['table_id']}/name", json=body).status_code == 200
    page = context.new_page()
    hold(page, server, ada)
    page.goto(f"{server}/table/{ada['table_id']}")
    expect(page.locator("#turn")).to_contain_text("Your turn")
    assert not page.evaluate("document.documentElement.classList.contains('pg-animate')")
    play_until_not_to_move(server, bob)  # Bob bids; everyone bids at once: Ada still may
    page.wait_for_function("window.__calls.includes('note 420')")
    assert [c for c in page.evaluate("window.__calls") if c.startswith("note ")] == ["note 420"]
    assert page.evaluate("window.__animated") == []
    context.close()


@pytest.mark.parametrize("animations", [True, False])
def test_a_hidden_table_page_rings_and_notifies_when_its_turn_comes(
    context: BrowserContext, server: str, animations: bool
) -> None:
    ada, bob = garden_rush_awaiting_bob(server)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    settings = {"sound": True, "notifications": True, "animations": animations}
    hold(page, server, ada, settings=settings)
    page.add_init_script("window.Notification.permission = 'granted';")
    page.goto(f"{server}/table/{ada['table_id']}")
    expect(page.locator("#turn")).to_contain_text("Waiting for Bob")
    page.evaluate("window.__hidden = true")
    play_until_not_to_move(server, bob)
    expect(page.locator("#turn")).to_contain_text("Your turn")
    calls = page.evaluate("window.__calls")
    assert [c for c in calls if c.startswith("note ")][-2:] == TURN_NOTES
    assert "notification Your turn: It is your turn at Garden Rush." in calls
    animated = page.evaluate("window.__animated")
    assert bool(animated) == animations, animated
    assert not errors
