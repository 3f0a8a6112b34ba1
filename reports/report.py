"""Write the report of a study: tables (CSV, Parquet with pyarrow), charts (PNG), report.md and report.html.

    from reports.report import write_report
    paths = write_report(open_results("results/vp-red-sweep"))

Layout inside the study's directory (compare: the --out directory):
    tables/<name>.csv      the numbers (reports.tables), one file per table
    charts/<name>.png      the charts
    report.md              text, tables and links to the charts
    report.html            the same in one self-contained file (charts embedded); written last
Every file is written under a temporary name and renamed, so a file that
exists is complete; report.html existing means the whole report is.
"""
from pathlib import Path

import numpy as np

from reports import charts as C
from reports.answer import box as answer_box
from reports import display as D
from reports import feel as F
from reports import feel_charts as FC
from reports import fmt
from reports import labels as L
from reports import narrative as N
from reports import options as O
from reports import skill as S
from reports.robustness import robustness
from reports import verdicts as V
from reports.files import save_figure, save_table, write_text
from reports.game_picks import link_blocks
from reports.render import to_html, to_markdown
from reports.tables import all_tables
from reports.variants import REGISTRY, solo_player
from simcore.run import grid
from simcore.run.styles import PLAYED_BY
from simcore.run.outputs import remove_report

WIN_RATE = ("Win rate: games won / games played (per table seat), or wins / seats played (per policy: a policy in "
            "two seats of 1,000 games has 2,000 seat-games). Games without a winner count as lost for every seat.")
INTERVALS = ("95% intervals in brackets: Wilson score intervals for rates; Newcombe's hybrid score interval for a "
             "difference of two rates (paired version when both settings played the same games); normal intervals "
             "for means.")
SEATS = [
    "Table seat k is the k-th player to move (seat 0 starts). With rotating seats every scenario seat (policy) "
    "plays every table position equally often.",
    "Seat effect: how far a seat's win rate typically is from the average seat's (the root of the variance of the "
    "seat win rates), in percentage points (pp), corrected for dice noise: its square is estimated without bias, "
    "so equal seats give about 0 at any number of games, and a setting does not look fairer or less fair because "
    "it had more games. Its interval is two-sided 95% (Neyman's construction ordered by likelihood ratio, from the "
    "chi-square test of equal seats): it covers the true effect in 95% of runs, 0 included, and its lower end is "
    "above 0 exactly where that test rejects at 5%. In a sweep or comparison the intervals are simultaneous "
    "(each at 1 - 0.05 / settings: 95% jointly) and agree with the Bonferroni-corrected p beside them. The raw "
    "spread (largest minus smallest seat win rate) is in tables/fairness.csv with the spread dice noise alone "
    "would give.",
    "Less fair: a setting whose loss (the squared effect) is shown larger than another setting's by Holm's "
    "method over every pair of settings (a closed test): the chance of calling any setting less fair that is in "
    "truth as fair as the fairest is at most 5%, whatever the number of settings. The others are 'not told apart' "
    "from the fairest estimate at the games played: not shown equal. With --margin PP, 'equivalent to the fairest' "
    "means the simultaneous intervals show the setting's effect within PP of the smallest true one. "
    "verdicts.json holds these verdicts for the seats, the styles and a variant's own question.",
    "One 5% per report: where a report says more than these verdicts (--margin's 'equivalent', a variant's or "
    "the scenario's question; in a single run, the chi-square tests of equal seats and of equal styles), its 5% is "
    "split evenly over those families and each sentence names its share (verdicts.json: `budget`), so the chance "
    "that anything it says about differences is false stays at most 5%.",
    "Style effect (policy parity): the same for the policies' win rates per seat played.",
    "Chi-square p: test that every seat wins equally often (goodness of fit on the won games; exact, by "
    "simulating equal seats, when fewer than 5 wins per seat are expected).",
]
SOLO_STYLES = ("Policy effect: how far a policy's win rate typically is from the average, corrected for noise "
               "(its square is estimated without bias); tested with the chi-square test of a policies x won/lost "
               "table, with the two-sided 95% interval that agrees with it. Less fair: shown by Holm's "
               "method over every pair of settings (family-wise error 5%; the losses' covariance from resampled "
               "games); verdicts.json holds the verdicts.")
