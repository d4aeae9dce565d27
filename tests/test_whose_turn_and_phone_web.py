"""A new table's first evening without a stumble, through the Flask test client: a Round is not skipped
by one tap (``next_round`` refused naming who, unless confirmed); a phone that has not said who it is changes
nothing; the top bar names the phone's player; a player taken by another phone is asked first."""

import re

from game_helpers import device_headers, join_phone, new_game, page_seq
from test_turn_flow_web import _current, _state, _three


def test_next_round_mid_round_is_refused_naming_who_and_move_on_anyway_goes_through(app, client):
    """Rulebook, End of the Round: the Round ends after the announcement and everybody's last turn. On Ben's phone,
    during someone's turn, "Next round" is refused naming who still plays, with "Move on anyway" beside the reason
    (the same form, confirmed); the page's refusal works without JavaScript (the board again, the reason after the
    form)."""
    gid = _three(app, client)
    ben = join_phone(app, client, gid, "1")
    s = _state(client, gid)
    now = s["players"][_current(s)]["name"]
    seq = page_seq(ben, gid)
    r = ben.post(f"/games/{gid}/do/next_round", data={"based_on": seq, "next": f"/games/{gid}"},
                 headers={"Referer": f"http://localhost/games/{gid}"})
    html = r.get_data(as_text=True)
    assert r.status_code == 400
    assert re.search(rf"Round 1 is not over, still to play: {now}, ", html)
    form = re.search(r'<form method="post" action="(/games/\d+/do/next_round)"[^>]*class="confirm-anyway">(.*?)</form>',
                     html, re.S)
    assert form and "Move on anyway" in form.group(2) and 'name="confirm" value="yes"' in form.group(2)
    assert 'data-testid="refusal"' in html  # the board again, the reason beside the form
    assert _state(client, gid)["round"] == 1
    fields = dict(re.findall(r'name="(\w+)" value="([^"]*)"', form.group(2)))
    assert ben.post(form.group(1), data=fields).status_code == 303
    assert _state(client, gid)["round"] == 2


def test_next_round_through_the_api_needs_confirm_true(app, client):
    gid = _three(app, client)
    headers = device_headers(app, gid, player=1)
    r = client.post(f"/api/v1/games/{gid}/commands/next_round", json={}, headers=headers)
    assert r.status_code == 400 and r.get_json()["needs_confirm"] is True
    assert "still to play" in r.get_json()["error"]
    r = client.post(f"/api/v1/games/{gid}/commands/next_round", json={"confirm": True}, headers=headers)
    assert r.status_code == 201 and r.get_json()["state"]["round"] == 2


def test_the_top_bar_names_this_phones_player_and_taps_to_change(app, client):
    gid = new_game(client)
    assert re.search(r'data-testid="top-me"[^>]*><span>Host</span>', client.get(f"/games/{gid}").get_data(as_text=True))
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    link = re.search(r'data-testid="join-url">([^<]+)<', html).group(1)
    phone = app.test_client()
    phone.get(link[link.index("/join/"):])
    html = phone.get(f"/games/{gid}").get_data(as_text=True)
    assert re.search(rf'class="topbar-me unchosen" href="/games/{gid}/who" data-testid="top-me"[^>]*><span>Who are '
                     r'you\?</span>', html)
    phone.post(f"/games/{gid}/who", data={"player": "1"})
    for path in ("", "/log", "/combat", "/score", "/invite", "/who"):
        html = phone.get(f"/games/{gid}{path}").get_data(as_text=True)
        assert re.search(r'data-testid="top-me"[^>]*><span>Ben</span>', html), path


def test_a_player_taken_by_another_phone_is_marked_and_asked_first(app, client):
    gid = new_game(client)
    client.post(f"/games/{gid}/who", data={"player": "0"})  # the host is Anna
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    link = re.search(r'data-testid="join-url">([^<]+)<', html).group(1)
    phone = app.test_client()
    phone.get(link[link.index("/join/"):])
    who = phone.get(f"/games/{gid}/who").get_data(as_text=True)
    assert re.search(r'data-testid="who-0"[^>]*>Anna · taken by another phone<', who)
    assert re.search(r'data-testid="who-1"[^>]*>Ben<', who)
    r = phone.post(f"/games/{gid}/who", data={"player": "0"})  # a mis-tap on Anna: asked, nothing chosen
    assert r.status_code == 303 and r.headers["Location"] == f"/games/{gid}/who?confirm=0"
    ask = phone.get(r.headers["Location"]).get_data(as_text=True)  # a page of its own: a live update keeps it
    assert "Anna is already chosen on another phone" in ask
    assert 'name="confirm" value="yes"' in ask and 'data-testid="who-confirm-no"' in ask
    assert 'data-testid="unchosen"' not in ask and 'data-testid="undo"' not in ask
    assert "already chosen" not in phone.get(f"/games/{gid}/who?confirm=1").get_data(as_text=True)  # Ben: free
    assert phone.post(f"/games/{gid}/do/fame", data={"player": 0, "amount": 1}).status_code == 403
    assert phone.post(f"/games/{gid}/who", data={"player": "1"}).status_code == 303  # Ben: free, no question
    assert re.search(r'data-testid="top-me"[^>]*><span>Ben</span>', phone.get(f"/games/{gid}").get_data(as_text=True))
    # a second phone for Anna, confirmed (a phone swapped at the table)
    other = app.test_client()
    other.get(link[link.index("/join/"):])
    assert other.post(f"/games/{gid}/who", data={"player": "0", "confirm": "yes"}).status_code == 303
    assert other.post(f"/games/{gid}/do/fame", data={"player": 0, "amount": 1}).status_code == 303


