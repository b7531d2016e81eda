"""Run as ``python ingest_worker.py DB_URL N CHUNK``: ingest N generated domain names into the
harvest database in chunks, each one write transaction, the way the definitions service does;
prints the run's counts. A separate process, as the definitions service is beside the scheduler."""
import sys
import time

from sqlalchemy.orm import Session

from server.db.engine import make_engine
from server.db.transactions import committing
from server.definitions import ingest
from server.definitions.domains import DomainDefaults


def main(url: str, n: int, chunk: int) -> None:
    engine = make_engine(url)
    lines = [f"load{i:06d}.dk" for i in range(n)]
    defaults = DomainDefaults()
    with Session(engine) as s, committing(s):
        run_id = ingest.start(s, "load", n).id
    start = time.monotonic()
    first = 1
    while first <= n:
        with Session(engine) as s, committing(s):
            run = ingest.ingest_chunk(s, run_id, first, lines[first - 1:first - 1 + chunk], defaults,
                                      max_lines=chunk)
            first = run.next_line
    with Session(engine) as s, committing(s):
        run = ingest.finish(s, run_id)
        created = run.created
    print(f"created {created} in {time.monotonic() - start:.1f} s", flush=True)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))
