"""Point every import at the game layer's new homes: the event-log spine in ``companion/game/spine/``, the Round
flow in ``companion/game/flow/`` (docs/architecture.md, "companion/game/ - the game layer").

    python tools/move_imports.py           rewrite the tree in place (prints each file it changed)
    python tools/move_imports.py --check   change nothing; exit status 1 if a file would change
    python tools/move_imports.py --move    first ``git mv`` each module still at its old place, then rewrite

Run from anywhere inside the checkout; it works on the checkout it lies in. It rewrites, in the Python files of
companion/, tests/, benchmarks/ and vulture_whitelist.py:
- relative imports (``from .command import Invalid`` in a Round-flow module becomes ``from ..spine.command import
  Invalid``; ``from ..rules.text import N_`` becomes ``from ...rules.text import N_``). A moved module's relative
  import is read as it was meant: from its new place if it names what is there, else from its old place (a line
  written before the move);
- absolute imports and dotted names anywhere (``companion.game.rounds`` -> ``companion.game.flow.rounds``;
  ``from companion.game import fields, combat`` is split in two);
- paths (``companion/game/undo.py`` -> ``companion/game/spine/undo.py``), in the Python files and in README.md and
  docs/*.md.
Re-running it changes nothing (idempotent): it can be run again after a merge brings in code written against the old
layout.
"""

from __future__ import annotations

import argparse
import ast
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAME = "companion.game"
ROOMS = {
    "spine": ("command", "exchange", "fields", "invalid", "journal", "local", "payload_schemas", "payloads",
              "replay", "safejson", "sentences", "undo"),
    "flow": ("board", "hand_limit", "round_commands", "round_state", "round_tokens", "rounds", "scenario_end",
             "scenario_info", "scenario_play", "scenario_rules", "setup", "trackers", "turn_owner", "fight_hooks"),
    "combat": ("fight_owner",),
    "views": ("story", "story_chart", "table"),
}
MOVES = {f"{GAME}.{name}": f"{GAME}.{room}.{name}" for room, names in ROOMS.items() for name in names}
MOVED_FROM = {new: old for old, new in MOVES.items()}
ROOM_OF = {name: room for room, names in ROOMS.items() for name in names}
CODE = ("companion", "tests", "benchmarks", "vulture_whitelist.py")
DOCS = ("README.md", "docs")
MAX_LINE = 120

_NAMES = "|".join(sorted(ROOM_OF, key=len, reverse=True))
DOTTED = re.compile(rf"\bcompanion\.game\.({_NAMES})\b")
PATH = re.compile(rf"(?<!\w)game/({_NAMES})\.py\b")
BARE_DOTTED = re.compile(rf"(?<![\w.])game\.({_NAMES})\.(?=\w)")  # `game.command.run` in the docs


def module_of(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def python_files() -> list[Path]:
    files = []
    for name in CODE:
        place = ROOT / name
        files.extend(sorted(place.rglob("*.py")) if place.is_dir() else [place] if place.exists() else [])
    return files


def new_home(module: str) -> str:
    return MOVES.get(module, module)


class Layout:
    """The package as it stands after the move: every module's name and its top-level names."""

    def __init__(self) -> None:
        self.names: dict[str, set[str]] = {}
        for path in sorted((ROOT / "companion").rglob("*.py")):
            tree = ast.parse(path.read_text())
            self.names[new_home(module_of(path))] = _top_level_names(tree)
        for module in list(self.names):  # a package without its own __init__ names nothing
            while "." in module:
                module = module.rpartition(".")[0]
                self.names.setdefault(module, set())

    def is_module(self, name: str) -> bool:
        return name in self.names

    def resolves(self, module: str, names: list[str]) -> bool:
        """``from module import names`` works in the new layout."""
        return self.is_module(module) and all(self.is_module(f"{module}.{n}") or n in self.names[module] or n == "*"
                                              for n in names)


def _top_level_names(tree: ast.Module) -> set[str]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            found.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            found.update((a.asname or a.name).split(".")[0] for a in node.names)
        elif isinstance(node, (ast.Name,)) and isinstance(node.ctx, ast.Store):
            found.add(node.id)
    return found


def absolute(level: int, module: str | None, package: str) -> str | None:
    """The absolute name of ``from <level dots><module> import`` written in ``package``."""
    parts = package.split(".")
    if level - 1 > len(parts) - 1:
        return None
    base = parts[: len(parts) - (level - 1)]
    return ".".join(base + ([module] if module else []))


def relative(target: str, package: str) -> str:
    """``target`` as a relative import written in ``package`` (``..spine.command``)."""
    base, parts = package.split("."), target.split(".")
    common = 0
    while common < min(len(base), len(parts)) and base[common] == parts[common]:
        common += 1
    return "." * (len(base) - common + 1) + ".".join(parts[common:])


def _alias(a: ast.alias) -> str:
    return f"{a.name} as {a.asname}" if a.asname else a.name


def _statement(indent: str, spec: str, aliases: list[str], comment: str) -> str:
    line = f"{indent}from {spec} import {', '.join(aliases)}{comment}"
    if len(line) <= MAX_LINE:
        return line
    inner = indent + " " * 4
    return f"{indent}from {spec} import ({comment}\n" + "".join(f"{inner}{a},\n" for a in aliases) + f"{indent})"


def rewrite_imports(path: Path, text: str, layout: Layout) -> str:
    """Each ``from ... import`` of ``path`` pointed at the new homes (relative ones read as meant)."""
    tree = ast.parse(text)
    lines = text.splitlines(keepends=True)
    origin = MOVED_FROM.get(module_of(path), module_of(path))  # where the module was written
    home = new_home(origin)
    is_package = path.name == "__init__.py"
    here_now = home if is_package else home.rpartition(".")[0]
    here_before = origin if is_package else origin.rpartition(".")[0]
    edits: list[tuple[int, int, str]] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom):
            continue
        names = [a.name for a in node.names]
        if node.level:
            target = absolute(node.level, node.module, here_now)
            if home != origin and (target is None or not layout.resolves(target, names)):
                target = absolute(node.level, node.module, here_before)  # written before the move
            if target is None:
                continue
        else:
            target = node.module or ""
        if not (target == "companion" or target.startswith("companion.")):
            continue
        groups: dict[str, list[str]] = {}
        for a in node.names:
            moved = MOVES.get(f"{target}.{a.name}")
            module = moved.rpartition(".")[0] if moved else new_home(target)
            groups.setdefault(module, []).append(_alias(a))
        specs = {m: (relative(m, here_now) if node.level else m) for m in groups}
        written = "." * node.level + (node.module or "")
        if list(specs.values()) == [written]:
            continue
        first, last = node.lineno - 1, node.end_lineno - 1
        if len(groups) == 1:
            spec = next(iter(specs.values()))
            head = re.compile(rf"(\bfrom\s+){re.escape(written)}(\s+import\b)")
            new, count = head.subn(lambda m: m.group(1) + spec + m.group(2), lines[first], count=1)
            if count:
                edits.append((first, last, new + _realigned(lines, first, last, len(spec) - len(written))))
                continue
        statement = "".join(lines[first:last + 1])
        comment = re.search(r"(\s+#.*)$", lines[last].rstrip("\n"))
        indent = re.match(r"\s*", lines[first]).group(0)
        new = "\n".join(_statement(indent, specs[m], aliases, comment.group(1) if comment and i == 0 else "")
                        for i, (m, aliases) in enumerate(groups.items()))
        edits.append((first, last, new + ("\n" if statement.endswith("\n") else "")))
    for first, last, new in sorted(edits, reverse=True):
        lines[first:last + 1] = [new]
    return _sorted_imports("".join(lines)) if edits else "".join(lines)


