"""Everything that runs as a Nameko service or a server-side process."""
