from visolve.cli import entry

entry()
