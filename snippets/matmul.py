"""Dense matrix multiplication: C = A @ B with square random matrices.

Tests the article's claims that TPUs are "built to accelerate matrix computations at
incredible speeds" and "even faster for large tensor ops". One call does 2·n³ floating-point
operations; the result is reported in TFLOP/s and, where the vendor publishes a dense peak
for the dtype that ran, as a fraction of that peak.
"""

import numpy as np

from accelbench.snippet import (
    Case,
    Unsupported,
    input_sets,
    relative_error,
    restored_if_raises,
    torch_normal,
    torch_tf32,
    torch_xla_float32_products,
)

WORKLOAD = "matmul"
TITLE = "Dense matrix multiplication"
CLAIM = "TPUs are built to accelerate matrix computations at incredible speeds, even faster for large tensor ops."

# Below n=1024 an accelerator's product is over in microseconds and the figure is launch overhead,
# which general_compute's small_matmul measures. Plain float32 runs 2048 to 8192: n=16384 takes a
# quarter of a second a call at an H200's 67 TFLOP/s and shows nothing n=8192 does not.
_SIZES_FULL = [1024, 2048, 4096, 8192, 16384]
PROFILES = {
    # a 2-core CPU finishes these in seconds
    "quick": [{"n": n, "dtype": "float32"} for n in (128, 256, 512, 1024)]
    + [{"n": n, "dtype": "bfloat16"} for n in (256, 512)],
    # one accelerator; tf32 runs only where the hardware has it (see skip_reason)
    "full": [{"n": n, "dtype": d} for d in ("bfloat16", "float16", "tfloat32") for n in _SIZES_FULL]
    + [{"n": n, "dtype": "float32"} for n in _SIZES_FULL[1:-1]],
    # the test suite's tiny size
    "test": [{"n": 64, "dtype": "float32"}],
}
RUN_ORDER = 2  # after the training step: the site's speed verdict and roofline rest on it
CHART = {"x": "n", "y": "tflops", "series": ["dtype"], "x_label": "matrix size n (n × n × n)",
         "y_label": "TFLOP/s", "title": "Matrix multiplication throughput", "log_x": True, "peak_lines": True}
EXTRA_CHARTS = [{"mark": "bar", "y": "tflops_per_watt", "series": ["dtype", "n"], "x": "n", "x_label": "",
                 "y_label": "TFLOP/J", "title": "Matrix multiplication energy efficiency"}]
# Result-table columns: GB/s says little about a compute-bound product, so it is left out.
TABLE = {"metrics": ["tflops", "fraction_of_peak", "compile_s"]}
# Divide TFLOP/s by the dense vendor peak for the dtype that ran.
PEAK = {"metric": "tflops"}

# Relative error allowed against the float64 reference, by the precision of the products.
TOLERANCE = {"float32": 1e-4, "tfloat32": 5e-3, "bfloat16": 2e-2, "float16": 5e-3}
# The float64 reference is computed for a grid of rows x columns spread over the output (each
# element still sums over the whole inner dimension): a full float64 n³ at n=16384 is too slow.
_CHECK_ROWS, _CHECK_COLS = 64, 256


def energy_params(params):
    """Meter energy at one representative size per profile (each costs a sustained run)."""
    return (params["n"], params["dtype"]) in ((8192, "bfloat16"), (1024, "float32"))


def priority(params):
    """bf16 at n=8192 first (speed and energy verdicts), then bf16 n >= 4096, then the rest."""
    if params["dtype"] == "bfloat16":
        return 0 if params["n"] == 8192 else 1 if params["n"] >= 4096 else 2
    return 3


def memory_bytes(params):
    """One input pair, the output, the float32 draws they are cast from, and the check's pair."""
    n, size = params["n"], _itemsize(params["dtype"])
    return n * n * (2 * size * input_set_count(params) + size + 2 * 4 + 2 * size)


def setup_s(framework, platform, params):
    """Drawing the input sets on the device and the float64 check of a grid, plus compiling (and
    on a GPU, JAX's autotuning of this shape: plan.COMPILE_S)."""
    from accelbench.measure.plan import compile_s

    return (1.0 if params["n"] >= 8192 else 0.5) + compile_s(framework, platform, "gemm")


def flops(params):
    return 2 * params["n"] ** 3


def bytes_moved(params):
    return 3 * params["n"] ** 2 * _itemsize(params["dtype"])


def _itemsize(dtype):
    return {"float32": 4, "tfloat32": 4, "bfloat16": 2, "float16": 2}[dtype]


def skip_reason(framework, platform, params, count=1):
    if params["dtype"] == "tfloat32" and platform != "gpu":
        return "tf32 is a mode of NVIDIA and AMD GPU matrix units only"
    if params["dtype"] == "float16" and platform == "tpu":
        return "TPU matrix units have no float16 mode"
    return None


