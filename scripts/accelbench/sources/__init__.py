"""Every published source, each a folder owning its file format, importer, rules, tables and
fragment kinds (a vertical slice, as Material's plugins are). Importing this package declares each
source in the registry of store.published; :func:`register_all` imports their rules and fragment
kinds, which register themselves in judge.judging.RULES and publish.fragments.core.KINDS. Only
the top of the engine (the command line, the pre-build step) and the tests import it: the stages
below know the registries, never a source.

Adding a source is adding its folder and one line here.
"""

from __future__ import annotations

# isort: off
# each registers its SOURCE on import, and pages list the sources in this order
from accelbench.sources import mlperf_training  # noqa: F401
from accelbench.sources import mlperf_inference  # noqa: F401
from accelbench.sources import papers  # noqa: F401
from accelbench.sources import vendor_training  # noqa: F401
# isort: on
from accelbench.store.published import SOURCES, load_published  # noqa: F401 (what readers' notebooks import: every source, registered)


def register_all() -> None:
    """Import every source's rules and fragment kinds (they need pandas, so not on import: the
    command line reads the registry on machines that only measure)."""
    for source in SOURCES.values():
        source.module("rules")
        source.module("fragments")
