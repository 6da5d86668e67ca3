"""Cubiri's rules engines: pure Python, standard library only, for CPython 3.11+ and Pyodide."""
