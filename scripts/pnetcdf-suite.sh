#!/usr/bin/env bash
# PnetCDF's own test programs through ncsf (1.12.3's, the build's, by
# default; another version's with --pnetcdf).
#
# Builds every program ("make check TESTS=", C and Fortran) of PnetCDF's
# test directories that this PnetCDF build has (testcases, nonblocking,
# C, nc_test, nf_test, nf90_test, F90, cdf_format, header, fandc,
# largefile, subfile, burst_buffer, and cdl from 1.15 on; left out: CXX,
# nc4 and adios, whose interfaces scripts/setup.sh does not build) from
# the configured PnetCDF source, and runs each the way PnetCDF's own
# scripts do (their arguments, directory and process counts: see runs_of),
# at 1 and 4 processes, twice: plain, and under
# LD_PRELOAD=libncsf-preload.so with NCSF_HINTS="subfiling=enable;
# subfiling_nfiles=2;subfiling_min_size=0", which subfiles every variable
# that can be, however small. A run passes when the program passes both
# ways and every netCDF file it wrote through ncsf, merged by ncsf-merge,
# equals the plain one: byte for byte (cmp), else under PnetCDF's
# ncmpidiff (header and data; a file
# over 1 GiB, mostly holes in these programs, is left to the program's
# own checks of what it reads back). Programs known to fail through ncsf,
# each with its reason, are listed in scripts/pnetcdf-suite.xfail
# (1.12.3) or scripts/pnetcdf-suite-VERSION.xfail; one of them that
# passes is reported (so the list only shrinks). A run that needs more
# disk or memory than is free, or that fails without ncsf, is skipped
# with the reason.
#
#   bash scripts/pnetcdf-suite.sh [OPTION...] [RUN...]   (after scripts/setup.sh)
#
# Options:
#   --pnetcdf VERSION   test PnetCDF VERSION: its installation
#                       .deps/pnetcdf-VERSION, its configured source (test
#                       programs) .deps/versions-src/pnetcdf-VERSION
#                       (scripts/pnetcdf-version.sh VERSION makes both),
#                       its list scripts/pnetcdf-suite-VERSION.xfail
#   --ncsf-build DIR    the ncsf build (configured against that PnetCDF)
#                       whose libncsf-preload.so and ncsf-merge run: a
#                       VPATH build (scripts/matrix.sh makes one in
#                       /tmp/ncsf-matrix/pnetcdf-VERSION); default this
#                       checkout's build
#   --new-only          only the programs that PnetCDF 1.12.3's test tree
#                       (.deps/src/pnetcdf-1.12.3) does not have (CI's
#                       subset for a newer PnetCDF)
# Without options: PnetCDF 1.12.3, the checkout's build and its PnetCDF.
#
# RUN is a name as printed (testcases/flexible, nc_test/nc_test-5) or a
# directory (largefile). NCSF_SUITE_TIMEOUT: seconds each program may
# take, plain and through ncsf (default 180 for 1.12.3's programs, 900
# for 1.13's on, which repeat their test in up to 48 configurations; a
# hang fails, it does not block). NCSF_SUITE_SLOW=1 also
# runs the programs that take minutes (largefile/large_files: 4.3 GB
# written and read back).
#
# Prints one line per run and process count, with its time (a pass: how
# it divides, plain, through ncsf, files compared), then
# "N passed, N failed, N expected-failure (N skipped)"; exits 1 if any
# failed.
set -uo pipefail
cd "$(dirname "$0")/.."
top=$PWD
want= bld=$top new_only=0
while [ $# -gt 0 ]; do
  case $1 in
    --pnetcdf) want=${2:?--pnetcdf VERSION}; shift 2 ;;
    --pnetcdf=*) want=${1#*=}; shift ;;
    --ncsf-build) bld=${2:?--ncsf-build DIR}; shift 2 ;;
    --ncsf-build=*) bld=${1#*=}; shift ;;
    --new-only) new_only=1; shift ;;
    -h|--help) sed -n '2,50p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    --) shift; break ;;
    -*) echo "pnetcdf-suite.sh: unknown option $1 (--help)" >&2; exit 2 ;;
    *) break ;;
  esac
