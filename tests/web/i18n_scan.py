"""Reading the browser client's source for its texts (four languages): what
``tests/web/test_i18n.py`` checks, without a browser. The rules are potager/web/I18N.md's.

The JavaScript is tokenized here (strings, template literals with their ``${}`` expressions,
comments, regular expressions, names and punctuation): enough to find every ``t``/``tn`` key
and every literal that lands where a person reads it, without a JavaScript parser.
"""

from __future__ import annotations

import ast
import bisect
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

NOT_TEXT = "i18n: not text"
"""A trailing comment that says a literal in a text position is not text (notation, a class)."""
NOT_WORDS = frozenset({"Potager", "API"})
"""Words shown as they are in every language: the project's name, the API link."""
LETTER = re.compile(r"[^\W\d_]")
WORDS = re.compile(r"[A-Z]|[^\W\d_]\s+[^\W\d_]")
"""What makes a returned literal read like words: a capital, or a space between letters."""
ATTRIBUTES = frozenset({"title", "placeholder", "alt", "aria-label", "label", "caption", "note"})
"""Keys of an object literal whose value is shown (attributes, a component's caption)."""
ASSIGNED = frozenset({"textContent", "innerText", "title", "placeholder", "alt"})
SAYING = frozenset({"toast", "confirm", "alert", "prompt"})
"""Calls whose first argument is shown."""
COMPARISONS = frozenset({"===", "!==", "==", "!=", "in", "case"})
SHOWN_ATTRIBUTES = ("title", "placeholder", "alt", "aria-label")
REGEX_AFTER = frozenset("(,=:[!&|?{};+-*%<>~^") | {"return", "typeof", "case", "=>", "&&", "||"}
"""After these a ``/`` opens a regular expression (elsewhere it divides)."""
OPERATORS = frozenset(
    {"===", "!==", "...", "=>", "==", "!=", "<=", ">=", "&&", "||", "??", "?.", "++", "--", "+="}
)
OWNERS = frozenset({"Potager", "PotagerI18n"})
NAME = re.compile(r"[\w$]+")
ESCAPES = {"n": "\n", "t": "\t"}


@dataclass
class Token:
    kind: str  # "str", "tmpl", "name", "num", "punct", "regex"
    text: str  # a string's value, a template's static text, a name, a punctuation mark
    line: int
    exprs: list[list[Token]] = field(default_factory=list)  # a template's ${} expressions


@dataclass
class Source:
    path: Path
    tokens: list[Token]
    exempt: set[int]
    """Lines ending in an ``i18n: not text`` comment."""


class JSError(ValueError):
    pass


def tokenize(code: str, path: Path) -> Source:
    lexer = _Lexer(code, path)
    tokens, _ = lexer.tokens(0, closing=False)
    return Source(path, tokens, lexer.exempt)


