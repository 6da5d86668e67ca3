// Compiles the trimmed standard library to bytecode, with the pinned Pyodide itself (in Node), so
// the page imports .pyc files instead of compiling ~150 modules from source while it starts: the
// larger part of a first visit's boot (issue 26, make bench). Run by tools/boot.py (make vendor):
//
//     node tools/boot/compile-stdlib.mjs PYODIDE_DIR SOURCE.zip TARGET.zip
//
// PYODIDE_DIR is the vendored runtime (its pyodide.mjs, wasm and full standard library), so the
// bytecode is exactly that interpreter's (the magic number of its CPython). Every `x.py` becomes
// `x.pyc` beside it, which zipimport loads without a source. The standard library is compiled
// as `python -OO` would (no docstrings, no asserts; CPython tests its library that way); Pyodide's
// own packages keep both, since they read docstrings at start-up. Other members are copied. Fixed
// dates and order: the same bytes for the same inputs.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { resolve } from "node:path";

const [pyodideDir, source, target] = process.argv.slice(2);
if (!target) {
  console.error("usage: node compile-stdlib.mjs PYODIDE_DIR SOURCE.zip TARGET.zip");
  process.exit(2);
}
// Pyodide in Node takes a directory path (a file: URL would be read as a relative path).
const indexURL = resolve(pyodideDir) + "/";
const { loadPyodide } = await import(pathToFileURL(indexURL + "pyodide.mjs").href);
const pyodide = await loadPyodide({ indexURL });
pyodide.FS.writeFile("/tmp/source.zip", readFileSync(source));
pyodide.runPython(`
import importlib._bootstrap_external as external
import zipfile

KEEP_DOCSTRINGS = ("_pyodide/", "pyodide/")
FIXED_DATE = (2020, 1, 1, 0, 0, 0)

def member(name, mode):
    info = zipfile.ZipInfo(name, date_time=FIXED_DATE)
    info.compress_type = zipfile.ZIP_DEFLATED
    info.external_attr = mode << 16
    return info

with zipfile.ZipFile("/tmp/source.zip") as src, zipfile.ZipFile("/tmp/target.zip", "w") as out:
    for info in src.infolist():
        if info.is_dir():
            out.writestr(member(info.filename, 0o40755), b"")
        elif info.filename.endswith(".py"):
            level = 0 if info.filename.startswith(KEEP_DOCSTRINGS) else 2
            # Named where the page imports it from, as a traceback shows it.
            path = "/lib/python314.zip/" + info.filename
            code = compile(src.read(info), path, "exec", dont_inherit=True, optimize=level)
            pyc = external._code_to_timestamp_pyc(code, 0, 0)
            out.writestr(member(info.filename + "c", 0o644), pyc, compresslevel=9)
        else:
            out.writestr(member(info.filename, 0o644), src.read(info), compresslevel=9)
`);
writeFileSync(target, pyodide.FS.readFile("/tmp/target.zip"));