done
bld=$(cd "$bld" 2>/dev/null && pwd) || { echo "pnetcdf-suite.sh: no ncsf build directory" >&2; exit 1; }
pnc=$(sed -n 's/^PNETCDF_PREFIX = //p' "$bld/Makefile" 2>/dev/null)
[ -n "$pnc" ] || { echo "pnetcdf-suite.sh: no configured ncsf build in $bld (scripts/setup.sh, or --ncsf-build)" >&2; exit 1; }
pnc_ver=$("$pnc/bin/pnetcdf-config" --version 2>/dev/null | awk '{print $NF}')
src12=$(ls -d "$top"/.deps/src/pnetcdf-*/ 2>/dev/null | head -n 1)
src12=${src12%/}
if [ -z "$want" ]; then
  src=$src12
  xfail_list=$top/scripts/pnetcdf-suite.xfail
  [ -n "$src" ] && [ -f "$src/test/testcases/Makefile" ] ||
    { echo "pnetcdf-suite.sh: no configured PnetCDF source in .deps/src (scripts/setup.sh)" >&2; exit 1; }
else
  src=$top/.deps/versions-src/pnetcdf-$want
  xfail_list=$top/scripts/pnetcdf-suite-$want.xfail
  [ -f "$src/test/testcases/Makefile" ] ||
    { echo "pnetcdf-suite.sh: no configured PnetCDF $want source in $src (scripts/pnetcdf-version.sh $want)" >&2; exit 1; }
  [ "$pnc_ver" = "$want" ] ||
    { echo "pnetcdf-suite.sh: the ncsf build in $bld uses PnetCDF ${pnc_ver:-of unknown version} ($pnc), not $want (--ncsf-build DIR: a build configured --with-pnetcdf=$top/.deps/pnetcdf-$want)" >&2; exit 1; }
  [ -f "$xfail_list" ] || xfail_list=/dev/null
