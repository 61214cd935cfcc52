#!/bin/bash
# callers.sh PREFIX [N]: where the collectives counted with
# MPICOUNT_CALLERS=PREFIX came from (libmpicount.so writes PREFIX.RANK):
# the N (20) call sites with the most calls, summed over ranks, each frame
# named by addr2line (function, file:line) when the object has symbols.
set -uo pipefail
pre=${1:?usage: callers.sh PREFIX [N]} top=${2:-20}
ls "$pre".* > /dev/null 2>&1 || { echo "callers.sh: no $pre.* files" >&2; exit 2; }
declare -A names
name() {  # object+0xoffset -> function (file:line)
  local f=${1%+0x*} off=${1##*+}
  if [ -z "${names[$1]+x}" ]; then
    local n
    n=$(addr2line -f -i -e "$f" "$off" 2> /dev/null | head -n 2 | paste -sd ' ')
    case $n in ''|'?? ??:0'|'??'*) n="$(basename "$f")+$off" ;; esac
    names[$1]=$n
  fi
  printf '%s' "${names[$1]}"
}
awk '{ k = $2; for (i = 3; i <= NF; i++) k = k " " $i; n[k] += $1 }
     END { for (k in n) print n[k], k }' "$pre".* | sort -k1,1nr | head -n "$top" |
while read -r n kind frames; do
  printf '%7d %s\n' "$n" "$kind"
  for fr in $frames; do
    printf '          %s\n' "$(name "$fr" | sed 's|/work/[^ ]*/\(src\|benchmarks\)/|\1/|; s|  *| |g')"
  done
done
