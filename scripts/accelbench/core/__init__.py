"""Stage 0, what every stage shares: the run-file format and its schema, the metrics, the
benchmark profiles, the reference data, text escaping and the dataset column type."""
