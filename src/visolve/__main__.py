from visolve.cli import main

main()
