#!/usr/bin/env bash
# Build netCDF-C 4.10.1 into .deps/netcdf-4.10, for test/t_ncrc.sh only.
#
# Opt-in: setup.sh and the CI never call it. netCDF-C 4.10 loads
# user-defined formats itself from .ncrc (NETCDF.UDFn.LIBRARY/INIT/MAGIC,
# doc/reading.md); Debian bookworm ships 4.9.0, so this takes the upstream
# source Debian's unstable suite packages (netcdf 1:4.10.1-1), checks it
# against the MD5 sum in that package's .dsc, and builds a small
# configuration: the shared library, HDF5 (bookworm's libhdf5-dev) and the
# utilities (ncdump); no DAP, byte-range, S3, NCZarr, filter plugins,
# tests, examples or documentation. About 3 minutes on 2 shared cores.
#
#   bash scripts/netcdf410.sh            # then: make check TESTS=test/t_ncrc.sh
#
# NCSF_NETCDF410=DIR installs elsewhere (the test reads the same variable).
# Needs cmake, libhdf5-dev, m4 and curl (apt-get installs what is missing).
# Idempotent: does nothing when DIR/bin/nc-config says 4.10.1.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
prefix=${NCSF_NETCDF410:-$top/.deps/netcdf-4.10}
version=4.10.1
pool=http://deb.debian.org/debian/pool/main/n/netcdf
dsc=netcdf_${version}-1.dsc
tarball=netcdf_${version}.orig.tar.gz
src="$top/.deps/src"
jobs=${NCSF_JOBS:-2}

say()  { printf '[netcdf410] %s\n' "$*" >&2; }
fail() { printf '[netcdf410] FAILED: %s\n' "$*" >&2; exit 1; }
trap 'fail "command on line $LINENO exited with status $?"' ERR

# real paths (.deps may be a symbolic link): the programs' run path is the
# prefix's, and CMake, run from a directory reached through a link, would
# put the link's path in it (it maps its working directory's real path to
# $PWD)
mkdir -p "$prefix" "$src"
prefix=$(cd "$prefix" && pwd -P)
src=$(cd "$src" && pwd -P)
if [ -x "$prefix/bin/nc-config" ] && [ "$("$prefix/bin/nc-config" --version)" = "netCDF $version" ] &&
   case $(ldd "$prefix/bin/ncdump" 2> /dev/null) in *"$prefix/lib/libnetcdf"*) true ;; *) false ;; esac; then
  say "netCDF-C $version already built in $prefix"
  exit 0
fi

missing=""
for p in cmake libhdf5-dev m4 curl; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing="$missing $p"
done
if [ -n "$missing" ]; then
  say "installing Debian packages:$missing"
  [ "$(id -u)" -eq 0 ] || fail "need root to apt-get install$missing"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  # shellcheck disable=SC2086
  apt-get install -y -qq --no-install-recommends $missing >/dev/null
fi

# ---- the source, checked against the .dsc ---------------------------------
cd "$src"
[ -f "$dsc" ] || curl -sSfL -o "$dsc" "$pool/$dsc" || fail "download $pool/$dsc"
want=$(awk -v f="$tarball" '/^Files:/ {in_files = 1; next} /^[^ ]/ {in_files = 0}
                            in_files && $3 == f {print $1}' "$dsc")
[ -n "$want" ] || fail "$dsc lists no MD5 sum for $tarball"
if [ ! -f "$tarball" ] || [ "$(md5sum < "$tarball" | cut -d' ' -f1)" != "$want" ]; then
  say "downloading $tarball (about 26 MB)"
  curl -sSfL -o "$tarball.part" "$pool/$tarball" || fail "download $pool/$tarball"
  mv "$tarball.part" "$tarball"
fi
got=$(md5sum < "$tarball" | cut -d' ' -f1)
[ "$got" = "$want" ] || fail "$tarball: MD5 $got, the .dsc says $want"
say "$tarball: MD5 $got matches $dsc"
rm -rf "netcdf-c-$version"
tar xzf "$tarball"

# ---- configure, build, install --------------------------------------------
build="$src/netcdf-c-$version/build"
mkdir -p "$build"
cd "$build"
say "configuring (log: $src/netcdf410-cmake.log)"
cmake .. -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$prefix" \
  -DCMAKE_INSTALL_RPATH="$prefix/lib" -DCMAKE_INSTALL_LIBDIR=lib \
  -DBUILD_SHARED_LIBS=ON -DNETCDF_ENABLE_HDF5=ON -DNETCDF_BUILD_UTILITIES=ON \
  -DNETCDF_ENABLE_REMOTE_FUNCTIONALITY=OFF -DNETCDF_ENABLE_DAP=OFF \
  -DNETCDF_ENABLE_BYTERANGE=OFF -DNETCDF_ENABLE_S3=OFF -DNETCDF_ENABLE_NCZARR=OFF \
  -DNETCDF_ENABLE_PLUGINS=OFF -DNETCDF_ENABLE_FILTER_TESTING=OFF \
  -DNETCDF_ENABLE_LIBXML2=OFF -DNETCDF_ENABLE_TESTS=OFF -DNETCDF_ENABLE_EXAMPLES=OFF \
  -DNETCDF_ENABLE_DOXYGEN=OFF -DNETCDF_ENABLE_LARGE_FILE_TESTS=OFF \
  > "$src/netcdf410-cmake.log" 2>&1 || fail "cmake (see $src/netcdf410-cmake.log)"
say "building with -j$jobs (log: $src/netcdf410-make.log)"
make -j"$jobs" > "$src/netcdf410-make.log" 2>&1 || fail "make (see $src/netcdf410-make.log)"
make install > "$src/netcdf410-install.log" 2>&1 || fail "make install (see $src/netcdf410-install.log)"
cd "$src"
rm -rf "netcdf-c-$version"
say "netCDF-C $("$prefix/bin/nc-config" --version | cut -d' ' -f2) installed in $prefix"
