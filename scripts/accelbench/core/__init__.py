"""Stage 0, what every stage shares: the run-file format and its schema, the metrics, the
benchmark profiles, the reference data (specifications, number formats, prices and their
catalog), text escaping, the dataset column type, and the counts of models by platform that Epoch AI's queries
and the judgement's facts share.

Modules: ``availability``, ``catalog``, ``columns``, ``cores``, ``formats``, ``framework_support``, ``merged``,
``metrics``, ``on_offer``, ``platform_counts``, ``price_files``, ``prices``, ``profiles``, ``reference``, ``round_dates``,
``scale_domains``, ``submitters``, ``runfile``, ``text``.
May import: nothing of the engine above it (the standard library, numpy and jsonschema only).
This ``__init__`` imports nothing: the device script runs the measuring stages where only the
frameworks and numpy are installed.
"""
