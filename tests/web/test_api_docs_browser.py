"""The API pages in Chromium: ``/docs`` (Swagger UI) draws every operation with no console error,
and ``/redoc`` draws its reference under the same Content-Security-Policy, its search worker
allowed; the one thing refused there is the attribution logo ReDoc asks of its CDN."""

from __future__ import annotations

import json
import urllib.request

from playwright.sync_api import Browser, ConsoleMessage, Page, expect

REDOC_LOGO = "cdn.redoc.ly/redoc/logo-mini.svg"
"""ReDoc's sidebar logo, always asked of its CDN: the policy refuses it, no request leaves."""


def operations(server: str) -> int:
    with urllib.request.urlopen(server + "/openapi.json") as answer:
        paths = json.load(answer)["paths"]
    return sum(len(methods) for methods in paths.values())


def console(browser: Browser) -> tuple[Page, list[str]]:
    """A page whose console errors and warnings, and uncaught errors, are collected."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []

    def heard(message: ConsoleMessage) -> None:
        if message.type in ("error", "warning"):
            errors.append(message.text)

    page.on("console", heard)
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page, errors


def test_swagger_ui_draws_every_operation_with_no_console_error(
    browser: Browser, server: str
) -> None:
    page, errors = console(browser)
    answer = page.goto(server + "/docs")
    assert answer is not None and answer.status == 200
    expect(page.locator(".swagger-ui .info .title")).to_contain_text("Potager")
    expect(page.locator(".opblock")).to_have_count(operations(server))
    page.locator(".opblock-summary").first.click()
    expect(page.locator(".opblock-body").first).to_be_visible()
    page.wait_for_load_state("networkidle")
    assert errors == []
    page.close()


def test_redoc_draws_the_reference_and_its_search_runs(browser: Browser, server: str) -> None:
    page, errors = console(browser)
    answer = page.goto(server + "/redoc")
    assert answer is not None and answer.status == 200
    expect(page.locator("h1").first).to_contain_text("Potager")
    expect(page.locator(".menu-content li").first).to_be_visible()
    page.locator("[role=search] input").fill("tables")
    expect(page.locator("[data-role='search:results'] li").first).to_be_visible()
    page.wait_for_load_state("networkidle")
    assert [e for e in errors if REDOC_LOGO not in e] == []
    page.close()
