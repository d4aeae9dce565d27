"""Builders for enemies and attacks in the combat engine tests."""

from companion.rules.combat.enemies import Enemy, EnemyAttack, PlayerAttack


def E(name="Orc", armor=3, attacks=((3, "physical"),), abilities=(), resistances=(), fame=2, **kw):
    return Enemy(name, armor, tuple(EnemyAttack(v, el) for v, el in attacks), tuple(abilities), tuple(resistances),
                 fame, **kw)


def A(value, element="physical", kind="melee"):
    return PlayerAttack(value, element, kind)
