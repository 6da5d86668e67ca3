"""The pure part of the UI: what to show and what a tap means.

It never imports js, pyodide or pyscript (tests/test_ui_purity.py checks), so it is tested
under CPython."""
