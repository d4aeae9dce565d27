"""The floors of docs/architecture.md hold: import-linter's contracts in pyproject.toml (rules -> game -> event log
-> web -> command line; no web framework or database below the web; no import cycle inside a floor), checked on
every test run. Function-local imports count: they cannot hide a cycle."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from importlinter.cli import lint_imports

REPO = Path(__file__).resolve().parent.parent

# The function-local imports left in the package (module path: the function), each with its reason: a new one must
# say why here.
LOCAL_IMPORTS: dict[str, str] = {
    "companion/__init__.py:create_app": "every lower module loads the companion package first and must not load Flask, "
                                        "the web layer or the solvers with it",
}


def test_import_contracts_are_kept(monkeypatch, capsys):
    monkeypatch.chdir(REPO)  # import-linter reads ./pyproject.toml
    code = lint_imports(no_cache=True, no_logo=True)
    out = capsys.readouterr().out
    assert code == 0, out
    assert "7 kept, 0 broken" in out


def test_every_module_imports_at_the_top():
    """Imports inside functions were the glue of import circles (web/common <-> web/games <-> web/undo; the game
    floor's scenario rules, Round flow and payload checks); none is left but the app factory's (each listed in
    ``LOCAL_IMPORTS`` with its reason)."""
    found = {}
    for path in sorted((REPO / "companion").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for inner in ast.walk(node):
                    if isinstance(inner, (ast.Import, ast.ImportFrom)):
                        found.setdefault(f"{path.relative_to(REPO).as_posix()}:{node.name}", ast.unparse(inner))
    assert set(found) <= set(LOCAL_IMPORTS), found


def test_the_shims_of_earlier_layouts_are_gone():
    for name in ("commands.py", "trackers.py"):
        assert not (REPO / "companion" / name).exists(), name
    import companion.rules.combat.enemies as combat

    assert not hasattr(combat, "resolve_block") and not hasattr(combat, "combat_outcome")


def test_the_game_layer_is_rooms_only():
    """companion/game/ holds its rooms (the event-log spine, the Round flow and the feature packages: pyproject.toml's
    layers contract lists each) and no module beside them: the modules that moved into spine/ and flow/ left no
    re-exporting copy at their old place."""
    game = REPO / "companion" / "game"
    assert sorted(p.name for p in game.glob("*.py")) == ["__init__.py"]
    assert {"spine", "flow"} <= {p.parent.name for p in game.glob("*/__init__.py")}


def test_the_rules_are_rooms_like_the_game_layer():
    """companion/rules/ holds one package per feature (combat, Mage Lite, Runewars, Player versus Player, beside the
    rules data, the Dummy player and scoring; pyproject.toml's rules' rooms contract lists each) and at most four
    cross-cutting modules at its root; the modules that moved into the packages left no copy at their old place, and
    the new packages name nothing themselves (a name imported from one is read by tools/move_imports.py as the old
    module's)."""
    rules = REPO / "companion" / "rules"
    loose = sorted(p.name for p in rules.glob("*.py") if p.name != "__init__.py")
    assert len(loose) <= 4, f"companion/rules/ holds {loose} at its root: a feature's module goes into its package"
    assert {"text.py", "progression.py"} <= set(loose)
    rooms = {p.parent.name for p in rules.glob("*/__init__.py")}
    assert rooms == {"combat", "data", "dummy", "mage_lite", "pvp", "runewars", "scoring"}
    for room in ("combat", "mage_lite", "pvp", "runewars"):
        tree = ast.parse((rules / room / "__init__.py").read_text())
        assert len(tree.body) == 1 and isinstance(tree.body[0], ast.Expr), room  # the docstring only


def test_no_import_names_an_old_home_of_the_game_layer():
    """Every import (and every dotted name or path in the code and the docs) names the modules' homes in spine/ and
    flow/ and in the rules' rooms: ``tools/move_imports.py --check`` finds nothing to rewrite (after a merge of code
    written against the old layout, run it without ``--check``)."""
    run = subprocess.run([sys.executable, str(REPO / "tools" / "move_imports.py"), "--check"], cwd=REPO,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, "tools/move_imports.py would rewrite:\n" + run.stdout + run.stderr
