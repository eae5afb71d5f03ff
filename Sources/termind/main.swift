import TermindCLI

TermindCLI.CLIPlaceholder.main()
