# bash completion for referee: its commands and flags, the games in the
# rules folders and the bots in the bots folders, as the binary finds them.
# Installed by make install as share/bash-completion/completions/referee
# (bash-completion finds it by the command's name).

# The .lua files (names without .lua) of the folders the binary searches.
_referee_scripts()
{
    local kind=$1 env=$2 bin dirs d f
    bin=$(command -v referee 2>/dev/null)
    dirs="${!env}"
    [ -n "$bin" ] && dirs="$dirs:$(dirname "$(readlink -f "$bin")")/$kind:$(dirname "$(dirname "$(readlink -f "$bin")")")/share/referee/$kind"
    dirs="$dirs:./$kind"
    local IFS=:
    for d in $dirs; do
        [ -d "$d" ] || continue
        for f in "$d"/*.lua; do
            [ -e "$f" ] && basename "$f" .lua
        done
    done | sort -u
}

_referee()
{
    local cur prev cmd
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD-1]}
    cmd=${COMP_WORDS[1]}
    if [ "$COMP_CWORD" -eq 1 ]; then
        COMPREPLY=($(compgen -W "games bots diff play serve run tournament merge report replay check --help --version" -- "$cur"))
        return
    fi
    case $prev in
    --seats|--bots)
        # a comma-separated list: complete its last entry
        local head=${cur%,*} last=${cur##*,} words
        words="$(_referee_scripts bots REFEREE_BOTS)"
        [ "$prev" = --seats ] && words="human random $words"
        [ "$head" = "$cur" ] && head="" || head="$head,"
        COMPREPLY=($(compgen -P "$head" -W "$words" -- "$last"))
        return ;;
    --out|--report|-o|--rules|--save|--resume|--tls-cert|--tls-key)
        COMPREPLY=($(compgen -f -- "$cur"))
        return ;;
    --on-fault)
        COMPREPLY=($(compgen -W "play-on forfeit" -- "$cur"))
        return ;;
    --table)
        COMPREPLY=($(compgen -W "dice cards all" -- "$cur"))
        return ;;
    --seed|--set|--names|--games|--jobs|--shard|--bot-budget|--bot-memory|--game-memory|--max-moves|--listen|--claim-time|--public-url)
        return ;;
    esac
    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W "$(referee --help 2>/dev/null | grep -o -- '--[a-z-]*' | sort -u)" -- "$cur"))
        return
    fi
    case $cmd in
    play|serve|run|tournament|diff|check)
        [ "$COMP_CWORD" -eq 2 ] && COMPREPLY=($(compgen -W "$(_referee_scripts rules REFEREE_RULES)" -- "$cur")) ;;
    merge|report|replay)
        COMPREPLY=($(compgen -f -- "$cur")) ;;
    esac
}
complete -F _referee referee
