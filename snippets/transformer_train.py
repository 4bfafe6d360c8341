"""One training step of GPT-2 small, defined exactly so results compare across frameworks
and machines.

Tests the article's claim that TPUs are "ultra-fast, especially for large neural networks
like Transformers". The model: vocabulary 50304, 12 layers, 12 heads, width 768, sequence
1024, batch 16, learned positional embeddings, pre-LayerNorm, GELU (tanh), output layer tied
to the token embedding, causal attention through the framework's fused attention, bfloat16
mixed precision with float32 master weights, AdamW. Both frameworks start from the same
initial weights (drawn here with NumPy) and mirror PyTorch autocast: matrix products and
attention in bfloat16; embeddings, the residual stream, LayerNorm and the loss in float32.

Metrics: tokens/s; model FLOP/s by the PaLM formula (6N + 12·L·d·T FLOPs per token, N the
parameters without the position embedding); MFU, that rate over the device's dense bf16
peak; and time to the first step (compile included).
"""

import math

import numpy as np

from accelbench.snippet import Case, jax_check_fits, relative_error, restored_if_raises, torch_tf32

WORKLOAD = "transformer_train"
TITLE = "GPT-2 small training step"
CLAIM = "TPUs are ultra-fast, especially for large neural networks like Transformers."

CONFIGS = {
    "gpt2-small": {"vocab": 50304, "layers": 12, "heads": 12, "width": 768, "seq": 1024, "batch": 16},
    "tiny": {"vocab": 2048, "layers": 2, "heads": 4, "width": 128, "seq": 128, "batch": 8},  # a CPU in seconds
    "micro": {"vocab": 256, "layers": 1, "heads": 2, "width": 32, "seq": 16, "batch": 2},  # the test suite
}
PROFILES = {
    "quick": [{"config": "tiny", "variant": v, "dtype": "bfloat16"} for v in ("eager", "compiled")],
    "full": [{"config": "gpt2-small", "variant": v, "dtype": "bfloat16"} for v in ("eager", "compiled")],
    "test": [{"config": "micro", "variant": v, "dtype": "bfloat16"} for v in ("eager", "compiled")],
}
RUN_ORDER = 1  # the headline figures: tokens/s and MFU of a real training step
CHART = {"mark": "bar", "y": "tokens_per_s", "series": ["config", "variant"], "x": "config",
         "x_label": "", "y_label": "tokens/s", "title": "Transformer training throughput"}
TABLE = {"metrics": ["tokens_per_s", "mfu", "tflops", "compile_s"]}
EXTRA_CHARTS = [
    {"mark": "bar", "y": "mfu", "series": ["config", "variant"], "x": "config", "x_label": "",
     "y_label": "MFU (fraction of dense bf16 peak)", "title": "Model FLOPs utilisation"},
    {"mark": "bar", "y": "tokens_per_joule", "series": ["config", "variant"], "x": "config", "x_label": "",
     "y_label": "tokens/J", "title": "Training energy efficiency"},
]
PEAK = {"metric": "tflops", "name": "mfu"}  # model FLOP/s over the dense bf16 peak

OPTIMIZER = {"lr": 6e-4, "betas": (0.9, 0.95), "eps": 1e-8, "weight_decay": 0.1}
TOLERANCE = {"bfloat16": 3e-2, "float32": 1e-4}  # relative error of the logits (jax_check)
# Error of the loss in units of the logits' spread (torch_check). On the tiny model bf16 rounding
# gives about 5e-4 and float32 3e-6; attention made non-causal gives 3e-2, zeroed 4e-2.
LOSS_TOLERANCE = {"bfloat16": 1e-2, "float32": 1e-4}
_CHECK_TOKENS = 128  # the float64 reference loss is computed on one sequence of this length
BATCHES = 4  # distinct random batches, rotated
FUSED_ATTENTION = {"gpu": ["cudnn"], "tpu": ["pallas"]}  # JAX's attention kernels by platform (jax_attention)


def energy_params(params):
    return True  # every training step measurement is metered for energy


def priority(params):
    """The compiled step first: it is how each framework is meant to train."""
    return 0 if params["variant"] == "compiled" else 1


