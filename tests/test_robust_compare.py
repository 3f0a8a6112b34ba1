"""robust compares like with like (issue 37 item 2; simcore.studies.robust, simcore.commands.robust): the hand-
written bots, strong players in every seat and a one-seat mix side by side in one study, each comparison's
words, report and robust.json; the comparisons beside the hand-written sweep and its Answer per picked setting
(item 4, reports.robustness)."""
import json
from types import SimpleNamespace

import pandas as pd
import pytest

from tests.test_cli import assert_bad_input, invoke

VARY = ["--vary", "variants.grundbesitz.markers_per_block=1,3"]


def test_robust_plays_hand_strong_and_a_mix_side_by_side(tmp_path):
    out = tmp_path / "r"
    result = invoke("robust", "grundbesitz", *VARY, "--players", "hand,strong,greedy@1", "-n", 40, "-o", out, "-q")
    assert result.exit_code == 0, result.output
    assert {p.name for p in out.iterdir() if p.is_dir()} == {"hand", "strong", "greedy-seat1"}
    strong = json.loads((out / "strong" / "meta.json").read_text())
    assert 'played_by="strong"' in strong["overrides"]
    mix = json.loads((out / "greedy-seat1" / "00-markers_per_block=1" / "meta.json").read_text())
    assert [s["policy"] for s in mix["parameters"]["seats"]] == ["greedy", "greedy", "blocker", "greedy"]
    said = json.loads((out / "robust.json").read_text())
    assert [(c["folder"], c["mix"]) for c in said["comparisons"]] == [("strong", False), ("greedy-seat1", True)]
    assert "--players 'strong,greedy@1'" in said["command"]
    for c in said["comparisons"]:
        assert {m["state"] for m in c["measures"].values()} <= {"holds", "does not hold", "undetermined"}
    words = result.stdout
    assert words.index("in every seat (equal strength):") < words.index("With greedy in seat 1 (a strength-and-style "
                                                                        "mix):") < words.index("mixes strength and style")
    page = (out / "report.md").read_text()
    assert "| verdict | hand-written bots: less fair |" in page and "greedy in seat 1 (mix)" in page
    beside = json.loads((out / "hand" / "robustness.json").read_text())
    assert [c["folder"] for c in beside["comparisons"]] == ["strong", "greedy-seat1"]
    assert all("less_fair_tuned" in m for c in beside["comparisons"] for m in c["measures"].values())
    for folder in ("hand", "strong"):   # the pairs robust compares: each setting's Holm rejections
        for m in json.loads((out / folder / "verdicts.json").read_text())["measures"].values():
            assert all(bool(x["worse_than"]) == x["less_fair"] for x in m["settings"])
    hand = json.loads((out / "hand" / "verdicts.json").read_text())["robustness"]
    assert hand["state"] == "compared" and set(hand["settings"]) == {"markers_per_block=1", "markers_per_block=3"}
    assert len(hand["comparisons"]) == 2 and "a strength-and-style mix" in hand["text"]


@pytest.mark.parametrize("args, message", [
    (["--players", "strong,strong"], "--players strong,strong: strong given twice; allowed: each player once"),
    (["--players", "hand"], "--players hand: the hand-written bots are always played"),
    (["--players", "strong,greedy@9"], "--players greedy@9: grundbesitz has seats 0..3"),
    (["--players", "strong,greedy", "--seat", "1"], "--seat 1: with one player only (--players names 2); allowed: "
                                                    "SPEC@K"),
    (["--players", "greedy@1", "--seat", "1"], "--seat 1 and --players greedy@1: the seat given twice"),
])
def test_robust_refuses_a_bad_list_in_one_line(tmp_path, args, message):
    assert_bad_input(invoke("robust", "grundbesitz", *VARY, *args, "-n", 4, "-o", tmp_path / "r"), message)
    assert not (tmp_path / "r").exists()


def test_the_pick_line_says_per_setting_how_it_came_out(tmp_path):
    """Item 4: beside 'Pick from', each picked setting with each comparison's players: not shown less fair, or
    less fair (which verdict).  (The older form, states only: tests/test_strong_players.py.)"""
    from reports.answer import _pick
    from simcore.run.outputs import write_json
    study = SimpleNamespace(kind="sweep", path=tmp_path, vary={"victory_points": [8, 10, 12]},
                            meta={"source": "s.toml", "games": 100, "seed": 2, "overrides": []},
                            runs=[SimpleNamespace(label=x) for x in ("8 VP", "10 VP", "12 VP")])   # (in words)
    verdicts = {"seats": pd.DataFrame({"setting": ["8 VP", "10 VP", "12 VP"], "less_fair": [False, True, False]})}
    measures = {"seats": {"state": "holds", "less_fair_hand": ["b"], "less_fair_tuned": ["b", "c"]},
                "styles": {"state": "undetermined", "less_fair_hand": [], "less_fair_tuned": ["a"]}}
    write_json(tmp_path / "robustness.json", {
        "command": "catan-balance robust x", "report": "r.html", "settings": ["a", "b", "c"],   # verdicts.json's
        "comparisons": [{"players": "strong in every seat", "mix": False, "measures": measures},
                        {"players": "p in seat 1", "mix": True,
                         "measures": {"seats": {"state": "undetermined", "less_fair_hand": ["b"],
                                                "less_fair_tuned": []}}}]})
    pick, said = _pick(study, verdicts, {})
    assert pick.startswith("Pick from: 8 VP; 12 VP")
    assert said == ("With strong in every seat: seat fairness holds, fairness between playing styles undetermined; "
                    "with p in seat 1 (a strength-and-style mix): seat fairness undetermined (`catan-balance robust "
                    "x`; r.html). The picked settings with strong in every seat: less fair: 8 VP (fairness between "
                    "playing styles); 12 VP (seat fairness). The picked settings with p in seat 1: not shown less "
                    "fair: 8 VP; 12 VP.")


def test_a_false_does_not_hold_is_rare_where_nothing_changes():
    """Null robust studies (tests/verdict_checks.py robust --synthetic; docs/verdicts.md, Does the verdict survive
    other players?): the same four line-ups twice, games drawn at their seats' true win rates, so every 'does not
    hold' is false.  The design reaches a verdict often ('holds' in about 70%), and the rule before (a setting
    less fair in one sweep and among the fairest in the other) said 'does not hold' in about 43%: this check
    fails for it."""
    from tests.verdict_checks import robust_nulls
    said = robust_nulls(150, 2000, synthetic=True)
    assert said["does_not_hold"] <= 0.05 * 150, said
    assert said["holds"] >= 0.4 * 150 and said["flipped_before"] >= 0.2 * 150, said
