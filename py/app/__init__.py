"""The UI: `pure` (view models, texts, records, saves; no browser) and `browser` (DOM, storage)."""
