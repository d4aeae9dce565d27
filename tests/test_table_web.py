"""The table screen through the Flask test client: read-only (no form, no CSRF token, no POST), private to the
devices that joined, live (its poll answers 204 until the log or the typed draft changes), the running total a
phone types shown on it, and the board of a player's phone with its own player first."""

import re

import pytest

from companion import create_app
from companion.web import table as table_web
from game_helpers import GameTable, join_phone

PLAYERS = (("Anna", "arythea"), ("Ben", "tovak"), ("Cleo", "goldyx"))


@pytest.fixture()
def app(tmp_path):
    return create_app({"DATABASE": str(tmp_path / "table_web.db"), "TESTING": True, "SECRET_KEY": "test",
                       "WTF_CSRF_ENABLED": False})


class Table(GameTable):
    def __init__(self, app, scenario="full_conquest", mode="competitive", players=PLAYERS):
        super().__init__(app, scenario, mode, players)

    def do(self, name, **form):
        form.setdefault("based_on", self.seq())
        r = self.client.post(f"/games/{self.id}/do/{name}", data=form)
        assert r.status_code == 303, r.get_data(as_text=True)[:2000]

    def screen(self, client=None):
        r = (client or self.client).get(f"/games/{self.id}/table")
        assert r.status_code == 200
        return r.get_data(as_text=True)


