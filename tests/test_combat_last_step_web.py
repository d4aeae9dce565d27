"""The result of a combat tap where it was tapped (a first-time table's walkthrough: a failed block changed nothing in
view, the attack's result was only at the top of the page): right after the attack form, and in the block row that
was blocked, the step as the combat's list says it, with the enemies it hit (Rulebook, Block phase 7: a block is all
or nothing, one too small has no effect; Ranged and Siege phase 5: enough Attack defeats the targets)."""

from __future__ import annotations

import re

from test_combat_flow import client, key_of, new_solo_game, post, state  # noqa: F401  (fixture)


def last_steps(html: str) -> list[str]:
    return [re.sub(r"\s+", " ", re.sub(r"<details.*?</details>|<[^>]+>", " ", m, flags=re.S)).strip()
            for m in re.findall(r'data-testid="last-step">(.*?)</div>', html, re.S)]


def test_a_failed_block_says_so_in_its_row_and_an_attack_after_the_attack_form(client):  # noqa: F811
    gid = new_solo_game(client)
    post(client, gid, "/combat/setup", {"player": "0", "fight": "rampaging"})
    post(client, gid, "/combat/enemy", {"token": "prowlers"})
    post(client, gid, "/combat/enemy", {"token": "diggers"})
    post(client, gid, "/combat/phase")
    st = state(client, gid)
    prowlers, diggers = key_of(st, "prowlers"), key_of(st, "diggers")
    assert last_steps(client.get(f"/games/{gid}/combat").get_data(as_text=True)) == []  # nothing played yet
    post(client, gid, "/combat/attack", {"target": str(prowlers), "value": "3", "element": "physical",
                                         "kind": "ranged"})
    html = client.get(f"/games/{gid}/combat").get_data(as_text=True)
    assert last_steps(html) == ["Prowlers: Attack 3 against Armor 3: defeated"]
    assert html.index('data-testid="attack-form"') < html.index('data-testid="last-step"')
    post(client, gid, "/combat/phase")
    html = client.get(f"/games/{gid}/combat").get_data(as_text=True)
    assert last_steps(html) == []  # the Ranged phase's attack is not the Block phase's step
    # Diggers: Attack 3; a Block of 2 has no effect
    post(client, gid, "/combat/block", {"key": str(diggers), "attack_index": "0", "value": "2",
                                        "element": "physical"})
    html = client.get(f"/games/{gid}/combat").get_data(as_text=True)
    assert last_steps(html) == ["Block 2 of 3: no effect"]
    row = html[html.index(f'data-testid="block-{diggers}-0"'):]
    assert row.index('data-testid="last-step"') < row.index("</section>")  # in the Diggers' row


def test_a_tapped_token_says_how_many_of_it_the_fight_has_on_its_own_button(client):  # noqa: F811
    """The list of enemies is at the top of the page; the piles are below it: the tapped button itself says ×N."""
    gid = new_solo_game(client)
    post(client, gid, "/combat/setup", {"player": "0", "fight": "rampaging"})
    for _ in range(2):
        post(client, gid, "/combat/enemy", {"token": "prowlers"})
    post(client, gid, "/combat/enemy", {"token": "diggers"})
    html = client.get(f"/games/{gid}/combat").get_data(as_text=True)
    button = re.search(r'<button[^>]*data-testid="quick-prowlers">(.*?)</button>', html, re.S).group(1)
    assert re.search(r'data-testid="in-fight-prowlers">×2<', button)
    assert re.search(r'data-testid="in-fight-diggers">×1<', html)
    assert 'data-testid="in-fight-cursed_hags"' not in html  # not in this fight: no count


def test_move_points_spent_on_a_cumbersome_attack_still_lower_it_at_the_next_block(client):  # noqa: F811
    """Quick reference, Cumbersome: "for each Move point spent, the attack is reduced by 1 for the rest of the turn".
    Orc Stonethrowers, Attack 7: a Block of 3 with 2 Move points has no effect (7 - 2 = 5 > 3); the next Block of that
    attack needs 5, not 7 - as the block row shows the attack (found by a walkthrough: the row said 5, the check 7).
    With 1 more Move point, a Block of 4 blocks it (7 - 3 = 4)."""
    gid = new_solo_game(client)
    post(client, gid, "/combat/setup", {"player": "0", "fight": "rampaging"})
    post(client, gid, "/combat/enemy", {"token": "orc_stonethrowers"})
    post(client, gid, "/combat/phase")
    post(client, gid, "/combat/phase")
    key = str(key_of(state(client, gid), "orc_stonethrowers"))
    post(client, gid, "/combat/block", {"key": key, "attack_index": "0", "value": "3", "element": "physical",
                                        "move_points": "2"})
    html = client.get(f"/games/{gid}/combat").get_data(as_text=True)
    assert re.search(r"Attack 5\s+physical", html)
    check = client.post(f"/games/{gid}/combat/check", data={"check": "block", "key": key, "attack_index": "0",
                                                            "value": "4", "element": "physical"}).get_data(as_text=True)
    assert "Block 4 of 5: need 1 more." in check
    post(client, gid, "/combat/block", {"key": key, "attack_index": "0", "value": "4", "element": "physical",
                                        "move_points": "1"})
    enemy = state(client, gid)["combat"]["current"]["enemies"][0]
    assert enemy["blocked"] == [0] and enemy["move_points"] == {"0": 3}
    assert last_steps(client.get(f"/games/{gid}/combat").get_data(as_text=True)) == ["Block 4 of 4: blocked"]
