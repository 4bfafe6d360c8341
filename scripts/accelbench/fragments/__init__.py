"""The fragments a page can include, as a package: ``core`` (the context, links, errors, the
registry of kinds and the helpers kinds share), and one module per family of kinds, each
importing only the core. Importing the package registers every kind.

A page includes a fragment with one line, ``--8<-- "generated/FOLDER/KIND[.ARG...].md"``, where
FOLDER is the page's own folder under docs/ (links inside a fragment are relative to it).
"""

from accelbench.fragments import measured, published  # noqa: F401 (each registers its kinds)
from accelbench.fragments.core import KINDS, Context, FragmentError, Links, render

__all__ = ["KINDS", "Context", "FragmentError", "Links", "render"]
