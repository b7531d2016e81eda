"""Batch jobs: code run over every file (or the matching files) of one replica."""
