"""The kernel: every packed format, the state record and the rules that run on them.

Nothing here is public API. The public modules of :mod:`strohmandeln` hold immutable value types
and wrap the kernel's records; only this package reads a packed field. See the architecture page
of the documentation (``docs/architecture.rst``) for the layers and the formats.

This package imports nothing on its own, so that importing one of its modules costs only that
module and what it needs.
"""
