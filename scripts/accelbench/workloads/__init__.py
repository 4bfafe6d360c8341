"""Stage 2, what is measured: the contract a snippet implements (``accelbench.snippet``, its
public name) and the discovery and versioning of snippets/."""
