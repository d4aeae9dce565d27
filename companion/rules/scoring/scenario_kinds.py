"""Scoring a game by its scenario's kind: competitive (and Team Rules), solo and co-op tables, Victory points, the portal.

Part of :mod:`companion.rules.scoring` (import the names from there). Pure rules code."""
from __future__ import annotations

from typing import Iterable, Mapping, Sequence

from ..text import T
from .scenarios import COOP, PORTAL, SOLO, ScenarioScoring, VICTORY_POINTS
from .sheet import GameSheet, PlayerSheet, ScoringError, _cities_total, validate
from .results import ScoreResult, Side
from .achievements import _category, _titles_for, achievement_points, city_points, mine_points

# --------------------------------------------------------------------------------------
# Scoring
# --------------------------------------------------------------------------------------


def _player_lines(p: PlayerSheet, sc: ScenarioScoring) -> tuple[dict[str, int], list[str]]:
    cats, why = achievement_points(p, sc.id)
    lines = {"fame": p.fame, **cats}
    trace = [T("%(name)s: Fame %(fame)d", name=p.name, fame=p.fame), *why]
    if sc.cities_scoring:
        pts, line = city_points(p)
        lines["cities"] = pts
        trace.append(line)
    if sc.mines_scoring:
        pts, line = mine_points(p)
        lines["mines"] = pts
        trace.append(line)
    return lines, trace


def _side(name: str, members: Iterable[str], lines: Mapping[str, int]) -> Side:
    items = tuple((k, int(v)) for k, v in lines.items())
    return Side(name, tuple(members), items, sum(v for _, v in items))


def score(sheet: GameSheet) -> ScoreResult:
    """Score a finished game. Raises ScoringError on bad input."""
    sc = validate(sheet)
    if sc.kind == VICTORY_POINTS:
        return _score_victory_points(sheet, sc)
    if sc.kind == PORTAL:
        return _score_portal(sheet, sc)
    if sc.kind in (SOLO, COOP):
        return _score_table(sheet, sc)
    return _score_competitive(sheet, sc)


def _winners(sides: Sequence[Side]) -> tuple[tuple[str, ...], str]:
    best = max(s.total for s in sides)
    top = tuple(s.name for s in sides if s.total == best)
    if len(top) == 1:
        return top, T("Scenario Book, Scoring: whoever has the most Fame wins: %(side)s with %(total)d",
                      side=top[0], total=best)
    # Book: First Reconnaissance "If tied, the players share the victory." The other
    # competitive scenarios are silent on ties; Book silent: they share it the same way.
    return top, T(
        "Scenario Book, Scoring: %(sides)s tied with %(total)d Fame: \"If tied, the players "
        "share the victory\" (First Reconnaissance)", sides=", ".join(top), total=best,
    )


def _score_competitive(sheet: GameSheet, sc: ScenarioScoring) -> ScoreResult:
    trace: list[str] = [T("Scenario Book, %(scenario)s: apply standard Achievements scoring", scenario=sc.name)]
    per_player: dict[str, dict[str, int]] = {}
    for p in sheet.players:
        lines, why = _player_lines(p, sc)
        per_player[p.name] = lines
        trace.extend(why)
    team_game = any(p.team is not None for p in sheet.players)
    solo = len(sheet.players) == 1

    if solo:
        # First Reconnaissance, Solo Variant: "When scoring, award no titles."; Other Solo
        # Missions: "use similar setup modifications and special rules as this mission"
        # (Solo Conquest: "no titles are awarded").
        trace.append(T("Scenario Book, Solo Variant / Other Solo Missions: award no titles"))
        p = sheet.players[0]
        side = _side(p.name, (p.name,), per_player[p.name])
        trace.append(T("%(name)s: total %(total)d", name=p.name, total=side.total))
        return ScoreResult(
            sc.id, sc.kind, False, (side,), (), side.total, side, (), (),
            _mission_success(sheet, sc), tuple(trace) + _success_trace(sheet, sc),
        )

    if not team_game:
        titles = _titles_for(sc, list(per_player.items()))
        for t in titles:
            trace.append(t.reason)
        players = []
        for p in sheet.players:
            lines = dict(per_player[p.name])
            for t in titles:
                lines[t.title] = dict(t.awarded).get(p.name, 0)
            players.append(_side(p.name, (p.name,), lines))
        for s in players:
            trace.append(T("%(name)s: total %(total)d", name=s.name, total=s.total))
        winners, why = _winners(players)
        trace.append(why)
        return ScoreResult(
            sc.id, sc.kind, False, tuple(players), (), None, None, tuple(titles), winners,
            _mission_success(sheet, sc), tuple(trace) + _success_trace(sheet, sc),
        )

    # Team Rules: "each team has one common score. The base score is the Fame of the player
    # that has the lower Fame. For Achievements, and any similar scoring, score only the
    # higher score of both players in this area. For the Greatest Beating, score only the
    # player with the largest penalty. Assign titles as usual (compare only the larger
    # values of both teams)."
    trace.append(T("Scenario Book, Team Rules: each team has one common score"))
    players = tuple(_side(p.name, (p.name,), per_player[p.name]) for p in sheet.players)
    team_names: list[str] = []
    for p in sheet.players:
        if p.team not in team_names:
            team_names.append(p.team)
    team_lines: dict[str, dict[str, int]] = {}
    for t in team_names:
        members = [p for p in sheet.players if p.team == t]
        lines, why = _combine(
            T("Team %(t)s", t=t), [(m.name, per_player[m.name]) for m in members], best=max,
            source=T("Scenario Book, Team Rules"),
        )
        team_lines[t] = lines
        trace.extend(why)
    titles = _titles_for(sc, list(team_lines.items()))
    for t in titles:
        trace.append(t.reason)
    teams = []
    for t in team_names:
        lines = dict(team_lines[t])
        for ta in titles:
            lines[ta.title] = dict(ta.awarded).get(t, 0)
        teams.append(
            _side(t, tuple(p.name for p in sheet.players if p.team == t), lines)
        )
    for s in teams:
        trace.append(T("Team %(team)s: total %(total)d", team=s.name, total=s.total))
    winners, why = _winners(teams)
    trace.append(why)
    return ScoreResult(
        sc.id, sc.kind, True, players, tuple(teams), None, None, tuple(titles), winners,
        _mission_success(sheet, sc), tuple(trace) + _success_trace(sheet, sc),
    )


