"""Data parallelism on this CPU machine: JAX over 4 forced host devices, PyTorch DDP over two
gloo processes and TensorFlow's MirroredStrategy over two logical CPU devices (from .venv-tf).
Gradients must be averaged correctly: one data-parallel step equals one single-device step on the
whole global batch."""

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import numpy as np

from accelbench.workloads.discovery import discover

from conftest import ROOT, SNIPPETS, TF_PYTHON, needs_tf_env

DP = discover(SNIPPETS, ["data_parallel"])[0].module
CFG_NAME = "micro"


def test_jax_sharded_step_matches_one_device_on_the_whole_batch(tmp_path):
    script = textwrap.dedent(f"""
        import json, sys
        import numpy as np
        import jax, jax.numpy as jnp
        from accelbench.workloads.snippet import load_module
        dp = load_module({str(SNIPPETS / 'data_parallel.py')!r})
        cfg = dp._gpt().CONFIGS[{CFG_NAME!r}]
        devices = jax.devices("cpu")
        assert len(devices) == 4, devices
        idx, targets = dp.shard_batch(cfg, 0, range(4))
        results = {{}}
        gpt = dp._gpt()
        for name, devs in (("mesh", devices), ("single", devices[:1])):
            _, weights, _, shard = dp.jax_step_on_mesh(cfg, devs, "float32")
            loss_of = lambda p, i, t: gpt.jax_loss(p, i, t, cfg, jnp.float32)
            grads = jax.jit(jax.grad(loss_of))(weights, shard(idx), shard(targets))
            kept = ("wte.weight", "h.0.mlp.c_fc.bias")
            results["grad_" + name] = {{k: np.asarray(v).tolist() for k, v in grads.items() if k in kept}}
        for name, devs in (("mesh", devices), ("single", devices[:1])):
            step, weights, state, shard = dp.jax_step_on_mesh(cfg, devs, "float32")
            p, state, loss = step(weights, state, jnp.float32(1), shard(idx), shard(targets))
            if name == "mesh":
                assert len(p["wte.weight"].sharding.device_set) == 4
                assert len(shard(idx).sharding.device_set) == 4
            results[name] = {{k: np.asarray(v).tolist() for k, v in p.items() if k in ("wte.weight", "h.0.mlp.c_fc.bias")}}
            results[name]["loss"] = float(loss)
        json.dump(results, sys.stdout)
    """)
    env = {**os.environ, "XLA_FLAGS": "--xla_force_host_platform_device_count=4", "JAX_PLATFORMS": "cpu"}
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, cwd=ROOT, timeout=300)
    assert out.returncode == 0, out.stderr
    results = json.loads(out.stdout)
    assert results["mesh"]["loss"] == results["single"]["loss"] or \
        abs(results["mesh"]["loss"] - results["single"]["loss"]) < 1e-5
    for name in ("wte.weight", "h.0.mlp.c_fc.bias"):
        np.testing.assert_allclose(results["grad_mesh"][name], results["grad_single"][name], rtol=1e-4, atol=1e-8)
        np.testing.assert_allclose(results["mesh"][name], results["single"][name], rtol=1e-4, atol=2e-6)
    # the step did change the weights (an identical no-op would also "agree")
    initial = DP._gpt().init_params(DP._gpt().CONFIGS[CFG_NAME])["h.0.mlp.c_fc.bias"]
    assert np.abs(np.asarray(results["mesh"]["h.0.mlp.c_fc.bias"]) - initial).max() > 1e-5


