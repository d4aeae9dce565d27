"""Kept for imports of earlier versions: the trackers live in ``companion.game.trackers``."""

from .game.trackers import *  # noqa: F401,F403
from .game.trackers import CORRECTABLE_ABILITIES, REWARD_TEXT, day_night_order  # noqa: F401
