"""Mage Knight's combat with enemies, pure (Rulebook "Combat with Enemies", "Combat Outcomes", "City Assaults"; the
quick reference's enemy abilities): ``enemies`` (the enemy token, its site, the checks), ``attack`` (a player's attack
resolved), ``block`` (the Block phase), ``damage`` (Assign Damage and its suggestion), ``outcomes`` (Fame, Reputation,
conquest), ``plan`` (the attack planner), ``budget`` (the exact searches' CPU budget), ``reference`` (brute-force
references for the tests), ``odds`` (the draw odds of an enemy token pile).

This package names nothing itself: import from its modules (tools/move_imports.py reads a name imported from the
package as one of the old ``combat.py``).
"""
