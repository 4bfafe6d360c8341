"""A column of a dataset file: its name, what it means and its unit. Each format declares its
columns once (run records here in publish.downloads, each published source in its format), and the
data dictionary and the downloads read them; declared here, below both, so that a source's format
never imports the publishing side."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Column:
    name: str
    meaning: str
    unit: str = ""  # empty: a name or a text, without a unit
