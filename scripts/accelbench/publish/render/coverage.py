"""Which kinds of device the stored runs measured, from the data: never a typed claim."""

from __future__ import annotations

import pandas as pd

from accelbench.core.text import esc_md
from accelbench.publish.render.tables import admonition
from accelbench.publish.wording import pages as words
from accelbench.publish.wording.pages import PLATFORM_NAMES


def coverage_note(records: pd.DataFrame, contribute_src: str) -> str:
    """What kinds of device the stored runs measured, from the data: never a typed claim."""
    ok = records[records["status"] == "ok"] if not records.empty else records
    measured = {pl: sorted(map(str, ok[ok["platform"] == pl]["device"].unique())) for pl in PLATFORM_NAMES} \
        if not ok.empty else {pl: [] for pl in PLATFORM_NAMES}
    none = words.PLATFORM_NOT_MEASURED.format(not_measured=words.NOT_MEASURED_YET, shown=f"*{words.NOT_MEASURED_YET}*")
    lines = [f"- **{PLATFORM_NAMES[pl]}**: " + (", ".join(esc_md(d) for d in devices) if devices else none)
             for pl, devices in measured.items()]
    missing = [PLATFORM_NAMES[pl] for pl, devices in measured.items() if not devices and pl != "cpu"]
    note_type = "warning" if missing else "success"
    title = words.not_measured_on(missing) if missing else words.EVERY_PLATFORM
    body = [words.COVERAGE_HEAD, "", *lines, "",
            words.COVERAGE_FOOT.format(contribute=f"[{words.CONTRIBUTE_LINK}]({contribute_src})")]
    return admonition(note_type, title, body)


def coverage_line(records: pd.DataFrame, reproduce_src: str) -> str:
    """One line: which devices the stored runs measured, and how to add a GPU or a TPU."""
    ok = records[records["status"] == "ok"] if not records.empty else records
    parts = []
    for pl, name in PLATFORM_NAMES.items():
        devices = sorted(map(str, ok[ok["platform"] == pl]["device"].unique())) if not ok.empty else []
        parts.append(words.measured_on(name, [esc_md(d) for d in devices]))
    said = words.MEASURED_LINE.format(parts="; ".join(parts), run=f"[{words.RUN_LINK}]({reproduce_src})")
    return f"\n**{words.MEASURED_SO_FAR}** {said}\n"
