"""TensorFlow companion of transformer_train: the same GPT-2 training step, written as TensorFlow's
guides write a custom training loop (tf.GradientTape, tf.Variables, a tf.function step).

The model, its initial weights (transformer_train.init_params, as PyTorch and JAX start from),
the batches, the AdamW settings and the FLOP count are the workload's. Mixed precision mirrors
PyTorch autocast and the JAX model: matrix products and attention in bfloat16; embeddings, the
residual stream, LayerNorm, the softmax of the attention scores and the loss in float32, with
float32 master weights. Two variants: "compiled" is the step under XLA (``jit_compile=True``),
"graph" a plain TensorFlow graph without XLA. TensorFlow has no fused attention op, so the
attention scores are materialised in both, as in JAX's XLA attention.
"""

from pathlib import Path

import numpy as np

from accelbench.snippet import Case, load_module, relative_error, restored_if_raises, tf_function, tf_platform, tf_tf32

gpt = load_module(Path(__file__).parents[1] / "transformer_train.py")

VARIANTS = ("compiled", "graph")
PROFILES = {
    "quick": [{"config": "tiny", "variant": v, "dtype": "bfloat16"} for v in VARIANTS],
    "full": [{"config": "gpt2-small", "variant": v, "dtype": "bfloat16"} for v in VARIANTS],
    "test": [{"config": "micro", "variant": v, "dtype": "bfloat16"} for v in VARIANTS],
}


def memory_bytes(params, platform=None):
    """The workload's estimate with the attention scores, which TensorFlow keeps on every device
    (it has no fused attention), as JAX's XLA attention does."""
    return gpt.memory_estimate(gpt.CONFIGS[params["config"]], scores=True)


def skip_reason(platform, params, count=1):
    if platform == "tpu" and params["variant"] == "graph":
        return "not_applicable", ("on a TPU TensorFlow runs every function through XLA: a graph without XLA "
                                  "would be the compiled variant again")
    return None


# --8<-- [start:tensorflow]
def tf_dtype(name):
    import tensorflow as tf

    return tf.bfloat16 if name == "bfloat16" else tf.float32


def tf_logits(p, idx, cfg, dtype):
    """The model of transformer_train.torch_model on a dict of float32 weights (tf.Variables),
    mirroring autocast: ``dtype`` (bf16) products, float32 elsewhere. Logits (batch·seq, vocab)."""
    import tensorflow as tf

    b, t = idx.shape
    d, heads = cfg["width"], cfg["heads"]

    def ln(x, name):
        mean, var = tf.nn.moments(x, axes=[-1], keepdims=True)
        return (x - mean) * tf.math.rsqrt(var + 1e-5) * p[name + ".weight"] + p[name + ".bias"]

    def linear(x, name):  # x: (tokens, width in), as nn.Linear under autocast
        w, bias = tf.cast(p[name + ".weight"], dtype), tf.cast(p[name + ".bias"], dtype)
        return tf.matmul(tf.cast(x, dtype), w, transpose_b=True) + bias

    # the residual stream is float32 and (tokens, width): each linear layer is one 2-D product
    x = tf.reshape(tf.gather(p["wte.weight"], idx) + p["wpe.weight"][:t], [b * t, d])
    for i in range(cfg["layers"]):
        h = f"h.{i}."
        y = attention(linear(ln(x, h + "ln_1"), h + "attn.c_attn"), b, t, heads)
        x = x + tf.cast(linear(y, h + "attn.c_proj"), tf.float32)
        f = tf.nn.gelu(linear(ln(x, h + "ln_2"), h + "mlp.c_fc"), approximate=True)
        x = x + tf.cast(linear(f, h + "mlp.c_proj"), tf.float32)
    out = tf.matmul(tf.cast(ln(x, "ln_f"), dtype), tf.cast(p["wte.weight"], dtype), transpose_b=True)  # tied lm_head
    return tf.cast(out, tf.float32)