def _combine(
    label: str,
    members: Sequence[tuple[str, Mapping[str, int]]],
    *,
    best,
    source: str,
) -> tuple[dict[str, int], list[str]]:
    """One common score from several players' lines (Team Rules / cooperative scoring):
    the lowest Fame as base; every other category the ``best`` (max, or min in the co-op
    "only the lowest counts" variant); the Greatest Beating always the largest penalty."""
    why: list[str] = []
    out: dict[str, int] = {}
    keys = list(members[0][1].keys())
    for k in keys:
        vals = [(n, lines[k]) for n, lines in members]
        if k == "fame":
            v = min(x for _, x in vals)
            rule = T("base = the lowest Fame")
        elif k == "beating":
            v = min(x for _, x in vals)
            rule = T("Greatest Beating: only the largest penalty")
        else:
            v = best(x for _, x in vals)
            rule = T("only the higher score") if best is max else T("only the lowest score (variant)")
        out[k] = v
        shown = ", ".join(f"{n} {x}" for n, x in vals)
        why.append(T("%(label)s: %(source)s, %(category)s: %(rule)s of %(values)s -> %(value)d",
                     label=label, source=source, category=_category(k), rule=rule, values=shown, value=v))
    return out, why


def _mission_success(sheet: GameSheet, sc: ScenarioScoring) -> bool | None:
    if sc.cities_scoring or sc.kind in (SOLO, COOP):
        total = _cities_total(sheet, sc)
        conquered = _cities_conquered(sheet, sc)
        if total is None or conquered is None:
            return None
        return conquered >= total
    if sc.mines_scoring:
        return sheet.all_mines_liberated
    if sc.dungeon_scoring:
        return sheet.all_dungeons_conquered
    return None


def _success_trace(sheet: GameSheet, sc: ScenarioScoring) -> tuple[str, ...]:
    ok = _mission_success(sheet, sc)
    if ok is None:
        return ()
    what = {
        "mines_liberation": T("If you liberated all mines, the mission was successful"),
        "dungeon_lords": T("If you conquered all the dungeon and tombs, the mission was successful"),
    }.get(sc.id) or T("If you conquered all the cities, your mission was successful")
    return (T("Scenario Book, %(scenario)s: \"%(rule)s\": %(outcome)s", scenario=sc.name, rule=what,
              outcome=T("successful") if ok else T("not successful")),)


def _cities_conquered(sheet: GameSheet, sc: ScenarioScoring) -> int | None:
    if sheet.cities_conquered is not None:
        return sheet.cities_conquered
    # Every conquered city has exactly one leader (Rulebook, City leader).
    return sum(p.cities_led for p in sheet.players)