class _Lexer:
    def __init__(self, code: str, path: Path) -> None:
        self.code, self.path = code, path
        self.starts = [0] + [m.end() for m in re.finditer("\n", code)]
        self.exempt: set[int] = set()

    def line(self, i: int) -> int:
        return bisect.bisect_right(self.starts, i)

    def fail(self, i: int, what: str) -> JSError:
        return JSError(f"{self.path}:{self.line(i)}: {what}")

    def tokens(self, i: int, closing: bool) -> tuple[list[Token], int]:
        """Tokens from ``i`` to the end, or (``closing``) to the ``}`` closing a ``${``."""
        code, out, depth = self.code, [], 0
        while i < len(code):
            c = code[i]
            if c in " \t\r\n":
                i += 1
            elif code.startswith("//", i):
                j = code.find("\n", i)
                j = len(code) if j < 0 else j
                if NOT_TEXT in code[i:j]:
                    self.exempt.add(self.line(i))
                i = j
            elif code.startswith("/*", i):
                j = code.find("*/", i + 2)
                if j < 0:
                    raise self.fail(i, "unclosed comment")
                i = j + 2
            elif c in "'\"":
                token, i = self.string(i)
                out.append(token)
            elif c == "`":
                token, i = self.template(i)
                out.append(token)
            elif c == "/" and _regex_allowed(out):
                out.append(Token("regex", "", self.line(i)))
                i = self.regex(i)
            elif c.isalnum() or c in "_$":
                m = NAME.match(code, i)
                assert m
                kind = "num" if c.isdigit() else "name"
                out.append(Token(kind, m.group(), self.line(i)))
                i = m.end()
            else:
                if c == "{":
                    depth += 1
                elif c == "}":
                    if closing and depth == 0:
                        return out, i + 1
                    depth -= 1
                op = next(
                    o for o in (code[i : i + 3], code[i : i + 2], c) if o in OPERATORS or o == c
                )
                out.append(Token("punct", op, self.line(i)))
                i += len(op)
        if closing:
            raise self.fail(i, "unclosed template expression")
        return out, i

    def string(self, i: int) -> tuple[Token, int]:
        code, quote, j, value = self.code, self.code[i], i + 1, []
        while j < len(code) and code[j] != quote:
            if code[j] == "\n":
                raise self.fail(i, "a string runs past its line")
            if code[j] == "\\":
                value.append(ESCAPES.get(code[j + 1], code[j + 1]))
                j += 2
            else:
                value.append(code[j])
                j += 1
        return Token("str", "".join(value), self.line(i)), j + 1

    def template(self, i: int) -> tuple[Token, int]:
        """A template literal: its static text (each ``${}`` as a space) and expressions."""
        code, j = self.code, i + 1
        token = Token("tmpl", "", self.line(i))
        parts: list[str] = []
        while j < len(code):
            if code[j] == "\\":
                parts.append(ESCAPES.get(code[j + 1], code[j + 1]))
                j += 2
            elif code[j] == "`":
                token.text = "".join(parts)
                return token, j + 1
            elif code.startswith("${", j):
                inner, j = self.tokens(j + 2, closing=True)
                token.exprs.append(inner)
                parts.append(" ")
            else:
                parts.append(code[j])
                j += 1
        raise self.fail(i, "unclosed template literal")

    def regex(self, i: int) -> int:
        code, j, in_class = self.code, i + 1, False
        while j < len(code):
            c = code[j]
            if c == "\\":
                j += 2
                continue
            if c == "\n":
                break
            if c == "[":
                in_class = True
            elif c == "]":
                in_class = False
            elif c == "/" and not in_class:
                j += 1
                while j < len(code) and code[j].isalpha():
                    j += 1
                return j
            j += 1
        raise self.fail(i, "unclosed regular expression")


def _walk(tokens: list[Token]) -> Iterator[Token]:
    for token in tokens:
        yield token
        for expr in token.exprs:
            yield from _walk(expr)


def _regex_allowed(before: list[Token]) -> bool:
    if not before:
        return True
    last = before[-1]
    return last.kind in ("punct", "name") and last.text in REGEX_AFTER


# -- what the code says to people ------------------------------------------------------------------
OPEN = {"(": ")", "[": "]", "{": "}"}


def _close(tokens: list[Token], i: int) -> int:
    """The index of the bracket closing the one at ``i``."""
    depth = 0
    for k in range(i, len(tokens)):
        if tokens[k].kind != "punct":
            continue
        if tokens[k].text in OPEN:
            depth += 1
        elif tokens[k].text in OPEN.values():
            depth -= 1
            if depth == 0:
                return k
    return len(tokens)


def _arguments(tokens: list[Token], open_at: int) -> list[list[Token]]:
    """A call's arguments (the tokens of each), its ``(`` at ``open_at``."""
    end = _close(tokens, open_at)
    args: list[list[Token]] = [[]]
    k = open_at + 1
    while k < end:
        token = tokens[k]
        if token.kind == "punct" and token.text in OPEN:
            stop = _close(tokens, k)
            args[-1].extend(tokens[k : stop + 1])
            k = stop + 1
            continue
        if token.kind == "punct" and token.text == ",":
            args.append([])
        else:
            args[-1].append(token)
        k += 1
    return [a for a in args if a]


def _until(tokens: list[Token], start: int, stops: str) -> list[Token]:
    """From ``start`` to the first of ``stops`` (or an unmatched closer) at the same depth."""
    out: list[Token] = []
    k = start
    while k < len(tokens):
        token = tokens[k]
        if token.kind == "punct" and token.text in OPEN:
            stop = _close(tokens, k)
            out.extend(tokens[k : stop + 1])
            k = stop + 1
            continue
        if token.kind == "punct" and (token.text in stops or token.text in OPEN.values()):
            break
        out.append(token)
        k += 1
    return out


