"""What the host's phone does for a player reads as one sentence that names the player once and says the host did
it (README: "Only the phone whose turn it is (or the host's, and the log says so) ends that turn"). Found by a
first-evening walkthrough: the log read "Ben's turn is over. (by the host for Ben)". Stored events keep their
sentence (the wrapper's msgid): only how it reads changed, in English and in German."""

from companion.game.spine.sentences import render_sentence, sentence
from companion.i18n import merged_catalog

HOST_FOR = "%(what)s (by the host for %(name)s)"


def wrapped(inner, name):
    """The sentence game.spine.command.run records when the host acts for a player (as stored games hold it)."""
    return {"msg": HOST_FOR, "args": {"what": inner, "name": name}, "t": [], "nested": "what"}


def german():
    catalog = merged_catalog("de")
    return lambda m: (catalog.get(m).string if catalog.get(m) is not None and catalog.get(m).string else m)


def test_a_turn_the_host_ends_names_the_player_once():
    s = wrapped(sentence("%(name)s's turn is over.", name="Ben"), "Ben")
    assert render_sentence(s) == "Ben's turn is over (by the host)."
    de = render_sentence(s, german(), "de")
    assert de == "Der Zug von Ben ist vorbei (vom Gastgeber)." and de.count("Ben") == 1


def test_a_sentence_that_does_not_name_the_player_says_for_whom():
    s = wrapped(sentence("Combat: %(phase)s.", translate=("phase",), phase="Block phase"), "Ben")
    assert render_sentence(s) == "Combat: Block phase (by the host for Ben)."


def test_an_undone_host_entry_and_an_unreadable_one_still_render():
    undone = {"msg": "Undone: %(what)s", "args": {"what": wrapped(sentence("%(name)s's turn is over.", name="Ben"),
                                                                   "Ben")}, "t": [], "nested": "what"}
    assert render_sentence(undone) == "Undone: Ben's turn is over (by the host)."
    assert render_sentence({"msg": HOST_FOR, "args": {"what": "text", "name": "Ben"}, "t": [], "nested": "what"}) \
        == "text (by the host for Ben)"
    assert render_sentence({"msg": HOST_FOR, "args": {"what": {"msg": 5}, "name": "Ben"}, "nested": "what"})