def _score_table(sheet: GameSheet, sc: ScenarioScoring) -> ScoreResult:
    """Solo Conquest and Full/Blitz Cooperation: one score for the table."""
    trace: list[str] = []
    per_player: dict[str, dict[str, int]] = {}
    for p in sheet.players:
        cats, why = achievement_points(p, sc.id)
        per_player[p.name] = {"fame": p.fame, **cats}
        trace.append(T("%(name)s: Fame %(fame)d", name=p.name, fame=p.fame))
        trace.extend(why)
    players = tuple(_side(p.name, (p.name,), per_player[p.name]) for p in sheet.players)

    if sc.kind == SOLO:
        trace.insert(0, T(
            "Scenario Book, Solo Conquest, Scoring: \"Take your Fame as the base. Then apply "
            "standard Achievements scoring, except no titles are awarded.\""
        ))
        lines = dict(per_player[sheet.players[0].name])
    else:
        trace.insert(0, T(
            "Scenario Book, %(scenario)s, Scoring: \"You have one score as a team. As a base score, "
            "take the lowest Fame of all players.\" In each category only the player with the "
            "highest score (most negative points for the Greatest Beating); no titles", scenario=sc.name,
        ))
        if sheet.lowest_counts:
            trace.insert(1, T(
                "Scenario Book, Full Cooperation, Variants: \"for Achievements, only the lowest "
                "score counts\" (the Greatest Beating: the biggest penalty is scored again)"
            ))
        lines, why = _combine(
            T("Team"), list(per_player.items()), best=min if sheet.lowest_counts else max,
            source=T("Scenario Book, %(scenario)s", scenario=sc.name),
        )
        trace.extend(why)

    # Goal and time (the other side of the Scoring card).
    conquered = _cities_conquered(sheet, sc) or 0
    total = _cities_total(sheet, sc)
    lines["cities_conquered"] = 10 * conquered
    trace.append(T("Scenario Book, %(scenario)s: 10 points for each city conquered: 10 x %(n)d",
                   scenario=sc.name, n=conquered))
    if sc.kind == COOP:
        every = all(p.cities_led >= 1 for p in sheet.players)
        lines["every_player_leads"] = 10 if every else 0
        trace.append(T(
            "Scenario Book, %(scenario)s: additional 10 points if every player is a leader of at least "
            "one conquered city: %(answer)s (%(leaders)s)", scenario=sc.name,
            answer=T("yes") if every else T("no"),
            leaders=", ".join(f"{p.name} {p.cities_led}" for p in sheet.players),
        ))
    all_cities = total is not None and conquered >= total
    lines["all_cities"] = 15 if all_cities else 0
    trace.append(T(
        "Scenario Book, %(scenario)s: additional 15 points if you conquered all cities: "
        "%(n)d of %(total)s: %(answer)s", scenario=sc.name, n=conquered,
        total=str(total) if total is not None else "?", answer=T("yes") if all_cities else T("no"),
    ))
    # "If you finished the game one or more rounds before the Round limit, you get 30 points for each round you
    # did not need": the game finishes early only when the mission is accomplished (all cities conquered); a
    # failed mission runs to the Round limit, so it never scores this.
    early = sheet.rounds_left if all_cities else 0
    lines["rounds_left"] = 30 * early
    if all_cities or not sheet.rounds_left:
        trace.append(T(
            "Scenario Book, %(scenario)s: 30 points for each Round finished before the limit: 30 x %(n)d",
            scenario=sc.name, n=early,
        ))
    else:
        trace.append(T(
            "Scenario Book, %(scenario)s: no points for Rounds before the limit: the game ends early only when "
            "all cities are conquered", scenario=sc.name,
        ))
    lines["dummy_deck"] = sheet.dummy_deck
    trace.append(T(
        "Scenario Book, %(scenario)s: 1 point for each card in the Dummy player's Deed deck: %(n)d",
        scenario=sc.name, n=sheet.dummy_deck,
    ))
    lines["end_of_round_not_announced"] = 0 if sheet.end_of_round_announced else 5
    trace.append(T(
        "Scenario Book, %(scenario)s: additional 5 points if the End of the Round was not announced "
        "in the last Round: %(answer)s", scenario=sc.name,
        answer=T("announced") if sheet.end_of_round_announced else T("not announced"),
    ))
    table = _side("table", tuple(p.name for p in sheet.players), lines)
    trace.append(T("Score: %(score)d", score=table.total))
    success = _mission_success(sheet, sc)
    trace.extend(_success_trace(sheet, sc))
    return ScoreResult(
        sc.id, sc.kind, False, players, (), table.total, table, (), (), success, tuple(trace)
    )


