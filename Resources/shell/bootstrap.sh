# Termind's shell-integration bootstrap (docs/behaviour.md §3). The SSH session's command, on
# the PTY, is a fixed line that turns the terminal's echo off, says it is ready and reads this
# program from the terminal with `sh -s` (stderr aside, so that sh is not interactive): no
# program is ever in a command line on the server, and nothing of it shows on screen. It is
# one brace group, read whole before it runs, so sh reads no byte past it (what is typed
# meanwhile stays for the shell). It turns echo back on, finds the person's login shell; for
# bash 4+ it starts it with an rcfile that loads their own profile first, for zsh with a
# ZDOTDIR whose files source theirs first; each then loads Termind's OSC 133 marks, each
# carrying this session's token. Both files sit in a private mktemp directory that the shell
# removes once it has read them. Anything else, or any step failing, execs the plain login
# shell after telling termind (OSC 133;I;off). termind puts the bash and zsh scripts in place
# of the two @...@ lines below, and the token in place of @TERMIND_TOKEN@.
{
stty echo 2>/dev/null
exec 2>&1
__termind_token=@TERMIND_TOKEN@
__termind_shell=${SHELL:-}
if [ -z "$__termind_shell" ] && command -v getent >/dev/null 2>&1; then
    __termind_shell=$(getent passwd "$(id -un)" | cut -d: -f7)
fi
[ -n "$__termind_shell" ] || __termind_shell=/bin/sh
__termind_dir=

__termind_plain() {
    [ -n "$__termind_dir" ] && rm -rf "$__termind_dir"
    printf '\033]133;I;off;termind=%s\007' "$__termind_token"
    exec "$__termind_shell" -l
    exec /bin/sh -l
}

case ${__termind_shell##*/} in
    bash | zsh) ;;
    *) __termind_plain ;;
esac
[ -x "$__termind_shell" ] || __termind_plain
__termind_dir=$(umask 077 && mktemp -d "${TMPDIR:-/tmp}/termind-shell.XXXXXXXX" 2>/dev/null) || __termind_plain
[ -d "$__termind_dir" ] || __termind_plain

case ${__termind_shell##*/} in
bash)
    "$__termind_shell" -c '[ "${BASH_VERSINFO[0]:-0}" -ge 4 ]' 2>/dev/null || __termind_plain
    cat >"$__termind_dir/bashrc" <<'__TERMIND_END_OF_BASH__' || __termind_plain
@TERMIND_BASH@
__TERMIND_END_OF_BASH__
    export __TERMIND_DIR="$__termind_dir"
    exec "$__termind_shell" --rcfile "$__termind_dir/bashrc" -i
    ;;
zsh)
    cat >"$__termind_dir/.zshenv" <<'__TERMIND_END_OF_ZSH__' || __termind_plain
@TERMIND_ZSH@
__TERMIND_END_OF_ZSH__
    export __TERMIND_DIR="$__termind_dir"
    if [ -n "${ZDOTDIR+set}" ]; then export __TERMIND_ZDOTDIR="$ZDOTDIR"; fi
    export ZDOTDIR="$__termind_dir"
    exec "$__termind_shell" -l
    ;;
esac
__termind_plain
}
