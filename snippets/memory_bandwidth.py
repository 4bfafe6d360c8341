"""Memory bandwidth: a device-to-device copy (y = x) and a scale (y = a·x) of float32 arrays.

Underlies every other claim: most training steps are partly limited by how fast memory
feeds the compute units. Bytes counted are the fewest a call must move: the input read once
and the output written once (2 × array size). The result is reported in GB/s and as a
fraction of the vendor's memory (HBM) bandwidth.
"""

from accelbench.snippet import Case, input_sets

WORKLOAD = "memory_bandwidth"
TITLE = "Memory bandwidth"
CLAIM = "Underlies every speed claim: how fast can the device move data between memory and its compute units?"

_MIB = 2**20
PROFILES = {
    "quick": [{"op": op, "mib": m} for op in ("copy", "scale") for m in (1, 16, 128)],
    "full": [{"op": op, "mib": m} for op in ("copy", "scale") for m in (1, 4, 16, 64, 256, 1024, 4096)],
    "test": [{"op": "copy", "mib": 1}, {"op": "scale", "mib": 1}],
}
CHART = {"x": "mib", "y": "gbps", "series": ["op"], "x_label": "array size (MiB of float32)",
         "y_label": "GB/s (read + write)", "title": "Memory bandwidth", "log_x": True}
TABLE = {"metrics": ["gbps", "fraction_of_peak", "compile_s"]}
PEAK = {"metric": "gbps"}  # divided by the vendor's HBM bandwidth

SCALE = 1.5
TOLERANCE = 1e-6  # a copy is exact and a float32 product is correctly rounded


def flops(params):
    return 0  # a copy does no arithmetic; a scale's one multiply per element is not the point


def bytes_moved(params):
    return 2 * params["mib"] * _MIB


def skip_reason(framework, platform, params, count=1):
    return None


def _sets(params):  # x and y of one call
    return input_sets(2 * params["mib"] * _MIB, rotate_bytes=256 * _MIB, max_sets=64)


# --8<-- [start:torch]
def torch_case(params, device):
    import torch

    n = params["mib"] * _MIB // 4
    gen = torch.Generator(device=device).manual_seed(0)
    xs = [torch.randn(n, device=device, generator=gen) for _ in range(_sets(params))]
    ys = [torch.empty_like(x) for x in xs]

    def op(x, y):  # writes into a preallocated output, so no allocation is timed
        return y.copy_(x) if params["op"] == "copy" else torch.mul(x, SCALE, out=y)

    def run(i):
        return op(xs[i % len(xs)], ys[i % len(ys)])

    def check():
        x = torch.randn(n, device=device, generator=torch.Generator(device=device).manual_seed(1))
        y = op(x, torch.full_like(x, float("nan")))  # poisoned: every element must be written
        # float32 is exact here (a copy, or one correctly rounded product), and a float64 copy
        # of a 4 GiB array would not fit beside the input sets
        ref = x if params["op"] == "copy" else x * SCALE
        return float(torch.linalg.vector_norm(y - ref) / torch.linalg.vector_norm(ref))

    return Case(run=run, check=check, tolerance=TOLERANCE, notes={"input_sets": len(xs)})
# --8<-- [end:torch]


# --8<-- [start:jax]
def jax_case(params, device):
    import jax
    import jax.numpy as jnp

    n = params["mib"] * _MIB // 4
    keys = jax.random.split(jax.random.key(0), _sets(params))
    xs = [jax.device_put(jax.random.normal(k, (n,), jnp.float32), device) for k in keys]
    # Outputs of a jitted function never alias its (undonated) inputs, so a copy is real.
    op = jax.jit(jnp.copy if params["op"] == "copy" else (lambda x: x * SCALE))
    compiled = {}

    def prepare():
        compiled["f"] = op.lower(xs[0]).compile()

    def run(i):
        return compiled["f"](xs[i % len(xs)])

    def check():
        x = jax.device_put(jax.random.normal(jax.random.key(1), (n,), jnp.float32), device)
        y = compiled["f"](x)
        ref = x * (1.0 if params["op"] == "copy" else SCALE)  # float32 products are correctly rounded
        return float(jnp.linalg.norm(y - ref) / jnp.linalg.norm(ref))

    return Case(run=run, check=check, tolerance=TOLERANCE, prepare=prepare, notes={"input_sets": len(xs)})
# --8<-- [end:jax]
