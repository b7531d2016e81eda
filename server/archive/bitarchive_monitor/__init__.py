"""``bitarchive_monitor_<REPLICA>`` (one per bitarchive replica): the replica's single front; finds
which instance holds a file and runs batch jobs across every instance of the replica."""
