"""``bitarchive_monitor_<REPLICA>`` (one per bitarchive replica): the replica's single front; finds
which instance holds a file and runs batch jobs across every instance of the replica (``core``:
the plain :class:`~.core.BitarchiveMonitor`; ``batches``: the runs it keeps, with expiry;
``service``: the thin Nameko service)."""

#: nothing here is for other packages: they use its RPCs and events
PUBLIC = ()
