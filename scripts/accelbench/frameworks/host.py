"""The machine a run happens on: its CPU, memory and NVIDIA driver, and which Python packages
are installed and in which versions. Read from the operating system and the package metadata;
nothing here opens an accelerator."""

from __future__ import annotations

import importlib
import importlib.metadata
import os
import platform
import shutil
import socket
import subprocess
import sys


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            for line in fh:
                if line.lower().startswith(("model name", "hardware", "cpu model")):
                    return " ".join(line.split(":", 1)[1].split())
    except OSError:
        pass
    return platform.processor() or platform.machine() or "unknown CPU"


def memory_total_bytes() -> int | None:
    try:
        with open("/proc/meminfo", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("MemTotal:"):
                    return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    return None


def try_import(name: str):
    """(module, None), or (None, why not): a framework that is missing or broken is a reason to
    record, never a crash."""
    try:
        return importlib.import_module(name), None
    except Exception as exc:  # ImportError, or a broken install raising anything else
        return None, f"{name} is not installed or fails to import ({type(exc).__name__}: {exc})"


def package_version(package: str) -> str | None:
    try:
        return importlib.metadata.version(package)
    except importlib.metadata.PackageNotFoundError:
        return None


def host_gpus() -> tuple[str, str, int, int | None] | None:
    """(vendor, name, count, memory bytes) of the GPUs on this machine as its vendor's tool lists
    them, whatever a framework sees: how a framework that sees none can say so instead of measuring
    the CPU, and how one that reports no memory (TensorFlow) learns it."""
    if shutil.which("nvidia-smi"):
        try:
            out = subprocess.run(["nvidia-smi", "--query-gpu=name,memory.total", "--format=csv,noheader,nounits"],
                                 capture_output=True, text=True, timeout=20)
            rows = [line.rsplit(",", 1) for line in out.stdout.splitlines() if "," in line] if out.returncode == 0 else []
            if rows:
                mib = rows[0][1].strip()
                return "nvidia", rows[0][0].strip(), len(rows), int(mib) * 2**20 if mib.isdigit() else None
        except (OSError, subprocess.SubprocessError):
            pass
    if shutil.which("rocm-smi"):
        return "amd", "AMD GPU", 1, None
    return None


def nvidia_driver() -> str | None:
    try:
        import pynvml  # nvidia-ml-py

        pynvml.nvmlInit()
        try:
            version = pynvml.nvmlSystemGetDriverVersion()
            return version.decode() if isinstance(version, bytes) else str(version)
        finally:
            pynvml.nvmlShutdown()
    except Exception:
        pass
    if shutil.which("nvidia-smi"):
        try:
            out = subprocess.run(["nvidia-smi", "--query-gpu=driver_version", "--format=csv,noheader"],
                                 capture_output=True, text=True, timeout=20)
            line = out.stdout.strip().splitlines()
            return line[0].strip() if out.returncode == 0 and line else None
        except (OSError, subprocess.SubprocessError):
            return None
    return None


def software_versions(frameworks: list[str] | tuple[str, ...] = ("torch", "jax")) -> dict[str, str | None]:
    """Versions of what the numbers depend on; None where absent. Reads already-imported modules."""
    versions: dict[str, str | None] = {"python": platform.python_version(), "numpy": package_version("numpy")}
    if "torch" in frameworks:
        torch, _ = try_import("torch")
        versions["torch"] = getattr(torch, "__version__", None) if torch else None
        versions["cuda"] = getattr(getattr(torch, "version", None), "cuda", None) if torch else None
        versions["rocm"] = getattr(getattr(torch, "version", None), "hip", None) if torch else None
        try:
            versions["cudnn"] = str(torch.backends.cudnn.version()) if torch and torch.cuda.is_available() else None
        except Exception:
            versions["cudnn"] = None
        versions["torch_xla"] = package_version("torch-xla") if torch and "torch_xla" in sys.modules else None
    if "jax" in frameworks:
        versions["jax"] = package_version("jax")
        versions["jaxlib"] = package_version("jaxlib")
        versions["jax_cuda_plugin"] = package_version("jax-cuda13-plugin") or package_version("jax-cuda12-plugin")
    if "tensorflow" in frameworks:
        # tensorflow-cpu, tensorflow (with [and-cuda]) and tensorflow-tpu are one import, three packages
        versions["tensorflow"] = next(filter(None, map(package_version, ("tensorflow", "tensorflow-cpu",
                                                                         "tensorflow-tpu"))), None)
        tf, _ = try_import("tensorflow") if versions["tensorflow"] else (None, None)
        build = tf.sysconfig.get_build_info() if tf else {}  # the CUDA and cuDNN it was built for
        versions.setdefault("cuda", build.get("cuda_version"))
        versions.setdefault("cudnn", build.get("cudnn_version"))
    versions["libtpu"] = package_version("libtpu") or package_version("libtpu-nightly")
    versions["driver"] = nvidia_driver()
    return versions


def environment(frameworks: list[str] | tuple[str, ...] = ("torch", "jax")) -> dict:
    """The machine a run happened on. The host label can be set (ACCELBENCH_HOST_LABEL) so a
    contributor need not publish their hostname."""
    return {
        "host": os.environ.get("ACCELBENCH_HOST_LABEL") or socket.gethostname(),
        "os": f"{platform.system()} {platform.release()}",
        "machine": platform.machine(),
        "cpu_model": cpu_model(),
        "cpu_cores": os.cpu_count() or 1,
        "memory_bytes": memory_total_bytes(),
        "python": platform.python_version(),
        "versions": software_versions(frameworks),
    }
