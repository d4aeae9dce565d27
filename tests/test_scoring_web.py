"""The score sheet in a game: pre-filled from the trackers, steppers, confirmation, the final score as an
event (undoable), exports, both languages. Through the Flask test client."""
from __future__ import annotations

import csv
import io
import json
import re

import pytest

from companion import create_app
from companion.db import get_db
from companion.events import load_events
from game_helpers import GameTable


@pytest.fixture()
def app(tmp_path):
    return create_app({"DATABASE": str(tmp_path / "score_web.db"), "TESTING": True, "SECRET_KEY": "test",
                       "WTF_CSRF_ENABLED": False})


class Table(GameTable):
    def __init__(self, app, scenario="full_conquest", mode="competitive",
                 players=(("Anna", "arythea", None), ("Ben", "tovak", None))):
        super().__init__(app, scenario, mode, players)

    @property
    def url(self):
        return f"/games/{self.id}/score"

    def cmd(self, command, **form):
        form.setdefault("based_on", self.seq())
        r = self.client.post(f"/games/{self.id}/do/{command}", data=form)
        assert r.status_code == 303, r.get_data(as_text=True)[:1500]

    def post(self, action, status=303, **form):
        form.setdefault("based_on", self.seq())
        r = self.client.post(f"{self.url}/{action}", data=form)
        assert r.status_code == status, r.get_data(as_text=True)[:2000]
        return r

    def step(self, player, field, amount):
        return self.post("set", player=player, field=field, amount=amount)

    def html(self, **headers):
        r = self.client.get(self.url, headers=headers)
        assert r.status_code == 200, r.get_data(as_text=True)[:2000]
        return r.get_data(as_text=True)

    def export(self):
        r = self.client.get(f"{self.url}.json")
        assert r.status_code == 200
        return json.loads(r.get_data(as_text=True))



def value_of(html, testid):
    m = re.search(rf'data-testid="{re.escape(testid)}".*?(?:<output class="stepper-value">([^<]*)</output>|'
                  rf'class="score-input"[^>]*value="([^"]*)")', html, re.S)
    assert m, testid
    return m.group(1) if m.group(1) is not None else m.group(2)


def test_sheet_is_prefilled_from_the_trackers(app):
    """Fame, crystals, shields, wounds and Units (with level and wounded) come from the game's trackers."""
    t = Table(app)
    t.cmd("fame", player=0, amount=20)
    t.cmd("crystal", player=0, color="red", amount=2)
    t.cmd("crystal", player=0, color="blue", amount=1)
    t.cmd("shield", player=0, site="keep", amount=1)
    t.cmd("shield", player=0, site="monastery", amount=1)
    t.cmd("shield", player=0, site="adventure", amount=2)
    t.cmd("wounds", player=1, amount=3)
    t.cmd("recruit", player=0, name="Guards", level=3, armor=5)
    uid = t.state()["players"][0]["units"][0]["uid"]
    t.cmd("unit", player=0, uid=uid, action="wound")
    html = t.html()
    assert value_of(html, "sheet-0-fame") == "20"
    assert value_of(html, "sheet-0-crystals") == "3"
    assert value_of(html, "sheet-0-fortified_shields") == "2"
    assert value_of(html, "sheet-0-adventure_shields") == "2"
    assert value_of(html, "sheet-0-wunit_3") == "1"
    assert value_of(html, "sheet-0-unit_3") == "0"
    assert value_of(html, "sheet-1-wounds") == "3"
    res = t.export()["result"]
    anna = res["players"][0]["categories"]
    # Scoring card: a wounded level 3 Unit counts half, rounded down = 1; 3 crystals = 1 point
    assert anna["leader"] == 1 and anna["loot"] == 1
    assert anna["conqueror"] == 4 and anna["adventurer"] == 4
    assert res["players"][1]["categories"]["beating"] == -6


