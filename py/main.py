"""Entry point PyScript runs: wire the shell, then the page is ready."""

from app.browser.shell import Shell

Shell().start()
