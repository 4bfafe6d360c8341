"""The GPT-2 training step of transformer_train, data-parallel over all local devices.

Tests the article's claim that TPUs are "scalable — TPU pods can handle massive AI models",
on the scale a single machine offers. Each device trains on its own batch (weak scaling);
gradients are averaged across devices every step: JAX shards the global batch over a device
mesh (jax.sharding.Mesh / NamedSharding) and lets the compiler insert the all-reduce; PyTorch
runs one process per device under DistributedDataParallel (NCCL on GPUs, gloo on CPUs).

The record with ``devices: all`` over the one with ``devices: one`` gives the scaling
efficiency: tokens/s on k devices ÷ (k × tokens/s on one). On a machine with a single
device both are skipped.
"""

import json
import socket
import subprocess
import sys
from pathlib import Path

import numpy as np

from accelbench.snippet import Case, load_module, torch_tf32

WORKLOAD = "data_parallel"
TITLE = "Data-parallel training across local devices"
CLAIM = "TPUs are scalable: TPU pods can handle massive AI models."
USES = ["transformer_train"]
RUN_ORDER = 5  # needs several devices; on one it is skipped at once

PROFILES = {
    "quick": [{"config": "tiny", "devices": d, "dtype": "bfloat16"} for d in ("one", "all")],
    "full": [{"config": "gpt2-small", "devices": d, "dtype": "bfloat16"} for d in ("one", "all")],
    "test": [{"config": "micro", "devices": d, "dtype": "bfloat16"} for d in ("one", "all")],
}
CHART = {"mark": "bar", "y": "tokens_per_s", "series": ["config", "devices"], "x": "config",
         "x_label": "", "y_label": "tokens/s", "title": "Data-parallel training throughput"}
TABLE = {"metrics": ["tokens_per_s", "tflops", "compile_s"]}
_PROTOCOL = "ACCELBENCH"  # prefix of worker replies; anything else a library prints is ignored
BATCHES = 4


def _gpt():
    return load_module(Path(__file__).with_name("transformer_train.py"))


def setup_s(framework, platform, params):
    """As the single-device training step, plus starting one process per device (PyTorch)."""
    return _gpt().setup_s(framework, platform, {**params, "variant": "compiled" if framework == "jax" else "eager"}) + 5.0


def skip_reason(framework, platform, params, count=1):
    if framework == "torch" and platform == "tpu":
        return "unavailable", ("PyTorch/XLA on several chips needs torch_xla's own launcher (a process per chip), "
                               "which this runner does not drive yet")
    if count < 2:
        return "not_applicable", "single device: data parallelism needs two or more"
    return None


def device_count(params, available):
    return available if params["devices"] == "all" else 1


def tokens(params, count=1):
    """Tokens per step on ``count`` devices (each trains on a full batch)."""
    cfg = _gpt().CONFIGS[params["config"]]
    return cfg["batch"] * cfg["seq"] * count


def flops(params, count=1):
    return _gpt().flops_per_token(_gpt().CONFIGS[params["config"]]) * tokens(params, count)


def work(params, count):
    return {"tokens": tokens(params, count), "flops": flops(params, count)}


def bytes_moved(params):
    return 0


def shard_batch(cfg, step, shards):
    """The batch of the given shards at a step: shard r is device r's part of the global batch."""
    gpt = _gpt()
    parts = [gpt.batch(cfg, seed=1000 * (step % BATCHES) + r) for r in shards]
    return np.concatenate([p[0] for p in parts]), np.concatenate([p[1] for p in parts])


# --8<-- [start:jax]
def jax_step_on_mesh(cfg, devices, dtype_name="bfloat16"):
    """The jitted transformer step with weights replicated and the batch sharded over a mesh
    of ``devices``: the compiler averages the gradients across them."""
    import jax
    import jax.numpy as jnp
    from jax.sharding import Mesh, NamedSharding, PartitionSpec

    gpt = _gpt()
    mesh = Mesh(np.array(devices), ("data",))
    replicated, sharded = NamedSharding(mesh, PartitionSpec()), NamedSharding(mesh, PartitionSpec("data"))
    dtype = jnp.bfloat16 if dtype_name == "bfloat16" else jnp.float32
    weights, opt_state = gpt.jax_initial_state(cfg, lambda a: jax.device_put(a, replicated))
    return gpt.jax_train_step(cfg, dtype), weights, opt_state, lambda a: jax.device_put(a, sharded)


def jax_case(params, device):
    import jax
    import jax.numpy as jnp

    gpt = _gpt()
    cfg = gpt.CONFIGS[params["config"]]
    everything = jax.devices(device.platform)
    devices = everything[: device_count(params, len(everything))]
    step_fn, weights, opt_state, shard = jax_step_on_mesh(cfg, devices, params["dtype"])
    live = {"p": weights, "state": opt_state, "step": 0}
    batches = [tuple(shard(a) for a in shard_batch(cfg, s, range(len(devices)))) for s in range(BATCHES)]
    compiled = {}

    def prepare():
        compiled["step"] = step_fn.lower(live["p"], live["state"], jnp.float32(1), *batches[0]).compile()

    def run(i):
        live["step"] += 1
        live["p"], live["state"], loss = compiled["step"](live["p"], live["state"], jnp.float32(live["step"]),
                                                          *batches[i % len(batches)])
        return loss

    def check():
        return gpt.jax_check(live["p"], cfg, jnp.bfloat16 if params["dtype"] == "bfloat16" else jnp.float32)

    return Case(run=run, check=check, tolerance=gpt.TOLERANCE[params["dtype"]], prepare=prepare,
                notes={"model": cfg, "devices": len(devices)}, work=work(params, len(devices)))
