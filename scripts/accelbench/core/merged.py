"""One table from several, each key declared once: how the wording gathers its templates and the judge its
sentence readers, a key declared twice stopping the build with a message naming it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TypeVar

V = TypeVar("V")


def merged(*tables: Mapping[str, V], twice: Callable[[str], str]) -> dict[str, V]:
    """The tables' entries in one dict, in their order; a key in two of them raises ValueError(twice(key))."""
    out: dict[str, V] = {}
    for table in tables:
        for key, value in table.items():
            if key in out:
                raise ValueError(twice(key))
            out[key] = value
    return out