TESTS = [
    "Differences against the baseline: each setting's rate minus the baseline's. Paired settings (the same game "
    "seeds, common random numbers) are tested with the exact McNemar test on the games where exactly one of the "
    "two settings had the outcome; unpaired ones with a Pearson chi-square test (Fisher's exact test when an "
    "expected count is below 5). Outcomes that never (or always) happen in both settings are not tested.",
    "Corrected p: all p-values of one table are one family, adjusted with Holm's step-down method (family-wise "
    "error) or, with --correction bh, Benjamini-Hochberg (false discovery rate). 'Significant' means corrected "
    "p < 0.05. The tested differences of How the game plays are corrected together with the differences "
    "against the baseline: one family.",
]
FEEL = ("How the game plays: a lead change is another seat taking the lead alone (a tie for the lead changes "
        "nothing); a comeback is a winner behind the leader (or last) after half or three quarters of the game's "
        "player-turns; the decisive share is the part of the game after which the winner led alone to the end "
        "(docs/reports.md, How the game plays).")
FLOWS = ("Resource flows: resource cards {per}, gained by source (dice, setup, trade, steal, development "
         "cards, variant sources) and spent or lost by use; VP by source at the end of the game.")
WATCH = ("Games of these results to step through in a browser, event by event: the board, each player's counts "
         "and VP over the turns (one page each under games/, the same game as games.csv; "
         "`catan-balance replay SCENARIO --game K --html FILE` writes any other).")
OPTIONS = ("Options in play: every choice a rule set gives a player (its declaration's `options`); the line names "
           "those no game used: a rule no player uses cannot be judged by these games.")
HOW_TO_READ = [WIN_RATE, INTERVALS, *SEATS, *TESTS, FLOWS.format(per="per player and game"),
               "Game length: player-turns per game (one turn of one player).", FEEL, OPTIONS]
def solo_how_to_read(who):
    return [
        f"A solo game has one player, {who}: there are no table seats to compare. Win rate: the share of "
        f"games {who} won; per policy: of the games that policy played (the scenario's policies take turns "
        "game by game). The variant's section gives the other side's wins, the draws and the endings.",
        INTERVALS, SOLO_STYLES, *TESTS, FLOWS.format(per="per game"), f"Game length: turns of {who} per game.",
        OPTIONS,
    ]


def active_variants(study):
    """Registry entries whose columns hold something in at least one run."""
    out = []
    for entry in REGISTRY.values():
        for run in study.runs:
            seat_cols, game_cols = entry.columns_in(run.header)
            if any(run.seat_sums[c].abs().sum() > 0 for c in seat_cols if c in run.seat_sums) or \
                    any(_holds_something(run, c) for c in game_cols):
                out.append(entry)
                break
    return out


def _holds_something(run, column):
    """A game column with a value other than 0, -1 (other modes' filler) or empty."""
    if column in run.categories:
        return bool(set(run.categories[column]) - {"-1", "0", ""})
    values = run.measures.get(column)
    return values is not None and bool(np.any(~np.isin(values, (0, -1)) & ~np.isnan(values)))


FOLD_ROWS = 12   # a longer table is folded behind a click in the HTML (report.md shows it whole)


def _figure(doc, images, out, chart, says=None):
    """The chart's image; its finding goes to `says` (the section's one 'What this says')."""
    if chart is None or chart.figure is None:
        return
    path = out / "charts" / f"{chart.name}.png"
    save_figure(chart.figure, path)
    images[chart.name] = path.read_bytes()
    doc.append(("figure", chart.name, chart.title))
    if chart.says and says is not None and chart.says not in says:
        says.append(chart.says)


