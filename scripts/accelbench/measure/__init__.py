"""Stage 3, measuring: the plan, the runner, timing, stopping, energy, progress, provenance and
the budgets a run is checked against. It writes run files; it never reads the site's side.

Modules: ``budgets``, ``energy``, ``measurement``, ``plan``, ``progress``, ``provenance``, ``runner``,
``stopping``, ``targets``, ``timing``.
May import: ``core``, ``frameworks``, ``workloads``. This ``__init__`` imports nothing.
"""
