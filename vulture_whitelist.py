"""Names vulture (at 80 % confidence) would call unused, each with the reason it is not dead code.

Empty today: at 80 % confidence vulture reports unused imports, variables and unreachable code, and the package has
none. Functions registered by a decorator (``@command``, ``@reducer``, Flask routes) are reported only at 60 %
confidence, so they need no entry here. Add an entry as ``_.name  # why it is used`` when one is needed.
"""
