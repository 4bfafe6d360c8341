"""PyTorch and JAX train the same GPT-2 model: from the same initial weights and batches, the
losses of the first steps agree, and both match the float64 NumPy reference, whichever attention
kernel runs; the memory a step needs is known before its first call. TensorFlow's companion
(snippets/tensorflow/transformer_train.py, run from .venv-tf) trains the same model to the same
losses."""

import json
import re
import subprocess

import numpy as np
import pytest

from accelbench.core.profiles import PROFILES
from accelbench.core.reference import Reference
from accelbench.frameworks import detection
from accelbench.measure.measurement import measure
from accelbench.measure.plan import Planned
from accelbench.workloads import snippet
from accelbench.workloads.discovery import discover

from conftest import ROOT, SNIPPETS, TF_PYTHON, needs_tf_env

SNIP = discover(SNIPPETS, ["transformer_train"])[0]
M = SNIP.module


def losses(framework, dtype, steps=3, config="tiny"):
    import jax

    device = jax.devices("cpu")[0] if framework == "jax" else "cpu"
    case = SNIP.case(framework, {"config": config, "variant": "eager" if framework == "torch" else "compiled",
                                 "dtype": dtype}, device)
    if case.prepare:
        case.prepare()
    return [float(case.run(0)) for _ in range(steps)]  # the same batch each step


def test_first_loss_matches_the_float64_reference():
    cfg = M.CONFIGS["tiny"]
    idx, targets = M.batch(cfg, 0)
    ref = M.reference_loss(M.init_params(cfg), idx, targets, cfg)
    assert ref == pytest.approx(np.log(cfg["vocab"]), rel=0.05)  # an untrained model is near uniform
    for framework in ("torch", "jax"):
        assert losses(framework, "float32", steps=1)[0] == pytest.approx(ref, rel=1e-5), framework


def test_torch_and_jax_agree_step_by_step_in_float32():
    torch_losses, jax_losses = losses("torch", "float32"), losses("jax", "float32")
    assert torch_losses[2] < torch_losses[0]  # the optimizer is training the model
    np.testing.assert_allclose(jax_losses, torch_losses, rtol=2e-4)


def test_torch_and_jax_agree_in_bfloat16_mixed_precision():
    np.testing.assert_allclose(losses("jax", "bfloat16"), losses("torch", "bfloat16"), rtol=1e-2)


RTOL = {"float32": 2e-4, "bfloat16": 1e-2}  # as torch and jax agree


@pytest.fixture(scope="module")
def tensorflow_losses():
    """TensorFlow's losses in each dtype, from one process of .venv-tf."""
    run = subprocess.run([str(TF_PYTHON), str(ROOT / "tests" / "tf_probe.py"), "losses", "--config", "tiny",
                          "--dtypes", ",".join(RTOL), "--steps", "3"], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-4000:]
    return json.loads(run.stdout.strip().splitlines()[-1])


@needs_tf_env
@pytest.mark.parametrize("dtype", list(RTOL))
def test_tensorflow_losses_match_pytorch(tensorflow_losses, dtype):
    """Both TensorFlow variants (XLA and a plain graph) from the same weights and batch: PyTorch's
    losses step by step, each passing its float64 check, no step traced twice."""
    tf, rtol = tensorflow_losses[dtype], RTOL[dtype]
    torch_losses = losses("torch", dtype)
    for variant in ("compiled", "graph"):
        np.testing.assert_allclose(tf[variant], torch_losses, rtol=rtol, err_msg=variant)
        check = tf[variant + "_check"]
        assert check["error"] <= check["tolerance"] == M.TOLERANCE[dtype], variant
        assert check["retraced"] == 0, variant


def test_flop_count_follows_the_palm_formula():
    cfg = M.CONFIGS["gpt2-small"]
    assert M.n_params(cfg) == pytest.approx(124e6, rel=0.01)  # GPT-2 small without wpe, vocab 50304
    per_token = 6 * M.n_params(cfg) + 12 * 12 * 768 * 1024
    assert M.flops({"config": "gpt2-small"}) == per_token * 16 * 1024
    assert M.tokens({"config": "gpt2-small"}) == 16 * 1024
    # the NumPy initial weights hold exactly the parameters counted, plus the position embedding
    weights = M.init_params(M.CONFIGS["micro"])
    assert sum(w.size for k, w in weights.items() if k != "wpe.weight") == M.n_params(M.CONFIGS["micro"])


def test_the_compiled_step_is_checked_without_compiling_again():
    import torch
    import torch._dynamo

    case = SNIP.case("torch", {"config": "micro", "variant": "compiled", "dtype": "bfloat16"}, "cpu")
    case.run(0)  # the training step compiles here, as in the runner's first call
    with torch._dynamo.config.patch(error_on_recompile=True):
        error = case.check()  # a second compilation would raise
    assert error <= case.tolerance


