"""Hardware detection with faked frameworks: CUDA and ROCm GPUs, TPUs, and missing frameworks."""

from types import SimpleNamespace

from accelbench import hardware
from accelbench.runner import plan
from accelbench.snippet import discover

from conftest import SNIPPETS


def fake_torch(gpus=0, name="NVIDIA H200", hip=None):
    props = SimpleNamespace(total_memory=150_000_000_000)
    cuda = SimpleNamespace(is_available=lambda: gpus > 0, device_count=lambda: gpus,
                           get_device_name=lambda i=0: name, get_device_properties=lambda i: props)
    return SimpleNamespace(cuda=cuda, version=SimpleNamespace(cuda=None if hip else "13.0", hip=hip))


class FakeJaxDevice:
    def __init__(self, platform, kind, memory=None):
        self.platform, self.device_kind, self._memory = platform, kind, memory

    def memory_stats(self):
        return {"bytes_limit": self._memory} if self._memory else None


def fake_jax(**backends):
    def devices(backend=None):
        if backend not in backends:
            raise RuntimeError(f"Unknown backend {backend}")
        return backends[backend]
    return SimpleNamespace(devices=devices)


def test_cpu_only_torch_sees_the_cpu_with_its_model():
    devices, unavailable = hardware.detect_torch(fake_torch(gpus=0))
    assert [(d.platform, d.name) for d in devices] == [("cpu", hardware.cpu_model())]
    assert unavailable == []


def test_nvidia_gpus_through_torch():
    devices, _ = hardware.detect_torch(fake_torch(gpus=8))
    gpu = devices[1]
    assert (gpu.platform, gpu.name, gpu.count, gpu.memory_bytes, gpu.vendor, gpu.handle) == \
        ("gpu", "NVIDIA H200", 8, 150_000_000_000, "nvidia", "cuda:0")


def test_amd_gpu_through_torch_rocm():
    devices, _ = hardware.detect_torch(fake_torch(gpus=1, name="AMD Instinct MI300X", hip="6.2"))
    assert (devices[1].name, devices[1].vendor) == ("AMD Instinct MI300X", "amd")


def test_tpus_through_jax():
    tpus = [FakeJaxDevice("tpu", "TPU v5 lite", 16 * 2**30) for _ in range(4)]
    devices, unavailable = hardware.detect_jax(fake_jax(cpu=[FakeJaxDevice("cpu", "cpu")], tpu=tpus))
    assert unavailable == []
    tpu = next(d for d in devices if d.platform == "tpu")
    assert (tpu.name, tpu.count, tpu.memory_bytes, tpu.vendor) == ("TPU v5 lite", 4, 16 * 2**30, "google")
    # the CPU gets the same name in both frameworks, so results line up
    assert next(d for d in devices if d.platform == "cpu").name == hardware.cpu_model()


def test_gpus_through_jax():
    devices, _ = hardware.detect_jax(fake_jax(cpu=[FakeJaxDevice("cpu", "cpu")],
                                              gpu=[FakeJaxDevice("gpu", "NVIDIA H200", 10)] * 2))
    gpu = next(d for d in devices if d.platform == "gpu")
    assert (gpu.name, gpu.count, gpu.memory_bytes) == ("NVIDIA H200", 2, 10)


def test_missing_framework_is_unavailable_not_a_crash(monkeypatch):
    def broken_import(name):
        raise ImportError(f"No module named '{name}'")

    monkeypatch.setattr(hardware.importlib, "import_module", broken_import)
    hw = hardware.detect(("torch", "jax"))
    assert hw.devices == []
    assert {(u.framework, u.platform) for u in hw.unavailable} == {("torch", None), ("jax", None)}
    assert all("not installed" in u.reason for u in hw.unavailable)


def test_torch_on_a_tpu_machine_is_skipped_with_the_reason():
    tpus = [FakeJaxDevice("tpu", "TPU v6 lite")]
    hw = hardware.detect(("torch", "jax"), modules={"torch": fake_torch(gpus=0),
                                                      "jax": fake_jax(cpu=[FakeJaxDevice("cpu", "cpu")], tpu=tpus)})
    reason = next(u.reason for u in hw.unavailable if u.framework == "torch")
    assert "torch_xla" in reason
    items = plan(discover(SNIPPETS, ["matmul"]), hw, ["torch", "jax"], "full")
    torch_items = [i for i in items if i.framework == "torch"]
    assert torch_items and all(i.skip == reason and i.device.name == "TPU v6 lite" for i in torch_items)
    # JAX measures the TPU, not the CPU, and float16/tf32 are skipped with reasons
    jax_items = [i for i in items if i.framework == "jax"]
    assert {i.device.platform for i in jax_items} == {"tpu"}
    assert {i.params["dtype"] for i in jax_items if i.skip} == {"tfloat32", "float16"}


def test_gpu_machine_measures_the_gpu_not_the_cpu():
    hw = hardware.detect(("torch",), modules={"torch": fake_torch(gpus=1)})
    items = plan(discover(SNIPPETS, ["matmul"]), hw, ["torch"], "full")
    assert {i.device.platform for i in items} == {"gpu"}
    assert not any(i.skip for i in items)  # tf32 runs on a GPU
    cpu_items = plan(discover(SNIPPETS, ["matmul"]), hw, ["torch"], "quick", platforms=["cpu"])
    assert {i.device.platform for i in cpu_items} == {"cpu"}