def input_set_count(params):  # A and B of one product; small sizes still fit a large cache in all
    return input_sets(2 * params["n"] ** 2 * _itemsize(params["dtype"]), max_sets=256)


def check_indices(n):
    """Evenly spread rows and columns of the output to compare with the float64 reference."""
    return (np.linspace(0, n - 1, min(n, _CHECK_ROWS)).astype(int), np.linspace(0, n - 1, min(n, _CHECK_COLS)).astype(int))


def reference_error(out_block, a_rows, b_cols):
    """Error of a block of the product against float64 on the same (rounded) inputs."""
    return relative_error(out_block, a_rows.astype(np.float64) @ b_cols.astype(np.float64))


# --8<-- [start:torch]
def torch_case(params, device):
    import torch

    n, name = params["n"], params["dtype"]
    dtype = {"float32": torch.float32, "tfloat32": torch.float32,
             "bfloat16": torch.bfloat16, "float16": torch.float16}[name]
    if name == "tfloat32" and torch.version.cuda and torch.cuda.get_device_capability(device) < (8, 0):
        raise Unsupported("this GPU has no TF32 mode (NVIDIA compute capability below 8.0)")
    # float32 means true float32 products (tf32 is its own, named, variant; a TPU's default is bf16)
    restore = torch_tf32(name == "tfloat32") if str(device).startswith("cuda") else \
        torch_xla_float32_products() if str(device).startswith("xla") and name == "float32" else None

    def random_pair(seed):  # drawn on the device: no host generation or copy of GiB-sized inputs
        normal = torch_normal(device, seed)
        return tuple(normal(n, n).to(dtype) for _ in range(2))

    with restored_if_raises(restore):  # process-wide: undone here if the case is never built
        sets = [random_pair(seed) for seed in range(input_set_count(params))]

    def run(i):
        a, b = sets[i % len(sets)]
        return a @ b

    def check():  # fresh inputs; a grid of the output against float64
        a, b = random_pair(10_000)
        rows, cols = (torch.from_numpy(ix).to(device) for ix in check_indices(n))
        out = (a @ b)[rows][:, cols].float().cpu().numpy()
        return reference_error(out, a[rows].float().cpu().numpy(), b[:, cols].float().cpu().numpy())

    return Case(run=run, check=check, tolerance=TOLERANCE[name], close=restore,  # process-wide switch
                notes={"input_sets": len(sets)})
# --8<-- [end:torch]


# --8<-- [start:jax]
def jax_case(params, device):
    import jax
    import jax.numpy as jnp

    n, name = params["n"], params["dtype"]
    capability = getattr(device, "compute_capability", None)  # "9.0" on NVIDIA GPUs
    if name == "tfloat32" and capability and float(capability) < 8.0:
        raise Unsupported("this GPU has no TF32 mode (NVIDIA compute capability below 8.0)")
    dtype = {"float32": jnp.float32, "tfloat32": jnp.float32,
             "bfloat16": jnp.bfloat16, "float16": jnp.float16}[name]
    # Name the algorithm: JAX's default float32 precision may silently use tf32 or bf16 passes.
    precision = {"float32": jax.lax.Precision.HIGHEST,
                 "tfloat32": jax.lax.DotAlgorithmPreset.TF32_TF32_F32}.get(name)
    matmul = jax.jit(lambda a, b: jnp.matmul(a, b, precision=precision))
    generate = jax.jit(lambda key: tuple(jax.random.normal(k, (n, n), jnp.float32).astype(dtype)
                                         for k in jax.random.split(key)))

    def draw(key):  # drawn on the device: no host generation or copy of GiB-sized inputs
        with jax.default_device(device):
            return generate(key)

    sets = [draw(jax.random.key(seed)) for seed in range(input_set_count(params))]
    compiled = {}

    def prepare():  # compile ahead of time so compile_s is reported apart from run time
        compiled["f"] = matmul.lower(*sets[0]).compile()

    def run(i):
        return compiled["f"](*sets[i % len(sets)])

    def check():  # fresh inputs; a grid of the output against float64
        a, b = draw(jax.random.key(10_000))
        rows, cols = check_indices(n)
        out = np.asarray(compiled["f"](a, b)[rows][:, cols].astype(jnp.float32))
        return reference_error(out, np.asarray(a[rows].astype(jnp.float32)), np.asarray(b[:, cols].astype(jnp.float32)))

    return Case(run=run, check=check, tolerance=TOLERANCE[name], prepare=prepare,
                notes={"input_sets": len(sets)})
# --8<-- [end:jax]
