"""The commands of docs/players.md run as written, in order (tests/docs_commands.py)."""
import pytest

from tests.docs_commands import GROUPS, ROOT, run_page


@pytest.mark.parametrize("page", GROUPS["players"])
def test_every_command_of_the_page_runs_as_written(page, tmp_path, monkeypatch):
    failures = run_page(ROOT / page, tmp_path / "reader", monkeypatch)
    assert not failures, "\n\n".join(failures)
