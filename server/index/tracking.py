"""Index requests, tracked in files so that a restarted index server resumes them.

One JSON file per requested (kind, job set): ``requests/<kind>-<set name>.json``, holding an
:class:`~shared.dto.index.IndexRequestDto`. A request goes queued → building → done | failed; a
server that starts finds those left queued or building and builds them again (the entry's file
lock makes sure only one process does, and a finished entry is found rather than rebuilt).
Files rather than a database: several server processes on one host share the cache directory,
and these records live and die with it (docs/decisions/index-server-engine.md).
"""
from __future__ import annotations

import contextlib
import datetime as dt
import json
import os
import uuid

from server.index.names import set_name
from shared.dto.index import BUILDING, DONE, FAILED, QUEUED, IndexRequestDto

STATES = (QUEUED, BUILDING, DONE, FAILED)


def request_id(kind: str, job_ids: list[int]) -> str:
    return f"{kind}-{set_name(job_ids)}"


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


class RequestStore:
    def __init__(self, root: str):
        self.dir = os.path.join(root, "requests")
        os.makedirs(self.dir, exist_ok=True)

    def _path(self, rid: str) -> str:
        return os.path.join(self.dir, rid + ".json")

    def get(self, rid: str) -> IndexRequestDto | None:
        try:
            with open(self._path(rid), encoding="utf-8") as fh:
                return IndexRequestDto.from_dict(json.load(fh))
        except (FileNotFoundError, ValueError):
            return None

    def save(self, req: IndexRequestDto) -> IndexRequestDto:
        req.updated_at = _now()
        tmp = f"{self._path(req.request_id)}.{uuid.uuid4().hex}"
        with open(tmp, "w", encoding="utf-8") as fh:
            json.dump(req.to_dict(), fh, sort_keys=True)
        os.replace(tmp, self._path(req.request_id))
        return req

    def queue(self, kind: str, job_ids: list[int]) -> IndexRequestDto:
        """The request for (kind, job_ids), queued again unless it is queued or building now."""
        rid = request_id(kind, job_ids)
        req = self.get(rid)
        if req is not None and req.state in (QUEUED, BUILDING):
            return req
        if req is None:
            req = IndexRequestDto(rid, kind, list(job_ids), QUEUED, created_at=_now())
        else:
            req.state, req.error, req.error_code = QUEUED, "", ""
        return self.save(req)

    def all(self) -> list[IndexRequestDto]:
        out = []
        with contextlib.suppress(FileNotFoundError):
            for name in os.listdir(self.dir):
                if name.endswith(".json"):
                    req = self.get(name[:-5])
                    if req is not None:
                        out.append(req)
        return out

    def unfinished(self) -> list[IndexRequestDto]:
        return sorted((r for r in self.all() if r.state in (QUEUED, BUILDING)),
                      key=lambda r: r.created_at or _now())
