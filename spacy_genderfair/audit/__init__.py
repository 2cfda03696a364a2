"""The corpus audit: per-document records, and the reports aggregated from them."""
