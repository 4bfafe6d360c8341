"""accelbench: benchmark snippets -> run files -> measured tables and charts in MkDocs pages.

The engine is its pipeline, one subpackage a stage, lowest first:

- ``core``: the run-file format and schema, metrics, profiles, reference data, and the text and
  column helpers every stage shares;
- ``frameworks``: the host, the hardware, detection, and the torch_xla and TensorFlow drivers;
- ``workloads``: the snippet contract (``accelbench.snippet``) and discovery;
- ``measure``: runner, timing, stopping, energy, plan, progress, provenance, budgets;
- ``store``: run files and published files read back, validated, queried, summarised;
- ``judge``: claims, rules, intervals, verdicts, answers, and ``judge()``, the one step that
  returns the judgement (a frozen value, published as judgement.json);
- ``publish``: tables, charts, fragments, downloads, notebooks;
- ``sources``: each published source, a vertical slice (format, importer, rules, tables,
  fragments) that declares itself to ``store``'s registry of sources;
- at the top: the command line (``cli``), the pre-build step (``prebuild``: judge once, then
  publish), the registry of rules, fragment types and line values (``registry``, one place), the
  writer of judgement.schema.json's generated definitions (``schema``), the MkDocs plugin and ``cloud``.

A module imports only from its own stage or a lower one (tests/test_imports.py checks it, lazy
imports included), so data flows one way: snippet -> runner -> build_data/ -> store -> judge ->
publish -> the pages. No stage's ``__init__`` imports anything (the device script runs the
measuring stages where only the frameworks and numpy are installed); two packages import on purpose,
so that importing them registers what they hold: ``publish.fragments`` (its families of fragment
types) and ``sources`` (each published source). Each package's docstring lists its modules and what
it may import (tests/test_docstrings.py checks the lists).
"""

__version__ = "0.1.0"
