"""PyTorch and JAX train the same GPT-2 model: from the same initial weights and batches, the
losses of the first steps agree, and both match the float64 NumPy reference."""

import numpy as np
import pytest

from accelbench.snippet import discover

from conftest import SNIPPETS

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
