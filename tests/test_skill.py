"""sweep --skill (simcore.run.skill, reports.skill; docs/verdicts.md, The skill gradient): per setting one strong
seat against greedy bots in DIR/skill, the verdict against the baseline inside the report's one 5%."""
import json
from types import SimpleNamespace

import numpy as np

from reports.skill import judged
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


def test_skill_needs_opponents_and_fixed_seats(tmp_path):
    assert_bad_input(invoke("sweep", "robin-hood", "--vary", "variants.robin_hood.neutral_settlements=4,5", "--skill",
                            "-o", tmp_path / "a"),
                     "--skill: robin-hood is a one-player game")
    assert_bad_input(invoke("sweep", "base", "--vary", 'seats=["greedy","greedy","greedy","greedy"],'
                            '["roads","greedy","greedy","greedy"]', "--skill", "-o", tmp_path / "b"),
                     "--skill: base varies the seats")
    assert not (tmp_path / "a").exists() and not (tmp_path / "b").exists()


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
                            "--objective", "target:skill=0.5", "-o", tmp_path / "r"),
                     "--objective target:skill=0.5: robin-hood has one player, no plain bot to play")
