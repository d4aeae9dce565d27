"""The Round flow (Rulebook, "Playing a Round"; Scenario Book): a feature package as ``combat`` is, the one the other
features stand on.

The scenario as played (``scenario_info``: a leaf every feature asks; ``scenario_rules``: its special rules' start
values and commands; ``scenario_play``: the hooks the combat, recruit and round code call; ``scenario_end``: the
scenario's end), where a Round stands (``round_state``: read only), the Round's commands and reducers
(``round_commands``, ``rounds``), turns (``round_tokens``: turns missed and ended; ``turn_owner``: who may act;
``hand_limit``), a new game's set-up (``setup``), the trackers players fill in from the real board (``trackers``) and
the board page's queries (``board``). Its modules import the spine and each other, never a feature but the two
``pyproject.toml`` declares: ``round_commands`` hands the Dummy player's turn to ``dummy.turns``, and ``setup`` hands
a Runewars set-up to ``runewars.setup``.
"""
