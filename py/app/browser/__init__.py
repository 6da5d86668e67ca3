"""The browser part of the UI: the DOM, localStorage, the screens and the shell."""
