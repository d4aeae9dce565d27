"""The attack plan on real fights: enemies drawn from the real tokens (rules_data/enemies), attacks as a hand and
units give them. Shared by benchmarks/plan_solvers.py and the tests."""
from __future__ import annotations

import random

from companion.rules.combat.enemies import PlayerAttack, enemy_from_token
from companion.rules.data import get_rules

ELEMENT_WEIGHTS = (("physical", 6), ("fire", 2), ("ice", 2), ("cold_fire", 1))
KIND_WEIGHTS = (("melee", 6), ("ranged", 2), ("siege", 1), ("sideways", 1))


def _pick(rng: random.Random, weights) -> str:
    names, w = zip(*weights)
    return rng.choices(names, w)[0]


def real_fight(seed: int, n_enemies: int, n_attacks: int):
    """``n_enemies`` tokens drawn from the rules data (with repeats, as the piles have several of each) and
    ``n_attacks`` attacks of value 1-7 (cards, units, sideways plays of 1), for the Attack phase."""
    rng = random.Random(seed)
    ids = sorted(get_rules().enemies)
    enemies = [enemy_from_token(rng.choice(ids)) for _ in range(n_enemies)]
    attacks = []
    for _ in range(n_attacks):
        kind = _pick(rng, KIND_WEIGHTS)
        if kind == "sideways":
            attacks.append(PlayerAttack(1, "physical", "sideways"))
        else:
            attacks.append(PlayerAttack(rng.randint(1, 7), _pick(rng, ELEMENT_WEIGHTS), kind))
    return enemies, attacks
