"""Installable and deployable anywhere (issue 8): manifest, icons, relative URLs, precache."""

from __future__ import annotations

import json
import re
import shutil
import struct
import tomllib
from pathlib import Path

import pytest

from tools.site import APP_ZIP, app_files, build_js, write_app_zip

ROOT = Path(__file__).resolve().parent.parent
STATIC = ROOT / "static"
MANIFEST = json.loads((STATIC / "manifest.webmanifest").read_text())


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path.name} is not a PNG"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_the_manifest_has_what_an_install_needs() -> None:
    assert MANIFEST["name"] and MANIFEST["short_name"] == "Cubiri"
    assert MANIFEST["display"] == "standalone"
    assert MANIFEST["start_url"] == "../" and MANIFEST["scope"] == "../"  # the site root
    assert re.fullmatch(r"#[0-9a-f]{6}", MANIFEST["theme_color"])
    assert re.fullmatch(r"#[0-9a-f]{6}", MANIFEST["background_color"])


def test_icons_are_an_svg_and_maskable_192_and_512_pngs() -> None:
    icons = MANIFEST["icons"]
    assert any(icon["type"] == "image/svg+xml" for icon in icons)
    for size in (192, 512):
        icon = next(i for i in icons if i["sizes"] == f"{size}x{size}")
        assert icon["type"] == "image/png" and "maskable" in icon["purpose"].split()
        assert png_size(STATIC / icon["src"]) == (size, size)
    for icon in icons:
        assert (STATIC / icon["src"]).is_file(), icon["src"]


def test_every_url_of_the_page_is_relative_so_a_sub_path_works() -> None:
    html = (ROOT / "index.html").read_text()
    urls = re.findall(r'(?:src|href)="([^"#]+)"', html)
    assert urls and all(url.startswith("./") for url in urls), urls
    assert '<link rel="manifest" href="./static/manifest.webmanifest">' in html
    config = tomllib.loads((ROOT / "pyscript.toml").read_text())
    assert all(url.startswith("./") for url in [config["interpreter"], *config["files"]])
    worker = (ROOT / "sw.js").read_text()
    assert 'register("./sw.js"' in (STATIC / "sw-client.js").read_text()
    assert 'importScripts("./static/vendor/build.js")' in worker
    assert 'addEventListener("fetch"' in worker


@pytest.fixture
def site(tmp_path: Path) -> Path:
    """The site's own files with the archive built into them, as `make vendor` leaves them,
    but without a build step having run (a fresh clone has no static/vendor): the pinned
    runtime's files are left out either way, since index.html's static/vendor URLs are not
    checked here."""
    for name in app_files():
        if not name.startswith("static/vendor/"):
            (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, tmp_path / name)
    write_app_zip(target=tmp_path / APP_ZIP)
    return tmp_path


def test_the_precache_holds_every_file_the_page_loads(site: Path) -> None:
    files = set(app_files(site))
    html = (ROOT / "index.html").read_text()
    for url in re.findall(r'(?:src|href)="\./([^"#]+)"', html):
        if not url.startswith("static/vendor/"):
            assert url in files, url
    config = tomllib.loads((ROOT / "pyscript.toml").read_text())
    for url in config["files"]:
        assert url.removeprefix("./") in files, url
    assert "index.html" in files and "static/manifest.webmanifest" in files
    assert APP_ZIP.as_posix() in files
    built = json.loads(build_js(site).split("= ", 1)[1].rstrip(";\n"))
    assert built["version"].startswith("pyodide-314.0.7+pyscript-0.7.31+")
    assert built["files"][0] == "./"