def setup_s(framework, platform, params):
    """Building the model, compiling the step and the float64 check, on an accelerator: an
    estimate for the plan's budget (the measured first call is recorded as compile_s)."""
    big = params["config"] == "gpt2-small"
    if platform != "cpu":  # building and checking, plus the step's compile allowance (plan.COMPILE_S)
        from accelbench.measure.plan import compile_s

        program = "step" if params["variant"] == "compiled" else "eager_step"
        return (8.0 if big else 1.0) + compile_s(framework, platform, program)
    if params["variant"] == "eager":
        return 8.0 if big else 1.0
    if framework == "torch":  # TorchInductor compiles forward and backward
        return 60.0 if big else 8.0
    return 30.0 if big else 5.0


# Bytes per attention score and layer that JAX keeps for the backward pass where XLA's attention
# materialises the sequence-by-sequence scores (jax.ad_checkpoint.print_saved_residuals of
# jax_loss): the causal mask (bool), the masked float32 logits, their float32 exponentials and the
# bf16 probabilities. Fused attention keeps none of them.
XLA_SCORE_BYTES = 1 + 4 + 4 + 2


def memory_bytes(params, framework=None, platform=None):
    """At least what memory_estimate counts, with the attention scores where the attention that runs
    keeps them (without framework and platform: the least, fused attention)."""
    return memory_estimate(CONFIGS[params["config"]], scores=keeps_scores(framework, platform))


def memory_estimate(cfg, scores):
    """Float32 weights, gradients and two AdamW moments; the float32 logits with their gradient and
    bf16 copy; per layer about 34 bytes of saved activations per token and width unit (Korthikanti
    et al. 2022, table 2, without the attention scores); with ``scores``, the scores JAX keeps."""
    tokens_ = cfg["batch"] * cfg["seq"]
    need = 16 * n_params(cfg) + 10 * tokens_ * cfg["vocab"] + 34 * tokens_ * cfg["width"] * cfg["layers"]
    if scores:
        need += XLA_SCORE_BYTES * cfg["batch"] * cfg["heads"] * cfg["seq"] ** 2 * cfg["layers"]
    return need


def keeps_scores(framework, platform):
    """Whether the attention that runs materialises the scores: JAX's XLA attention does (on a CPU);
    cuDNN's kernel (JAX on GPUs), Pallas flash attention (JAX on TPUs) and PyTorch's fused kernels
    do not. torch_xla's attention is not counted: what its lowering keeps is not checked here, and
    an unchecked count could skip a measurement that fits. jax_case checks the compiled step itself."""
    return framework == "jax" and platform not in ("gpu", "tpu")


def n_params(cfg):
    """Parameters without the position embedding (the output layer is tied to the token embedding)."""
    v, d, layers = cfg["vocab"], cfg["width"], cfg["layers"]
    per_layer = 2 * 2 * d + (3 * d * d + 3 * d) + (d * d + d) + (4 * d * d + 4 * d) + (4 * d * d + d)
    return v * d + layers * per_layer + 2 * d


def flops_per_token(cfg):
    return 6 * n_params(cfg) + 12 * cfg["layers"] * cfg["width"] * cfg["seq"]


def tokens(params):
    cfg = CONFIGS[params["config"]]
    return cfg["batch"] * cfg["seq"]


def flops(params):
    return flops_per_token(CONFIGS[params["config"]]) * tokens(params)


def bytes_moved(params):
    return 0


def skip_reason(framework, platform, params, count=1):
    if framework == "jax" and params["variant"] == "eager":
        return "not_applicable", "a JAX training step runs under jax.jit; op-by-op dispatch is not how JAX trains"
    return None


