"""TensorFlow companion of data_parallel: the GPT-2 step of the TensorFlow transformer_train
companion, data-parallel over the platform's local devices with a tf.distribute strategy.

MirroredStrategy on GPUs (gradients all-reduced with NCCL) and on a CPU's logical devices;
TPUStrategy over a TPU's cores. Each replica trains on a full per-device batch (the workload's
shard_batch, as the PyTorch and JAX cases), the strategy averages the gradients, and every replica
applies the same AdamW update to its copy of the weights. The forward and backward pass of each
replica is compiled by XLA, as the transformer companion's "compiled" variant.
"""

from pathlib import Path

from accelbench.snippet import Case, load_module, tf_function, tf_platform

W = load_module(Path(__file__).parents[1] / "data_parallel.py")
T = load_module(Path(__file__).with_name("transformer_train.py"))


# --8<-- [start:tensorflow]
def tf_strategy(device, count):
    """A strategy over the first ``count`` devices of ``device``'s kind."""
    import tensorflow as tf

    if tf_platform(device) == "tpu":
        return tpu_strategy(count)
    devices = tf.config.list_logical_devices(tf_platform(device).upper())
    return tf.distribute.MirroredStrategy([d.name for d in devices[:count]])


def tpu_strategy(count):
    """TPUStrategy on this TPU VM's cores (the first ``count`` of them)."""
    import tensorflow as tf

    resolver = tf.distribute.cluster_resolver.TPUClusterResolver(tpu="local")
    tf.config.experimental_connect_to_cluster(resolver)
    topology = tf.tpu.experimental.initialize_tpu_system(resolver)
    assignment = tf.tpu.experimental.DeviceAssignment.build(topology, num_replicas=count)
    return tf.distribute.TPUStrategy(resolver, experimental_device_assignment=assignment)


def tf_replicas(params, device):
    import tensorflow as tf

    return W.device_count(params, len(tf.config.list_logical_devices(tf_platform(device).upper())))


def tf_data_parallel_step(strategy, weights, moments, cfg, dtype):
    """One data-parallel step: per replica, loss and gradients (XLA), averaged across replicas;
    then each replica's copy of every weight takes the same AdamW update."""
    import tensorflow as tf

    # compiled on its own: a function with a synchronisation point (the all-reduce) cannot be nested
    grads_of = tf_function(lambda idx, targets: T.tf_loss_and_grads(weights, idx, targets, cfg, dtype),
                           jit_compile=True)

    def apply(strategy, grads, count):  # cross-replica: each variable updated on each of its devices
        for name, p in weights.items():
            strategy.extended.update(p, T.tf_adamw_update, args=(grads[name], moments["m"][name],
                                                                  moments["v"][name], count), group=False)

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
    """The step's batch, replica r holding shard r (data_parallel.shard_batch), on its device."""
    per_replica = [W.shard_batch(cfg, step, [r]) for r in range(strategy.num_replicas_in_sync)]
    return tuple(strategy.experimental_distribute_values_from_function(
        lambda ctx, j=j: T.tf_on_device(per_replica[ctx.replica_id_in_sync_group][j])) for j in (0, 1))


def tensorflow_case(params, device):
    import tensorflow as tf

    cfg, dtype = T.gpt.CONFIGS[params["config"]], T.tf_dtype(params["dtype"])
    n = tf_replicas(params, device)
    strategy = tf_strategy(device, n)
    with strategy.scope():  # mirrored variables: one copy per replica
        weights, moments = T.tf_initial_state(cfg)
    batches = [tf_shards(strategy, cfg, s) for s in range(W._BATCHES)]
    step = tf_data_parallel_step(strategy, weights, moments, cfg, dtype)
    count = [0]

    def run(i):
        count[0] += 1
        return step(*batches[i % len(batches)], tf.constant(count[0], tf.float32))

    # the check reads the first replica's weights (the update keeps every copy equal)
    return Case(run=run, check=T.tf_checker(weights, cfg, dtype, jit_compile=True), tolerance=T.gpt.TOLERANCE[params["dtype"]],
                notes={"model": cfg, "devices": n}, work=W._work(params, n))
# --8<-- [end:tensorflow]
