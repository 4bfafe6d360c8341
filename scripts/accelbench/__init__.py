"""accelbench: benchmark snippets -> run files -> measured tables and charts in MkDocs pages.

Data flows one way: snippet -> runner -> build_data/runs/*.json -> store -> render -> plugin.
Lower modules never import higher ones.
"""

__version__ = "0.1.0"
