"""Dummy player forecast speed: the exact forecast for a 20-card deck with 6 crystals must take
under 20 ms. Printed beside a naive enumeration (every distinct order of the deck) on a smaller deck.

Run: python benchmarks/dummy_forecast.py
"""
from __future__ import annotations

import itertools
import statistics
import time

from companion.rules import dummy

TARGET_MS = 20.0


def timed(fn, repeat: int) -> float:
    """Median wall time in ms; the forecast's memo is cleared before each run so every run is cold."""
    times = []
    for _ in range(repeat):
        dummy._dist.cache_clear()
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def main() -> None:
    big_deck = {"red": 5, "blue": 5, "green": 5, "white": 5}
    big_crystals = {"red": 2, "blue": 2, "green": 1, "white": 1}
    small_colors = ["red"] * 3 + ["blue"] * 3 + ["green"] * 2 + ["white"] * 2
    small_counts = {"red": 3, "blue": 3, "green": 2, "white": 2}
    small_crystals = {"red": 2, "blue": 1, "green": 1}

    fast = timed(lambda: dummy.forecast(big_deck, big_crystals), repeat=25)
    # every way to spread 6 crystals over the four colours: the slowest one must meet the target too
    splits = [dict(zip(dummy.COLORS, c)) for c in itertools.product(range(7), repeat=4) if sum(c) == 6]
    worst_ms, worst = max((timed(lambda c=c: dummy.forecast(big_deck, c), repeat=5), tuple(c.values()))
                          for c in splits)
    fast_small = timed(lambda: dummy.forecast(small_counts, small_crystals), repeat=25)
    naive_small = timed(lambda: dummy.naive_forecast(small_colors, small_crystals), repeat=3)
    assert dummy.forecast(small_counts, small_crystals).distribution == \
        dummy.naive_forecast(small_colors, small_crystals).distribution

    f = dummy.forecast(big_deck, big_crystals)
    print(f"exact forecast, 20 cards, 6 crystals:   {fast:8.3f} ms  (target < {TARGET_MS:.0f} ms: "
          f"{'OK' if fast < TARGET_MS else 'TOO SLOW'})")
    print("   distribution: " + ", ".join(f"k={k}: {float(p):.4f}" for k, p in f.distribution)
          + f"; expected {float(f.expected):.3f}")
    print(f"  slowest of the {len(splits)} ways to hold 6 crystals (red, blue, green, white = {worst}): "
          f"{worst_ms:.3f} ms ({'OK' if worst_ms < TARGET_MS else 'TOO SLOW'})")
    print(f"exact forecast, 10 cards, 4 crystals:   {fast_small:8.3f} ms")
    print(f"naive enumeration, 10 cards (25200 orders): {naive_small:8.1f} ms")
    print(f"ratio naive / exact on the 10-card deck: {naive_small / fast_small:,.0f}x")


if __name__ == "__main__":
    main()
