"""The tutorials' API: a step is the tutorial played up to it; the expected move brings the
next step, another legal move why it is not the one, and nothing is kept on the server."""

from __future__ import annotations

from fastapi.testclient import TestClient

from potager import learn

NAME = "heuschrecken-poker"


def action(client: TestClient, step: int, notation: str) -> int:
    legal = client.get(f"/api/learn/{NAME}/{step}").json()["legal"]
    return next(a["action"] for a in legal if a["notation"] == notation)


def test_the_tutorials_are_listed_in_the_asker_s_language(client: TestClient) -> None:
    listed = client.get("/api/learn", headers={"accept-language": "fr"}).json()
    assert [t["game"] for t in listed] == learn.games_with_tutorials()
    assert listed[0]["title"] == learn.load(listed[0]["game"]).title["fr"]
    assert all(5 <= t["minutes"] <= 10 for t in listed)


def test_a_lesson_played_through_the_api_to_its_end(client: TestClient) -> None:
    tutorial = learn.load(NAME)
    first = client.get(f"/api/learn/{NAME}/0").json()
    assert first["move"] is None and first["legal"] == [] and not first["over"]
    assert first["text"] == tutorial.steps[0].text["en"]
    assert first["highlight"] == [tutorial.selector(p) for p in tutorial.steps[0].highlight]
    step = client.post(f"/api/learn/{NAME}/0/next").json()
    while not step["over"]:
        n = step["step"]
        if step["move"] is None:
            step = client.post(f"/api/learn/{NAME}/{n}/next").json()
            continue
        wanted = action(client, n, step["move"])
        others = [a["action"] for a in step["legal"] if a["action"] != wanted]
        if others:
            verdict = client.post(f"/api/learn/{NAME}/{n}", json={"action": others[0]}).json()
            assert not verdict["right"] and verdict["why"] and verdict["next"] is None
        verdict = client.post(f"/api/learn/{NAME}/{n}", json={"action": wanted}).json()
        assert verdict["right"] and verdict["next"]["step"] == n + 1
        step = verdict["next"]
    assert step["text"] == tutorial.end["en"] and step["step"] == len(tutorial.steps)


def test_refusals(client: TestClient) -> None:
    assert client.get("/api/learn/chess/0").status_code == 404
    steps = len(learn.load(NAME).steps)
    assert client.get(f"/api/learn/{NAME}/{steps + 1}").status_code == 404
    assert client.post(f"/api/learn/{NAME}/0", json={"action": 0}).status_code == 422
    assert client.post(f"/api/learn/{NAME}/1/next").status_code == 422
    spent = client.post(f"/api/learn/{NAME}/3", json={"action": 5})  # the 6, bid at step 1
    assert spent.status_code == 422
    assert client.post(f"/api/learn/{NAME}/1", json={"action": "5"}).status_code == 422


def test_the_page_is_served(client: TestClient) -> None:
    page = client.get(f"/learn/{NAME}")
    assert page.status_code == 200 and "/static/js/learn.js" in page.text
