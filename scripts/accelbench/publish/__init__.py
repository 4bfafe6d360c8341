"""Stage 6, publishing: tables and charts (``render``), the registry of fragment kinds
(``fragments``, into which each published source registers its own), downloads and notebooks."""
