"""Cost follows the work, not the game's length: imports and undo/redo against the length of the log.

1. Import: an export of N unit recruits and disbands (N = 2,000 and 20,000; the import's limit), posted to
   ``POST /games/import`` (checked, replayed strictly, written), each size in a fresh process (Flask test client,
   a database file in a temporary folder); then the game's log page is opened (the first fold, and a page that
   lists every event: its time is printed apart, as a page's cost follows what it shows). Prints the CPU time (the process's), the wall time and the extra
   memory (peak resident size during the import minus the size before it), and the ratios 20k / 2k (targets:
   time at most about 10x, under 2 s of CPU, under 50 MB extra). The same with undos (one event in ten an undo
   followed by its redo, one in ten an undo followed by a new event), a mix of Fame, crystals and wounds with
   undos, and that mix with "Undo my last" (``undo.event`` of the player's own latest entry) instead of ``undo``.
2. Undo and redo: in games of 30 and 3,000 events (Fame, crystals, wounds), the CPU time of an undo as a phone
   makes it (``POST /games/<id>/undo`` then the page's live part it is sent back to), and of a redo likewise;
   the ratio 3,000 / 30 (target: at most 1.5x).

Run: python benchmarks/log_cost.py [undo repeats, default 30]
Every loop is bounded; nothing leaves 127.0.0.1 (no server at all: the test client).
"""
from __future__ import annotations

import io
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

IMPORT_SIZES = (2000, 20000)
UNDO_SIZES = (30, 3000)
KINDS = ("recruits", "recruits+undos", "mix+undos", "mix+own undos")
SETUP = {"scenario": "full_conquest", "mode": "competitive", "name": "",
         "players": [{"name": "Anna", "hero": "arythea", "team": None}, {"name": "Ben", "hero": "tovak", "team": None}]}


def _ev(seq: int, type_: str, payload: dict) -> dict:
    # as small as the format allows: 20,000 events must fit the import's 4 MB
    return {"seq": seq, "type": type_, "payload": payload, "sentence": {"msg": "x"},
            "scope": ["*"] if type_ in ("undo", "redo", "undo.event") else [f"player:{payload.get('player', 0)}"]}


def export_of(n: int, kind: str) -> dict:
    """recruits: N unit recruits, each player's unit disbanded before their next (a level 1 hero has one Command
    token: the import refuses a second unit, as the command does); recruits+undos / mix+undos: one event in ten an
    undo then its redo, one in ten an undo then a new event; mix+own undos: the same with "Undo my last"
    (``undo.event`` naming the player's own latest entry, which is not the latest of the log) instead of ``undo``."""
    events = []
    active, undone = [], []  # the recruits' and disbands' (player, uid, recruited) in force, and those undone
    units: dict[int, int | None] = {0: None, 1: None}  # each player's unit in force (its uid), or None

    def follow(e):
        if e is not None:
            units[e[0]] = e[1] if e[2] else None

    for i in range(1, n + 1):
        if kind == "mix+own undos" and i % 10 in (5, 8):
            events.append(_ev(i, "undo.event", {"target": i - 2 if i % 10 == 5 else i - 1}))
        elif kind != "recruits" and i % 10 in (5, 8):
            events.append(_ev(i, "undo", {}))
            if kind.startswith("recruits"):
                undone.append(active.pop())
                follow((undone[-1][0], undone[-1][1], not undone[-1][2]))
        elif kind != "recruits" and i % 10 == 6:
            events.append(_ev(i, "redo", {}))
            if kind.startswith("recruits"):
                active.append(undone.pop())
                follow(active[-1])
        elif kind.startswith("mix"):
            p, k = i % 2, i % 3
            events.append(_ev(i, ("player.fame", "player.crystal", "player.wounds")[k],
                              {"player": p, "amount": 1} if k != 1 else {"player": p, "color": "red",
                                                                         "amount": 1 if i % 6 == 1 else -1}))
        else:
            p = i % 2
            if units[p] is None:
                uid = 1 + sum(1 for e in active if e[2])  # the fold's next_uid: one past the recruits in force
                events.append(_ev(i, "unit.recruit", {"player": p, "name": "P", "level": 1, "armor": 3}))
                active.append((p, uid, True))
            else:
                events.append(_ev(i, "unit.disband", {"player": p, "uid": units[p]}))
                active.append((p, units[p], False))
            follow(active[-1])
    return {"format_version": 1, "exported": "2026-01-01T00:00:00+00:00", "setup": SETUP, "seed": "bench",
            "events": events}


def _rss_kb(field: str) -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1])
    return 0


def _reset_peak() -> None:
    try:  # Linux: writing 5 to clear_refs resets the peak resident size (VmHWM)
        Path("/proc/self/clear_refs").write_text("5")
    except OSError:
        pass


