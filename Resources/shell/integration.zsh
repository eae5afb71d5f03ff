# Termind's zsh integration, read as $ZDOTDIR/.zshenv from the private directory the
# bootstrap made (docs/behaviour.md §3). It puts the person's ZDOTDIR back, sources their own
# .zshenv, removes the directory, and adds hooks that mark prompts and commands:
#   OSC 133;A  a prompt starts          OSC 133;B  input starts (end of PS1)
#   OSC 133;C;cmdline_url=TEXT          a command starts, TEXT percent-encoded
#   OSC 133;D;STATUS;duration_ms=N      it ended, timed here with EPOCHREALTIME
#   OSC 7;file://HOST/PATH              the working directory
# each ending with this session's token (;termind=TOKEN, ?termind=TOKEN for OSC 7), which
# the bootstrap puts in place below: marks a program prints without it are not recorded.
# zsh then reads the person's .zprofile, .zshrc and .zlogin from their own ZDOTDIR.
# Termind's helpers are named __termind_* and never create rows.

__termind_token=@TERMIND_TOKEN@
__termind_dir=$ZDOTDIR
if [[ -n ${__TERMIND_ZDOTDIR+set} ]]; then
    ZDOTDIR=$__TERMIND_ZDOTDIR
else
    unset ZDOTDIR
fi
unset __TERMIND_ZDOTDIR __TERMIND_DIR
[[ -r ${ZDOTDIR:-$HOME}/.zshenv ]] && builtin source ${ZDOTDIR:-$HOME}/.zshenv
[[ -n $__termind_dir ]] && command rm -rf -- $__termind_dir
unset __termind_dir

zmodload zsh/datetime 2>/dev/null
autoload -Uz add-zsh-hook

# Percent-encodes $1 byte by byte into __termind_encoded (unreserved characters kept).
__termind_encode() {
    emulate -L zsh
    local LC_ALL=C text=$1 out= char i
    for (( i = 1; i <= ${#text}; i++ )); do
        char=${text[i]}
        case $char in
            [a-zA-Z0-9./_~-]) out+=$char ;;
            *) printf -v char '%%%02X' "'$char"; out+=${char[-3,-1]} ;;
        esac
    done
    __termind_encoded=$out
}

__termind_precmd() {
    local exit_status=$?
    if [[ $__termind_running == 1 ]]; then
        __termind_running=0
        local duration=
        local -i milliseconds
        if [[ -n $__termind_started && -n $EPOCHREALTIME ]]; then
            milliseconds=$(( (EPOCHREALTIME - __termind_started) * 1000 ))
            duration=";duration_ms=$milliseconds"
        fi
        printf '\033]133;D;%s%s;termind=%s\007' $exit_status "$duration" "$__termind_token"
    fi
    __termind_encode "$PWD"
    printf '\033]7;file://%s%s?termind=%s\007\033]133;A;termind=%s\007' \
        "${HOST:-}" "$__termind_encoded" "$__termind_token" "$__termind_token"
    local mark=$'%{\e]133;B;termind='$__termind_token$'\a%}'
    [[ $PS1 == *$mark ]] || PS1="$PS1$mark"
    # The mark carries the token: a PS1 the rc exported must not hand it to every child.
    typeset -g +x PS1
}

# $1 is the line as typed.
__termind_preexec() {
    __termind_running=1
    local text=
    if [[ -n $1 ]]; then
        __termind_encode "$1"
        text=";cmdline_url=$__termind_encoded"
    fi
    __termind_started=$EPOCHREALTIME
    printf '\033]133;C%s;termind=%s\007' "$text" "$__termind_token"
}

__termind_running=0
add-zsh-hook precmd __termind_precmd
add-zsh-hook preexec __termind_preexec
