"""The commands of README.md, docs/CHANGELOG.md, docs/performance.md, docs/reports.md and docs/verdicts.md run as
written, in order (tests/docs_commands.py)."""
import pytest

from tests.docs_commands import GROUPS, ROOT, run_page


@pytest.mark.parametrize("page", GROUPS["readme"])
def test_every_command_of_the_page_runs_as_written(page, tmp_path, monkeypatch):
    failures = run_page(ROOT / page, tmp_path / "reader", monkeypatch)
    assert not failures, "\n\n".join(failures)


def test_the_lists_of_what_does_not_run_here_are_exact():
    """Every page with commands runs in one group or elsewhere; each SKIPPED entry names one command;
    and the Dask command at a private address is among them (it must never run)."""
    from tests.docs_commands import ELSEWHERE, LONG, SKIPPED, commands, skipped
    from tests.test_docs import PAGES
    with_commands = {p.relative_to(ROOT).as_posix() for p in PAGES if commands(p)}
    grouped = [page for pages in GROUPS.values() for page in pages]
    assert len(grouped) == len(set(grouped)) and with_commands == set(grouped) | set(ELSEWHERE)
    for (page, part), why in {**SKIPPED, **LONG}.items():
        hits = [argv for _, argv in commands(ROOT / page) if part in " ".join(argv)]
        assert len(hits) == 1, f"{page}: {part!r} matches {len(hits)} commands"
    dask = [(p, " ".join(argv)) for p in PAGES for _, argv in commands(p) if "--scheduler" in argv]
    assert dask and all(skipped(p, text) for p, text in dask)


def test_a_toml_block_naming_its_file_is_saved_as_the_reader_would(tmp_path):
    from tests.docs_commands import toml_files
    assert "my_rule.toml" in toml_files(ROOT / "README.md")
    page = tmp_path / "p.md"
    page.write_text("```toml\n# a.toml: x\nk = 1\n```\n```toml\n# file: b/c.toml\n```\n```\n# d.toml\n```\n")
    assert toml_files(page) == {"a.toml": "# a.toml: x\nk = 1\n"}


def test_without_chart_pixels_a_chart_is_built_and_saved_as_a_placeholder(tmp_path, monkeypatch):
    """CATAN_BALANCE_CHART_PIXELS=off (the docs commands' setting): the PNG is the 1x1 placeholder and the
    figure is closed; unset, the chart is drawn."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from reports.files import PLACEHOLDER_PNG, save_figure
    from simcore.run.cap import PIXELS_ENV
    for setting, drawn in (("off", False), ("", True)):
        monkeypatch.setenv(PIXELS_ENV, setting)
        fig, ax = plt.subplots(figsize=(2, 1))
        ax.plot([0, 1], [0, 1])
        save_figure(fig, tmp_path / "c.png")
        data = (tmp_path / "c.png").read_bytes()
        assert (data != PLACEHOLDER_PNG) == drawn and data.startswith(b"\x89PNG") and not plt.fignum_exists(fig.number)
        assert plt.imread(tmp_path / "c.png").shape[:2] == ((100, 200) if drawn else (1, 1))
