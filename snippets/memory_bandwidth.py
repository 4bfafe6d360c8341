"""Memory bandwidth: a device-to-device copy (y = x) and a scale (y = a·x) of float32 arrays.

Underlies every other claim: most training steps are partly limited by how fast memory
feeds the compute units. Bytes counted are the fewest a call must move: the input read once
and the output written once (2 × array size). The result is reported in GB/s and as a
fraction of the vendor's memory (HBM) bandwidth.
"""

from accelbench.snippet import Case, input_sets, torch_normal

WORKLOAD = "memory_bandwidth"
TITLE = "Memory bandwidth"
CLAIM = "Underlies every speed claim: how fast can the device move data between memory and its compute units?"

MIB = 2**20
PROFILES = {
    "quick": [{"op": op, "mib": m} for op in ("copy", "scale") for m in (1, 16, 128)],
    # 1 and 4 MiB move in about a microsecond on an accelerator: launch overhead, not bandwidth
    "full": [{"op": op, "mib": m} for op in ("copy", "scale") for m in (16, 64, 256, 1024, 4096)],
    "test": [{"op": "copy", "mib": 1}, {"op": "scale", "mib": 1}],
}
RUN_ORDER = 3  # the roofline's memory ceiling
CHART = {"x": "mib", "y": "gbps", "series": ["op"], "x_label": "array size (MiB of float32)",
         "y_label": "GB/s (read + write)", "title": "Memory bandwidth", "log_x": True}
TABLE = {"metrics": ["gbps", "fraction_of_peak", "compile_s"]}
PEAK = {"metric": "gbps"}  # divided by the vendor's HBM bandwidth

SCALE = 1.5
TOLERANCE = 1e-6  # a copy is exact and a float32 product is correctly rounded
# The check compares in chunks of this many elements, so it needs little memory beside the
# arrays (a 4 GiB check in one piece would need 20 GiB, more than a 16 GB TPU v5e has).
_CHECK_CHUNK = 64 * MIB


def priority(params):
    """The largest copy first: the best copy bandwidth is the roofline's measured ceiling."""
    return 0 if params["op"] == "copy" and params["mib"] >= 1024 else 1


def memory_bytes(params):
    """The input sets with their outputs, one more output for the check, and three of its chunks."""
    size = params["mib"] * MIB
    return 2 * size * input_set_count(params) + size + 3 * min(size, _CHECK_CHUNK * 4)


def setup_s(framework, platform, params):
    """Drawing the arrays on the device and checking every element, plus compiling (plan.COMPILE_S)."""
    from accelbench.measure.plan import compile_s

    return (1.0 if params["mib"] >= 1024 else 0.5) + compile_s(framework, platform, "op")


def flops(params):
    return 0  # a copy does no arithmetic; a scale's one multiply per element is not the point


def bytes_moved(params):
    return 2 * params["mib"] * MIB


def skip_reason(framework, platform, params, count=1):
    return None


def scale_of(params):  # what y = scale·x multiplies by
    return 1.0 if params["op"] == "copy" else SCALE


def input_set_count(params):  # x and y of one call
    return input_sets(2 * params["mib"] * MIB, rotate_bytes=256 * MIB, max_sets=64)


def chunked_error(y, x, factor):
    """||y - factor·x|| / ||factor·x||, summed chunk by chunk (a float32 product is correctly
    rounded, so factor·x in float32 is the exact reference). Works on PyTorch and JAX arrays."""
    err = ref = 0.0
    for start in range(0, x.shape[0], _CHECK_CHUNK):
        expected = x[start:start + _CHECK_CHUNK] * factor
        diff = y[start:start + _CHECK_CHUNK] - expected
        err += float((diff * diff).sum())
        ref += float((expected * expected).sum())
    return (err / ref) ** 0.5 if ref > 0 else err ** 0.5


# --8<-- [start:torch]
def torch_case(params, device):
    import torch

    n = params["mib"] * MIB // 4
    normal = torch_normal(device, 0)
    xs = [normal(n) for _ in range(input_set_count(params))]
    on_xla = str(device).startswith("xla")
    ys = [None] * len(xs) if on_xla else [torch.empty_like(x) for x in xs]  # XLA outputs are new buffers

    def op(x, y):  # writes into a preallocated output, so no allocation is timed
        if on_xla:  # torch_xla's tensors are values: copy_ would only point y at x's buffer and
            # move nothing, and every graph output is a new buffer anyway; clone() is a real copy
            return x.clone() if params["op"] == "copy" else x * SCALE
        return y.copy_(x) if params["op"] == "copy" else torch.mul(x, SCALE, out=y)

    def run(i):
        return op(xs[i % len(xs)], ys[i % len(ys)])

    def check():
        x, y = xs[0], ys[0] if on_xla else ys[0].fill_(float("nan"))  # poisoned: every element must be written
        y = op(x, y)
        # float32 is exact here (a copy, or one correctly rounded product); chunks keep it small
        return chunked_error(y, x, scale_of(params))

    return Case(run=run, check=check, tolerance=TOLERANCE, notes={"input_sets": len(xs)})
# --8<-- [end:torch]


# --8<-- [start:jax]
def jax_case(params, device):
    import jax
    import jax.numpy as jnp

    n = params["mib"] * MIB // 4
    keys = jax.random.split(jax.random.key(0), input_set_count(params))
    xs = [jax.device_put(jax.random.normal(k, (n,), jnp.float32), device) for k in keys]
    # Outputs of a jitted function never alias its (undonated) inputs, so a copy is real.
    op = jax.jit(jnp.copy if params["op"] == "copy" else (lambda x: x * SCALE))
    compiled = {}

    def prepare():
        compiled["f"] = op.lower(xs[0]).compile()

    def run(i):
        return compiled["f"](xs[i % len(xs)])

    def check():
        x = xs[0]
        y = compiled["f"](x)  # a new output array: a stale buffer cannot pass for it
        return chunked_error(y, x, scale_of(params))

    return Case(run=run, check=check, tolerance=TOLERANCE, prepare=prepare, notes={"input_sets": len(xs)})
# --8<-- [end:jax]
