"""docs/protocol.md says what the server's message models say: every message each way, every
field with its type (and, for what a program sends, whether it is required), every refusal code
and every close code; nothing more, nothing less."""

from __future__ import annotations

import re
from typing import Any

import pytest

from potager.server.schemas import ClientMessage, Close, ErrorMessage, ServerMessage
from tests import ROOT

PAGE = ROOT / "docs" / "protocol.md"
SECTIONS = {
    "sends": "## The messages a program sends",
    "receives": "## The messages the server sends",
    "parts": "## Parts of messages",
}


def sections() -> dict[str, str]:
    """Each part of the page that lists messages, by `SECTIONS`' key."""
    text = PAGE.read_text()
    found = {}
    for key, heading in SECTIONS.items():
        start = text.index(heading) + len(heading)
        end = text.find("\n## ", start)
        found[key] = text[start : end if end >= 0 else len(text)]
    return found


def tables(section: str) -> dict[str, list[list[str]]]:
    """Each ``### `name` `` of ``section`` and the rows of its table (cells stripped)."""
    found: dict[str, list[list[str]]] = {}
    for block in re.split(r"^### ", section, flags=re.M)[1:]:
        name = re.match(r"`([^`]+)`", block)
        assert name is not None, block[:40]
        rows = [line for line in block.splitlines() if line.startswith("| `")]
        found[name.group(1)] = [
            [cell.strip() for cell in row.strip("|").split("|")] for row in rows
        ]
    return found


def short(field: dict[str, Any]) -> str:
    """A field's JSON Schema as the page writes its type."""
    if "const" in field:
        return f'"{field["const"]}"'
    if "$ref" in field:
        return str(field["$ref"].rsplit("/", 1)[1])
    if "anyOf" in field:
        return " or ".join(short(option) for option in field["anyOf"])
    if "enum" in field:
        if len(field["enum"]) > 3:
            return "string (codes above)"
        return "one of " + ", ".join(f'"{value}"' for value in field["enum"])
    if field.get("type") == "array":
        return "list of " + short(field.get("items", {}))
    return str(field.get("type", "any"))


def models(union: Any) -> tuple[dict[str, dict[str, Any]], dict[str, dict[str, Any]]]:
    """The messages of a `RootModel` union by their ``type``, and the models they are made of."""
    schema = union.model_json_schema()
    defs = schema["$defs"]
    messages = {}
    for option in schema["oneOf"]:
        model = defs[option["$ref"].rsplit("/", 1)[1]]
        messages[model["properties"]["type"]["const"]] = model
    parts = {name: d for name, d in defs.items() if "type" not in d["properties"]}
    return messages, parts


def expected(model: dict[str, Any], required: bool) -> list[list[str]]:
    rows = []
    for name, field in model["properties"].items():
        row = [f"`{name}`", short(field)]
        if required:
            row.append("yes" if name in model.get("required", []) else "no")
        rows.append(row)
    return rows


def test_the_page_lists_what_a_program_sends_as_the_server_reads_it() -> None:
    listed = tables(sections()["sends"])
    messages, _ = models(ClientMessage)
    assert list(listed) == list(messages)
    for kind, model in messages.items():
        assert [row[:3] for row in listed[kind]] == expected(model, required=True), kind


@pytest.mark.parametrize("section", ["receives", "parts"])
def test_the_page_lists_what_the_server_sends_as_its_models_say(section: str) -> None:
    listed = tables(sections()[section])
    messages, parts = models(ServerMessage)
    wanted = messages if section == "receives" else parts
    assert sorted(listed) == sorted(wanted)
    for kind, model in wanted.items():
        assert [row[:2] for row in listed[kind]] == expected(model, required=False), kind


def first_column(heading: str) -> list[str]:
    """The first cells of the table under ``heading``."""
    text = PAGE.read_text()
    start = text.index(heading)
    end = text.find("\n#", start + len(heading))
    rows = [
        line for line in text[start:end].splitlines() if line.startswith("| ") and "---" not in line
    ]
    return [row.strip("|").split("|")[0].strip().strip("`") for row in rows[1:]]


def test_the_page_names_every_refusal_code() -> None:
    codes = ErrorMessage.model_json_schema()["properties"]["code"]["enum"]
    assert first_column("### Refusals") == codes


def test_the_page_names_every_close_code() -> None:
    assert first_column("### Closing codes") == [str(code.value) for code in Close]