def test_steppers_adjust_the_sheet_and_reject_negative_counts(app):
    t = Table(app)
    t.step(0, "spells", 1)
    t.step(0, "spells", 1)
    t.step(0, "spells", -1)
    t.step(1, "cities_led", 1)
    html = t.html()
    assert value_of(html, "sheet-0-spells") == "1"
    assert value_of(html, "sheet-1-cities_led") == "1"
    r = t.post("set", status=400, player=0, field="wounds", amount=-1)
    assert "cannot be negative" in r.get_data(as_text=True)
    t.post("set", status=400, player=0, field="keeps", amount=1)  # not a line of Full Conquest
    t.post("set", status=400, player=7, field="spells", amount=1)
    t.post("set", status=400, player=0, field="spells", amount="x")
    res = t.export()["result"]
    assert res["players"][0]["categories"]["knowledge"] == 2
    assert res["players"][1]["categories"]["cities"] == 7
    assert res["players"][1]["categories"]["greatest_city_conqueror"] == 5


def test_result_table_titles_ties_and_chart(app):
    """Scoring card ties: both players with one Spell tie for Greatest Knowledge (+1 each); nobody has Wounds
    (no Greatest Beating); the page says why."""
    t = Table(app)
    t.step(0, "spells", 1)
    t.step(1, "spells", 1)
    html = t.html()
    assert 'data-testid="score-table"' in html
    assert "tied at 2: +1 each" in html
    assert "Nobody has Wounds" in html
    assert re.search(r'<rect x="120" y="\d+" height="22" width="[\d.]+"', html)
    assert "style=" not in html
    assert "<script>" not in html


def test_final_requires_every_confirmation_records_event_and_can_be_undone(app):
    t = Table(app)
    t.cmd("fame", player=0, amount=10)
    r = t.post("final", status=400)
    assert "confirms their sheet first" in r.get_data(as_text=True)
    t.post("confirm", player=0, confirmed="1")
    t.post("confirm", player=1, confirmed="1")
    # a change to a player's sheet withdraws that player's confirmation
    t.step(1, "spells", 1)
    assert "1" not in t.state()["score"]["confirmed"]
    t.post("final", status=400)
    t.post("confirm", player=1, confirmed="1")
    t.post("final")
    st = t.state()
    assert st["finished"] is True
    assert st["score"]["final"]["result"]["winners"] == ["Anna"]
    assert "finished" in t.client.get("/").get_data(as_text=True)  # the start page lists it as finished
    html = t.html()
    assert 'data-testid="final-badge"' in html and 'data-testid="sheet-0"' not in html
    t.post("set", status=400, player=0, field="spells", amount=1)
    t.undo()
    assert t.state()["finished"] is False
    assert "finished" not in t.client.get("/").get_data(as_text=True)  # undo reopened it


def test_final_conflicts_when_a_tracker_changed_since_the_view(app):
    """The final score is based on what the players saw: a Fame change since then is a 409."""
    t = Table(app)
    t.post("confirm", player=0, confirmed="1")
    t.post("confirm", player=1, confirmed="1")
    seen = t.seq()
    t.cmd("fame", player=1, amount=5)
    t.post("final", status=409, based_on=seen)
    assert t.state()["finished"] is False


def test_solo_conquest_sheet_game_lines_and_dummy_deck(app):
    """Solo Conquest: Fame base, no titles, 10/city, +15 all, 30/round left, 1/Dummy card, +5 (Scenario Book)."""
    t = Table(app, scenario="solo_conquest", mode="solo", players=(("Solo", "goldyx", None),))
    t.cmd("fame", player=0, amount=40)
    t.step(0, "cities_led", 2)
    t.step("game", "dummy_deck", 5)
    t.post("set", player="game", field="end_of_round_announced", value="0")
    html = t.html()
    assert value_of(html, "sheet-game-rounds_left") == "5"  # round 1 of 6
    t.step("game", "rounds_left", -4)
    res = t.export()["result"]
    c = res["categories"]
    assert c["cities_conquered"] == 20 and c["all_cities"] == 15
    assert c["rounds_left"] == 30 and c["dummy_deck"] == 5 and c["end_of_round_not_announced"] == 5
    assert res["score"] == 40 + 20 + 15 + 30 + 5 + 5
    assert res["titles"] == []


