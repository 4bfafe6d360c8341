"""Every published source, each a folder owning its file format, importer, rules, tables and
fragment types (a vertical slice, as Material's plugins are), and what the slices share. Importing
this package declares each source in the registry of store.published; accelbench/registry.py lists
each slice's rules and fragment types. Only the top of the engine (the command line, the pre-build
step, the registry) and the tests import it: the stages below never know a source.

Modules: ``git`` (where a source is read from, ``git blame``), ``markdown`` (tables in Markdown
documents), ``rounds`` (sources published in rounds: MLPerf's results URL, entry label, rounds with
both platforms), ``upstream`` (each pin against upstream's newest commit), ``refresh`` (a source
imported again at it), and the slices ``mlperf_training``, ``mlperf_inference``, ``papers``,
``vendor_training``, ``epoch_models``.
May import: every stage below (``core`` to ``publish``); never the top.

Adding a source is adding its folder, one line here, its rules and fragments modules to
accelbench/registry.py, and its kind to the ``judged_by`` of each claim in judge/claims.py that it
judges (a rule for a claim that does not list its kind is refused; a listed kind without a rule
stops the build).
"""

from __future__ import annotations

# isort: off
# each registers its SOURCE on import, and pages list the sources in this order
from accelbench.sources import mlperf_training  # noqa: F401
from accelbench.sources import mlperf_inference  # noqa: F401
from accelbench.sources import papers  # noqa: F401
from accelbench.sources import vendor_training  # noqa: F401
from accelbench.sources import epoch_models  # noqa: F401
# isort: on
from accelbench.store.published import SOURCES, load_published  # noqa: F401 (what readers' notebooks import: every source, registered)

