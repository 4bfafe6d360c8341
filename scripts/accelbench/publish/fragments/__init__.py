"""The fragments a page can include, as a package: ``core`` (the context, links, errors, the
registry of kinds and the helpers kinds share), and one module per family of kinds, each
importing only the core: ``measured`` and ``answers`` here, registered on import, and each
published source's own (sources/<name>/fragments.py), which the top of the engine registers
(accelbench.sources.register_all): this package never imports a source.

A page includes a fragment with one line, ``--8<-- "generated/FOLDER/KIND[.ARG...].md"``, where
FOLDER is the page's own folder under docs/ (links inside a fragment are relative to it).
"""

from accelbench.publish.fragments import measured, answers, costs  # noqa: F401,I001 (each registers its kinds, in this order)
from accelbench.publish.fragments.core import KINDS, Context, FragmentError, Links, render

__all__ = ["KINDS", "Context", "FragmentError", "Links", "render"]
