"""The bundled games. Importing this package registers every game folder in it.

Each game folder has the same files (CONTRIBUTING.md, "Where things live"); its ``__init__.py``
defines the :class:`meeple.core.Game` subclass and registers it with
``@meeple.core.register``.
"""

import importlib
import pkgutil

for _info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
    if _info.ispkg and not _info.name.startswith("_"):
        importlib.import_module(f"{__name__}.{_info.name}")
