"""``python -m meeple ...``: the same as the ``meeple`` command."""

from meeple.cli import main

if __name__ == "__main__":
    main()
