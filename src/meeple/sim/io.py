"""Writing result tables as CSV or Parquet (by the file's extension)."""

from __future__ import annotations

import csv
from pathlib import Path


def write_rows(rows: list[dict], path: str | Path) -> Path:
    """Write ``rows`` (a list of flat dicts with the same keys) to ``path``.

    ``.parquet`` is written with pyarrow, ``.csv`` with the csv module.
    Raises:
        ValueError: any other extension.
    """
    path = Path(path)
    ext = path.suffix.lower()
    if ext not in (".csv", ".parquet"):
        raise ValueError(f"results file must end in .csv or .parquet, not {path.name!r}")
    path.parent.mkdir(parents=True, exist_ok=True)
    if ext == ".parquet":
        import pyarrow as pa
        import pyarrow.parquet as pq

        pq.write_table(pa.Table.from_pylist(rows), path)
    else:
        with path.open("w", newline="", encoding="utf-8") as f:
            if rows:
                w = csv.DictWriter(f, fieldnames=list(rows[0]))
                w.writeheader()
                w.writerows(rows)
    return path
