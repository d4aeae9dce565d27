"""The procedures a Mage Knight table looks up (rules_data/procedures.yaml) for every template: ``procedure_data(id)``
gives one to templates/procedures/_macros.html, which shows it where its question arises (the board when a Round
begins and where a turn ends, a Unit's Heal, the combat outcome, the level-up) as one line that opens. The rules
reference shows them all (companion/web/rules.py, /rules/procedures). No rule decision here."""
from __future__ import annotations

from flask import Blueprint

from companion.rules.data import get_rules

bp = Blueprint("procedures", __name__)


@bp.app_template_global("procedure_data")
def procedure_data(pid: str):
    """The procedure with this id (a KeyError for an id the data does not hold: the loader requires each one the
    templates name, companion/rules/data/procedures.py PROCEDURE_IDS)."""
    return get_rules().procedures[pid]
