"""CATAN_BALANCE_GAMES_CAP: a ceiling on the games a command plays (a scenario's games, each sweep
setting's, bench's, tune's budget, train's budget and holdout), CATAN_BALANCE_PAGES_CAP on the replay
pages a report writes (simcore.commands.reporting.game_pages) and CATAN_BALANCE_CHART_PIXELS=off (each
chart's figure built, its PNG a blank placeholder: reports.files.save_figure), for the tests that execute
the documentation's commands as written (tests/test_docs_run_*.py), where a dozen games make the charts'
drawing most of a report's time; the charts themselves are checked by the report tests.  Unset, as for
every user, nothing changes."""
import os

ENV = "CATAN_BALANCE_GAMES_CAP"
PAGES_ENV = "CATAN_BALANCE_PAGES_CAP"
PIXELS_ENV = "CATAN_BALANCE_CHART_PIXELS"


def games_cap(games, least=1):
    """`games`, or under CATAN_BALANCE_GAMES_CAP=N at most N (but at least `least`, where a command needs it)."""
    text = os.environ.get(ENV, "").strip()
    if not text or games <= int(text):
        return games
    return max(least, int(text))


def pages_cap():
    """The most replay pages a report writes: None (every chosen game's), or N under CATAN_BALANCE_PAGES_CAP=N."""
    text = os.environ.get(PAGES_ENV, "").strip()
    return int(text) if text else None


def chart_pixels():
    """False under CATAN_BALANCE_CHART_PIXELS=off (a chart's PNG is a placeholder), else True."""
    return os.environ.get(PIXELS_ENV, "").strip().lower() != "off"
