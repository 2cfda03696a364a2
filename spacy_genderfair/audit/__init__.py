"""The corpus audit: per-record parquet records, the yearly report, its plots and HTML page.

The modules here import pyarrow, matplotlib and dask lazily (the ``audit`` extra), so that
importing the package needs none of them.
"""
