"""The hardware table: every name Epoch AI's "Training hardware" column writes, declared once with
its platform (gpu, tpu, other) and, where this project's reference data holds that chip, its id in
build_data/reference/accelerators.csv. The platform is read from this table, never derived from the
name's words; a name the table lacks refuses its row at import, naming file, line and field, until
it is added here.

A name maps to a chip id where it is that chip, or names it without its variant while the reference
holds a single entry of it ("NVIDIA A100"); a memory size other than the reference's is the same
chip and compute (the 40 GB A100), a PCIe card is not (other clocks and power). Chips the reference
lacks (TPU v1 to v3, V100, consumer cards, Ascend, Trainium, Cerebras) keep Epoch's name and their
platform. "other": accelerators that are neither a GPU nor a TPU (Huawei's Ascend NPUs, Amazon's
Trainium, Cerebras' wafer-scale engine).
"""

from __future__ import annotations

from typing import NamedTuple

PLATFORMS = ("gpu", "tpu", "other")


class Hardware(NamedTuple):
    name: str  # as Epoch AI writes it
    platform: str  # gpu, tpu or other
    chip: str | None = None  # the id in build_data/reference/accelerators.csv, where the reference holds it
    note: str = ""  # why a name maps to a chip whose entry differs in a detail


A100 = "A100 SXM 80GB"
UNSTATED = "variant not stated by Epoch AI; the reference holds one entry of this chip"

