"""Stage 6, publishing: tables and charts (``render``), the fragment types (``fragments``; the
registry at the top lists them with each published source's own), downloads and notebooks.

Modules: ``downloads``, ``fragments``, ``notebooks``, ``render``, ``wording`` (how the site speaks: every
reader-facing word, its terms in ``wording.terms``).
May import: ``core`` to ``judge``; never a source or the top. This ``__init__`` imports nothing.
"""
