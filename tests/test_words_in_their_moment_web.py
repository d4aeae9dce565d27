"""Words that depend on a moment go when the moment passes (found by a first-evening walkthrough: Mage Lite's
level-up instruction stayed on the page through later turns and into the next Round)."""

import re

import pytest

from companion import create_app


@pytest.fixture()
def client(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "moment.db"), "TESTING": True, "SECRET_KEY": "test",
                      "WTF_CSRF_ENABLED": False})
    return app.test_client()


def mage_lite(client):
    r = client.post("/mage-lite", data={"name_0": "Sam", "difficulty": "normal"})
    assert r.status_code == 303
    return int(re.search(r"/games/(\d+)/mage-lite", r.headers["Location"]).group(1))


def do(client, gid, cmd, **form):
    r = client.post(f"/games/{gid}/do/{cmd}", data=dict(form, next=f"/games/{gid}/mage-lite"))
    assert r.status_code == 303, re.sub(r"\s+", " ", r.get_data(as_text=True))[-1200:]


def shows_level_up(client, gid):
    return 'data-testid="ml-level-ups"' in client.get(f"/games/{gid}/mage-lite").get_data(as_text=True)


def test_the_mage_lite_level_up_goes_after_the_turn_its_cards_are_drawn_for(client):
    """Seed 004, GAINING ADVANCED ACTIONS: "When you gain an advanced action, wait until you have drawn up your cards
    for your next turn to gain it." The instruction shows on the turn of the level-up and on the next one (its new
    hand); once that turn is over it is gone."""
    gid = mage_lite(client)
    do(client, gid, "mage_lite_fame", amount="4")  # level 2: a Skill and an Advanced Action
    assert shows_level_up(client, gid)
    do(client, gid, "mage_lite_turn", color="red")
    assert shows_level_up(client, gid)  # the next turn: its cards drawn, the Advanced Action chosen now
    do(client, gid, "mage_lite_turn", color="red")
    assert not shows_level_up(client, gid)


def test_the_mage_lite_level_up_on_a_rounds_last_turn_lasts_through_the_next_rounds_first_turn_only(client):
    """Seed 004, GAINING ADVANCED ACTIONS (as above): gained on the last turn of a Round, the next turn is the next
    Round's first (a Round's end is no turn); after it the instruction is gone, in Round 2 as in any later one."""
    gid = mage_lite(client)
    do(client, gid, "mage_lite_turn", color="red")
    do(client, gid, "mage_lite_fame", amount="4")
    do(client, gid, "mage_lite_turn", color="red")
    do(client, gid, "mage_lite_round_end")
    assert shows_level_up(client, gid)
    do(client, gid, "mage_lite_turn", color="red")
    assert not shows_level_up(client, gid)
    do(client, gid, "mage_lite_turn", color="red")
    do(client, gid, "mage_lite_round_end")
    assert not shows_level_up(client, gid)


def test_great_start_is_a_reminder_on_its_holders_first_turn_only(client):
    """rules_data/tactics.yaml, Great Start (Day Tactic 5): "When you take this Tactic: draw 2 cards." Its moment is
    the taking: the reminder shows on its holder's first turn of the Round, not on their later turns. Planning's
    ("At the end of your turn ...") stays on every turn."""
    from game_helpers import new_game, page_seq

    def do(name, **form):
        form.setdefault("based_on", page_seq(client, gid))
        r = client.post(f"/games/{gid}/do/{name}", data=form)
        assert r.status_code == 303, r.get_data(as_text=True)[:1500]

    def reminder():
        m = re.search(r'data-testid="tactic-reminder">(.*?)</p>', client.get(f"/games/{gid}").get_data(as_text=True),
                      re.S)
        return m and " ".join(m.group(1).split())

    gid = new_game(client, players=(("Anna", "arythea"), ("Ben", "tovak")))
    client.post(f"/games/{gid}/who", data={"role": "host", "player": "0"})
    do("round_tactic", player="1", tactic="planning")  # Rulebook, A Round 3a: Ben (last in order) picks first
    do("round_tactic", player="0", tactic="great_start")  # the Round order: Ben (4), Anna (5)
    assert reminder().startswith("Planning: At the end of your turn")
    do("round_end_turn", player="1")
    assert reminder() == "Great Start: When you take this Tactic: draw 2 cards."  # Anna's first turn
    do("round_end_turn", player="0")
    assert reminder().startswith("Planning: At the end of your turn")  # Ben's again: Planning stays
    do("round_end_turn", player="1")
    assert reminder() is None  # Anna's second turn: Great Start's moment is past
