"""Runewars (seed 001), pure: ``core`` (battles, duels, attribute tests and limits).

This package names nothing itself: import from its modules.
"""
