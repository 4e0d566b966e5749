"""Collection settings shared by the whole suite (doctests run over `potager/` too)."""

collect_ignore_glob = ["potager/store/migrations/*", "bench/*"]
