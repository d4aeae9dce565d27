"""Undo asks before it takes back another player's entry (found by a first-evening walkthrough: Ben's phone took back
Cleo's Tactic with one tap and no question). The pages ask, naming whose entry it is, and offer "Yes, undo it"; the
JSON API needs ``"confirm": true`` (as ``next_round`` does). A phone's own entry, and the host's own, undoes at once;
the log says who undid whose entry."""

import re

from game_helpers import device_headers, join_phone, new_game, page_seq


def _table(app, client):
    gid = new_game(client, players=(("Anna", "arythea"), ("Ben", "tovak"), ("Cleo", "goldyx")))
    client.post(f"/games/{gid}/who", data={"player": "0"})  # the host is Anna
    return gid, join_phone(app, client, gid, "1"), join_phone(app, client, gid, "2")


def _events(client, gid):
    return len(client.get(f"/games/{gid}/log").get_data(as_text=True).split('data-testid="log-entry'))


def test_the_undo_button_asks_before_taking_back_another_players_entry(app, client):
    gid, ben, cleo = _table(app, client)
    cleo.post(f"/games/{gid}/do/crystal", data={"player": 2, "color": "white", "amount": 1})
    seq = page_seq(ben, gid)
    r = ben.post(f"/games/{gid}/undo", data={"based_on": seq})
    body = r.get_data(as_text=True)
    assert r.status_code == 400 and "It is Cleo&#39;s entry: take it back only if Cleo agrees." in body
    assert "Another player&#39;s entry" in body and 'data-testid="confirm-anyway"' in body
    assert "Yes, undo it" in body and page_seq(ben, gid) == seq  # nothing taken back yet
    # the question's button sends the same form again, answered
    form = re.search(r'<form method="post" action="([^"]+)"[^>]*class="confirm-anyway">(.*?)</form>', body, re.S)
    fields = dict(re.findall(r'name="([^"]+)" value="([^"]*)"', form.group(2)))
    assert form.group(1) == f"/games/{gid}/undo" and fields["confirm"] == "yes"
    assert ben.post(form.group(1), data=fields).status_code == 303
    log = client.get(f"/games/{gid}/log").get_data(as_text=True)
    assert "Undone, Cleo&#39;s entry: Cleo" in log  # who undid (the log's "by Ben") whose entry


def test_a_phones_own_entry_and_the_hosts_own_undo_at_once(app, client):
    gid, ben, _cleo = _table(app, client)
    ben.post(f"/games/{gid}/do/crystal", data={"player": 1, "color": "red", "amount": 1})
    assert ben.post(f"/games/{gid}/undo", data={"based_on": page_seq(ben, gid)}).status_code == 303
    client.post(f"/games/{gid}/do/fame", data={"player": 0, "amount": 2})
    assert client.post(f"/games/{gid}/undo", data={"based_on": page_seq(client, gid)}).status_code == 303
    assert "Undone: " in client.get(f"/games/{gid}/log").get_data(as_text=True)


def test_the_log_pages_undo_of_an_entry_asks_too_and_the_host_is_asked(app, client):
    gid, ben, _cleo = _table(app, client)
    ben.post(f"/games/{gid}/do/crystal", data={"player": 1, "color": "red", "amount": 1})
    r = client.post(f"/games/{gid}/undo/1", data={})
    assert r.status_code == 400 and "It is Ben&#39;s entry" in r.get_data(as_text=True)
    assert client.post(f"/games/{gid}/undo/1", data={"confirm": "yes"}).status_code == 303


def test_the_json_api_needs_confirm_to_undo_another_players_entry(app, client):
    gid, _ben, cleo = _table(app, client)
    cleo.post(f"/games/{gid}/do/crystal", data={"player": 2, "color": "white", "amount": 1})
    h = device_headers(app, gid, player=1)  # Ben's device
    for path in ("undo", "undo/1"):
        r = client.post(f"/api/v1/games/{gid}/{path}", json={}, headers=h)
        assert r.status_code == 400 and r.get_json()["needs_confirm"] is True
        assert "Cleo's entry" in r.get_json()["error"]
    r = client.post(f"/api/v1/games/{gid}/undo", json={"confirm": True}, headers=h)
    assert r.status_code == 201 and r.get_json()["state"]["players"][2]["crystals"]["white"] == 0


def test_an_undo_takes_back_only_the_entry_it_asked_about(app, client):
    """The question names one entry: if another phone records a newer one before the undo is written (no
    ``based_on`` sent), that is a conflict, and the newer entry is never taken back unasked (found by a review)."""
    import pytest

    from companion import events as ev
    from companion.db import get_db

    gid, ben, cleo = _table(app, client)
    cleo.post(f"/games/{gid}/do/crystal", data={"player": 2, "color": "white", "amount": 1})
    asked = page_seq(ben, gid)  # the entry Ben's page asked about: Cleo's crystal
    ben.post(f"/games/{gid}/do/crystal", data={"player": 1, "color": "red", "amount": 1})  # newer, meanwhile
    with app.app_context():
        with pytest.raises(ev.Conflict):
            ev.undo_or_redo(get_db(), gid, "undo", based_on=None, device=None, expect=asked)
    assert page_seq(client, gid) == asked + 1  # nothing recorded


def test_a_confirm_that_is_no_yes_or_no_is_a_400_with_the_reason(app, client):
    gid, ben, cleo = _table(app, client)
    cleo.post(f"/games/{gid}/do/crystal", data={"player": 2, "color": "white", "amount": 1})
    r = ben.post(f"/games/{gid}/undo", data={"confirm": "maybe"})
    assert r.status_code == 400 and "confirm" in r.get_data(as_text=True).lower()
    assert page_seq(ben, gid) == page_seq(client, gid)
