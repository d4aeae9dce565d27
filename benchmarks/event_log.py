"""How long a page load spends folding a game's log (decides whether snapshots are needed).

Run: python benchmarks/event_log.py
"""

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's package, not an installed one

from companion import state  # noqa: E402
from companion.db import connect  # noqa: E402
from companion.events import load_events, record  # noqa: E402
from companion.game.flow import trackers  # noqa: F401,E402  (registers the tracker reducers)
from companion.game.spine.sentences import sentence  # noqa: E402
from companion.state import fold  # noqa: E402

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
        # the fold checks every stored event's payload before its reducer (state.payload_check): its share, in CPU
        events = load_events(db, 1)
        checks = list(state.PAYLOAD_CHECKS)
        cpu: dict[bool, list[float]] = {True: [], False: []}
        for checked in (True, False) * 5:
            state.PAYLOAD_CHECKS[:] = checks if checked else []
            t = time.process_time()
            fold(1, SETUP, "s", events)
            cpu[checked].append(time.process_time() - t)
        state.PAYLOAD_CHECKS[:] = checks
        print(f"fold {n_events} events (parsed): median {statistics.median(cpu[True]) * 1000:.1f} ms CPU with the "
              f"payload check, {statistics.median(cpu[False]) * 1000:.1f} ms without")


if __name__ == "__main__":
    main()