def test_torch_ddp_over_two_gloo_processes_matches_one_process_on_the_whole_batch(tmp_path):
    params = {"config": CFG_NAME, "devices": "all", "dtype": "float32"}
    saved = {}
    for world, shards_of in ((2, lambda rank: [rank]), (1, lambda rank: [0, 1])):
        workers = DP.TorchWorkers(world, params, "cpu", shards_of=shards_of)
        try:
            assert workers.ask("ready") == ["ready"] * world
            grads = tmp_path / f"grads{world}.npz"
            workers.ask(f"grads {grads} 0")  # every rank writes the same averaged gradients
            losses = workers.ask("step 0")
            path = tmp_path / f"world{world}.npz"
            workers.ask(f"save {path}")
            saved[world] = (np.load(path), [float(x) for x in losses], np.load(grads))
        finally:
            workers.close()
    # averaged, not summed: Adam's update hides a factor of two, the gradients do not
    for name in saved[1][2].files:
        np.testing.assert_allclose(saved[2][2][name], saved[1][2][name], rtol=1e-4, atol=1e-8, err_msg=name)
    two, one = saved[2][0], saved[1][0]
    for name in one.files:
        np.testing.assert_allclose(two[name], one[name], rtol=1e-4, atol=2e-6, err_msg=name)
    initial = DP._gpt().init_params(DP._gpt().CONFIGS[CFG_NAME])
    assert np.abs(two["h.0.mlp.c_fc.bias"] - initial["h.0.mlp.c_fc.bias"]).max() > 1e-5
    # each rank's loss is its own shard's; their mean is the whole batch's loss
    assert np.mean(saved[2][1]) == np.float64(saved[1][1][0]) or abs(np.mean(saved[2][1]) - saved[1][1][0]) < 1e-5


@needs_tf_env
def test_tensorflow_mirrored_step_matches_one_device_on_the_whole_batch():
    run = subprocess.run([str(TF_PYTHON), str(ROOT / "tests" / "tf_probe.py"), "data-parallel",
                          "--config", CFG_NAME], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-4000:]
    out = json.loads(run.stdout.strip().splitlines()[-1])
    assert out["replicas"] == 2 and out["replicas_equal"]  # every replica applied the same update
    assert abs(out["loss_mirrored"] - out["loss_single"]) < 1e-5  # the mean of the replicas' losses
    assert out["weight_difference"] < 1e-6 < 1e-4 < out["update"]  # gradients averaged, every weight moved


def test_single_device_is_skipped_with_the_reason():
    assert DP.skip_reason("jax", "gpu", {"config": "tiny", "devices": "all"}, count=1) == \
        ("not_applicable", "single device: data parallelism needs two or more")
    assert DP.skip_reason("torch", "gpu", {"config": "tiny", "devices": "all"}, count=8) is None


def test_work_scales_with_the_device_count():
    params = {"config": "gpt2-small", "devices": "all"}
    assert DP.tokens(params, 4) == 4 * 16 * 1024
    assert DP.flops(params, 4) == 4 * DP.flops(params, 1)


def test_the_runner_measures_jax_data_parallel_over_four_host_devices(data_dir):
    env = {**os.environ, "XLA_FLAGS": "--xla_force_host_platform_device_count=4", "JAX_PLATFORMS": "cpu"}
    out = subprocess.run([sys.executable, "-m", "accelbench", "--data-dir", str(data_dir), "run", "--profile", "test",
                          "--only", "data_parallel", "--frameworks", "jax"], capture_output=True, text=True,
                         env=env, cwd=ROOT, timeout=300)
    assert out.returncode == 0, out.stderr
    records = json.loads(Path(out.stdout.strip().splitlines()[-1]).read_text())["records"]
    by_devices = {r["params"]["devices"]: r for r in records}
    assert {k: r["status"] for k, r in by_devices.items()} == {"one": "ok", "all": "ok"}
    assert (by_devices["one"]["notes"]["devices"], by_devices["all"]["notes"]["devices"]) == (1, 4)
    cfg = DP._gpt().CONFIGS[CFG_NAME]
    for key, count in (("one", 1), ("all", 4)):
        rec = by_devices[key]
        expected = count * cfg["batch"] * cfg["seq"] / rec["stats"]["median_s"]
        assert abs(rec["metrics"]["tokens_per_s"] - expected) < 1e-6 * expected
