"""Markdown/HTML tables and SVG charts from the store. Knows nothing of MkDocs or runners.

Every string that comes from a run file passes through :func:`accelbench.core.text.esc`.

Modules: ``answer_charts`` (the answers' charts: every comparison, and its timeline), ``answer_labels`` (their
rows, labelled), ``answers``, ``chart_points`` (what the measured charts draw), ``chart_theme`` (the charts'
theme and SVG kit), ``charts`` (the measured charts), ``costs``, ``coverage``,
``icons``, ``per_dollar`` (the per-dollar tables), ``per_dollar_chart`` (the buyer's chart), ``pricing``,
``reference``, ``results``, ``runs``, ``tables``, ``trend_chart`` (a trend by year,
in a prediction's box), ``verdicts``.
May import: ``core`` to ``judge``, and ``publish.wording`` (every sentence an answer says). This ``__init__``
imports nothing.
"""
