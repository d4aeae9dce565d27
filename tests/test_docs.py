"""Docs that cannot drift: every registered command, every event type and every JSON API route is in docs/api.md,
and every module, function and folder docs/architecture.md names exists (the way Datasette keeps its docs honest:
the tests read the docs and the code and compare)."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

from companion import create_app, game, resources
from companion.game.spine.command import COMMANDS
from companion.state import REDUCERS

REPO = Path(__file__).resolve().parent.parent
API = (REPO / "docs" / "api.md").read_text()
ARCHITECTURE = (REPO / "docs" / "architecture.md").read_text()

game.load_all()


def _in_api(name: str) -> bool:
    return f"`{name}`" in API


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_command_is_documented(name):
    assert _in_api(name), f"docs/api.md does not document the command `{name}`"


@pytest.mark.parametrize("event_type", sorted(REDUCERS))
def test_every_event_type_is_documented(event_type):
    assert _in_api(event_type), f"docs/api.md does not document the event type `{event_type}`"


def _api_routes() -> list[tuple[str, str]]:
    app = create_app({"DATABASE": ":memory:", "SECRET_KEY": "docs"})
    out = set()
    for rule in app.url_map.iter_rules():
        if not rule.rule.startswith("/api/"):
            continue
        paths = [rule.rule]
        choice = re.search(r"<any\(([^)]*)\):\w+>", rule.rule)
        if choice:  # <any(undo, redo):which>: each alternative is its own address
            paths = [rule.rule.replace(choice.group(0), alt.strip()) for alt in choice.group(1).split(",")]
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            out.update((method, path) for path in paths)
    return sorted(out)


@pytest.mark.parametrize(("method", "path"), _api_routes())
def test_every_api_route_is_documented(method, path):
    """`METHOD /api/...` with any name for each variable part (`<int:game_id>` is written `<id>`)."""
    parts = re.split(r"<[^>]+>", path)
    pattern = re.escape(f"{method} ") + "<[a-z_]+>".join(re.escape(p) for p in parts) + r"(?=[`\s?])"
    assert re.search(pattern, API), f"docs/api.md does not document {method} {path}"


# --------------------------------------------------------------------------- architecture.md names what exists


def _code_spans(text: str) -> list[str]:
    return re.findall(r"`([^`\n]+)`", text)


def _module_file(dotted: str) -> Path | None:
    path = REPO.joinpath(*dotted.split("."))
    for candidate in (path.with_suffix(".py"), path / "__init__.py"):
        if candidate.exists():
            return candidate
    return None


def _named_paths() -> list[str]:
    """Paths in code spans and in the walk-through: ``companion/web/combat.py``, ``game/spine/fields.py`` (under
    companion/), ``templates/combat/_phase_block.html``, each optionally followed by ``: function``."""
    found = set()
    for span in _code_spans(ARCHITECTURE) + re.findall(r"(companion/[\w/]+\.py(?:: \w+)?)", ARCHITECTURE):
        m = re.fullmatch(r"((?:companion|rules|game|web|templates|static|tests)/[\w./]*?)(?:: (\w+)(?:\(\))?)?", span)
        if m and not m.group(1).endswith("/<feature>.py"):
            found.add(span)
    return sorted(found)


@pytest.mark.parametrize("named", _named_paths())
def test_every_path_named_in_the_architecture_exists(named):
    path, _, function = named.partition(": ")
    function = function.removesuffix("()")
    path = path.removesuffix("/...")
    for folder in resources.NAMES:  # companion/templates/... is the wheel's copy of the top-level folder
        path = re.sub(rf"^companion/{folder}\b", folder, path)
    candidates = [REPO / path, REPO / "companion" / path]
    existing = [c for c in candidates if c.exists()]
    assert existing, f"docs/architecture.md names {path}, which does not exist"
    if function:
        source = existing[0].read_text()
        assert re.search(rf"^\s*(?:def|class) {function}\b", source, re.M), f"{path} has no {function}"


def _dotted_names() -> list[str]:
    """``companion.events.record(db, ...)`` names ``companion.events.record``."""
    spans = _code_spans(ARCHITECTURE)
    return sorted({m.group(1) for s in spans if (m := re.match(r"(companion(?:\.\w+)+)(?:\(|$)", s))})


def _bare_files() -> list[str]:
    """Files named without their folder (``state_cache.py``, ``combat_block.py``, ``view.py``)."""
    return sorted({s for s in _code_spans(ARCHITECTURE) if re.fullmatch(r"\w+\.py", s)})


@pytest.mark.parametrize("name", _bare_files())
def test_every_file_named_alone_exists_somewhere(name):
    assert list((REPO / "companion").rglob(name)), f"docs/architecture.md names {name}: no such file in companion/"


@pytest.mark.parametrize("dotted", _dotted_names())
def test_every_module_or_name_in_the_architecture_exists(dotted):
    """``companion.game.spine.safejson`` is a module; ``companion.web.common.ApiError`` a name in one."""
    parts = dotted.split(".")
    if len(parts) == 2 and parts[1] in resources.NAMES:  # a folder mapped into the package when the wheel is built
        assert (REPO / parts[1]).is_dir()
        return
    for cut in range(len(parts), 0, -1):
        if _module_file(".".join(parts[:cut])):
            obj = importlib.import_module(".".join(parts[:cut]))
            for attr in parts[cut:]:
                assert hasattr(obj, attr), f"docs/architecture.md names {dotted}: {obj.__name__} has no {attr}"
                obj = getattr(obj, attr)
            return
    raise AssertionError(f"docs/architecture.md names {dotted}, which is no module")


def test_the_layout_lists_what_is_there():
    """The Layout block: each file or folder of companion/ and each top-level folder it names exists."""
    block = ARCHITECTURE.split("## Layout", 1)[1].split("```", 2)[1]
    names = []
    for line in block.splitlines():
        m = re.match(r"^(  )?([\w.]+/?)\s", line + " ")
        if m and m.group(2) not in ("```",):
            names.append(("companion/" if m.group(1) else "") + m.group(2))
    assert len(names) > 15
    missing = [n for n in names if not (REPO / n).exists()]
    assert missing == []


def test_the_walk_through_names_real_modules():
    """The "a block is played" walk-through has enough of the path to follow: each step names code that exists
    (the parametrized tests above check each one)."""
    walk = ARCHITECTURE.split('## A request, end to end: "a block is played"', 1)[1].split("\n## ", 1)[0]
    named = set(re.findall(r"companion/[\w/]+\.py", walk))
    assert {"companion/web/combat.py", "companion/game/combat/phases.py", "companion/rules/combat/block.py",
            "companion/web/common.py", "companion/events.py", "companion/state.py",
            "companion/game/spine/sentences.py"} <= named


def _command_tables() -> list[list[str]]:
    """The rows of docs/api.md's command tables (header ``| name ...``), split into cells."""
    rows, inside = [], False
    for line in API.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.strip().startswith("| name"):
            inside = True
        elif inside and line.strip().startswith("|"):
            if not set(cells[0]) <= set("- "):
                rows.append(cells)
        else:
            inside = False
    return rows


def test_every_documented_command_and_event_type_exists():
    """The other way round: a command table names no command or event type the app does not have (a renamed or
    removed one is taken out of the docs too)."""
    rows = _command_tables()
    assert len(rows) > 30
    commands = {re.match(r"`(\w+)`", row[0]).group(1) for row in rows}
    assert commands - set(COMMANDS) == set()
    events = {t for row in rows if len(row) > 2 for t in re.findall(r"`([a-z]+\.[a-z_]+)`", row[2])}
    assert events and events - set(REDUCERS) == set()
