"""A table that plays random games through the JSON API: every command of docs/api.md with plausible input drawn
from the game's state, and every kind of undo (undo, redo, one entry, "Undo my last"). Refusals (4xx) are part of
play; a 5xx never is. Used by the round-trip property test and the crafted-import fuzz."""

from __future__ import annotations

import json
import re
from typing import Any, Callable

COLORS = ["red", "blue", "green", "white"]
SITES = ["keep", "mage_tower", "monastery", "adventure", "city"]
ELEMENTS = ["physical", "fire", "ice", "cold_fire"]
FIGHTS = ["rampaging", "keep", "mage_tower", "adventure", "dungeon", "monastery", "city", "other_keep"]
ENEMIES = ["prowlers", "diggers", "cursed_hags", "wolf_riders", "ironclads", "orc_summoners", "guardsmen",
           "swordsmen", "golems", "crossbowmen", "freezers", "gunners", "minotaur", "fire_mages", "illusionists",
           "monks", "werewolf", "medusa", "vampire", "gargoyle", "altem_guardsmen", "fire_golems", "ice_dragon"]
UNITS = ["peasants", "foresters", "herbalists", "utem_crossbowmen", "utem_guardsmen", "utem_swordsmen",
         "guardian_golems", "northern_monks", "illusionists", "thugs"]
TACTICS_DAY = ["early_bird", "rethink", "mana_steal", "planning", "great_start", "the_right_moment"]
TACTICS_NIGHT = ["from_the_dusk", "long_night", "mana_search", "midnight_meditation", "preparation",
                 "sparing_power"]
# a game of every kind the random tests play: (the new-game form's address, its fields)
GAMES = {
    "competitive": ("/games", {"scenario": "druid_nights", "mode": "competitive", "name_0": "Anna",
                               "hero_0": "arythea", "name_1": "Ben", "hero_1": "tovak"}),
    "coop city": ("/games", {"scenario": "full_cooperation", "mode": "coop", "name_0": "Anna", "hero_0": "goldyx",
                             "name_1": "Ben", "hero_1": "norowas", "variant": "interactive_combat"}),
    "solo": ("/games", {"scenario": "solo_conquest", "mode": "solo", "name_0": "Anna", "hero_0": "tovak"}),
    "mines": ("/games", {"scenario": "mines_liberation", "mode": "competitive", "name_0": "Anna",
                         "hero_0": "arythea", "name_1": "Ben", "hero_1": "tovak"}),
    "runewars": ("/runewars", {"name": "Battle", "name_0": "Elf", "name_1": "Uthuk"}),
    "mage lite": ("/mage-lite", {"name_0": "Anna", "difficulty": "hard", "start": "night",
                                 "variant": ["main_expansion", "crystals"]}),
}

SCORE_FIELDS = ["spells", "artifacts", "advanced_actions", "crystals", "wounds", "cities", "keeps",
                "mage_towers", "monasteries", "adventure_sites", "fame"]


class Chooser:
    """Random choices: ``pick``, ``int``, ``bool``; Hypothesis's ``data.draw`` or a ``random.Random`` behind."""

    def __init__(self, draw: Callable[[Any], Any] | None = None, rnd=None):
        self._draw, self._rnd = draw, rnd

    def pick(self, options):
        options = list(options)
        if self._draw is not None:
            from hypothesis import strategies as st

            return self._draw(st.sampled_from(options))
        return self._rnd.choice(options)

    def int(self, lo: int, hi: int) -> int:
        if self._draw is not None:
            from hypothesis import strategies as st

            return self._draw(st.integers(min_value=lo, max_value=hi))
        return self._rnd.randint(lo, hi)

    def bool(self) -> bool:
        return self.pick([False, True])


