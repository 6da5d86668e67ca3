"""Accessibility probes for the e2e tests (issue 14): axe-core, focus, contrast, overflow.

axe-core is a dev dependency (package.json), never part of the site: the page gets it from a
same-origin URL that the test answers from node_modules, so the app's Content-Security-Policy
(script-src 'self') allows it and no inline script is needed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page, Route

from e2e.conftest import READY, READY_TIMEOUT_MS

ROOT = Path(__file__).resolve().parent.parent
AXE_JS = ROOT / "node_modules" / "axe-core" / "axe.min.js"
AXE_URL = "__axe/axe.min.js"  # answered by the test, never by the server
WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
LOCALE = {"en": "en-GB", "hu": "hu-HU", "pt": "pt-PT", "vi": "vi-VN"}


def new_page(browser: Browser, base_url: str, language: str, viewport: dict[str, int]) -> Page:
    """A fresh context in `language` whose page can load axe-core. Service workers are blocked:
    a request the worker makes would not reach `page.route`."""
    # Without it the route below could not answer and add_script_tag would wait for ever.
    assert AXE_JS.is_file(), f"{AXE_JS} is missing: `make vendor` installs the npm packages"
    context: BrowserContext = browser.new_context(
        locale=LOCALE[language], viewport=viewport, service_workers="block"
    )
    page = context.new_page()

    def answer(route: Route) -> None:
        route.fulfill(body=AXE_JS.read_bytes(), content_type="text/javascript")

    page.route(f"**/{AXE_URL}", answer)
    return page


def open_at(page: Page, base_url: str, path: str = "") -> None:
    page.goto(base_url + path)
    page.wait_for_selector(READY, state="attached", timeout=READY_TIMEOUT_MS)


def axe_violations(page: Page) -> list[str]:
    """Every WCAG 2.2 A/AA violation axe-core finds on the page as shown, one line each."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        base = page.evaluate("document.baseURI")
        page.add_script_tag(url=str(base).split("#")[0].rsplit("/", 1)[0] + "/" + AXE_URL)
    result: list[dict[str, Any]] = page.evaluate(
        """async tags => {
            const r = await axe.run(document, {runOnly: {type: 'tag', values: tags},
                                               resultTypes: ['violations']});
            return r.violations.map(v => ({id: v.id, impact: v.impact,
                nodes: v.nodes.map(n => n.target.join(' ') + ': ' + n.failureSummary)}));
        }""",
        WCAG_TAGS,
    )
    return [f"{v['id']} ({v['impact']}): {node}" for v in result for node in v["nodes"]]


def focus_report(page: Page) -> dict[str, Any]:
    """Where the focus is, and whether a player can see and use it there."""
    report: dict[str, Any] = page.evaluate(
        """() => {
            const el = document.activeElement;
            if (!el || el === document.body || el === document.documentElement)
                return {where: 'body', ok: false};
            const box = el.getBoundingClientRect();
            const style = getComputedStyle(el);
            const visible = box.width > 0 && box.height > 0 && style.visibility !== 'hidden'
                && !el.closest('[hidden]');
            const enabled = !el.disabled;
            const where = el.id ? '#' + el.id : el.tagName.toLowerCase() + '.' + el.className;
            return {where, ok: visible && enabled, visible, enabled};
        }"""
    )
    return report


CONTRAST_JS = """
([selector, shape]) => {
    // WCAG 2.2 contrast from computed colours, at its worst over what is behind: every colour
    // stop of a gradient counts, layers are blended down to the first opaque one (the page's
    // own gradient included). `shape`: the element's fill or border against what surrounds
    // it (non-text contrast); else its text colour against its background.
    const parse = c => {
        const p = c.split(/[^0-9.]+/).filter(Boolean).map(Number);
        return {r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1};
    };
    const colours = style => {
        const stops = (style.backgroundImage.match(/rgba?\\([^)]*\\)/g) || []).map(parse);
        const fill = parse(style.backgroundColor);
        return fill.a > 0 ? [...stops, fill] : stops;
    };
    const blend = (top, under) => ({
        r: top.r * top.a + under.r * (1 - top.a), g: top.g * top.a + under.g * (1 - top.a),
        b: top.b * top.a + under.b * (1 - top.a), a: 1});
    const behind = el => {
        const layers = [];
        for (let n = el; n; n = n.parentElement) {
            const found = colours(getComputedStyle(n));
            if (found.length) layers.push(found);
            if (found.some(c => c.a >= 1) && n !== document.body) break;
        }
        let under = [{r: 0, g: 0, b: 0, a: 1}];
        for (const layer of layers.reverse())
            under = layer.flatMap(top => under.map(u => blend(top, u)));
        return under;
    };
    const lum = c => {
        const f = v => {
            v /= 255;
            return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
        };
        return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b);
    };
    const ratio = (x, y) => {
        const [a, b] = [lum(x), lum(y)].sort((p, q) => q - p);
        return (a + 0.05) / (b + 0.05);
    };
    const el = document.querySelector(selector);
    if (!el) return null;
    const style = getComputedStyle(el);
    if (shape) {
        const around = behind(el.parentElement);
        const own = colours(style);
        const border = parse(style.borderTopColor);
        const seen = [...own, ...(parseFloat(style.borderTopWidth) > 0 ? [border] : [])];
        // The best of fill and border against the worst of what surrounds it.
        return Math.max(...seen.map(
            c => Math.min(...around.map(u => ratio(blend(c, u), u)))));
    }
    const backs = behind(el);
    return Math.min(...backs.map(b => ratio(blend(parse(style.color), b), b)));
}
"""