def _realigned(lines: list[str], first: int, last: int, shift: int) -> str:
    """The continuation lines of a statement whose module grew by ``shift`` characters, still under its ``(``."""
    paren = lines[first].find("(")
    out = []
    for line in lines[first + 1:last + 1]:
        indent = len(line) - len(line.lstrip(" "))
        out.append(" " * (indent + shift) + line.lstrip(" ") if paren >= 0 and indent == paren + 1 else line)
    return "".join(out)


def _sorted_imports(text: str) -> str:
    """Each run of adjacent module-level ``from`` imports of one kind (relative, or absolute from ``companion``) in
    the order the package keeps (more dots first, then by module), once a rewrite has touched the file."""
    lines = text.splitlines(keepends=True)
    runs: list[list[ast.ImportFrom]] = []
    for node in ast.parse(text).body:
        if not isinstance(node, ast.ImportFrom) or not (node.level or (node.module or "").startswith("companion")):
            runs.append([])
            continue
        if runs and runs[-1] and runs[-1][-1].end_lineno + 1 == node.lineno and bool(runs[-1][-1].level) == bool(
                node.level):
            runs[-1].append(node)
        else:
            runs.append([node])
    for run in reversed([r for r in runs if len(r) > 1]):
        key = sorted(run, key=lambda n: (-n.level, n.module or ""))
        if key != run:
            block = ["".join(lines[n.lineno - 1:n.end_lineno]) for n in key]
            lines[run[0].lineno - 1:run[-1].end_lineno] = block
    return "".join(lines)


def rewrite_names(text: str, docs: bool = False) -> str:
    """Dotted names and paths of moved modules, anywhere in the text (strings, comments, docs)."""
    text = DOTTED.sub(lambda m: f"companion.game.{ROOM_OF[m.group(1)]}.{m.group(1)}", text)
    text = PATH.sub(lambda m: f"game/{ROOM_OF[m.group(1)]}/{m.group(1)}.py", text)
    if docs:
        text = BARE_DOTTED.sub(lambda m: f"game.{ROOM_OF[m.group(1)]}.{m.group(1)}.", text)
    return text


def move_modules() -> None:
    for old, new in MOVES.items():
        source = ROOT.joinpath(*old.split(".")).with_suffix(".py")
        goal = ROOT.joinpath(*new.split(".")).with_suffix(".py")
        if source.exists() and not goal.exists():
            goal.parent.mkdir(exist_ok=True)
            subprocess.run(["git", "mv", str(source), str(goal)], cwd=ROOT, check=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if a file would change")
    parser.add_argument("--move", action="store_true", help="git mv the modules still at their old place first")
    args = parser.parse_args(argv)
    if args.move and not args.check:
        move_modules()
    layout = Layout()
    changed = []
    me = Path(__file__).resolve()
    docs = [p for name in DOCS for p in ([ROOT / name] if name.endswith(".md") else sorted((ROOT / name).rglob("*.md")))]
    for path in python_files() + docs:
        if path.resolve() == me or not path.exists():
            continue
        text = path.read_text()
        if path.suffix == ".py":
            new = rewrite_names(rewrite_imports(path, text, layout))
        else:
            new = rewrite_names(text, docs=True)
        if new != text:
            changed.append(path.relative_to(ROOT).as_posix())
            if not args.check:
                path.write_text(new)
    for name in changed:
        print(name)
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
