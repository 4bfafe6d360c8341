"""Stage 1, the machine: the host, the devices found on it, and the drivers of the frameworks
that need one (torch_xla, TensorFlow).

Modules: ``detection``, ``hardware``, ``host``, ``tf_device``, ``xla``.
May import: ``core``. This ``__init__`` imports nothing.
"""
