"""Helpers for the game layer's tests of the game's flow: a city conquered through the combat commands, a Round's
Tactics picked, turns ended (LocalGame, no Flask)."""

from companion.game.flow import round_state
from companion.game.spine.local import LocalGame

SOLO = {"scenario": "solo_conquest", "mode": "solo", "players": [{"name": "Anna", "hero": "goldyx"}]}
THREE = {"scenario": "full_conquest", "mode": "competitive",
         "players": [{"name": "Anna", "hero": "arythea"}, {"name": "Ben", "hero": "tovak"},
                     {"name": "Cleo", "hero": "goldyx"}]}
COOP = {"scenario": "full_cooperation", "mode": "coop",
        "players": [{"name": "Anna", "hero": "goldyx"}, {"name": "Ben", "hero": "arythea"}]}
NEW_ROUND = {"advanced_action": "color:blue", "spell_color": "red"}


def conquer_city(g: LocalGame, player: int, city: str, level: int = 5) -> None:
    """Rulebook, Cooperative City Assault / Combat Outcomes 3a: every defender defeated, the city is conquered
    (here one Prowlers token as its garrison, beaten in the Attack phase)."""
    g.run("combat_setup", player=player, fight="city", city=city, level=level)
    g.run("combat_enemy_add", token="prowlers")
    key = g.state["combat"]["current"]["enemies"][0]["key"]
    while g.state["combat"]["current"]["phase"] != "attack":
        if g.state["combat"]["current"]["phase"] == "block":
            g.run("combat_block", key=key, attack_index=0, value=[9], element=["physical"])
        g.run("combat_phase")
    g.run("combat_attack", target=[key], value=[20], element=["physical"], kind=["melee"])
    g.run("combat_end")


def pick_tactics(g: LocalGame, prefer=()) -> None:
    """Every player takes a Tactic in the rulebook's order (``prefer`` first where still free)."""
    s = g.state
    if round_state.next_picker(s) == "dummy":
        g.run("dummy_tactic_draw")
    while round_state.phase(g.state) == "tactics":
        s = g.state
        who = round_state.next_picker(s)
        free = [t.id for t in round_state.available(s)]
        pick = next((t for t in prefer if t in free), free[0])
        g.run("round_tactic", player=who, tactic=pick)


def play_dummy_until_player(g: LocalGame) -> None:
    while round_state.current(g.state) == "dummy":
        g.run("dummy_turn")