def text(html, testid):
    m = re.search(rf'data-testid="{testid}"[^>]*>(.*?)</(?:p|dd|div|h2)>', html, re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", m.group(1)).split()) if m else None


def test_the_table_screen_is_read_only_and_private(app):
    t = Table(app)
    html = t.screen()
    assert "<form" not in html and "csrf" not in html.lower() and "hx-post" not in html and "<button" not in html
    assert t.client.post(f"/games/{t.id}/table").status_code == 405
    assert t.client.post(f"/games/{t.id}/table/poll").status_code == 405
    stranger = app.test_client()
    assert stranger.get(f"/games/{t.id}/table").status_code == 403
    assert stranger.get(f"/games/{t.id}/table/poll?seq=0&d=0").status_code == 403
    assert app.test_client().get("/games/999/table").status_code == 404
    # the Invite page of every joined device links to it
    invite = t.client.get(f"/games/{t.id}/invite").get_data(as_text=True)
    assert f'href="/games/{t.id}/table" data-testid="table-screen-link"' in invite


def test_whose_turn_and_the_round_on_the_screen(app):
    """Rulebook, A Round 3a and 3c: Cleo picks first (everybody at Fame 0, the last in the order); then the Round
    order by the Tactic numbers."""
    t = Table(app)
    html = t.screen()
    assert text(html, "table-who") == "Cleo" and "Choosing Tactics" in html
    assert text(html, "table-cities") == "0 of 3" and text(html, "table-rounds-left") == "5 Rounds left after this one"
    t.do("round_tactic", player="2", tactic="early_bird")
    t.do("round_tactic", player="1", tactic="planning")
    t.do("round_tactic", player="0", tactic="great_start")
    t.do("fame", player="1", amount="3")
    html = t.screen()
    assert text(html, "table-who") == "Cleo" and "Now playing" in html
    assert text(html, "table-fame-1") == "3" and text(html, "table-level-1") == "2"
    log = re.search(r'data-testid="table-log">(.*?)</ol>', html, re.S).group(1)
    assert log.count("<li>") == 4 and "Ben gains 3 Fame: level 1 → 2" in log  # the newest four, newest last
    assert log.rstrip().endswith("</li>") and "early_bird" not in log


def test_the_poll_answers_204_until_the_log_or_the_draft_changes(app):
    t = Table(app)
    seq = t.seq()
    poll = f"/games/{t.id}/table/poll"
    assert t.client.get(f"{poll}?seq={seq}&d=0").status_code == 204
    r = t.client.get(f"{poll}?seq={seq - 1}&d=0")
    assert r.status_code == 200 and r.headers["HX-Trigger"] == "gameChanged"
    assert f'data-seq="{seq}"' in r.get_data(as_text=True)


def test_a_running_total_typed_on_a_phone_shows_on_the_screen_until_something_is_recorded(app):
    """Rulebook, Ranged and Siege phase: the Prowlers (Armor 3) need an attack of 3; typed 2: "need 1 more". The
    typing phone's running total (POST /combat/check) is kept as the game's draft, never an event."""
    t = Table(app)
    ben = join_phone(app, t.client, t.id, "1")
    t.do("combat_setup", player="1", fight="rampaging")
    t.do("combat_enemy_add", token="prowlers")
    t.do("combat_phase")
    seq = t.seq()
    key = re.search(r'name="target" value="(\d+)"', ben.get(f"/games/{t.id}/combat").get_data(as_text=True)).group(1)
    form = {"check": "attack", "target": key, "value": "2", "element": "physical", "kind": "ranged",
            "csrf_token": "secret", "nonce": "n1", "based_on": str(seq)}
    assert ben.post(f"/games/{t.id}/combat/check", data=form).status_code == 200
    assert t.seq() == seq  # nothing recorded
    html = t.screen()
    assert text(html, "table-draft-total") == "Attack 2 of 3" and "Ben is typing" in html and "need 1 more" in html
    stored = table_web._drafts[t.id]["fields"]
    assert "csrf_token" not in stored and "nonce" not in stored and stored["value"] == ["2"]
    version = table_web._drafts[t.id]["v"]
    poll = f"/games/{t.id}/table/poll"
    assert t.client.get(f"{poll}?seq={seq}&d={version}").status_code == 204
    assert t.client.get(f"{poll}?seq={seq}&d=0").status_code == 200  # the screen has not shown it yet
    # once anything is recorded the draft is gone: the step was played, or the game moved on
    t.do("combat_attack", target=key, value="3", element="physical", kind="ranged")
    html = t.screen()
    assert 'data-testid="table-draft"' not in html
    assert '<li class="defeated">Prowlers · Armor 3 · Attack 4 · defeated</li>' in html


def test_a_phone_sees_its_own_player_first_and_the_others_as_one_line(app):
    """A player's phone shows its own player open and first, the others one line each (Fame,
    level, Reputation, Wounds, whose turn) that opens on a tap; the host and a watcher see every player as before."""
    t = Table(app)
    t.do("round_tactic", player="2", tactic="early_bird")
    t.do("round_tactic", player="1", tactic="planning")
    t.do("round_tactic", player="0", tactic="great_start")
    t.do("wounds", player="2", amount="2")
    ben = join_phone(app, t.client, t.id, "1")
    html = ben.get(f"/games/{t.id}").get_data(as_text=True)
    order = re.findall(r'data-testid="player-(\d)"', html)
    assert order == ["1", "0", "2"]
    assert re.search(r'<section class="card player me" data-testid="player-1">', html)
    assert '<details class="card player player-line" data-testid="player-0">' in html
    line = text(html.replace("</summary>", "</div>"), "player-line-2")
    assert line.startswith("Cleo · Fame 0 · Level 1 · Reputation 0 · 2 Wounds") and "now playing" in line
    host = t.client.get(f"/games/{t.id}").get_data(as_text=True)
    assert re.findall(r'data-testid="player-(\d)"', host) == ["0", "1", "2"] and "player-line" not in host
    watcher = join_phone(app, t.client, t.id, "watch")
    assert "player-line" not in watcher.get(f"/games/{t.id}").get_data(as_text=True)


def test_the_table_screen_in_german(app):
    t = Table(app)
    t.client.post("/lang", data={"lang": "de"})
    html = t.screen()
    assert "Wahl der Taktiken" in html and "Danach noch 5 Runden" in html and "Städte erobert" in html


def test_a_runewars_game_shows_its_battle(app):
    """Runewars, Rounds of Combat: initiative 1, the attacker draws first."""
    t = Table(app)
    client = app.test_client()
    r = client.post("/runewars", data={"name_0": "Elf", "name_1": "Uthuk"})
    gid = int(re.search(r"/games/(\d+)/who", r.headers["Location"]).group(1))
    for owner, name, ini in (("0", "Archer", "1"), ("1", "Beastman", "2")):
        assert client.post(f"/games/{gid}/do/runewars_unit_type", data={
            "owner": owner, "name": name, "initiative": ini, "shape": "triangle", "health": "1"}).status_code == 303
    html = client.get(f"/games/{gid}/table").get_data(as_text=True)
    assert "No battle under way" in html
    types = re.findall(r'name="count_(t\d+)"', client.get(f"/games/{gid}/runewars").get_data(as_text=True))
    assert client.post(f"/games/{gid}/do/runewars_battle_start", data={
        "attacker": "0", "defender": "1", **{f"count_{ty}": "2" for ty in types}}).status_code == 303
    html = client.get(f"/games/{gid}/table").get_data(as_text=True)
    assert "Initiative 1 of 5" in html and text(html, "table-rw-side-attacker").startswith("Attacker: Elf")
    assert t.id != gid
