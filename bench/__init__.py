"""Potager's benchmarks: ``python -m bench`` (``make bench``). See `bench.__main__`."""
