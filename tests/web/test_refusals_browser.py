"""A German page reads the server's refusals and its own failed requests in German:
Pydantic's messages in a 422, a request the browser could not send ("Failed to fetch"), and a
status the server answered without a detail (a proxy's 502)."""

from __future__ import annotations

from playwright.sync_api import Browser, Route

ASK = "(path) => Potager.api(path, {}).then(() => 'accepted', (error) => error.message)"


def test_a_german_page_says_refusals_and_failed_requests_in_german(
    browser: Browser, server: str
) -> None:
    context = browser.new_context(locale="de-DE")
    page = context.new_page()
    page.goto(server + "/")
    page.evaluate("() => Potager.i18n.ready")  # the catalog is in
    assert page.evaluate(ASK, "/api/tables") == "Feld fehlt; Feld fehlt; Feld fehlt"

    page.route("**/api/players", lambda route: route.abort())
    assert page.evaluate(ASK, "/api/players") == "der Server ist nicht erreichbar"

    def bad_gateway(route: Route) -> None:
        route.fulfill(status=502, body="<html>Bad Gateway</html>", content_type="text/html")

    page.route("**/api/turns", bad_gateway)
    assert page.evaluate(ASK, "/api/turns") == "der Server hat mit Status 502 geantwortet"
    context.close()
