"""Cubiri's UI layer: the only code that touches the DOM, localStorage and `js`."""
