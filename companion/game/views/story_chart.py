"""The story page's chart of Fame by Round, as plain numbers for an SVG drawn on the server (no script): the axes,
one line per player with a marker shape of its own (a line is told apart by its shape as well as its colour), and
the bars of the time each player spent on their turns. Pure: no Flask.
"""

from __future__ import annotations

# a small drawing, scaled to the phone's width: its labels (16 units) are at least 14 px on a 320 px phone
WIDTH, HEIGHT = 260, 170
LEFT, RIGHT, TOP, BOTTOM = 34, 10, 10, 24
MARKERS = ("circle", "square", "diamond", "triangle", "cross", "star")
BAR_WIDTH = 200
TIE_GAP = 3.5  # units between the lines of players tied at a Round (a line is 2 wide, a marker about 7)


def nice_top(value: int) -> tuple[int, int]:
    """The top of the Fame axis and its step: at least ``value``, in steps of 1, 2, 5, 10, 20, 50 ... (four or five
    grid lines)."""
    top = max(int(value), 1)
    k = 1
    while True:
        for base in (1, 2, 5):
            step = base * k
            if top / step <= 5:
                return step * -(-top // step), step
        k *= 10


def fame_chart(fame_by_round: list[dict], players: list[dict]) -> dict:
    """The geometry of the Fame chart: ``x_ticks`` (a label per Round), ``y_ticks`` (grid lines), and per player
    ``points`` (the polyline's "x,y x,y") and ``marks`` (each point: x, y, the Round and the Fame)."""
    rounds = [r["round"] for r in fame_by_round] or [0]
    last = max(max(rounds), 1)
    top, step = nice_top(max([f for r in fame_by_round for f in r["fame"]] + [1]))
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(r: int) -> float:
        return round(LEFT + plot_w * r / last, 1)

    def y(f: int) -> float:
        return round(TOP + plot_h * (1 - max(f, 0) / top), 1)

    def apart(r: dict, i: int) -> float:
        """Players tied at a Round are drawn a little apart, in player order about the true height, so a line never
        lies wholly under another (found by a first-evening walkthrough: Anna's line hidden under Ben's at 4 Fame)."""
        shown = [p["index"] for p in players if p["index"] < len(r["fame"])]
        tied = [j for j in shown if r["fame"][j] == r["fame"][i]]
        return round((tied.index(i) - (len(tied) - 1) / 2) * TIE_GAP, 1) if len(tied) > 1 else 0.0

    series = []
    for p in players:
        i = p["index"]
        marks = [{"x": x(r["round"]), "y": round(y(r["fame"][i]) + apart(r, i), 1), "round": r["round"],
                  "fame": r["fame"][i]}
                 for r in fame_by_round if i < len(r["fame"])]
        series.append({"index": i, "name": p["name"], "marker": MARKERS[i % len(MARKERS)], "n": i % len(MARKERS),
                       "points": " ".join(f"{m['x']},{m['y']}" for m in marks), "marks": marks})
    return {
        "width": WIDTH, "height": HEIGHT, "left": LEFT, "right": WIDTH - RIGHT, "top": TOP,
        "bottom": HEIGHT - BOTTOM,
        "x_ticks": [{"x": x(r), "round": r} for r in range(0, last + 1)],
        "y_ticks": [{"y": y(v), "fame": v} for v in range(0, top + 1, step)],
        "series": series,
    }


def time_bars(turn_times: list[dict]) -> list[dict]:
    """One bar per player: the width of their time on turns against the longest total."""
    longest = max([t["seconds"] for t in turn_times] + [1])
    return [{**t, "width": round(t["seconds"] / longest * BAR_WIDTH, 1), "n": t["player"] % len(MARKERS)}
            for t in turn_times]