class Table:
    """One game and the client playing it (the host's device)."""

    def __init__(self, app, client, form: dict | None = None, game_id: int | None = None, path: str = "/games"):
        """A new game from the new-game form (``form``), or one already there (``game_id``, an import); this
        client is its host's device and chooses player 0, as on the "who are you" page."""
        from companion.web.common import game_row

        self.app, self.client = app, client
        if game_id is None:
            r = client.post(path, data=form)
            assert r.status_code == 303, r.get_data(as_text=True)[-1500:]
            game_id = int(r.headers["Location"].split("/games/")[1].split("/")[0])
        self.id = game_id
        with app.test_request_context():
            self.game_token = game_row(game_id)["token"]
        assert client.post(f"/games/{game_id}/who", data={"player": "0"}).status_code == 303
        # this phone's own API token (the Invite page's "Make an API token for this phone"): the API acts as the
        # same device as the pages, so "Undo my last" finds its changes
        r = client.post(f"/games/{game_id}/api-token")
        html = r.get_data(as_text=True) if r.status_code == 200 else client.get(
            f"/games/{game_id}/invite").get_data(as_text=True)
        token = re.search(r'data-testid="device-token">([^<]+)<', html).group(1)
        self.headers = {"Authorization": f"Bearer {token}"}
        self.statuses: list[tuple[str, int]] = []
        self.recorded: list[tuple[str, dict, dict]] = []  # (command, body, the event it recorded)

    def game(self) -> dict:
        r = self.client.get(f"/api/v1/games/{self.id}", headers=self.headers)
        assert r.status_code == 200
        return r.get_json()

    def post(self, path: str, body: dict | None = None) -> int:
        r = self.client.post(f"/api/v1/games/{self.id}{path}", data=json.dumps(body or {}),
                             content_type="application/json", headers=self.headers)
        assert r.status_code < 500, (path, body, r.get_data(as_text=True)[-2000:])
        self.statuses.append((path, r.status_code))
        self.last = r.get_json() if r.status_code == 201 else None  # the game after the change
        return r.status_code

    def command(self, name: str, body: dict) -> int:
        status = self.post(f"/commands/{name}", body)
        if status == 201:
            self.recorded.append((name, body, self.last["event"]))
        return status


# ---------------------------------------------------------------------------------------------- inputs


def _players(state):
    return list(range(len(state["players"])))


def _units(state):
    return [(i, u) for i, p in enumerate(state["players"]) for u in p["units"]]


def _combat(state):
    return ((state.get("combat") or {}).get("current")) or None


def _alive(cur):
    return [e for e in cur["enemies"] if not e.get("defeated")]


def _each(ps, body: dict) -> list[dict]:
    """The same command for each player in turn (the driver tries them until one is recorded): the rightful one,
    the player whose turn it is, is among them."""
    return [dict(body, player=i) for i in ps]


