-- Whether this Host's shells start with Termind's shell integration (bash and zsh marking
-- prompts and commands with OSC 133 for the command history). On unless the person turns it
-- off for the Host.
ALTER TABLE hosts ADD COLUMN shell_integration INTEGER NOT NULL DEFAULT 1 CHECK (shell_integration IN (0, 1));
