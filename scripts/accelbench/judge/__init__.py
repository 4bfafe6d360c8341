"""Stage 5, judging: the article's claims, the registry of rules (``judging.RULES``, into which
the measured rules and each published source register), intervals, verdicts, findings, answers."""
