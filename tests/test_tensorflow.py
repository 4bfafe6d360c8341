"""TensorFlow, from .venv-tf (`make tf-env`: tensorflow-cpu 2.21, apart from the site's environment):
each workload at its test size through the real command line with its float64 check, traces counted
while timed, ops TensorFlow refuses to run on a device recorded as unsupported (by name), and its
version of each workload kept apart from PyTorch's and JAX's. Detection on GPU and TPU machines
is checked with a fake TensorFlow, in any environment."""

import json
import subprocess
from types import SimpleNamespace

import pytest

from accelbench.core.profiles import PROFILES
from accelbench.frameworks import detection, tf_device
from accelbench.measure.plan import plan
from accelbench.store.validation import Validator, validate_files
from accelbench.workloads.discovery import discover, snippet_hashes

from conftest import ROOT, SNIPPETS, TF_PYTHON, needs_tf_env
from helpers import env_run, run_in_env

WORKLOADS = ("transformer_train", "matmul", "memory_bandwidth", "general_compute", "data_parallel")

# two logical CPU devices, so MirroredStrategy has two replicas (as XLA_FLAGS gives JAX several)
TF_ENV = {tf_device.CPU_DEVICES: "2", "TF_CPP_MIN_LOG_LEVEL": "2"}


@pytest.fixture(scope="module")
def tf_run(tmp_path_factory):
    """One test-profile run of every workload by .venv-tf's accelbench, as `make benchmarks` runs it
    (no --frameworks: what .venv-tf has)."""
    return env_run(TF_PYTHON, tmp_path_factory.mktemp("tf"), ["--profile", "test", "--only", ",".join(WORKLOADS)], TF_ENV)


@pytest.fixture(scope="module")
def probe(tmp_path_factory):
    """What tests/tf_driver_probe.py saw through the runner's driver and measurement."""
    run = run_in_env(TF_PYTHON, [str(ROOT / "tests" / "tf_driver_probe.py")], tmp_path_factory.mktemp("probe"), TF_ENV)
    return json.loads(run.stdout.strip().splitlines()[-1])


def records(run, workload):
    return [r for r in run["records"] if r["workload"] == workload]


@needs_tf_env
def test_every_workload_runs_in_tensorflow_and_passes_its_float64_check(tf_run):
    _, run = tf_run
    assert [d["framework"] for d in run["devices"]] == ["tensorflow"]  # the default: what .venv-tf has
    assert run["environment"]["versions"]["tensorflow"].startswith("2.21")
    for workload in WORKLOADS:
        rows = records(run, workload)
        assert rows and all(r["status"] == "ok" for r in rows), [(r["params"], r["reason"]) for r in rows]
        for r in rows:
            assert r["check"]["relative_error"] <= r["check"]["tolerance"], (workload, r["params"])
            assert r["stats"]["compilations"] == 0, (workload, r["params"])  # traced before timing, never again
            assert r["notes"]["call_ends"] == tf_device.SYNC
            assert r["metrics"]["compile_s"] > 0
    steps = {r["params"]["variant"]: r for r in records(run, "transformer_train")}
    assert set(steps) == {"compiled", "graph"}  # XLA, and a TensorFlow graph without it
    assert all(s["metrics"]["tokens_per_s"] > 0 for s in steps.values())
    assert {r["params"]["op"] for r in records(run, "general_compute")} == {"fft", "sort", "scatter_add", "gather",
                                                                            "small_matmul"}
    replicas = {r["params"]["devices"]: r["notes"]["devices"] for r in records(run, "data_parallel")}
    assert replicas == {"one": 1, "all": 2}  # MirroredStrategy over the two logical CPUs


@needs_tf_env
def test_tensorflow_results_have_a_version_of_their_own(tf_run):
    """TensorFlow's results carry the version of the code they measure, the companion's with the
    workload's it runs, apart from PyTorch's and JAX's (tests/test_snippet_version.py: what counts)."""
    _, run = tf_run
    hashes = snippet_hashes(SNIPPETS)
    for r in run["records"]:
        assert r["snippet_hash"] == hashes[(r["workload"], "tensorflow")]
        assert r["snippet_hash"] not in (hashes[(r["workload"], "torch")], hashes[(r["workload"], "jax")])


@needs_tf_env
def test_the_run_file_passes_the_checks_a_pull_request_gets(tf_run):
    path, _ = tf_run
    assert validate_files([path], Validator(SNIPPETS, ROOT / "build_data" / "reference")) == []


@needs_tf_env
def test_a_retrace_while_timed_is_counted_and_flagged(probe):
    assert probe["steady"]["compilations"] == 0  # (its spread is the machine's noise: not asserted)
    assert probe["retraced"]["compilations"] > 0 and probe["retraced"]["wide_spread"] is True


