"""TensorFlow companion of data_parallel: the GPT-2 step of the TensorFlow transformer_train
companion, data-parallel over the platform's local devices with a tf.distribute strategy.

MirroredStrategy on GPUs (gradients all-reduced with NCCL) and on a CPU's logical devices;
TPUStrategy over a TPU's cores. Each replica trains on a full per-device batch (the workload's
shard_batch, as the PyTorch and JAX cases), the strategy averages the gradients, and every replica
applies the same AdamW update to its copy of the weights. Each replica's forward and backward pass
is compiled by XLA, as in the transformer companion's "compiled" step; the all-reduce and the
AdamW update run as TensorFlow graph ops (a function holding the all-reduce cannot be compiled).
"""

from pathlib import Path

from accelbench.snippet import Case, load_module, tf_function, tf_platform, tf_tpu_system

data_parallel = load_module(Path(__file__).parents[1] / "data_parallel.py")
transformer = load_module(Path(__file__).with_name("transformer_train.py"))


# --8<-- [start:tensorflow]
def tf_devices(device):
    """The logical devices of ``device``'s kind: GPUs, a CPU's logical devices, or TPU cores."""
    import tensorflow as tf

    return tf.config.list_logical_devices(tf_platform(device).upper())


def tf_strategy(device, count):
    """A strategy over the first ``count`` devices of ``device``'s kind (on a TPU, of the system the
    runner started: starting it again would reset the chips)."""
    import tensorflow as tf

    if tf_platform(device) != "tpu":
        return tf.distribute.MirroredStrategy([d.name for d in tf_devices(device)[:count]])
    tpu = tf_tpu_system()
    cores = tf.tpu.experimental.DeviceAssignment.build(tpu["topology"], num_replicas=count)
    return tf.distribute.TPUStrategy(tpu["resolver"], experimental_device_assignment=cores)


def tf_data_parallel_step(strategy, weights, moments, cfg, dtype):
    """One data-parallel step: per replica, loss and gradients (XLA), averaged across replicas;
    then each replica's copy of every weight takes the same AdamW update."""
    import tensorflow as tf

    # compiled apart: TensorFlow refuses a synchronisation point (the all-reduce) in a nested tf.function
    grads_of = tf_function(lambda idx, targets: transformer.tf_loss_and_grads(weights, idx, targets, cfg, dtype),
                           jit_compile=True)

    def apply(strategy, grads, count):
        # cross-replica, as Keras's optimizers update under a strategy: each weight on each of its
        # devices, where the moments (mirrored too) resolve to that device's copies. Graph ops, not
        # XLA: a tf.function handed the mirrored moments does not resolve them so (tried: wrong weights).
        for name, p in weights.items():
            strategy.extended.update(p, transformer.tf_adamw_update, args=(grads[name], moments["m"][name], moments["v"][name],
                                                                 count), group=False)

    def replica_step(idx, targets, count):
        loss, grads = grads_of(idx, targets)
        ctx = tf.distribute.get_replica_context()
        ctx.merge_call(apply, args=(ctx.all_reduce(tf.distribute.ReduceOp.MEAN, grads), count))
        return loss

    def step(idx, targets, count):
        losses = strategy.run(replica_step, args=(idx, targets, count))
        return strategy.reduce(tf.distribute.ReduceOp.MEAN, losses, axis=None)

    return tf_function(step, jit_compile=False)


def tf_shards(strategy, cfg, step):
    """The step's batch, replica r holding shard r (data_parallel.shard_batch) on its device."""
    import tensorflow as tf

    def shard(ctx, j):
        r = ctx.replica_id_in_sync_group
        with tf.device(strategy.extended.worker_devices[r]):  # else every shard stays on the first device
            return transformer.tf_on_device(data_parallel.shard_batch(cfg, step, [r])[j])

    return tuple(strategy.experimental_distribute_values_from_function(lambda ctx, j=j: shard(ctx, j)) for j in (0, 1))


def tensorflow_case(params, device):
    import tensorflow as tf

    cfg, dtype = transformer.gpt.CONFIGS[params["config"]], transformer.tf_dtype(params["dtype"])
    n = data_parallel.device_count(params, len(tf_devices(device)))
    strategy = tf_strategy(device, n)
    with strategy.scope():  # mirrored variables: one copy per replica
        weights, moments = transformer.tf_initial_state(cfg)
    batches = [tf_shards(strategy, cfg, s) for s in range(data_parallel.BATCHES)]
    step = tf_data_parallel_step(strategy, weights, moments, cfg, dtype)
    count = [0]

    def run(i):
        count[0] += 1
        return step(*batches[i % len(batches)], tf.constant(count[0], tf.float32))

    # the check reads the first replica's weights (the same update keeps every copy equal)
    check = transformer.tf_checker(weights, cfg, dtype, True, strategy.extended.worker_devices[0])
    return Case(run=run, check=check, tolerance=transformer.gpt.TOLERANCE[params["dtype"]], notes={"model": cfg, "devices": n},
                work=data_parallel.work(params, n))
# --8<-- [end:tensorflow]
