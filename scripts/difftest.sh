#!/bin/bash
# The differential tester's runner (doc/testing.md, "The differential tester").
#
#   scripts/difftest.sh [-n BUDGET] [-s FIRSTSEED] [-p NP] [-r REGDIR] [-S] [SEED...]
#   scripts/difftest.sh --replay FILE...
#
# Each seed's program (test/difftest/difftest) runs twice at P processes
# (P = 1 + seed % 4 unless -p): plain PnetCDF, and through ncsf's preload
# with every variable subfiled (2 or 3 subfiles). The runs agree when their
# exit statuses, their logs (rank by rank, line by line) and their datasets
# (ncsf-merge of the ncsf one against the plain one, by ncmpidiff and by
# ncdump) agree. A disagreement that matches test/difftest/known.txt is an
# XFAIL; any other is a FAIL, shrunk (delta debugging over the op list, the
# same first differing call) unless -S, and written to REGDIR as a
# reproducer. One PASS:/FAIL:/XFAIL: line per program, then the counts.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
B=${top_builddir:-$here}
S=${top_srcdir:-$here}
MPIEXEC=${MPIEXEC:-mpiexec}
. "$S/scripts/launcher.sh"      # ncsf_launch: MPICH, Open MPI or srun
NCDUMP=${NCDUMP:-ncdump}
PROG=${DIFFTEST_PROG:-$B/test/difftest/difftest}
PRE=$B/.libs/libncsf-preload.so
MERGE=$B/tools/ncsf-merge
# PnetCDF's ncmpidiff: the PnetCDF this tree was configured with (a copy
# such as scripts/sanitize.sh's build-san has no .deps of its own)
_pnc=$(sed -n 's/^PNETCDF_PREFIX = //p' "$B/Makefile" 2>/dev/null)
# first, then PATH's, then the source tree's .deps (a distribution's PnetCDF
# ships its tools in another package: Debian's pnetcdf-bin); ncmpidiff runs
# as one process without a launcher, so one built for another MPI serves
NCMPIDIFF=${NCMPIDIFF:-}
for _d in ${_pnc:+"$_pnc/bin/ncmpidiff"} "$(command -v ncmpidiff)" "$B/.deps/pnetcdf/bin/ncmpidiff" "$S/.deps/pnetcdf/bin/ncmpidiff"; do
  [ -n "$NCMPIDIFF" ] && break
  [ -n "$_d" ] && [ -x "$_d" ] && NCMPIDIFF=$_d
done
KNOWN=${DIFFTEST_KNOWN:-$S/test/difftest/known.txt}
TMO=${DIFFTEST_TIMEOUT:-30}
YIELD=
[ -f "$B/test/.libs/libyieldidle.so" ] && [ "${NCSF_TEST_YIELD:-1}" != 0 ] && YIELD=$B/test/.libs/libyieldidle.so
unset NCSF_HINTS PNETCDF_HINTS

budget=0 first=1 fixnp= regdir= shrink=1 replay=0 seeds=()
while [ $# -gt 0 ]; do
  case $1 in
    -n) budget=$2; shift ;;
    -s) first=$2; shift ;;
    -p) fixnp=$2; shift ;;
    -r) regdir=$2; shift ;;
    -S) shrink=0 ;;
    --replay) replay=1 ;;
    -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
    *) seeds+=("$1") ;;
  esac
  shift
done
[ -x "$PROG" ] || { echo "no $PROG: make check builds it (make test/difftest/difftest)" >&2; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/difftest.XXXXXX")
if [ -n "${DIFFTEST_KEEP:-}" ]; then echo "logs and datasets kept in $work"; else trap 'rm -rf "$work"' EXIT; fi
regdir=${regdir:-$work/regressions}
mkdir -p "$regdir"

# run KIND(plain|ncsf) DIR SEED NP NFILES [OPS]: leaves DIR/KIND.rc, DIR/KIND.log.*, DIR/KIND.nc
run() {
  local kind=$1 d=$2 seed=$3 np=$4 nf=$5 ops=${6:-} pre env=()
  local extra=()
  [ -n "$ops" ] && extra=(--ops "$ops")
  rm -f "$d/$kind".*
  if [ "$kind" = plain ]; then pre=$YIELD
  else
    pre="$PRE${YIELD:+ $YIELD}"
    env=("NCSF_HINTS=subfiling=enable;subfiling_nfiles=$nf;subfiling_min_size=0")
  fi
  [ -n "$pre" ] && env+=("LD_PRELOAD=$pre")
  NCSF_LAUNCH_WRAP="timeout -k 5 $TMO" ncsf_launch "$np" "${env[@]}" -- \
    "$PROG" "$seed" "$d/$kind.nc" "$d/$kind.log" "${extra[@]}" > "$d/$kind.out" 2>&1
  local rc=$?
  # a crash is a crash, whatever signal mpiexec reports it with
  case $rc in 0|124) ;; *) rc=crash ;; esac
  echo "$rc" > "$d/$kind.rc"
}

