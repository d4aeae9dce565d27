"""Per-request cost against the length of the game's log: a request's cost should not grow
with the game. For games of 30, 300 and 3,000 events it times, in process (Flask test client, no network):
- the board page (GET /games/<id>), its live fragment and the poll;
- a command as a phone makes it: POST /games/<id>/do/fame, then the page it is sent back to.
Each median is printed with the ratio to the 30-event game (target: about 1x; before the state cache a
command with 1,500 events took 2-3x as long as with 100). An undo is timed too: it resumes from the state
cache's checkpoint before the event it takes back (benchmarks/log_cost.py times undo and redo in CPU time).

Run: python benchmarks/request_cost.py [repeats, default 40]
"""
from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion import create_app  # noqa: E402
from companion.db import connect  # noqa: E402
from companion.events import record  # noqa: E402
from companion.game.spine.sentences import sentence  # noqa: E402

SIZES = (30, 300, 3000)


def fill(db_path: str, game_id: int, n: int) -> None:
    conn = connect(db_path)
    with conn.atomic():
        for i in range(n):
            p = i % 2
            kind = i % 3
            if kind == 0:
                record(conn, game_id, type="player.fame", payload={"player": p, "amount": 1},
                       sentence=sentence("x"), scope=(f"player:{p}:fame",))
            elif kind == 1:
                record(conn, game_id, type="player.crystal", payload={"player": p, "color": "red",
                                                                      "amount": 1 if i % 6 == 1 else -1},
                       sentence=sentence("x"), scope=(f"player:{p}:crystals:red",))
            else:
                record(conn, game_id, type="player.wounds", payload={"player": p, "amount": 1 if i % 4 else -1},
                       sentence=sentence("x"), scope=(f"player:{p}:wounds",))
    conn.conn.close()


def median_ms(fn, repeat: int) -> float:
    fn()  # warm (first fold of the game)
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def measure(n: int, repeat: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as d:
        db = str(Path(d) / "bench.db")
        app = create_app({"DATABASE": db, "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False, "TESTING": True})
        client = app.test_client()
        resp = client.post("/games", data={"scenario": "full_conquest", "mode": "competitive", "name_0": "Anna",
                                           "hero_0": "arythea", "name_1": "Ben", "hero_1": "tovak"})
        gid = int(resp.headers["Location"].split("/")[2])
        fill(db, gid, n)
        last = [n]
        out = {}
        out["page"] = median_ms(lambda: client.get(f"/games/{gid}"), repeat)
        out["fragment"] = median_ms(lambda: client.get(f"/games/{gid}", headers={"HX-Request": "true"}), repeat)
        out["poll"] = median_ms(lambda: client.get(f"/games/{gid}/poll?seq={last[0]}"), repeat)

        def command():
            r = client.post(f"/games/{gid}/do/fame", data={"player": "0", "amount": "1"})
            assert r.status_code == 303, r.status_code
            client.get(f"/games/{gid}", headers={"HX-Request": "true"})
            last[0] += 1

        out["command"] = median_ms(command, repeat)

        def undo():
            r = client.post(f"/games/{gid}/undo", data={"based_on": str(last[0])})
            assert r.status_code in (303, 400), r.status_code
            last[0] += 1
            client.get(f"/games/{gid}", headers={"HX-Request": "true"})

        out["undo"] = median_ms(undo, max(3, repeat // 8))
        return out


def main() -> None:
    repeat = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    results = {n: measure(n, repeat) for n in SIZES}
    base = results[SIZES[0]]
    for what in base:
        cells = ", ".join(f"{n} events {results[n][what]:.2f} ms (x{results[n][what] / base[what]:.2f})"
                          for n in SIZES)
        print(f"{what:15s} {cells}")


if __name__ == "__main__":
    main()