def import_child(n: int, kind: str) -> None:
    """In a fresh process: import, then open the game page; print JSON figures."""
    from companion import create_app

    with tempfile.TemporaryDirectory() as d:
        app = create_app({"DATABASE": str(Path(d) / "bench.db"), "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False,
                          "TESTING": True})
        client = app.test_client()
        client.get("/")
        raw = json.dumps(export_of(n, kind), separators=(",", ":")).encode()
        before = _rss_kb("VmRSS")
        _reset_peak()
        cpu, wall = time.process_time(), time.perf_counter()
        resp = client.post("/games/import", data={"file": (io.BytesIO(raw), "game.json")},
                           content_type="multipart/form-data")
        assert resp.status_code == 303, (resp.status_code, resp.get_data(as_text=True)[-400:])
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        peak = _rss_kb("VmHWM")
        gid = int(resp.headers["Location"].split("/")[2])
        log = time.process_time()
        page = client.get(f"/games/{gid}/log", headers={"HX-Request": "true"})  # the first fold, the whole log
        assert page.status_code == 200, page.status_code
        log = time.process_time() - log
        print(json.dumps({"cpu": cpu, "wall": wall, "extra_mb": (peak - before) / 1024, "bytes": len(raw),
                          "log": log}))


def import_figures() -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    for kind in KINDS:
        rows = {}
        for n in IMPORT_SIZES:
            out = subprocess.run([sys.executable, __file__, "--import-child", str(n), kind], env=env,
                                 capture_output=True, text=True, timeout=600)
            if out.returncode:
                print(out.stderr[-2000:])
                raise SystemExit(1)
            rows[n] = json.loads(out.stdout.strip().splitlines()[-1])
        small, big = rows[IMPORT_SIZES[0]], rows[IMPORT_SIZES[1]]
        for n, r in rows.items():
            print(f"import {n:6d} events ({kind:15s}, {r['bytes'] / 1e6:4.1f} MB file): CPU {r['cpu']:6.3f} s, "
                  f"wall {r['wall']:6.3f} s, extra memory {r['extra_mb']:6.1f} MB; then its log page (first fold) "
                  f"{r['log']:6.3f} s CPU")
        ok = big["cpu"] < 2.0 and big["extra_mb"] < 50 and big["cpu"] / small["cpu"] <= 12
        print(f"  ratio 20k / 2k: CPU x{big['cpu'] / small['cpu']:.1f}, wall x{big['wall'] / small['wall']:.1f}, "
              f"memory x{big['extra_mb'] / max(small['extra_mb'], 0.1):.1f}  "
              f"(targets ~10x, < 2 s CPU, < 50 MB: {'OK' if ok else 'MISSED'})")


def _fill(db_path: str, game_id: int, n: int) -> None:
    from companion.db import connect
    from companion.events import record
    from companion.game.spine.sentences import sentence

    conn = connect(db_path)
    with conn.atomic():
        for i in range(n):
            p, kind = i % 2, i % 3
            if kind == 0:
                record(conn, game_id, type="player.fame", payload={"player": p, "amount": 1},
                       sentence=sentence("x"), scope=(f"player:{p}:fame",))
            elif kind == 1:
                record(conn, game_id, type="player.crystal",
                       payload={"player": p, "color": "red", "amount": 1 if i % 6 == 1 else -1},
                       sentence=sentence("x"), scope=(f"player:{p}:crystals:red",))
            else:
                record(conn, game_id, type="player.wounds", payload={"player": p, "amount": 1 if i % 4 else -1},
                       sentence=sentence("x"), scope=(f"player:{p}:wounds",))
    conn.conn.close()


def undo_figures(n: int, repeat: int) -> dict[str, float]:
    from companion import create_app

    with tempfile.TemporaryDirectory() as d:
        db = str(Path(d) / "bench.db")
        app = create_app({"DATABASE": db, "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False, "TESTING": True})
        client = app.test_client()
        resp = client.post("/games", data={"scenario": "full_conquest", "mode": "competitive", "name_0": "Anna",
                                           "hero_0": "arythea", "name_1": "Ben", "hero_1": "tovak"})
        gid = int(resp.headers["Location"].split("/")[2])
        _fill(db, gid, n)
        client.get(f"/games/{gid}")  # the first fold
        last = [n]

        def step(which: str) -> float:
            t = time.process_time()
            r = client.post(f"/games/{gid}/{which}", data={"based_on": str(last[0])})
            assert r.status_code == 303, r.status_code
            last[0] += 1
            client.get(f"/games/{gid}", headers={"HX-Request": "true"})
            return (time.process_time() - t) * 1000

        undo, redo = [], []
        for _ in range(repeat):  # undo, redo, undo, redo, ...: the log grows, the active events stay n
            undo.append(step("undo"))
            redo.append(step("redo"))
        return {"undo": statistics.median(undo), "redo": statistics.median(redo)}


def main() -> None:
    repeat = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    import_figures()
    rows = {n: undo_figures(n, repeat) for n in UNDO_SIZES}
    small, big = rows[UNDO_SIZES[0]], rows[UNDO_SIZES[1]]
    for what in ("undo", "redo"):
        ratio = big[what] / small[what]
        print(f"{what} + its page: {UNDO_SIZES[0]} events {small[what]:.2f} ms CPU, {UNDO_SIZES[1]} events "
              f"{big[what]:.2f} ms CPU: ratio x{ratio:.2f} (target <= 1.5x: {'OK' if ratio <= 1.5 else 'MISSED'})")


if __name__ == "__main__":
    if len(sys.argv) > 3 and sys.argv[1] == "--import-child":
        import_child(int(sys.argv[2]), sys.argv[3])
    else:
        main()
