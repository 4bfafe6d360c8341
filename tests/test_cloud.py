"""The SkyPilot fan-out: task files per target (checked with SkyPilot's own parser), the commands
that launch them, the cost bound, and `cloud collect` on a local folder of good and bad run files.
No credentials or network: nothing is launched."""

import json
import os
import shutil
import subprocess

import pytest
import yaml

from accelbench import cloud
from accelbench.cli import main
from accelbench.core.profiles import PROFILES
from accelbench.core.reference import Reference
from accelbench.frameworks import hardware
from accelbench.measure import targets
from accelbench.measure.plan import COMPILE_S, plan
from accelbench.store.validation import Validator
from accelbench.workloads.discovery import discover

from conftest import ROOT, SNIPPETS, make_record, make_run, write_run

ALL = "tpu-v5e-1,tpu-v6e-1,tpu-v5p-8,H100:1,H200:1,B200:1,MI300X:1"
CLOUD_PYTHON = ROOT / ".venv-cloud" / "bin" / "python"  # `make cloud-env`: SkyPilot, kept out of .venv


def test_plan_writes_one_task_per_target_with_the_hardware_asked_for(tmp_path):
    planned = cloud.plan(ALL.split(","), tmp_path / "cloud")
    assert [t.name for t, _, _ in planned] == ALL.split(",")
    for target, path, commands in planned:
        task = yaml.safe_load(path.read_text())
        assert task["resources"]["accelerators"] == target.accelerators
        assert ("accelerator_args" in task["resources"]) == target.is_tpu
        assert task["setup"].rstrip().endswith(target.make_vars) and "make .venv/.installed-site" in task["setup"]
        for venv, frameworks in target.runs:
            assert f"{venv}/bin/accelbench run --profile full --frameworks {frameworks} --deadline {targets.DEADLINE_S}" \
                in task["run"]
        # on a TPU PyTorch runs through torch_xla, from its own environment, after JAX; TensorFlow last,
        # from its own, wherever the Makefile installs it (not on ROCm)
        assert ("xla-env" in task["setup"]) == target.is_tpu
        assert ("tf-env" in task["setup"]) == target.tensorflow == (target.name != "MI300X:1")
        native = ["jax", "torch"] if target.is_tpu else [target.frameworks]
        assert [fw for _, fw in target.runs] == native + ["tensorflow"] * target.tensorflow
        assert "cloud-results" in task["run"] and "file_mounts" not in task
        assert commands[0] == f"sky launch -y -c accelbench-{target.slug} {path}" and commands[-1].startswith("sky down")
    by_name = {t.name: yaml.safe_load(p.read_text()) for t, p, _ in planned}
    assert by_name["tpu-v5e-1"]["resources"]["accelerators"] == "tpu-v5litepod-1"  # GCP's name for it
    assert "JAX_EXTRA=cuda" in by_name["H200:1"]["setup"] and "JAX_EXTRA=tpu" in by_name["tpu-v6e-1"]["setup"]
    # each TPU on the software version Google lists for it, not one image for all
    runtimes = {n: t["resources"]["accelerator_args"]["runtime_version"] for n, t in by_name.items() if n.startswith("tpu")}
    assert runtimes == {"tpu-v5e-1": "v2-alpha-tpuv5-lite", "tpu-v6e-1": "v2-alpha-tpuv6e", "tpu-v5p-8": "v2-alpha-tpuv5"}
    # the project needs Python 3.11+, which the clouds' Ubuntu 22.04 images lack: setup brings its own
    assert all(f'PYTHON="$(~/.local/bin/uv python find {cloud.PYTHON})"' in t["setup"] for t in by_name.values())
    assert tuple(map(int, cloud.PYTHON.split("."))) >= (3, 11)


def test_with_a_bucket_the_tasks_mount_it_and_launch_as_managed_jobs(tmp_path):
    (target, path, commands), = cloud.plan(["H200:1"], tmp_path, bucket="gs://my-results")
    task = yaml.safe_load(path.read_text())
    assert task["file_mounts"][cloud.RESULTS_MOUNT] == {"source": "gs://my-results", "mode": "MOUNT"}
    assert f"cp {{}} {cloud.RESULTS_MOUNT}/" in task["run"]
    assert commands == [f"sky jobs launch -y -n accelbench-h200-1 {path}"]


def test_unknown_targets_and_bucket_urls_are_refused_by_name(tmp_path):
    with pytest.raises(targets.CloudError, match="unknown target.*TPU-v99"):
        cloud.plan(["H200:1", "TPU-v99"], tmp_path)
    for bucket in ("my-results", "gs://a #x", "gs://a: b", "gs://a\nenvs: {X: 1}", "http://a"):
        with pytest.raises(targets.CloudError, match="bucket URL"):
            cloud.plan(["H200:1"], tmp_path, bucket=bucket)
    assert not list(tmp_path.glob("*.yaml"))  # nothing written for a refused plan