def _shown(expr: list[Token]) -> Iterator[Token]:
    """The literals an expression shows as they are: at its top level, in its arrays and
    parentheses (not a call's: a call's result is its own affair), and in its templates'
    ``${}`` expressions."""
    k = 0
    while k < len(expr):
        token = expr[k]
        if token.kind in ("str", "tmpl") and not _compared(expr, k):
            yield token
            for inner in token.exprs:
                yield from _shown(inner)
        elif token.kind == "punct" and token.text in OPEN:
            stop = _close(expr, k)
            before = expr[k - 1] if k else None
            called = before is not None and (
                before.kind == "name" or (before.kind == "punct" and before.text in ")]")
            )
            if token.text != "{" and not called:
                yield from _shown(expr[k + 1 : stop])
            k = stop
        k += 1


def _compared(expr: list[Token], k: int) -> bool:
    """Whether the literal at ``k`` is compared with something (``kind === "bot"``), not shown."""
    near = [expr[j].text for j in (k - 1, k + 1) if 0 <= j < len(expr)]
    return any(text in COMPARISONS for text in near)


@dataclass(frozen=True)
class Found:
    keys: dict[str, list[str]]
    """Each t/tn key, with where it is used ("path:line")."""
    plurals: dict[str, str]
    """Each tn key (its English other form) with its English one form."""
    shown: list[str]
    """English shown outside t: "path:line: text"."""
    dynamic: list[str]
    """t/tn called with a template literal (a key built at run time): "path:line"."""


def _is_call(tokens: list[Token], k: int, names: frozenset[str]) -> bool:
    token = tokens[k]
    if token.kind != "name" or token.text not in names:
        return False
    if k + 1 >= len(tokens) or tokens[k + 1].text != "(":
        return False
    before = tokens[k - 1] if k else None
    if before is not None and before.kind == "name" and before.text == "function":
        return False
    return not (
        before is not None
        and before.text == "."
        and k >= 2
        and tokens[k - 2].text not in ("Potager", "PotagerI18n")
    )


def scan_js(source: Source, found: Found) -> None:
    where = source.path
    _scan(source.tokens, source, found, where)


def _scan(tokens: list[Token], source: Source, found: Found, where: Path) -> None:
    def text(token: Token, returned: bool = False) -> None:
        words = token.text.strip()
        if not LETTER.search(words) or words in NOT_WORDS or token.line in source.exempt:
            return
        if returned and not WORDS.search(words):
            return
        found.shown.append(f"{where}:{token.line}: {words!r}")

    for k, token in enumerate(tokens):
        for expr in token.exprs:
            _scan(expr, source, found, where)
        if _is_call(tokens, k, frozenset({"t", "tn"})):
            args = _arguments(tokens, k + 1)
            literal = args[0:1] if token.text == "t" else args[2:3]
            for arg in literal:
                if len(arg) == 1 and arg[0].kind == "str":
                    found.keys.setdefault(arg[0].text, []).append(f"{where}:{arg[0].line}")
                elif arg and arg[0].kind == "tmpl":
                    found.dynamic.append(f"{where}:{arg[0].line}")
            if token.text == "tn" and len(args) >= 3 and all(len(a) == 1 for a in args[1:3]):
                found.plurals[args[2][0].text] = args[1][0].text
        elif _is_call(tokens, k, frozenset({"h"})):
            args = _arguments(tokens, k + 1)
            for arg in args[2:]:
                for lit in _shown(arg):
                    text(lit)
        elif _is_call(tokens, k, SAYING):
            for arg in _arguments(tokens, k + 1)[:1]:
                for lit in _shown(arg):
                    text(lit)
        elif (
            token.kind in ("name", "str")
            and token.text in ATTRIBUTES
            and k + 1 < len(tokens)
            and tokens[k + 1].text == ":"
            and k > 0
            and tokens[k - 1].text in ("{", ",")
        ):
            for lit in _shown(_until(tokens, k + 2, ",;")):
                text(lit)
        elif (
            token.kind == "name"
            and token.text in ASSIGNED
            and k > 0
            and tokens[k - 1].text == "."
            and k + 1 < len(tokens)
            and tokens[k + 1].text == "="
        ):
            for lit in _shown(_until(tokens, k + 2, ";,")):
                text(lit)
        elif token.kind == "name" and token.text == "return":
            for lit in _shown(_until(tokens, k + 1, ";")):
                text(lit, returned=True)


def scan_javascript(paths: list[Path]) -> Found:
    found = Found({}, {}, [], [])
    for path in paths:
        scan_js(tokenize(path.read_text(encoding="utf-8"), path), found)
    return found


