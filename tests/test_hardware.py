"""Hardware detection with faked frameworks: CUDA and ROCm GPUs, TPUs, and missing frameworks."""

from types import SimpleNamespace

from accelbench.core.profiles import PROFILES
from accelbench.frameworks import detection, host
from accelbench.frameworks.xla import tpu_chips as count_tpu_chips  # the real one (conftest fakes the module's)
from accelbench.measure.plan import plan
from accelbench.workloads.discovery import discover

from conftest import SNIPPETS


def fake_torch(gpus=0, name="NVIDIA H200", hip=None, cuda_build=True, init_error="Found no NVIDIA driver on your system."):
    props = SimpleNamespace(total_memory=150_000_000_000, pci_domain_id=0, pci_bus_id=0x3B, pci_device_id=0)

    def init():
        raise RuntimeError(init_error)

    cuda = SimpleNamespace(is_available=lambda: gpus > 0, device_count=lambda: gpus, init=init,
                           get_device_name=lambda i=0: name, get_device_properties=lambda i: props)
    return SimpleNamespace(cuda=cuda, version=SimpleNamespace(cuda="13.0" if cuda_build and not hip else None, hip=hip))


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
    devices, unavailable = detection.detect_torch(fake_torch(gpus=0, cuda_build=False))
    assert [(d.platform, d.name) for d in devices] == [("cpu", host.cpu_model())]
    assert unavailable == []


def test_a_cuda_build_that_cannot_start_cuda_says_why():
    devices, unavailable = detection.detect_torch(fake_torch(gpus=0, init_error="CUDA driver version is insufficient"))
    assert [d.platform for d in devices] == ["cpu"]
    assert [(u.framework, u.platform, u.reason) for u in unavailable] == \
        [("torch", "gpu", "torch.cuda failed: RuntimeError: CUDA driver version is insufficient")]


def test_a_jax_backend_that_fails_to_initialise_is_recorded_with_its_error():
    def devices(backend=None):
        if backend == "cpu":
            return [FakeJaxDevice("cpu", "cpu")]
        if backend == "gpu":
            raise RuntimeError("Backend 'cuda' failed to initialize: FAILED_PRECONDITION: No visible GPU devices.")
        raise RuntimeError("Backend 'tpu' failed to initialize: INTERNAL: Failed to open libtpu.so: libtpu.so: "
                           "cannot open shared object file: No such file or directory")

    found, unavailable = detection.detect_jax(SimpleNamespace(devices=devices))
    assert [d.platform for d in found] == ["cpu"]
    # the GPU plugin's failure is kept; a missing libtpu is just a machine without a TPU
    assert [(u.framework, u.platform, u.reason) for u in unavailable] == [
        ("jax", "gpu", "RuntimeError: Backend 'cuda' failed to initialize: FAILED_PRECONDITION: No visible GPU devices.")]
    hw = detection.detect(("torch", "jax"), modules={"torch": fake_torch(gpus=1), "jax": SimpleNamespace(devices=devices)})
    items = plan(discover(SNIPPETS, ["matmul"]), hw, ["torch", "jax"], PROFILES["full"])
    jax_gpu = [i for i in items if i.framework == "jax"]
    assert jax_gpu and all(i.skip.startswith("RuntimeError: Backend 'cuda' failed") for i in jax_gpu)


def test_jax_is_detected_before_torch_and_torch_plugins_do_not_autoload(monkeypatch):
    order = []
    monkeypatch.delenv("TORCH_DEVICE_BACKEND_AUTOLOAD", raising=False)

    def fake_import(name):
        order.append((name, __import__("os").environ.get("TORCH_DEVICE_BACKEND_AUTOLOAD")))
        raise ImportError(name)

    monkeypatch.setattr(host.importlib, "import_module", fake_import)
    detection.detect(("torch", "jax"))
    assert order == [("jax", None), ("torch", "0")]


def test_the_gpu_pci_bus_id_is_what_nvml_knows_it_by():
    devices, _ = detection.detect_torch(fake_torch(gpus=1))
    assert devices[1].pci_bus_id == "00000000:3B:00.0"
    assert devices[1].describe()["pci_bus_id"] == "00000000:3B:00.0"


def test_nvidia_gpus_through_torch():
    devices, _ = detection.detect_torch(fake_torch(gpus=8))
    gpu = devices[1]
    assert (gpu.platform, gpu.name, gpu.count, gpu.memory_bytes, gpu.vendor, gpu.handle) == \
        ("gpu", "NVIDIA H200", 8, 150_000_000_000, "nvidia", "cuda:0")


