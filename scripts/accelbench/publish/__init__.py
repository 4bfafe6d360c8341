"""Stage 6, publishing: tables and charts (``render``), the registry of fragment types
(``fragments``, into which each published source registers its own), downloads and notebooks.

Modules: ``downloads``, ``fragments``, ``notebooks``, ``render``, ``vocabulary`` (the words answers
are said in), ``wording`` (how the site speaks).
May import: ``core`` to ``judge``; never a source (``sources`` registers itself here) or the top.
This ``__init__`` imports nothing; ``fragments``' own imports its families so they register.
"""
