"""The ``potager`` command: one module per sub-command (``play``, ``replay``, ``simulate``,
``games``), wired together in `potager.cli.main`; helpers shared by them in `options`."""
