"""The plan: headline figures first, sizes bounded by the device's memory, a time budget for every
measurement, and a full profile that fits a short accelerator lease."""


from accelbench import hardware
from accelbench.cli import main
from accelbench.plan import plan, startup_s
from accelbench.profiles import PROFILES
from accelbench.reference import Reference
from accelbench.snippet import discover

from conftest import ROOT, SNIPPETS

REFERENCE = Reference(ROOT / "build_data" / "reference")
LEASE_S = 240  # what a full profile may plan on one accelerator: a lease has ten minutes at most


def planned(name, frameworks=("torch", "jax"), memory=None, only=None):
    chip = REFERENCE.chip_for(name)
    memory = memory if memory is not None else int(float(chip["hbm_gb"]) * 1e9)
    hw = hardware.assumed(name, chip["kind"], chip["vendor"].lower(), memory, frameworks)
    return plan(discover(SNIPPETS, only), hw, list(frameworks), PROFILES["full"], REFERENCE)


def test_workloads_run_in_order_of_value():
    order = list(dict.fromkeys(i.snippet.workload for i in planned("NVIDIA H200")))
    assert order == ["transformer_train", "matmul", "memory_bandwidth", "general_compute", "data_parallel"]


def test_only_runs_the_named_workloads_in_the_order_named():
    order = list(dict.fromkeys(i.snippet.workload for i in planned("NVIDIA H200", only=["general_compute", "matmul"])))
    assert order == ["general_compute", "matmul"]


def test_within_a_workload_the_sizes_the_verdicts_use_come_first():
    items = planned("NVIDIA H200")
    gpt2 = [(i.framework, i.params["variant"]) for i in items if i.snippet.workload == "transformer_train"]
    assert gpt2[:2] == [("torch", "compiled"), ("jax", "compiled")]
    matmul = [(i.params["n"], i.params["dtype"]) for i in items if i.snippet.workload == "matmul"]
    assert matmul[:2] == [(8192, "bfloat16")] * 2  # both frameworks, then the other large bf16 sizes
    assert {n for n, d in matmul[2:6]} == {4096, 16384} and {d for n, d in matmul[2:6]} == {"bfloat16"}
    copies = [(i.params["op"], i.params["mib"]) for i in items if i.snippet.workload == "memory_bandwidth"]
    assert copies[:4] == [("copy", 1024)] * 2 + [("copy", 4096)] * 2
    general = [i.params["n"] for i in items if i.snippet.workload == "general_compute"]
    assert general[0] == max(general)


def test_the_full_profile_on_an_h200_fits_a_short_lease():
    items = planned("NVIDIA H200")
    total = startup_s(items) + sum(i.budget_s for i in items)
    assert total <= LEASE_S, f"the full profile plans {total:.0f} s on an H200"
    measured = [i for i in items if not i.skip]
    assert len(measured) > 60 and all(i.budget_s > 0 for i in measured)
    # the GPT-2 steps carry their compile time; the headline matmul its energy window
    budgets = {(i.snippet.workload, i.framework, str(i.params)): i.budget_s for i in measured}
    compiled = budgets[("transformer_train", "torch", str({"config": "gpt2-small", "variant": "compiled", "dtype": "bfloat16"}))]
    assert compiled >= 60
    headline = budgets[("matmul", "torch", str({"n": 8192, "dtype": "bfloat16"}))]
    assert headline >= PROFILES["full"].energy_s


def test_a_tpu_v5e_plan_measures_both_frameworks_each_within_a_lease():
    items = planned("TPU v5 lite")
    for framework in ("jax", "torch"):  # on a TPU each framework runs in its own process, one after the other
        mine = [i for i in items if i.framework == framework]
        measured = [i for i in mine if not i.skip]
        assert {i.snippet.workload for i in measured} >= {"transformer_train", "matmul", "memory_bandwidth", "general_compute"}
        assert not any(i.params.get("dtype") in ("float16", "tfloat32") for i in measured)
        assert startup_s(mine) + sum(i.budget_s for i in mine) <= LEASE_S, framework
    # PyTorch/XLA across chips is not driven: said as unavailable, which is no evidence about the chip
    torch_dp = [i for i in items if i.framework == "torch" and i.snippet.workload == "data_parallel"]
    assert all(i.skip_category in ("unavailable", "not_applicable") for i in torch_dp)


def test_sizes_beyond_the_device_memory_are_skipped_with_the_reason():
    items = planned("TPU v5 lite", frameworks=("jax",), memory=8 * 2**30, only=["memory_bandwidth"])
    skipped = {i.params["mib"]: i.skip for i in items if i.params["op"] == "copy"}
    assert skipped[4096] == "needs at least 12.8 GiB of device memory; this device has 8.0 GiB"
    assert skipped[1024] is None  # 3.2 GiB fits
    # a 16 GB v5e is never asked for more than it has
    for item in planned("TPU v5 lite", frameworks=("jax",)):
        need = item.snippet.memory_bytes(item.params)
        assert item.skip or need is None or need <= 16e9


def test_plan_prints_every_measurement_with_its_budget_and_the_total(data_dir, capsys):
    assert main(["--data-dir", str(data_dir), "run", "--profile", "full", "--plan", "--plan-for", "NVIDIA H200"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].strip().startswith("15.0s") and "start-up" in lines[1]
    assert "transformer_train torch NVIDIA H200 config=gpt2-small variant=compiled" in lines[2]
    total = float(lines[-1].split("planned total ")[1].split(" s")[0])
    assert lines[-1].startswith("full profile: ") and total <= LEASE_S
    assert sum(1 for line in lines if "NVIDIA H200" in line) == len(planned("NVIDIA H200"))


def test_plan_marks_what_a_deadline_would_leave_out(data_dir, capsys):
    assert main(["--data-dir", str(data_dir), "run", "--profile", "full", "--plan", "--plan-for", "NVIDIA H200",
                 "--deadline", "100"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "out of time" not in lines[2]
    late = [i for i, line in enumerate(lines) if "out of time under the deadline" in line]
    # the JAX step (34 s) does not fit after PyTorch's (64 s), but the eager step after it does
    assert "transformer_train jax" in lines[late[0]] and "out of time" not in lines[late[0] + 1]
    # what fits is still planned after something that does not: the total never passes the deadline
    assert float(lines[-1].split("planned total ")[1].split(" s")[0]) <= 100


def test_plan_for_an_unknown_device_is_refused(data_dir, capsys):
    assert main(["--data-dir", str(data_dir), "run", "--profile", "full", "--plan", "--plan-for", "Abacus 9000"]) == 2
    assert "no such accelerator" in capsys.readouterr().err


def test_the_profiles_registry_is_what_the_command_line_and_the_schema_accept():
    from accelbench.cli import build_parser
    from accelbench.runfile import schema

    run = next(a for a in build_parser()._subparsers._group_actions[0].choices["run"]._actions if a.dest == "profile")
    assert list(run.choices) == list(PROFILES) == schema()["properties"]["profile"]["enum"]
