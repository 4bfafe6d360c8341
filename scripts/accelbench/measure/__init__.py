"""Stage 3, measuring: the plan, the runner, timing, stopping, energy, progress, provenance and
the budgets a run is checked against. It writes run files; it never reads the site's side."""
