"""Combat's commands are registered in the game layer, so the shared ``/do/<name>`` route runs them with
the same checks as the combat page's own routes (Rulebook "Combat with Enemies": the phases in order)."""

from __future__ import annotations

from test_combat_flow import client, new_solo_game, post, state  # noqa: F401  (fixture)


def test_combat_commands_through_the_shared_do_route(client):  # noqa: F811
    """Rulebook "Combat with Enemies" 3: the enemies are revealed, then the Ranged and Siege phase begins; a block
    belongs to the Block phase and is refused before it with the reason, nothing recorded."""
    gid = new_solo_game(client)
    post(client, gid, "/do/combat_setup", {"player": "0", "fight": "keep", "next": f"/games/{gid}/combat"})
    post(client, gid, "/do/combat_enemy_add", {"token": "swordsmen"})
    post(client, gid, "/do/combat_phase")
    cur = state(client, gid)["combat"]["current"]
    assert cur["phase"] == "ranged_siege" and [e["token"] for e in cur["enemies"]] == ["swordsmen"]
    resp = post(client, gid, "/do/combat_block", {"key": "1", "value": "3"}, status=400)
    assert "not possible in the" in resp.get_data(as_text=True)
    resp = post(client, gid, "/combat/attack", {"target": "1", "value": "1.9", "kind": "siege"}, status=400)
    assert "whole number" in resp.get_data(as_text=True)
    assert state(client, gid)["combat"]["current"]["actions"] == []
