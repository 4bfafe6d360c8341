"""Dense matrix multiplication in TensorFlow: ``tf.matmul`` compiled with XLA (``tf.function(jit_compile=True)``)
on the sizes, dtypes, input sets and float64 check of snippets/matmul.py."""

from pathlib import Path

from accelbench.snippet import Case, Unsupported, load_module, restored_if_raises, tf_function, tf_platform, tf_tf32

matmul = load_module(Path(__file__).parents[1] / "matmul.py")


def compute_capability(device):
    """(major, minor) of an NVIDIA GPU ("/device:GPU:0"); None for any other device."""
    import tensorflow as tf

    if tf_platform(device) != "gpu":
        return None
    gpu = tf.config.list_physical_devices("GPU")[int(str(device).rsplit(":", 1)[-1])]
    return tf.config.experimental.get_device_details(gpu).get("compute_capability")  # absent on AMD GPUs


# --8<-- [start:tensorflow]
def tensorflow_case(params, device):
    import tensorflow as tf

    n, name = params["n"], params["dtype"]
    capability = compute_capability(device)
    if name == "tfloat32" and capability and capability < (8, 0):
        raise Unsupported("this GPU has no TF32 mode (NVIDIA compute capability below 8.0)")
    dtype = {"float32": tf.float32, "tfloat32": tf.float32, "bfloat16": tf.bfloat16, "float16": tf.float16}[name]
    # float32 means true float32 products (tf32 is its own, named, variant; TensorFlow allows it by default)
    restore = tf_tf32(name == "tfloat32") if dtype == tf.float32 else None

    def product(a, b):
        return tf.matmul(a, b)

    product = tf_function(product, jit_compile=True)  # tf.function(product, jit_compile=True), its traces counted

    def random_pair(seed):  # drawn on the device: no host generation or copy of GiB-sized inputs
        with tf.device(device):
            return tuple(tf.cast(tf.random.stateless_normal([n, n], seed=[seed, k]), dtype) for k in range(2))

    with restored_if_raises(restore):  # process-wide: undone here if the case is never built
        sets = [random_pair(seed) for seed in range(matmul.input_set_count(params))]

    def run(i):
        return product(*sets[i % len(sets)])

    def check():  # fresh inputs; a grid of the output against float64
        a, b = random_pair(10_000)
        rows, cols = matmul.check_indices(n)
        with tf.device(device):
            out = tf.gather(tf.gather(product(a, b), rows), cols, axis=1)
            blocks = out, tf.gather(a, rows), tf.gather(b, cols, axis=1)
        return matmul.reference_error(*(tf.cast(t, tf.float32).numpy() for t in blocks))

    return Case(run=run, check=check, tolerance=matmul.TOLERANCE[name], close=restore,  # process-wide switch
                notes={"input_sets": len(sets)})
# --8<-- [end:tensorflow]