def test_amd_gpu_through_torch_rocm():
    devices, _ = detection.detect_torch(fake_torch(gpus=1, name="AMD Instinct MI300X", hip="6.2"))
    assert (devices[1].name, devices[1].vendor) == ("AMD Instinct MI300X", "amd")


def test_tpus_through_jax():
    tpus = [FakeJaxDevice("tpu", "TPU v5 lite", 16 * 2**30) for _ in range(4)]
    devices, unavailable = detection.detect_jax(fake_jax(cpu=[FakeJaxDevice("cpu", "cpu")], tpu=tpus))
    assert unavailable == []
    tpu = next(d for d in devices if d.platform == "tpu")
    assert (tpu.name, tpu.count, tpu.memory_bytes, tpu.vendor) == ("TPU v5 lite", 4, 16 * 2**30, "google")
    # the CPU gets the same name in both frameworks, so results line up
    assert next(d for d in devices if d.platform == "cpu").name == host.cpu_model()


def test_gpus_through_jax():
    devices, _ = detection.detect_jax(fake_jax(cpu=[FakeJaxDevice("cpu", "cpu")],
                                              gpu=[FakeJaxDevice("gpu", "NVIDIA H200", 10)] * 2))
    gpu = next(d for d in devices if d.platform == "gpu")
    assert (gpu.name, gpu.count, gpu.memory_bytes) == ("NVIDIA H200", 2, 10)


def test_missing_framework_is_unavailable_not_a_crash(monkeypatch):
    def broken_import(name):
        raise ImportError(f"No module named '{name}'")

    monkeypatch.setattr(host.importlib, "import_module", broken_import)
    hw = detection.detect(("torch", "jax"))
    assert hw.devices == []
    assert {(u.framework, u.platform) for u in hw.unavailable} == {("torch", None), ("jax", None)}
    assert all("not installed" in u.reason for u in hw.unavailable)


def test_torch_on_a_tpu_machine_is_skipped_with_the_reason():
    tpus = [FakeJaxDevice("tpu", "TPU v6 lite")]
    hw = detection.detect(("torch", "jax"), modules={"torch": fake_torch(gpus=0),
                                                      "jax": fake_jax(cpu=[FakeJaxDevice("cpu", "cpu")], tpu=tpus)})
    reason = next(u.reason for u in hw.unavailable if (u.framework, u.platform) == ("torch", "tpu"))
    assert "torch_xla" in reason
    items = plan(discover(SNIPPETS, ["matmul"]), hw, ["torch", "jax"], PROFILES["full"])
    torch_items = [i for i in items if i.framework == "torch"]
    assert torch_items and all(i.skip == reason and i.device.name == "TPU v6 lite" for i in torch_items)
    # JAX measures the TPU, not the CPU, and float16/tf32 are skipped with reasons
    jax_items = [i for i in items if i.framework == "jax"]
    assert {i.device.platform for i in jax_items} == {"tpu"}
    assert {i.params["dtype"] for i in jax_items if i.skip} == {"tfloat32", "float16"}


def test_gpu_machine_measures_the_gpu_not_the_cpu():
    hw = detection.detect(("torch",), modules={"torch": fake_torch(gpus=1)})
    items = plan(discover(SNIPPETS, ["matmul"]), hw, ["torch"], PROFILES["full"])
    assert {i.device.platform for i in items} == {"gpu"}
    assert not any(i.skip for i in items)  # tf32 runs on a GPU
    cpu_items = plan(discover(SNIPPETS, ["matmul"]), hw, ["torch"], PROFILES["quick"], platforms=["cpu"])
    assert {i.device.platform for i in cpu_items} == {"cpu"}


def fake_torch_xla(hw="TPU", kind="TPU v5 lite", count=4, memory=16 * 2**30):
    def memory_info(device):
        if memory is None:
            raise RuntimeError("UNIMPLEMENTED: GetAllocatorStats is not supported")
        return {"bytes_limit": memory, "bytes_used": 0}

    xla_model = SimpleNamespace(xla_device_hw=lambda d: hw, xla_device_kind=lambda d: kind, get_memory_info=memory_info)
    return SimpleNamespace(device=lambda: "xla:0", core=SimpleNamespace(xla_model=xla_model),
                           runtime=SimpleNamespace(addressable_device_count=lambda: count))