# --8<-- [end:jax]


# --8<-- [start:torch]
class TorchWorkers:
    """One process per device running DistributedDataParallel, driven over stdin/stdout."""

    def __init__(self, world, params, device_type, shards_of=None):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        shards_of = shards_of or (lambda rank: [rank])
        self.procs = [subprocess.Popen(
            [sys.executable, __file__, "--worker", str(rank), str(world), str(port), json.dumps(params),
             device_type, json.dumps(shards_of(rank))],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True) for rank in range(world)]

    def ask(self, command):
        """Send a command to every worker and return their replies (waits for all: the sync)."""
        for p in self.procs:
            p.stdin.write(command + "\n")
            p.stdin.flush()
        return [self._reply(p) for p in self.procs]

    def _reply(self, proc):
        for line in proc.stdout:
            if line.startswith(_PROTOCOL):
                reply = line.split(maxsplit=1)[1].strip()
                if reply.startswith("error"):
                    raise RuntimeError(f"worker failed: {reply}")
                return reply
        raise RuntimeError(f"worker exited with code {proc.wait()}")

    def close(self, grace_s=20.0):
        """Ask every worker to stop, then kill what is still running after ``grace_s`` in all."""
        import time

        for p in self.procs:
            try:
                p.stdin.write("stop\n")
                p.stdin.flush()
            except (BrokenPipeError, OSError):
                pass
        deadline = time.monotonic() + grace_s
        for p in self.procs:
            try:
                p.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                p.kill()


def torch_case(params, device):
    import torch

    on_gpu = str(device).startswith("cuda")
    world = device_count(params, torch.cuda.device_count() if on_gpu else 1)
    workers = {}

    def prepare():  # start the processes and wait until every model is built
        workers["w"] = TorchWorkers(world, params, "cuda" if on_gpu else "cpu")
        workers["w"].ask("ready")

    def run(i):
        return float(workers["w"].ask(f"step {i}")[0])

    def check():
        return float(workers["w"].ask("check")[0])

    def close():
        if "w" in workers:
            workers["w"].close()

    return Case(run=run, check=check, tolerance=_gpt().LOSS_TOLERANCE[params["dtype"]], prepare=prepare, close=close,
                notes={"model": _gpt().CONFIGS[params["config"]], "devices": world}, work=work(params, world))


def torch_worker(rank, world, port, params, device_type, shards):
    import torch
    import torch.distributed as dist
    from torch.nn.parallel import DistributedDataParallel

    gpt = _gpt()
    cfg = gpt.CONFIGS[params["config"]]
    device = f"cuda:{rank}" if device_type == "cuda" else "cpu"
    if device_type == "cuda":
        torch.cuda.set_device(rank)
        torch_tf32(True)  # as transformer_train's case: float32 products left under autocast
    dist.init_process_group("nccl" if device_type == "cuda" else "gloo",
                            init_method=f"tcp://127.0.0.1:{port}", rank=rank, world_size=world)
    model, opt = gpt.torch_model_and_optimizer(cfg, device)
    ddp = DistributedDataParallel(model, device_ids=[rank] if device_type == "cuda" else None)
    autocast = gpt.torch_autocast(device, params["dtype"])
    batches = [tuple(torch.from_numpy(a).long().to(device) for a in shard_batch(cfg, s, shards)) for s in range(BATCHES)]
    for line in sys.stdin:
        command = line.split()
        try:
            if command[0] == "stop":
                break
            if command[0] == "ready":
                reply = "ready"
            elif command[0] == "step":
                loss = gpt.torch_train_step(ddp, opt, autocast, *batches[int(command[1]) % len(batches)])
                reply = f"{float(loss)}"  # float() waits for the device
            elif command[0] == "check":
                reply = f"{gpt.torch_check(model, model, cfg, device, autocast)}"
            else:  # what the tests ask a worker (below, outside the published code)
                reply = _inspect(command, model, ddp, opt, autocast, batches)
        except Exception as exc:  # reported to the parent, which records the failure
            reply = f"error {type(exc).__name__}: {exc}".replace("\n", " ")
        print(_PROTOCOL, reply, flush=True)
    dist.destroy_process_group()
# --8<-- [end:torch]


def _inspect(command, model, ddp, opt, autocast, batches):
    """Commands only tests/test_data_parallel.py sends: the weights, or one step's all-reduced
    gradients without an update, saved to a file so ranks and frameworks can be compared."""
    if command[0] == "save":
        np.savez(command[1], **{k: v.float().cpu().numpy() for k, v in model.state_dict().items()})
        return "saved"
    if command[0] == "grads":
        with autocast:
            ddp(*batches[int(command[2]) % len(batches)]).backward()
        np.savez(command[1], **{k: p.grad.float().cpu().numpy() for k, p in model.named_parameters()})
        opt.zero_grad(set_to_none=True)
        return "saved"
    return f"error unknown command {command[0]}"


if __name__ == "__main__" and sys.argv[1:2] == ["--worker"]:
    _, _, rank, world, port, params, device_type, shards = sys.argv
    torch_worker(int(rank), int(world), int(port), json.loads(params), device_type, json.loads(shards))
