"""The fragments a page can include, as a package: ``core`` (the context, links, errors, the
registry of fragment types and the helpers they share), and one module per family of fragment
types, each importing only the core: ``measured``, ``answers`` and ``costs`` here, registered on
import (below), and each published source's own (sources/<name>/fragments.py), which the top of the
engine registers (accelbench.sources.register_all): this package never imports a source.

A page includes a fragment with one line, ``--8<-- "generated/FOLDER/TYPE[.ARG...].md"``, where
FOLDER is the page's own folder under docs/ (links inside a fragment are relative to it).

Modules: ``answers``, ``core``, ``costs``, ``measured``.
May import: ``core`` to ``judge``, and ``publish.render``.
"""

from accelbench.publish.fragments import measured, answers, costs  # noqa: F401,I001 (each registers its kinds, in this order)
from accelbench.publish.fragments.core import FRAGMENTS, Context, FragmentError, Links, render

__all__ = ["FRAGMENTS", "Context", "FragmentError", "Links", "render"]
