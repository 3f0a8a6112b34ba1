"""CATAN_BALANCE_GAMES_CAP: a ceiling on the games a command plays (a scenario's games, each sweep
setting's, bench's, tune's budget, train's budget and holdout), for the tests that execute the
documentation's commands as written (tests/test_docs_run_*.py).  Unset, as for every user, nothing changes."""
import os

ENV = "CATAN_BALANCE_GAMES_CAP"


def games_cap(games, least=1):
    """`games`, or under CATAN_BALANCE_GAMES_CAP=N at most N (but at least `least`, where a command needs it)."""
    text = os.environ.get(ENV, "").strip()
    if not text or games <= int(text):
        return games
    return max(least, int(text))
