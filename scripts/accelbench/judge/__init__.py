"""Stage 5, judging: the article's claims and the kinds of evidence, the registry of rules
(``judging.RULES``, into which the measured rules, the reference data's rules and each published
source register), the margin, intervals, findings and answers.

Modules: ``answers``, ``claims``, ``findings``, ``generations``, ``intervals``, ``judging``, ``measured_rules``,
``reference_rules``.
May import: ``core`` to ``store``; never ``publish``, ``sources`` or the top. This ``__init__``
imports nothing.
"""
