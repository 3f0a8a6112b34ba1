"""The Robin Hood results' codes (RULES.md §3): records.RB_WINNER (the side that won)
and records.RB_ENDING (how the game ended), with their names.  Pure Python, so that
reading results (reports.robin) needs no compiler; simcore.robin_board has the rest
of the mode's codes."""
SIDE_DRAW, SIDE_SHERIFF, SIDE_ROBIN = 0, 1, 2
SIDE_NAMES = ("draw", "sheriff", "robin")
ENDING_NONE, ENDING_ROBIN_TARGET, ENDING_SHERIFF_TARGET, ENDING_ENCLOSURE, ENDING_MAX_TURNS = range(5)
ENDING_NAMES = ("none", "robin_target", "sheriff_target", "enclosure", "max_turns")
