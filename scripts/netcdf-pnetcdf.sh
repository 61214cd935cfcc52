#!/usr/bin/env bash
# Build netCDF-C with its PnetCDF dispatch (--enable-pnetcdf) against the
# project's PnetCDF into .deps/netcdf-pnetcdf, with its nc_test programs
# built, for test/t_netcdf_pnetcdf.sh (full tier).
#
# Opt-in: setup.sh never calls it. Debian's libnetcdf is built without
# PnetCDF, so a program's nc_create_par(..., NC_PNETCDF) cannot be tried
# with it. The source is Debian's netcdf source package (`apt-get source
# netcdf`: bookworm's 4.9.0, its upstream tarball checked by apt against the
# signed .dsc); the build is the classic formats only (no HDF5, DAP,
# NCZarr, byte-range, plugins or utilities; shared library only), compiled with mpicc (MPICH)
# against .deps/pnetcdf. About 3 minutes on 2 shared cores.
#
#   bash scripts/netcdf-pnetcdf.sh     # then: make check TESTS=test/t_netcdf_pnetcdf.sh
#
# NCSF_NETCDF_PNETCDF=DIR installs elsewhere (the test reads the same
# variable); the built tree stays in .deps/src/netcdf-c-*-pnetcdf (the test
# runs nc_test's programs from there). Idempotent: does nothing when the
# library, nc-config --has-pnetcdf and the nc_test programs are there.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
prefix=${NCSF_NETCDF_PNETCDF:-$top/.deps/netcdf-pnetcdf}
pnetcdf=${NCSF_PNETCDF:-$top/.deps/pnetcdf}
src="$top/.deps/src"
jobs=${NCSF_JOBS:-2}

say()  { printf '[netcdf-pnetcdf] %s\n' "$*" >&2; }
fail() { printf '[netcdf-pnetcdf] FAILED: %s\n' "$*" >&2; exit 1; }
trap 'fail "command on line $LINENO exited with status $?"' ERR

mkdir -p "$prefix" "$src"
prefix=$(cd "$prefix" && pwd -P)
src=$(cd "$src" && pwd -P)
[ -f "$pnetcdf/include/pnetcdf.h" ] || fail "no PnetCDF in $pnetcdf (scripts/setup.sh builds it)"
pnetcdf=$(cd "$pnetcdf" && pwd -P)
command -v mpicc > /dev/null || fail "mpicc not found"

tree=$(ls -d "$src"/netcdf-c-*-pnetcdf 2> /dev/null | head -1 || true)
if [ -x "$prefix/bin/nc-config" ] && [ "$("$prefix/bin/nc-config" --has-pnetcdf)" = yes ] &&
   [ -n "$tree" ] && [ -x "$tree/nc_test/tst_pnetcdf" ] && [ -x "$tree/nc_test/nc_test" ]; then
  say "netCDF-C $("$prefix/bin/nc-config" --version | cut -d' ' -f2) with PnetCDF already built in $prefix ($tree)"
  exit 0
fi

# ---- the source: Debian's netcdf source package ----------------------------
dl="$src/netcdf-debian"
mkdir -p "$dl"
cd "$dl"
if ! ls netcdf_*.orig.tar.gz > /dev/null 2>&1; then
  say "apt-get source --download-only netcdf (into $dl)"
  apt-get source --download-only netcdf > "$src/netcdf-pnetcdf-source.log" 2>&1 ||
    fail "apt-get source netcdf (needs a deb-src line; see $src/netcdf-pnetcdf-source.log)"
fi
tarball=$(ls netcdf_*.orig.tar.gz | sort -V | tail -1)
dsc=$(ls netcdf_*.dsc | sort -V | tail -1)
want=$(awk -v f="$tarball" '/^Files:/ {in_files = 1; next} /^[^ ]/ {in_files = 0}
                            in_files && $3 == f {print $1}' "$dsc")
got=$(md5sum < "$tarball" | cut -d' ' -f1)
[ "$got" = "$want" ] || fail "$tarball: MD5 $got, $dsc says ${want:-nothing}"
version=${tarball#netcdf_}; version=${version%.orig.tar.gz}
tree="$src/netcdf-c-$version-pnetcdf"
say "$tarball: MD5 matches $dsc; building netCDF-C $version in $tree"
rm -rf "$tree" "$src/netcdf-c-$version"
tar xzf "$tarball" -C "$src"
mv "$src/netcdf-c-$version" "$tree"

# ---- configure, build, install --------------------------------------------
cd "$tree"
say "configuring (log: $src/netcdf-pnetcdf-configure.log)"
./configure CC=mpicc --prefix="$prefix" \
  CPPFLAGS="-I$pnetcdf/include" LDFLAGS="-L$pnetcdf/lib -Wl,-rpath,$pnetcdf/lib -Wl,-rpath,$prefix/lib" \
  --enable-pnetcdf --disable-static --disable-hdf5 --disable-dap --disable-byterange --disable-nczarr \
  --disable-plugins --disable-utilities --disable-examples --disable-libxml2 --disable-doxygen \
  > "$src/netcdf-pnetcdf-configure.log" 2>&1 || fail "configure (see $src/netcdf-pnetcdf-configure.log)"
say "building with -j$jobs (log: $src/netcdf-pnetcdf-make.log)"
{ make -j"$jobs" && make install && make -j"$jobs" -C nc_test check TESTS= ; } \
  > "$src/netcdf-pnetcdf-make.log" 2>&1 || fail "make (see $src/netcdf-pnetcdf-make.log)"
[ "$("$prefix/bin/nc-config" --has-pnetcdf)" = yes ] || fail "nc-config --has-pnetcdf says no"
say "netCDF-C $version with PnetCDF installed in $prefix; nc_test built in $tree/nc_test"
