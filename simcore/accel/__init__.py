"""The compile glue: the jit decorators and the kernel cache (jit), and numba shortcuts that prove
themselves and fall back (fastcompile, record_names)."""