@needs_tf_env
def test_ops_tensorflow_cannot_run_on_the_device_are_recorded_as_unsupported_by_name(probe):
    assert probe["soft_placement"] is False  # an op without a kernel on the device raises, never runs on the host
    xla = probe["xla_refusal"]
    assert (xla["status"], xla["category"]) == ("skipped", "unsupported") and "EagerPyFunc" in xla["reason"]
    placed = probe["placement_refusal"]  # on a faked GPU
    assert (placed["status"], placed["category"]) == ("skipped", "unsupported")
    assert "StringFormat" in placed["reason"] and "host CPU" in placed["reason"]


def test_an_ordinary_error_is_not_taken_for_a_device_limit():
    assert tf_device.unsupported(RuntimeError("Dst tensor is not initialized.")) is None


EAGER_REFUSAL = ("Could not satisfy device specification '/job:localhost/replica:0/task:0/device:GPU:0'. "
                 "enable_soft_placement=0. Supported device types [CPU]. All available devices "
                 "[/job:localhost/replica:0/task:0/device:GPU:0, /job:localhost/replica:0/task:0/device:CPU:0]. "
                 "[Op:StringFormat]")


def test_an_eager_op_without_a_kernel_on_the_device_is_a_limit_but_a_missing_device_is_not():
    assert "no GPU kernel for StringFormat" in tf_device.unsupported(RuntimeError(EAGER_REFUSAL))
    no_gpu = EAGER_REFUSAL.replace("/job:localhost/replica:0/task:0/device:GPU:0, ", "")
    assert tf_device.unsupported(RuntimeError(no_gpu)) is None  # our asking for a device that is not there


def test_tensorflows_out_of_memory_is_recorded_as_out_of_memory():
    from accelbench.measure.measurement import _is_oom

    assert _is_oom(RuntimeError("OOM when allocating tensor with shape[16,12,1024,1024] and type float"))
    assert _is_oom(RuntimeError("ResourceExhaustedError: failed to allocate memory"))


# Detection, with a fake TensorFlow (in any environment)

def fake_tf(gpus=0, name="NVIDIA H200", rocm=False, tpus=0, cpus=1):
    calls = []
    physical = [SimpleNamespace(name=f"/physical_device:GPU:{i}", device_type="GPU") for i in range(gpus)]
    config = SimpleNamespace(
        list_physical_devices=lambda kind: physical if kind == "GPU" else [SimpleNamespace(device_type="CPU")],
        list_logical_devices=lambda kind: [SimpleNamespace(name=f"/device:{kind}:{i}")
                                           for i in range(tpus if kind == "TPU" else cpus)],
        set_logical_device_configuration=lambda *a: calls.append("logical"),
        LogicalDeviceConfiguration=lambda: None,
        set_soft_device_placement=lambda on: calls.append(("soft_placement", on)),
        experimental_connect_to_cluster=lambda resolver: calls.append("connect"),
        experimental=SimpleNamespace(set_memory_growth=lambda d, on: calls.append(("memory_growth", d.name, on)),
                                     get_device_details=lambda d: {"device_name": name, "compute_capability": (9, 0)}))
    tf = SimpleNamespace(config=config, calls=calls, test=SimpleNamespace(is_built_with_rocm=lambda: rocm),
                         distribute=SimpleNamespace(cluster_resolver=SimpleNamespace(TPUClusterResolver=lambda tpu: tpu)),
                         tpu=SimpleNamespace(experimental=SimpleNamespace(
                             initialize_tpu_system=lambda resolver: calls.append("initialize"))))
    return tf


def test_tensorflow_gpus_keep_their_memory_free_and_placement_is_strict():
    tf = fake_tf(gpus=2)
    devices, unavailable = detection.detect_tensorflow(tf, tpu_chips=0, host_gpus=("nvidia", "NVIDIA H200", 2, 143 * 2**30))
    gpu = next(d for d in devices if d.platform == "gpu")
    assert (gpu.name, gpu.count, gpu.vendor, gpu.handle) == ("NVIDIA H200", 2, "nvidia", "/device:GPU:0")
    assert gpu.memory_bytes == 143 * 2**30  # from nvidia-smi: TensorFlow reports none, and the plan needs it
    assert ("memory_growth", "/physical_device:GPU:1", True) in tf.calls  # not all of it at start, as JAX's is not
    assert tf.calls[-1] == ("soft_placement", False) and unavailable == []


def test_tensorflow_on_a_tpu_is_opened_and_named_as_jax_names_it():
    devices, _ = detection.detect_tensorflow(fake_tf(tpus=4), tpu_chips=4, tpu_kind="TPU v6 lite")
    tpu = next(d for d in devices if d.platform == "tpu")
    assert (tpu.name, tpu.count, tpu.handle, tpu.cannot) == ("TPU v6 lite", 4, "/device:TPU:0", None)


