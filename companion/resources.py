"""Where the app's own files are: ``templates/``, ``static/``, ``rules_data/`` and ``translations/``.

In a checkout (and an editable install) they are the repository's top-level folders, the layout of the developers'
guide. A built wheel carries them inside the package (``companion/templates``, ...): pyproject.toml maps each folder
into the package at build time. ``folder(name)`` is the one place that knows both; nothing is ever written there
(compiled translations and the hashed static copies go to a cache folder, see ``cache_dir``)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
NAMES = ("templates", "static", "rules_data", "translations")


def folder(name: str) -> Path:
    """The folder ``name`` (one of ``NAMES``): inside the installed package, else beside it in the checkout."""
    if name not in NAMES:
        raise ValueError(f"unknown resource folder {name!r}")
    inside = PACKAGE / name
    return inside if inside.is_dir() else PACKAGE.parent / name


def cache_dir() -> Path:
    """A per-user folder for files the app derives at start-up (never the package's folder nor the working
    directory): ``$XDG_CACHE_HOME`` (else ``~/.cache``; ``%LOCALAPPDATA%`` on Windows) / mage-knight-companion."""
    if sys.platform == "win32" and os.environ.get("LOCALAPPDATA"):
        base = os.environ["LOCALAPPDATA"]
    else:
        base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "mage-knight-companion"


TEMPLATES = folder("templates")
STATIC = folder("static")
RULES_DATA = folder("rules_data")
TRANSLATIONS = folder("translations")