def init_params(cfg, seed=0):
    """GPT-2 initial weights as float32 NumPy arrays, named like the PyTorch module's state."""
    rng = np.random.default_rng(seed)
    d, layers = cfg["width"], cfg["layers"]

    def normal(*shape, std=0.02):
        return (rng.standard_normal(shape) * std).astype(np.float32)

    p = {"wte.weight": normal(cfg["vocab"], d), "wpe.weight": normal(cfg["seq"], d)}
    for i in range(layers):
        h = f"h.{i}."
        p[h + "ln_1.weight"], p[h + "ln_1.bias"] = np.ones(d, np.float32), np.zeros(d, np.float32)
        p[h + "attn.c_attn.weight"], p[h + "attn.c_attn.bias"] = normal(3 * d, d), np.zeros(3 * d, np.float32)
        p[h + "attn.c_proj.weight"] = normal(d, d, std=0.02 / math.sqrt(2 * layers))
        p[h + "attn.c_proj.bias"] = np.zeros(d, np.float32)
        p[h + "ln_2.weight"], p[h + "ln_2.bias"] = np.ones(d, np.float32), np.zeros(d, np.float32)
        p[h + "mlp.c_fc.weight"], p[h + "mlp.c_fc.bias"] = normal(4 * d, d), np.zeros(4 * d, np.float32)
        p[h + "mlp.c_proj.weight"] = normal(d, 4 * d, std=0.02 / math.sqrt(2 * layers))
        p[h + "mlp.c_proj.bias"] = np.zeros(d, np.float32)
    p["ln_f.weight"], p["ln_f.bias"] = np.ones(d, np.float32), np.zeros(d, np.float32)
    return p


def batch(cfg, seed, size=None, length=None):
    """Random token ids and next-token targets (random data: throughput, not learning, is measured)."""
    rng = np.random.default_rng(10_000 + seed)
    shape = (size or cfg["batch"], length or cfg["seq"])
    return rng.integers(0, cfg["vocab"], shape, dtype=np.int32), rng.integers(0, cfg["vocab"], shape, dtype=np.int32)


