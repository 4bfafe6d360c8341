"""Stage 5, judging: the article's claims and the kinds of evidence, how a rule is declared and
the margin (``judging``), the typed facts rules find (``facts``, made of ``fact_records``; their
schema, and each line key's values', ``fact_schema``), intervals, generations, answers, and ``judgement``: the one step of the
build that applies every rule it is given and answers every claim, returning a frozen value the
publishing stage reads (the registry of rules is built at the top, accelbench/registry.py).

Modules: ``answers``, ``buyer``, ``cell_readers``, ``changes``, ``claims``, ``codes``, ``fact_records``,
``fact_schema``, ``facts``, ``generations``, ``intervals``, ``judgement``, ``judging``, ``measured_rules``,
``per_dollar``, ``readings``, ``recommendation``, ``reference_rules``, ``sentences``, ``statement_readers``.
May import: ``core`` to ``store``; never ``publish``, ``sources`` or the top. This ``__init__``
imports nothing.
"""
