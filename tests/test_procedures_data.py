"""The procedures a Mage Knight table looks up (rules_data/procedures.yaml): each step in the Rulebook's words
(seed 000) and the German Regelheft's (seed 002), with its page and section; the loader refuses bad data."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from companion.rules.data import RulesDataError, get_rules, load_rules
from companion.rules.data.procedures import PROCEDURE_IDS

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "rules_data" / "procedures.yaml"


@pytest.fixture(scope="module")
def procedures():
    return get_rules().procedures


def _broken(tmp_path, change) -> str:
    doc = yaml.safe_load(SRC.read_text(encoding="utf-8"))
    change(doc)
    (tmp_path / "procedures.yaml").write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    with pytest.raises(RulesDataError) as exc:
        load_rules(tmp_path)
    return str(exc.value)


def _proc(doc, pid):
    return next(p for p in doc["procedures"] if p["id"] == pid)


def test_every_procedure_the_app_shows_is_there_with_sources(procedures):
    """Rulebook p. 1: 'When playing, have the last page of this book within reach': the app holds the look-ups."""
    assert set(PROCEDURE_IDS) <= set(procedures)
    assert get_rules().sources["procedures.yaml"]
    for p in procedures.values():
        assert p.steps and 1 <= p.page <= 24 and p.section and p.section_de


def test_preparing_a_round_in_the_rulebooks_order(procedures):
    """Rulebook 'One Round of the Game' 2: 'a. Flip the Day/Night Board ... b. Reset the Source – Reroll all mana
    dice in the Source ... c. Create a new Unit offer ... equal to the number of actual players plus 2'."""
    p = procedures["round_preparation"]
    assert [s.ref for s in p.steps][:3] == ["2a", "2b", "2c"]
    assert "Night" in p.steps[0].text and "Nacht" in p.steps[0].text_de
    unit = p.step("unit_offer")
    assert "actual players plus 2" in unit.text and "alternate dealing Elite (gold) and Regular" in unit.text
    assert (p.page, p.section_de) == (4, "Eine Spielrunde (Tag oder Nacht)")


def test_healing_costs_the_units_level_and_one_per_wound(procedures):
    """Rulebook 'Wounds and Healing' 3c: 'To heal a Wounded Unit, you have to pay Healing points equal to the level
    of the Unit'; 'Use one Healing point to throw away a Wound card from hand'; 3d: 'except during combat'."""
    texts = " ".join(s.text for s in procedures["healing"].steps)
    assert "equal to the level of the Unit" in texts and "one Healing point to throw away a Wound card" in texts
    assert "except during combat" in texts


def test_a_step_may_stand_in_another_section(procedures):
    """Rulebook 'Wounds and Healing' 3 (p. 11): 'Players can Heal during their turn, even when Resting.'"""
    last = procedures["resting"].steps[-1]
    assert (last.page, last.section, last.section_de) == (11, "Wounds and Healing", "Verletzungen und Heilung")
    assert procedures["resting"].steps[0].page == 6


def test_german_is_complete_and_uses_the_regelhefts_terms(procedures):
    """Regelheft (seed 002): 'Normale Rast', 'Langsame Erholung', 'Erzwungener Rückzug', 'sicherer Platz'."""
    for p in procedures.values():
        assert p.title_de.strip() and all(s.text_de.strip() and s.text_de != s.text for s in p.steps), p.id
    german = " ".join(s.text_de for p in procedures.values() for s in p.steps)
    for term in ("Normale Rast", "Langsame Erholung", "Erzwungener Rückzug", "sicheren Platz", "Heilungspunkte",
                 "Handkartenlimit", "Befehlsplättchen", "Fähigkeitenangebot"):
        assert term in german, term


@pytest.mark.parametrize("change, message", [
    (lambda d: d.pop("sources"), "procedures.yaml: -: sources: missing"),
    (lambda d: d["procedures"].remove(_proc(d, "healing")), "procedures.yaml: healing: id: missing"),
    (lambda d: _proc(d, "resting").update(page=99), "procedures.yaml: resting: page: must be at most 24"),
    (lambda d: _proc(d, "resting").pop("title_de"), "procedures.yaml: resting: title_de: missing"),
    (lambda d: _proc(d, "resting").update(steps=[]), "procedures.yaml: resting: steps: must be a non-empty list"),
    (lambda d: _proc(d, "resting")["steps"][0].update(text_de=_proc(d, "resting")["steps"][0]["text"]),
     "procedures.yaml: resting.steps.#1: text_de: the German text is the English one"),
    (lambda d: _proc(d, "resting")["steps"][0].pop("text_de"), "procedures.yaml: resting.steps.#1: text_de: missing"),
    (lambda d: _proc(d, "resting")["steps"][0].update(ref="seven"), "procedures.yaml: resting.steps.#1: ref:"),
    (lambda d: _proc(d, "resting")["steps"][0].update(sourse="x"), "procedures.yaml: resting.steps.#1: sourse: "
                                                                    "unknown field"),
    (lambda d: _proc(d, "resting")["steps"][0].update(section="Rest"),
     "procedures.yaml: resting.steps.#1: section_de: a step's own section needs both languages"),
    (lambda d: d["procedures"].append(dict(_proc(d, "resting"))), "procedures.yaml: resting: id: duplicate id"),
])
def test_bad_data_is_refused_naming_file_entry_and_field(tmp_path, change, message):
    """Every rules-data file is validated when it is loaded: a broken edit fails at start-up, not in a game."""
    assert _broken(tmp_path, change).startswith(message)


def test_the_file_alone_loads(tmp_path):
    shutil.copy(SRC, tmp_path / "procedures.yaml")
    assert set(load_rules(tmp_path).procedures) >= set(PROCEDURE_IDS)


def test_the_rules_api_serves_the_procedures(client):
    """Rulebook 'Wounds and Healing' 3c (p. 11): the step with the app's own number (a Unit's Healing cost)."""
    body = client.get("/api/v1/rules/procedures").get_json()["procedures"]
    healing = next(p for p in body if p["id"] == "healing")
    assert (healing["page"], healing["section"], healing["section_de"]) == (11, "Wounds and Healing",
                                                                         "Verletzungen und Heilung")
    unit = next(s for s in healing["steps"] if s["id"] == "unit")
    assert unit["ref"] == "3c" and "equal to the level of the Unit" in unit["text"]
