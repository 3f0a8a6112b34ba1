"""sweep --skill (simcore.run.skill, reports.skill; docs/verdicts.md, The skill gradient): per setting one strong
seat against greedy bots in DIR/skill (a one-player game: the strong player alone there, the plain one in
DIR/skill/plain), the verdict against the baseline inside the report's one 5%."""
import json
from types import SimpleNamespace

import numpy as np

from reports.skill import judged, judged_solo
from tests.test_cli import assert_bad_input, invoke


def _run(label, won):
    """A skill run: scenario seat 0 (strong) wins where `won`, a greedy seat otherwise."""
    specs = ["strong", "greedy", "greedy", "greedy"]
    return SimpleNamespace(label=label, players=4, winner_spec=np.where(won, 0, 1),
                           summary={"specs": [{"policy": p, "label": p} for p in specs]})


def _study(runs):
    return SimpleNamespace(runs=runs, baseline=0, base=runs[0], paired=True)


def test_a_false_more_or_less_comes_in_at_most_five_percent():
    """Null gradients: the strong seat wins 43% in every setting; any 'skill counts more / less' is false."""
    rng = np.random.default_rng(11)
    wrong = 0
    for _ in range(300):
        answer = judged(_study([_run(f"s{i}", rng.random(1000) < 0.43) for i in range(4)]))
        wrong += any(r["verdict"] != "not told apart" for r in answer["settings"])
    assert wrong <= 0.05 * 300 + 2 * np.sqrt(300 * 0.05 * 0.95), wrong
    more = judged(_study([_run("s0", rng.random(3000) < 0.40), _run("s1", rng.random(3000) < 0.48)]), alpha=0.025)
    row = more["settings"][0]
    assert row["verdict"] == "skill counts more" and row["lo"] > 0 and row["level"] == 1 - 0.025
    assert abs(more["baseline_rate"][0] - 0.40) < 0.03 and "Skill counts more than at the baseline" in more["text"]


def _solo(label, won, seeds):
    """A one-player skill run: its only seat wins where `won`."""
    return SimpleNamespace(label=label, players=1, winner_spec=np.where(won, 0, -1), seeds=seeds,
                           summary={"specs": [{"policy": "x", "label": "sheriff-greedy"}]})


def _solo_studies(rng, strong, plain, games=1000):
    """The strong and the plain studies of a one-player sweep, per setting the chances that each wins; one
    draw per game couples them (a game easy for one is easy for the other, as on the same seed)."""
    seeds = np.arange(games)
    draws = [rng.random(games) for _ in strong]   # the same seeds: one draw per game and setting
    runs = [[_solo(f"s{i}", d < p, seeds) for i, (d, p) in enumerate(zip(draws, chances))]
            for chances in (strong, plain)]
    return [SimpleNamespace(runs=r, baseline=0, base=r[0], paired=True) for r in runs]


def test_a_one_player_games_gradient_is_the_strong_minus_the_plain_win_rate():
    """Null: skill adds 8 pp in every setting (the win rates themselves differ); any 'more / less' is false, at
    most 5% of 300 sweeps.  A setting where it adds 16 pp instead is told 'skill counts more'."""
    rng = np.random.default_rng(5)
    wrong = sum(any(r["verdict"] != "not told apart" for r in judged_solo(*_solo_studies(
        rng, [0.60, 0.40, 0.50, 0.30], [0.52, 0.32, 0.42, 0.22]))["settings"]) for _ in range(300))
    assert wrong <= 0.05 * 300 + 2 * np.sqrt(300 * 0.05 * 0.95), wrong
    strong, plain = _solo_studies(rng, [0.60, 0.56], [0.52, 0.40], games=3000)
    answer = judged_solo(strong, plain)
    row = answer["settings"][0]
    assert row["verdict"] == "skill counts more" and row["lo"] > 0, row
    assert abs(answer["baseline_gradient"][0] - 0.08) < 0.02 and abs(row["gradient"] - 0.16) < 0.02
    assert answer["plain"] == "sheriff-greedy" and "skill adds +" in answer["text"]
    strong.runs[1].seeds = strong.runs[1].seeds + 1   # games not on the same seeds: no gradient
    assert judged_solo(strong, plain) is None


def test_sweep_with_skill_reports_the_gradient_in_its_budget(tmp_path):
    out = tmp_path / "sweep"
    args = ("sweep", "grundbesitz", "--vary", "variants.grundbesitz.markers_per_block=1,3", "-n", 60, "-o", out, "-q")
    result = invoke(*args, "--skill")
    assert result.exit_code == 0, result.output
    skill_meta = json.loads((out / "skill" / "meta.json").read_text())
    assert skill_meta["complete"] and len(skill_meta["settings"]) == 2
    seats = json.loads((out / "skill" / skill_meta["settings"][0]["dir"] / "meta.json").read_text())
    assert [s["policy"] for s in seats["parameters"]["seats"]] == ["strong", "greedy", "greedy", "greedy"]
    verdicts = json.loads((out / "verdicts.json").read_text())
    skill = verdicts["questions"]["skill"]
    assert [r["setting"] for r in skill["settings"]] == ["markers_per_block=3"]
    # beside the settings' verdicts, each setting's own tests and the differences against the baseline
    assert skill["alpha"] == verdicts["budget"]["question skill"] == 0.0125
    assert "Skill gradient" in (out / "report.md").read_text() and (out / "charts" / "skill_gradient.png").is_file()
    assert "Skill gradient: one strong player against 3 greedy bots" in result.stdout
    again = invoke(*args, "--force")   # played afresh without --skill: the old skill runs go
    assert again.exit_code == 0, again.output
    assert not (out / "skill").exists() and "skill" not in json.loads((out / "verdicts.json").read_text())["questions"]


