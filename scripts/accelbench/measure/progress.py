"""What a run shows while it works: which measurement, elapsed and estimated remaining."""

from __future__ import annotations

import time
from typing import TextIO

from accelbench.measure.plan import Planned


class Progress:
    """On a terminal a bar line below the finished ones shows what is running; elsewhere (CI
    logs, a lent machine's log) one plain line per measurement. The estimate of what is left
    comes from the plan's budgets, not from an average of unlike measurements."""

    def __init__(self, items: list[Planned], stream: TextIO):
        self.items, self.stream, self.start = items, stream, time.monotonic()
        self.total = len(items)
        self.tty = hasattr(stream, "isatty") and stream.isatty()

    def _times(self, done: int) -> str:
        elapsed = time.monotonic() - self.start
        remaining = sum(i.budget_s for i in self.items[done:])
        return f"elapsed {elapsed:.0f}s, ~{remaining:.0f}s left"

    def begin(self, index: int, item: Planned) -> None:
        if self.tty:
            width, done = 24, index - 1
            bar = "#" * (width * done // self.total) + "." * (width - width * done // self.total)
            self.stream.write(f"\r\033[K[{bar}] {done}/{self.total} running {item.describe()} ({self._times(done)})")
            self.stream.flush()

    def line(self, index: int, item: Planned, record: dict) -> None:
        prefix = "\r\033[K" if self.tty else ""
        print(f"{prefix}[{index}/{self.total}] {item.describe()}: {outcome(record, item.snippet.chart['y'])}  "
              f"({self._times(index)})", file=self.stream, flush=True)


def outcome(record: dict, headline: str) -> str:
    """'ok' with the snippet's chart metric, or the status and reason."""
    if record["status"] != "ok":
        return f"{record['status']}: {record['reason']}"
    value = record["metrics"].get(headline)
    return f"ok {value:.3g} {headline}" if value is not None else f"ok {record['stats']['median_s'] * 1e3:.3g} ms"
