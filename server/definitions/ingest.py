"""Mass ingest of domain names, chunk by chunk, restartable.

Protocol (see docs/decisions/definitions-ingest-protocol.md): the caller opens a run
(:func:`start`), then sends the file's lines in chunks, each with the number of its first line
(:func:`ingest_chunk`). A chunk is one transaction together with the run's progress
(``next_line``), so a crash loses at most the chunk in flight and never leaves half of one.
A chunk resent after a lost reply is recognised by its line numbers and not applied twice; a
caller that died resumes by asking :func:`status` for ``next_line``. No call holds an AMQP
message for longer than one chunk takes (a few hundred milliseconds for 5,000 names).
"""
from __future__ import annotations

import itertools
import json
from collections.abc import Sequence

from sqlalchemy import select, text, update
from sqlalchemy.orm import Session

from server.db import query
from server.definitions import domains, validation
from server.definitions.models import Domain, IngestRun, UtcDateTime, utcnow
from shared.dto import Page
from shared.dto.definitions import IngestErrorDto, IngestRunDto
from shared.errors import Conflict, InvalidDomain, InvalidInput, NotFound

_LOOKUP_BATCH = 500


def to_dto(r: IngestRun) -> IngestRunDto:
    return IngestRunDto(r.id, r.source, r.state, r.next_line, r.total_lines, r.created, r.existing, r.duplicates,
                        r.invalid, [IngestErrorDto(**e) for e in json.loads(r.errors)], r.started_at, r.updated_at)


def start(session: Session, source: str = "", total_lines: int | None = None) -> IngestRun:
    run = IngestRun(source=str(source or "")[:1000], state="running", next_line=1, total_lines=total_lines,
                    errors="[]", started_at=utcnow(), updated_at=utcnow())
    session.add(run)
    session.flush()
    return run


def get(session: Session, run_id: int, lock: bool = False) -> IngestRun:
    stmt = select(IngestRun).where(IngestRun.id == run_id)
    if lock:
        stmt = stmt.with_for_update()
    run = session.execute(stmt).scalar_one_or_none()
    if run is None:
        raise NotFound(f"no ingest run {run_id!r}", {"object": "ingest run", "id": run_id})
    return run


def parse_line(text: str) -> str | None:
    """The name on a line, or None for a blank line or a ``#`` comment."""
    text = text.strip()
    if not text or text.startswith("#"):
        return None
    return text


