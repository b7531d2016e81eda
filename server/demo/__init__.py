"""The local demo: every service on this host, configured under one directory."""
