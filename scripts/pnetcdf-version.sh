#!/usr/bin/env bash
# Build one of the PnetCDF releases of the version matrix against MPICH:
#
#   bash scripts/pnetcdf-version.sh 1.15.0     (or 1.14.1)
#
# installs PnetCDF VERSION into .deps/pnetcdf-VERSION of the checkout, from
# the source archive pnetcdf-VERSION.tar.gz in ../shared/deps (relative to
# the checkout, or to the checkout .deps links to; NCSF_PNETCDF_ARCHIVES
# names another folder). The archives are
# `git archive`s of the release tags, not release tarballs: autoreconf -fi
# first, with LT_PREREQ lowered to the libtool Debian bookworm has (2.4.7),
# and 1.15's GIO submodule left out (--disable-gio).
#
# C only (no Fortran, no C++): the Fortran interfaces cost more build time
# than the whole C library and only test/t_fortran.sh uses them (it says SKIP
# without them). NCSF_PNETCDF_FORTRAN=yes builds them as scripts/setup.sh
# does for 1.12.3. Shared and static libraries, built with -O2.
#
# Idempotent: an installed VERSION is left alone. The source tree stays in
# .deps/versions-src/pnetcdf-VERSION (configured, for PnetCDF's own test
# programs); the logs are .deps/pnetcdf-VERSION-{autoreconf,configure,make,
# install}.log. The prefix appears only once the installation is complete.
#
# Exit status: 0 installed (or already there), 1 failed, 77 the archive is
# absent (a message says so; the callers report SKIP).
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
version=${1:-}
case $version in
  [0-9]*.[0-9]*.[0-9]*) ;;
  -h|--help) sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  *) echo "pnetcdf-version.sh: usage: pnetcdf-version.sh VERSION (e.g. 1.15.0)" >&2; exit 2 ;;
esac
deps="$top/.deps"
prefix="$deps/pnetcdf-$version"
# ../shared/deps next to the checkout, or next to the checkout that .deps
# belongs to when .deps is a link to another one's (a git worktree's)
archives=${NCSF_PNETCDF_ARCHIVES:-$top/../shared/deps}
if [ -z "${NCSF_PNETCDF_ARCHIVES:-}" ] && [ ! -d "$archives" ] && [ -d "$deps" ]; then
  archives="$(cd -P "$deps" && cd .. && pwd)/../shared/deps"
fi
archive="$archives/pnetcdf-$version.tar.gz"
srcroot="$deps/versions-src"
src="$srcroot/pnetcdf-$version"
log="$deps/pnetcdf-$version"
fortran=${NCSF_PNETCDF_FORTRAN:-no}
jobs=${NCSF_BUILD_JOBS:-$(nproc 2>/dev/null || echo 2)}

say()  { printf '[pnetcdf-%s] %s\n' "$version" "$*" >&2; }
fail() { printf '[pnetcdf-%s] FAILED: %s\n' "$version" "$*" >&2; exit 1; }

if [ -x "$prefix/bin/pnetcdf-config" ] && [ -f "$prefix/lib/libpnetcdf.a" ] &&
   [ "$("$prefix/bin/pnetcdf-config" --version 2>/dev/null | awk '{print $NF}')" = "$version" ]; then
  say "already installed in $prefix"
  exit 0
fi
if [ ! -f "$archive" ]; then
  say "no source archive $archive: PnetCDF $version cannot be built here"
  exit 77
fi
command -v mpicc >/dev/null || fail "mpicc not found (scripts/setup.sh installs MPICH)"

mkdir -p "$srcroot"
rm -rf "$src" "$prefix.staging"
say "unpacking $archive into $src"
tar -xzf "$archive" -C "$srcroot" || fail "tar -xzf $archive"
[ -f "$src/configure.ac" ] || fail "$archive does not unpack into pnetcdf-$version/"
cd "$src"
# Debian bookworm's libtool is 2.4.7; the release tags ask for 2.5.4 and
# need nothing of it.
sed -i 's/^LT_PREREQ(\[2\.5\.[0-9]*\])/LT_PREREQ([2.4.7])/' configure.ac
rm -f m4/libtool.m4 m4/ltoptions.m4 m4/ltsugar.m4 m4/ltversion.m4 m4/lt~obsolete.m4
say "autoreconf -fi"
autoreconf -fi >"$log-autoreconf.log" 2>&1 || fail "autoreconf, see $log-autoreconf.log"

if [ "$fortran" = yes ]; then
  lang=(--enable-fortran MPIF77=mpif77 MPIF90=mpif90 FFLAGS="-g -O0" FCFLAGS="-g -O0")
  what="C and Fortran"
else
  lang=(--disable-fortran)
  what="C only"
fi
gio=()
grep -q 'enable-gio\|\[gio\]' configure.ac && gio=(--disable-gio)
say "configure ($what) into $prefix"
./configure --prefix="$prefix" --enable-subfiling --disable-cxx "${lang[@]}" "${gio[@]}" \
    --enable-shared --enable-static MPICC=mpicc CFLAGS="-O2" LDFLAGS="-Wl,-rpath,$prefix/lib" \
    >"$log-configure.log" 2>&1 || fail "configure, see $log-configure.log"
say "make -j$jobs (a few minutes)"
make -j"$jobs" >"$log-make.log" 2>&1 || fail "make, see $log-make.log"
# installed into a staging folder first, then moved into place in one step,
# so that the prefix never holds half an installation
make install DESTDIR="$prefix.staging" >"$log-install.log" 2>&1 \
  || fail "make install, see $log-install.log"
[ -x "$prefix.staging$prefix/bin/pnetcdf-config" ] || fail "make install left no $prefix/bin/pnetcdf-config"
mv "$prefix.staging$prefix" "$prefix"
rm -rf "$prefix.staging"
got=$("$prefix/bin/pnetcdf-config" --version | awk '{print $NF}')
[ "$got" = "$version" ] || fail "pnetcdf-config --version says $got"
say "installed in $prefix"
