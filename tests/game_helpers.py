"""Helpers shared by the web tests."""

import re


def new_game(client, scenario="full_conquest", mode="competitive", players=(("Anna", "arythea"), ("Ben", "tovak")),
             **extra):
    data = {"scenario": scenario, "mode": mode, **extra}
    for i, (name, hero) in enumerate(players):
        data[f"name_{i}"] = name
        if hero:
            data[f"hero_{i}"] = hero
    resp = client.post("/games", data=data)
    assert resp.status_code == 303, resp.get_data(as_text=True)
    game_id = int(re.search(r"/games/(\d+)/who", resp.headers["Location"]).group(1))
    return game_id


def seq_of(client, game_id):
    html = client.get(f"/games/{game_id}").get_data(as_text=True)
    return int(re.search(r'data-seq="(\d+)"', html).group(1))