HARDWARE: tuple[Hardware, ...] = (
    # Google's TPUs
    Hardware("Google TPU v1", "tpu"),
    Hardware("Google TPU v2", "tpu"),
    Hardware("Google TPU v3", "tpu"),
    Hardware("Google TPU v4", "tpu", "TPU v4"),
    Hardware("Google TPU v5e", "tpu", "TPU v5e"),
    Hardware("Google TPU v5p", "tpu", "TPU v5p"),
    Hardware("Google TPU v6e Trillium", "tpu", "TPU v6e (Trillium)"),
    Hardware("Google TPU v7 Ironwood", "tpu", "TPU7x (Ironwood)"),
    # NVIDIA's data-centre GPUs
    Hardware("NVIDIA A100", "gpu", A100, UNSTATED),
    Hardware("NVIDIA A100 SXM4 80 GB", "gpu", A100),
    Hardware("NVIDIA A100 SXM4 40 GB", "gpu", A100, "the 40 GB A100 SXM4: the same chip and peak compute as the "
             "reference's 80 GB entry, half its memory"),
    Hardware("NVIDIA A100 PCIe", "gpu"),
    Hardware("NVIDIA A800 PCIe 40 GB", "gpu"),
    Hardware("NVIDIA A800 PCIe 80 GB", "gpu"),
    Hardware("NVIDIA A800 SXM", "gpu"),
    Hardware("NVIDIA A10 PCIe", "gpu"),
    Hardware("NVIDIA H100 SXM5 80GB", "gpu", "H100 SXM"),
    Hardware("Nvidia H100 80G", "gpu", "H100 SXM", UNSTATED),
    Hardware("NVIDIA H100 PCIe", "gpu"),
    Hardware("NVIDIA H800 SXM5", "gpu"),
    Hardware("NVIDIA H200", "gpu", "H200 SXM", UNSTATED),
    Hardware("NVIDIA H200 SXM", "gpu", "H200 SXM"),
    Hardware("NVIDIA B200 GPUs", "gpu", "B200 (HGX 1000 W)", UNSTATED),
    Hardware("NVIDIA B300 (Blackwell Ultra)", "gpu"),
    Hardware("NVIDIA GB200", "gpu", "GB200 (one Blackwell GPU)"),
    Hardware("NVIDIA GB300 (Blackwell Ultra)", "gpu", "GB300 (one Blackwell Ultra GPU)"),
    Hardware("NVIDIA V100", "gpu"),
    Hardware("NVIDIA Tesla V100 DGXS 16 GB", "gpu"),
    Hardware("NVIDIA Tesla V100 DGXS 32 GB", "gpu"),
    Hardware("NVIDIA Tesla V100 PCIe 32 GB", "gpu"),
    Hardware("NVIDIA Tesla V100 SXM3 32 GB", "gpu"),
    Hardware("NVIDIA Tesla V100S PCIe 32 GB", "gpu"),
    Hardware("NVIDIA P100", "gpu"),
    Hardware("NVIDIA P100 PCIe 16GB", "gpu"),
    Hardware("NVIDIA M40", "gpu"),
    Hardware("NVIDIA Tesla K80", "gpu"),
    Hardware("NVIDIA Tesla K40c", "gpu"),
    Hardware("NVIDIA Tesla K40m", "gpu"),
    Hardware("NVIDIA Tesla K40s", "gpu"),
    Hardware("NVIDIA Tesla K40t", "gpu"),
    Hardware("NVIDIA Tesla K20X", "gpu"),
    Hardware("NVIDIA Tesla K20m", "gpu"),
    Hardware("NVIDIA Tesla C2075", "gpu"),
    Hardware("NVIDIA Tesla S1070", "gpu"),
    # NVIDIA's workstation and consumer GPUs
    Hardware("NVIDIA RTX A6000", "gpu"),
    Hardware("NVIDIA Quadro GP100", "gpu"),
    Hardware("NVIDIA Quadro K6000", "gpu"),
    Hardware("NVIDIA Quadro P600", "gpu"),
    Hardware("NVIDIA Quadro RTX 4000", "gpu"),
    Hardware("NVIDIA Quadro RTX 5000", "gpu"),
    Hardware("NVIDIA Quadro RTX 6000", "gpu"),
    Hardware("NVIDIA Quadro RTX 8000", "gpu"),
    Hardware("NVIDIA TITAN RTX", "gpu"),
    Hardware("NVIDIA TITAN Xp", "gpu"),
    Hardware("NVIDIA GeForce GTX TITAN", "gpu"),
    Hardware("NVIDIA GeForce GTX TITAN X", "gpu"),
    Hardware("NVIDIA GeForce GTX Titan Black", "gpu"),
    Hardware("NVIDIA GeForce GTX 285", "gpu"),
    Hardware("NVIDIA GeForce GTX 480", "gpu"),
    Hardware("NVIDIA GeForce GTX 580", "gpu"),
    Hardware("NVIDIA GeForce GTX 590", "gpu"),
    Hardware("NVIDIA GeForce GTX 780", "gpu"),
    Hardware("NVIDIA GeForce GTX 980", "gpu"),
    Hardware("NVIDIA GeForce GTX 1080 Ti", "gpu"),
    Hardware("NVIDIA GeForce RTX 2080 Ti 11GB", "gpu"),
    Hardware("NVIDIA GeForce RTX 3090", "gpu"),
    Hardware("NVIDIA GeForce RTX 4090", "gpu"),
    # AMD's GPUs
    Hardware("AMD Radeon Instinct MI250X", "gpu"),
    # neither a GPU nor a TPU
    Hardware("Amazon Trainium1", "other"),
    Hardware("Cerebras CS-2", "other"),
    Hardware("Huawei Ascend 910", "other"),
    Hardware("Huawei Ascend 910B", "other"),
    Hardware("Huawei Ascend 910C", "other"),
)
BY_NAME: dict[str, Hardware] = {h.name: h for h in HARDWARE}


def problems() -> list[str]:
    """What is wrong with the table itself: a name declared twice, a platform not in PLATFORMS."""
    seen, out = set(), []
    for h in HARDWARE:
        if h.name in seen:
            out.append(f"hardware.py: {h.name!r} is declared twice")
        if h.platform not in PLATFORMS:
            out.append(f"hardware.py: {h.name!r}: platform {h.platform!r} is not one of {', '.join(PLATFORMS)}")
        seen.add(h.name)
    return out