def reference_logits(p, idx, cfg):
    """The model's output in float64 NumPy: the yardstick both frameworks are checked against."""
    p = {k: v.astype(np.float64) for k, v in p.items()}
    b, t = idx.shape
    d, heads = cfg["width"], cfg["heads"]

    def ln(x, name):
        mu, var = x.mean(-1, keepdims=True), x.var(-1, keepdims=True)
        return (x - mu) / np.sqrt(var + 1e-5) * p[name + ".weight"] + p[name + ".bias"]

    def linear(x, name):
        return x @ p[name + ".weight"].T + p[name + ".bias"]

    x = p["wte.weight"][idx] + p["wpe.weight"][:t]
    mask = np.triu(np.ones((t, t), bool), 1)
    for i in range(cfg["layers"]):
        h = f"h.{i}."
        q, k, v = np.split(linear(ln(x, h + "ln_1"), h + "attn.c_attn"), 3, axis=-1)
        q, k, v = (a.reshape(b, t, heads, d // heads).transpose(0, 2, 1, 3) for a in (q, k, v))
        att = q @ k.transpose(0, 1, 3, 2) / math.sqrt(d // heads)
        att = np.where(mask, -np.inf, att)
        att = np.exp(att - att.max(-1, keepdims=True))
        y = (att / att.sum(-1, keepdims=True)) @ v
        x = x + linear(y.transpose(0, 2, 1, 3).reshape(b, t, d), h + "attn.c_proj")
        f = linear(ln(x, h + "ln_2"), h + "mlp.c_fc")
        f = 0.5 * f * (1 + np.tanh(math.sqrt(2 / math.pi) * (f + 0.044715 * f**3)))
        x = x + linear(f, h + "mlp.c_proj")
    return ln(x, "ln_f") @ p["wte.weight"].T


def reference_loss(p, idx, targets, cfg):
    return _cross_entropy(reference_logits(p, idx, cfg), targets)


def _cross_entropy(logits, targets):
    top = logits.max(-1, keepdims=True)
    logz = np.log(np.exp(logits - top).sum(-1)) + top[..., 0]
    return float((logz - np.take_along_axis(logits, targets[..., None], -1)[..., 0]).mean())


def check_batch(cfg):
    return batch(cfg, seed=999, size=1, length=min(cfg["seq"], _CHECK_TOKENS))


def torch_check(forward, model, cfg, device, autocast):
    """Error of ``forward``'s loss (the model as timed, with its current weights) against the
    float64 NumPy model with the same weights, in units of the spread of the reference logits.

    The check calls ``forward`` exactly as a training step does (same shapes, dtypes and grad
    mode), so a compiled model is checked as compiled, without a second compilation: the check
    tokens open the batch's first sequence and every other target is -1, which the loss ignores.
    Causal attention keeps the later tokens out of the check tokens' logits."""
    import torch

    idx, targets = check_batch(cfg)
    length = idx.shape[1]
    full_idx, _ = batch(cfg, seed=998)
    full_idx[0, :length] = idx[0]
    full_targets = np.full(full_idx.shape, -1, np.int64)
    full_targets[0, :length] = targets[0]
    with autocast:
        loss = forward(torch.from_numpy(full_idx).long().to(device), torch.from_numpy(full_targets).to(device))
    weights = {k: v.detach().float().cpu().numpy() for k, v in model.state_dict().items() if k != "lm_head.weight"}
    logits = reference_logits(weights, idx, cfg)
    return abs(float(loss.detach()) - _cross_entropy(logits, targets)) / float(logits.std())


def jax_check(weights, cfg, dtype, attention=None):
    """The same check for the JAX model's current weights."""
    import jax
    import jax.numpy as jnp

    idx, _ = check_batch(cfg)
    logits = jax.jit(lambda p, i: jax_logits(p, i, cfg, dtype, attention))(weights, jnp.asarray(idx))
    host = {k: np.asarray(v, np.float32) for k, v in weights.items()}
    return relative_error(np.asarray(logits), reference_logits(host, idx, cfg))


# --8<-- [start:torch]
def torch_model(cfg):
    import torch
    import torch.nn as nn
    import torch.nn.functional as F

    d, heads = cfg["width"], cfg["heads"]

    class Attention(nn.Module):
        def __init__(self):
            super().__init__()
            self.c_attn, self.c_proj = nn.Linear(d, 3 * d), nn.Linear(d, d)

        def forward(self, x):
            b, t, _ = x.shape
            q, k, v = (a.view(b, t, heads, d // heads).transpose(1, 2) for a in self.c_attn(x).split(d, dim=2))
            y = F.scaled_dot_product_attention(q, k, v, is_causal=True)  # fused (flash) attention
            return self.c_proj(y.transpose(1, 2).reshape(b, t, d))

    class MLP(nn.Module):
        def __init__(self):
            super().__init__()
            self.c_fc, self.c_proj = nn.Linear(d, 4 * d), nn.Linear(4 * d, d)

        def forward(self, x):
            return self.c_proj(F.gelu(self.c_fc(x), approximate="tanh"))

    class Block(nn.Module):
        def __init__(self):
            super().__init__()
            self.ln_1, self.attn, self.ln_2, self.mlp = nn.LayerNorm(d), Attention(), nn.LayerNorm(d), MLP()

        def forward(self, x):
            x = x + self.attn(self.ln_1(x))
            return x + self.mlp(self.ln_2(x))

    class GPT(nn.Module):
        def __init__(self):
            super().__init__()
            self.wte, self.wpe = nn.Embedding(cfg["vocab"], d), nn.Embedding(cfg["seq"], d)
            self.h = nn.ModuleList(Block() for _ in range(cfg["layers"]))
            self.ln_f = nn.LayerNorm(d)
            self.lm_head = nn.Linear(d, cfg["vocab"], bias=False)
            self.lm_head.weight = self.wte.weight  # weight tying

        def forward(self, idx, targets=None):
            x = self.wte(idx) + self.wpe(torch.arange(idx.shape[1], device=idx.device))
            for block in self.h:
                x = block(x)
            logits = self.lm_head(self.ln_f(x))
            if targets is None:
                return logits
            # targets of -1 are ignored (none in training; the check uses them)
            return F.cross_entropy(logits.float().view(-1, logits.shape[-1]), targets.reshape(-1), ignore_index=-1)

    return GPT()


def torch_model_and_optimizer(cfg, device):
    """The model with the shared initial weights, on ``device``, and its AdamW."""
    import torch

    on_gpu = str(device).startswith("cuda")
    model = torch_model(cfg)
    state = {k: torch.from_numpy(v) for k, v in init_params(cfg).items()}
    model.load_state_dict({**state, "lm_head.weight": state["wte.weight"]})
    model.to(device)
    model.lm_head.weight = model.wte.weight  # moving to an XLA device unties them (PyTorch/XLA's troubleshooting guide)
    decay = [p for p in model.parameters() if p.dim() >= 2]
    no_decay = [p for p in model.parameters() if p.dim() < 2]
    opt = torch.optim.AdamW([{"params": decay, "weight_decay": OPTIMIZER["weight_decay"]},
                             {"params": no_decay, "weight_decay": 0.0}],
                            lr=OPTIMIZER["lr"], betas=OPTIMIZER["betas"], eps=OPTIMIZER["eps"],
                            **({"fused": True} if on_gpu else {}))
    return model, opt


def torch_autocast(device, dtype_name):
    import torch

    return torch.autocast(device_type=torch.device(device).type, dtype=torch.bfloat16, enabled=dtype_name == "bfloat16")


def torch_train_step(forward, opt, autocast, idx, targets):
    with autocast:
        loss = forward(idx, targets)
    loss.backward()
    opt.step()
    opt.zero_grad(set_to_none=True)
    return loss.detach()


def torch_case(params, device):
    import torch

    cfg = CONFIGS[params["config"]]
    # any float32 product left under autocast may use TF32, as in real training on NVIDIA GPUs
    restore_tf32 = torch_tf32(True) if str(device).startswith("cuda") else None
    with restored_if_raises(restore_tf32):  # process-wide: undone here if the case is never built
        model, opt = torch_model_and_optimizer(cfg, device)
        # On an XLA device eager is torch_xla's lazy tracing, and compiled is TorchDynamo handing the
        # graph to XLA (the "openxla" backend) instead of TorchInductor.
        backend = "openxla" if str(device).startswith("xla") else "inductor"
        forward = torch.compile(model, backend=backend) if params["variant"] == "compiled" else model
        autocast = torch_autocast(device, params["dtype"])
        batches = [tuple(torch.from_numpy(a).long().to(device) for a in batch(cfg, s)) for s in range(BATCHES)]

    def run(i):
        return torch_train_step(forward, opt, autocast, *batches[i % len(batches)])

    def check():  # the timed (compiled) model, not the eager one
        return torch_check(forward, model, cfg, device, autocast)

    return Case(run=run, check=check, tolerance=LOSS_TOLERANCE[params["dtype"]], close=restore_tf32,  # process-wide
                notes={"model": cfg})
# --8<-- [end:torch]


# --8<-- [start:jax]
def jax_attention(q, k, v, attention=None):
    """Causal attention over (batch, sequence, heads, head width). ``attention``: None (XLA's, which
    materialises the sequence-by-sequence scores), "cudnn" (the fused cuDNN kernel on NVIDIA GPUs,
    as PyTorch's flash attention there) or "pallas" (JAX's Pallas flash-attention kernel for TPUs,
    blocked: no scores in device memory)."""
    import jax

    if attention != "pallas":
        return jax.nn.dot_product_attention(q, k, v, is_causal=True, implementation=attention)
    from jax.experimental.pallas.ops.tpu.flash_attention import flash_attention

    heads_first = (a.transpose(0, 2, 1, 3) for a in (q, k, v))  # the kernel's layout
    y = flash_attention(*heads_first, causal=True, sm_scale=1 / math.sqrt(q.shape[-1]))
    return y.transpose(0, 2, 1, 3)


def jax_logits(p, idx, cfg, dtype, attention=None):
    """The same model as torch_model, mirroring autocast: bf16 products, float32 elsewhere.
    ``attention``: which implementation (jax_attention)."""
    import jax
    import jax.numpy as jnp

    b, t = idx.shape
    d, heads = cfg["width"], cfg["heads"]

    def ln(x, name):
        x = x.astype(jnp.float32)
        mu, var = x.mean(-1, keepdims=True), x.var(-1, keepdims=True)
        return (x - mu) * jax.lax.rsqrt(var + 1e-5) * p[name + ".weight"] + p[name + ".bias"]

    def linear(x, name):
        return x.astype(dtype) @ p[name + ".weight"].astype(dtype).T + p[name + ".bias"].astype(dtype)

    x = p["wte.weight"][idx] + p["wpe.weight"][:t]
    for i in range(cfg["layers"]):
        h = f"h.{i}."
        q, k, v = jnp.split(linear(ln(x, h + "ln_1"), h + "attn.c_attn"), 3, axis=-1)
        q, k, v = (a.reshape(b, t, heads, d // heads) for a in (q, k, v))
        y = jax_attention(q, k, v, attention)
        x = x + linear(y.reshape(b, t, d), h + "attn.c_proj")
        x = x + linear(jax.nn.gelu(linear(ln(x, h + "ln_2"), h + "mlp.c_fc"), approximate=True), h + "mlp.c_proj")
    return (ln(x, "ln_f").astype(dtype) @ p["wte.weight"].astype(dtype).T).astype(jnp.float32)


def jax_loss(p, idx, targets, cfg, dtype, attention=None):
    import jax
    import jax.numpy as jnp

    logits = jax_logits(p, idx, cfg, dtype, attention)
    logz = jax.nn.logsumexp(logits, axis=-1)
    return (logz - jnp.take_along_axis(logits, targets[..., None], -1)[..., 0]).mean()


def jax_adamw(p, grads, state, step):
    """AdamW exactly as torch.optim.AdamW applies it; no decay on vectors (biases, LayerNorm)."""
    import jax
    import jax.numpy as jnp

    lr, (b1, b2), eps, wd = OPTIMIZER["lr"], OPTIMIZER["betas"], OPTIMIZER["eps"], OPTIMIZER["weight_decay"]
    m = jax.tree.map(lambda m, g: b1 * m + (1 - b1) * g, state["m"], grads)
    v = jax.tree.map(lambda v, g: b2 * v + (1 - b2) * g * g, state["v"], grads)
    c1, c2 = 1 - b1**step, 1 - b2**step

    def update(name):
        decayed = p[name] * (1 - lr * wd) if p[name].ndim >= 2 else p[name]
        return decayed - lr / c1 * m[name] / (jnp.sqrt(v[name]) / jnp.sqrt(c2) + eps)

    return {name: update(name) for name in p}, {"m": m, "v": v}


def jax_train_step(cfg, dtype, attention=None):
    """One step: loss and gradients, then AdamW. Jitted with the weights and optimizer state
    donated, so they are updated in place as in PyTorch."""
    import jax

    def train_step(p, state, step, idx, targets):
        loss, grads = jax.value_and_grad(jax_loss)(p, idx, targets, cfg, dtype, attention)
        p, state = jax_adamw(p, grads, state, step)
        return p, state, loss

    return jax.jit(train_step, donate_argnums=(0, 1))


def jax_initial_state(cfg, place):
    """The shared initial weights and zeroed AdamW moments, placed by ``place``."""
    import jax.numpy as jnp

    weights = {k: place(v) for k, v in init_params(cfg).items()}
    return weights, {"m": {k: jnp.zeros_like(v) for k, v in weights.items()},
                     "v": {k: jnp.zeros_like(v) for k, v in weights.items()}}


def jax_case(params, device):
    import jax
    import jax.numpy as jnp

    cfg = CONFIGS[params["config"]]
    dtype = jnp.bfloat16 if params["dtype"] == "bfloat16" else jnp.float32
    weights, opt_state = jax_initial_state(cfg, lambda a: jax.device_put(a, device))
    live = {"p": weights, "state": opt_state, "step": 0}
    batches = [tuple(jax.device_put(a, device) for a in batch(cfg, s)) for s in range(BATCHES)]
    compiled = {}
    notes = {"model": cfg}

    def prepare():
        # Fused attention where the platform has a kernel (as PyTorch uses flash attention), XLA's
        # elsewhere or where the kernel cannot take this shape; the record says which ran.
        for attention in FUSED_ATTENTION.get(device.platform, []) + [None]:
            try:
                step = jax_train_step(cfg, dtype, attention)
                compiled["step"] = step.lower(live["p"], live["state"], jnp.float32(1), *batches[0]).compile()
                compiled["attention"] = attention
                notes["attention"] = attention or "xla"
                break
            except Exception as exc:
                if attention is None:
                    raise
                notes["attention_fallback"] = f"{type(exc).__name__}: {exc}"[:300]
        jax_check_fits(compiled["step"], device)  # too large: skipped before the first call

    def run(i):
        live["step"] += 1
        live["p"], live["state"], loss = compiled["step"](live["p"], live["state"],
                                                          jnp.asarray(live["step"], jnp.float32), *batches[i % len(batches)])
        return loss

    def check():
        return jax_check(live["p"], cfg, dtype, compiled["attention"])

    return Case(run=run, check=check, tolerance=TOLERANCE[params["dtype"]], prepare=prepare, notes=notes)
# --8<-- [end:jax]
