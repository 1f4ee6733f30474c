"""The ``meeple`` command line (typer + rich)."""


def main() -> None:
    """Entry point of the ``meeple`` command (``meeple.cli.main.main``, loaded here): a Ctrl-C
    while the command line is still loading ends it quietly with exit code 130, as a shell
    expects, not with a traceback from somewhere in an import."""
    try:
        from .main import main as run
    except KeyboardInterrupt:
        raise SystemExit(130) from None
    run()
