"""``bitarchive_<REPLICA>`` (many per replica, one per storage machine): keeps files on local
disks, serves them over HTTP and runs batch jobs over them."""
