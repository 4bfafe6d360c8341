"""General-purpose operations in TensorFlow: FFT, sort, scatter-add (a histogram), gather and a tiny matrix
product, each compiled with XLA (``tf.function(jit_compile=True)``), on the inputs, input sets and float64
checks of snippets/general_compute.py."""

from pathlib import Path

from accelbench.snippet import Case, load_module, tf_function, tf_platform, tf_tf32

general_compute = load_module(Path(__file__).parents[1] / "general_compute.py")


# --8<-- [start:tensorflow]
def tensorflow_case(params, device):
    import tensorflow as tf

    def op(*a):
        a = [tf.bitcast(x, tf.int32) if x.dtype == tf.uint32 else x for x in a]  # the indices, as int32 again
        name = params["op"]
        if name == "fft":
            return tf.signal.fft(a[0])
        if name == "sort":
            return tf.sort(a[0])
        if name == "scatter_add":  # a[0]: the bin of each weight a[1]
            return tf.math.unsorted_segment_sum(a[1], a[0], num_segments=general_compute.BINS)
        if name == "gather":
            return tf.gather(a[0], a[1])
        return tf.matmul(a[0], a[1])

    compiled = tf_function(op, jit_compile=True)

    def on_device(arrays):
        # int32 indices, as in JAX and PyTorch, so all move the bytes bytes_moved counts; but TensorFlow
        # keeps int32 tensors in host memory even on a GPU, so they travel as uint32 (the same bytes,
        # kept on the device) and are read as int32 inside the compiled function, where the bitcast is free
        with tf.device(device):
            return [tf.constant(a.view("uint32") if a.dtype == "int32" else a) for a in arrays]

    first = general_compute.inputs(params, 0)
    count = general_compute.set_count(first, tf_platform(device))
    sets = [on_device(general_compute.inputs(params, s)) for s in range(count)]

    def run(i):
        return compiled(*sets[i % len(sets)])

    def check():
        arrays = general_compute.inputs(params, 1000)
        with tf.device(device):
            out = compiled(*on_device(arrays)).numpy()
        return general_compute.reference_error(params, out, arrays)

    # float32 products as JAX's Precision.HIGHEST, where TensorFlow's default is less (TF32 on a GPU, bf16 on a
    # TPU); set last, when nothing more can fail, and before the first call compiles
    restore = tf_tf32(False) if params["op"] == "small_matmul" else None
    return Case(run=run, check=check, tolerance=general_compute.tolerance(params, tf_platform(device)), close=restore,
                notes={"input_sets": len(sets)})
# --8<-- [end:tensorflow]
