"""The table screen's own key: the Invite page gives an address (and its QR code) that opens the read-only table
screen in a browser that joined nothing; it reads only that screen (no other page, no export, no command), and the
host's new join code retires it. Found by a first-evening walkthrough: the laptop by the board needed four steps
(join, "I only watch", the QR page, "Show on a big screen"), and the table address typed alone answered "private"."""

import re

import pytest

from companion import create_app
from game_helpers import new_game


@pytest.fixture()
def app(tmp_path):
    return create_app({"DATABASE": str(tmp_path / "screen_key.db"), "TESTING": True, "SECRET_KEY": "test",
                       "WTF_CSRF_ENABLED": False})


def screen_path(host, gid):
    invite = host.get(f"/games/{gid}/invite").get_data(as_text=True)
    url = re.search(r'href="([^"]+)" data-testid="table-screen-url"', invite).group(1)
    assert 'data-testid="table-screen-qr"' in invite and "<svg" in invite
    path = re.sub(r"^https?://[^/]+", "", url)
    assert re.fullmatch(rf"/games/{gid}/screen/[0-9a-f]{{32}}", path)
    return path


def test_the_screen_address_opens_the_table_screen_in_a_fresh_browser_and_reads_only(app):
    host = app.test_client()
    gid = new_game(host, players=(("Anna", "arythea"), ("Ben", "tovak")))
    host.post(f"/games/{gid}/who", data={"role": "host", "player": "0"})
    path = screen_path(host, gid)
    laptop = app.test_client()
    r = laptop.get(path)
    assert r.status_code == 200
    html = r.get_data(as_text=True)
    assert 'data-testid="table-screen"' in html and "Anna" in html and "Ben" in html
    # nothing on it changes the game, and it does not give the join code away (that would make it a join key)
    assert "<form" not in html and "<button" not in html and "csrf" not in html.lower()
    assert "/join/" not in html and 'data-testid="table-qr"' not in html
    # its live poller works with the key alone
    poll = re.search(r'id="sync" hx-get="([^"]+)"', html).group(1).replace("&amp;", "&")
    assert poll.startswith(f"{path}/poll?")
    seq = re.search(r'data-seq="(\d+)"', html).group(1)
    assert laptop.get(re.sub(r"seq=\d+&?", "", poll) + f"&seq={seq}").status_code == 204
    assert laptop.get(poll + "&seq=999").status_code == 200
    # the key opens that screen only: no other page, no export, no command
    for other in (f"/games/{gid}", f"/games/{gid}/table", f"/games/{gid}/export.json", f"/games/{gid}/log",
                  f"/games/{gid}/invite", f"/games/{gid}/score"):
        assert laptop.get(other).status_code in (403, 404), other
    assert laptop.post(f"/games/{gid}/do/fame", data={"player": "0", "amount": "3"}).status_code == 403
    assert laptop.post(path).status_code == 405
    assert laptop.get(f"/games/{gid}/screen/{'0' * 32}").status_code == 403
    assert laptop.get(f"/games/{gid + 1}/screen/{'0' * 32}").status_code == 404


def test_a_new_join_code_retires_the_screen_address_which_then_says_how_to_get_the_screen(app):
    host = app.test_client()
    gid = new_game(host, players=(("Anna", "arythea"), ("Ben", "tovak")))
    host.post(f"/games/{gid}/who", data={"role": "host", "player": "0"})
    old = screen_path(host, gid)
    laptop = app.test_client()
    assert laptop.get(old).status_code == 200
    assert host.post(f"/games/{gid}/token").status_code == 303
    r = laptop.get(old)
    assert r.status_code == 403
    text = r.get_data(as_text=True)
    assert "new join code" in text and "Invite (QR)" in text
    assert laptop.get(f"{old}/poll?seq=0&d=0").status_code == 403
    new = screen_path(host, gid)
    assert new != old and laptop.get(new).status_code == 200


def test_the_table_address_typed_alone_says_how_to_get_the_screen(app):
    host = app.test_client()
    gid = new_game(host, players=(("Anna", "arythea"), ("Ben", "tovak")))
    r = app.test_client().get(f"/games/{gid}/table")
    assert r.status_code == 403
    assert "Invite (QR)" in r.get_data(as_text=True) and "big screen" in r.get_data(as_text=True)


def test_the_screen_address_in_german(app):
    host = app.test_client()
    gid = new_game(host, players=(("Anna", "arythea"), ("Ben", "tovak")))
    host.post(f"/games/{gid}/who", data={"role": "host", "player": "0"})
    host.post("/language", data={"lang": "de"})
    invite = host.get(f"/games/{gid}/invite", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert "Die eigene Adresse der Tischanzeige" in invite


@pytest.mark.parametrize("kind", ["mage lite", "runewars"])
def test_the_screen_address_of_a_mage_lite_or_runewars_game_shows_no_join_code(app, kind):
    """Every kind's table screen opened by its key reads only, with no join QR code (and no "None" where it would
    be: found by a review on Mage Lite's screen)."""
    from game_driver import GAMES

    host = app.test_client()
    path, form = GAMES[kind]
    r = host.post(path, data=form)
    assert r.status_code == 303
    gid = int(r.headers["Location"].split("/games/")[1].split("/")[0])
    html = app.test_client().get(screen_path(host, gid)).get_data(as_text=True)
    assert 'data-testid="table-screen"' in html and 'data-testid="table-qr"' not in html
    assert ">None<" not in html and "Scan to join" not in html and "/join/" not in html