def _score_victory_points(sheet: GameSheet, sc: ScenarioScoring) -> ScoreResult:
    """Conquer and Hold, The Winner: "Each owned keep counts as 3 Victory points. Each owned
    mage tower counts as 2 Victory points. The player or team who has the most points wins
    the game. If tied ... no one is the winner." No Fame scoring."""
    src = T("Scenario Book, %(scenario)s, The Winner", scenario=sc.name)
    trace = [T("%(source)s: Victory points for controlled sites instead of Fame", source=src)]
    players = []
    for p in sheet.players:
        lines = {"keeps_vp": 3 * p.keeps, "mage_towers_vp": 2 * p.mage_towers}
        players.append(_side(p.name, (p.name,), lines))
        trace.append(T(
            "%(name)s: 3 x %(keeps)d keeps + 2 x %(towers)d mage towers = %(points)d Victory points",
            name=p.name, keeps=p.keeps, towers=p.mage_towers, points=3 * p.keeps + 2 * p.mage_towers,
        ))
    team_game = any(p.team is not None for p in sheet.players)
    teams: list[Side] = []
    if team_game:
        # The team's sites are the sites its players own: their Victory points add up.
        for t in dict.fromkeys(p.team for p in sheet.players):
            mem = [s for s, p in zip(players, sheet.players) if p.team == t]
            lines = {
                "keeps_vp": sum(s.categories["keeps_vp"] for s in mem),
                "mage_towers_vp": sum(s.categories["mage_towers_vp"] for s in mem),
            }
            teams.append(_side(t, tuple(s.name for s in mem), lines))
            trace.append(T("Team %(team)s: %(sum)s = %(points)d Victory points", team=t,
                           sum=" + ".join(str(s.total) for s in mem), points=sum(s.total for s in mem)))
    sides = teams if team_game else players
    best = max(s.total for s in sides)
    top = tuple(s.name for s in sides if s.total == best)
    if len(top) == 1:
        winners = top
        trace.append(T("%(source)s: %(side)s has the most Victory points (%(points)d) and wins",
                       source=src, side=top[0], points=best))
    else:
        winners = ()
        trace.append(T("%(source)s: %(sides)s tied at %(points)d: \"If tied, no one is the winner\"",
                       source=src, sides=", ".join(top), points=best))
    return ScoreResult(
        sc.id, sc.kind, team_game, tuple(players), tuple(teams), None, None, (), winners,
        None, tuple(trace),
    )


def _score_portal(sheet: GameSheet, sc: ScenarioScoring) -> ScoreResult:
    """One to Return, The Winner: "Whoever stands on the portal space at that moment wins
    the game. If no-one stands there, there is no winner. There is no scoring, and Fame does
    not matter." Team Variant: the team whose chosen player stands on the portal wins."""
    src = T("Scenario Book, %(scenario)s, The Winner", scenario=sc.name)
    trace = [T("%(source)s: there is no scoring, and Fame does not matter", source=src)]
    team_game = any(p.team is not None for p in sheet.players)
    players = tuple(_side(p.name, (p.name,), {}) for p in sheet.players)
    on = [p for p in sheet.players if p.on_portal]
    teams: tuple[Side, ...] = ()
    if team_game:
        team_names = list(dict.fromkeys(p.team for p in sheet.players))
        for t in team_names:
            n_chosen = sum(1 for p in sheet.players if p.team == t and p.chosen)
            if n_chosen != 1:
                raise ScoringError(T("team %(team)s must have exactly one chosen player", team=t))
        teams = tuple(
            _side(t, tuple(p.name for p in sheet.players if p.team == t), {}) for t in team_names
        )
        if not on:
            trace.append(T("%(source)s, Team Variant: no player stands on the portal: no one has won",
                           source=src))
            winners: tuple[str, ...] = ()
        elif on[0].chosen:
            winners = (on[0].team,)
            trace.append(T(
                "%(source)s, Team Variant: %(name)s stands on the portal and is team "
                "%(team)s's chosen one: team %(team)s has won", source=src, name=on[0].name, team=on[0].team,
            ))
        else:
            winners = ()
            trace.append(T(
                "%(source)s, Team Variant: %(name)s stands on the portal but was not chosen: "
                "no one has won", source=src, name=on[0].name,
            ))
    else:
        if on:
            winners = (on[0].name,)
            trace.append(T("%(source)s: %(name)s stands on the portal and wins", source=src, name=on[0].name))
        else:
            winners = ()
            trace.append(T("%(source)s: no-one stands on the portal: there is no winner", source=src))
    return ScoreResult(
        sc.id, sc.kind, team_game, players, teams, None, None, (), winners, None, tuple(trace)
    )
