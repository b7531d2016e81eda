"""``bitarchive_<REPLICA>`` (many per replica, one per storage machine): keeps files on local
disks, serves them over HTTP and runs batch jobs over them (``core``: the plain
:class:`~.core.Bitarchive`; ``service``: the thin Nameko service)."""

#: nothing here is for other packages: they use its RPCs and events
PUBLIC = ()