def test_dummy_deck_prefilled_from_the_dummy_feature(app):
    """The Dummy feature keeps state["dummy"]["deck_count"]: the sheet starts from it."""
    from companion.game.scoring import sheet as scoring

    t = Table(app, scenario="solo_conquest", mode="solo", players=(("Solo", "goldyx", None),))
    st = t.state()
    st["dummy"] = {"deck_count": 11}
    _players, game = scoring.sheet_values(st)
    assert game["dummy_deck"] == 11
    del st["dummy"]
    assert scoring.sheet_values(st)[1]["dummy_deck"] == 0


def test_team_game_sheet_scores_teams(app):
    """Team Rules: base the lower Fame of the pair, best category, titles between teams."""
    t = Table(app, mode="team", players=(("A1", "arythea", "A"), ("B1", "tovak", "B"),
                                          ("A2", "goldyx", "A"), ("B2", "norowas", "B")))
    t.cmd("fame", player=0, amount=30)
    t.cmd("fame", player=2, amount=20)
    t.cmd("fame", player=1, amount=15)
    t.cmd("fame", player=3, amount=40)
    t.step(2, "spells", 2)
    res = t.export()["result"]
    teams = {x["team"]: x for x in res["teams"]}
    assert teams["A"]["categories"]["fame"] == 20 and teams["B"]["categories"]["fame"] == 15
    assert teams["A"]["categories"]["greatest_knowledge"] == 3
    assert res["winners"] == ["A"]
    assert "Team A" in t.html()


def test_csv_export_has_every_line_and_the_total(app):
    t = Table(app)
    t.step(0, "spells", 1)
    r = t.client.get(f"{t.url}.csv")
    assert r.status_code == 200 and r.mimetype == "text/csv"
    rows = list(csv.reader(io.StringIO(r.get_data(as_text=True))))
    assert rows[0][2:] == ["Anna", "Ben"]
    keys = [row[1] for row in rows]
    assert {"fame", "knowledge", "greatest_knowledge", "beating", "greatest_beating", "cities",
            "greatest_city_conqueror", "total"} <= set(keys)
    total = next(row for row in rows if row[1] == "total")
    assert total[2:] == ["5", "0"]  # Knowledge 2 + Greatest Knowledge 3


def test_german_sheet(app):
    t = Table(app)
    t.step(0, "spells", 1)
    t.client.post("/lang", data={"lang": "de"})
    html = t.html()
    assert "Wertungsbogen" in html
    assert "Größtes Wissen" in html
    assert "Verletzungen im Deck" in html
    assert "erzielte am meisten" in html


def test_htmx_request_gets_the_live_fragment(app):
    t = Table(app)
    html = t.html(**{"HX-Request": "true"})
    assert "<html" not in html and 'data-testid="result"' in html


def test_other_devices_cannot_see_the_sheet(app):
    t = Table(app)
    other = app.test_client()
    assert other.get(t.url).status_code == 403
    assert other.get(f"{t.url}.json").status_code == 403


def test_cooperation_sheet_one_score_and_variant_toggle(app):
    """Full Cooperation: one score, base the lowest Fame, best player per category; Variants: only the lowest
    achievement counts."""
    t = Table(app, scenario="full_cooperation", mode="coop")
    t.cmd("fame", player=0, amount=30)
    t.cmd("fame", player=1, amount=25)
    t.step(0, "spells", 2)
    t.step(0, "cities_led", 1)
    t.step(1, "cities_led", 1)
    res = t.export()["result"]
    assert res["categories"]["fame"] == 25 and res["categories"]["knowledge"] == 4
    assert res["categories"]["every_player_leads"] == 10
    # 2 players: "Core city tiles: 3 (one more than players)" -> not all conquered
    assert res["categories"]["all_cities"] == 0 and res["success"] is False
    t.post("set", player="game", field="lowest_counts", value="1")
    assert t.export()["result"]["categories"]["knowledge"] == 0
    html = t.html()
    assert "Score: " in html and 'data-testid="sheet-game-lowest_counts"' in html
    t.post("set", status=400, player="game", field="lowest_counts", value="maybe")