def _table(doc, made, note="", highlight=()):
    if made:
        headers, rows = made[:2]
        doc.append(("table", headers, rows, note, made[2] if len(made) > 2 else highlight, len(rows) > FOLD_ROWS))


def _section(doc, title, fill):
    """h2, then the section's blocks from fill(blocks, says), with its findings said once under the h2."""
    blocks, says = [], []
    fill(blocks, says)
    if not blocks and not says:
        return
    doc.append(("h2", title))
    if says:
        doc.append(("says", " ".join(x for x in says if x)))
    doc += blocks


def _header(study, doc, tables):
    runs = study.runs
    doc.append(("h1", f"Balance report: {study.title}"))
    if study.description:
        doc.append(("p", study.description))
    n = runs[0].games
    seed = runs[0].summary.get("seed")
    if study.kind == "sweep":
        line = (f"Sweep of {len(runs)} settings over {L.sweep_line(study)}; {n:,} games per setting, seed {seed}. "
                f"Game g has the same seed in every setting (common random numbers), so settings are compared "
                f"game by game. Baseline: {study.base.label}.")
    elif study.kind == "compare":
        line = (f"{len(runs)} runs compared, baseline {study.base.label}; "
                + ("they played the same game seeds, so comparisons are paired game by game."
                   if study.paired else "their game seeds differ, so comparisons are unpaired.")
                + " " + " ".join(N.differs(study)))
    else:
        who = f"{runs[0].players} players" if runs[0].players > 1 else f"a solo game ({solo_player()})"
        line = f"One run of {n:,} games, seed {seed}, {who}."
    doc.append(("p", line))
    version = study.meta.get("version") or runs[0].meta.get("version") or {}
    date = study.meta.get("finished") or study.meta.get("date") or runs[0].meta.get("date")
    if version or date:
        doc.append(("p", f"Results made with catan-balance {version.get('catan_balance', '?')} (engine sources "
                         f"{version.get('engine_sources', '?')}), finished {date or 'unknown'}."))
    if study.missing:
        doc.append(("p", f"Unfinished sweep: {len(study.missing)} settings have no results yet and are left out "
                         f"({', '.join(study.missing)}); `catan-balance sweep ... --resume` completes it."))


def _seat_section(doc, images, out, study, tables):
    """Seat fairness: the seat effect per setting (charts and tables); not for one-player runs."""
    many, sweep = len(study.runs) > 1, study.kind == "sweep"
    rates, fair = tables["win_rates"], tables["fairness"]

    def fill(blocks, says):
        says.append(N.fairness(study, tables) if many else N.seats(study, tables))
        if many:
            _figure(blocks, images, out, C.Chart("fairness", "Seat fairness per setting",
                                                 C.fairness_chart(study, fair), ""), says)
            _figure(blocks, images, out, C.Chart("fairness_heatmap", "Seat fairness over two swept rules",
                                                 C.heatmap(study, fair), N.heatmap(study, tables)), says)
        if sweep:
            _figure(blocks, images, out, C.Chart("win_vs_param_seat", "Win rate by seat against the swept rule",
                                                 C.win_vs_param(study, rates, "seat"), N.trend(study, tables, "seat")),
                    says)
        else:
            _figure(blocks, images, out, C.Chart("win_by_seat", "Win rate by table seat",
                                                 C.win_bars(study, rates, "seat"), ""), says)
        _table(blocks, D.fairness(study, fair), "Seat win rates and the seat effect corrected for dice noise, with "
                                                "the test of equal seats and the verdict" +
               ("; highlighted: the settings not shown less fair, where some are." if many else "."))
        _table(blocks, D.seat_rates(study, rates), "Win rate per table seat with 95% Wilson interval.")
    _section(doc, "Seat fairness", fill)