def untouchable():
    """A torch_xla that must not be opened: detection touching it fails the test."""
    def refuse(*args):
        raise AssertionError("torch_xla was opened while JAX held the TPU")
    return SimpleNamespace(device=refuse)


def test_pytorch_on_a_tpu_machine_is_the_xla_device_under_the_name_jax_gives_it():
    hw = detection.detect(("torch",), modules={"torch": fake_torch(cuda_build=False), "torch_xla": fake_torch_xla()},
                         tpu_chips=4)
    tpu = next(d for d in hw.devices if d.platform == "tpu")
    assert (tpu.framework, tpu.name, tpu.count, tpu.memory_bytes, tpu.vendor, tpu.handle) == \
        ("torch", "TPU v5 lite", 4, 16 * 2**30, "google", "xla:0")
    assert hw.unavailable == []
    items = plan(discover(SNIPPETS, ["matmul"]), hw, ["torch"], PROFILES["full"])
    assert {i.device.platform for i in items} == {"tpu"}  # the TPU, not the host CPU
    assert {i.params["dtype"] for i in items if i.skip} == {"tfloat32", "float16"}


def test_jax_holding_the_tpu_leaves_pytorch_unavailable_with_how_to_run_it():
    tpus = [FakeJaxDevice("tpu", "TPU v6 lite")]
    hw = detection.detect(("torch", "jax"), tpu_chips=1, modules={
        "torch": fake_torch(cuda_build=False), "torch_xla": untouchable(),
        "jax": fake_jax(cpu=[FakeJaxDevice("cpu", "cpu")], tpu=tpus)})
    (torch_tpu,) = [u for u in hw.unavailable if u.framework == "torch"]
    assert torch_tpu.platform == "tpu" and "JAX holds the TPU" in torch_tpu.reason and "make xla-env" in torch_tpu.reason
    items = plan(discover(SNIPPETS, ["matmul"]), hw, ["torch", "jax"], PROFILES["full"])
    torch_items = [i for i in items if i.framework == "torch"]
    # recorded as unavailable: a gap of this run, never evidence about PyTorch or the chip
    assert torch_items and {i.skip_category for i in torch_items} == {"unavailable"}


def test_a_tpu_machine_without_torch_xla_says_how_to_install_it(monkeypatch):
    monkeypatch.setattr(detection.xla, "installed", lambda: False)
    devices, unavailable = detection.detect_torch(fake_torch(cuda_build=False), tpu_chips=1)
    assert [d.platform for d in devices] == ["cpu"]
    assert [(u.platform, u.reason.split(":")[0]) for u in unavailable] == \
        [("tpu", "PyTorch on a TPU needs torch_xla, which is not installed here")]


def test_torch_xla_is_used_off_a_tpu_only_when_asked_and_never_under_the_native_name(monkeypatch):
    cpu_xla = fake_torch_xla(hw="CPU", kind="cpu", count=1, memory=None)
    devices, _ = detection.detect_torch(fake_torch(cuda_build=False), untouchable(), tpu_chips=0)
    assert [(d.platform, d.handle) for d in devices] == [("cpu", "cpu")]
    monkeypatch.setenv("ACCELBENCH_TORCH_XLA", "1")
    devices, _ = detection.detect_torch(fake_torch(cuda_build=False), cpu_xla, tpu_chips=0)
    assert [(d.platform, d.name, d.handle, d.memory_bytes) for d in devices] == \
        [("cpu", f"{host.cpu_model()} (PyTorch/XLA)", "xla:0", None)]
    # torch_xla on a GPU is not what is measured there: PyTorch's own CUDA path is
    devices, unavailable = detection.detect_torch(fake_torch(cuda_build=False), fake_torch_xla(hw="CUDA", kind="H200"),
                                                 tpu_chips=0)
    assert [(d.platform, d.handle) for d in devices] == [("cpu", "cpu")]
    assert [(u.platform, "natively" in u.reason) for u in unavailable] == [("gpu", True)]
    monkeypatch.setenv("ACCELBENCH_TORCH_XLA", "0")  # a TPU machine where PyTorch keeps to the host
    devices, _ = detection.detect_torch(fake_torch(cuda_build=False), untouchable(), tpu_chips=4)
    assert [d.platform for d in devices] == ["cpu"]


