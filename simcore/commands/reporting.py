"""Reports of results folders as the commands write them: a run's or a sweep's (with pages replaying a
few chosen games), a ladder's, a comparison of runs; each under the folder's writer's lock
(simcore.run.lock), the reader's text on standard output, the files written on standard error."""
import contextlib
import dataclasses
import sys
from pathlib import Path

from simcore.engine.errors import InputError
from simcore.run import lock
from simcore.run.grid import check_correction, check_margin
from simcore.run.interrupts import Interrupted
from simcore.run.out_folder import check_out
from simcore.run.outputs import read_json


def say(text):
    """Text for the reader on standard output, its prose wrapped to the terminal's width."""
    from reports.fmt import fit_terminal
    print(fit_terminal(text), flush=True)


def note(text):
    print(text, file=sys.stderr, flush=True)


@contextlib.contextmanager
def played(out):
    """Ctrl-C once every game is played (the summary, the tables, the report): one line on what is
    kept and the command that finishes the report, exit 130."""
    try:
        yield
    except KeyboardInterrupt:
        raise Interrupted(f"interrupted while writing the report; the games in {out} are complete and kept: "
                          f"`catan-balance report {out}` writes the report") from None


def write(out, skip, study=None, quiet=False):
    """Write the report of the results in `out` (or drop a stale one with --no-report); return its tables.
    Ctrl-C: the line of played(), or (quiet: a part of a bigger command) KeyboardInterrupt to the caller.
    Holds the writer's lock of `out` (the caller's already, after a run)."""
    with lock.writing(out), contextlib.nullcontext() if quiet else played(out):
        from reports.report import remove_stale, terminal_text, write_report
        from reports.study import open_results
        from reports.tables import all_tables
        if skip:
            if remove_stale(out):
                note(f"{out}: removed the report of earlier results (--no-report)")
            return None
        study = study or open_results(out)
        tables = all_tables(study)
        paths = write_report(study, tables, games=game_pages(study))
        if not quiet:
            say("\n" + terminal_text(study, tables))
    note(f"report -> {paths['html']} ({len(paths['charts'])} charts; tables in {Path(out) / 'tables'})")
    return tables


def writing_report(results):
    """The writer's lock of a results folder for its report; one error line when a command still
    writes it or one of its settings (a sweep's, a ladder's), instead of a report of part of it."""
    if not results.is_dir():
        return contextlib.nullcontext()   # (open_results says what is wrong)
    advice = "wait until it ends (it writes the report itself, unless run with --no-report)"
    meta = read_json(results / "meta.json")
    settings = (meta.get("settings") if isinstance(meta, dict) else None) or []   # (damaged: open_results says so)
    lock.check_idle([results / e["dir"] for e in settings if isinstance(e, dict) and isinstance(e.get("dir"), str)],
                    advice)
    return lock.writing(results, advice)


def rewrite(results, baseline, correction, margin):
    """`catan-balance report`: the report of a run's, a sweep's or a ladder's folder written again
    (--correction, --margin checked here)."""
    from reports.study import open_results
    with writing_report(results):
        meta = read_json(results / "meta.json")
        if isinstance(meta, dict) and meta.get("kind") == "ladder":
            return ladder_report(results, check_margin(margin))
        write(results, False, study=open_results(results, baseline, check_correction(correction), check_margin(margin)))


def ladder_report(results, margin, command=None, lead="", paths_line="report -> {html}"):
    """A ladder's report (reports.ladder_report) from its folder; command: the line that reproduces it
    [default: the one its verdicts.json keeps]."""
    from reports.ladder import read_ladder
    from reports.ladder_report import terminal_text, write as write_ladder
    command = command or (read_json(results / "verdicts.json") or {}).get("command") or \
        f"catan-balance report {results}"
    result = read_ladder(results, margin)
    paths = write_ladder(result, command)
    say(lead + terminal_text(result))
    note(paths_line.format(**paths))


def check_study_out(out):
    """The folder of a study (compare, tune, train, robust) holds no simulation results."""
    check_out(out)
    if out.exists() and not out.is_dir():
        raise InputError(f"{out}: is a file, not a directory; use --out for another directory")
    meta = read_json(out / "meta.json") or {}
    if (out / "games.csv").exists() or meta.get("kind") in ("run", "sweep"):
        raise InputError(f"{out}: holds simulation results; use --out for another directory")


def compare(dirs, out, correction, margin, no_report):
    """`catan-balance compare`: runs against the first, a table on standard output and the report
    (--correction, --margin checked here) in `out` [default: results/compare-<names>]."""
    from simcore.run.grid import slug
    out = out or Path("results") / slug(0, "compare-" + "-".join(Path(d).name for d in dirs))[3:]
    from reports import display
    from reports.files import save_table
    from reports.fmt import format_columns
    from reports.report import terminal_text, write_report
    from reports.study import compare_runs
    from reports.tables import all_tables
    lock.check_idle(dirs, "wait until it ends, then compare")   # (a reader: it takes no lock of theirs)
    with lock.writing(out):
        check_study_out(out)
        study = compare_runs(dirs, out, check_correction(correction), check_margin(margin))
        tables = all_tables(study)
        made = display.comparisons(study, tables["comparisons"])
        if made:
            headers = [h[0] if isinstance(h, tuple) else h for h in made[0]]   # (label, raw name): the label
            print(format_columns(headers, made[1], align=("ll" + "r" * 4 + "lrrll")[:len(headers)]), flush=True)
        say("\n" + terminal_text(study, tables))
        if no_report:
            (out / "tables").mkdir(parents=True, exist_ok=True)
            path = save_table(tables["comparisons"], out / "tables" / "comparisons.csv")[0]
            return note(f"comparison -> {path}")
        paths = write_report(study, tables)
        note(f"comparison -> {paths.get('comparisons', out / 'tables')}; report -> {paths['html']}")