def text_contrast(page: Page, selector: str) -> float:
    ratio = page.evaluate(CONTRAST_JS, [selector, False])
    assert ratio is not None, f"{selector} is not on the page"
    return round(float(ratio), 2)


def shape_contrast(page: Page, selector: str) -> float:
    """A control's or cell's fill (or border) against what surrounds it (non-text: 3:1)."""
    ratio = page.evaluate(CONTRAST_JS, [selector, True])
    assert ratio is not None, f"{selector} is not on the page"
    return round(float(ratio), 2)


def wholly_in_view(page: Page, selector: str) -> bool:
    """Whether `selector` shows whole on the screen, from its top to its bottom."""
    return bool(
        page.evaluate(
            """s => { const r = document.querySelector(s).getBoundingClientRect();
                      return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight; }""",
            selector,
        )
    )


def sideways_overflow(page: Page) -> int:
    """How many CSS px the page scrolls sideways (0: it reflows)."""
    return int(
        page.evaluate(
            "() => document.scrollingElement.scrollWidth - document.scrollingElement.clientWidth"
        )
    )


def broken_words(page: Page, scope: str) -> list[str]:
    """Table cells and buttons under `scope` too narrow for a word of theirs, which the page
    then breaks inside the word or lets overflow (an audit read "Ponto|s" and
    "Co|m|pu|ta|do|r" at 320 px): each one and the word. Words are split where a line may
    break (spaces, after a hyphen or a slash)."""
    found: list[str] = page.evaluate(
        """scope => {
            const out = [];
            const pen = document.createElement('canvas').getContext('2d');
            const cells = `${scope} th, ${scope} td, ${scope} button`;
            for (const cell of document.querySelectorAll(cells)) {
                if (cell.closest('[hidden], .visually-hidden, [aria-hidden=true]')) continue;
                if (!cell.getBoundingClientRect().width) continue;
                const box = getComputedStyle(cell);
                const room = cell.clientWidth - parseFloat(box.paddingLeft)
                    - parseFloat(box.paddingRight);
                const texts = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
                for (let node = texts.nextNode(); node; node = texts.nextNode()) {
                    const style = getComputedStyle(node.parentElement);
                    if (node.parentElement.closest('.visually-hidden')) continue;
                    pen.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} `
                        + style.fontFamily;  // the computed `font` shorthand is empty
                    const spacing = parseFloat(style.letterSpacing) || 0;
                    for (let word of node.textContent.split(/[ \\t\\n\\r]+|(?<=[-\\u2010\\/])/)) {
                        if (!word) continue;
                        if (style.textTransform === 'uppercase') word = word.toUpperCase();
                        const width = pen.measureText(word).width + spacing * word.length;
                        const where = cell.closest('[id]');
                        if (width > room + 1) out.push(`${where ? where.id : ''} ${word}`);
                    }
                }
            }
            return out;
        }""",
        scope,
    )
    return found


def clipped(page: Page, scope: str) -> list[str]:
    """Visible elements under `scope` whose own text is cut: wider than their box, or past the
    viewport's right edge."""
    found: list[str] = page.evaluate(
        """scope => {
            const out = [];
            const width = document.documentElement.clientWidth;
            for (const el of document.querySelectorAll(scope + ' *')) {
                if (el.closest('[hidden], .visually-hidden, [aria-hidden=true]')) continue;
                const box = el.getBoundingClientRect();
                if (box.width === 0 || box.height === 0) continue;
                const style = getComputedStyle(el);
                if (style.position === 'absolute' && style.clipPath === 'inset(50%)') continue;
                const hasText = [...el.childNodes].some(
                    n => n.nodeType === 3 && n.textContent.trim());
                const cuts = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
                if (hasText && cuts && el.scrollWidth > el.clientWidth + 1)
                    out.push((el.id || el.tagName + '.' + el.className) + ' cut');
                if (box.right > width + 1 || box.left < -1)
                    out.push((el.id || el.tagName + '.' + el.className) + ' off-screen');
            }
            return out;
        }""",
        scope,
    )
    return found
