"""What TensorFlow's companions compute, from .venv-tf (TensorFlow is not in the project's
environment), for tests that compare it with PyTorch in-process. The last line printed is JSON.

    .venv-tf/bin/python tests/tf_probe.py losses --config tiny --dtype float32 --steps 3

prints ``{"compiled": [...], "compiled_check": {...}, "graph": [...], "graph_check": {...}}``: the
losses of the first steps of each variant of snippets/tensorflow/transformer_train.py on the CPU,
training on batch 0 every step (as tests/test_transformer_equivalence.py runs PyTorch and JAX),
then each variant's check (error, tolerance) and how often its step was traced again after the
first call (0: nothing retraced)."""

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

    from accelbench import tf_device
    from accelbench.snippet import load_module

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


def main(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("what", choices=["losses"])
    parser.add_argument("--config", default="tiny")
    parser.add_argument("--dtype", default="float32")
    parser.add_argument("--steps", type=int, default=3)
    parser.add_argument("--variants", default="compiled,graph")
    args = parser.parse_args(argv)
    print(json.dumps(losses(args.config, args.dtype, args.steps, args.variants.split(","))))


if __name__ == "__main__":
    main()
