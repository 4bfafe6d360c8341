"""Stage 0, what every stage shares: the run-file format and its schema, the metrics, the
benchmark profiles, the reference data (specifications, number formats, prices and their
catalog), text escaping, the dataset column type, and the records several stages declare their data with
(a documented field, the counts of models by platform).

Modules: ``availability``, ``catalog``, ``columns``, ``cores``, ``formats``, ``framework_support``, ``merged``,
``metrics``, ``on_offer``, ``price_files``, ``prices``, ``profiles``, ``records``, ``reference``, ``round_dates``,
``scale_domains``, ``submitters``, ``runfile``, ``text``.
May import: nothing of the engine above it (the standard library, numpy and jsonschema only).
This ``__init__`` imports nothing: the device script runs the measuring stages where only the
frameworks and numpy are installed.
"""
