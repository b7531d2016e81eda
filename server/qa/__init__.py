"""QA review of harvested jobs (#30): pages replayed from the archive, scored against the crawl."""