def _style_blocks(blocks, says, images, out, study, tables):
    """Style fairness (policy parity): the policies' effect per setting."""
    styles = tables.get("style_fairness")
    if styles is None or not len(styles):
        return
    many = len(study.runs) > 1
    says.append(N.styles(study, tables))
    if many:
        chart = C.fairness_chart(study, styles, "policy", "Style fairness per setting", "policies")
        _figure(blocks, images, out, C.Chart("style_fairness", "Style fairness per setting", chart, ""), says)
    played = "game" if study.solo else "seat"
    _table(blocks, D.style_fairness(study, styles), f"Win rate per {played} played by policy and the policy "
                                                    "effect corrected for noise, with the verdict" +
           ("; highlighted: the settings not shown less fair, where some are." if many else "."))


def variant_says(study, tables, variants=None):
    """The active variants' findings in plain words."""
    variants = active_variants(study) if variants is None else variants
    return [text for entry in variants for say in entry.says if (text := say(study, tables))]


def build(study, tables, out, games=None):
    """The document and the chart images (name -> PNG bytes), charts saved under out/charts;
    `games`: the replay pages written beside it (reports.game_picks.link_blocks), linked."""
    doc, images = [], {}
    out = Path(out)
    (out / "charts").mkdir(parents=True, exist_ok=True)
    _header(study, doc, tables)
    doc.append(answer_box(study, tables))
    many, sweep, solo = len(study.runs) > 1, study.kind == "sweep", study.solo
    rates = tables["win_rates"]
    variants = active_variants(study)
    per = study.per_player
    if solo:   # one player: who won is the variant's outcome, said first
        _section(doc, "Who won", lambda blocks, says: says.extend(variant_says(study, tables, variants)))
    else:
        _seat_section(doc, images, out, study, tables)

    def policies(blocks, says):
        policy_chart = C.win_vs_param(study, rates, "policy") if sweep else C.win_bars(study, rates, "policy")
        if policy_chart is None:
            return
        says.append(N.trend(study, tables, "policy") if sweep else N.policies(study, tables))
        _figure(blocks, images, out, C.Chart("win_vs_param_policy" if sweep else "win_by_policy", "Win rate by policy",
                                             policy_chart, ""), says)
        _table(blocks, D.group_rates(study, rates, ["policy"], "policy"),
               (f"Games {solo_player()} won with each policy" if solo else "Wins per seat played") +
               ", 95% Wilson interval.")
        _style_blocks(blocks, says, images, out, study, tables)
    _section(doc, "Policies", policies)

    def skill(blocks, says):   # sweep --skill (reports.skill)
        answer = tables["questions"].attrs.get("answers", {}).get("skill") if "questions" in tables else None
        if answer:
            _figure(blocks, images, out, S.chart(answer), says)
            _table(blocks, S.table(answer), S.caption(answer))
    _section(doc, "Skill gradient", skill)

    def differences(blocks, says):
        if not many:
            return
        says.append(N.differences(study, tables))
        _figure(blocks, images, out, C.Chart("differences", "Differences against the baseline",
                                             C.differences(study, tables["comparisons"]), ""), says)
        _table(blocks, D.comparisons(study, tables["comparisons"]),
               "Every setting against the baseline, outcome by outcome. All rows form one family for the correction; "
               "differences in percentage points (setting minus baseline); the interval and the p beside it are "
               "uncorrected, the corrected p says what is significant.")
    _section(doc, "Differences against the baseline", differences)

    def resources(blocks, says):
        _figure(blocks, images, out, C.Chart("flows", "Resource flows", C.flows_chart(study, tables["flows"]),
                                             N.flows(study, tables)), says)
        _figure(blocks, images, out, C.Chart("vp_sources", "Victory points by source", C.vp_chart(study, tables["flows"])))
        every = f" ('all': every {'policy' if solo else 'seat'} together)" if D.several_policies(study) else ""
        _table(blocks, D.per_policy(study, tables["flows"], "source", ["gain", "spend"]),
               f"Mean resource cards {per}{every}.")
        _table(blocks, D.per_policy(study, tables["flows"], "source", ["vp"], digits=2), "Mean VP by source at the end.")
        base_counters = tables["counters"]
        own = {c for e in REGISTRY.values() for c in e.seat_columns}
        _table(blocks, D.per_policy(study, base_counters[~base_counters["counter"].isin(own)], "counter", digits=2),
               f"Mean {per} at the end: VP, pieces on the board, longest road, knights, cards bought.")
    _section(doc, "Resources and victory points", resources)

    def plays(blocks, says):   # how the game plays (reports.feel; docs/reports.md, How the game plays)
        _figure(blocks, images, out, C.Chart("game_length", "Game length", C.game_length(study),
                                             N.game_length(study, tables)), says)
        _figure(blocks, images, out, C.Chart("game_length_histograms", "Game length per setting",
                                             FC.length_histograms(study)))
        says.extend(F.says(study, tables, D.correction_name(study)))
        _figure(blocks, images, out, C.Chart("lead_and_comebacks", "Lead changes and comebacks",
                                             FC.lead_and_comebacks(study, tables.get("feel"))))
        _table(blocks, D.game_length(tables["game_length"]),
               f"{fmt.capital(study.turns_name)} per game. 5%, 25%, 75%, 95%: the fewest turns that at least that "
               "share of the games did not exceed (a length some game had); median: the middle game (or the mean of "
               "the middle two).")
        _table(blocks, D.feel(study, tables.get("feel")),
               "How the game plays, per game: means with normal 95% intervals; comebacks (the winner behind the "
               "leader, or last, after half or three quarters of the player-turns) as shares of the games with a "
               "winner, 95% Wilson intervals. Definitions: docs/reports.md, How the game plays.")
        _table(blocks, D.feel_differences(study, tables.get("feel_differences")),
               "Every setting against the baseline for the tested measures; these rows and the differences against "
               "the baseline form one family for the correction. Means: paired t test on the same games, else Welch; "
               "shares as the outcomes' (McNemar or chi-square/Fisher).")
    _section(doc, "How the game plays", plays)
    if games:
        doc += [("h2", "Watch a game"), ("p", WATCH), *link_blocks(study, games)]

    for entry in variants:
        _section(doc, entry.title, lambda blocks, says, entry=entry: _variant_blocks(blocks, says, images, out,
                                                                                      study, tables, entry))

    def options(blocks, says):
        for run in study.runs:
            for text in O.lines(run.summary):
                blocks.append(("p", f"{run.label}: {text}" if many else text))
    _section(doc, "Options in play", options)

    read = solo_how_to_read(solo_player()) if solo else [x for x in HOW_TO_READ if many or not x.startswith("Less fair")]
    doc = arrange(doc, answering(study, tables)) + [("fold", "How to read this report", [("ul", read)]),
                                            ("h2", "Reproduce"), ("pre", reproduce(study))]
    return doc, images