# the data and header of a dataset as ncdump prints them, without its name
dump_of() { "$NCDUMP" "$1" 2>&1 | sed 1d; }

# compare DIR NP: prints nothing when the runs agree, else one line saying
# where they first differ: "KIND|CALL|text"
compare() {
  local d=$1 np=$2 r prc src pl sl
  prc=$(cat "$d/plain.rc") src=$(cat "$d/ncsf.rc")
  for ((r = 0; r < np; r++)); do
    [ -f "$d/plain.log.$r" ] || : > "$d/plain.log.$r"
    [ -f "$d/ncsf.log.$r" ] || : > "$d/ncsf.log.$r"
    local n
    n=$(cmp "$d/plain.log.$r" "$d/ncsf.log.$r" 2>/dev/null | sed -n 's/.* line \([0-9]*\)$/\1/p')
    if [ -z "$n" ] && ! cmp -s "$d/plain.log.$r" "$d/ncsf.log.$r"; then
      # one log is a prefix of the other
      n=$(( $(wc -l < "$d/plain.log.$r") < $(wc -l < "$d/ncsf.log.$r") ? $(wc -l < "$d/plain.log.$r") + 1 : $(wc -l < "$d/ncsf.log.$r") + 1 ))
    fi
    if [ -n "$n" ]; then
      pl=$(sed -n "${n}p" "$d/plain.log.$r") sl=$(sed -n "${n}p" "$d/ncsf.log.$r")
      local call=${pl:-$sl}
      [ -z "$pl" ] && call=$sl
      [ -z "$sl" ] && [ "$src" != 0 ] && call="exit:$src"
      # the call and its op index: shrinking keeps op indices, so "the same
      # op differs first" is the criterion
      call=$(echo "$call" | sed 's/^\([0-9]*\) \([^( =]*\).*/\2@\1/')
      echo "log|$call|rank $r line $n: plain: ${pl:-<none, exit $prc>} || ncsf: ${sl:-<none, exit $src>}"
      return
    fi
  done
  if [ "$prc" != "$src" ]; then echo "exit|exit|plain exit $prc, ncsf exit $src"; return; fi
  [ "$prc" = 0 ] || return 0
  if [ -f "$d/plain.nc" ] && [ ! -f "$d/ncsf.nc" ]; then echo "dataset|missing|no ncsf dataset"; return; fi
  if [ ! -f "$d/plain.nc" ]; then
    [ -f "$d/ncsf.nc" ] && echo "dataset|extra|ncsf left a dataset where plain left none"
    ls "$d"/ncsf.nc.* > /dev/null 2>&1 && echo "dataset|extra|ncsf left subfiles: $(cd "$d" && ls ncsf.nc.* | tr '\n' ' ')"
    return 0
  fi
  rm -f "$d/merged.nc"
  if ! "$MERGE" "$d/ncsf.nc" "$d/merged.nc" > "$d/merge.out" 2>&1; then
    echo "dataset|merge|ncsf-merge fails: $(head -c 200 "$d/merge.out" | tr '\n' ' ')"; return
  fi
  # a plain file whose variables were never written all through ends
  # before its header says; netCDF-C reads zeros there, as does ncmpidiff
  # of PnetCDF 1.12.3 and 1.14.1, but 1.15.0's reads whatever its buffer
  # held: it compares a copy extended with zeros to the merged file's length
  local pf=$d/plain.nc ps ms
  ps=$(stat -c %s "$d/plain.nc") ms=$(stat -c %s "$d/merged.nc")
  if [ "$ps" -lt "$ms" ]; then
    pf=$d/plain-long.nc
    cp "$d/plain.nc" "$pf" && truncate -s "$ms" "$pf"
  fi
  # (its PnetCDF's library beside it: an installation without a run path,
  # as scripts/pnetcdf-version.sh's were and many sites' are)
  if [ -n "$NCMPIDIFF" ] && ! LD_LIBRARY_PATH="$(dirname "$NCMPIDIFF")/../lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
       "$NCMPIDIFF" -q "$pf" "$d/merged.nc" > "$d/diff.out" 2>&1; then
    echo "dataset|ncmpidiff|$(grep -v '^$' "$d/diff.out" | head -3 | tr '\n' ' ' | head -c 300)"; return
  fi
  dump_of "$d/plain.nc" > "$d/plain.cdl"; dump_of "$d/merged.nc" > "$d/merged.cdl"
  if ! cmp -s "$d/plain.cdl" "$d/merged.cdl"; then
    echo "dataset|ncdump|$(diff "$d/plain.cdl" "$d/merged.cdl" | grep '^[<>]' | head -2 | tr '\n' ' ' | head -c 300)"; return
  fi
}

