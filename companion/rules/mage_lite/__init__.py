"""Mage Lite (seed 004), pure: ``game`` (the 18-card solo game: Mini Blitz, its Rounds and verdict, the Fame, hero and
Reputation cards), ``combat`` (its wounds on top of Mage Knight's combat), ``dummy`` (the Main Expansion's Dummy player
counter).

This package names nothing itself: import from its modules.
"""
