"""The game layer: what each feature of a game *does*, independent of HTTP.

Three floors:

``companion.rules``  pure game maths (the rulebook): no state, no Flask, no database.
``companion.game``   (this package) each feature's commands, reducers and page queries over the folded state:
                     a command validates plain input against the current state and returns a ``Command`` (the
                     event's type, payload, log sentence and scope) or raises ``Invalid`` with a translatable
                     reason; a reducer applies a stored event to the state; a query answers what a page shows
                     and what can be done now. No Flask, no database, no request.
``companion.web``    adapters: parse the form or JSON through one strict parsing layer (``companion.game.spine.fields``),
                     call the game layer, record the event, render. No reducer and no rule decision there.

``load_all()`` imports every module of the package, so that every reducer and command is registered (the fold and
the command registry need all of them); the app factory and ``LocalGame`` call it. ``companion.game.spine.local.LocalGame`` drives a whole game in memory, through the
same commands and the same fold, for tests and for checking an import before anything is written.
"""

from __future__ import annotations

import importlib
import pkgutil


def load_all() -> None:
    """Import every module of the game layer (registers its reducers and commands)."""
    for info in sorted(pkgutil.walk_packages(__path__, prefix=__name__ + "."), key=lambda m: m.name):
        importlib.import_module(info.name)

