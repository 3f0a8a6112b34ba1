"""The variants' findings in plain words, referenced from their entries in reports.variants (`says`).

Each function takes (study, tables) and returns a sentence or two for the report's
"What this says" (and the terminal), or "" when the results hold nothing of the variant.
Numbers come from the win_rates table (the variant's outcome groups), so they match its rows.
"""
from reports import fmt

SOLO_PLAYER = "the Sheriff"   # the one player of a one-player run (only Robin Hood has one, RULES.md §3)

# The Robin Hood outcomes (reports.variants `categories`) as the report names them.
ENDING_WORDS = (("robin_target", "Robin at his target"), ("sheriff_target", "the Sheriff at his target"),
                ("enclosure", "enclosure (Robin fenced in)"), ("max_turns", "the turn limit"))
SIDE_WORDS = {"sheriff": "the Sheriff's wins", "robin": "Robin's wins", "draw": "draws"}
ROBIN_OUTCOME_WORDS = {"robin_winner": SIDE_WORDS,
                       "robin_ending": {code: f"games ending with {words}" for code, words in ENDING_WORDS}}


def _shares(rates, group, setting):
    """outcome -> table row of one setting's outcome group."""
    sub = rates[(rates["group"] == group) & (rates["setting"] == setting)]
    return {r.outcome: r for r in sub.itertuples()}


def _share(rows, outcome):
    """The share of games with this outcome (0 when it never happened: it has no row)."""
    return rows[outcome].rate if outcome in rows else 0.0


def _rated(rows, outcome):
    r = rows.get(outcome)
    return fmt.rate(r.rate, r.ci_lo, r.ci_hi) if r is not None else "0.0%"


def _span(values):
    return fmt.span(min(values), max(values))


def robin_hood(study, tables):
    """Who wins (the Sheriff, Robin, draws) and how games end: for one run, or its range over settings."""
    rates = tables["win_rates"]
    if not len(rates) or not (rates["group"] == "robin_winner").any():
        return ""
    labels = [r.label for r in study.runs]
    sides = {s: _shares(rates, "robin_winner", s) for s in labels}
    endings = {s: _shares(rates, "robin_ending", s) for s in labels}
    if len(labels) == 1:
        s, run = labels[0], study.runs[0]
        side, end = sides[s], endings[s]
        ended = [f"{words} in {fmt.pct(_share(end, code))}" for code, words in ENDING_WORDS]
        return (f"Over {fmt.count(run.games)} games the Sheriff won {_rated(side, 'sheriff')} and Robin "
                f"{_rated(side, 'robin')}; {fmt.pct(_share(side, 'draw'))} were draws. Games ended with "
                f"{', '.join(ended[:-1])} and {ended[-1]}.")
    sheriff = {s: _share(sides[s], "sheriff") for s in labels}
    best, worst = max(labels, key=sheriff.get), min(labels, key=sheriff.get)
    games = fmt.count(study.runs[0].games) if len({r.games for r in study.runs}) == 1 else "several"
    ended = "; ".join(f"{words} {_span([_share(endings[s], code) for s in labels])}" for code, words in ENDING_WORDS)
    return (f"The Sheriff won most often with {best}: {_rated(sides[best], 'sheriff')}, and least often with "
            f"{worst}: {_rated(sides[worst], 'sheriff')} ({games} games per setting). Robin won "
            f"{_span([_share(sides[s], 'robin') for s in labels])} of the games, draws were "
            f"{_span([_share(sides[s], 'draw') for s in labels])}. Endings over the settings: {ended}.")