def test_printed_commands_survive_a_folder_with_a_space(tmp_path):
    import shlex

    (_, path, commands), = cloud.plan(["H200:1"], tmp_path / "my dir")
    assert shlex.split(commands[0])[-1] == str(path)


def test_the_cost_bound_is_chips_times_the_cheapest_on_demand_price_times_the_time_allowed(tmp_path):
    reference = Reference(ROOT / "build_data" / "reference")
    bound, price = targets.cost_bound(targets.TARGETS["tpu-v5p-8"], reference)
    on_demand = [p.usd_per_chip_hour for p in reference.prices.of("TPU v5p", tier="on-demand")]
    assert price.usd_per_chip_hour == min(on_demand)
    # a TPU task runs JAX, then PyTorch, then TensorFlow, each under the deadline
    assert bound == pytest.approx(4 * min(on_demand) * (targets.SETUP_S + 3 * targets.DEADLINE_S) / 3600)
    unpriced = tmp_path / "reference"
    shutil.copytree(ROOT / "build_data" / "reference", unpriced)
    for name in ("prices.csv", "catalog_prices.csv"):
        (unpriced / name).unlink()
    assert targets.cost_bound(targets.TARGETS["MI300X:1"], Reference(unpriced)) is None  # no price: said, not guessed


def test_the_cost_bound_is_said_with_the_price_it_comes_from_or_said_to_have_none():
    from accelbench.core.prices import dollars
    from accelbench.publish.wording.measured import NO_TASK_PRICE, task_cost

    reference = Reference(ROOT / "build_data" / "reference")
    bound, price = targets.cost_bound(targets.TARGETS["H200:1"], reference)
    assert task_cost((bound, price), reference.prices.as_of) == \
        f"at most {dollars(bound)} ({price.text()}; {price.when(reference.prices.as_of)})"
    assert task_cost(None, reference.prices.as_of) == NO_TASK_PRICE == "no price in the reference data"


@pytest.mark.skipif(not CLOUD_PYTHON.exists() and os.environ.get("CI", "").lower() != "true",
                    reason="no .venv-cloud: `make cloud-env` installs SkyPilot to check the task files with its parser")
def test_skypilots_own_parser_loads_every_task_with_the_resources_asked_for(tmp_path):
    planned = cloud.plan(ALL.split(","), tmp_path / "cloud")
    planned += cloud.plan(["H200:1"], tmp_path / "bucket", bucket="gs://my-results")
    script = ("import json, sys, sky\n"
              "out = []\n"
              "for path in sys.argv[1:]:\n"
              "    task = sky.Task.from_yaml(path)\n"
              "    mounts = sorted([*(task.file_mounts or {}), *(task.storage_mounts or {})])\n"
              "    out.append([task.name, [sorted((r.accelerators or {}).items()) for r in task.resources],\n"
              "                bool(task.setup), bool(task.run), mounts])\n"
              "print(json.dumps(out))\n")
    run = subprocess.run([str(CLOUD_PYTHON), "-c", script, *[str(p) for _, p, _ in planned]], cwd=tmp_path,
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-3000:]
    parsed = json.loads(run.stdout.strip().splitlines()[-1])
    for (target, path, _), (name, resources, setup, run_, mounts) in zip(planned, parsed, strict=True):
        kind, _, count = target.accelerators.partition(":")
        assert name == f"accelbench-{target.slug}" and setup and run_
        assert resources == [[[kind, int(count or 1)]]]
        assert mounts == ([cloud.RESULTS_MOUNT] if "bucket" in str(path) else [])


