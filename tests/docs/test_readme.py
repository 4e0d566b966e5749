"""The README stays a newcomer's page: at most 200 lines, `make run` and `make test` its first
two commands (CI runs the second), the pip install, and links that all lead somewhere."""

from __future__ import annotations

import re

from tests import ROOT

README = (ROOT / "README.md").read_text()
LINK = re.compile(r"\]\(([^)#]+)(?:#[^)]*)?\)")


def test_the_readme_is_short() -> None:
    assert len(README.splitlines()) <= 200


def test_its_first_two_commands_are_make_run_and_make_test() -> None:
    commands = re.findall(r"```sh\n(.*?)```", README, re.S)
    first = [line.split("#")[0].strip() for line in commands[0].splitlines()]
    assert first[:2] == ["make run", "make test"]
    assert "pip install 'potager[server]'" in README


def test_every_relative_link_exists() -> None:
    targets = [t for t in LINK.findall(README) if not t.startswith("https://")]
    assert targets
    for target in targets:
        assert (ROOT / target).exists(), target
