#!/usr/bin/env bash
# Set up everything ncsf needs on a Debian (bookworm) machine and build it.
#
#   1. apt-get installs whatever of MPICH, netCDF-C, the Autotools, gfortran,
#      NCO and Python (matplotlib, netCDF4, xarray, dask) is missing;
#   2. PnetCDF is built from Debian's source package against MPICH (Debian only
#      ships it for Open MPI) into .deps/pnetcdf inside the checkout, once;
#   3. ncsf itself is configured and built against that PnetCDF.
#
# Idempotent: every step is skipped when its result is already there.
# Stops at the first failure and says which step failed.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
deps="$top/.deps"
pnetcdf_prefix="$deps/pnetcdf"
jobs=$(nproc 2>/dev/null || echo 2)

say()  { printf '[setup] %s\n' "$*" >&2; }
fail() { printf '[setup] FAILED: %s\n' "$*" >&2; exit 1; }
trap 'fail "command on line $LINENO exited with status $?"' ERR

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@";
  elif command -v sudo >/dev/null; then sudo "$@";
  else fail "need root (or sudo) to run: $*"; fi
}

# ---- 1. Debian packages ----------------------------------------------------
# (gfortran: PnetCDF's Fortran bindings; nco: ncks in the tools' checks;
# python3-*: the scaling plot and the Python reader; venv, pytest: its
# install test; man-db: the man pages checked with man -l; cdo,
# libnetcdff-dev, python3-zarr, -fsspec, strace: reading without merging,
# test/t_plugin.sh, t_zarr.sh)
packages="mpich libmpich-dev libnetcdf-dev netcdf-bin autoconf automake libtool m4
          pkg-config make gcc dpkg-dev gfortran nco python3 python3-matplotlib
          python3-netcdf4 python3-xarray python3-dask python3-pip python3-setuptools
          python3-venv python3-pytest man-db cdo libnetcdff-dev python3-zarr python3-fsspec strace"
missing=""
for p in $packages; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' \
    || missing="$missing $p"
done
if [ -n "$missing" ]; then
  say "installing Debian packages:$missing"
  export DEBIAN_FRONTEND=noninteractive
  as_root apt-get update -qq || fail "apt-get update"
  # shellcheck disable=SC2086
  as_root apt-get install -y -qq --no-install-recommends $missing >/dev/null \
    || fail "apt-get install$missing"
else
  say "Debian packages already installed"
fi

command -v mpicc >/dev/null || fail "mpicc not found after installing mpich"
mpicc -show 2>/dev/null | grep -q mpich || \
  say "warning: mpicc does not look like MPICH ($(mpicc -show 2>/dev/null | head -c 80))"

# Open MPI's launcher for test/t_launcher.sh, unpacked into .deps/openmpi
# and never installed: installing openmpi-bin or libopenmpi-dev would move
# the mpirun/mpicc alternatives away from MPICH. Its libraries
# (libopenmpi3) come with cdo. Optional: the test says SKIP without it.
if [ ! -x "$deps/openmpi/usr/bin/mpirun.openmpi" ] && dpkg -s libopenmpi3 >/dev/null 2>&1; then
  mkdir -p "$deps/openmpi.dl"
  if (cd "$deps/openmpi.dl" && apt-get download -qq openmpi-bin >/dev/null 2>&1) &&
     dpkg -x "$deps"/openmpi.dl/openmpi-bin_*.deb "$deps/openmpi"; then
    say "Open MPI's launcher unpacked in $deps/openmpi (for the launcher test)"
  else
    say "Open MPI's launcher not available (test/t_launcher.sh will skip its real Open MPI run)"
  fi
  rm -rf "$deps/openmpi.dl"
fi

# Debian trixie's python3-fsspec (2025.3.2, architecture-independent), for
# test/t_zarr.sh's second configuration (a fixed fsspec beside bookworm's
# 2022.11): downloaded with apt-get through a private list of sources in a
# temporary directory (the machine's sources and packages stay as they are)
# and unpacked with dpkg -x into .deps/fsspec-trixie, never installed.
# Optional: the test says SKIP for that configuration without it.
fsspec_new="$deps/fsspec-trixie/usr/lib/python3/dist-packages/fsspec"
if [ ! -f "$fsspec_new/__init__.py" ]; then
  t=$(mktemp -d)
  mkdir -p "$t/lists/partial" "$t/cache/archives/partial" "$t/dl"
  cat > "$t/trixie.sources" <<'SRC'
