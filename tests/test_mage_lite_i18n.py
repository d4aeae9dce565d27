"""Mage Lite's pages (seed 004) show only their own language: the new-game page and the game's page in every state
(Dummy counter, level-ups, the red side of the Reputation card, items, crystals, sites, both verdicts), in English
and in German (Mage Knight's German terms: Ruhm, Ansehen, Einfluss, Handkartenlimit, Befehlsplättchen)."""

import re

import pytest

from test_english_pages_complete import other_language
from test_german_pages_complete import visible


def _do(client, gid, cmd, **form):
    r = client.post(f"/games/{gid}/do/{cmd}", data=form)
    assert r.status_code == 303, re.sub(r"\s+", " ", r.get_data(as_text=True))[-600:]


def mage_lite_pages(client):
    yield "new", client.get("/mage-lite/new").get_data(as_text=True)
    r = client.post("/mage-lite", data={"name_0": "Anna", "difficulty": "hard", "start": "night",
                                        "variant": ["main_expansion", "crystals"]})
    gid = int(re.search(r"/games/(\d+)/", r.headers["Location"]).group(1))
    page = f"/games/{gid}/mage-lite"
    yield "fresh", client.get(page).get_data(as_text=True)
    _do(client, gid, "mage_lite_turn", color="blue")
    _do(client, gid, "mage_lite_turn", color="blue")
    _do(client, gid, "mage_lite_fame", amount="9")
    _do(client, gid, "mage_lite_reputation", reason="burn_monastery")
    _do(client, gid, "mage_lite_item", action="gain", kind="unit", name="Peasants")
    _do(client, gid, "mage_lite_item", action="use", id="i1")
    _do(client, gid, "mage_lite_crystal", color="red", delta="2")
    _do(client, gid, "mage_lite_site", name="Dungeon")
    _do(client, gid, "mage_lite_city", color="red", defeated="2")
    _do(client, gid, "mage_lite_position", keeps="1", near="both")
    # interacting, healing, Forced Withdrawal (seed 004 "Interacting with Locals", "HEALING", "End of Turn" 1)
    _do(client, gid, "mage_lite_interact", site="city_red", influence="11", artifact="1")  # -1 +2: 12
    _do(client, gid, "mage_lite_heal", amount="2")
    _do(client, gid, "mage_lite_withdraw", spaces="1")
    yield "in play", client.get(page).get_data(as_text=True)
    yield "rules", client.get("/rules/mage-lite").get_data(as_text=True)
    yield "log", client.get(f"/games/{gid}/log").get_data(as_text=True)
    _do(client, gid, "mage_lite_city", color="white")
    yield "won", client.get(page).get_data(as_text=True)
    client.post(f"/games/{gid}/undo", data={})
    for _ in range(5):
        _do(client, gid, "mage_lite_round_end", confirm="yes")
    yield "lost", client.get(page).get_data(as_text=True)
    r = client.post("/mage-lite", data={"name_0": "", "difficulty": "normal"})
    yield "refused", r.get_data(as_text=True)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_mage_lite_pages_show_only_their_own_language(client, lang):
    client.post("/lang", data={"lang": lang})
    found, seen = other_language(lang, mage_lite_pages(client))
    assert seen == 8
    assert found == {}


def test_german_uses_the_rulebook_terms(client):
    client.post("/lang", data={"lang": "de"})
    pages = dict(mage_lite_pages(client))
    shown = visible(pages["in play"], "en")
    for term in ("Ruhm", "Ansehen", "Einfluss", "Handkartenlimit", "Befehlsplättchen", "Runde 1 von 5", "Nacht"):
        assert term in shown, term
    assert "Gewonnen: Beide Städte sind erobert." in visible(pages["won"], "en")
    assert "Verloren: Die letzte Runde ist ohne beide Städte vorbei." in visible(pages["lost"], "en")
