"""A refused form without JavaScript comes back as the page it was on, the reason right after that form (focused
on load, role=alert) and what was typed back in the fields; still a 4xx, nothing recorded
(companion/web/refusal.py)."""

import re

from tests.game_helpers import new_game, seq_of


def crystal(client, gid, referer, **extra):
    data = {"player": "1", "color": "white", "amount": "1", "based_on": str(seq_of(client, gid)), **extra}
    return client.post(f"/games/{gid}/do/crystal", data=data, headers={"Referer": referer} if referer else {})


def test_the_board_comes_back_with_the_reason_after_the_form_that_was_sent(client):
    gid = new_game(client)
    for _ in range(3):
        assert crystal(client, gid, None).status_code == 303
    resp = crystal(client, gid, f"http://localhost/games/{gid}")
    html = resp.get_data(as_text=True)
    assert resp.status_code == 400
    assert html.count('data-testid="refusal"') == 1
    form_end = html.index("</form>", html.index('class="stepper crystal crystal-white"', html.index('data-testid="player-1"')))
    after = html[form_end + len("</form>"):]
    assert re.match(r'\s*<div class="refusal" role="alert" tabindex="-1" autofocus data-testid="refusal">', after)
    assert "At most 3 crystals" in after[:600]


def test_typed_numbers_and_choices_are_back_in_the_form(client):
    gid = new_game(client)
    client.post(f"/games/{gid}/do/combat_setup", data={"player": "0", "fight": "rampaging",
                                                      "based_on": str(seq_of(client, gid))})
    client.post(f"/games/{gid}/do/combat_enemy_add", data={"token": "prowlers", "rampaging": "yes",
                                                          "based_on": str(seq_of(client, gid))})
    client.post(f"/games/{gid}/do/combat_phase", data={"based_on": str(seq_of(client, gid))})
    resp = client.post(f"/games/{gid}/combat/attack", data={"value": ["3", ""], "element": ["fire", "physical"],
                                                           "kind": ["ranged", "ranged"], "check": "attack",
                                                           "based_on": str(seq_of(client, gid))},
                       headers={"Referer": f"http://localhost/games/{gid}/combat"})
    html = resp.get_data(as_text=True)
    assert resp.status_code == 400 and 'data-testid="refusal"' in html
    form = re.search(r'<form[^>]*data-testid="attack-form".*?</form>', html, re.S).group(0)
    assert re.search(r'<input type="number" name="value"[^>]* value="3">', form)
    assert re.search(r'<option value="fire" selected>', form)
    assert 'name="target" value="1" checked' not in form  # what was sent: no target


def test_without_a_page_of_this_app_to_return_to_the_error_page_stays(client):
    gid = new_game(client)
    for _ in range(3):
        crystal(client, gid, None)
    for referer in (None, "http://evil.example/games/1", f"http://localhost/games/{gid}/do/crystal"):
        resp = crystal(client, gid, referer)
        html = resp.get_data(as_text=True)
        assert resp.status_code == 400 and "error-card" in html and 'data-testid="refusal"' not in html


def test_a_file_too_large_gets_the_error_page_not_the_form_again(app, client):
    """A body over the limit is never read again to fill a form: the plain error page (413)."""
    app.config["MAX_CONTENT_LENGTH"] = 1000
    resp = client.post("/games/import", data={"file": "x" * 5000}, headers={"Referer": "http://localhost/"})
    assert resp.status_code == 413 and 'data-testid="refusal"' not in resp.get_data(as_text=True)


def test_a_text_area_and_an_option_without_a_value_come_back_too(client):
    """Nothing typed is lost: the Runewars unit type's special ability (a text area) and its initiative (options
    named by their text) are back in the form after a refusal."""
    r = client.post("/runewars", data={"name_0": "Elf", "name_1": "Uthuk"})
    gid = int(re.search(r"/games/(\d+)/who", r.headers["Location"]).group(1))
    client.post(f"/games/{gid}/who", data={"player": "0"})
    unit = {"owner": "0", "name": "Archer", "initiative": "5", "shape": "triangle", "health": "1",
            "ability": "Shoots <first> & twice"}
    page = f"http://localhost/games/{gid}/runewars"
    ok = client.post(f"/games/{gid}/do/runewars_unit_type", data=unit)
    assert ok.status_code == 303
    resp = client.post(f"/games/{gid}/do/runewars_unit_type", data=unit, headers={"Referer": page})  # the same name twice on one side: refused
    html = resp.get_data(as_text=True)
    assert resp.status_code == 400 and 'data-testid="refusal"' in html
    form = html[:html.index('data-testid="refusal"')]
    form = form[form.rindex("<form"):]
    assert '<textarea name="ability" maxlength="300" rows="2">Shoots &lt;first&gt; &amp; twice</textarea>' in form
    assert re.search(r"<option selected>5</option>", form)
