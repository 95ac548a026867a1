"""Browser tests: a package, so that its conftest is a module of its own (browser.conftest)."""