def test_a_tpu_generation_without_tensorflow_records_every_measurement_framework_unsupported_with_the_source():
    tf = fake_tf()
    hw = detection.Hardware(*detection.detect_tensorflow(tf, tpu_chips=4, tpu_kind="TPU7x"))
    assert "initialize" not in tf.calls  # nothing is opened on a chip TensorFlow does not support
    items = plan(discover(SNIPPETS), hw, ["tensorflow"], PROFILES["full"])
    assert items and all(i.device.name == "TPU7x" for i in items)  # the TPU is measured, not the host CPU
    assert {i.skip_category for i in items} == {"framework_unsupported"}  # evidence for the frameworks verdict only
    reason = items[0].skip
    assert "TensorFlow is not supported on Ironwood (TPU7x)." in reason
    assert "https://docs.cloud.google.com/tpu/docs/supported-tpu-versions" in reason


def test_jax_holding_the_tpu_leaves_tensorflow_unavailable_with_how_to_run_it():
    devices, _ = detection.detect_tensorflow(fake_tf(tpus=4), tpu_chips=4, tpu_taken=True, tpu_kind="TPU v5 lite")
    tpu = next(d for d in devices if d.platform == "tpu")
    assert tpu.cannot[0] == "unavailable" and "make tf-env" in tpu.cannot[1]


def test_tensorflow_in_its_own_process_on_a_gpu_it_cannot_use_records_the_gpu_not_the_cpu():
    """TensorFlow runs in a process of its own, where no other framework sees the GPU: the GPU the
    machine lists is what the run is about, each measurement on it unavailable with how to fix it."""
    devices, _ = detection.detect_tensorflow(fake_tf(gpus=0), tpu_chips=0, host_gpus=("nvidia", "NVIDIA H200", 1, 141 * 2**30))
    items = plan(discover(SNIPPETS, ["matmul"]), detection.Hardware(devices, []), ["tensorflow"], PROFILES["quick"])
    assert items and {i.device.name for i in items} == {"NVIDIA H200"}
    assert {i.skip_category for i in items} == {"unavailable"} and "tensorflow[and-cuda]" in items[0].skip


def test_a_tpu_is_named_by_its_declared_accelerator_type_where_its_pci_id_names_none(tmp_path, monkeypatch):
    from accelbench.frameworks import xla

    device = tmp_path / "0000:00:04.0"
    device.mkdir()
    (device / "vendor").write_text(xla.GOOGLE_PCI_VENDOR + "\n")
    (device / "device").write_text("0x0062\n")  # shared by v5p and a test chip
    monkeypatch.setenv("TPU_ACCELERATOR_TYPE", "v5p-8")
    assert xla.tpu_kind(str(tmp_path)) == "TPU v5"
    (device / "device").write_text("0x006f\n")
    assert xla.tpu_kind(str(tmp_path)) == "TPU v6 lite"  # the PCI id decides where it names one


def test_a_gpu_machine_with_the_cpu_build_says_how_to_install_the_gpu_one():
    gpu = detection.Device("torch", "gpu", "NVIDIA H200", 1, None, "nvidia")
    hw = detection.Hardware([gpu], [])
    (missing,) = detection.unseen(hw.devices, [], ["torch", "tensorflow"])
    assert missing.framework == "tensorflow" and "tensorflow[and-cuda]" in missing.reason


def test_make_benchmarks_runs_tensorflow_from_its_own_environment_after_the_others():
    for has_tpu, first in (("", ".venv-absent/bin/accelbench run --profile quick --frameworks torch,jax"),
                           ("yes", ".venv-xla-absent/bin/accelbench run --profile quick --frameworks torch")):
        dry = subprocess.run(["make", "-n", "benchmarks", f"HAS_TPU={has_tpu}", "HAS_NVIDIA=", "VENV=.venv-absent",
                              "XLA_VENV=.venv-xla-absent", "TF_VENV=.venv-tf-absent"],
                             cwd=ROOT, capture_output=True, text=True, timeout=60)
        assert dry.returncode == 0, dry.stderr
        lines = dry.stdout.splitlines()
        tf = lines.index(".venv-tf-absent/bin/accelbench run --profile quick --frameworks tensorflow")
        assert lines.index(first) < tf < lines.index(".venv-absent/bin/accelbench validate")
        spec = "tensorflow-tpu==2.20.*" if has_tpu else "tensorflow-cpu==2.21.*"  # no tensorflow-tpu 2.21 exists
        assert any(f'"{spec}"' in line for line in lines), lines


def test_tensorflows_own_memory_need_counts_the_attention_scores_it_keeps():
    """TensorFlow has no fused attention: GPT-2 small's scores do not fit a 16 GiB TPU v5e beside the
    step, where JAX's Pallas kernel keeps none (the companion's memory_bytes, not the workload's)."""
    (snip,) = discover(SNIPPETS, ["transformer_train"])
    tpu = detection.Device("tensorflow", "tpu", "TPU v5 lite", 1, 16 * 2**30, "google", "/device:TPU:0")
    hw = detection.Hardware([tpu], [])
    (compiled,) = [i for i in plan([snip], hw, ["tensorflow"], PROFILES["full"]) if i.params["variant"] == "compiled"]
    assert compiled.skip_category == "too_large"
    assert snip.memory_bytes(compiled.params, "jax", "tpu") < 16 * 2**30 < snip.memory_bytes(compiled.params,
                                                                                              "tensorflow", "tpu")