def attention(qkv, b, t, heads):
    """Causal self-attention of (tokens, 3·width) projections: products in their dtype (tf.matmul
    returns bf16 scores where JAX's attention asks for float32 ones), the softmax of the scaled
    scores in float32, as JAX's attention and PyTorch's kernels compute it."""
    import tensorflow as tf

    d = qkv.shape[-1] // 3
    q, k, v = (tf.transpose(tf.reshape(a, [b, t, heads, d // heads]), [0, 2, 1, 3]) for a in tf.split(qkv, 3, axis=-1))
    scores = tf.cast(tf.matmul(q, k, transpose_b=True), tf.float32) * (1.0 / np.sqrt(d // heads))
    causal = tf.cast(tf.linalg.band_part(tf.ones([t, t]), -1, 0), tf.bool)  # lower triangle: no peeking ahead
    probs = tf.nn.softmax(tf.where(causal, scores, float("-inf")), axis=-1)
    y = tf.matmul(tf.cast(probs, v.dtype), v)
    return tf.reshape(tf.transpose(y, [0, 2, 1, 3]), [b * t, d])


def tf_loss_and_grads(p, idx, targets, cfg, dtype):
    """The mean cross-entropy (float32 logits) and its gradients for every weight, dense."""
    import tensorflow as tf

    with tf.GradientTape() as tape:
        logits = tf_logits(p, idx, cfg, dtype)
        labels = tf.reshape(targets, [-1])
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits))
    grads = tape.gradient(loss, p)
    # the tied embedding's gradient mixes the lookup's IndexedSlices and lm_head's dense part
    return loss, {name: tf.convert_to_tensor(g) for name, g in grads.items()}


def tf_adamw_update(p, g, m, v, step):
    """torch.optim.AdamW's update of one weight (as transformer_train.jax_adamw): bias-corrected
    moments, decoupled weight decay on matrices only (PyTorch's two parameter groups)."""
    import tensorflow as tf

    lr, (b1, b2), eps, wd = (gpt.OPTIMIZER[k] for k in ("lr", "betas", "eps", "weight_decay"))
    m_new, v_new = b1 * m + (1 - b1) * g, b2 * v + (1 - b2) * g * g
    c1, c2 = 1 - b1**step, 1 - b2**step
    decayed = p * (1 - lr * wd) if len(p.shape) >= 2 else p
    m.assign(m_new)
    v.assign(v_new)
    p.assign(decayed - lr / c1 * m_new / (tf.sqrt(v_new) / tf.sqrt(c2) + eps))


def tf_initial_state(cfg):
    """The shared initial weights as float32 tf.Variables (on the device or strategy in scope),
    and zeroed AdamW moments."""
    import tensorflow as tf

    init = gpt.init_params(cfg)
    weights = {k: tf.Variable(a, name=k) for k, a in init.items()}
    moments = {m: {k: tf.Variable(np.zeros_like(a), trainable=False) for k, a in init.items()} for m in ("m", "v")}
    return weights, moments


def tf_train_step(weights, moments, cfg, dtype, jit_compile):
    """One step as a tf.function: loss and gradients, then AdamW on the variables in place. The
    step number is a float32 tensor argument, so every call reuses the one trace."""

    def step(idx, targets, count):
        loss, grads = tf_loss_and_grads(weights, idx, targets, cfg, dtype)
        for name, p in weights.items():
            tf_adamw_update(p, grads[name], moments["m"][name], moments["v"][name], count)
        return loss

    return tf_function(step, jit_compile=jit_compile)


def tf_checker(weights, cfg, dtype, jit_compile, device):
    """The check: the model's logits on the check sequence, from its current weights, compiled as
    the timed step is and run on ``device``, against the float64 reference with the same weights."""
    import tensorflow as tf

    idx, _ = gpt.check_batch(cfg)
    logits_of = tf_function(lambda i: tf_logits(weights, i, cfg, dtype), jit_compile=jit_compile)

    def check():
        with tf.device(device):  # the runner places only the timed calls
            logits = logits_of(tf_on_device(idx)).numpy().reshape(*idx.shape, -1)
        host = {k: w.numpy() for k, w in weights.items()}
        return relative_error(logits, gpt.reference_logits(host, idx, cfg))

    return check


def tf_on_device(array):
    """A batch of token ids on the device in scope. On a GPU TensorFlow keeps int32 tensors in host
    memory whatever the scope: each step then copies its few KB of ids in, as a data pipeline would."""
    import tensorflow as tf

    return tf.identity(tf.constant(array))


def tensorflow_case(params, device):
    import tensorflow as tf

    cfg = gpt.CONFIGS[params["config"]]
    dtype, jit = tf_dtype(params["dtype"]), params["variant"] == "compiled"
    # any float32 product left under mixed precision may use TF32, as in real training on NVIDIA GPUs
    restore_tf32 = tf_tf32(True) if tf_platform(device) == "gpu" else None
    with restored_if_raises(restore_tf32), tf.device(device):  # process-wide: undone if the case is never built
        weights, moments = tf_initial_state(cfg)
        batches = [tuple(tf_on_device(a) for a in gpt.batch(cfg, s)) for s in range(gpt.BATCHES)]
    step = tf_train_step(weights, moments, cfg, dtype, jit)
    count = [0]

    def run(i):
        count[0] += 1
        return step(*batches[i % len(batches)], tf.constant(count[0], tf.float32))

    return Case(run=run, check=tf_checker(weights, cfg, dtype, jit, device), tolerance=gpt.TOLERANCE[params["dtype"]],
                close=restore_tf32, notes={"model": cfg, "attention": "unfused"})
# --8<-- [end:tensorflow]