fi
# the test programs are those of the PnetCDF this build uses, or none
src_ver=${src##*/pnetcdf-}
if [ "$pnc_ver" != "$src_ver" ]; then
  echo "SKIP: pnetcdf-suite.sh: this build uses PnetCDF ${pnc_ver:-of unknown version} ($pnc), the test programs in $src are $src_ver's"
  exit 0
fi
# 1.13 on: the programs take -q (quiet), -k (keep the files) and -o FILE
newargs=0
grep -q -- '-q -o' "$src/test/testcases/parallel_run.sh" 2>/dev/null && newargs=1
cd "$bld" || exit 1
make -s -j2 libncsf-preload.la tools/ncsf-merge test/libyieldidle.la > /dev/null || exit 1
pre=$bld/.libs/libncsf-preload.so
# both runs preload test/yield_idle.c's shim (4 ranks on 2 cores: MPICH
# would poll without yielding); NCSF_TEST_YIELD=0 leaves it out
yield=
[ "${NCSF_TEST_YIELD:-1}" = 0 ] || yield=$bld/test/.libs/libyieldidle.so
merge=$bld/tools/ncsf-merge
diff=$pnc/bin/ncmpidiff
MPIEXEC=${MPIEXEC:-mpiexec}
. "$top/scripts/launcher.sh"   # ncsf_launch: MPICH, Open MPI or srun
NCSF_LAUNCHER=${NCSF_LAUNCHER:-$(ncsf_launcher_kind)}
TIMEOUT=${NCSF_SUITE_TIMEOUT:-180}
[ $newargs = 1 ] && TIMEOUT=${NCSF_SUITE_TIMEOUT:-900}
HINTS="subfiling=enable;subfiling_nfiles=2;subfiling_min_size=0"
BIG=$((1 << 30))
dirs="testcases nonblocking C nc_test nf_test nf90_test F90 cdf_format header fandc largefile subfile burst_buffer"
[ -f "$src/test/cdl/Makefile" ] && dirs="$dirs cdl"
# a PnetCDF built without Fortran (--disable-fortran) has not its
# Fortran directories (the others leave their Fortran programs out)
if [ "$("$pnc/bin/pnetcdf-config" --has-fortran 2>/dev/null)" = no ]; then
  dirs=$(echo " $dirs " | sed 's/ nf_test / /; s/ nf90_test / /; s/ F90 / /; s/^ //; s/ $//')
fi

# How PnetCDF's scripts run DIR/PROG, one line per run:
#   NAME|PROCS|CWD|FIRST|ARGS|UNDEFINED
# NAME is what is printed and what scripts/pnetcdf-suite.xfail names.
# PROCS: the process counts. CWD: "prog" runs it in its directory (some
# read files there), "out" in the run's output directory (it writes files
# of fixed names into the current one). FIRST: a program of the same
# directory run before it with the same arguments (a reader's writer).
# In ARGS @OUT@ is the output directory, @SRC@ the program's source
# directory. UNDEFINED: process counts at which what the program leaves
# in its files is not determined (processes writing the same elements
# with different values, or parts never written in a file without fill):
# the files are not compared there, the program's own checks of what it
# reads stand. The default is PROG @OUT@/PROG.nc at 1 and 4 processes.
runs_of() {
  local d=${1%/*} p=${1#*/} v
  [ $newargs = 1 ] && { runs_of_new "$@"; return; }
  case $1 in
    nc_test/nc_test|nf_test/nf_test|nf90_test/nf90_test)
      # seq_runs.sh: one process (at 4 they fail or hang without ncsf),
      # CDF-1, 2 and 5; they read their own sources as non-netCDF files
      for v in "" -2 -5; do echo "$1$v|1|prog||$v -d @OUT@"; done ;;
    nc_test/tst_misc)   echo "$1|1|prog||@OUT@/$p.nc" ;;   # hangs at 4 without ncsf
    cdf_format/test_inq_format|cdf_format/tst_corrupt)
                        echo "$1|1 4|prog||@SRC@" ;;       # reads test_cdf*.nc, bad_*.nc*
    cdf_format/tst_open_cdf5) echo "$1|1 4|prog||@SRC@/bad_begin.nc5" ;;
    F90/tst_io)         echo "$1|1 4|prog||@OUT@" ;;
    C/pres_temp_4D_rd)  echo "$1|1 4|prog|pres_temp_4D_wr|@OUT@/pres_temp_4D.nc" ;;
    # PnetCDF's own subfiling: the plain file is a placeholder whose data
    # are in FILE.subfile_N.nc, which ncmpidiff does not follow
    subfile/test_subfile) echo "$1|1 4|prog||-f @OUT@/$p.nc -s 2|1 4" ;;
    fandc/pnctest|fandc/pnctestf|fandc/pnf_test|fandc/fixedform|fandc/freeform)
                        echo "$1|1 4|out||" ;;             # write testfile.nc, pnf_test.nc
    # MPI_COMM_SELF on every process: the same 4.3 GB file written by each
    largefile/large_files) echo "$1|1|prog||@OUT@/$p.nc" ;;
    # 10240 dimensions, variables and attributes: at 4 processes on 2
    # cores it takes minutes without ncsf; its variable of 10240
    # dimensions is beyond ncsf-merge (1024, netCDF-C's limit): not compared
    largefile/large_dims_vars_attrs) echo "$1|1|prog||@OUT@/$p.nc|1" ;;
    # every process writes the whole variable, each its own values
    F90/test_fill)      echo "$1|1 4|prog||@OUT@/$p.nc|4" ;;
    # each of 4 processes writes a quarter; fewer leave the rest unwritten
    F90/f90tst_parallel) echo "$1|1 4|prog||@OUT@/$p.nc|1" ;;
    *)                  echo "$1|1 4|prog||@OUT@/$p.nc" ;;
  esac
}

