"""General-purpose operations outside dense linear algebra: FFT, sort, scatter-add (a
histogram), a gather with random indices, and a tiny matrix product where launch overhead
dominates.

Tests the article's "flexibility" claims (GPUs are "great for many types of models"; TPUs
are "focused on AI tasks only"): how well each device and framework runs the irregular work
that real programs also contain. The metric is elements processed per second (``n`` elements
per call), with GB/s where the bytes moved are well defined.
"""

import numpy as np

from accelbench.snippet import Case, input_sets, relative_error, torch_float32_products, torch_platform

WORKLOAD = "general_compute"
TITLE = "General-purpose operations"
CLAIM = "GPUs are flexible, great for many types of models; TPUs are focused on AI tasks only."

_OPS = ("fft", "sort", "scatter_add", "gather")
PROFILES = {
    "quick": [{"op": op, "n": n} for op in _OPS for n in (2**16, 2**20)] + [{"op": "small_matmul", "n": 64 * 64}],
    # 2^16 elements take microseconds on an accelerator: small_matmul already measures launch cost
    "full": [{"op": op, "n": n} for op in _OPS for n in (2**20, 2**24)] + [{"op": "small_matmul", "n": 64 * 64}],
    "test": [{"op": op, "n": 2**10} for op in _OPS] + [{"op": "small_matmul", "n": 16 * 16}],
}
RUN_ORDER = 4
CHART = {"x": "n", "y": "elements_per_s", "series": ["op"], "x_label": "elements per call",
         "y_label": "elements/s", "title": "General-purpose operations", "log_x": True}
TABLE = {"metrics": ["elements_per_s", "gbps", "compile_s"]}

BINS = 4096  # histogram bins of scatter_add
# Bytes of inputs rotated through, so that repeated calls do not read them from a cache. An
# accelerator's cache is large (an H200's L2 holds 50 MB): 256 MiB, five times that, in as many sets
# as it takes (tiny small_matmul inputs too). A CPU's last-level cache is tens of MB and the quick
# profile runs on a 2-core machine beside other work: 64 MiB there, in at most 16 sets.
ROTATE = {"gpu": (256 * 2**20, 2**13), "tpu": (256 * 2**20, 2**13)}  # platform -> (bytes, most sets)
CPU_ROTATE = (64 * 2**20, 16)
TOLERANCE = {"fft": 1e-5, "sort": 0.0, "scatter_add": 1e-5, "gather": 0.0, "small_matmul": 1e-5}
# TPUs compute a float32 FFT with bfloat16 passes whatever precision is asked for
# (jax-ml/jax#9881), so its error is that of a bf16 matrix product, as matmul allows for bf16.
PLATFORM_TOLERANCE = {("tpu", "fft"): 2e-2}


def tolerance(params, platform):
    """The relative error allowed for this operation on this kind of device."""
    return PLATFORM_TOLERANCE.get((platform, params["op"]), TOLERANCE[params["op"]])


def priority(params):
    """The largest size first: the flexibility verdict compares the largest size measured on both."""
    return -params["n"]


def _side(params):  # matrix size of small_matmul: n output elements
    return int(round(params["n"] ** 0.5))


def elements(params):
    return params["n"]


def flops(params):
    if params["op"] == "small_matmul":
        return 2 * _side(params) ** 3
    return 0


def bytes_moved(params):
    n = params["n"]
    return {
        "fft": 2 * 8 * n,  # complex64 in and out
        "sort": 2 * 4 * n,  # float32 in and out
        "scatter_add": 8 * n + 2 * 4 * BINS,  # int32 index and float32 weight per element; the bins
        "gather": 12 * n,  # index, gathered value, output (random reads fetch whole lines: a floor)
        "small_matmul": 3 * 4 * n,
    }[params["op"]]


def setup_s(framework, platform, params):
    """Drawing the inputs on the host three times (a set, the same again, the check's) and the
    float64 reference: 5.3 s for an FFT of 2^24 points and 1.2 s for a sort, measured with NumPy on
    a 2-core development VM, in proportion to n; on an accelerator, drawing the ROTATE bytes of
    input sets too, whatever n (at the 160 MiB/s of that sort: 3 x 64 MiB in 1.2 s); plus
    compiling (plan.COMPILE_S)."""
    from accelbench.measure.plan import compile_s

    host = max(0.3, params["n"] / 2**24 * (6.0 if params["op"] == "fft" else 1.5))
    rotation = ROTATE[platform][0] / (160 * 2**20) if platform in ROTATE else 0.0
    return host + rotation + compile_s(framework, platform, "gemm" if params["op"] == "small_matmul" else "op")


