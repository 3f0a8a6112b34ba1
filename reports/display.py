"""The report's tables as printed (headers, rows of strings): percentages with intervals, counts."""
from reports import budget, fmt
from reports.variants import REGISTRY, outcome_words


def _settings(study):
    return len(study.runs) > 1


def fairness(study, f):
    """(headers, rows, highlighted rows) of the seat fairness table."""
    if not len(f):
        return None
    players = int(f["players"].max())
    seats = [f"seat {k}" for k in range(players)]
    return _effect_table(study, f, [f"{s} wins" for s in seats], lambda row: [fmt.pct(row.get(s)) for s in seats],
                         "seat effect")


def style_fairness(study, f):
    """(headers, rows, highlighted rows) of the style fairness table (win rate per seat played)."""
    if not len(f):
        return None
    names = [c[:-len(" rate")] for c in f.columns if c.endswith(" rate")]
    return _effect_table(study, f, names, lambda row: [fmt.pct(row.get(f"{x} rate")) for x in names],
                         "policy effect")


def _effect_table(study, f, names, cells, what):
    many = _settings(study)
    bounds = budget.interval_words(f["bound_level"].iloc[0], f["joint_alpha"].iloc[0] if "joint_alpha" in f
                                   else budget.ALPHA)
    headers = (["setting"] if many else []) + ["games", *names, f"{what} [{bounds}]", "chi-square p"] + \
        (["Bonferroni p", "verdict"] if many else [])
    rows, highlight = [], []
    for i, (_, row) in enumerate(f.iterrows()):
        out = ([row["setting"]] if many else []) + [fmt.count(row["games"])] + cells(row)
        out += [f"{fmt.pp(row['effect'], sign=False)} {fmt.interval(row['effect_lo'], row['effect_hi'])}",
                fmt.p_value(row["p"])]
        if many:
            out += [fmt.p_value(row["p_adj"]), row["verdict"] +
                    (f" (p {fmt.p_value(row['p_less_fair'])})" if row["less_fair"] else "")]
        rows.append(out)
        if many and not row["less_fair"] and f["less_fair"].any():
            highlight.append(i)
    return headers, rows, highlight


def _p_adj_header(study, table):
    """'Holm p', or 'Holm p (scaled to the report's 5%)' where the table is tested at a share of it (reports.tables.differences)."""
    scaled = "alpha" in table and len(table) and table["alpha"].iloc[0] < 0.05 - 1e-12
    return f"{correction_name(study)} p" + (" (scaled to the report's 5%)" if scaled else "")


def correction_name(study):
    return {"holm": "Holm", "bh": "BH"}[study.correction]


def seat_rates(study, rates):
    df = rates[rates["group"] == "seat"]
    seats = list(dict.fromkeys(df["outcome"]))
    headers = ["setting", "games", *seats]
    rows = []
    for run in study.runs:
        sub = df[df["setting"] == run.label].set_index("outcome")
        rows.append([run.label, fmt.count(run.games)] +
                    [fmt.rate(*sub.loc[s, ["rate", "ci_lo", "ci_hi"]]) if s in sub.index else "" for s in seats])
    return headers, rows


def group_rates(study, rates, groups, what):
    """Policies (or variant outcomes): one row per setting and name."""
    df = rates[rates["group"].isin(groups)]
    if not len(df):
        return None
    policies = what == "policy"
    played = ("games played" if getattr(study, "solo", False) else "seat-games") if policies else "games"
    won = "wins" if policies else "games with it"
    headers = (["setting"] if _settings(study) else []) + \
        [what, "games", (played, "trials"), (won, "count"), ("win rate [95%]" if policies else "share [95%]", "rate")]
    rows = [([r.setting] if _settings(study) else []) +
            [outcome_words(r.group, r.outcome), fmt.count(r.games), fmt.count(r.trials), fmt.count(r.count),
             fmt.rate(r.rate, r.ci_lo, r.ci_hi)] for r in df.itertuples()]
    return headers, rows


def comparisons(study, c):
    if not len(c):
        return None
    equal = "equivalent" in c
    headers = ["setting", "outcome", "games", ("baseline's rate", "baseline_rate"), ("its rate", "rate"),
               ("difference [95%, uncorrected]", "diff"), "test", ("p (uncorrected)", "p"),
               (_p_adj_header(study, c), "p_adj"), "significant"] + \
        ([(f"equivalent within ±{study.margin:g} pp", "equivalent")] if equal else [])
    rows = [[r.setting, outcome_words(r.group, r.outcome), fmt.count(r.games), fmt.pct(r.baseline_rate), fmt.pct(r.rate),
             f"{fmt.pp(r.diff)} {fmt.interval(r.diff_lo, r.diff_hi)}", r.test, fmt.p_value(r.p),
             fmt.p_value(r.p_adj), "yes" if r.significant else "no"] +
            (["yes" if r.equivalent else "not shown"] if equal else []) for r in c.itertuples()]
    return headers, rows


def several_policies(study):
    """Some setting has two or more policies (so its per-policy tables have an 'all' row)."""
    return any(len(run.labels) > 1 for run in study.runs)


def per_policy(study, df, column, kinds=None, digits=1):
    """Means per player and game: one row per (setting,) policy, one column per source/counter;
    a setting with one policy has only its row (no 'all' row repeating it)."""
    if kinds is not None:
        df = df[df["kind"].isin(kinds)]
    if not len(df):
        return None
    df = df.assign(name=df["kind"] + ": " + df[column] if kinds and len(kinds) > 1 else df[column])
    names = list(dict.fromkeys(df["name"]))
    many = _settings(study)
    headers = (["setting"] if many else []) + ["policy", study.player_games,
                                               *((column_name(n), n) for n in names)]
    rows = []
    alone = {run.label for run in study.runs if len(run.labels) == 1}
    for (setting, policy), sub in df.groupby(["setting", "policy"], sort=False):
        if setting in alone and policy == "all":  # one policy: its row is 'all' already
            continue
        values = sub.set_index("name")["mean"]
        rows.append(([setting] if many else []) + [policy, fmt.count(sub["seat_games"].iloc[0])] +
                    [fmt.number(values.get(n), digits) for n in names])
    return headers, rows