# The same for PnetCDF 1.13 on, whose scripts pass "-q -o FILE" (and
# -k here: keep the files to compare them). Many programs then run their
# test in several configurations (intra-node aggregation, internal
# buffering, data sieving, collective and independent mode), each into a
# file of its own (FILE.nc5.ina.mpio.ibuf.nobb.ds.coll_mod...), and
# compare those with ncmpidiff themselves; every one is compared here.
runs_of_new() {
  local d=${1%/*} p=${1#*/} v k=
  # the programs built on test/common's tst_main or get_args know -k;
  # without it they delete their files
  grep -qsE 'tst_main|get_args' "$src/test/$d/$p".[cfFm]* && k="-k "
  case $1 in
    nc_test/nc_test|nf_test/nf_test|nf90_test/nf90_test)
      for v in "" -2 -5; do echo "$1$v|1|prog||$v -d @OUT@"; done ;;
    # nc_test's other programs (wrap_runs.sh): FILE as the argument
    nc_test/tst_misc)   echo "$1|1|prog||@OUT@/$p.nc" ;;
    nc_test/*)          echo "$1|1 4|prog||@OUT@/$p.nc" ;;
    cdf_format/test_inq_format) echo "$1|1 4|prog||-q ${k}-i @SRC@" ;;
    cdf_format/tst_corrupt)     echo "$1|1 4|prog||@SRC@" ;;
    cdf_format/tst_open_cdf5)   echo "$1|1 4|prog||@SRC@/bad_begin.nc5" ;;
    # it defines variables from a CDL header and never writes them (no
    # fill): their bytes are not determined (plain PnetCDF's file holds
    # -1071899xxx in var_int, ncsf's merged one zeros); headers agree
    cdl/tst_cdl_hdr_parser)     echo "$1|1 4|prog||-q ${k}-o @OUT@/$p.nc -i @SRC@/cdl_header.txt|1 4" ;;
    F90/tst_io)         echo "$1|1 4|prog||-q ${k}-o @OUT@" ;;
    C/pres_temp_4D_rd)  echo "$1|1 4|prog|pres_temp_4D_wr|-q ${k}-o @OUT@/pres_temp_4D.nc" ;;
    C/pres_temp_4D_wr)  echo "$1|1 4|prog||-q ${k}-o @OUT@/pres_temp_4D.nc" ;;
    subfile/test_subfile) echo "$1|1 4|prog||-q ${k}-o @OUT@/$p.nc|1 4" ;;
    # at 4 processes plain PnetCDF 1.15.0 takes 5 to over 10 minutes on 2
    # cores (each enddef moves the data through the programs' 500-byte
    # collective buffer, cb_buffer_size; tst_data_move 30 to 60 s for each
    # of its 48 files); through ncsf they do as at 1
    testcases/tst_redefine|testcases/tst_grow_header|testcases/tst_multi_redefine|testcases/tst_data_move|testcases/tst_grow_data)
                        echo "$1|1|prog||-q ${k}-o @OUT@/$p.nc" ;;
    # it defines a variable and never writes it, without fill: plain
    # 1.15.0's file ends at its header (128 bytes; ncmpidiff reads past
    # the end what its buffer held), ncsf's merged one holds zeros
    fandc/pnctest)      echo "$1|1 4|out|||1 4" ;;
    fandc/*)            echo "$1|1 4|out||" ;;
    # a buffer of 2 GiB (an attribute) and of 5 GiB (a request) per
    # process: one process only
    largefile/large_files|largefile/large_attr|largefile/large_reqs)
                        echo "$1|1|prog||-q ${k}-o @OUT@/$p.nc" ;;
    largefile/large_dims_vars_attrs) echo "$1|1|prog||-q ${k}-o @OUT@/$p.nc|1" ;;
    # plain PnetCDF 1.15.0 is wrong here: its put_vars of records 1 and 3
    # (stride 2 on the record dimension) writes records 1 and 2, and its
    # get_vars reads them back from there (1.12.3, 1.14.1 and ncsf write
    # records 1 and 3; doc/user-guide.md, "Which PnetCDF and MPI"): the
    # program's own checks pass both ways, its files cannot be compared
    largefile/high_dim_var) echo "$1|1 4|prog||-q ${k}-o @OUT@/$p.nc|1 4" ;;
    F90/test_fill)      echo "$1|1 4|prog||-q ${k}-o @OUT@/$p.nc|4" ;;
    F90/f90tst_parallel) echo "$1|1 4|prog||-q ${k}-o @OUT@/$p.nc|1" ;;
    *)                  echo "$1|1 4|prog||-q ${k}-o @OUT@/$p.nc" ;;
  esac
}

# What a run needs beyond the usual: "DISK_MB MEM_MB_PER_PROCESS SLOW"
# (disk: real bytes the plain and ncsf runs leave together, holes not
# counted; SLOW 1: run only with NCSF_SUITE_SLOW=1)
needs_of() {
  case $1 in
    largefile/large_files)    echo "9000 100 1" ;;
    largefile/large_attr)     echo "9000 6000 1" ;;   # 1.15: 2 GiB attributes
    largefile/large_reqs)     echo "12000 11000 1" ;; # 1.15: 5 GiB each way
    # 1.15: 400000 dimensions, variables or attributes (hashing): minutes
    # at one process, plain (tst_hash_large_nvars over 200 s here)
    largefile/tst_hash_large_*) echo "0 0 1" ;;
    largefile/high_dim_var)   echo "1300 400 0" ;;
    largefile/large_coalesce) echo "100 2200 0" ;;
    *)                        echo "0 0 0" ;;
  esac
}

# why NAME is expected to fail through ncsf at NP processes, or nothing
xfail_reason() {
  awk -v p="$1" -v n="$2" '!/^#/ && NF && $1 == p && ($2 == "*" || $2 == n) { $1 = ""; $2 = ""; sub(/^  */, ""); print; exit }' "$xfail_list"
}