def skip_reason(framework, platform, params, count=1):
    return None


def inputs(params, seed):
    """The op's inputs as NumPy arrays; both frameworks get the same values."""
    rng = np.random.default_rng(seed)
    n, op = params["n"], params["op"]
    if op == "fft":
        return (rng.standard_normal(n, dtype=np.float32) + 1j * rng.standard_normal(n, dtype=np.float32)).astype(np.complex64),
    if op == "sort":
        return rng.standard_normal(n, dtype=np.float32),
    if op == "scatter_add":
        return rng.integers(0, BINS, n, dtype=np.int32), rng.standard_normal(n, dtype=np.float32)
    if op == "gather":
        return rng.standard_normal(n, dtype=np.float32), rng.integers(0, n, n, dtype=np.int32)
    side = _side(params)
    return rng.standard_normal((side, side), dtype=np.float32), rng.standard_normal((side, side), dtype=np.float32)


def reference(params, arrays):
    """The float64 (or exact) result NumPy computes from the same inputs."""
    op = params["op"]
    if op == "fft":
        return np.fft.fft(arrays[0].astype(np.complex128))
    if op == "sort":
        return np.sort(arrays[0])
    if op == "scatter_add":
        return np.bincount(arrays[0], weights=arrays[1].astype(np.float64), minlength=BINS)
    if op == "gather":
        return arrays[0][arrays[1]]
    return arrays[0].astype(np.float64) @ arrays[1].astype(np.float64)


def reference_error(params, out, arrays):
    ref = reference(params, arrays)
    if params["op"] == "fft":  # compare real and imaginary parts as one vector
        out, ref = np.stack([out.real, out.imag]), np.stack([ref.real, ref.imag])
    return relative_error(out, ref)


def set_count(arrays, platform):
    """How many input sets like ``arrays`` to rotate through on this kind of device (ROTATE)."""
    rotate_bytes, max_sets = ROTATE.get(platform, CPU_ROTATE)
    return input_sets(sum(a.nbytes for a in arrays), rotate_bytes=rotate_bytes, max_sets=max_sets)


# --8<-- [start:torch]
def torch_case(params, device):
    import torch

    def op(*a):
        name = params["op"]
        if name == "fft":
            return torch.fft.fft(a[0])
        if name == "sort":
            return torch.sort(a[0]).values
        if name == "scatter_add":
            return torch.zeros(BINS, device=device).index_add_(0, a[0], a[1])
        if name == "gather":
            return a[0][a[1]]
        return a[0] @ a[1]

    def on_device(arrays):  # int32 indices, as in JAX, so both move the bytes bytes_moved counts
        return [torch.from_numpy(a).to(device) for a in arrays]

    first = inputs(params, 0)
    sets = [on_device(inputs(params, s)) for s in range(set_count(first, torch_platform(device)))]

    def run(i):
        return op(*sets[i % len(sets)])

    def check():
        arrays = inputs(params, 1000)
        return reference_error(params, op(*on_device(arrays)).cpu().numpy(), arrays)

    # float32 products as JAX's Precision.HIGHEST, where a device's default is less (a TPU's: bf16) or
    # an earlier case left less set (TF32 on CUDA); set last, when nothing more can fail
    restore = torch_float32_products(device) if params["op"] == "small_matmul" else None
    return Case(run=run, check=check, tolerance=tolerance(params, torch_platform(device)), close=restore,
                notes={"input_sets": len(sets)})
# --8<-- [end:torch]


# --8<-- [start:jax]
def jax_case(params, device):
    import jax
    import jax.numpy as jnp

    def op(*a):
        name = params["op"]
        if name == "fft":
            return jnp.fft.fft(a[0])
        if name == "sort":
            return jnp.sort(a[0])
        if name == "scatter_add":
            return jnp.zeros(BINS, jnp.float32).at[a[0]].add(a[1])
        if name == "gather":
            return a[0][a[1]]
        return jnp.matmul(a[0], a[1], precision=jax.lax.Precision.HIGHEST)

    first = inputs(params, 0)
    sets = [[jax.device_put(a, device) for a in inputs(params, s)] for s in range(set_count(first, device.platform))]
    compiled = {}

    def prepare():
        compiled["f"] = jax.jit(op).lower(*sets[0]).compile()

    def run(i):
        return compiled["f"](*sets[i % len(sets)])

    def check():
        arrays = inputs(params, 1000)
        return reference_error(params, np.asarray(compiled["f"](*[jax.device_put(a, device) for a in arrays])), arrays)

    return Case(run=run, check=check, tolerance=tolerance(params, device.platform), prepare=prepare,
                notes={"input_sets": len(sets)})
# --8<-- [end:jax]
