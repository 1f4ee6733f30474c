"""The ``meeple`` command line (typer + rich)."""