def test_conquer_and_hold_keeps_from_the_shield_tracker(app):
    """Conquer and Hold: owned keeps 3, mage towers 2 Victory points; the owned sites carry the player's Shield."""
    t = Table(app, scenario="conquer_and_hold")
    t.cmd("shield", player=0, site="keep", amount=2)
    t.cmd("shield", player=1, site="mage_tower", amount=3)
    html = t.html()
    assert value_of(html, "sheet-0-keeps") == "2"
    assert value_of(html, "sheet-1-mage_towers") == "3"
    assert 'data-testid="sheet-0-spells"' not in html
    res = t.export()["result"]
    assert [p["total"] for p in res["players"]] == [6, 6] and res["winners"] == []
    assert "no one is the winner" in html


def test_portal_scenario_toggle(app):
    """One to Return: whoever stands on the portal wins; no scoring, no chart."""
    t = Table(app, scenario="one_to_return")
    t.post("set", player=1, field="on_portal", value="1")
    res = t.export()["result"]
    assert res["winners"] == ["Ben"]
    html = t.html()
    assert "Ben wins: standing on the portal." in html
    assert 'data-testid="chart"' not in html


def test_action_upgrades_strength_on_the_sheet(app):
    """Variants, Action Upgrades: strength from the sheet; 3 per level above the lowest; weakest picks first."""
    t = Table(app)
    t.cmd("fame", player=0, amount=8)  # level 3 on the Fame track (3 and 8 are the first two lines)
    t.step(1, "spells", 1)
    from companion.game.scoring import sheet as scoring

    rows = scoring.strength_view(t.state())
    by = {r["name"]: r for r in rows}
    assert by["Anna"]["level"] == 3 and by["Ben"]["level"] == 1
    assert by["Anna"]["strength"] == 6 and by["Ben"]["strength"] == 2
    assert [r["name"] for r in rows] == ["Ben", "Anna"]
    assert 'data-testid="strength"' in t.html()


def test_end_of_round_prefilled_from_the_dummy_feature(app):
    """Solo Conquest: +5 "If the End of the Round was not announced yet in your last Round"; the Dummy feature
    keeps state["dummy"]["announced"] for the current Round."""
    from companion.game.scoring import sheet as scoring

    t = Table(app, scenario="solo_conquest", mode="solo", players=(("Solo", "goldyx", None),))
    st = t.state()
    assert scoring.sheet_values(st)[1]["end_of_round_announced"] is True  # unknown: no bonus
    st["dummy"] = {"deck_count": 3, "announced": False}
    assert scoring.sheet_values(st)[1]["end_of_round_announced"] is False
    assert scoring.build_sheet(st).end_of_round_announced is False


def test_german_page_shows_the_trace_in_german(app):
    """The "How it was counted" lines are the engine's T lines shown with |tr: German on a German phone
    (Accept-Language or the language chosen with POST /lang), English otherwise."""
    t = Table(app)
    t.step(0, "spells", 1)
    english = t.html()
    assert ("Anna: Scenario Book, Standard Achievements scoring, The Greatest Knowledge: 2 x 1 Spells + "
            "0 Advanced Actions = 2") in english
    german = t.html(**{"Accept-Language": "de"})
    assert ("Anna: Szenarioheft, Standard-Erfolgswertung, Das größte Wissen: 2 x 1 Zauber + "
            "0 Fortgeschrittene Aktionen = 2") in german
    assert "Szenarioheft, Vollständige Eroberung: die normale Wertung für Erfolge" in german
    assert "Scenario Book" not in german
    t.client.post("/lang", data={"lang": "de"})
    assert "Szenarioheft, Wertung: Wer den meisten Ruhm hat, gewinnt: Anna mit 5" in t.html()


def _final(t):
    for i in range(len(t.state()["players"])):
        t.post("confirm", player=i, confirmed="1")
    t.post("final")


