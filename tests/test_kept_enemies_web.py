"""Typed enemies kept per game, on a phone and through the API (seed 004 "ENEMIES": "the Enemy
card's stats are not in the text"): typed once on the combat set-up, added in one tap in the next fight, corrected
and forgotten from the combat page, and kept through an export and an import."""

from __future__ import annotations

from game_driver import Table
from import_helpers import exported, import_file, imported_id
from test_combat_flow import client, new_solo_game, post, state  # noqa: F401  (fixture)

ORC = {"name": "Orc with poison", "armor": "5", "attack": "3", "attack_element": "physical", "ability": "poison",
       "fame": "3", "color": "green"}


def test_typed_once_then_one_tap_then_corrected_and_forgotten(client):  # noqa: F811
    """004: "the Orc with 5 defense, 3 attack and Poison" - typed once (the box "keep it" is ticked by default),
    offered as one button in the next fight's set-up."""
    gid = new_solo_game(client)
    html = client.get(f"/games/{gid}/combat").get_data(as_text=True)
    assert 'data-testid="kept-enemies"' in html  # the kept enemies are managed on the combat page
    post(client, gid, "/combat/setup", {"player": "0", "fight": "rampaging"})
    html = client.get(f"/games/{gid}/combat").get_data(as_text=True)
    assert 'name="keep" value="yes" checked' in html
    post(client, gid, "/combat/enemy", {**ORC, "keep": "yes"})
    post(client, gid, "/combat/cancel")
    post(client, gid, "/combat/setup", {"player": "0", "fight": "rampaging"})
    html = client.get(f"/games/{gid}/combat").get_data(as_text=True)
    assert 'data-testid="kept-k1"' in html and "Orc with poison" in html
    # a fight without a site is against rampaging enemies: the box is ticked for the one tap (Reputation +1 for orcs)
    assert 'value="yes" checked data-testid="kept-add-rampaging"' in html
    post(client, gid, "/combat/enemy", {"kept": "k1"})
    e = state(client, gid)["combat"]["current"]["enemies"][0]
    assert (e["armor"], e["abilities"], e["fame"]) == (5, ["poison"], 3)
    post(client, gid, "/combat/cancel")
    # corrected for the rest of the game, then forgotten (the shared /do/<command> route, back to the combat page)
    post(client, gid, "/do/enemy_keep", {**ORC, "id": "k1", "armor": "6", "next": f"/games/{gid}/combat"})
    assert state(client, gid)["kept_enemies"]["k1"]["armor"] == 6
    post(client, gid, "/do/enemy_forget", {"id": "k1", "next": f"/games/{gid}/combat"})
    assert state(client, gid)["kept_enemies"] == {}
    resp = post(client, gid, "/do/enemy_forget", {"id": "k1"}, status=400)
    assert "keeps no such enemy" in resp.get_data(as_text=True)


def test_kept_enemies_through_the_api_and_an_export(client):  # noqa: F811
    t = Table(client.application, client, {"scenario": "solo_conquest", "mode": "solo", "name_0": "Anna",
                                           "hero_0": "arythea"})
    gid = t.id
    assert t.command("enemy_keep", {"name": "Draconum", "armor": 7, "attack": 5, "attack_element": "fire",
                                    "fame": 6, "resistance": ["fire"]}) == 201
    assert t.command("enemy_keep", {"name": "Ghost", "armor": 0, "attack": 1}) == 400
    kept = t.game()["state"]["kept_enemies"]
    assert kept["k1"]["resistances"] == ["fire"]
    new = imported_id(import_file(client, exported(client, gid)))
    assert state(client, new)["kept_enemies"] == state(client, gid)["kept_enemies"]
    assert 'data-testid="kept-manage-k1"' in client.get(f"/games/{new}/combat").get_data(as_text=True)