# Base seat columns as table headers read them (games.csv and the CSV tables keep the codes);
# a variant's are its report entry's `column_names`.
COLUMN_NAMES = {
    "vp": "VP", "road_length": "longest road", "knights_played": "knights played",
    "devcards_bought": "cards bought", "domestic_trades": "trades between players",
}


def column_name(code):
    """'gb_markers_response' -> 'markers: response' (its variant's name for it); 'gain: grundbesitz' ->
    'gain: Grundbesitz' (a variant's `word`); else the code with spaces."""
    kind, sep, rest = code.partition(": ")
    if sep:
        return f"{kind}: {column_name(rest)}"
    for entry in REGISTRY.values():
        if code in entry.column_names:
            return entry.column_names[code]
    if code in COLUMN_NAMES:
        return COLUMN_NAMES[code]
    for entry in REGISTRY.values():
        if entry.word:
            code = code.replace(entry.name, entry.word)
    return code.replace("_", " ")


def game_length(g):
    """Turns per game; the 'no winner' column only where a run has one (not in one-player runs)."""
    cut_off = "no_winner" in g
    headers = ["setting", "games", "mean", "sd", "5%", "25%", "median", "75%", "95%", "max"] + \
        (["no winner"] if cut_off else [])
    rows = [[r.setting, fmt.count(r.games), fmt.number(r.mean), fmt.number(r.sd), fmt.count(r.p5), fmt.count(r.q25),
             f"{r.median:g}", fmt.count(r.q75), fmt.count(r.p95), fmt.count(r.max)] +
            ([fmt.number(r.no_winner, 0)] if cut_off else []) for r in g.itertuples()]
    return headers, rows


def _mean_cell(r, note=""):
    return f"{fmt.number(r.mean, 2)} {fmt.interval(r.ci_lo, r.ci_hi, scale=1, digits=2)}{note}"


def measures(study, m):
    """Variant game-level means: one row per measure; one column per setting (a first row gives each
    setting's games), or for one run its games and mean.  A measure resting on fewer games says so."""
    if not len(m):
        return None
    names = list(dict.fromkeys(m["column"]))
    settings = [r.label for r in study.runs if r.label in set(m["setting"])]
    cells = {(r.setting, r.column): r for r in m.itertuples()}
    if len(settings) == 1:
        rows = [[n, fmt.count(r.games), _mean_cell(r)] for n in names if (r := cells.get((settings[0], n)))]
        return ["measure", "games", "mean [95%]"], rows
    games = {s: int(m.loc[m["setting"] == s, "games"].max()) for s in settings}

    def cell(s, name):
        r = cells.get((s, name))
        if r is None:
            return ""
        return _mean_cell(r, f" ({fmt.count(r.games)} games)" if r.games < games[s] else "")

    rows = [["games", *(fmt.count(games[s]) for s in settings)]]
    rows += [[n, *(cell(s, n) for s in settings)] for n in names]
    return ["measure", *settings], rows


def _feel_cell(r):
    """'1.94 [1.88, 2.00]' for a mean, '16.2% [14.6, 17.9]' for a share of the games with a winner."""
    if r.kind == "rate":
        return fmt.rate(r.value, r.ci_lo, r.ci_hi)
    return f"{fmt.number(r.value, 2)} {fmt.interval(r.ci_lo, r.ci_hi, scale=1, digits=2)}"


def feel(study, f):
    """How the game plays (reports.feel): one row per measure, one column per setting (or, for one run, the
    games it rests on and its value)."""
    if f is None or not len(f):
        return None
    names = list(dict.fromkeys(f["measure"]))
    labels = dict(zip(f["measure"], f["label"]))
    cells = {(r.setting, r.measure): r for r in f.itertuples()}
    settings = [r.label for r in study.runs if r.label in set(f["setting"])]
    if len(settings) == 1:
        return ["measure", "games", "value [95%]"], [[labels[n], fmt.count(r.games), _feel_cell(r)] for n in names
                                                     if (r := cells.get((settings[0], n)))]
    rows = [[labels[n], *(_feel_cell(r) if (r := cells.get((s, n))) else "" for s in settings)] for n in names]
    return ["measure", *settings], rows


def feel_differences(study, d):
    """The tested measures of how the game plays against the baseline: means in their units, shares in pp."""
    if d is None or not len(d):
        return None

    def shown(r, x):
        return fmt.pct(x) if r.kind == "rate" else fmt.number(x, 2)

    def diff(r):
        if r.kind == "rate":
            return f"{fmt.pp(r.diff)} {fmt.interval(r.diff_lo, r.diff_hi)}"
        return f"{r.diff:+.2f} {fmt.interval(r.diff_lo, r.diff_hi, scale=1, digits=2)}"
    headers = ["setting", "measure", ("baseline", "baseline_rate"), ("setting's", "rate"),
               ("difference [95%, uncorrected]", "diff"), "test", ("p (uncorrected)", "p"),
               (_p_adj_header(study, d), "p_adj"), "significant"]
    rows = [[r.setting, r.label, shown(r, r.baseline_rate), shown(r, r.rate), diff(r), r.test, fmt.p_value(r.p),
             fmt.p_value(r.p_adj), "yes" if r.significant else "no"] for r in d.itertuples()]
    return headers, rows
