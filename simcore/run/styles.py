"""How results name the strong player restricted to a style (docs/players.md, A strong player restricted
to a style): `strong:landlord` for { policy = "strong", style = "landlord" }, so that the reports' style
verdicts (less fair for the styles, trap / must) tell its styles apart and a question about `landlord`
finds the seat that plays it at the strong player's strength.  Pure names: the reports and the run layer
share them."""
STRONG = "strong"
PLAYED_BY = "played_by"   # the scenario key of --players strong (simcore.run.played_by)


def styled(style):
    """'strong:landlord': the name of the strong player restricted to `style`."""
    return f"{STRONG}:{style}"


def policy_name(policy, search):
    """The name a seat plays under (policy: its preset; search: its SeatSpec.search): a styled strong
    seat's styled(style), else the policy."""
    return styled(search["style"]) if policy == STRONG and set(search or {}) == {"style"} else policy


def seats_playing(names, policy):
    """The indices of `names` (policy names by seat) that play `policy`: those named so, else (none is)
    the strong player restricted to it (`landlord` finds `strong:landlord` under --players strong)."""
    exact = [i for i, x in enumerate(names) if x == policy]
    return exact or [i for i, x in enumerate(names) if x == styled(policy)]


def shown_name(names, policy):
    """How `policy` is named among `names`: itself, or styled(policy) where only that plays."""
    found = seats_playing(names, policy)
    return names[found[0]] if found else policy