def answering(study, tables):
    """The charts that answer the Answer's question: the scenario's own question's first (each setting
    against the baseline: the differences; a policy against the others: the policies' win rates), then
    who wins (a solo mode), the settings' fairness (a sweep, a comparison: with its differences), the
    seats and styles (a run)."""
    answers = tables["questions"].attrs.get("answers", {}) if "questions" in tables else {}
    own = answers.get("scenario") or {}
    first = {"baseline": ["differences"], "others": ["win_vs_param_policy", "win_by_policy"]}.get(
        own.get("against", "others"), []) if own.get("settings") else []
    if study.solo:
        rest = ["win_vs_param_policy", "win_by_policy"]
    elif study.kind == "compare":
        rest = ["fairness", "style_fairness", "differences"]
    else:
        rest = ["fairness", "style_fairness"] if len(study.runs) > 1 else ["win_by_seat", "win_by_policy"]
    return list(dict.fromkeys(first + rest))


def arrange(doc, charts):
    """The page in the order a designer reads it (issue 39): the header and the Answer, the charts that
    answer it, then every section folded behind its title (report.md shows them all)."""
    first = next((i for i, block in enumerate(doc) if block[0] == "h2"), len(doc))
    sections = []
    for block in doc[first:]:
        if block[0] == "h2":
            sections.append((block[1], []))
        else:
            sections[-1][1].append(block)
    found = {block[1]: block for _, blocks in sections for block in blocks if block[0] == "figure"}
    moved = [found[name] for name in charts if name in found]
    return doc[:first] + moved + [("fold", title, [b for b in blocks if b not in moved]) for title, blocks in sections]


