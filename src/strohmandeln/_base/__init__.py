"""The base: the helpers both the value types and the kernel build on.

Nothing here is public API. Its modules import only :mod:`strohmandeln.errors`, the standard
library and ``attrs``, never a value type or the kernel, so that the value types (``cards``,
``points``, ``rules``, ``results``, ``table``) stand on it below the kernel and the package's
imports point one way:

* ``args`` — the checks of the arguments a program passes to public functions (seats, Strohmann
  numbers, generators, whole numbers, enumeration members);
* ``checked`` — the checked readers of untrusted JSON values, and the field kinds from which a
  value type derives its consistency check, its JSON form and its loader;
* ``masks`` — cards as bits: the masks of the canonical card order and R15 (``BEATS``).

This package imports nothing on its own. See the architecture page of the documentation
(``docs/architecture.rst``).
"""