def ingest_chunk(session: Session, run_id: int, first_line: int, lines: Sequence[str],
                 defaults: domains.DomainDefaults, max_errors: int = 1000, max_lines: int = 20_000) -> IngestRun:
    """Apply lines ``first_line .. first_line + len(lines) - 1`` of the run's file.

    Lines before the run's ``next_line`` were applied already and are skipped; a chunk that
    starts after ``next_line`` would leave a gap and is refused (Conflict naming the line to send
    next). Raises NotFound, Conflict, InvalidInput (chunk too large or malformed)."""
    if not isinstance(first_line, int) or isinstance(first_line, bool) or first_line < 1:
        raise InvalidInput(f"first_line must be a line number ≥ 1, not {first_line!r}", {"first_line": first_line})
    if not isinstance(lines, (list, tuple)) or not all(isinstance(x, str) for x in lines):
        raise InvalidInput("lines must be a list of strings", {"field": "lines"})
    if len(lines) > max_lines:
        raise InvalidInput(f"a chunk may hold at most {max_lines} lines, not {len(lines)}",
                           {"max_lines": max_lines, "lines": len(lines)})
    sqlite = session.get_bind().dialect.name == "sqlite"
    if not sqlite:
        # A chunk's commit does not wait for its WAL flush (#36: ~80 ms of a 5,000-line chunk's
        # ~300 ms here). Nothing can be lost unseen: a crash of the database loses at most the
        # last chunks, whole (PostgreSQL never keeps a later transaction without an earlier one),
        # with the run's next_line in the same transactions; the next chunk sent is then refused
        # with the line to send from, and --resume sends from there. ingest_finish commits with
        # the usual durability, which flushes every chunk before it.
        session.connection().exec_driver_sql("SET LOCAL synchronous_commit = off")
    if sqlite:
        # write first: the transaction takes SQLite's write lock before it reads, so the ids
        # taken below and the run's next_line cannot change under it
        session.execute(update(IngestRun).where(IngestRun.id == run_id).values(updated_at=utcnow()))
    run = get(session, run_id, lock=True)
    if run.state != "running":
        raise Conflict(f"the ingest run {run_id} is {run.state}", {"object": "ingest run", "id": run_id})
    if first_line > run.next_line:
        raise Conflict(f"ingest run {run_id}: lines {run.next_line}..{first_line - 1} have not been sent; send "
                       f"from line {run.next_line}", {"object": "ingest run", "id": run_id,
                                                       "next_line": run.next_line})
    skip = run.next_line - first_line
    todo = list(lines[skip:])
    if not todo:
        return run
    start_no = first_line + skip

    errors = json.loads(run.errors)
    names: dict[str, int] = {}
    duplicates = invalid = 0
    domain_name = validation.domain_name
    for i, raw in enumerate(todo):
        text = raw.strip()
        if not text or text[0] == "#":  # parse_line(), inline: this loop runs for every line
            continue
        try:
            name = domain_name(text)
        except InvalidDomain as exc:
            invalid += 1
            if len(errors) < max_errors:
                errors.append({"line": start_no + i, "text": text[:300], "reason": exc.message})
            continue
        if name in names:
            duplicates += 1
        else:
            names[name] = start_no + i

    existing = 0
    if names and sqlite:
        created_names = insert_domains(session, list(names), defaults, run.id)
        created = len(created_names)
        if created < len(names):
            for name in created_names:
                del names[name]
            same_run = _created_by(session, list(names), run.id)
            duplicates += same_run  # an earlier chunk of this same file created them
            existing = len(names) - same_run
    elif names:
        # a run that has met no existing name yet (a first load of a country's list) COPYs
        # without looking the names up first; the first name that exists sends that chunk, and
        # every later one, the looking-up way
        created, existing, same_run = _insert_postgresql(session, list(names), defaults, run.id,
                                                         look_up=bool(run.existing or run.duplicates))
        duplicates += same_run
    else:
        created = 0
    run.created += created
    run.existing += existing
    run.duplicates += duplicates
    run.invalid += invalid
    run.errors = json.dumps(errors)
    run.next_line = start_no + len(todo)
    run.updated_at = utcnow()
    session.flush()
    return run


def insert_domains(session: Session, names: list[str], defaults: domains.DomainDefaults,
                   ingest_run_id: int | None = None) -> list[str]:
    """SQLite: create the domains of ``names`` (validated, distinct) that do not exist yet, with
    their default seed list and configuration; return the names created.

    The transaction must hold SQLite's write lock already (it has written): ids are taken
    after the current largest, as SQLite itself would, and each table is written with one
    ``executemany`` of plain tuples (no ORM objects, no RETURNING). ``INSERT OR IGNORE`` leaves
    a name that exists alone; its pre-assigned id is simply not used."""
    conn = session.connection()
    # the two name indexes (and the trigram table) take names in random order: a page cache of
    # 64 MB (SQLite's default is 2 MB) keeps their working set in memory on this connection
    conn.exec_driver_sql("PRAGMA cache_size = -65536")
    now = _db_time(conn.dialect)
    profile_id = domains.default_profile_id(session, defaults)
    last_domain, last_seeds, last_config = conn.exec_driver_sql(
        "SELECT (SELECT coalesce(max(id), 0) FROM domains), (SELECT coalesce(max(id), 0) FROM seed_lists), "
        "(SELECT coalesce(max(id), 0) FROM configurations)").one()
    cur = conn.connection.driver_connection.cursor()
    try:
        cur.executemany(
            "INSERT OR IGNORE INTO domains (id, name, name_reversed, tld, comments, created_at, updated_at, edition, "
            "ingest_run_id) VALUES (?, ?, ?, ?, '', ?, ?, 1, ?)",
            [(last_domain + k, n, n[::-1], n[n.rfind(".") + 1:], now, now, ingest_run_id)
             for k, n in enumerate(names, 1)])
        if cur.rowcount == len(names):
            created = list(enumerate(names, last_domain + 1))
        else:  # some existed: keep the ids that were used
            used = {i for (i,) in cur.execute("SELECT id FROM domains WHERE id > ?", (last_domain,))}
            created = [(i, n) for i, n in enumerate(names, last_domain + 1) if i in used]
        seeds = _seed_text(defaults)
        cur.executemany("INSERT INTO seed_lists (id, domain_id, name, comments, seeds) VALUES (?, ?, ?, '', ?)",
                        [(last_seeds + k, i, defaults.seed_list_name, seeds(n)) for k, (i, n) in enumerate(created, 1)])
        cur.executemany(
            "INSERT INTO configurations (id, domain_id, name, comments, profile_id, max_objects, max_bytes, "
            "max_request_rate, is_default) VALUES (?, ?, ?, '', ?, ?, ?, ?, 1)",
            [(last_config + k, i, defaults.configuration_name, profile_id, defaults.max_objects, defaults.max_bytes,
              defaults.max_request_rate) for k, (i, _) in enumerate(created, 1)])
        cur.executemany("INSERT INTO configuration_seed_lists (configuration_id, seed_list_id) VALUES (?, ?)",
                        [(last_config + k, last_seeds + k) for k in range(1, len(created) + 1)])
    finally:
        cur.close()
    return [n for _, n in created]