def mk_inputs(c: Chooser, state: dict) -> list[tuple[str, dict]]:
    """The commands worth trying now (most of them with input that fits the state)."""
    ps = _players(state)
    p = c.pick(ps)
    cur = _combat(state)
    tactics = TACTICS_NIGHT if state.get("time") == "night" else TACTICS_DAY
    out = [
        ("fame", {"player": p, "amount": c.pick([-2, 1, 3, 8, 15])}),
        ("reputation", {"player": p, "amount": c.pick([-2, -1, 1, 2])}),
        ("crystal", {"player": p, "color": c.pick(COLORS), "amount": c.pick([-1, 1, 1])}),
        ("wounds", {"player": p, "amount": c.pick([-1, 1, 2])}),
        ("shield", {"player": p, "site": c.pick(SITES), "amount": c.pick([-1, 1, 1])}),
        ("recruit", {"player": p, "unit": c.pick(UNITS), "reward": c.bool()}),
        ("recruit", {"player": p, "name": "Golem", "level": c.int(1, 4), "armor": c.int(1, 9),
                     "resistances": c.pick([[], ["fire"], ["physical", "ice"]]), "reward": True}),
        ("position", {"player": p, "near_keep": c.bool(), "city": c.pick(["none", "shield", "leader"])}),
        ("mine_liberated", {"player": p, "tile": c.pick(["countryside", "core"]), "color": c.pick(COLORS)}),
        ("tile_revealed", {"player": p, "count": c.int(1, 3)}),
        ("glade_marked", {"player": p}),
        ("scenario_goal", {"player": p}),
        ("next_round", {}),
        ("time", {"time": c.pick(["day", "night"])}),
        ("round_order", {"order": c.pick([ps, list(reversed(ps))])}),
        ("round_order_random", {}),
        ("override", c.pick([{"enemy": c.pick(ENEMIES), "armor": c.int(1, 12)},
                             {"enemy": c.pick(ENEMIES), "reset": True}])),
        ("enemy_keep", {"name": c.pick(["Beast", "Orc", "Ghoul"]), "armor": c.int(1, 8), "attack": c.int(1, 6),
                        "attack_element": c.pick(ELEMENTS), "fame": c.int(0, 5)}),
        *[("enemy_keep", {"id": k, "name": e["name"], "armor": c.int(1, 8), "attack": c.int(1, 6)})
          for k, e in (state.get("kept_enemies") or {}).items()],
        *[("enemy_forget", {"id": k}) for k in (state.get("kept_enemies") or {})],
        ("round_tactic", [{"player": i, "tactic": x} for x in c.pick(
            [tactics, list(reversed(tactics))]) for i in ps]),
        *[("round_end_turn", {"player": i}) for i in ps],
        ("round_announce", [{"player": i, "deck_empty": True} for i in ps]),
        ("pvp_end", [dict(pvp, a=a, d=1 - a) for pvp in [{"site": c.pick(["open", "keep"]),
                     "log": [{"pass": True}, {"pass": True},
                             {"attacks": [[c.int(1, 9), "physical", "melee"]], "blocks": [], "full": False,
                              "units": [], "hero": 1, "artifacts": 0, "move_cost": 2}]}] for a in (0, 1)]),
        ("score_set", {"player": p, "field": c.pick(SCORE_FIELDS), "amount": c.int(-1, 4)}),
        ("score_set", {"player": "game", "field": c.pick(["cities_conquered", "rounds_left", "dummy_deck"]),
                       "value": c.int(0, 3)}),
        ("score_follow", {"player": p, "field": c.pick(SCORE_FIELDS)}),
        *[("score_follow", {"player": int(i), "field": f}) for i, fs in
          ((state.get("score") or {}).get("sheet") or {}).items() for f in fs],
        ("score_confirm", {"player": p, "confirmed": c.pick(["1", "1", "0"])}),
        ("score_final", {}),
        ("score_confirm", [{"player": i, "confirmed": "1"} for i in ps]),
        # a fight starts on its player's turn (game/combat/fight_owner.py): each player in turn, until one is taken
        ("combat_setup", _each(ps, {"fight": "city", "city": c.pick(COLORS), "level": c.int(1, 11)})),
        ("combat_setup", _each(ps, {"fight": c.pick(FIGHTS), "city": c.pick(COLORS), "level": c.int(1, 11),
                                    "owner": c.pick(ps), "revisit": c.bool()})),
    ]
    if cur is not None and c.int(0, 4):
        return _combat_inputs(c, state, cur)  # a combat is played to its end (mostly)
    if cur is None and state["game"].get("mode") == "coop" and c.int(0, 3) == 0:  # a cooperative city assault
        return [o for o in out if o[0] == "combat_setup" and o[1][0]["fight"] == "city"]
    if state.get("dummy") and c.int(0, 4) >= 2:
        return _dummy_inputs(c, state)  # the Dummy player's round, mostly
    rounds = state.get("rounds") or {}
    if len(rounds.get("picks") or {}) < len(ps) and c.bool():
        return [o for o in out if o[0] == "round_tactic"] + (
            [("dummy_tactic_draw", {})] if state.get("dummy") else [])
    if len(rounds.get("picks") or {}) == len(ps) and not rounds.get("over") and c.bool():
        return [o for o in out if o[0] in ("round_end_turn", "round_announce")] + [
            ("round_extra_turn", [{"player": i} for i in ps])]
    if _units(state):
        i, u = c.pick(_units(state))
        out.append(("unit", {"player": i, "uid": u["uid"],
                             "action": c.pick(["spend", "ready", "wound", "heal", "disband"])}))
    if state.get("dummy") or state["game"].get("mode") in ("solo", "coop"):
        out += _dummy_inputs(c, state)
    return out