def _variant_blocks(blocks, says, images, out, study, tables, entry):
    if entry.about:
        blocks.append(("p", entry.about))
    for make in entry.charts:
        for chart in make(study, tables):
            _figure(blocks, images, out, chart, says)
    if not study.solo:
        says.extend(text for say in entry.says if (text := say(study, tables)) and text not in says)
    per = study.per_player
    counters = tables["counters"]
    counters = counters[counters["counter"].isin(entry.seat_columns)]
    _table(blocks, D.per_policy(study, counters, "counter", digits=2) if len(counters) else None, f"Mean {per}.")
    _table(blocks, D.group_rates(study, tables["win_rates"], list(entry.categories), "outcome"),
           "Share of games, 95% Wilson interval.")
    m = tables["measures"]
    _table(blocks, D.measures(study, m[m["column"].isin(entry.game_columns)]) if len(m) else None,
           "Mean per game, 95% interval" + ("; one column per setting." if len(study.runs) > 1 else "."))


def reproduce(study):
    path = study.path
    lines = [f"catan-balance report {path}        # this report again, from the saved results"]
    m, run_meta = study.meta, study.runs[0].meta
    sets = " ".join(flag_text(s) for s in (m.get("overrides") or run_meta.get("overrides") or []))
    if study.kind == "sweep":
        vary = " ".join(f"--vary '{k}={','.join(grid.toml_value(v) for v in vs)}'" for k, vs in study.vary.items())
        lines.append(f"catan-balance sweep {m.get('source')} -n {m.get('games')} --seed {m.get('seed')} {vary} "
                     f"{sets} --out {path} --force".replace("  ", " "))
    elif study.kind == "run" and run_meta:
        lines.append(f"catan-balance run {run_meta.get('source')} -n {run_meta.get('games')} "
                     f"--seed {run_meta.get('seed')} {sets} --out {path} --force".replace("  ", " "))
    else:
        lines[0] = "catan-balance compare " + " ".join(str(r.path) for r in study.runs) + f" --out {path}"
    return "\n".join(lines)


def flag_text(override):
    """An override of meta.json as the command line gives it: --players strong (the scenario key played_by,
    simcore.run.played_by), else --set '...'."""
    key, _, value = override.partition("=")
    if key.strip() == PLAYED_BY:
        return f"--players {value.strip().strip(chr(34))}"
    return f"--set '{override}'"


def write_report(study, tables=None, games=None):
    """Write every file of the report into study.path; returns {kind: path}.  `games`: replay
    pages of chosen games written under games/ ({run index: ([(why, game, path)], note)}), linked."""
    out = Path(study.path)
    out.mkdir(parents=True, exist_ok=True)
    tables = tables if tables is not None else all_tables(study)
    (out / "tables").mkdir(exist_ok=True)
    written, files = {}, set()
    checked = robustness(study)   # whether the verdicts hold for strong players (reports.robustness)
    write_text(out / "verdicts.json", V.to_json({**verdicts_document(tables), **({"robustness": checked} if checked
                                                                                 else {})}))
    for name, df in tables.items():
        if len(df):
            paths = save_table(df, out / "tables" / f"{name}.csv")
            written[name] = paths[0]
            files.update(paths)
    words = L.setting_words(study)   # the pages name settings in words; the CSV and verdicts.json keep the raw labels
    doc, images = build(*L.shown(study, tables, words), out, games)
    for stale in (out / "charts").glob("*.png"):
        if stale.stem not in images:
            stale.unlink()
    for stale in (out / "tables").glob("*.*"):  # also a .parquet of an earlier report, now written without pyarrow
        if stale not in files:
            stale.unlink()
    title = f"catan-balance: {study.title}"
    write_text(out / "report.md", to_markdown(doc))
    write_text(out / "report.html", to_html(doc, title, images, L.tooltips(words)))
    written.update({"verdicts": out / "verdicts.json", "markdown": out / "report.md", "html": out / "report.html",
                    "charts": sorted(images)})
    return written


