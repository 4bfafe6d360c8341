"""The fragments a page can include, as a package: ``core`` (the context, links, errors, how a
fragment type is declared and the helpers they share), and one module per family of fragment
types, each importing only the core: ``measured``, ``answers``, ``costs``, ``statements`` and ``history`` here, and each
published source's own (sources/<name>/fragments.py). The registry (accelbench/registry.py) lists
every module whose types the build knows: this package never imports a source.

A page includes a fragment with one line, ``--8<-- "generated/FOLDER/TYPE[.ARG...].md"``, where
FOLDER is the page's own folder under docs/ (links inside a fragment are relative to it).

Modules: ``answers``, ``core``, ``costs``, ``history``, ``measured``, ``statements``.
May import: ``core`` to ``judge``, and ``publish.render``.
"""

from accelbench.publish.fragments.core import Context, FragmentError, FragmentType, Links, render

__all__ = ["Context", "FragmentError", "FragmentType", "Links", "render"]
