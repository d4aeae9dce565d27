"""The solvers run outside the request threads (companion/solvers.py): the same answers through the worker pool
as in the calling thread; an error is raised again; a worker that overruns its hard limit is killed and
replaced and the request gets the clear 400 of an over-budget search. Rulebook (Attack phase 1-2, Ranged and
Siege phase 4a: inefficient attacks summed and halved once) for the plan's example."""
import pytest

from companion import create_app, solvers
from companion.rules.combat.enemies import Enemy, PlayerAttack
from companion.rules.combat.plan import plan_attacks
from companion.rules.dummy import forecast
from tests.test_combat_budget import slowest_plan_input


@pytest.fixture(scope="module")
def pool():
    solvers.configure(pool=True, workers=1)
    yield solvers._pool
    solvers.shutdown()


def test_the_pool_gives_the_answers_of_the_calling_thread(pool):
    """Ice Golem (armor 4, resists physical and ice): physical 3+3 halved once is 3, plus fire 2 doubled: 4+1."""
    enemies = [Enemy("Ice Golem", 4, (), (), ("physical", "ice"), 5), Enemy("Orc", 3, (), (), (), 2)]
    attacks = [PlayerAttack(3, "physical", "melee"), PlayerAttack(3, "physical", "melee"),
               PlayerAttack(2, "fire", "melee"), PlayerAttack(3, "ice", "melee")]
    assert solvers.mode() == "pool"
    assert solvers.solve(plan_attacks, enemies, attacks, "attack") == plan_attacks(enemies, attacks, "attack")
    deck, crystals = {"red": 4, "blue": 3, "green": 2, "white": 1}, {"red": 1}
    assert solvers.solve(forecast, deck, crystals) == forecast(deck, crystals)


def test_an_error_in_a_worker_is_raised_in_the_request(pool):
    with pytest.raises(Exception, match="phase must be one of"):
        solvers.solve(plan_attacks, [], [], "no such phase")


def test_a_worker_past_its_hard_limit_is_replaced_and_the_request_refused(pool, monkeypatch):
    monkeypatch.setattr(solvers, "HARD_LIMIT_S", 0.3)
    enemies, attacks = slowest_plan_input(2)
    replaced = pool.replaced
    with pytest.raises(solvers.SolverBusy):
        solvers.solve(plan_attacks, enemies, attacks, "attack")
    assert pool.replaced == replaced + 1
    monkeypatch.setattr(solvers, "HARD_LIMIT_S", 30)
    out = solvers.solve(plan_attacks, [Enemy("Orc", 3, (), (), (), 2)], [PlayerAttack(3, "physical", "melee")],
                        "attack")
    assert out.fame == 2  # the new worker answers


def test_the_app_with_the_pool_answers_a_plan_and_refuses_an_overrun_with_a_400(pool, tmp_path, monkeypatch):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "t.db"), "SECRET_KEY": "s", "SOLVER_POOL": True})
    client = app.test_client()
    body = {"phase": "attack", "enemies": [{"name": "Orc", "armor": 3, "fame": 2}],
            "attacks": [{"value": 3, "element": "physical", "kind": "melee"}]}
    resp = client.post("/api/v1/combat/plan", json=body)
    assert resp.status_code == 200 and resp.get_json()["fame"] == 2
    monkeypatch.setattr(solvers, "HARD_LIMIT_S", 0.3)
    enemies, attacks = slowest_plan_input(3)
    body = {"phase": "attack",
            "enemies": [{"name": e.name, "armor": e.armor, "fame": e.fame, "resistances": list(e.resistances)}
                        for e in enemies],
            "attacks": [{"value": a.value, "element": a.element, "kind": a.kind} for a in attacks]}
    resp = client.post("/api/v1/combat/plan", json=body)
    assert resp.status_code == 400 and "too long" in resp.get_json()["error"]


def test_more_solver_requests_than_allowed_are_refused_at_once(pool, monkeypatch):
    """The server's threads stay free for the table: beyond MAX_PENDING, a solver request is refused (400)."""
    monkeypatch.setattr(solvers, "MAX_PENDING", 0)
    with pytest.raises(solvers.SolverBusy, match="busy"):
        solvers.solve(forecast, {"red": 1}, {})
    monkeypatch.setattr(solvers, "MAX_PENDING", 4)
    assert solvers.solve(forecast, {"red": 1}, {}) == forecast({"red": 1}, {})