def test_collect_adds_valid_files_reports_bad_ones_and_overwrites_nothing(tmp_path, data_dir):
    source = tmp_path / "cloud-results"
    for folder in (source / "h200" / "runs", source / "runs"):  # write_run writes into FOLDER/runs/
        folder.mkdir(parents=True)
    stored = write_run(data_dir, make_run())
    stored_bytes = stored.read_bytes()
    good = write_run(source / "h200", make_run(run_id="20261201T000000Z-sky-h200-00000002"), name="good")
    bad_run = make_run(run_id="20261201T000000Z-sky-h200-00000003", records=[make_record(metrics={"tflops": 1e9})])
    bad = write_run(source, bad_run, name="bad")
    same_id = write_run(source, make_run(), name="renamed-copy")  # the stored run under another name
    (source / "broken.json").write_text("{ not json")

    collected = cloud.collect(source, data_dir / "runs", Validator(SNIPPETS, data_dir / "reference"))
    assert collected.added == [data_dir / "runs" / "good.json"]
    assert json.loads(collected.added[0].read_text()) == json.loads(good.read_text())
    rejected = {path.name: " ".join(problems) for path, problems in collected.rejected}
    assert set(rejected) == {"bad.json", "renamed-copy.json", "broken.json"}
    assert "metrics.tflops" in rejected["bad.json"] and "already stored" in rejected["renamed-copy.json"]
    assert not (data_dir / "runs" / "bad.json").exists() and not (data_dir / "runs" / "broken.json").exists()
    assert stored.read_bytes() == stored_bytes
    assert bad.exists() and same_id.exists()  # the source is left as it was

    again = cloud.collect(source, data_dir / "runs", Validator(SNIPPETS, data_dir / "reference"))
    assert again.added == [] and again.already_stored == [good]


def test_collect_refuses_a_copy_of_a_stored_run_even_when_the_stored_file_no_longer_validates(tmp_path, data_dir):
    stored_run = make_run(records=[make_record(metrics={"tflops": 1e9})])  # invalid by today's checks
    stored = write_run(data_dir, stored_run)
    source = tmp_path / "results"
    (source / "runs").mkdir(parents=True)
    fixed = make_run()  # the same run_id, now valid, under another name
    write_run(source, fixed, name="fixed")
    collected = cloud.collect(source, data_dir / "runs", Validator(SNIPPETS, data_dir / "reference"))
    assert collected.added == [] and "already stored" in " ".join(collected.rejected[0][1])
    assert json.loads(stored.read_text()) == stored_run and not (data_dir / "runs" / "fixed.json").exists()


def test_collect_and_plan_from_the_command_line(tmp_path, data_dir, capsys):
    source = tmp_path / "results"
    (source / "runs").mkdir(parents=True)
    write_run(source, make_run(run_id="20261201T000000Z-sky-h200-00000002"))
    write_run(source, make_run(run_id="20261201T000000Z-sky-h200-00000003", records=[make_record(metrics={"tflops": 1e9})]))
    code = main(["--data-dir", str(data_dir), "--snippets-dir", str(SNIPPETS), "cloud", "collect", str(source)])
    out = capsys.readouterr()
    assert code == 1 and "added" in out.out and "rejected:" in out.out and "1 added, 0 already stored, 1 rejected" in out.err
    code = main(["--data-dir", str(ROOT / "build_data"), "--snippets-dir", str(SNIPPETS), "cloud", "plan",
                 "--targets", "H200:1,tpu-v6e-1", "--out", str(tmp_path / "cloud")])
    out = capsys.readouterr().out
    assert code == 0 and f"sky launch -y -c accelbench-h200-1 {tmp_path / 'cloud' / 'h200-1.yaml'}" in out
    assert "per chip-hour" in out and "accelbench cloud collect cloud-results" in out
    assert main(["--data-dir", str(data_dir), "--snippets-dir", str(SNIPPETS), "cloud", "collect",
                 str(tmp_path / "nowhere")]) == 2


def test_pytorch_on_a_tpu_runs_with_a_time_limit_that_covers_torch_xlas_two_compiles(tmp_path):
    for target, path, _ in cloud.plan(ALL.split(","), tmp_path):
        lines = [line for line in yaml.safe_load(path.read_text())["run"].splitlines() if "accelbench run" in line]
        limited = [line for line in lines if f"--time-limit {targets.TPU_TORCH_TIME_LIMIT_S:g} " in line]
        # only the torch_xla run, from .venv-xla: JAX and the GPUs keep the profile's own limit
        assert limited == ([line for line in lines if "--frameworks torch" in line] if target.is_tpu else []), target.name
        assert all(line.strip().startswith(".venv-xla/") for line in limited)
    # the limit exceeds the profile's, and the whole planned GPT-2 step on every TPU, which counts two compiles
    assert PROFILES["full"].time_limit_s < targets.TPU_TORCH_TIME_LIMIT_S
    reference = Reference(ROOT / "build_data" / "reference")
    for chip in ("TPU v5e", "TPU v6e (Trillium)", "TPU v5p"):
        hw = hardware.assumed(chip, "tpu", "google", 16 * 2**30, ["torch"])
        steps = plan(discover(SNIPPETS, ["transformer_train"]), hw, ["torch"], PROFILES["full"], reference)
        assert steps and all(COMPILE_S[("torch", "tpu")]["step"] <= s.budget_s < targets.TPU_TORCH_TIME_LIMIT_S
                             for s in steps), chip
