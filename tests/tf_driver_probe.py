"""Run by test_tensorflow.py with .venv-tf's Python: drives the runner's own timing and measurement
through TensorFlow on this CPU and prints what it saw as one JSON line: traces counted while timed,
and the ops TensorFlow refuses to run on a device (a real XLA refusal here, and TensorFlow's
placement refusal on a faked GPU) recorded as unsupported."""

import json
import os
from types import SimpleNamespace

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")

import tensorflow as tf  # noqa: E402

from accelbench.core.profiles import PROFILES  # noqa: E402
from accelbench.frameworks import detection  # noqa: E402
from accelbench.frameworks.hardware import Device  # noqa: E402
from accelbench.measure import measurement as measure
from accelbench.measure import timing
from accelbench.measure.plan import Planned  # noqa: E402
from accelbench.workloads.snippet import Case, tf_function  # noqa: E402

PLAN = timing.TimingPlan(warmup_s=0.05, min_sample_s=0.01, repeats=5, budget_s=1.0)
CPU = "/device:CPU:0"
devices, _ = detection.detect_tensorflow()  # as the runner does: strict placement from here on


def timed(run) -> dict:
    """The runner's timing of ``run`` through the TensorFlow driver: traces counted while sampling."""
    driver = measure.driver_for("tensorflow", CPU)
    result = timing.time_calls(driver.run(run), driver.sync, PLAN, compilations=driver.compilations)
    return {"compilations": result.compilations,
            "wide_spread": timing.summarize(result.samples_s, result.compilations)["wide_spread"]}


def retraced() -> tuple[dict, dict]:
    """A function given the same tensor each call (one trace, before timing), and one given a new
    Python number each call (TensorFlow traces it again for every value)."""
    x = tf.ones((64, 64))
    steady = tf_function(lambda a: a @ a, jit_compile=True)
    steady(x)
    again = tf_function(lambda a, scale: a * scale, jit_compile=True)
    again(x, 0)
    return timed(lambda i: steady(x)), timed(lambda i: again(x, i + 1))


def fake_snippet(case_of) -> SimpleNamespace:
    """Just what measure() asks of a snippet, with the given case."""
    return SimpleNamespace(workload="probe", hash_for=lambda fw: "0" * 64, case=lambda fw, params, device: case_of(device),
                           work=lambda params, override=None: {"flops": 1}, peak_spec=None,
                           wants_energy=lambda params: False)


def recorded(case_of, device: Device) -> dict:
    item = Planned(fake_snippet(case_of), "tensorflow", device, {"n": 1}, None)
    record = measure.measure(item, PROFILES["test"], reference=None)
    return {k: record[k] for k in ("status", "category", "reason")}


def xla_refusal(device):
    """A Python callback inside an XLA-compiled function: XLA has no lowering for it on any device."""
    f = tf_function(lambda a: tf.py_function(lambda b: b * 2, [a], tf.float32), jit_compile=True)
    x = tf.ones((8,))
    return Case(run=lambda i: f(x), check=lambda: 0.0, tolerance=0.0)


def placement_refusal(device):
    """What TensorFlow raises, under strict placement, for an op with no kernel on the requested GPU
    (colocation_graph.cc's message; the runner's GPU here is faked, so the error is raised as TensorFlow would)."""
    def run(i):
        raise tf.errors.InvalidArgumentError(
            None, None, "Cannot assign a device for operation 'StringFormat': Could not satisfy explicit device "
                        "specification '/device:GPU:0' because no supported kernel for GPU devices is available.")
    return Case(run=run, check=lambda: 0.0, tolerance=0.0)


cpu = next(d for d in devices if d.platform == "cpu")
fake_gpu = Device("tensorflow", "gpu", "Faked GPU", 1, None, "nvidia", CPU)
steady, again = retraced()
print(json.dumps({"soft_placement": tf.config.get_soft_device_placement(), "steady": steady, "retraced": again,
                  "xla_refusal": recorded(xla_refusal, cpu), "placement_refusal": recorded(placement_refusal, fake_gpu),
                  "cpu_devices": cpu.count}))
