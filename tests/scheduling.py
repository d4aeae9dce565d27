"""The order of the test run under xdist (tests/conftest.py): each worker's first share of the tests starts with the
longest ones. ``--dist worksteal`` gives the N workers the collected list in N contiguous shares, each of the first
shares ``len // workers_left`` long, and a worker that runs out takes half of the longest queue from its end; the
durations of the last run (setup, call and teardown) are kept in pytest's cache, a test not yet timed counts 3 s
when it drives chromium and 0.1 s otherwise."""

from __future__ import annotations

KEY = "companion/durations"
_durations: dict[str, float] = {}


def cost(item, known: dict) -> float:
    if item.nodeid in known:
        return known[item.nodeid]
    return 3.0 if item.get_closest_marker("browser") else 0.1


def durations(cache) -> dict[str, float]:
    """The durations of the last run kept in pytest's cache (empty on a fresh clone)."""
    known = cache.get(KEY, {})
    return known if isinstance(known, dict) else {}


def spread_heaviest_first(items: list, known: dict, workers: int) -> list:
    """The items in xdist's ``workers`` shares, each share holding its part of the longest tests first: dealt out from
    the longest down, each to the share with the least time so far that still has room."""
    left, sizes = len(items), []
    for i in range(workers):
        sizes.append(left // (workers - i))
        left -= sizes[-1]
    shares: list[list] = [[] for _ in range(workers)]
    load = [0.0] * workers
    for item in sorted(items, key=lambda it: cost(it, known), reverse=True):
        k = min((k for k in range(workers) if len(shares[k]) < sizes[k]), key=lambda k: (load[k], k))
        shares[k].append(item)
        load[k] += cost(item, known)
    return [item for share in shares for item in share]


def record_duration(report) -> None:
    _durations[report.nodeid] = _durations.get(report.nodeid, 0.0) + report.duration


def save_durations(cache) -> None:
    if _durations:
        known = cache.get(KEY, {})
        known.update({k: round(v, 3) for k, v in _durations.items()})
        cache.set(KEY, known)