def _combat_inputs(c: Chooser, state, cur) -> list[tuple[str, dict]]:
    if c.int(0, 15) == 0:
        return [("combat_cancel", {})]
    out = []
    alive = _alive(cur)
    phase = cur["phase"]
    if phase != "setup" or len(cur["enemies"]) >= (2 if cur["fight"] == "city" else 1):
        out.append(("combat_phase", {}))
    if phase == "setup":
        out.append(("combat_enemy_add", {"token": c.pick(ENEMIES)}))
        out.append(("combat_enemy_add", {"token": c.pick(ENEMIES), "rampaging": c.int(0, 4) == 0}))
        out.append(("combat_enemy_add", {"token": "orc_summoners"}))
        out.append(("combat_enemy_add", {"name": "Beast", "armor": c.int(1, 8), "attack": c.int(1, 6),
                                         "attack_element": c.pick(ELEMENTS), "fame": c.int(0, 5),
                                         "keep": c.pick(["", "yes"])}))
        out += [("combat_enemy_add", {"kept": k}) for k in (state.get("kept_enemies") or {})]
        if len(cur["enemies"]) == 1 and "interactive_combat" in (state["game"].get("variants") or []) \
                and not cur.get("interactive") and c.bool():
            return [("combat_interactive", {"color": c.pick(["white", "red", "blue", "black", "green", "gold"])})]
        if cur["enemies"]:
            out.append(("combat_enemy_remove", {"key": c.pick([e["key"] for e in cur["enemies"]])}))
        garrison = [e for e in cur["enemies"] if not e.get("rampaging")]
        if cur["fight"] == "city" and len(garrison) >= 2 and len(state["players"]) >= 2:
            other = c.pick([i for i in _players(state) if i != cur["player"]])
            return [("combat_coop_deal", {f"count_{cur['player']}": 1, f"count_{other}": len(garrison) - 1}),
                    ("combat_phase", {})]
    if alive and phase in ("ranged_siege", "attack"):
        targets = [e["key"] for e in alive[:c.int(1, min(3, len(alive)))]]
        kind = "melee" if phase == "attack" else c.pick(["ranged", "siege"])
        out.append(("combat_attack", {"target": targets, "value": [c.int(2, 14)], "element": [c.pick(ELEMENTS)],
                                      "kind": [kind]}))
        summoners = [e["key"] for e in alive if "summon" in (e.get("abilities") or [])]
        if summoners:
            out.append(("combat_summon", {"key": c.pick(summoners)}))
    if alive and phase == "block":
        summoners = [x["key"] for x in alive if "summon" in (x.get("abilities") or []) and not x.get("summoned")]
        if summoners:
            return [("combat_summon", {"key": k}) for k in summoners]
        e = c.pick(alive)
        free = [i for i in range(len(e.get("attacks") or [])) if i not in (e.get("blocked") or [])]
        if free:
            out.append(("combat_block", {"key": e["key"], "attack_index": c.pick(free), "value": [c.int(1, 10)],
                                         "element": [c.pick(ELEMENTS)],
                                         "move_points": c.int(0, 2) if "cumbersome" in e["abilities"] else 0}))
    if phase == "damage":
        out.append(("combat_damage", {"mode": "suggest", "prefer": c.pick(["units", "hero"])}))
    if phase == "attack" or not alive:
        out.append(("combat_end", {}))
    return out


def _dummy_inputs(c: Chooser, state) -> list[tuple[str, dict]]:
    d = state.get("dummy")
    if not d:
        return [("dummy_setup", {"mode": c.pick(["virtual", "virtual", "physical", "mage_lite"]),
                                 "difficulty": "normal"})]
    tactics = TACTICS_NIGHT if state.get("time") == "night" else TACTICS_DAY
    picks = {f"tactic_{i}": t for i, t in zip(_players(state), c.pick([tactics, list(reversed(tactics))]))}
    return [
        ("dummy_turn", {"color": c.pick(COLORS)}),
        ("dummy_pass", {}),
        ("dummy_announce", {"player": c.pick(_players(state))}),
        ("dummy_new_round", {"advanced_action": c.pick(["color:red", "color:blue", "", "fire_bolt"]),
                             "spell_color": c.pick(COLORS), "offer_empty": False}),
        ("dummy_tactic_draw", {}),
        ("dummy_tactics", picks),
        ("dummy_skill_reveal", {}),
        ("dummy_skill_take", [{"skill": x} for x in ((d.get("skills") or {}).get("offer") or ["x"])]),
        ("dummy_mage_lite", {"color": c.pick(COLORS + [""])}),
        ("dummy_mage_lite", {"color": c.pick(COLORS)}),
    ]


