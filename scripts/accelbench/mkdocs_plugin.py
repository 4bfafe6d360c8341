"""Under MkDocs only: run the pre-build step (`accelbench render`) before every build, and have
`mkdocs serve` rebuild when run files or snippets change. It renders nothing itself: the pages
include what the render step wrote, as they do under Zensical, which runs no plugin. So `make
build` runs MkDocs alone and the fragments are rendered once, here; `make build-zensical` runs the
render step first.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin

from accelbench.core.runfile import RunFileError
from accelbench.prebuild import render_site
from accelbench.publish.fragments import FragmentError
from accelbench.workloads.snippet import SnippetError

log = logging.getLogger("mkdocs.plugins.accelbench")

# Material 9.8's search dialog has no accessible name (axe's and Lighthouse's aria-dialog-name);
# Zensical's names it with the word of its search box, as this does
SEARCH_DIALOG = '<div class="md-search" data-md-component="search" role="dialog">'
NAMED_SEARCH_DIALOG = '<div class="md-search" data-md-component="search" role="dialog" aria-label="Search">'


class AccelbenchConfig(base.Config):
    data_dir = c.Type(str, default="build_data")
    snippets_dir = c.Type(str, default="snippets")


class AccelbenchPlugin(BasePlugin[AccelbenchConfig]):
    def on_config(self, config):
        self.root = Path(config.config_file_path).parent
        self.data_dir = self.root / self.config.data_dir
        self.snippets_dir = self.root / self.config.snippets_dir
        for label, path in (("data_dir", self.data_dir), ("snippets_dir", self.snippets_dir)):
            if not path.is_dir():
                raise PluginError(f"accelbench: {label} {path} does not exist")
        return config

    def on_pre_build(self, config):
        try:
            folder = render_site(self.root, self.data_dir, self.snippets_dir, strict=config.strict, warn=log.warning,
                                 execute_notebooks=os.environ.get("ACCELBENCH_EXECUTE_NOTEBOOKS", "true").lower() != "false")
        except RunFileError as exc:
            raise PluginError("accelbench: invalid run file(s); fix or remove them "
                              "(`accelbench validate` lists every problem):\n" + "\n".join(exc.problems)) from None
        except (FragmentError, SnippetError) as exc:
            raise PluginError(f"accelbench: {exc}") from None
        # the one line a build log has of the render, as `accelbench render` prints it
        log.info(f"accelbench: rendered {sum(1 for _ in folder.rglob('*.md'))} fragment(s) into {folder}")

    def on_post_page(self, output, page, config):
        return output.replace(SEARCH_DIALOG, NAMED_SEARCH_DIALOG, 1)

    def on_serve(self, server, config, builder):
        for path in (self.data_dir, self.snippets_dir):
            server.watch(str(path))
        return server
