"""Each engine's kernel cache is keyed by the sources it can include (simcore.engine.kernels): the
base game's, the folders of its variants and of those they need, and its layouts.  Adding or
changing a variant recompiles only the engines that include it.  Python only (no compile)."""
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest

import simcore.engine.state  # noqa: F401  the shipped variants registered
from simcore.engine.fields import integer
from simcore.engine.kernels import engine_files, engine_key, record_variants, with_needs
from simcore.engine.state import new_state_buffer
from simcore.engine.variant import REGISTRY, Variant, VariantError, register, trial
from tests.positions import make_params

ROOT = Path(__file__).resolve().parent.parent
ENGINES = ((), ("grundbesitz",), ("robin_hood",), ("ck",), ("autarkie",), ("ck", "autarkie"))


@pytest.fixture()
def tree(tmp_path):
    for package in ("simcore", "policies"):
        shutil.copytree(ROOT / package, tmp_path / package, ignore=shutil.ignore_patterns("__pycache__"))
    return tmp_path


def keys(root):
    return {engine: engine_key(engine, root, fast=True) for engine in ENGINES}


def changed(root, before):
    return {engine for engine, key in keys(root).items() if key != before[engine]}


def touch(root, name):
    path = root / name
    path.write_text(path.read_text() + "\n# touched\n")


def test_a_variants_files_change_the_keys_of_the_engines_with_it_only(tree):
    before = keys(tree)
    assert len(set(before.values())) == len(ENGINES) - 1   # Autarkie alone compiles C&K's code it needs
    touch(tree, "policies/variants/grundbesitz/builder.py")
    assert changed(tree, before) == {("grundbesitz",)}
    before = keys(tree)
    touch(tree, "simcore/variants/ck/board.py")   # Autarkie needs C&K: its engines change too
    assert changed(tree, before) == {("ck",), ("autarkie",), ("ck", "autarkie")}
    before = keys(tree)
    touch(tree, "simcore/variants/robin_hood/rules.py")
    assert changed(tree, before) == {("robin_hood",)}
    before = keys(tree)
    for shell in ("policies/variants/ck/presets.py", "simcore/run/batch.py", "simcore/variants/__init__.py"):
        touch(tree, shell)    # the shell, and the registration list (its layouts are in the key)
    assert changed(tree, before) == set()
    touch(tree, "simcore/engine/game.py")
    assert changed(tree, before) == set(ENGINES)


def test_registering_a_variant_leaves_the_other_engines_keys(tree):
    before = keys(tree)
    from simcore.variants import scaffold
    (tree / "reports/variants").mkdir(parents=True)
    scaffold.new_variant("toy", root=tree)

    @dataclass(frozen=True)
    class Toy:
        amount: int = integer(1, 0, 3)
    with trial():
        register(Variant(name="toy", rules=Toy, home="simcore.variants.toy"))
        assert changed(tree, before) == set()
        files = {p.relative_to(tree).as_posix() for p in engine_files(("toy",), tree)}
        assert {"simcore/variants/toy/rules.py", "policies/variants/toy/bots.py"} <= files
        assert not any(name.startswith("simcore/variants/grundbesitz/") for name in files)
        assert engine_key(("toy",), tree) != before[()]


def test_a_variants_needs_are_registered_before_it_and_compiled_with_it():
    assert REGISTRY["autarkie"].needs == ("ck",) and with_needs(("autarkie",)) == ("ck", "autarkie")
    with trial(), pytest.raises(VariantError, match="needs nosuch"):
        register(Variant(name="needy", needs=("nosuch",)))


def test_a_buffers_engine_is_its_records_variants():
    assert record_variants(new_state_buffer(make_params(4)).dtype) == ()
    assert record_variants(new_state_buffer(make_params(4, grundbesitz={})).dtype) == ("grundbesitz",)