def rw_inputs(c: Chooser, state: dict) -> list[tuple[str, dict]]:
    rw = state.get("runewars") or {}
    types = rw.get("unit_types") or []
    ps = _players(state)
    out = [
        ("runewars_unit_type", {"owner": c.pick(ps + ["neutral"]), "name": c.pick(["Archer", "Knight", "Beast"]),
                                "initiative": c.int(1, 5), "shape": c.pick(["triangle", "rectangle", "hexagon",
                                                                            "circle"]),
                                "health": c.int(1, 3), "ability": ""}),
        ("runewars_attribute_test", {"hero": "Hero", "attribute": c.pick(["strength", "agility", "wisdom"]),
                                     "value": c.int(0, 5)}),
        ("runewars_limits", {"player": c.pick(ps), "heroes": c.int(0, 4), "quests": c.int(0, 4)}),
        ("runewars_duel_start", {"attacker_player": 0, "attacker_name": "A", "attacker_health": c.int(2, 6),
                                 "defender_player": 1, "defender_name": "B", "defender_health": c.int(2, 6)}),
        ("runewars_duel_round", {f"{s}_icon": c.pick(["damage", "rout", "special", "miss"]) for s in
                                 ("attacker", "defender")}),
        ("runewars_quest_phase", {}),
        ("runewars_attribute_test", {"hero": "A", "attribute": "wisdom", "value": c.int(0, 3), "quest": True}),
    ]
    if types:
        out.append(("runewars_unit_type_remove", {"type": c.pick([t["id"] for t in types])}))
        counts = {f"count_{t['id']}": c.int(0, 3) for t in types}
        out.append(("runewars_battle_start", {"attacker": c.pick(ps), "defender": c.pick(ps + ["neutral"]),
                                              "area": "Ford", **counts}))
    b = rw.get("battle")
    if b and c.int(0, 5):
        if b.get("phase") == "draw":
            return [("runewars_battle_draw", {"type": t["id"], "special": 0, "routs": c.int(0, 2),
                                              "damage": c.int(0, 3)}) for t in types]
        if b.get("phase") == "resolve":
            ids = [u["id"] for u in b["units"] if u["side"] == b["turn"] and not u["destroyed"]]
            targets = {f"{k}_{i}": x for k in ("rout", "damage") for i, x in enumerate(ids, 1)}
            return [("runewars_battle_resolve", targets)]
        return [("runewars_battle_end", {"can_retreat": c.bool(), "destination_units": c.int(0, 3)})]
    return out


