#!/bin/sh
# An install as users make it: the tree configured with --prefix (a fresh
# directory), built and installed; the installed tools run and the README's
# example builds with nothing but pkg-config and runs, with no
# LD_LIBRARY_PATH; libncsf.so exports only the ncsf_* API and the routed ncmpi_*. About 2 minutes
# (a second build); SKIP in the sanitizer build and outside a git checkout.
. "$top_srcdir/test/common.sh"
if grep -q -- "--enable-sanitizers" "$B/config.log" 2> /dev/null; then
  echo "SKIP: t_install (the sanitizer build; the main suite installs)"; exit 0
fi
if [ "${NCSF_TIER:-full}" = quick ]; then
  echo "SKIP: t_install (a second configure and build: the full tier, bash scripts/test.sh --full)"; exit 0
fi
if ! git -C "$top_srcdir" rev-parse --is-inside-work-tree > /dev/null 2>&1; then
  echo "SKIP: t_install (not a git checkout)"; exit 0
fi
pnc=$(sed -n 's/^PNETCDF_PREFIX = //p' "$B/Makefile")
src=$scratch/src pre=$scratch/prefix
mkdir -p "$src"
(cd "$top_srcdir" && git ls-files -co --exclude-standard -z | grep -zv '^build-' | tar --null -T - -cf -) | tar -xf - -C "$src"
(cd "$src" && unset MAKEFLAGS MFLAGS MAKELEVEL && autoreconf -fi > build.log 2>&1 && ./configure --prefix="$pre" --with-pnetcdf="$pnc" >> build.log 2>&1 &&
 make -j2 >> build.log 2>&1 && make install >> build.log 2>&1); rc=$?
[ $rc -eq 0 ] || tail -n 30 "$src/build.log"
report $rc "t_install: configure --prefix, make, make install"
[ $rc -eq 0 ] || finish
unset LD_LIBRARY_PATH
"$pre/bin/ncsf-info" --help > /dev/null && "$pre/bin/ncsf-merge" --help > /dev/null &&
  "$pre/bin/ncsf-split" --help > /dev/null; report $? "t_install: the installed tools start (libncsf.so found through their run path)"
rc=0
for t in ncsf-merge ncsf-split ncsf-info; do
  "$pre/bin/$t" --help | grep -q "^usage: $t" &&
  man -l "$pre/share/man/man1/$t.1" 2> "$scratch/man.err" | grep -q "^NAME" && [ ! -s "$scratch/man.err" ] ||
    { echo "$t: --help or its installed man page is missing or broken" >&2; cat "$scratch/man.err" >&2; rc=1; }
done
report $rc "t_install: every tool has --help and an installed man page (man -l share/man/man1/TOOL.1, no warnings)"
export PKG_CONFIG_PATH="$pre/lib/pkgconfig"
flags=$(pkg-config --cflags --libs ncsf) &&
  mpicc "$top_srcdir/test/install_example.c" $flags -o "$scratch/example" &&
  run_np 2 "$scratch/example" "$scratch/ex.nc" &&
  [ "$(ls "$scratch"/ex.nc.temp.* | wc -l)" -eq 4 ] &&
  "$pre/bin/ncsf-info" "$scratch/ex.nc" > /dev/null; report $? "t_install: the README's example built with pkg-config only and run ($flags)"
others=$(nm -D --defined-only "$pre/lib/libncsf.so" | awk '{print $3}' | grep -v '^ncsf_' | grep -v '^ncmpi_' | grep -v '^_' )
[ -z "$others" ]; report $? "t_install: libncsf.so exports only ncsf_* and ncmpi_* (${others:-nothing else})"
# the ncmpi_* it defines are exactly those ncsf.h routes, in both libraries
{ sed -n 's/^#define \(ncmpi_[a-z0-9_]*\) ncsf_.*/\1/p' "$pre/include/ncsf_redirect.h"; echo ncmpi_def_var; } | sort > "$scratch/routed.txt"
for lib in libncsf.so libncsf-preload.so; do
  nm -D --defined-only "$pre/lib/$lib" | awk '{print $3}' | grep '^ncmpi_' | sort > "$scratch/defined.txt" &&
    [ "$(wc -l < "$scratch/routed.txt")" -gt 500 ] && cmp "$scratch/routed.txt" "$scratch/defined.txt"
  report $? "t_install: $lib defines the $(wc -l < "$scratch/routed.txt") ncmpi_* names ncsf.h routes, no other"
done
finish
