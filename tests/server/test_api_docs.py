"""The API pages, ``/docs`` (Swagger UI) and ``/redoc`` (ReDoc): every file they load is this
server's own, so they work without the internet, and they hold no inline script."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from tests.server.test_rules_pages import Page


class Loads(Page):
    """A page's scripts and stylesheets, and every address it names."""

    def __init__(self, html: str) -> None:
        self.styles: list[str] = []
        super().__init__(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        super().handle_starttag(tag, attrs)
        found = dict(attrs)
        if tag == "link" and found.get("rel") == "stylesheet":
            self.styles.append(found.get("href") or "")


@pytest.mark.parametrize(("path", "expected"), [("/docs", 2), ("/redoc", 1)])
def test_an_api_page_loads_only_this_servers_files(
    client: TestClient, path: str, expected: int
) -> None:
    answer = client.get(path)
    assert answer.status_code == 200
    assert "http://" not in answer.text and "https://" not in answer.text, "no CDN"
    page = Loads(answer.text)
    assert page.inline_scripts == 0
    assert len(page.scripts) == expected
    for address in [*page.scripts, *page.styles]:
        assert address is not None and address.startswith("/static/")
        loaded = client.get(address)
        assert loaded.status_code == 200, address
        assert loaded.content, address
    bundles = [a for a in [*page.scripts, *page.styles] if a and a.startswith("/static/api-docs/")]
    assert bundles, "Swagger UI's or ReDoc's own files"
    assert all(len(client.get(a).content) > 100_000 for a in bundles), "the real bundles"


def test_swagger_ui_reads_the_servers_schema(client: TestClient) -> None:
    start = client.get("/static/js/api-docs.js").text
    assert 'url: "/openapi.json"' in start
    assert client.get("/openapi.json").json()["info"]["title"] == "Potager"


def test_every_operation_sits_under_one_tag(client: TestClient) -> None:
    """Swagger UI and ReDoc draw an operation once under each of its tags: one tag, one entry."""
    paths = client.get("/openapi.json").json()["paths"]
    tagged = {
        f"{method.upper()} {path}": op.get("tags", [])
        for path, ops in paths.items()
        for method, op in ops.items()
    }
    assert {where: tags for where, tags in tagged.items() if len(tags) != 1} == {}
