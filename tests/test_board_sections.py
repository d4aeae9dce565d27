"""Sections open by themselves when the game needs them: the units (recruiting) of this phone's own player, and
the shields a conquest just gave (Rulebook Combat Outcomes: a conquered keep gets a shield token)."""

import re

from tests.game_helpers import GameTable


def player_part(html: str, i: int) -> str:
    start = html.index(f'data-testid="player-{i}"')
    end = html.find('data-testid="player-', start + 10)
    return html[start:end if end > 0 else None]


def test_recruiting_and_a_conquests_shields_open_by_themselves(app):
    t = GameTable(app, "full_conquest", "competitive", [("Anna", "arythea"), ("Ben", "tovak")])

    def do(name, **data):
        r = t.client.post(f"/games/{t.id}/do/{name}", data={"based_on": t.seq(), **data})
        assert r.status_code == 303, r.get_data(as_text=True)

    html = t.client.get(f"/games/{t.id}").get_data(as_text=True)
    assert re.search(r'<details class="units"\s+open', player_part(html, 0))  # this phone is Anna's
    assert not re.search(r'<details class="units"\s+open', player_part(html, 1))
    assert '<details class="shields">' in player_part(html, 0)

    # a keep held by Guardsmen (Fortified: doubly fortified at a keep, the Ranged and Siege phase is skipped)
    do("combat_setup", player="0", fight="keep")
    do("combat_enemy_add", token="guardsmen")
    do("combat_phase")
    key = t.state()["combat"]["current"]["enemies"][0]["key"]
    do("combat_block", key=str(key), attack_index="0", value="3", element="physical")
    do("combat_phase")  # every attack blocked: on to the Attack phase
    do("combat_attack", target=str(key), value="7", element="physical", kind="melee")
    do("combat_end")
    html = t.client.get(f"/games/{t.id}").get_data(as_text=True)
    assert '<details class="shields" open>' in player_part(html, 0)
    # Guardsmen: Fame 3 (Rulebook End of the Turn 6: level 2 at 3 Fame, its reward at the end of the turn)
    note = re.search(r'data-testid="level-up-0">(.*?)</p>', player_part(html, 0), re.S)
    assert note and "Level 1 → 2 at the end of the turn" in note.group(1)
    assert 'data-testid="level-up-1"' not in html
    assert '<details class="shields">' in player_part(html, 1)
    do("fame", player="1", amount="1")  # the game moves on: the section no longer insists
    html = t.client.get(f"/games/{t.id}").get_data(as_text=True)
    assert '<details class="shields">' in player_part(html, 0)
    assert 'data-testid="level-up-0"' not in html