# both runs of SEED at NP (with OPS), then compare: prints the difference
both() {
  local d=$1 seed=$2 np=$3 nf=$4 ops=${5:-}
  # side by side (they write different files): half the time on two cores
  run plain "$d" "$seed" "$np" "$nf" "$ops" &
  run ncsf "$d" "$seed" "$np" "$nf" "$ops"
  wait
  compare "$d" "$np"
}

# the known class whose pattern matches a difference line, if any
known_class() {
  [ -f "$KNOWN" ] || return 0
  local cls pat rest
  while IFS=$'\t' read -r cls pat rest; do
    case $cls in ''|'#'*) continue ;; esac
    if echo "$1" | grep -Eq -- "$pat"; then echo "$cls"; return; fi
  done < "$KNOWN"
}

# shrink: delta debugging over the op list, keeping the first differing call
shrink_ops() {
  local d=$1 seed=$2 np=$3 nf=$4 key=$5 n tests=0 chunk i j
  n=$("$PROG" "$seed" x x --print | wc -l)
  local ops=() keep try diffl
  for ((i = 0; i < n; i++)); do ops+=("$i"); done
  chunk=$(( (n + 1) / 2 ))
  while [ "$chunk" -ge 1 ] && [ $tests -lt "${DIFFTEST_SHRINK_TESTS:-60}" ]; do
    local removed=0
    for ((i = 0; i < ${#ops[@]} && tests < ${DIFFTEST_SHRINK_TESTS:-60}; i += chunk)); do
      keep=("${ops[@]:0:i}" "${ops[@]:i+chunk}")
      [ ${#keep[@]} -gt 0 ] || continue
      try=$(IFS=,; echo "${keep[*]}")
      tests=$((tests + 1))
      diffl=$(both "$d" "$seed" "$np" "$nf" "$try")
      if [ -n "$diffl" ] && [ "$(echo "$diffl" | cut -d'|' -f1-2)" = "$key" ]; then
        ops=("${keep[@]}"); removed=1; i=$((i - chunk))
      fi
    done
    [ $removed = 1 ] && [ "$chunk" -gt 1 ] && continue
    chunk=$((chunk / 2))
  done
  (IFS=,; echo "${ops[*]}")
}

pass=0 fail=0 xfail=0 skip=0
declare -A matched shrunk
one() {
  local seed=$1 np=$2 nf=$3 ops=${4:-} label=$5 d diffl key cls
  d=$work/s$seed; mkdir -p "$d"
  diffl=$(both "$d" "$seed" "$np" "$nf" "$ops")
  if [ -z "$diffl" ]; then echo "PASS: $label"; pass=$((pass + 1)); return; fi
  # a program plain PnetCDF crashes on says nothing of ncsf (the generator
  # avoids the inputs known to crash it; doc/testing.md lists them)
  # PnetCDF 1.12.3 asserts on a flexible text buffer into a number
  # (convert_swap.c), in either run, on some runs only: its input, not ncsf
  if grep -qs "ncmpii_need_convert: Assertion" "$d/plain.out" "$d/ncsf.out"; then
    echo "SKIP: $label: PnetCDF 1.12.3 aborts on this program (its own assertion)"; skip=$((skip + 1)); return
  fi
  case $diffl in
    *"plain: <none, exit crash>"*)
      echo "SKIP: $label: plain PnetCDF crashes on this program"; skip=$((skip + 1)); return ;;
    *"plain: <none, exit 124>"*)
      echo "SKIP: $label: plain PnetCDF hangs on this program"; skip=$((skip + 1)); return ;;
  esac
  # plain PnetCDF must be deterministic: run it again (DIFFTEST_PLAIN_RUNS
  # times in all, 3 by default), compare with itself; a program whose
  # outcome depends on timing there (processes writing the same elements)
  # is no evidence against ncsf
  local r
  for ((r = 2; r <= ${DIFFTEST_PLAIN_RUNS:-3}; r++)); do
    mkdir -p "$d/again$r"; run plain "$d/again$r" "$seed" "$np" "$nf" "$ops"
    for f in "$d"/again$r/plain.log.*; do
      if ! cmp -s "$f" "$d/$(basename "$f")"; then echo "SKIP: $label: plain PnetCDF runs differ from each other"; skip=$((skip + 1)); return; fi
    done
    # a difference in the datasets: the plain datasets must agree too
    if [ "${diffl%%|*}" = dataset ] && [ -f "$d/plain.nc" ] &&
       [ "$(dump_of "$d/plain.nc")" != "$(dump_of "$d/again$r/plain.nc")" ]; then
      echo "SKIP: $label: plain PnetCDF's datasets differ from each other"; skip=$((skip + 1)); return
    fi
  done
  # plain PnetCDF under Open MPI's OMPIO: a collective put it refuses
  # with NC_EPERM on a read-only handle still takes part in the collective
  # write, OMPIO tries it on the read-only descriptor ("fbtl_pwritev
  # failed" on stderr) and plain's record count moves on; ncsf's stays, as
  # plain's does under MPICH and ROMIO (seed 27 at 4 processes)
  if grep -q 'fbtl_pwritev failed' "$d/plain.out" 2> /dev/null && ! grep -q 'fbtl_pwritev failed' "$d/ncsf.out" 2> /dev/null; then
    echo "SKIP: $label: plain PnetCDF under OMPIO wrote through a read-only handle (fbtl_pwritev failed): its run is no reference"
    skip=$((skip + 1)); return
  fi
  key=$(echo "$diffl" | cut -d'|' -f1-2)
  cls=$(known_class "$diffl")
  if [ -n "$cls" ]; then
    matched[$cls]=1
    echo "XFAIL: $label: known $cls: $(echo "$diffl" | cut -d'|' -f3- | head -c 400)"
    xfail=$((xfail + 1)); return
  fi
  echo "FAIL: $label: $(echo "$diffl" | cut -d'|' -f3- | head -c 600)"
  fail=$((fail + 1))
  [ "$shrink" = 1 ] && [ -z "$ops" ] && [ -z "${shrunk[$key]:-}" ] || return 0
  shrunk[$key]=1
  local small first
  small=$(shrink_ops "$d" "$seed" "$np" "$nf" "$key")
  first=$(both "$d" "$seed" "$np" "$nf" "$small")
  local f=$regdir/$(echo "$key" | tr '|/: ' '----')-$seed.txt
  { echo "# reproducer of a disagreement (scripts/difftest.sh --replay FILE)"
    echo "# cause: (to be classified)"
    echo "seed=$seed"; echo "gen=${DIFFTEST_GEN:-$("$PROG" --gen-version)}"; echo "np=$np"; echo "nfiles=$nf"; echo "ops=$small"
    echo "first=$(echo "$first" | cut -d'|' -f3- | head -c 800)"
    echo "# the program, ops kept:"
    "$PROG" "$seed" x x --print | awk -v keep=",$small," -F' ' '{ i = $1 + 0; if (index(keep, "," i ",")) print "#  " $0 }'
  } > "$f"
  echo "  shrunk to ops $small: $f"
}

if [ $replay = 1 ]; then
  for f in "${seeds[@]}"; do
    seed=$(sed -n 's/^seed=//p' "$f") np=$(sed -n 's/^np=//p' "$f") nf=$(sed -n 's/^nfiles=//p' "$f") ops=$(sed -n 's/^ops=//p' "$f")
    # the generator's rules the reproducer was cut with (no gen= line: version 1)
    export DIFFTEST_GEN; DIFFTEST_GEN=$(sed -n 's/^gen=//p' "$f"); DIFFTEST_GEN=${DIFFTEST_GEN:-1}
    one "$seed" "$np" "${nf:-2}" "$ops" "difftest replay $(basename "$f") np=$np"
    unset DIFFTEST_GEN
  done
else
  if [ ${#seeds[@]} -eq 0 ]; then
    [ "$budget" -gt 0 ] || budget=30
    for ((s = first; s < first + budget; s++)); do seeds+=("$s"); done
  fi
  for seed in "${seeds[@]}"; do
    np=${fixnp:-$((1 + seed % 4))}
    nf=$((2 + seed % 2))
    one "$seed" "$np" "$nf" "" "difftest seed $seed np=$np nfiles=$nf"
  done
fi
# a known class that matched nothing: its fix may have landed (the list only shrinks)
if [ -f "$KNOWN" ]; then
  while IFS=$'\t' read -r cls rest; do
    case $cls in ''|'#'*) continue ;; esac
    [ -n "${matched[$cls]:-}" ] || echo "NOTE: known class $cls matched nothing in this run"
  done < "$KNOWN"
fi
[ "$shrink" = 1 ] && [ $fail -gt 0 ] && echo "reproducers in $regdir" && [ "$regdir" = "$work/regressions" ] &&
  { keep=${TMPDIR:-/tmp}/difftest-regressions.$$; cp -r "$regdir" "$keep"; echo "  (copied to $keep)"; }
echo "$pass passed, $fail failed${xfail:+, $xfail xfail}${skip:+, $skip skipped}"
[ $fail -eq 0 ]
