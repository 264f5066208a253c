"""Benchmark scripts (not installed with the package)."""
