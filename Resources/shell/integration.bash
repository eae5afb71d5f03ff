# Termind's bash integration, read as bash's --rcfile (docs/behaviour.md §3). It loads what a
# login shell would (/etc/profile, then the first of ~/.bash_profile, ~/.bash_login,
# ~/.profile), then marks prompts and commands for termind's command history:
#   OSC 133;A  a prompt starts          OSC 133;B  input starts (end of PS1)
#   OSC 133;C;cmdline_url=TEXT          a command starts, TEXT percent-encoded
#   OSC 133;D;STATUS;duration_ms=N      it ended, timed here with EPOCHREALTIME (bash 5+)
#   OSC 7;file://HOST/PATH              the working directory
# each ending with this session's token (;termind=TOKEN, ?termind=TOKEN for OSC 7), which
# the bootstrap puts in place below: marks a program prints without it are not recorded.
# Its own helpers are named __termind_* and never create rows: the DEBUG trap that stands in
# for a preexec hook ignores them, and marks a command only between a prompt and its end.

__termind_token=@TERMIND_TOKEN@
__termind_dir=$__TERMIND_DIR
unset __TERMIND_DIR
[ -r /etc/profile ] && . /etc/profile
for __termind_file in ~/.bash_profile ~/.bash_login ~/.profile; do
    if [ -r "$__termind_file" ]; then . "$__termind_file"; break; fi
done
unset __termind_file
[ -n "$__termind_dir" ] && command rm -rf -- "$__termind_dir"
unset __termind_dir

# Percent-encodes $1 byte by byte into __termind_encoded (unreserved characters kept).
__termind_encode() {
    local LC_ALL=C text=$1 out= char i
    for (( i = 0; i < ${#text}; i++ )); do
        char=${text:i:1}
        case $char in
            [a-zA-Z0-9./_~-]) out+=$char ;;
            *) printf -v char '%%%02X' "'$char"; out+=${char: -3} ;;
        esac
    done
    __termind_encoded=$out
}

__termind_now_us() {
    __termind_now=${EPOCHREALTIME//[!0-9]/}
}

# Runs first in PROMPT_COMMAND: the end of the command that ran, if one did.
__termind_precmd() {
    local status=$?
    __termind_armed=0
    if [[ $__termind_running == 1 ]]; then
        __termind_running=0
        local duration=
        if [[ -n $__termind_started && -n $EPOCHREALTIME ]]; then
            __termind_now_us
            duration=";duration_ms=$(( (__termind_now - __termind_started) / 1000 ))"
        fi
        printf '\033]133;D;%s%s;termind=%s\007' "$status" "$duration" "$__termind_token"
    fi
}

# Runs last in PROMPT_COMMAND: the directory, the prompt's start, and the DEBUG trap armed
# for the next command line.
__termind_prompt() {
    __termind_encode "$PWD"
    printf '\033]7;file://%s%s?termind=%s\007\033]133;A;termind=%s\007' \
        "${HOSTNAME:-}" "$__termind_encoded" "$__termind_token" "$__termind_token"
    case $PS1 in
        *"\\[\\e]133;B;termind=$__termind_token\\a\\]") ;;
        *) PS1="$PS1\\[\\e]133;B;termind=$__termind_token\\a\\]" ;;
    esac
    # The mark carries the token: a PS1 the rc exported must not hand it to every child.
    export -n PS1
    __termind_histno=$(HISTTIMEFORMAT= builtin history 1)
    __termind_histno=${__termind_histno#"${__termind_histno%%[0-9]*}"}
    __termind_histno=${__termind_histno%%[!0-9]*}
    __termind_armed=1
}

# The DEBUG trap: the first simple command after a prompt starts the command line.
__termind_preexec() {
    [[ $__termind_armed == 1 ]] || return 0
    case $BASH_COMMAND in __termind_*) return 0 ;; esac
    __termind_armed=0
    __termind_running=1
    local line number text=
    line=$(HISTTIMEFORMAT= builtin history 1)
    number=${line#"${line%%[0-9]*}"}
    number=${number%%[!0-9]*}
    # The line reached the history only if its number moved on: otherwise bash kept it out
    # (a leading space with ignorespace, history off) and its text stays unknown here.
    if [[ -n $number && $number != "$__termind_histno" ]]; then
        text=${line#*[0-9][ *] }
        __termind_encode "$text"
        text=";cmdline_url=$__termind_encoded"
    fi
    [[ -n $EPOCHREALTIME ]] && __termind_now_us && __termind_started=$__termind_now
    printf '\033]133;C%s;termind=%s\007' "$text" "$__termind_token"
}

if (( BASH_VERSINFO[0] >= 4 )); then
    __termind_running=0
    __termind_armed=0
    if [[ $(declare -p PROMPT_COMMAND 2>/dev/null) == "declare -a"* ]]; then
        PROMPT_COMMAND=(__termind_precmd "${PROMPT_COMMAND[@]}" __termind_prompt)
    else
        # Joined by newlines, not `;`: the person's own may end in `;` (pyenv's hook does) or in
        # a comment, and either would break a `;`-joined line.
        __termind_nl=$'\n'
        PROMPT_COMMAND="__termind_precmd${__termind_nl}${PROMPT_COMMAND:+$PROMPT_COMMAND$__termind_nl}__termind_prompt"
        unset __termind_nl
    fi
    trap '__termind_preexec' DEBUG
else
    printf '\033]133;I;off;termind=%s\007' "$__termind_token"
fi