def test_tpu_chips_are_counted_on_the_pci_bus_by_vendor_and_device(tmp_path):
    for slot, vendor, device in [("0000:00:04.0", "0x1ae0", "0x0063"), ("0000:00:05.0", "0x1ae0", "0x0063"),
                                 ("0000:00:06.0", "0x1ae0", "0x0042"),  # Google's gVNIC network card
                                 ("0000:00:07.0", "0x10de", "0x2335")]:  # an NVIDIA GPU
        (tmp_path / slot).mkdir()
        (tmp_path / slot / "vendor").write_text(vendor + "\n")
        (tmp_path / slot / "device").write_text(device + "\n")
    assert count_tpu_chips(str(tmp_path)) == 2
    assert count_tpu_chips(str(tmp_path / "absent")) == 0


def jax_without_gpu():
    return fake_jax(cpu=[FakeJaxDevice("cpu", "cpu")])  # JAX's CUDA plugin fell back to the CPU


def with_driver(monkeypatch, driver, plugin="jax-cuda13-plugin"):
    """This machine's NVIDIA driver and installed JAX CUDA plugin, as detection reads them."""
    reads = []
    monkeypatch.setattr(host, "nvidia_driver", lambda: reads.append(driver) or driver)
    monkeypatch.setattr(host, "package_version", lambda name: "0.11.2" if name == plugin else None)
    return reads


def test_jax_on_a_driver_older_than_its_cuda_plugin_needs_says_so(monkeypatch):
    with_driver(monkeypatch, "570.133.20")
    hw = detection.detect(("torch", "jax"), modules={"torch": fake_torch(gpus=1), "jax": jax_without_gpu()})
    (jax_gpu,) = [u for u in hw.unavailable if u.framework == "jax"]
    assert jax_gpu.platform == "gpu" and "driver 570.133.20; jax[cuda13] needs 580 or newer" in jax_gpu.reason
    assert "install jax[cuda12] instead" in jax_gpu.reason  # 570 is new enough for CUDA 12's plugin
    items = plan(discover(SNIPPETS, ["matmul"]), hw, ["torch", "jax"], PROFILES["full"])
    assert {i.skip for i in items if i.framework == "jax"} == {jax_gpu.reason}


def test_a_new_enough_driver_gives_no_driver_reason(monkeypatch):
    with_driver(monkeypatch, "580.159.03")
    hw = detection.detect(("torch", "jax"), modules={"torch": fake_torch(gpus=1), "jax": jax_without_gpu()})
    (jax_gpu,) = [u for u in hw.unavailable if u.framework == "jax"]
    assert jax_gpu.reason == "jax sees no gpu device" and "driver" not in jax_gpu.reason


def test_the_driver_note_keeps_jaxs_own_error_and_names_the_cuda12_minimum(monkeypatch):
    def devices(backend=None):
        if backend == "gpu":
            raise RuntimeError("Backend 'cuda' failed to initialize: CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE")
        if backend == "cpu":
            return [FakeJaxDevice("cpu", "cpu")]
        raise RuntimeError(f"Unknown backend {backend}")

    with_driver(monkeypatch, "520.61.05", plugin="jax-cuda12-plugin")
    hw = detection.detect(("jax",), modules={"jax": SimpleNamespace(devices=devices)})
    (jax_gpu,) = hw.unavailable
    assert "driver 520.61.05; jax[cuda12] needs 525 or newer" in jax_gpu.reason and "instead" not in jax_gpu.reason
    assert jax_gpu.reason.endswith("(RuntimeError: Backend 'cuda' failed to initialize: "
                                   "CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE)")


def test_the_driver_is_not_read_where_jax_sees_the_gpu_or_has_no_cuda_plugin(monkeypatch):
    reads = with_driver(monkeypatch, "570.133.20")
    hw = detection.detect(("jax",), modules={"jax": fake_jax(cpu=[FakeJaxDevice("cpu", "cpu")],
                                                            gpu=[FakeJaxDevice("gpu", "NVIDIA H200")])})
    assert hw.unavailable == [] and reads == []
    reads = with_driver(monkeypatch, "570.133.20", plugin=None)
    hw = detection.detect(("torch", "jax"), modules={"torch": fake_torch(gpus=1), "jax": jax_without_gpu()})
    assert reads == [] and [u.reason for u in hw.unavailable] == ["jax sees no gpu device"]
    assert detection.jax_driver_reason(None, "jax-cuda13-plugin") is None  # no NVIDIA driver: nothing to say
