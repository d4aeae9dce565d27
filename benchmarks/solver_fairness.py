"""The table never waits for a solver: a phone's poll and a game page while 4 worst-case solver requests run.

A real waitress server (8 threads, as ``companion serve``) on 127.0.0.1 in its own process, a game of 300 events.
One client thread asks for the poll (the steady state: 204) and one for the game page, each 10 times a second;
idle and, alternating with it (2 rounds each), while 4 client threads keep sending the worst solver requests the API accepts (the attack plan
on 10 enemies x 16 attacks with values up to 99, and the damage suggestion on 8 units x 16 attacks, from
tests/test_combat_budget.py), each answered within its budget. Prints each side's median and p95 and the p95
ratio loaded / idle (target: within 2x), for the server with the solver pool (``SOLVER_POOL``, as
``companion serve`` runs) and, for comparison, with the solvers in the request threads.

Run: python benchmarks/solver_fairness.py [seconds per phase, default 6]
Every loop is bounded by its phase's length; traffic goes only to 127.0.0.1.
"""
from __future__ import annotations

import http.client
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from poll_load import free_port, make_game, p95  # noqa: E402

TARGET_RATIO = 2.0
SOLVER_CLIENTS = 4
RATE = 10  # requests a second, per measured kind
ROUNDS = 2

SERVER = r"""
import logging, sys
from waitress import serve
logging.getLogger("waitress.queue").setLevel(logging.ERROR)
port, db, pool = int(sys.argv[1]), sys.argv[2], sys.argv[3] == "pool"
from companion import create_app
app = create_app({"DATABASE": db, "SECRET_KEY": "bench-secret", "WTF_CSRF_ENABLED": False, "SOLVER_POOL": pool})
serve(app, host="127.0.0.1", port=port, threads=8, ident="bench", _quiet=True)
"""


def start(db: str, mode: str) -> tuple[subprocess.Popen, int]:
    port = free_port()
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.Popen([sys.executable, "-c", SERVER, str(port), db, mode], env=env, cwd=str(ROOT))
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return proc, port
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("server did not start")


def solver_bodies() -> list[tuple[str, bytes]]:
    from tests.test_combat_budget import slowest_plan_input, slowest_suggest_input

    enemies, attacks = slowest_plan_input(3)
    plan = {"phase": "attack",
            "enemies": [{"name": e.name, "armor": e.armor, "fame": e.fame, "resistances": list(e.resistances)}
                        for e in enemies],
            "attacks": [{"value": a.value, "element": a.element, "kind": a.kind} for a in attacks]}
    hero, units, unblocked = slowest_suggest_input()
    suggest = {"hero": {"armor": hero.armor, "hand_limit": hero.hand_limit}, "prefer": "hero",
               "units": [{"id": u.id, "armor": u.armor, "level": u.level, "resistances": list(u.resistances)}
                         for u in units],
               "attacks": [{"enemy": {"name": a.enemy.name, "armor": a.enemy.armor, "fame": a.enemy.fame,
                                      "attacks": [{"value": x.value, "element": x.element} for x in a.enemy.attacks],
                                      "abilities": list(a.enemy.abilities)}} for a in unblocked]}
    return [("/api/v1/combat/plan", json.dumps(plan).encode()),
            ("/api/v1/combat/damage/suggest", json.dumps(suggest).encode())]


def measure(port: int, path: str, cookie: str, seconds: float, out: list[float]) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    end = time.monotonic() + seconds
    nxt = time.monotonic()
    while time.monotonic() < end:
        nxt += 1 / RATE
        t = time.perf_counter()
        conn.request("GET", path, headers={"Cookie": cookie})
        resp = conn.getresponse()
        resp.read()
        if resp.status in (200, 204):
            out.append((time.perf_counter() - t) * 1000)
        time.sleep(max(0.0, nxt - time.monotonic()))
    conn.close()


def solver_load(port: int, bodies, seconds: float, stop: threading.Event, counts: dict) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    end = time.monotonic() + seconds
    i = 0
    while time.monotonic() < end and not stop.is_set():
        path, body = bodies[i % len(bodies)]
        i += 1
        conn.request("POST", path, body=body, headers={"Content-Type": "application/json"})
        resp = conn.getresponse()
        data = resp.read()
        key = resp.status if resp.status < 400 else f"{resp.status} {json.loads(data).get('error', '')[:40]}"
        counts[key] = counts.get(key, 0) + 1
    conn.close()


def phase(port: int, page: str, poll: str, cookie: str, seconds: float, bodies) -> dict:
    results = {"poll": [], "page": []}
    stop = threading.Event()
    counts: dict = {}
    loaders = [threading.Thread(target=solver_load, args=(port, bodies, seconds + 1, stop, counts))
               for _ in range(SOLVER_CLIENTS if bodies else 0)]
    for th in loaders:
        th.start()
    if loaders:
        time.sleep(1.0)  # the solvers are busy before measuring
    meas = [threading.Thread(target=measure, args=(port, path, cookie, seconds, results[k]))
            for k, path in (("poll", poll), ("page", page))]
    for th in meas:
        th.start()
    for th in meas:
        th.join()
    stop.set()
    for th in loaders:
        th.join()
    results["solver answers"] = counts
    return results


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 6.0
    bodies = solver_bodies()
    with tempfile.TemporaryDirectory() as d:
        db = str(Path(d) / "bench.db")
        game_id, cookie, n, poller = make_game(db)
        for mode in ("pool", "inline"):
            proc, port = start(db, mode)
            try:
                page, poll = f"/games/{game_id}", f"{poller}&seq={n}"
                measure(port, page, cookie, 1.0, [])  # warm: the first fold, the pool's workers
                idle = {"poll": [], "page": []}
                busy = {"poll": [], "page": [], "solver answers": {}}
                for _ in range(ROUNDS):  # idle and loaded alternate: the machine's other load drifts evenly
                    for into, load in ((idle, None), (busy, bodies)):
                        got = phase(port, page, poll, cookie, seconds / ROUNDS, load)
                        into["poll"] += got["poll"]
                        into["page"] += got["page"]
                        for status, k in got["solver answers"].items():
                            if "solver answers" in into:
                                into["solver answers"][status] = into["solver answers"].get(status, 0) + k
            finally:
                proc.terminate()
                proc.wait(timeout=10)
            print(f"solvers {'in the worker pool' if mode == 'pool' else 'in the request threads (before)'}: "
                  f"solver answers while loaded {busy['solver answers']}")
            for kind in ("poll", "page"):
                a, b = idle[kind], busy[kind]
                ratio = p95(b) / p95(a)
                verdict = ("OK" if ratio <= TARGET_RATIO else "MISSED") if mode == "pool" else "reference"
                print(f"  {kind:4s}: idle median {statistics.median(a):6.1f} ms p95 {p95(a):6.1f} ms; with "
                      f"{SOLVER_CLIENTS} solver requests median {statistics.median(b):6.1f} ms p95 {p95(b):6.1f} ms; "
                      f"p95 x{ratio:.2f} (target within {TARGET_RATIO:.0f}x: {verdict})")


if __name__ == "__main__":
    main()
