// Loading progress before Python is ready: PyScript dispatches `py:progress` events on the
// window while it fetches and boots Pyodide. Their text is PyScript's own (English), so the
// page shows only how far along it is; the label is the shell's localised string.
const fill = document.getElementById("loading-fill");
let steps = 0;
// PyScript 0.7 reports roughly this many steps for a page with a [files] table.
const EXPECTED_STEPS = 8;

addEventListener("py:progress", () => {
  steps += 1;
  const share = Math.min(0.95, steps / EXPECTED_STEPS);
  if (fill) fill.style.transform = `scaleX(${share})`;
});