def test_a_one_player_sweep_plays_the_strong_and_the_plain_player(tmp_path):
    out = tmp_path / "robin"
    result = invoke("sweep", "robin-hood", "--vary", "variants.robin_hood.neutral_settlements=3,7", "-n", 100,
                    "--skill", "-o", out, "-q")
    assert result.exit_code == 0, result.output
    for where, seats in ((out / "skill", ["strong"]), (out / "skill" / "plain", ["sheriff-greedy"])):
        meta = json.loads((where / "meta.json").read_text())
        assert meta["complete"] and len(meta["settings"]) == 2
        played = json.loads((where / meta["settings"][1]["dir"] / "meta.json").read_text())
        assert [s["policy"] for s in played["parameters"]["seats"]] == seats
    skill = json.loads((out / "verdicts.json").read_text())["questions"]["skill"]
    row = skill["settings"][0]
    assert row["setting"] == "neutral_settlements=7" and skill["plain"] == "sheriff-greedy"
    assert abs(row["gradient"] - (row["rate"] - row["plain_rate"])) < 1e-12
    assert "the plain one (sheriff-greedy)" in result.stdout
    assert "sheriff-greedy wins [95%]" in (out / "report.md").read_text()


def test_skill_needs_fixed_seats(tmp_path):
    assert_bad_input(invoke("sweep", "base", "--vary", 'seats=["greedy","greedy","greedy","greedy"],'
                            '["roads","greedy","greedy","greedy"]', "--skill", "-o", tmp_path / "b"),
                     "--skill: base varies the seats")
    assert not (tmp_path / "b").exists()


def test_tune_objective_skill_seats_the_skill_tables(tmp_path):
    """--objective skill (max:skill): each candidate played as sweep --skill plays it, one strong seat against
    greedy bots (the strong seat wins about 44% in the base game, a greedy seat about 25%: a tune of base's own
    four greedy seats would show 25%); a skill constraint beside another objective, or a one-player game, is
    one error line."""
    out = tmp_path / "t"
    result = invoke("tune", "base", "--param", "victory_points=8,10", "--objective", "skill", "--budget", 800,
                    "--first", 200, "-o", out, "-q")
    assert result.exit_code == 0, result.output
    said = json.loads((out / "verdicts.json").read_text())
    won = sum(c["value"] * c["games"] for c in said["candidates"]) / sum(c["games"] for c in said["candidates"])
    assert won > 0.34, won   # (800 games: 25% would be 7 standard errors below)
    assert "games won by one strong seat against the plain bots" in result.stdout
    assert_bad_input(invoke("tune", "base", "--param", "victory_points=8,10", "--objective", "seat-fairness",
                            "--constraint", "skill>=0.3", "-o", tmp_path / "c"),
                     "--constraint 'skill>=0.3': skill is measured at its own tables")
    assert_bad_input(invoke("tune", "robin-hood", "--param", "variants.robin_hood.neutral_settlements=0,1",
                            "--objective", "target:skill=1.5", "-o", tmp_path / "r"),
                     "--objective target:skill=1.5: skill = 1.5 is out of range; allowed: a difference from -1 to 1")


def test_a_one_player_tune_of_skill_seats_both_players_in_turn(tmp_path):
    """Robin Hood: the strong and the plain Sheriff play alternate games of each candidate; the objective is the
    strong one's win rate minus the plain one's (the strong Sheriff wins about 8 pp more, docs/players.md)."""
    from reports.objectives import _skill
    import pandas as pd
    games = pd.DataFrame({"winner_seat": [0, -1, 0, 0, -1, -1], "seat0_spec": [0, 1, 0, 1, 0, 1]})
    assert np.isclose(_skill(games, 1).mean(), 2 / 3 - 1 / 3)   # strong won 2 of 3, plain 1 of 3
    out = tmp_path / "t"
    result = invoke("tune", "robin-hood", "--param", "variants.robin_hood.neutral_settlements=3,5", "--objective",
                    "skill", "--budget", 1600, "--first", 400, "-o", out, "-q")
    assert result.exit_code == 0, result.output
    said = json.loads((out / "verdicts.json").read_text())
    gained = sum(c["value"] * c["games"] for c in said["candidates"]) / sum(c["games"] for c in said["candidates"])
    assert 0.0 < gained < 0.2, gained   # (1,600 games: about ±5 pp)
    assert "the strong player's win rate minus the plain one's (their games alternating)" in result.stdout
