"""How long a page load spends folding a game's log (decides whether snapshots are needed).

Run: python benchmarks/event_log.py
"""

import statistics
import tempfile
import time
from pathlib import Path

from companion.game import trackers  # noqa: F401  (registers the tracker reducers)
from companion.db import connect
from companion.events import load_events, record, sentence
from companion.state import fold

SETUP = {"scenario": "full_conquest", "mode": "competitive",
         "players": [{"name": n} for n in ("Anna", "Ben", "Cleo", "Dan")]}


def main(n_events: int = 3000) -> None:
    with tempfile.TemporaryDirectory() as d:
        db = connect(str(Path(d) / "bench.db"), migrate=True)
        db["games"].insert({"id": 1, "name": "", "token": "t", "host_device": "h", "seed": "s", "setup": "{}",
                            "created": ""})
        t0 = time.perf_counter()
        for i in range(n_events):
            kind = i % 3
            if kind == 0:
                record(db, 1, type="player.fame", payload={"player": i % 4, "amount": 1}, sentence=sentence("x"),
                       scope=(f"player:{i % 4}:fame",))
            elif kind == 1:
                record(db, 1, type="player.wounds", payload={"player": i % 4, "amount": 1}, sentence=sentence("x"),
                       scope=(f"player:{i % 4}:wounds",))
            else:
                record(db, 1, type="player.crystal", payload={"player": i % 4, "color": "red", "amount": 1},
                       sentence=sentence("x"), scope=(f"player:{i % 4}:crystals:red",))
        per_write = (time.perf_counter() - t0) / n_events * 1000
        times = []
        for _ in range(10):
            t = time.perf_counter()
            fold(1, SETUP, "s", load_events(db, 1))
            times.append(time.perf_counter() - t)
        print(f"record one event: {per_write:.2f} ms (each its own transaction, WAL)")
        print(f"load + fold {n_events} events: median {statistics.median(times) * 1000:.1f} ms "
              f"(a long game has a few hundred events)")


if __name__ == "__main__":
    main()
