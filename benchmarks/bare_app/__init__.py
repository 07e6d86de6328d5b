"""Benchmark-only Django pieces: the site plus two reference endpoints (never deployed)."""
