"""The corpus audit (``genderfair audit``): one record per input record, written in
resumable parquet shards, and the report built from them. Importing this package imports
nothing heavy: pyarrow is loaded by the modules that need it."""