def test_the_loss_check_catches_broken_attention(monkeypatch):
    import torch.nn.functional as F

    case = SNIP.case("torch", {"config": "tiny", "variant": "eager", "dtype": "bfloat16"}, "cpu")
    assert case.check() <= case.tolerance / 10  # bf16 rounding is far inside the tolerance
    fused = F.scaled_dot_product_attention
    monkeypatch.setattr(F, "scaled_dot_product_attention", lambda q, k, v, is_causal: fused(q, k, v, is_causal=False))
    assert case.check() > case.tolerance  # attention that sees the future fails


def test_pallas_flash_attention_trains_as_xla_attention():
    """The TPU kernel, run by Pallas's TPU interpreter on the CPU: the same loss and gradients as
    XLA's attention (the kernel needs sequences of at least one 128-token block)."""
    import jax
    import jax.numpy as jnp
    from jax.experimental.pallas import tpu as pltpu

    cfg = {"vocab": 128, "layers": 1, "heads": 1, "width": 32, "seq": 128, "batch": 1}
    weights = {k: jnp.asarray(v) for k, v in M.init_params(cfg).items()}
    idx, targets = M.batch(cfg, 0)

    def loss_and_grads(attention):
        step = jax.value_and_grad(lambda w: M.jax_loss(w, idx, targets, cfg, jnp.bfloat16, attention))
        return jax.jit(step)(weights)

    xla_loss, xla_grads = loss_and_grads(None)
    with pltpu.force_tpu_interpret_mode():
        flash_loss, flash_grads = loss_and_grads("pallas")
    assert float(flash_loss) == pytest.approx(float(xla_loss), rel=1e-3)
    name = "h.0.attn.c_attn.weight"  # the gradient that flows back through the attention kernel
    assert M.relative_error(flash_grads[name], xla_grads[name]) < 1e-2
    assert M.FUSED_ATTENTION["tpu"] == ["pallas"]  # what jax_case tries first on a TPU


def compiled_step_bytes(cfg):
    import jax
    import jax.numpy as jnp

    p = {k: jax.ShapeDtypeStruct(v.shape, jnp.float32) for k, v in M.init_params(cfg).items()}
    tokens = jax.ShapeDtypeStruct((cfg["batch"], cfg["seq"]), jnp.int32)
    step = M.jax_train_step(cfg, jnp.bfloat16)  # XLA's attention, as JAX runs it on a CPU
    compiled = step.lower(p, {"m": p, "v": p}, jax.ShapeDtypeStruct((), jnp.float32), tokens, tokens).compile()
    return snippet.jax_compiled_bytes(compiled)


def test_the_memory_estimate_counts_the_scores_xla_attention_keeps():
    # GPT-2 small's proportions, scaled down: heads x sequence / width is 16 as in gpt2-small, so the
    # scores weigh against the rest as they do at full size.
    cfg = {"vocab": 1024, "layers": 4, "heads": 12, "width": 96, "seq": 128, "batch": 2}
    analysed = compiled_step_bytes(cfg)
    # A lower bound that is close: what XLA holds beyond the estimate is the working memory of one
    # layer's backward pass at a time and of the optimizer update, about 7% here; 1.5 leaves room for
    # XLA's fusion choices, while the estimate without the scores is 2.3 times too small.
    assert M.memory_estimate(cfg, scores=True) <= analysed <= 1.5 * M.memory_estimate(cfg, scores=True)
    assert analysed > 1.5 * M.memory_estimate(cfg, scores=False)
    full = {"config": "gpt2-small"}
    gpt2 = M.CONFIGS["gpt2-small"]
    scores = M.XLA_SCORE_BYTES * gpt2["batch"] * gpt2["heads"] * gpt2["seq"] ** 2 * gpt2["layers"]
    assert M.memory_bytes(full, "jax", "cpu") == M.memory_bytes(full) + scores
    # with XLA's attention the full step cannot fit a 32 GiB TPU v6e; with the fused kernels it can
    assert M.memory_bytes(full, "jax", "cpu") > 32 * 2**30 > M.memory_bytes(full, "jax", "tpu")
    assert M.memory_bytes(full, "jax", "gpu") == M.memory_bytes(full, "torch", "tpu") == M.memory_bytes(full)
    assert SNIP.memory_bytes(full, "jax", "cpu") == M.memory_bytes(full, "jax", "cpu")


def test_a_step_too_large_for_the_device_is_skipped_before_its_first_call(monkeypatch):
    monkeypatch.setattr(snippet, "jax_device_memory", lambda device: 2**16)  # a device of 64 KiB
    device = next(d for d in detection.detect(("jax",)).devices if d.platform == "cpu")
    params = {"config": "micro", "variant": "compiled", "dtype": "bfloat16"}
    record = measure(Planned(SNIP, "jax", device, params, None), PROFILES["test"],
                     Reference(ROOT / "build_data" / "reference"))
    # a skip naming both figures; neither the first call nor the check ran
    assert record["status"] == "skipped" and record["samples_s"] == [] and "check" not in record
    need, have = (float(x) for x in re.fullmatch(r"needs at least (\S+) GiB of device memory \(XLA's memory "
                                                 r"analysis of the compiled program\); this device has (\S+) GiB",
                                                 record["reason"]).groups())
    assert have == pytest.approx(2**-14, rel=1e-3) and need > have
    assert record["category"] == "too_large"  # our sizing, not evidence about the chip
