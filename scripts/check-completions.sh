#!/usr/bin/env bash
# Checks what statekit-inspect's --completion and --man print, in the shells themselves: each
# script parses (bash -n, zsh -n, fish --no-execute), zsh's and fish's offer for a set of
# command lines what bash's offers (bash's is checked against the declaration by
# Tests/InspectTests/CommandLineSpecTests.swift), and the man page renders without a warning.
#
# Usage: scripts/check-completions.sh PATH-TO-statekit-inspect
# Needs bash, zsh, fish and groff (.ci/run installs them). Exits 1 with a line per problem.
set -euo pipefail
tool="$1"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for shell in bash zsh fish; do "$tool" --completion "$shell" >"$work/$shell"; done
bash -n "$work/bash"
zsh -n "$work/zsh"
fish --no-execute "$work/fish"

# zsh: the completion system's functions replaced by stubs that print what would be offered.
cat >"$work/zsh-offers" <<'ZSH'
_describe() { local -a entries; entries=("${(@P)4}"); print -rl -- "${entries[@]%%:*}"; }
compadd() { [[ $1 == -- ]] && shift; print -rl -- "$@"; }
_files() { print -rl -- *(N); }
_message() { :; }
compdef() { :; }
source "$1"
shift
words=(statekit-inspect "$@"); CURRENT=$#words
_statekit-inspect
ZSH

mkdir "$work/files" && touch "$work/files/theme.json"
cd "$work/files"
problems=0
# Each command line ends with the word being completed ('' for a new word).
while IFS= read -r line; do
  eval "words=($line)"
  bash_offers=$(bash -c 'source "$1"; shift; COMP_WORDS=(statekit-inspect "$@"); COMP_CWORD=$#
    _statekit_inspect; printf "%s\n" "${COMPREPLY[@]}"' - "$work/bash" "${words[@]}" | sort -u)
  zsh_offers=$(zsh -f "$work/zsh-offers" "$work/zsh" "${words[@]}" | sort -u)
  fish_line="statekit-inspect ${words[*]}"
  fish_offers=$(fish --no-config -c 'source $argv[1]; complete -C $argv[2]' "$work/fish" \
    "$fish_line" | cut -f1 | sort -u)
  for shell in zsh fish; do
    offers="${shell}_offers"
    if [[ "${!offers}" != "$bash_offers" ]]; then
      echo "$shell offers for [$line]: $(echo ${!offers}); bash: $(echo $bash_offers)"
      problems=$((problems + 1))
    fi
  done
  if [[ -z "$bash_offers" && "$line" != *"--state "* ]]; then
    echo "nothing offered for [$line]"
    problems=$((problems + 1))
  fi
done <<'LINES'
''
-
'--json' ''
1 -
encode -
error -
theme -
theme t
--color ''
--completion ''
--states t
error --errors t
--state ''
LINES

warnings=$("$tool" --man | groff -man -Tutf8 -ww -z 2>&1 || true)
if [[ -n "$warnings" ]]; then
  echo "groff warns about the man page: $warnings"
  problems=$((problems + 1))
fi
if ((problems > 0)); then exit 1; fi
echo "completions: bash, zsh and fish offer the same; the man page renders without warnings"
