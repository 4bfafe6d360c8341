"""What TensorFlow's companions compute, from .venv-tf (TensorFlow is not in the project's
environment), for tests that compare it with PyTorch in-process. The last line printed is JSON.

    .venv-tf/bin/python tests/tf_probe.py losses --config tiny --dtypes float32,bfloat16 --steps 3

prints, per dtype, ``{"compiled": [...], "compiled_check": {...}, "graph": [...], "graph_check": {...}}``
(one process for every dtype: TensorFlow takes seconds to start): the losses of the first steps of
each variant of snippets/tensorflow/transformer_train.py on the CPU,
training on batch 0 every step (as tests/test_transformer_equivalence.py runs PyTorch and JAX),
then each variant's check (error, tolerance) and how often its step was traced again after the
first call (0: nothing retraced).

    .venv-tf/bin/python tests/tf_probe.py data-parallel --config micro

splits the CPU into two logical devices, takes one float32 step of snippets/tensorflow/data_parallel.py
on both and one single-device step on their whole global batch, and prints both losses, how far
the weights after the two steps differ, how far the step moved them, and whether the replicas'
copies are equal."""

import argparse
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")  # TensorFlow's start-up chatter


def losses(config, dtype, steps, variants):
    import tensorflow as tf

    from accelbench.frameworks import tf_device
    from accelbench.workloads.snippet import load_module

    companion = load_module(ROOT / "snippets" / "tensorflow" / "transformer_train.py")
    out, cases = {}, []  # the cases are kept: the runner's trace count holds only live functions
    for variant in variants:
        cases.append(companion.tensorflow_case({"config": config, "variant": variant, "dtype": dtype}, "/device:CPU:0"))
        with tf.device("/device:CPU:0"):
            first = [float(cases[-1].run(0))]
            traced = tf_device.traces()
            out[variant] = first + [float(cases[-1].run(0)) for _ in range(steps - 1)]
            retraced = tf_device.traces() - traced  # the later steps reuse the first step's trace
            out[variant + "_check"] = {"error": cases[-1].check(), "tolerance": cases[-1].tolerance, "retraced": retraced}
    return out


def data_parallel(config):
    import numpy as np
    import tensorflow as tf

    cpu = tf.config.list_physical_devices("CPU")[0]  # before TensorFlow starts, as the engine does
    tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * 2)
    from accelbench.workloads.snippet import load_module

    dp = load_module(ROOT / "snippets" / "tensorflow" / "data_parallel.py")
    T, cfg = dp.transformer, dp.transformer.gpt.CONFIGS[config]
    strategy = dp.tf_strategy("/device:CPU:0", 2)
    with strategy.scope():
        mirrored, moments = T.tf_initial_state(cfg)
    step = dp.tf_data_parallel_step(strategy, mirrored, moments, cfg, tf.float32)
    loss_mirrored = float(step(*dp.tf_shards(strategy, cfg, 0), tf.constant(1.0)))
    with tf.device("/device:CPU:0"):
        single, moments = T.tf_initial_state(cfg)
        step = T.tf_train_step(single, moments, cfg, tf.float32, jit_compile=True)
        loss_single = float(step(*(tf.constant(a) for a in dp.data_parallel.shard_batch(cfg, 0, range(2))), tf.constant(1.0)))
    copies = {k: [c.numpy() for c in strategy.experimental_local_results(v)] for k, v in mirrored.items()}
    initial = T.gpt.init_params(cfg)
    return {"loss_mirrored": loss_mirrored, "loss_single": loss_single, "replicas": len(copies["wte.weight"]),
            "replicas_equal": all(np.array_equal(c[0], c[-1]) for c in copies.values()),
            "weight_difference": max(float(np.abs(c[0] - single[k].numpy()).max()) for k, c in copies.items()),
            "update": min(float(np.abs(single[k].numpy() - initial[k]).max()) for k in initial)}


def main(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("what", choices=["losses", "data-parallel"])
    parser.add_argument("--config", default=None, help="tiny (losses), micro (data-parallel)")
    parser.add_argument("--dtypes", default="float32", help="comma-separated")
    parser.add_argument("--steps", type=int, default=3)
    parser.add_argument("--variants", default="compiled,graph")
    args = parser.parse_args(argv)
    if args.what == "losses":
        print(json.dumps({dtype: losses(args.config or "tiny", dtype, args.steps, args.variants.split(","))
                          for dtype in args.dtypes.split(",")}))
    else:
        print(json.dumps(data_parallel(args.config or "micro")))


if __name__ == "__main__":
    main()