def test_final_score_keeps_translatable_lines(app):
    """score.final is JSON: its explanation lines and title reasons are stored as {"msg", "args"} dicts, the
    German page still shows them in German, and the JSON export gives the English sentences."""
    t = Table(app)
    t.step(0, "spells", 1)
    t.cmd("wounds", player=0, amount=1)
    t.cmd("wounds", player=1, amount=1)
    preview = t.export()["result"]
    _final(t)
    with app.test_request_context():
        ev = [e for e in load_events(get_db(), t.id) if e.type == "score.final"][-1]
    stored = ev.payload["result"]
    assert all(isinstance(x, dict) and "msg" in x for x in stored["explanation"])
    beating = next(x for x in stored["titles"] if x["title"] == "greatest_beating")
    assert beating["reason"]["msg"] == "%(source)s, %(title)s: %(sides)s tied at %(value)d: -1 each"
    exported = t.export()
    assert exported["final"] is True
    assert exported["result"]["explanation"] == preview["explanation"]
    assert all(isinstance(x, str) for x in exported["result"]["explanation"])
    assert [x["reason"] for x in exported["result"]["titles"]] == [x["reason"] for x in preview["titles"]]
    german = t.html(**{"Accept-Language": "de"})
    assert 'data-testid="final-badge"' in german
    assert ("Anna: Szenarioheft, Standard-Erfolgswertung, Das größte Wissen: 2 x 1 Zauber + "
            "0 Fortgeschrittene Aktionen = 2") in german
    assert "Scenario Book" not in german
    assert "Anna: Scenario Book, Standard Achievements scoring, The Greatest Knowledge" in t.html()


def test_final_score_recorded_with_plain_lines_still_shows(app):
    """A score.final recorded before the lines were translatable (plain English strings) is shown as it is."""
    t = Table(app)
    _final(t)
    with app.test_request_context():
        db = get_db()
        ev = [e for e in load_events(db, t.id) if e.type == "score.final"][-1]
        payload = dict(ev.payload)
        payload["result"] = dict(payload["result"], explanation=["An old plain line"])
        db.execute("UPDATE events SET payload = ? WHERE game_id = ? AND seq = ?",
                   [json.dumps(payload), t.id, ev.seq])
        db.conn.commit()
    assert "An old plain line" in t.html(**{"Accept-Language": "de"})
    assert t.export()["result"]["explanation"] == ["An old plain line"]


@pytest.mark.parametrize("how", ["accept-language", "lang"])
def test_csv_export_in_the_device_language(app, how):
    """The CSV's headings, line names and result are in the requesting device's language; the key column keeps
    the English ids."""
    t = Table(app)
    t.step(0, "spells", 1)
    headers = {}
    if how == "lang":
        t.client.post("/lang", data={"lang": "de"})
    else:
        headers = {"Accept-Language": "de"}
    rows = list(csv.reader(io.StringIO(t.client.get(f"{t.url}.csv", headers=headers).get_data(as_text=True))))
    assert rows[0] == ["Zeile", "key", "Anna", "Ben"]
    by_key = {row[1]: row for row in rows}
    assert by_key["fame"][0] == "Ruhm" and by_key["greatest_knowledge"][0] == "Größtes Wissen"
    assert by_key["total"][0] == "Summe" and by_key["total"][2:] == ["5", "0"]
    assert by_key["result"][:2] == ["Ergebnis", "result"] and by_key["result"][2] == "Anna gewinnt mit 5."
    english = list(csv.reader(io.StringIO(app.test_client().get(
        f"{t.url}.csv", headers={"X-Game-Token": t.row()["token"], "Accept-Language": "en"}).get_data(as_text=True))))
    assert english[0][0] == "Line" and {r[1]: r[0] for r in english}["greatest_knowledge"] == "Greatest Knowledge"


def test_refused_sheet_reason_in_the_page_language(app):
    """One to Return: "Whoever stands on the portal space ... wins": only one hero can stand there. The engine's
    reason is shown in the device's language, on the page and when recording the final score is refused."""
    t = Table(app, scenario="one_to_return")
    t.post("set", player=0, field="on_portal", value="1")
    t.post("set", player=1, field="on_portal", value="1")
    assert "only one hero can stand on the portal" in t.html()
    german = t.html(**{"Accept-Language": "de"})
    assert "Nur ein Held kann auf dem Portalfeld stehen" in german
    assert "only one hero" not in german
    t.post("confirm", player=0, confirmed="1")
    t.post("confirm", player=1, confirmed="1")
    t.client.post("/lang", data={"lang": "de"})
    r = t.post("final", status=400)
    assert "Nur ein Held kann auf dem Portalfeld stehen" in r.get_data(as_text=True)
    assert t.state()["finished"] is False