Types: deb
URIs: http://deb.debian.org/debian
Suites: trixie
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
  o="-o Dir::Etc::SourceList=$t/trixie.sources -o Dir::Etc::SourceParts=/dev/null
     -o Dir::State::Lists=$t/lists -o Dir::Cache=$t/cache -o Debug::NoLocking=1"
  # shellcheck disable=SC2086
  if apt-get $o update -qq >/dev/null 2>&1 &&
     (cd "$t/dl" && apt-get $o download -qq python3-fsspec >/dev/null 2>&1) &&
     rm -rf "$deps/fsspec-trixie" && dpkg -x "$t"/dl/python3-fsspec_*.deb "$deps/fsspec-trixie"; then
    say "trixie's python3-fsspec unpacked in $deps/fsspec-trixie (for t_zarr.sh)"
  else
    say "trixie's python3-fsspec not available (t_zarr.sh will skip that configuration)"
  fi
  rm -rf "$t"
fi

# ---- 2. PnetCDF against MPICH ----------------------------------------------
# (a PnetCDF built here before it had its Fortran interfaces is built again)
if [ -x "$pnetcdf_prefix/bin/pnetcdf-config" ] && [ -f "$pnetcdf_prefix/lib/libpnetcdf.a" ] &&
   [ "$("$pnetcdf_prefix/bin/pnetcdf-config" --has-fortran)" = yes ]; then
  say "PnetCDF already built in $pnetcdf_prefix ($("$pnetcdf_prefix/bin/pnetcdf-config" --version))"
else
  mkdir -p "$deps/src"
  cd "$deps/src"
  if ! ls -d pnetcdf-*/ >/dev/null 2>&1; then
    if ! apt-get source --print-uris pnetcdf >/dev/null 2>&1 ||
       [ -z "$(apt-get source --print-uris -qq pnetcdf 2>/dev/null)" ]; then
      say "enabling Debian source packages (deb-src) for bookworm main"
      as_root tee /etc/apt/sources.list.d/ncsf-deb-src.sources >/dev/null <<'SRC'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
      as_root apt-get update -qq || fail "apt-get update (deb-src)"
    fi
    say "fetching PnetCDF source with apt-get source pnetcdf"
    apt-get source -qq pnetcdf >/dev/null 2>&1 || apt-get source pnetcdf \
      || fail "apt-get source pnetcdf"
  fi
  src=$(ls -d "$deps"/src/pnetcdf-*/ | head -n 1)
  cd "$src"
  say "building PnetCDF in $src (a few minutes)"
  if [ -f Makefile ]; then make distclean >/dev/null 2>&1 || true; fi # an earlier build's
  autoreconf -fi >"$deps/pnetcdf-autoreconf.log" 2>&1 \
    || fail "PnetCDF autoreconf, see $deps/pnetcdf-autoreconf.log"
  # Fortran: the F77 and F90 interfaces (Fortran programs under the preload).
  # They are thin wrappers over the C library: built without optimisation,
  # as gfortran -O2 spends ten minutes on the F90 module (twice, for the
  # shared and the static library) for no gain at run time.
  ./configure --prefix="$pnetcdf_prefix" --enable-subfiling --enable-fortran \
      --disable-cxx --enable-shared MPICC=mpicc MPIF77=mpif77 MPIF90=mpif90 \
      FFLAGS="-g -O0" FCFLAGS="-g -O0" \
      >"$deps/pnetcdf-configure.log" 2>&1 \
    || fail "PnetCDF configure, see $deps/pnetcdf-configure.log"
  make -j"$jobs" >"$deps/pnetcdf-make.log" 2>&1 \
    || fail "PnetCDF make, see $deps/pnetcdf-make.log"
  make install >"$deps/pnetcdf-install.log" 2>&1 \
    || fail "PnetCDF make install, see $deps/pnetcdf-install.log"
  say "PnetCDF installed in $pnetcdf_prefix"
fi

# ---- 3. ncsf itself ---------------------------------------------------------
cd "$top"
if [ ! -x configure ] || [ configure.ac -nt configure ]; then
  say "autoreconf"
  autoreconf -fi >/dev/null 2>&1 || autoreconf -fi || fail "autoreconf of ncsf"
fi
if [ ! -f Makefile ] || [ configure -nt config.status ]; then
  say "configure --with-pnetcdf=$pnetcdf_prefix"
  ./configure --with-pnetcdf="$pnetcdf_prefix" ${NCSF_CONFIGURE_FLAGS:-} >"$deps/ncsf-configure.log" 2>&1 \
    || { tail -n 20 "$deps/ncsf-configure.log" >&2; fail "configure of ncsf, see $deps/ncsf-configure.log"; }
fi
say "make"
make -j"$jobs" >"$deps/ncsf-make.log" 2>&1 \
  || { tail -n 30 "$deps/ncsf-make.log" >&2; fail "make of ncsf, see $deps/ncsf-make.log"; }
say "ncsf built"
