"""The event-log spine: what every feature of the game layer stands on, and what knows no feature.

``command`` (the command registry, ``run`` with its guards and checks, ``apply``: the dry run), ``invalid`` (the
refusal every module raises), ``fields`` (the one parsing layer of forms, commands, JSON APIs and imports),
``safejson`` (the one JSON reader), ``payloads`` (each event type's payload check, run by commands and imports alike)
with ``payload_schemas`` (the payloads of undo and of the events of the features that are no package of their own:
``command`` imports it), ``sentences`` (log sentences, rendered in each phone's language), ``undo`` (what one entry
may be taken back alone), ``replay`` and ``journal`` (an import's strict replay), ``exchange`` (a game's export and
the checks an import passes) and ``local`` (a game held in memory). A feature package (``combat``, ``flow``, ...)
imports from here; the spine imports no feature, with one exception that ``pyproject.toml`` declares: ``exchange``
checks an imported game's set-up with ``flow.setup``'s ``validate_setup``, the check a new game passes.
"""