def verdicts_document(tables):
    """verdicts.json: the headline measure (the seats where there are seats, else the styles) at the top
    (objective, fairest, less_fair, games, text), every measure under 'measures'."""
    df = tables.get("verdicts")
    measures = {}
    if df is not None and len(df):
        for key, sub in df.groupby("measure", sort=False):
            first = sub.iloc[0]
            ranked = sub.sort_values("loss", kind="stable")
            columns = [c for c in ("setting", "loss", "loss_se", "value", "verdict", "in_fairest_set", "less_fair",
                                   "p_less_fair", "worse_than", "posterior_fairest", "equivalent", "distance_lo",
                                   "distance_hi")
                       if c in sub]
            measures[key] = {
                "objective": first["objective"], "test": first["test"], "family": first["family"],
                "alpha": float(first["alpha"]), "margin": first["margin"],
                "fairest": list(ranked.loc[~ranked["less_fair"], "setting"]),
                "less_fair": list(ranked.loc[ranked["less_fair"], "setting"]),
                "games": dict(zip(sub["setting"], sub["games"].astype(int))), "text": first["text"],
                "paired": bool(first["paired"]), "p_settings_differ": first["p_settings_differ"],
                "games_to_tell_apart": first["games_to_tell_apart"],
                "settings": sub[columns].to_dict("records")}
            if "equivalent" in sub and sub["equivalent"].notna().any():
                measures[key]["equivalent"] = list(ranked.loc[ranked["equivalent"].fillna(False).astype(bool),
                                                              "setting"])
    head = measures.get("seats") or next(iter(measures.values()), None)
    top = {k: head[k] for k in ("objective", "fairest", "less_fair", "games", "text")} if head else \
        {"objective": None, "fairest": [], "less_fair": [], "games": {}, "text": ""}
    questions = tables["questions"].attrs.get("answers", {}) if "questions" in tables else {}
    shares = df.attrs.get("budget", {}) if df is not None else {}
    return {**top, "measures": measures, "questions": questions, "budget": shares}


def remove_stale(out):
    """Delete a report older than the results under `out` (it would describe other games)."""
    out = Path(out)
    html = out / "report.html"
    if not html.exists():
        return False
    newest = max((p.stat().st_mtime_ns for p in [out / "games.csv", *out.glob("*/games.csv")] if p.exists()),
                 default=0)
    if html.stat().st_mtime_ns >= newest:
        return False
    remove_report(out)
    return True


def terminal_text(study, tables):
    """The fairness table, the verdicts and the significant differences, for the terminal (a solo run: who
    won, in words), closing with the report's Answer: the same sentences, from the same tests, the settings
    named in words as on the pages."""
    study, tables = L.shown(study, tables, L.setting_words(study))
    lines = []
    made = D.fairness(study, tables["fairness"])
    if made:
        lines += [fmt.format_columns(made[0], made[1], align="l" * (len(study.runs) > 1) + "r" * 20), ""]
    if study.solo:
        lines += variant_says(study, tables)
    if len(study.runs) > 1:
        lines += N.differs(study)
        if not study.solo:
            lines.append(N.fairness(study, tables))
        lines.append(N.styles(study, tables))
        lines.append(N.differences(study, tables))
    else:
        if not study.solo:
            lines.append(N.seats(study, tables))
        lines.append(N.styles(study, tables))
    box = answer_box(study, tables)
    lines += ["", f"Answer: {box[1]}"]
    for said in box[2]:
        lines += [f"- {said}"] if isinstance(said, str) else [f"- {said[0]}", *(f"    {x}" for x in said[1])]
    return "\n".join(x for x in lines if x is not None)
