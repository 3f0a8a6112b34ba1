"""Shared helpers: small scenario files written on the fly."""
import pytest

SMALL = """\
name = "small"
description = "test scenario"
games = 24
seed = 7
players = 4
seats = ["greedy", "roads", "devcards", "random"]
"""


@pytest.fixture
def scenario_file(tmp_path):
    """write(text=SMALL, name='small.toml') -> path of a scenario file in tmp_path."""
    def write(text=SMALL, name="small.toml"):
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return path
    return write
