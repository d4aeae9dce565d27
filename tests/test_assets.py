"""Light pages: 'Static files are served compressed with long-lived caching and content-hashed
names ... Private game pages send Cache-Control: no-store.'"""

import gzip
import re
from pathlib import Path

from companion.assets import HASHED, hashed_name
from game_helpers import new_game


def static_urls(html: str) -> list[str]:
    return re.findall(r'(?:href|src)="(/static/[^"]+)"', html)


def test_pages_name_static_files_by_their_content(client):
    urls = static_urls(client.get("/").get_data(as_text=True))
    assert any("app." in u and u.endswith(".css") for u in urls)
    assert any("htmx.min." in u for u in urls) and any("idiomorph-ext.min." in u for u in urls)
    assert all(HASHED.search(u) for u in urls), urls


def test_a_hashed_static_file_is_cached_for_good_and_sent_gzipped(client):
    css = next(u for u in static_urls(client.get("/").get_data(as_text=True)) if u.endswith(".css"))
    resp = client.get(css, headers={"Accept-Encoding": "gzip"})
    assert resp.status_code == 200
    assert resp.headers["Content-Encoding"] == "gzip"
    assert "immutable" in resp.headers["Cache-Control"]
    assert int(re.search(r"max-age=(\d+)", resp.headers["Cache-Control"]).group(1)) >= 365 * 24 * 3600
    assert b".gamenav" in gzip.decompress(resp.get_data())


def test_the_plain_name_still_works_but_is_rechecked(client):
    resp = client.get("/static/app.css")
    assert resp.status_code == 200
    assert "immutable" not in resp.headers["Cache-Control"]


def test_a_changed_file_gets_a_new_name():
    assert hashed_name("app.css", b"a{}") != hashed_name("app.css", b"b{}")
    assert re.fullmatch(r"vendor/x/app\.[0-9a-f]{12}\.js", hashed_name("vendor/x/app.js", b""))


def test_private_game_pages_are_never_stored(client):
    gid = new_game(client)
    client.post(f"/games/{gid}/who", data={"player": "0"})
    for path in (f"/games/{gid}", f"/games/{gid}/log", f"/games/{gid}/invite"):
        resp = client.get(path)
        assert resp.status_code == 200, path
        assert resp.headers["Cache-Control"] == "no-store", path
    assert client.get(f"/games/{gid}/poll?seq=0").headers.get("Cache-Control") == "no-store"
    assert "no-store" not in (client.get("/").headers.get("Cache-Control") or "")


def test_pages_are_gzipped_for_browsers_that_accept_it(client):
    gid = new_game(client)
    resp = client.get(f"/games/{gid}/who", headers={"Accept-Encoding": "gzip, br"})
    assert resp.headers.get("Content-Encoding") == "gzip"
    assert b"<html" in gzip.decompress(resp.get_data())
    assert "Accept-Encoding" in resp.headers["Vary"]


def test_our_scripts_and_styles_are_served_minified_and_vendored_files_as_they_are(client):
    """A first visit stays within its 40 KB (tests/browser/test_page_weight.py): app.js and app.css lose their
    comments and spaces on the way; the readable sources stay in static/; vendored files are served unchanged."""
    root = Path(__file__).resolve().parent.parent / "static"
    urls = static_urls(client.get("/").get_data(as_text=True))
    for name in ("app.js", "app.css"):
        url = next(u for u in urls if re.search(rf"/static/{name.split('.')[0]}\.[0-9a-f]{{12}}\.{name.split('.')[1]}$", u))
        served = client.get(url).get_data()
        source = (root / name).read_bytes()
        assert b"/*" in source or b"//" in source
        assert len(served) < 0.85 * len(source), name
        assert b"/*" not in served and b"\n  //" not in served, name
    htmx = next(u for u in urls if "htmx.min." in u)
    assert client.get(htmx).get_data() == (root / "vendor" / "htmx-2.0.8" / "htmx.min.js").read_bytes()
    js = next(u for u in urls if re.search(r"/static/app\.[0-9a-f]{12}\.js$", u))
    assert b"Idiomorph" in client.get(js).get_data()  # still the whole script