# -- HTML ------------------------------------------------------------------------------------------
class _Page(HTMLParser):
    """The words of a static page: each text with letters, and each shown attribute, must be
    marked ``data-i18n`` (its text, or the attributes it names)."""

    def __init__(self, path: Path) -> None:
        super().__init__()
        self.path = path
        self.stack: list[tuple[str, dict[str, str | None]]] = []
        self.keys: dict[str, list[str]] = {}
        self.shown: list[str] = []

    def _marked(self, attrs: dict[str, str | None]) -> set[str]:
        if "data-i18n" not in attrs:
            return set()
        return set((attrs["data-i18n"] or "text").split())

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        marked = self._marked(found)
        for name in SHOWN_ATTRIBUTES:
            value = (found.get(name) or "").strip()
            if not LETTER.search(value) or value in NOT_WORDS:
                continue
            self._word(value, name in marked, f"<{tag} {name}>")
        if tag not in ("meta", "link", "img", "input", "br", "hr"):
            self.stack.append((tag, found))

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            if self.stack.pop()[0] == tag:
                break

    def handle_data(self, data: str) -> None:
        words = " ".join(data.split())
        if not self.stack or not LETTER.search(re.sub(r"\$\w+", "", words)):
            return
        tag, attrs = self.stack[-1]
        if tag in ("script", "style") or words in NOT_WORDS:
            return
        self._word(words, "text" in self._marked(attrs) or tag == "title", f"<{tag}>")

    def _word(self, words: str, marked: bool, what: str) -> None:
        line = f"{self.path}:{self.getpos()[0]}"
        if marked:
            self.keys.setdefault(words, []).append(line)
        else:
            self.shown.append(f"{line}: {what} {words!r} not marked data-i18n")


def scan_html(path: Path) -> tuple[dict[str, list[str]], list[str]]:
    page = _Page(path)
    page.feed(path.read_text(encoding="utf-8"))
    return page.keys, page.shown


# -- the server and the terminal ------------------------------------------------------------------
Calls = dict[str, tuple[int, ...]]
"""Calls by name, with the positions of their English templates."""
SAY: Calls = {"say": (0,), "say_in": (1,), "Reason": (0,), "NotationError": (0,)}
"""The server's calls (`potager.i18n`) and the engine's refusals (`potager.engine.errors`), and
which of their arguments is an English template."""
PASSED_ON = frozenset({"Reason", "NotationError"})
"""The engine's refusals, which may also be handed a `Reason` made earlier (not a template)."""
TERMINAL: Calls = {"t": (0,), "tn": (2,), "says": (0, 1)}
"""The terminal's (`potager.cli.language`, `Who.says`): `tn`'s key is its plural (other) form."""
METHODS = frozenset({"says"})
"""Calls that are methods of any object (``who.says(...)``); the others are names, or
``i18n.<name>`` (another object's say, chat.say, is not one)."""


def _called(node: ast.Call, calls: Calls) -> tuple[int, ...]:
    """The arguments of ``node`` that are templates, when it is one of ``calls``."""
    func = node.func
    if isinstance(func, ast.Name):
        name = func.id
    elif isinstance(func, ast.Attribute) and (
        getattr(func.value, "id", "") == "i18n" or func.attr in METHODS
    ):
        name = func.attr
    else:
        return ()
    return calls.get(name, ())


def _constants(tree: ast.Module) -> dict[str, str]:
    """The module-level string constants (a template may be one)."""
    return {
        target.id: node.value.value
        for node in tree.body
        if isinstance(node, ast.Assign)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
        for target in node.targets
        if isinstance(target, ast.Name)
    }


def _tables(tree: ast.Module) -> dict[str, list[str]]:
    """The module-level dicts whose values are all string literals (``VALIDATION[kind]`` may be
    a template: each value is one)."""
    found: dict[str, list[str]] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Dict):
            values = node.value.values
            if values and all(
                isinstance(v, ast.Constant) and isinstance(v.value, str) for v in values
            ):
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        found[target.id] = [v.value for v in values]  # type: ignore[attr-defined]
    return found


ELSEWHERE = "i18n: checked elsewhere"
"""A trailing comment on a call whose text the test reads elsewhere: data it checks from the
Python side (a bot level's name, ``t(level)``, as the pages' ``t(variable)``), or a template a
caller passes on (`Who.says`: its callers' literals are read)."""


