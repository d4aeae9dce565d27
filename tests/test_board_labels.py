"""Labels a first-time player reads without help, in both languages: the round order's places and its button, the
hand limit's button say what they do (Rulebook: the Round Order; German as in the German rulebook, seed 002:
"Handkartenlimit")."""

import pytest

from tests.game_helpers import GameTable


@pytest.mark.parametrize("lang,place,save,hand", [
    ("en", "Position 2 in the round order", "Save this round order", "Use this hand limit"),
    ("de", "Platz 2 in der Zugfolge", "Diese Zugfolge übernehmen", "Dieses Handkartenlimit verwenden"),
])
def test_the_round_order_and_hand_limit_buttons_say_what_they_do(app, lang, place, save, hand):
    t = GameTable(app, "full_conquest", "competitive", [("Anna", "arythea"), ("Ben", "tovak")])
    t.client.post("/lang", data={"lang": lang})
    html = t.client.get(f"/games/{t.id}").get_data(as_text=True)
    assert place in html
    assert f'data-testid="round-order-save">{save}</button>' in html
    assert f'data-testid="hand-limit-save-0">{hand}</button>' in html
    assert ">Set<" not in html and ">Festlegen<" not in html


@pytest.mark.parametrize("lang,says", [
    ("en", "Anna fights: tap the kind of fight to start it (Armor from the Fame track)."),
    ("de", "Anna kämpft: Tippe auf die Art des Kampfes, um ihn zu beginnen (Rüstung von der Ruhmesanzeige)."),
])
def test_the_one_tap_fights_say_who_fights_and_what_a_tap_does(app, lang, says):
    """The combat page's one-tap fights (German: "Ruhmesanzeige", the Fame track of the German rulebook, seed 002)."""
    t = GameTable(app, "full_conquest", "competitive", [("Anna", "arythea"), ("Ben", "tovak")])
    t.client.post("/lang", data={"lang": lang})
    assert says in t.client.get(f"/games/{t.id}/combat").get_data(as_text=True)
