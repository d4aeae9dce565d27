"""The live-update poll under load: 200 simulated phones, each polling once a second at its
own phase (desynchronised, as real phones are), against the app's ``GET /games/<id>/poll`` and against a bare
Flask endpoint that only answers 204, both served by waitress (8 threads, as ``companion serve``) in their own
processes on 127.0.0.1 in the same run. Rounds alternate bare/app to even out the machine's load. Prints each
side's median and 95th percentile latency and the p95 ratio (target: within 2x).

Run: python benchmarks/poll_load.py [seconds per round, default 8] [rounds per side, default 2]
With BENCH_NO_SESSION_REFRESH=1 the app runs with SESSION_REFRESH_EACH_REQUEST = False (the session cookie is
not re-signed and re-sent on every poll: about 1 ms of the app's per-request overhead outside the poll itself).
Traffic goes only to 127.0.0.1; every loop is bounded by the round's length.
"""
from __future__ import annotations

import http.client
import os
import queue
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

PHONES = 200
WORKERS = 48  # client threads sending the phones' requests (each keeps its connection open, as browsers do)
TARGET_RATIO = 2.0
ROOT = Path(__file__).resolve().parent.parent

SERVER = r"""
import logging, os, sys
from waitress import serve
logging.getLogger("waitress.queue").setLevel(logging.ERROR)  # "Task queue depth is N" under load
kind, port, db = sys.argv[1], int(sys.argv[2]), sys.argv[3]
if kind == "bare":
    from flask import Flask
    app = Flask("bare")

    @app.get("/poll")
    def poll():
        return "", 204
else:
    from companion import create_app
    extra = {"SESSION_REFRESH_EACH_REQUEST": False} if os.environ.get("BENCH_NO_SESSION_REFRESH") else {}
    app = create_app({"DATABASE": db, "SECRET_KEY": "bench-secret", "WTF_CSRF_ENABLED": False, **extra})
serve(app, host="127.0.0.1", port=port, threads=8, ident="bench", _quiet=True)
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(kind: str, db: str) -> tuple[subprocess.Popen, int]:
    port = free_port()
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.Popen([sys.executable, "-c", SERVER, kind, str(port), db], env=env, cwd=str(ROOT))
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return proc, port
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError(f"{kind} server did not start")


def make_game(db: str) -> tuple[int, str, int, str]:
    """A game with 300 events, a joined session cookie and the poller's address as the board page gives it, made in
    this process on the same database file."""
    sys.path.insert(0, str(ROOT))
    from companion import create_app
    from companion.db import connect
    from companion.events import record
    from companion.game.spine.sentences import sentence

    app = create_app({"DATABASE": db, "SECRET_KEY": "bench-secret", "WTF_CSRF_ENABLED": False})
    client = app.test_client()
    resp = client.post("/games", data={"scenario": "full_conquest", "mode": "competitive", "name_0": "Anna",
                                       "hero_0": "arythea", "name_1": "Ben", "hero_1": "tovak"})
    game_id = int(resp.headers["Location"].split("/")[2])
    conn = connect(db)
    for i in range(300):
        record(conn, game_id, type="player.fame", payload={"player": i % 2, "amount": 1}, sentence=sentence("x"),
               scope=(f"player:{i % 2}:fame",))
    conn.conn.close()
    cookie = client.get_cookie("session")
    import re

    board = client.get(f"/games/{game_id}").get_data(as_text=True)
    poller = re.search(r'id="sync" hx-get="([^"]+)"', board).group(1).replace("&amp;", "&")
    return game_id, f"session={cookie.value}", 300, poller


def load(port: str, path: str, cookie: str, seconds: float) -> list[float]:
    """Every phone polls once a second from its own random phase; returns the latencies (ms)."""
    rng = random.Random(7)
    start_at = time.monotonic() + 0.5
    schedule = sorted((start_at + rng.random() + k, p) for p in range(PHONES) for k in range(int(seconds)))
    jobs: queue.Queue = queue.Queue()
    for item in schedule:
        jobs.put(item)
    latencies: list[float] = []
    errors = [0]
    lock = threading.Lock()

    def worker():
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        while True:
            try:
                due, _phone = jobs.get_nowait()
            except queue.Empty:
                break
            wait = due - time.monotonic()
            if wait > 0:
                time.sleep(wait)
            t = time.perf_counter()
            try:
                conn.request("GET", path, headers={"Cookie": cookie})
                resp = conn.getresponse()
                resp.read()
                ok = resp.status in (200, 204)
            except (OSError, http.client.HTTPException):
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
                ok = False
            took = (time.perf_counter() - t) * 1000
            with lock:
                if ok:
                    latencies.append(took)
                else:
                    errors[0] += 1
        conn.close()

    threads = [threading.Thread(target=worker) for _ in range(WORKERS)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    if errors[0]:
        print(f"  {errors[0]} failed requests")
    return latencies


def p95(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[int(0.95 * (len(xs) - 1))]


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 8.0
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    with tempfile.TemporaryDirectory() as d:
        db = str(Path(d) / "bench.db")
        game_id, cookie, n, poller = make_game(db)
        bare, bare_port = start("bare", db)
        app, app_port = start("app", db)
        try:
            # the app's poll answers 204 when the phone has seen the last seq (the steady state)
            # (the page's poller carries its poll key: companion/web/fastpoll.py answers that before Flask)
            seq_path = f"{poller}&seq={n}"
            results = {"bare": [], "app": []}
            for r in range(rounds):
                for kind, port, path in (("bare", bare_port, "/poll"), ("app", app_port, seq_path)):
                    lat = load(port, path, cookie, seconds)
                    results[kind] += lat
                    print(f"round {r + 1} {kind}: {len(lat)} polls, median {statistics.median(lat):.2f} ms, "
                          f"p95 {p95(lat):.2f} ms")
        finally:
            for proc in (bare, app):
                proc.terminate()
                proc.wait(timeout=10)
    b, a = results["bare"], results["app"]
    ratio = p95(a) / p95(b)
    print(f"{PHONES} phones polling once a second for {seconds:.0f} s x {rounds} rounds:")
    print(f"  bare Flask endpoint: median {statistics.median(b):.2f} ms, p95 {p95(b):.2f} ms")
    print(f"  app poll ({n} events): median {statistics.median(a):.2f} ms, p95 {p95(a):.2f} ms")
    print(f"  p95 ratio app/bare: {ratio:.2f}x (target within {TARGET_RATIO:.0f}x: "
          f"{'OK' if ratio <= TARGET_RATIO else 'MISSED'})")


if __name__ == "__main__":
    main()