# an entry's "match:TEXT" (its first word) or match:"TEXT" (words in
# quotes): the output through ncsf must contain TEXT, or the run fails in
# another way than the entry says
expect_of() {
  local r=${1#match:}
  case $r in
    \"*) r=${r#\"}; echo "${r%%\"*}" ;;
    *) echo "${r%% *}" ;;
  esac
}
# the entry's reason without its match:
why_of() {
  local r=${1#match:}
  case $1 in
    match:\"*) r=${r#\"*\"}; echo "${r# }" ;;
    match:*) echo "${r#* }" ;;
    *) echo "$1" ;;
  esac
}

# MB free on the file system of $1, and of memory
disk_free() { df -Pk "$1" | awk 'NR == 2 { print int($4 / 1024) }'; }
mem_free() { awk '/^MemAvailable:/ { print int($2 / 1024) }' /proc/meminfo; }

echo "== building PnetCDF's test programs ($dirs)"
make -s -C "$src/test/common" > /dev/null 2>&1 || { echo "pnetcdf-suite.sh: cannot build test/common" >&2; exit 1; }
pmk=$(mktemp "${TMPDIR:-/tmp}/ncsf-suite-progs.XXXXXX")
printf 'print-progs:\n\t@echo $(check_PROGRAMS)\n' > "$pmk"
progs_of() { make -s -C "$1" -f Makefile -f "$pmk" print-progs 2> /dev/null; }
runs=()
for d in $dirs; do
  progs=$(progs_of "$src/test/$d")
  build=()
  if [ $new_only = 1 ]; then
    # the programs 1.12.3's directory does not list (a directory it has
    # not: all of them)
    old=" $([ -f "$src12/test/$d/Makefile" ] && progs_of "$src12/test/$d") "
    new=
    for p in $progs; do [[ "$old" == *" $p "* ]] || new="$new $p"; done
    progs=${new# }
    [ -n "$progs" ] || continue
    build=("check_PROGRAMS=$progs")
  fi
  # two compilers at a time; once more one at a time if that fails
  make -s -j2 -C "$src/test/$d" check TESTS= "${build[@]}" > "$src/test/$d/.ncsf-build.log" 2>&1 ||
  make -s -C "$src/test/$d" check TESTS= "${build[@]}" > "$src/test/$d/.ncsf-build.log" 2>&1 ||
    { tail -20 "$src/test/$d/.ncsf-build.log" >&2; echo "pnetcdf-suite.sh: cannot build test/$d" >&2; rm -f "$pmk"; exit 1; }
  for p in $progs; do
    while IFS= read -r r; do runs+=("$d/$p|$r"); done < <(runs_of "$d/$p")
  done
done
rm -f "$pmk"
if [ $# -gt 0 ]; then
  sel=()
  for r in "${runs[@]}"; do
    IFS='|' read -r prog name _ <<< "$r"
    for a in "$@"; do
      [ "$a" = "$name" ] || [ "$a" = "$prog" ] || [ "$a" = "${prog%/*}" ] && { sel+=("$r"); break; }
    done
  done
  runs=("${sel[@]}")
fi

out=$(mktemp -d "${TMPDIR:-/tmp}/ncsf-suite.XXXXXX")
trap 'rm -rf "$out"' EXIT
npass=0 nfail=0 nxfail=0 nskip=0
failed=()
start_all=$SECONDS

# run_one MODE (plain|ncsf) NP: the run's program (and its FIRST) into $w/MODE
run_one() {
  local mode=$1 np=$2 o=$w/$1 cwd a env=() pl=$yield exe
  cwd=$pdir; [ "$cw" = out ] && cwd=$o
  a=${args//@OUT@/$o}; a=${a//@SRC@/$pdir}
  if [ "$mode" = ncsf ]; then
    env=("NCSF_HINTS=$HINTS"); pl="$pre${yield:+ $yield}"
  fi
  for exe in $first $pname; do
    # shellcheck disable=SC2086 # ARGS are words
    (cd "$cwd" && NCSF_LAUNCH_WRAP="timeout -k 10 $TIMEOUT" \
       ncsf_launch "$np" "${env[@]}" ${pl:+"LD_PRELOAD=$pl"} -- "$pdir/$exe" $a) >> "$w/$mode.txt" 2>&1 || return $?
  done
}

# compare: every netCDF file of the plain run, merged from the ncsf run;
# sets why (they differ) and notes (files left to the program's checks)
compare() {
  local f b sz
  for f in "$w"/plain/*; do
    b=${f##*/}
    head -c 3 "$f" 2> /dev/null | grep -q '^CDF' || continue
    [ -f "$w/ncsf/$b" ] || { why="no $b through ncsf"; return; }
    sz=$(stat -c %s "$f")
    # a variable defined large and never written (NC_NOFILL) leaves the
    # plain file small: the subfiles' lengths say how large the data is
    sf=$(du -cb --apparent-size "$w/ncsf/$b"* 2> /dev/null | tail -n 1 | cut -f1)
    [ "${sf:-0}" -gt "$sz" ] && sz=$sf
    [ "$sz" -gt "$BIG" ] && { notes="$notes; $b of $((sz >> 30)) GiB not compared"; continue; }
    "$merge" "$w/ncsf/$b" "$w/merged.nc" > "$w/merge.txt" 2>&1 ||
      { why="ncsf-merge $b: $(head -c 160 "$w/merge.txt")"; return; }
    nfiles=$((nfiles + 1))
    # the same bytes: equal (no ncmpidiff to start); else equal as
    # ncmpidiff compares them (header and every variable's values)
    if cmp -s "$f" "$w/merged.nc"; then
      nsame=$((nsame + 1))
    else
      LD_LIBRARY_PATH=$pnc/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} "$diff" -q "$f" "$w/merged.nc" > "$w/diff.txt" 2>&1 ||
        { why="$b differs: $(grep -m1 -v '^$' "$w/diff.txt" | cut -c1-160)"; return; }
    fi
    rm -f "$w/merged.nc"
  done
}

for r in "${runs[@]}"; do
  IFS='|' read -r prog name procs cw first args undef <<< "$r"
  pdir=$src/test/${prog%/*} pname=${prog#*/}
  read -r need_disk need_mem slow <<< "$(needs_of "$prog")"
  for np in $procs; do
    if [ "$slow" = 1 ] && [ "${NCSF_SUITE_SLOW:-0}" != 1 ]; then
      echo "SKIP: $name np=$np (takes minutes: NCSF_SUITE_SLOW=1 runs it)"; nskip=$((nskip + 1)); continue
    fi
    if [ "$need_disk" -gt 0 ] && [ "$(disk_free "$out")" -lt "$need_disk" ]; then
      echo "SKIP: $name np=$np (needs ${need_disk} MB of disk in $out, $(disk_free "$out") MB free)"
      nskip=$((nskip + 1)); continue
    fi
    if [ "$need_mem" -gt 0 ] && [ "$(mem_free)" -lt $((need_mem * np)) ]; then
      echo "SKIP: $name np=$np (needs $((need_mem * np)) MB of memory, $(mem_free) MB available)"
      nskip=$((nskip + 1)); continue
    fi
    w=$out/${name//\//_}.$np
    mkdir -p "$w/plain" "$w/ncsf"
    t0=$SECONDS
    run_one plain "$np"; prc=$?
    if [ $prc -ne 0 ]; then
      # not ncsf's business: the program does not pass on this count by itself
      why=$(grep -m1 -iE 'fail|error' "$w/plain.txt" | cut -c1-100)
      echo "SKIP: $name np=$np (fails without ncsf, exit $prc${why:+: $why})"
      nskip=$((nskip + 1)); rm -rf "$w"; continue
    fi
    t1=$SECONDS
    run_one ncsf "$np"; rc=$?
    t2=$SECONDS
    why="" notes="" nfiles=0 nsame=0
    [ $rc -eq 0 ] || why="exit $rc through ncsf: $(grep -m1 -iE 'fail|error|expect' "$w/ncsf.txt" | cut -c1-160)"
    [ $rc -eq 124 ] && why="timed out after ${TIMEOUT}s through ncsf"
    # a program that gives up with MPI_Abort(comm, 0) exits 0 (nf_test
    # does, on a bad ncid after a failed open): not a pass
    if [ -z "$why" ] && grep -q "application called MPI_Abort" "$w/ncsf.txt" &&
       ! grep -q "application called MPI_Abort" "$w/plain.txt"; then
      why="called MPI_Abort through ncsf (exit $rc): $(grep -m1 -iE 'fail|error|expect' "$w/ncsf.txt" | cut -c1-160)"
    fi
    if [ -z "$why" ] && [[ " $undef " == *" $np "* ]]; then
      notes="; files not compared at np=$np (runs_of says why)"
    elif [ -z "$why" ]; then
      compare
    fi
    t=$((SECONDS - t0))
    reason=$(xfail_reason "$name" "$np")
    if [ -z "$why" ] && [ -z "$reason" ]; then
      [ $nfiles -gt 0 ] && notes="; $nfiles files, $nsame of them byte for byte$notes"
      echo "PASS: $name np=$np (${t}s: plain $((t1 - t0))s, ncsf $((t2 - t1))s, files compared $((SECONDS - t2))s$notes)"; npass=$((npass + 1))
    elif [ -z "$why" ]; then
      echo "FAIL: $name np=$np (${t}s) passes but is listed as an expected failure ($reason): take it off the list"
      nfail=$((nfail + 1)); failed+=("$name np=$np")
    elif [ -n "$reason" ] && [[ "$reason" == match:* ]] &&
         ! grep -qF -- "$(expect_of "$reason")" "$w/ncsf.txt"; then
      echo "FAIL: $name np=$np (${t}s) fails, but not as its expected-failure entry says ($(expect_of "$reason") not printed): $why"
      nfail=$((nfail + 1)); failed+=("$name np=$np")
    elif [ -n "$reason" ]; then
      echo "XFAIL: $name np=$np (${t}s: $(why_of "$reason"))"; nxfail=$((nxfail + 1))
    else
      echo "FAIL: $name np=$np (${t}s): $why"; nfail=$((nfail + 1)); failed+=("$name np=$np")
    fi
    rm -rf "$w"
  done
done
echo "$npass passed, $nfail failed, $nxfail expected-failure ($nskip runs skipped) in $(( (SECONDS - start_all) / 60 ))m$(( (SECONDS - start_all) % 60 ))s"
[ $nfail -eq 0 ]
