"""What the tools that make a shipped table share: write the file, or with --check say whether
it holds what was built (the tables the page reads must be the ones the code builds)."""

from __future__ import annotations

from pathlib import Path


def write_or_check(path: Path, data: bytes, check: bool) -> bool:
    """Writes `data` to `path`, or with `check` compares: False where the file differs."""
    if check:
        same = path.exists() and path.read_bytes() == data
        print(f"{path.name} is up to date" if same else f"{path.name} differs")
        return same
    path.write_bytes(data)
    print(f"wrote {path} ({len(data):,} bytes)")
    return True