def test_who_page_answers_a_live_update_with_its_live_part_only(app, client):
    """The "Who are you?" page went empty after an undo (and threw page-update errors on every phone on it): a live
    update received a whole document to morph into the live part. It receives the live part alone now."""
    gid = new_game(client)
    frag = client.get(f"/games/{gid}/who", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert "<html" not in frag and "<head" not in frag and "Who are you?" in frag and 'data-live-seq' in frag


def test_another_players_phone_watches_a_fight_and_is_refused_the_host_plays_it_for_the_fighter(app, client):
    """README: only the phone whose turn it is (or the host's) plays that turn - a combat too. Cleo's phone during
    Ben's fight: a line saying whose fight it is, no controls, every step refused (403 with the reason); Ben's phone
    plays it; the host's step is logged "by the host for Ben"."""
    gid = new_game(client, players=(("Anna", "arythea"), ("Ben", "tovak"), ("Cleo", "goldyx")))
    ben, cleo = join_phone(app, client, gid, "1"), join_phone(app, client, gid, "2")
    assert cleo.post(f"/games/{gid}/combat/setup", data={"player": 1, "fight": "keep"}).status_code == 403
    assert ben.post(f"/games/{gid}/combat/setup", data={"player": 1, "fight": "keep"}).status_code == 303
    assert ben.post(f"/games/{gid}/combat/enemy", data={"token": "prowlers"}).status_code == 303
    html = cleo.get(f"/games/{gid}/combat").get_data(as_text=True)
    assert 'class="combat fight-watch"' in html
    assert re.search(r'data-testid="fight-watch">Ben(&#39;|\')s fight: it is played on Ben(&#39;|\')s phone', html)
    mine = ben.get(f"/games/{gid}/combat").get_data(as_text=True)
    assert 'data-testid="fight-watch"' not in mine
    # no controls: not even the shells of the forms (the piles' headings, the card of the cancel button)
    assert "Add enemies" in mine and 'data-testid="quick-pile-green"' in mine and "combat-foot" in mine
    assert "Add enemies" not in html and 'data-testid="quick-pile-green"' not in html and "combat-foot" not in html
    for path in ("combat/phase", "combat/cancel", "combat/enemy", "combat/end"):
        r = cleo.post(f"/games/{gid}/{path}", data={"token": "prowlers"})
        assert r.status_code == 403 and re.search(r"only Ben(&#39;|')s phone \(or the host\) can play it",
                                                  r.get_data(as_text=True)), path
    r = cleo.post(f"/api/v1/games/{gid}/commands/combat_phase", json={}, headers=device_headers(app, gid, player=2))
    assert r.status_code == 403 and "It is Ben's fight" in r.get_json()["error"]
    assert client.post(f"/games/{gid}/combat/phase", data={}).status_code == 303  # the host, for Ben
    assert "(by the host for Ben)" in client.get(f"/games/{gid}/log").get_data(as_text=True)


def test_a_pvp_outcome_is_recorded_by_either_fighter_or_the_host_only(app, client):
    """Player versus Player: Cleo's phone may not record Anna's and Ben's fight (403 naming them); Ben's phone gets
    past that check (the fight itself is not over: 400)."""
    gid = new_game(client, players=(("Anna", "arythea"), ("Ben", "tovak"), ("Cleo", "goldyx")))
    ben, cleo = join_phone(app, client, gid, "1"), join_phone(app, client, gid, "2")
    data = {"a": "0", "d": "1", "log": '[{"pass": true}]'}
    r = cleo.post(f"/games/{gid}/pvp/end", data=data)
    assert r.status_code == 403 and "This fight is between Anna and Ben" in r.get_data(as_text=True)
    r = ben.post(f"/games/{gid}/pvp/end", data=data)
    assert r.status_code == 400 and "not over yet" in r.get_data(as_text=True)
