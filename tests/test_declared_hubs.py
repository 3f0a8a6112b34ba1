"""What the shared files know of a variant comes from its declaration and its own folders
(issue 26): presets, tune statistics, the compile estimate, the solo player's name, the
test suite's warm-up jobs and slow files.  Python only (no kernel compiles)."""
import importlib

from policies.presets import BUILDER_BASE, PRESETS
from reports import objectives
from reports.variants import REGISTRY as ENTRIES, solo_player, stat_owner
from simcore.engine.variant import REGISTRY, Variant, register, trial
from simcore.run.batch import BASE_COMPILE_SECONDS, MORE_VARIANT_SECONDS, compile_seconds
from tests import conftest, warm


def test_each_variants_modules_are_found_in_its_folders_by_its_name():
    for v in REGISTRY.values():
        assert v.shipped and (v.kernel, v.policy, v.presets, v.report) == (
            f"simcore.variants.{v.name}.rules", f"policies.variants.{v.name}.bots",
            f"policies.variants.{v.name}.presets", f"reports.variants.{v.name}")
    with trial():   # a variant declared in one module (a test file's) has everything there
        toy = register(Variant(name="onefile"))
        assert not toy.shipped and toy.home == __name__ and toy.kernel == toy.policy == toy.report == __name__
        assert toy.folders() == ("tests/test_declared_hubs.py",)


def test_each_variants_presets_come_from_its_folder_on_the_base_builder():
    for v in REGISTRY.values():
        own = importlib.import_module(v.presets).PRESETS
        assert own
        for name, (kind, weights, description) in own.items():
            assert PRESETS[name][0] == kind and PRESETS[name][2] == description
            assert PRESETS[name][1] == (dict(BUILDER_BASE, **weights) if kind == "builder" else weights)
    assert PRESETS["landlord"][1]["gb"] == 1.6 and PRESETS["landlord"][1]["city"] == BUILDER_BASE["city"]


def test_the_compile_estimate_is_the_declarations():
    assert compile_seconds(()) == BASE_COMPILE_SECONDS
    assert compile_seconds(("ck",)) == REGISTRY["ck"].compile_seconds == 40
    assert compile_seconds(("ck", "autarkie")) == 40 + MORE_VARIANT_SECONDS
    with trial():
        register(Variant(name="slowpoke", compile_seconds=42))
        assert compile_seconds(("slowpoke",)) == 42
        assert compile_seconds(("grundbesitz", "slowpoke")) == 42 + MORE_VARIANT_SECONDS


def test_tune_statistics_and_the_solo_players_name_come_from_the_report_entries():
    stats = objectives.all_stats()
    assert {"sheriff_wins", "gb_income_share", "turns"} <= set(stats)
    assert stat_owner("sheriff_wins").name == "robin_hood" and stat_owner("gb_income_share").name == "grundbesitz"
    assert stat_owner("turns") is None
    assert stats["sheriff_wins"] is ENTRIES["robin_hood"].stats["sheriff_wins"]
    assert solo_player() == ENTRIES["robin_hood"].solo_player == "the Sheriff"


def test_the_warm_up_jobs_and_slow_files_are_the_test_files_own():
    """A variant's tests declare the kernels they play (WARM_UP in its test files): nothing of the
    test suite's scheduling is in the declarations."""
    assert {"grundbesitz", "robin", "ck", "autarkie", "autarkie-ck"} <= set(warm.JOBS)
    for job, (file, function, seconds) in warm.DECLARED.items():
        assert warm.JOBS[job][1] == seconds and file in conftest.SLOW_FILES
        assert callable(getattr(importlib.import_module(f"tests.{file[:-3]}"), function))
    assert not {"warm_up", "slow_tests", "kernel", "policy", "report", "presets"} & set(Variant.__dataclass_fields__)