def said(path: Path, calls: Calls = SAY) -> tuple[dict[str, list[str]], list[str]]:
    """The templates of a Python module's ``calls`` (a literal, a module-level constant holding
    one, or an item of a module-level dict of them), and its calls whose template is none of
    these (the test cannot read it), unless marked `ELSEWHERE`."""
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source)
    lines = source.splitlines()
    constants, tables = _constants(tree), _tables(tree)
    keys: dict[str, list[str]] = {}
    unread: list[str] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        for at in _called(node, calls):
            if len(node.args) <= at:
                continue
            template = node.args[at]
            if isinstance(template, ast.Constant) and isinstance(template.value, str):
                keys.setdefault(template.value, []).append(f"{path}:{node.lineno}")
            elif isinstance(template, ast.Name) and template.id in constants:
                keys.setdefault(constants[template.id], []).append(f"{path}:{node.lineno}")
            elif (
                isinstance(template, ast.Subscript)
                and isinstance(template.value, ast.Name)
                and template.value.id in tables
            ):
                for value in tables[template.value.id]:
                    keys.setdefault(value, []).append(f"{path}:{node.lineno}")
            elif not (
                lines[node.lineno - 1].rstrip().endswith(ELSEWHERE)
                or getattr(node.func, "id", "") in PASSED_ON
            ):
                unread.append(f"{path}:{node.lineno}")
    return keys, unread


def plurals_said(path: Path) -> dict[str, str]:
    """The terminal's plurals, ``tn(n, one, other)``: {other: one}."""
    found: dict[str, str] = {}
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "tn":
            one, other = [*node.args, None, None][1:3]
            if (
                isinstance(one, ast.Constant)
                and isinstance(other, ast.Constant)
                and isinstance(one.value, str)
                and isinstance(other.value, str)
            ):
                found[other.value] = one.value
    return found


STYLE_KEYWORDS = frozenset(
    {"style", "title_style", "header_style", "border_style", "justify", "overflow"}
)
"""Keyword arguments whose strings are Rich styles or layout words, not text."""
NOT_SHOWN_KEYWORDS = STYLE_KEYWORDS | {"help", "metavar", "title_align", "subtitle_align"}
"""... and a command's ``--help`` texts, which Typer shows in English (docs/terminal.md)."""


def _docstrings(tree: ast.Module) -> set[int]:
    """The ids of the docstring nodes of a module, its classes and functions, and of the string
    that documents a module-level name (the string statement after it)."""
    found: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if not isinstance(body, list):
            continue
        for statement in body:
            if isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant):
                found.add(id(statement.value))
    return found


def _is_style(text: str) -> bool:
    """Whether ``text`` is a Rich style ("bold cyan"), which has letters and spaces."""
    from rich.errors import StyleSyntaxError
    from rich.style import Style

    try:
        Style.parse(text)
    except StyleSyntaxError:
        return False
    return True


def english_shown(path: Path, calls: Calls = TERMINAL) -> list[str]:
    """String literals of a Python module that read like words (a capital, or a space between
    letters) outside a call of ``calls``: English a person would read untranslated. Not counted:
    docstrings, Rich styles, names in capitals (``GAME``, ``LC_ALL``), keyword arguments that are
    not text (`NOT_SHOWN_KEYWORDS`), the keys and indices of dicts and views, comparisons, and
    lines ending in ``i18n: not text``."""
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source)
    lines = source.splitlines()
    skipped: set[int] = _docstrings(tree)

    def skip(node: ast.AST) -> None:
        skipped.update(id(inner) for inner in ast.walk(node))

    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            if _called(node, calls) or _called(node, SAY):
                skip(node)
            for keyword in node.keywords:
                if keyword.arg in NOT_SHOWN_KEYWORDS:
                    skip(keyword.value)
        elif isinstance(node, ast.Subscript):
            skip(node.slice)
        elif isinstance(node, ast.Compare):
            skip(node)
        elif isinstance(node, ast.Dict):
            for key in node.keys:
                if key is not None:
                    skip(key)
    shown = []
    for node in ast.walk(tree):
        if id(node) in skipped or not isinstance(node, (ast.Constant, ast.JoinedStr)):
            continue
        if isinstance(node, ast.JoinedStr):
            text = "".join(
                part.value
                for part in node.values
                if isinstance(part, ast.Constant) and isinstance(part.value, str)
            )
            skip(node)
        elif isinstance(node.value, str):
            text = node.value
        else:
            continue
        plain = re.sub(r"\[/?[a-z ]*\]", " ", text)  # Rich markup: [bold], [/]
        if not WORDS.search(plain) or plain.upper() == plain or _is_style(text.strip()):
            continue
        if lines[node.lineno - 1].rstrip().endswith(NOT_TEXT):
            continue
        shown.append(f"{path}:{node.lineno}: {text!r}")
    return shown