def _created_by(session: Session, names: list[str], run_id: int) -> int:
    """How many of the existing ``names`` the run ``run_id`` created (in an earlier chunk)."""
    same = 0
    for b in range(0, len(names), _LOOKUP_BATCH):
        batch = names[b:b + _LOOKUP_BATCH]
        same += sum(1 for (ingest_id,) in session.execute(select(Domain.ingest_run_id).where(Domain.name.in_(batch)))
                    if ingest_id == run_id)
    return same


def _seed_text(defaults: domains.DomainDefaults):
    """``name`` → the default seed list's text, as ``"\\n".join(defaults.seeds(name))``."""
    www = "www." if defaults.add_www_seed else ""
    if defaults.add_https_seed:
        return lambda n: f"http://{www}{n}\nhttps://{www}{n}"
    return lambda n: f"http://{www}{n}"


def _db_time(dialect) -> object:
    """Now, as the harvest tables' timestamp columns store it on ``dialect``."""
    process = UtcDateTime().dialect_impl(dialect).bind_processor(dialect)
    now = utcnow()
    return process(now) if process else now.replace(tzinfo=None)


def _insert_postgresql(session: Session, names: list[str], defaults: domains.DomainDefaults,
                       run_id: int, look_up: bool = True) -> tuple[int, int, int]:
    """PostgreSQL: look the chunk's names up in one statement (unless ``look_up`` is false: then
    every name is taken as new), take the new rows' ids from the three sequences in one more, and
    COPY the rows of the four tables, under a savepoint. If one of the names exists after all (a
    concurrent writer created it, or it was not looked up), the COPY hits the unique name: the
    savepoint is rolled back; a chunk not looked up is done again looking up, otherwise the chunk
    goes the careful way (:func:`_insert_postgresql_merge`).
    Returns (created, existing, created earlier by this run)."""
    import psycopg.errors

    conn = session.connection()
    if look_up:
        # pg_trgm's GIN index answers "=" too, but for thousands of names it is far slower than
        # the unique btree index; GIN is only ever read by bitmap scans, so no bitmap scans here
        conn.exec_driver_sql("SET LOCAL enable_bitmapscan = off")
        found = conn.exec_driver_sql("SELECT name, ingest_run_id FROM domains WHERE name = ANY(%(names)s)",
                                     {"names": names}).all()
        conn.exec_driver_sql("SET LOCAL enable_bitmapscan = on")
    else:
        found = []
    same_run = sum(1 for _, ingest_id in found if ingest_id == run_id)
    if found:
        known = {n for n, _ in found}
        new = [n for n in names if n not in known]
    else:
        new = names
    if not new:
        return 0, len(found) - same_run, same_run
    profile_id = domains.default_profile_id(session, defaults)
    sequences = conn.exec_driver_sql(
        "SELECT pg_get_serial_sequence('domains', 'id')::regclass::oid, "
        "pg_get_serial_sequence('seed_lists', 'id')::regclass::oid, "
        "pg_get_serial_sequence('configurations', 'id')::regclass::oid").one()
    ids = conn.exec_driver_sql(
        "SELECT nextval(%(d)s::oid), nextval(%(s)s::oid), nextval(%(c)s::oid) FROM generate_series(1, %(n)s)",
        {"d": sequences[0], "s": sequences[1], "c": sequences[2], "n": len(new)}).all()
    now = utcnow().replace(tzinfo=None).isoformat(" ")
    seeds = _seed_text(defaults)
    # COPY text format by hand: validated names hold only letters, digits, "-", "_" and ".",
    # so nothing needs escaping but the seed list's line breaks
    domain_rows = (f"{d}\t{n}\t{n[::-1]}\t{n[n.rfind('.') + 1:]}\t\t{now}\t{now}\t1\t{run_id}\n"
                   for (d, _, _), n in zip(ids, new))
    seed_name = _copy_text(defaults.seed_list_name)
    seed_rows = (f"{s}\t{d}\t{seed_name}\t\t{_copy_text(seeds(n))}\n" for (d, s, _), n in zip(ids, new))
    config_tail = (f"\t{profile_id}\t{defaults.max_objects}\t{defaults.max_bytes}\t{defaults.max_request_rate}"
                   f"\tt\n")
    config_name = _copy_text(defaults.configuration_name)
    config_rows = (f"{c}\t{d}\t{config_name}\t{config_tail}" for d, _, c in ids)
    link_rows = (f"{c}\t{s}\n" for _, s, c in ids)
    conn.exec_driver_sql("SAVEPOINT nas_ingest_copy")
    try:
        with conn.connection.driver_connection.cursor() as cur:
            for sql, rows in (
                ("COPY domains (id, name, name_reversed, tld, comments, created_at, updated_at, edition, "
                 "ingest_run_id) FROM STDIN", domain_rows),
                ("COPY seed_lists (id, domain_id, name, comments, seeds) FROM STDIN", seed_rows),
                ("COPY configurations (id, domain_id, name, comments, profile_id, max_objects, max_bytes, "
                 "max_request_rate, is_default) FROM STDIN", config_rows),
                ("COPY configuration_seed_lists (configuration_id, seed_list_id) FROM STDIN", link_rows),
            ):
                with cur.copy(sql) as cp:
                    # in pieces, each sent as it is made: the server inserts the rows sent while
                    # the next are formatted, on the other core, instead of waiting for them all
                    while piece := "".join(itertools.islice(rows, _COPY_PIECE)):
                        cp.write(piece)
    except psycopg.errors.UniqueViolation:
        conn.exec_driver_sql("ROLLBACK TO SAVEPOINT nas_ingest_copy")
        if not look_up:   # the ids taken are left unused, as after any rolled-back insert
            return _insert_postgresql(session, names, defaults, run_id, look_up=True)
        return _insert_postgresql_merge(session, names, defaults, run_id)
    conn.exec_driver_sql("RELEASE SAVEPOINT nas_ingest_copy")
    return len(new), len(found) - same_run, same_run


