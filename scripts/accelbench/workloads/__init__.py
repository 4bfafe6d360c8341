"""Stage 2, what is measured: the contract a snippet implements (``accelbench.snippet``, its
public name) and the discovery and versioning of snippets/.

Modules: ``discovery``, ``snippet``, ``versions``.
May import: ``core``, ``frameworks``. This ``__init__`` imports nothing.
"""
