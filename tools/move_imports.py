"""Point every import at the modules' new homes: the game layer's event-log spine in ``companion/game/spine/`` and
Round flow in ``companion/game/flow/`` (docs/architecture.md, "companion/game/ - the game layer"); the rules' rooms
``companion/rules/combat/``, ``mage_lite/``, ``runewars/`` and ``pvp/`` (docs/architecture.md, "companion/rules/").

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
Four rules modules gave their name to the package that now holds them (``companion.rules.combat`` was combat.py and
is the package rules/combat/). The new packages' ``__init__.py`` name nothing but their docstring, so a name imported
from one of them (``from companion.rules.combat import Enemy``, ``from companion.rules import runewars as rw``) is read
as the old module's and pointed at its new home (``from companion.rules.combat.enemies import Enemy``,
``from companion.rules.runewars import core as rw``), while a module of the package (``from companion.rules.combat
import damage``) is left as written. combat.py was then split in two (the enemy and its site; a player's attack):
``SPLIT`` says which of its names went to the second module (imported from the old module or from its first
new home, ``companion.rules.combat.enemies``). In prose, name such a package by its path
(``rules/combat/``): a dotted ``companion.rules.combat`` alone is read as the old module.
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
RULES = "companion.rules"
# Each loose rules module and its home (module names relative to companion.rules).
RULES_MOVES = {
    "combat": "combat.enemies", "combat_block": "combat.block", "combat_outcomes": "combat.outcomes",
    "combat_plan": "combat.plan", "combat_reference": "combat.reference", "damage": "combat.damage",
    "odds": "combat.odds", "budget": "combat.budget",
    "mage_lite": "mage_lite.dummy", "mage_lite_game": "mage_lite.game", "mage_lite_combat": "mage_lite.combat",
    "runewars": "runewars.core",
    "pvp": "pvp.fight",
}
# The names of a moved module that a later split took to another module of its package.
SPLIT = {
    f"{RULES}.combat": {name: f"{RULES}.combat.attack"
                        for name in ("AttackResult", "split_efficiency", "attack_total", "resolve_attack")},
}
MOVES = {f"{GAME}.{name}": f"{GAME}.{room}.{name}" for room, names in ROOMS.items() for name in names}
MOVES.update({f"{RULES}.{old}": f"{RULES}.{new}" for old, new in RULES_MOVES.items()})
MOVED_FROM = {new: old for old, new in MOVES.items()}
ROOM_OF = {name: room for room, names in ROOMS.items() for name in names}
PACKAGES = {m for m in MOVES if any(new.startswith(m + ".") for new in MOVES.values())}  # old module, new package
CODE = ("companion", "tests", "benchmarks", "vulture_whitelist.py")
DOCS = ("README.md", "docs")
MAX_LINE = 120

_NAMES = "|".join(sorted(ROOM_OF, key=len, reverse=True))
DOTTED = re.compile(rf"\bcompanion\.game\.({_NAMES})\b")
PATH = re.compile(rf"(?<!\w)game/({_NAMES})\.py\b")
BARE_DOTTED = re.compile(rf"(?<![\w.])game\.({_NAMES})\.(?=\w)")  # `game.command.run` in the docs
_RULES_NAMES = "|".join(sorted(RULES_MOVES, key=len, reverse=True))
# ``companion.rules.x``, or a bare ``rules.x`` quoted in backticks (a docstring, the docs): bare in code it may be a
# variable's attribute (``rules.mage_lite`` is the rules data's Mage Lite part)
RULES_DOTTED = re.compile(rf"\b(companion\.rules|(?<=`)rules)\.({_RULES_NAMES})\b(?:\.(\w+))?")
RULES_PATH = re.compile(rf"(?<![\w.])rules/({_RULES_NAMES})\.py\b")


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
            module = module_of(path)
            self.names[module if path.name == "__init__.py" else new_home(module)] = _top_level_names(tree)
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


def _home_of_name(target: str, a: ast.alias, layout: Layout) -> tuple[str, str]:
    """Where ``from target import a`` finds ``a`` in the new layout: (module, the alias as written there)."""
    moved = MOVES.get(f"{target}.{a.name}")
    if moved:  # a moved module imported by name (``from companion.rules import pvp``)
        module, _, name = moved.rpartition(".")
        return module, _alias(a) if name == a.name else f"{name} as {a.asname or a.name}"
    if target in PACKAGES and layout.is_module(f"{target}.{a.name}"):  # a module of the new package
        return target, _alias(a)
    split = SPLIT.get(MOVED_FROM.get(target, target), {})  # from the old module or from its first new home
    return split.get(a.name) or new_home(target), _alias(a)


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
    is_package = path.name == "__init__.py"
    origin = module_of(path) if is_package else MOVED_FROM.get(module_of(path), module_of(path))  # where written
    home = module_of(path) if is_package else new_home(origin)
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
                target = absolute(node.level, node.module, here_before) or target  # written before the move
            if target is None:
                continue
        else:
            target = node.module or ""
        if not (target == "companion" or target.startswith("companion.")):
            continue
        groups: dict[str, list[str]] = {}
        for a in node.names:
            module, alias = _home_of_name(target, a, layout)
            groups.setdefault(module, []).append(alias)
        specs = {m: (relative(m, here_now) if node.level else m) for m in groups}
        written = "." * node.level + (node.module or "")
        if list(specs.values()) == [written]:
            continue
        first, last = node.lineno - 1, node.end_lineno - 1
        if len(groups) == 1 and next(iter(groups.values())) == [_alias(a) for a in node.names]:
            spec = next(iter(specs.values()))
            head = re.compile(rf"(\bfrom\s+){re.escape(written)}(\s+import\b)")
            new, count = head.subn(lambda m: m.group(1) + spec + m.group(2), lines[first], count=1)
            new += _realigned(lines, first, last, len(spec) - len(written))
            if count and max(len(line) for line in new.splitlines()) <= MAX_LINE:
                edits.append((first, last, new))
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


def rewrite_names(text: str, layout: Layout, docs: bool = False) -> str:
    """Dotted names and paths of moved modules, anywhere in the text (strings, comments, docs)."""
    text = DOTTED.sub(lambda m: f"companion.game.{ROOM_OF[m.group(1)]}.{m.group(1)}", text)
    text = PATH.sub(lambda m: f"game/{ROOM_OF[m.group(1)]}/{m.group(1)}.py", text)
    if docs:
        text = BARE_DOTTED.sub(lambda m: f"game.{ROOM_OF[m.group(1)]}.{m.group(1)}.", text)
    text = RULES_DOTTED.sub(lambda m: _rules_dotted(m, layout), text)
    return RULES_PATH.sub(lambda m: f"rules/{RULES_MOVES[m.group(1)].replace('.', '/')}.py", text)


def _rules_dotted(m: re.Match, layout: Layout) -> str:
    """``companion.rules.combat_plan`` -> ``companion.rules.combat.plan``; ``rules.combat.Enemy`` -> ``rules.combat.
    enemies.Enemy``; a module of a new package (``companion.rules.combat.damage``) is left as written. A bare
    ``rules.x`` (no ``companion.``) only with a name after it: ``rules.odds`` alone is the web pages' endpoint."""
    prefix, name, attribute = m.groups()
    old = f"{RULES}.{name}"
    if attribute is None and (prefix == "rules" or old in PACKAGES and re.match(r"\s+import\b", m.string[m.end():])):
        return m.group(0)  # ``from companion.rules.runewars import core``: the package, as rewrite_imports left it
    if attribute is not None and old in PACKAGES and layout.is_module(f"{old}.{attribute}"):
        return m.group(0)
    new = SPLIT.get(old, {}).get(attribute or "") or MOVES[old]
    return prefix + new[len(RULES):] + (f".{attribute}" if attribute is not None else "")


def move_modules() -> None:
    for old, new in MOVES.items():
        source = ROOT.joinpath(*old.split(".")).with_suffix(".py")
        goal = ROOT.joinpath(*new.split(".")).with_suffix(".py")
        if source.exists() and not goal.exists():
            goal.parent.mkdir(exist_ok=True)
            subprocess.run(["git", "mv", str(source), str(goal)], cwd=ROOT, check=True)
            init = goal.parent / "__init__.py"
            if not init.exists():
                init.write_text(f'"""{goal.parent.relative_to(ROOT).as_posix()}/ (tools/move_imports.py made it)."""\n')
                subprocess.run(["git", "add", str(init)], cwd=ROOT, check=True)


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
            new = rewrite_names(rewrite_imports(path, text, layout), layout)
        else:
            new = rewrite_names(text, layout, docs=True)
        if new != text:
            changed.append(path.relative_to(ROOT).as_posix())
            if not args.check:
                path.write_text(new)
    for name in changed:
        print(name)
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
