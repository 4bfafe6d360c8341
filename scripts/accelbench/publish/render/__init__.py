"""Markdown/HTML tables and SVG charts from the store. Knows nothing of MkDocs or runners.

Every string that comes from a run file passes through :func:`accelbench.core.text.esc`.
"""
