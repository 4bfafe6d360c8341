"""Dense matrix multiplication: C = A @ B with square random matrices.

Tests the article's claims that TPUs are "built to accelerate matrix computations at
incredible speeds" and "even faster for large tensor ops". One call does 2·n³ floating-point
operations; the result is reported in TFLOP/s and, where the vendor publishes a dense peak
for the dtype that ran, as a fraction of that peak.
"""

import numpy as np

from accelbench.snippet import Case, input_sets, relative_error

WORKLOAD = "matmul"
TITLE = "Dense matrix multiplication"
CLAIM = "TPUs are built to accelerate matrix computations at incredible speeds, even faster for large tensor ops."

_SIZES_FULL = [256, 512, 1024, 2048, 4096, 8192, 16384]
PROFILES = {
    # a 2-core CPU finishes these in seconds
    "quick": [{"n": n, "dtype": "float32"} for n in (128, 256, 512, 1024)]
    + [{"n": n, "dtype": "bfloat16"} for n in (256, 512)],
    # one accelerator; tf32 runs only where the hardware has it (see skip_reason)
    "full": [{"n": n, "dtype": d} for d in ("float32", "tfloat32", "bfloat16", "float16") for n in _SIZES_FULL],
    # the test suite's tiny size
    "test": [{"n": 64, "dtype": "float32"}],
}
CHART = {"x": "n", "y": "tflops", "series": ["dtype"], "x_label": "matrix size n (n × n × n)",
         "y_label": "TFLOP/s", "title": "Matrix multiplication throughput", "log_x": True, "peak_lines": True}
EXTRA_CHARTS = [{"kind": "bar", "y": "tflops_per_watt", "series": ["dtype", "n"], "x": "n", "x_label": "",
                 "y_label": "TFLOP/J", "title": "Matrix multiplication energy efficiency"}]
# Result-table columns: GB/s says little about a compute-bound product, so it is left out.
TABLE = {"metrics": ["tflops", "fraction_of_peak", "compile_s"]}
# Divide TFLOP/s by the dense vendor peak for the dtype that ran.
PEAK = {"metric": "tflops"}

# Relative error allowed against the float64 reference, by the precision of the products.
TOLERANCE = {"float32": 1e-4, "tfloat32": 5e-3, "bfloat16": 2e-2, "float16": 5e-3}
_CHECK_ROWS = 64  # the reference is computed for these rows: float64 n³ at n=16384 is too slow


def energy_params(params):
    """Meter energy at one representative size per profile (each costs a sustained run)."""
    return params["n"] == 8192 or (params["n"] == 1024 and params["dtype"] == "float32")


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


def _input_sets(params):  # A and B of one product
    return input_sets(2 * params["n"] ** 2 * _itemsize(params["dtype"]))


def _random_pair(rng, n):
    return rng.standard_normal((n, n), dtype=np.float32), rng.standard_normal((n, n), dtype=np.float32)


def _reference_error(out_rows, a, b):
    """Error of the first rows of the product against float64 on the same (rounded) inputs."""
    ref = a[:_CHECK_ROWS].astype(np.float64) @ b.astype(np.float64)
    return relative_error(out_rows, ref)


# --8<-- [start:torch]
def torch_case(params, device):
    import torch

    n, name = params["n"], params["dtype"]
    dtype = {"float32": torch.float32, "tfloat32": torch.float32,
             "bfloat16": torch.bfloat16, "float16": torch.float16}[name]
    if str(device).startswith("cuda"):
        # float32 means true float32 products; tf32 is its own, named, variant
        torch.backends.cuda.matmul.allow_tf32 = name == "tfloat32"
    rng = np.random.default_rng(0)
    sets = [tuple(torch.from_numpy(m).to(device=device, dtype=dtype) for m in _random_pair(rng, n))
            for _ in range(_input_sets(params))]

    def run(i):
        a, b = sets[i % len(sets)]
        return a @ b

    def check():
        a, b = (torch.from_numpy(m).to(device=device, dtype=dtype) for m in _random_pair(np.random.default_rng(1), n))
        out = (a @ b)[:_CHECK_ROWS].float().cpu().numpy()
        return _reference_error(out, a.float().cpu().numpy(), b.float().cpu().numpy())

    return Case(run=run, check=check, tolerance=TOLERANCE[name], notes={"input_sets": len(sets)})
# --8<-- [end:torch]


# --8<-- [start:jax]
def jax_case(params, device):
    import jax
    import jax.numpy as jnp

    n, name = params["n"], params["dtype"]
    dtype = {"float32": jnp.float32, "tfloat32": jnp.float32,
             "bfloat16": jnp.bfloat16, "float16": jnp.float16}[name]
    # Name the algorithm: JAX's default float32 precision may silently use tf32 or bf16 passes.
    precision = {"float32": jax.lax.Precision.HIGHEST,
                 "tfloat32": jax.lax.DotAlgorithmPreset.TF32_TF32_F32}.get(name)
    matmul = jax.jit(lambda a, b: jnp.matmul(a, b, precision=precision))
    rng = np.random.default_rng(0)
    sets = [tuple(jax.device_put(jnp.asarray(m, dtype=dtype), device) for m in _random_pair(rng, n))
            for _ in range(_input_sets(params))]
    compiled = {}

    def prepare():  # compile ahead of time so compile_s is reported apart from run time
        compiled["f"] = matmul.lower(*sets[0]).compile()

    def run(i):
        return compiled["f"](*sets[i % len(sets)])

    def check():
        a, b = (jax.device_put(jnp.asarray(m, dtype=dtype), device) for m in _random_pair(np.random.default_rng(1), n))
        out = np.asarray(compiled["f"](a, b)[:_CHECK_ROWS].astype(jnp.float32))
        return _reference_error(out, np.asarray(a.astype(jnp.float32)), np.asarray(b.astype(jnp.float32)))

    return Case(run=run, check=check, tolerance=TOLERANCE[name], prepare=prepare,
                notes={"input_sets": len(sets)})
# --8<-- [end:jax]
