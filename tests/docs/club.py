"""The files of the "Run it for your club" page (docs/club.md), read from its titled code blocks."""

from __future__ import annotations

import re

from tests import ROOT

PAGE = ROOT / "docs" / "club.md"
TITLED = re.compile(r'^```\w+ title="(?P<title>[^"]+)"\n(?P<body>.*?)^```$', re.M | re.S)


def files() -> dict[str, str]:
    """Each titled block of the page: its title (the file's path) and its text."""
    return {m["title"]: m["body"] for m in TITLED.finditer(PAGE.read_text())}


def unit(text: str) -> dict[str, list[str]]:
    """A systemd unit's settings, each key with its values in order (sections merged)."""
    found: dict[str, list[str]] = {}
    for line in text.splitlines():
        if "=" in line and not line.startswith(("#", "[")):
            key, _, value = line.partition("=")
            found.setdefault(key.strip(), []).append(value.strip())
    return found


def environment(text: str) -> dict[str, str]:
    """A unit's ``Environment=`` variables."""
    return dict(v.split("=", 1) for v in unit(text).get("Environment", []))
