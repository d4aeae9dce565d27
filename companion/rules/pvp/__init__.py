"""Player versus Player combat and the cooperative city assault split, pure (Rulebook "Player versus Player Combat",
"Cooperative City Assault"): ``fight``. It stands on Mage Knight's combat (rules/combat/): one of the two imports
between the rules' rooms that the layers contract in pyproject.toml declares.

This package names nothing itself: import from its modules.
"""
