"""Stage 4, what is stored: run files read back and validated, queries over them, their summary,
and the registry of published sources with their files loaded (``published``).

Modules: ``pins``, ``published``, ``queries``, ``store``, ``summary``, ``validation``.
May import: ``core`` to ``measure``. This ``__init__`` imports nothing.
"""
