"""Every published source, each a folder owning its file format, importer, rules, tables and
fragment types (a vertical slice, as Material's plugins are), and what the slices share. Each slice's
``SOURCE`` declares it and names its modules by stage; importing this package registers ``LISTED`` in
store.published, from which accelbench/registry.py takes each slice's rules and fragment types and
publish/wording/lines.py its templates. Only the top of the engine (the command line, the pre-build
step, the registry) and the tests import it: the stages below never know a source.

Modules: ``git`` (where a source is read from, ``git blame``), ``markdown`` (tables in Markdown
documents), ``rounds`` (sources published in rounds: MLPerf's results URL, entry label, rounds with
both platforms), ``upstream`` (each pin against upstream's newest commit), ``refresh`` (a source
imported again at it), and the slices ``mlperf_training``, ``mlperf_inference``, ``papers``,
``vendor_training``, ``epoch_models``.
May import: every stage below (``core`` to ``publish``); never the top.

Adding a source is adding its folder, its line in ``LISTED``, and its kind to the ``judged_by`` of each
claim in judge/claims.py that it judges (a rule for a claim that does not list its kind is refused; a
listed kind without a rule stops the build).
"""

from __future__ import annotations

from accelbench.sources import epoch_models, mlperf_inference, mlperf_training, papers, vendor_training
from accelbench.store.published import SOURCES, load_published, register  # noqa: F401 (what readers' notebooks import)

# the sources, in the order pages list them: adding a source is its folder and its line here
LISTED = (
    mlperf_training.SOURCE,
    mlperf_inference.SOURCE,
    papers.SOURCE,
    vendor_training.SOURCE,
    epoch_models.SOURCE,
)
for _source in LISTED:
    register(_source)
