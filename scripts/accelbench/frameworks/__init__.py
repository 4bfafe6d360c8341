"""Stage 1, the machine: the host, the devices found on it, and the drivers of the frameworks
that need one (torch_xla, TensorFlow)."""