def ml_inputs(c: Chooser, state: dict) -> list[tuple[str, dict]]:
    """Mage Lite (seed 004): every command of its page."""
    m = state.get("mage_lite") or {}
    items = [i["id"] for i in m.get("items") or []] or ["i1"]
    return [
        ("mage_lite_fame", {"amount": c.int(-3, 9)}),
        ("mage_lite_hero_card", {"level": c.int(1, 3), "armor": c.int(2, 4), "hand_limit": c.int(5, 6)}),
        ("mage_lite_reputation", {"reason": c.pick(["assault", "orcs", "draconum", "burn_monastery", "up", "down"]),
                                  "count": c.int(1, 2)}),
        ("mage_lite_turn", {"color": c.pick(COLORS + [""])}),
        ("mage_lite_round_end", {"confirm": c.pick(["", "yes"])}),
        # interacting with locals and healing (interact.py)
        ("mage_lite_interact", {"site": c.pick(["village", "monastery", "mage_tower", "city_red"]),
                                "influence": c.int(0, 9), "heal": c.int(0, 1)}),
        ("mage_lite_heal", {"amount": c.int(1, 2), "source": c.pick(["effect", "glade"])}),
        ("mage_lite_withdraw", {"spaces": c.int(1, 3)}),
        ("mage_lite_dummy_end", {"difficulty": c.pick(["easier", "normal", "harder"])}),
        ("mage_lite_city", {"color": c.pick(["red", "blue", "white"]), "defeated": c.int(0, 3)}),
        ("mage_lite_item", {"action": "gain", "kind": c.pick(["spell", "artifact", "unit"]), "name": "Card"}),
        ("mage_lite_item", {"action": c.pick(["use", "lose", "ready"]), "id": c.pick(items)}),
        # a Unit with its card's numbers; typed or corrected later; one Wound healed (units.py)
        ("mage_lite_item", {"action": "gain", "kind": "unit", "name": "Golems", "armor": c.int(1, 5),
                            "resistance": c.pick([[], ["physical"], ["fire", "ice"]])}),
        ("mage_lite_unit", {"action": "card", "id": c.pick(items), "armor": c.int(1, 5),
                            "resistance": c.pick([[], ["fire"]])}),
        ("mage_lite_unit", {"action": "heal", "id": c.pick(items)}),
        ("mage_lite_site", {"name": c.pick(["Keep", "Tower", "Dungeon"])}),
        ("mage_lite_crystal", {"color": c.pick(COLORS), "delta": c.int(-1, 2)}),
        ("mage_lite_position", {"keeps": c.int(0, 2), "near": c.pick(["none", "keep", "city", "both"])}),
    ]


def undo_step(c: Chooser, t: Table, state_seq: int, entries: bool = False) -> None:
    """One kind of undo; ``entries``: mostly a per-entry undo (an entry of the log, or "Undo my last")."""
    kind = c.pick(["undo", "redo", "entry", "mine"] + ["entry", "entry", "mine"] * entries)
    if kind in ("undo", "redo"):
        t.post(f"/{kind}", {"based_on": state_seq})
    elif kind == "entry":  # mostly a recent entry: what a later event in force may depend on
        t.post(f"/undo/{c.int(max(1, state_seq - c.pick([8, state_seq])), max(1, state_seq))}", {})
    else:
        t.post("/undo/0", {})


def play(c: Chooser, t: Table, steps: int, runewars: bool = False, entries: bool = False) -> None:
    """``steps`` random steps: a command that fits the state (tried until one is recorded, at most 6 tries), or
    one kind of undo (``entries``: twice as often, mostly per-entry undos)."""
    g = t.game()
    for _ in range(steps):
        if g is None:
            g = t.game()
        if c.int(0, 5) < 1 + entries:
            undo_step(c, t, g["seq"], entries)
            g = t.last if t.last and "state" in t.last else None
            continue
        mage_lite = g["state"]["game"].get("mode") == "mage_lite"  # a Mage Lite game (seed 004) has its own commands
        options = (rw_inputs if runewars else ml_inputs if mage_lite else mk_inputs)(c, g["state"])
        for _try in range(6):
            name, bodies = c.pick(options)
            # a list: the same command for each choice in turn (whose pick it is), until one is recorded
            if any(t.command(name, dict(body, based_on=g["seq"])) == 201
                   for body in (bodies if isinstance(bodies, list) else [bodies])):
                g = t.last
                break


def fast_app(tmp_path):
    """An app whose database lives in memory-backed /dev/shm where there is one (the random games make thousands
    of requests: a disk's fsync per write would dominate), else in ``tmp_path``."""
    import os
    import shutil
    import tempfile

    from companion import create_app

    folder = tempfile.mkdtemp(dir="/dev/shm") if os.path.isdir("/dev/shm") else str(tmp_path)
    app = create_app({"TESTING": True, "DATABASE": os.path.join(folder, "t.db"), "SECRET_KEY": "driver",
                      "WTF_CSRF_ENABLED": False, "STATIC_CACHE": str(tmp_path / "static-cache")})
    return app, (lambda: shutil.rmtree(folder, ignore_errors=True))