#: rows per piece of a COPY sent at once (``_insert_postgresql``)
_COPY_PIECE = 500


def _copy_text(value: str) -> str:
    """``value`` escaped for PostgreSQL's COPY text format."""
    return (value.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n")
            .replace("\r", "\\r"))


def _insert_postgresql_merge(session: Session, names: list[str], defaults: domains.DomainDefaults,
                       run_id: int) -> tuple[int, int, int]:
    """PostgreSQL, when names may be created concurrently: COPY the chunk into a temporary
    table, then insert set-wise with ``ON CONFLICT DO NOTHING``; rows of the other tables are
    COPYed with ids taken from their sequences.
    Returns (created, existing, created earlier by this run)."""
    conn = session.connection()
    raw = conn.connection.driver_connection
    conn.exec_driver_sql("CREATE TEMPORARY TABLE IF NOT EXISTS ingest_names (name varchar(255) PRIMARY KEY, "
                         "name_reversed varchar(255), tld varchar(63)) ON COMMIT DELETE ROWS")
    conn.exec_driver_sql("TRUNCATE ingest_names")
    with raw.cursor() as cur, cur.copy("COPY ingest_names (name, name_reversed, tld) FROM STDIN") as cp:
        for n in names:
            cp.write_row((n, n[::-1], domains.tld_of(n)))
    conn.exec_driver_sql("ANALYZE ingest_names")
    conn.exec_driver_sql("SET LOCAL enable_bitmapscan = off")  # see _insert_postgresql
    found = conn.exec_driver_sql("SELECT d.ingest_run_id = %(run)s FROM ingest_names n JOIN domains d "
                                 "ON d.name = n.name", {"run": run_id}).scalars().all()
    same_run = sum(1 for f in found if f)
    now = utcnow()
    new = conn.exec_driver_sql(
        "INSERT INTO domains (name, name_reversed, tld, comments, created_at, updated_at, edition, ingest_run_id) "
        "SELECT name, name_reversed, tld, '', %(now)s, %(now)s, 1, %(run)s FROM ingest_names ORDER BY name "
        "ON CONFLICT (name) DO NOTHING RETURNING id, name",
        {"now": now.replace(tzinfo=None), "run": run_id}).all()
    conn.exec_driver_sql("SET LOCAL enable_bitmapscan = on")
    if new:
        profile_id = domains.default_profile_id(session, defaults)
        n = len(new)
        seed_ids = conn.exec_driver_sql("SELECT nextval(pg_get_serial_sequence('seed_lists', 'id')) "
                                        "FROM generate_series(1, %(n)s)", {"n": n}).scalars().all()
        config_ids = conn.exec_driver_sql("SELECT nextval(pg_get_serial_sequence('configurations', 'id')) "
                                          "FROM generate_series(1, %(n)s)", {"n": n}).scalars().all()
        with raw.cursor() as cur:
            with cur.copy("COPY seed_lists (id, domain_id, name, comments, seeds) FROM STDIN") as cp:
                for sid, (did, name) in zip(seed_ids, new):
                    cp.write_row((sid, did, defaults.seed_list_name, "", "\n".join(defaults.seeds(name))))
            with cur.copy("COPY configurations (id, domain_id, name, comments, profile_id, max_objects, max_bytes, "
                          "max_request_rate, is_default) FROM STDIN") as cp:
                for cid, (did, _) in zip(config_ids, new):
                    cp.write_row((cid, did, defaults.configuration_name, "", profile_id, defaults.max_objects,
                                  defaults.max_bytes, defaults.max_request_rate, True))
            with cur.copy("COPY configuration_seed_lists (configuration_id, seed_list_id) FROM STDIN") as cp:
                for cid, sid in zip(config_ids, seed_ids):
                    cp.write_row((cid, sid))
    # a name inserted by a concurrent writer between the lookup and the insert counts as existing
    return len(new), len(names) - len(new) - same_run, same_run


def finish(session: Session, run_id: int) -> IngestRun:
    """Close the run. On PostgreSQL also merge the trigram index's pending list (bulk inserts
    leave up to 32 MB there; until it is merged the planner avoids the index, and infix searches
    scan the table; autovacuum would do it too, later)."""
    run = get(session, run_id, lock=True)
    run.state = "finished"
    run.updated_at = utcnow()
    session.flush()
    if session.get_bind().dialect.name == "postgresql":
        session.execute(text("SELECT gin_clean_pending_list(c.oid) FROM pg_class c "
                             "WHERE c.relname = 'ix_domains_name_trgm' AND pg_table_is_visible(c.oid)"))
    return run


def listing(session: Session, offset: int, limit: int) -> Page[IngestRunDto]:
    stmt = select(IngestRun).order_by(IngestRun.id.desc())
    return query.page(session, stmt, offset, limit, to_dto)
