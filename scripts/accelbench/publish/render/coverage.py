"""Which kinds of device the stored runs measured, from the data: never a typed claim."""

from __future__ import annotations

import pandas as pd

from accelbench.core.text import esc_md
from accelbench.publish.render.tables import admonition

PLATFORM_NAMES = {"cpu": "CPU", "gpu": "GPU", "tpu": "TPU"}


def coverage_note(records: pd.DataFrame, contribute_src: str) -> str:
    """What kinds of device the stored runs measured, from the data: never a typed claim."""
    ok = records[records["status"] == "ok"] if not records.empty else records
    measured = {pl: sorted(map(str, ok[ok["platform"] == pl]["device"].unique())) for pl in PLATFORM_NAMES} \
        if not ok.empty else {pl: [] for pl in PLATFORM_NAMES}
    lines = [f"- **{PLATFORM_NAMES[pl]}**: " + (", ".join(esc_md(d) for d in devices) if devices
                                                else "not measured yet: every result for it reads *not measured yet*")
             for pl, devices in measured.items()]
    missing = [PLATFORM_NAMES[pl] for pl, devices in measured.items() if not devices and pl != "cpu"]
    note_type = "warning" if missing else "success"
    title = f"Not measured yet: {' and '.join(missing)}" if missing else "Measured on CPUs, GPUs and TPUs"
    body = ["The stored runs measured:", "", *lines, "",
            "Vendor figures appear only as labelled references, never as results. "
            f"[Contribute a run]({contribute_src}) from hardware that is missing."]
    return admonition(note_type, title, body)


def coverage_line(records: pd.DataFrame, reproduce_src: str) -> str:
    """One line: which devices the stored runs measured, and how to add a GPU or a TPU."""
    ok = records[records["status"] == "ok"] if not records.empty else records
    parts = []
    for pl, name in PLATFORM_NAMES.items():
        devices = sorted(map(str, ok[ok["platform"] == pl]["device"].unique())) if not ok.empty else []
        parts.append(f"{name}s ({', '.join(esc_md(d) for d in devices)})" if devices else f"no {name} yet")
    return (f"\n**Measured here so far:** {'; '.join(parts)}. "
            f"[Run the benchmarks on a GPU or a TPU]({reproduce_src}) and send the run file to add one.\n")
