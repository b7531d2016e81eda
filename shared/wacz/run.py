"""One export into a file: written beside the target as ``<file>.part`` and moved into place only
when the package is complete, so a failed or cancelled export leaves no file behind (nor a
partial one under the target's name)."""
from __future__ import annotations

import contextlib
import os
from collections.abc import Callable

from shared.wacz.export import Source, Summary, export_jobs, tmp_dir
from shared.wacz.writer import WaczWriter


def export_to_file(path: str, source: Source, job_ids: list[int], title: str = "",
                   compressed_index: bool | None = None, urls: list[str] | None = None,
                   on_file: Callable[[str], object] | None = None, work_dir: str | None = None) -> Summary:
    """Export into ``path`` (replacing a file there only at the end); what the export raises
    passes through after the partial package and the temporary files are removed."""
    part = path + ".part"
    try:
        with tmp_dir(work_dir) as tmp:
            with open(part, "wb") as fh, WaczWriter(fh) as writer:
                summary = export_jobs(source, job_ids, writer, tmp, title, compressed_index, urls, on_file)
            os.replace(part, path)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(part)
    return summary
