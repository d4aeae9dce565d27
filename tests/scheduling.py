"""The order of the test run under xdist (tests/conftest.py): the browser tests and the others are dealt out evenly by
their time, and while one worker drives chromium its neighbour runs the other tests: the even workers' shares start
with their browser tests, the odd workers' end with them (each part longest first). A browser test waits on the
other phone's poll or the page's answer now and then, two of them at once left a fifth of the 2 cores idle; beside a
test that only computes, the cores stay busy (docs/performance.md). ``--dist worksteal`` gives the N workers the
collected list in N contiguous shares, each of the first shares ``len // workers_left`` long, and a worker that runs
out takes half of the longest queue from its end; the durations of the last run (setup, call and teardown) are kept
in pytest's cache, a test not yet timed counts 3 s when it drives chromium and 0.1 s otherwise."""

from __future__ import annotations

KEY = "companion/durations"
_durations: dict[str, float] = {}


def cost(item, known: dict) -> float:
    if item.nodeid in known:
        return known[item.nodeid]
    return 3.0 if in_browser(item) else 0.1


def durations(cache) -> dict[str, float]:
    """The durations of the last run kept in pytest's cache (empty on a fresh clone)."""
    known = cache.get(KEY, {})
    return known if isinstance(known, dict) else {}


def in_browser(item) -> bool:
    """A test that drives chromium: it uses the ``browser`` fixture (``phone`` asks for it)."""
    return "browser" in getattr(item, "fixturenames", ())


def spread_heaviest_first(items: list, known: dict, workers: int) -> list:
    """The items in xdist's ``workers`` shares: the browser tests dealt out first, then the others, each from the
    longest down to the share with the least time so far that still has room; then each share in its order: an even
    worker's browser tests first, an odd worker's last, each part longest first."""
    left, sizes = len(items), []
    for i in range(workers):
        sizes.append(left // (workers - i))
        left -= sizes[-1]
    shares: list[list] = [[] for _ in range(workers)]
    load = [0.0] * workers
    for item in sorted(items, key=lambda it: (not in_browser(it), -cost(it, known))):  # browser tests first
        k = min((k for k in range(workers) if len(shares[k]) < sizes[k]), key=lambda k: (load[k], k))
        shares[k].append(item)
        load[k] += cost(item, known)
    ordered = []
    for k, share in enumerate(shares):  # each share holds its browser tests first, as dealt
        split = sum(map(in_browser, share))
        ordered += share if k % 2 == 0 else share[split:] + share[:split]
    return ordered


def record_duration(report) -> None:
    _durations[report.nodeid] = _durations.get(report.nodeid, 0.0) + report.duration


def save_durations(cache) -> None:
    if _durations:
        known = cache.get(KEY, {})
        known.update({k: round(v, 3) for k, v in _durations.items()})
        cache.set(KEY, known)
