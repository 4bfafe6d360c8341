"""Memory bandwidth in TensorFlow: a copy (y = x) and a scale (y = a·x) of float32 arrays, compiled with XLA
(``tf.function(jit_compile=True)``), on the sizes, input sets and check of snippets/memory_bandwidth.py."""

import ctypes
from pathlib import Path

from accelbench.snippet import Case, load_module, tf_function

memory_bandwidth = load_module(Path(__file__).parents[1] / "memory_bandwidth.py")


class OnHost:
    """A device tensor as chunked_error reads it, a slice at a time: each slice it takes comes to the host as a
    NumPy array, whose arithmetic (and .sum(), which a TensorFlow tensor lacks) is exact float32 as on the device."""

    def __init__(self, tensor):
        self.tensor, self.shape = tensor, tuple(tensor.shape)

    def __getitem__(self, index):
        return self.tensor[index].numpy()


def buffer_address(tensor):
    """Where a tensor's data lies in device memory, by its DLPack view; None where the device has none (a TPU)."""
    import tensorflow as tf

    try:
        capsule = tf.experimental.dlpack.to_dlpack(tensor)
    except Exception:  # a device without DLPack: the address cannot be known
        return None
    get_pointer = ctypes.pythonapi.PyCapsule_GetPointer
    get_pointer.restype, get_pointer.argtypes = ctypes.c_void_p, [ctypes.py_object, ctypes.c_char_p]
    return ctypes.c_void_p.from_address(get_pointer(capsule, b"dltensor")).value  # DLTensor.data, its first field


# --8<-- [start:tensorflow]
def tensorflow_case(params, device):
    import tensorflow as tf

    n = params["mib"] * memory_bandwidth.MIB // 4
    with tf.device(device):  # drawn on the device: no host generation or copy of GiB-sized inputs
        xs = [tf.random.stateless_normal([n], seed=[0, s]) for s in range(memory_bandwidth.input_set_count(params))]

    def copy(x):
        # Eagerly, or in a tf.function without XLA, tf.identity hands back its input's buffer and moves nothing.
        # Compiled, a lone output that is an argument gets a buffer of its own, written by XLA's `copy` (with
        # several outputs, XLA on a GPU may alias them to the arguments instead); check() makes sure of it.
        return tf.identity(x)

    def scale(x):
        return x * memory_bandwidth.SCALE

    op = tf_function(copy if params["op"] == "copy" else scale, jit_compile=True)

    def run(i):
        return op(xs[i % len(xs)])

    def check():
        x = xs[0]
        with tf.device(device):
            poison = tf.fill([n], float("nan"))
            del poison  # its memory goes back to the allocator, which hands it to y: every element must be written
            y = op(x)
            address = buffer_address(y)
            if address is not None and address == buffer_address(x):
                raise RuntimeError("the compiled copy returned its input's buffer: no bytes moved")
            # float32 is exact here (a copy, or one correctly rounded product); chunks keep it small
            return memory_bandwidth.chunked_error(OnHost(y), OnHost(x), memory_bandwidth.scale_of(params))

    return Case(run=run, check=check, tolerance=memory_bandwidth.TOLERANCE, notes={"input_sets": len(xs)})
# --8<-- [end:tensorflow]
