"""Rules data loader speed ('loaded once at start').  Run: python benchmarks/rules_data_load.py

Prints the time of a full load + validation of rules_data/ and of a cached get_rules() call.
"""
from __future__ import annotations

import time

from companion.rules.data import get_rules, load_rules
from companion.rules.data.schema import DEFAULT_DIR


def main(repeat: int = 20) -> None:
    t0 = time.perf_counter()
    for _ in range(repeat):
        rules = load_rules(DEFAULT_DIR)
    full = (time.perf_counter() - t0) / repeat
    get_rules()
    t0 = time.perf_counter()
    for _ in range(100_000):
        get_rules()
    cached = (time.perf_counter() - t0) / 100_000
    n = sum(len(getattr(rules, k)) for k in ("levels", "reputation", "scenarios", "heroes", "tactics", "cities",
                                               "enemies", "units", "sites", "terrains", "cards"))
    print(f"full load + validation: {full * 1000:.1f} ms for {n} entries ({repeat} runs)")
    print(f"cached get_rules():     {cached * 1e9:.0f} ns")


if __name__ == "__main__":
    main()