# --- replaying games: event logs, board pictures, pages ---

def check_replay_files(log, png, page):
    """`catan-balance replay`'s files, checked before the game is replayed."""
    if log is None and png is None and page is None:
        raise InputError("replay: nothing to write; allowed: --log FILE.jsonl, --png FILE.png, --html FILE.html "
                         "(any of them)")
    for flag, path in (("--log", log), ("--png", png), ("--html", page)):
        if path is not None and (path.is_dir() or not path.absolute().parent.is_dir()):
            why = "is a folder" if path.is_dir() else f"no folder {path.absolute().parent}"
            raise InputError(f"{flag} {path}: {why}; allowed: a file in a folder that exists")


def replay(scenario, game, log=None, png=None, page=None):
    """Game `game` of the run `scenario` describes played again: its events to `log` (JSON Lines), a
    picture of the board at its end to `png`, a page stepping through it to `page`."""
    from simcore.run.outputs import write_jsonl
    from simcore.run.runner import replay as replay_game
    game_seed, events = replay_game(scenario, game)
    if page is not None:
        from reports.replay_page import check_length
        check_length(events, "replay --html")     # before anything is written
    if log is not None:
        write_jsonl(log, events)
        note(f"game {game} (seed {game_seed}): {len(events)} events -> {log}")
    if png is not None:
        board_png(scenario, game, game_seed, events, png)
    if page is not None:
        write_game_page(scenario, game, game_seed, events, page)
        note(f"game {game} (seed {game_seed}): a page stepping through {len(events) - 1} events -> {page}")


def write_game_page(scenario, game, game_seed, events, path, setting=""):
    """The replay page of game `game` (reports.replay_page; `setting`: the sweep setting's label),
    written whole or not at all."""
    from reports.files import write_text
    from reports.replay_page import replay_html
    title, labels = board_title(scenario, game, game_seed, events)
    title = f"{title} ({setting})" if setting else title
    write_text(path, replay_html(events, title, scenario.description, labels, dataclasses.asdict(scenario.rules)))


def game_pages(study):
    """Replay pages of a few chosen games of each of the study's runs, written under games/ beside
    its report (reports.game_picks): {run index: ([(why, game, path)], note)} for the report's links.
    A run whose scenario plays its games differently now gets a note instead (simcore.run.replay_runs)."""
    from reports.game_picks import chosen_games, page_path, remove_stale
    from simcore.run.cap import pages_cap
    from simcore.run.replay_runs import NotTheSameGame, replay_played, run_scenario
    pages, kept, left = {}, set(), pages_cap()
    for k, run in enumerate(study.runs):
        links, why_not = [], None
        try:
            scenario = run_scenario(run.meta)
            chosen = chosen_games(run, median=len(study.runs) == 1)   # a sweep: 2 a setting
            if left is not None:
                chosen, left = chosen[:left], left - len(chosen[:left])
            for why, game in chosen:
                seed, events = replay_played(scenario, game, (run.seeds[game], run.winner_seat[game], run.turns[game]))
                path = page_path(study, k, run, game)
                path.parent.mkdir(parents=True, exist_ok=True)
                write_game_page(scenario, game, seed, events, path, run.label if len(study.runs) > 1 else "")
                links.append((why, game, path))
                kept.add(path)
        except (NotTheSameGame, InputError) as e:   # InputError: a game too long for a page
            links, why_not = [], f"No game linked: {e}."
        pages[k] = (links, why_not)
    remove_stale(study, kept)
    return pages


def board_title(scenario, game, game_seed, events):
    """(title, policy label per table seat) of the board picture of game `game`."""
    from reports.fmt import seat_label
    from reports.variants import board_outcome
    # game g seats scenario seat (s + g) % (number of seats) at table seat s (simcore.engine.game.seat_specs)
    specs = [(s + game) % len(scenario.seats) if scenario.rotate_seats else s for s in range(scenario.players)]
    labels = [seat_label(scenario.seats[k]) for k in specs]
    end = next((e for e in reversed(events) if e["type"] == "game_end"), {})
    winner = end.get("winner", -1)
    outcome, turns = (f"seat {winner} won" if winner >= 0 else "no winner"), "player-turns"
    outcome, turns = board_outcome(events) or (outcome, turns)   # a solo mode's own outcome
    return f"{scenario.name}, game {game} (seed {game_seed}): {outcome} after {end.get('turns', '?')} {turns}", labels


def board_png(scenario, game, game_seed, events, png):
    from reports.board import draw_board
    from reports.files import save_figure
    from reports.variants import REGISTRY
    title, labels = board_title(scenario, game, game_seed, events)
    layers = [layer for entry in REGISTRY.values() for layer in entry.board_layers]
    save_figure(draw_board(events, labels, title, layers), png)
    note(f"game {game} (seed {game_seed}): board at the end -> {png}")
