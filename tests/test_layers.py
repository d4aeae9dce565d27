"""The floors of docs/architecture.md hold: import-linter's contracts in pyproject.toml (rules -> game -> event log
-> web -> command line; no web framework or database below the web; no import cycle inside a floor), checked on
every test run. Function-local imports count: they cannot hide a cycle."""

from __future__ import annotations

import ast
from pathlib import Path

from importlinter.cli import lint_imports

REPO = Path(__file__).resolve().parent.parent

# The function-local imports left in the web layer ("module.py:line"), each with its reason (none today): a new
# one must say why here.
WEB_LOCAL_IMPORTS: dict[str, str] = {}


def test_import_contracts_are_kept(monkeypatch, capsys):
    monkeypatch.chdir(REPO)  # import-linter reads ./pyproject.toml
    code = lint_imports(no_cache=True, no_logo=True)
    out = capsys.readouterr().out
    assert code == 0, out
    assert "5 kept, 0 broken" in out


def test_the_web_layer_imports_at_the_top_of_its_modules():
    """Imports inside functions were the glue of an import circle; the web layer has none left (or each is listed
    in ``WEB_LOCAL_IMPORTS`` with its reason)."""
    found = {}
    for path in sorted((REPO / "companion" / "web").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                for inner in ast.walk(node):
                    if isinstance(inner, (ast.Import, ast.ImportFrom)):
                        found[f"{path.name}:{inner.lineno}"] = ast.unparse(inner)
    assert set(found) <= set(WEB_LOCAL_IMPORTS), found


def test_the_shims_of_earlier_layouts_are_gone():
    for name in ("commands.py", "trackers.py"):
        assert not (REPO / "companion" / name).exists(), name
    import companion.rules.combat as combat

    assert not hasattr(combat, "resolve_block") and not hasattr(combat, "combat_outcome")
