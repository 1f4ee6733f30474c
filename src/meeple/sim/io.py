"""Writing result tables as CSV or Parquet (by the file's extension)."""

from __future__ import annotations

import csv
import os
from pathlib import Path

RESULTS_SUFFIXES = (".csv", ".parquet")  # the formats of a results file, by its name


def results_suffix(path: str | Path) -> str:
    """``".csv"`` or ``".parquet"``: the format of the results file ``path``, by its name (any case).

    Raises:
        ValueError: the name ends otherwise.
    """
    ext = Path(path).suffix.lower()
    if ext not in RESULTS_SUFFIXES:
        raise ValueError(f"results file must end in .csv or .parquet, not {Path(path).name!r}")
    return ext


def write_rows(rows: list[dict], path: str | Path) -> Path:
    """Write ``rows`` (a list of flat dicts with the same keys) to ``path``.

    ``.parquet`` is written with pyarrow, ``.csv`` with the csv module.
    Raises:
        ValueError: any other extension.
    """
    path = Path(path)
    ext = results_suffix(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    # written beside the file and then moved over it: a run stopped while writing (a
    # checkpoint, Ctrl-C) leaves the old file whole, never half a file
    target = path.resolve() if path.is_symlink() else path
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        if ext == ".parquet":
            import pyarrow as pa
            import pyarrow.parquet as pq

            pq.write_table(pa.Table.from_pylist(rows), tmp)
        else:
            with tmp.open("w", newline="", encoding="utf-8") as f:
                if rows:
                    w = csv.DictWriter(f, fieldnames=list(rows[0]))
                    w.writeheader()
                    w.writerows(rows)
        os.replace(tmp, target)
    finally:
        if tmp.exists():
            tmp.unlink()
    return path


def _bool(text: str) -> bool:
    """``True``/``False`` as csv writes them; a spreadsheet's ``TRUE``/``FALSE`` or ``1``/``0`` too."""
    low = text.strip().lower()
    if low not in ("true", "false", "1", "0"):
        raise ValueError(f"{text!r} is not True or False")
    return low in ("true", "1")


def _int(text: str) -> int:
    """A whole number; a spreadsheet or pandas may write it as ``2.0``. Seeds are 64-bit, so
    a plain integer is read exactly, never through a float."""
    try:
        return int(text)
    except ValueError:
        pass
    value = float(text)
    if not value.is_integer():
        raise ValueError(f"{text!r} is not a whole number")
    if abs(value) > 2**53:
        raise ValueError(
            f"{text!r} is rounded (a spreadsheet shows big numbers so): "
            "keep the column as text, or use the file as written"
        )
    return int(value)


def _int_or_none(text: str) -> int | None:
    """csv writes None as an empty value; a spreadsheet or pandas may write a seat as 2.0."""
    return None if text == "" else _int(text)


_CSV_TYPES = {
    "index": _int,
    "seed": _int,
    "num_players": _int,
    "seat": _int,
    "score": _int,
    "place": _int,
    "win": float,
    "return": float,
    "steps": _int,
    "seconds": float,
    "truncated": _bool,
    "rules": _int,
    "start_player": _int_or_none,
    "turn_order": _int_or_none,
}


def read_rows(path: str | Path) -> list[dict]:
    """The rows of a results file written by :func:`write_rows` (``.parquet`` or ``.csv``;
    CSV values are turned back into numbers and booleans by column name).

    Raises:
        OSError: the file cannot be read.
        ValueError: its name does not end in .csv or .parquet, or it is not a table of results
            (a column or a value does not parse).
    """
    path = Path(path)
    if results_suffix(path) == ".parquet":
        import pyarrow.parquet as pq

        try:
            return pq.read_table(path).to_pylist()
        except OSError:
            raise
        except Exception as e:  # pyarrow raises its own errors for a damaged file
            raise ValueError(f"{path.name}: not a readable Parquet file ({e})") from e
    with path.open(newline="", encoding="utf-8-sig") as f:  # -sig: a spreadsheet's byte-order mark
        rows = list(csv.DictReader(f))
    for line, row in enumerate(rows, start=2):
        if None in row or None in row.values():
            raise ValueError(f"{path.name} line {line}: not as many values as columns (a cut or edited file?)")
        for k, conv in _CSV_TYPES.items():
            if k in row:
                try:
                    row[k] = conv(row[k])
                except ValueError as e:
                    raise ValueError(f"{path.name} line {line}, column {k!r}: {e}") from None
    return rows
