#!/bin/sh
# scripts/launcher.sh: the launcher told apart by its --version text
# (MPICH's hydra as on this machine, Intel MPI, Open MPI 4 and 5, Slurm's
# srun), the command line ncsf_launch builds for each (through a stand-in
# launcher that prints its arguments), and the real launcher passing a
# variable to every rank.
. "$top_srcdir/test/common.sh"
this_v=$("$MPIEXEC" --version 2>&1 | head -n 20)
# the MPI this tree was configured with (configure's MPI_KIND: mpich, openmpi)
this_k=$(sed -n 's/^MPI_KIND = //p' "$B/Makefile")
kind() { ncsf_launcher_kind "$1"; }
ok=0
check_kind() { [ "$(kind "$2")" = "$1" ] || { echo "expected $1 for: $2" >&2; ok=1; }; }
check_kind "${this_k:-mpich}" "$this_v"
check_kind mpich "HYDRA build details:
    Version:                                 4.1.2
    Release Date:                            Wed Jun  7 15:22:45 CDT 2023"
check_kind mpich "Intel(R) MPI Library for Linux* OS, Version 2021.10 Build 20230619 (id: c2e19c2f3e)
Copyright 2003-2023, Intel Corporation."
check_kind openmpi "mpirun (Open MPI) 4.1.4

Report bugs to http://www.open-mpi.org/community/help/"
check_kind openmpi "mpiexec (OpenRTE) 4.0.3

Report bugs to http://www.open-mpi.org/community/help/"
check_kind openmpi "mpirun (Open MPI) 5.0.3

Report bugs to https://www.open-mpi.org/community/help/"
check_kind slurm "slurm 22.05.8"
check_kind slurm "slurm-wlm 23.11.4"
check_kind unknown "bash: mpiexec: command not found"
report $ok "t_launcher: this build's launcher ($MPIEXEC: ${this_k:-mpich}), MPICH 4.1, Intel MPI, Open MPI 4 and 5, srun told apart by --version"

# a stand-in launcher: answers --version like the one named by $FAKE_KIND,
# else prints each argument on a line of its own
fake=$scratch/fake-launcher
cat > "$fake" << 'FAKE'
#!/bin/sh
if [ "$1" = --version ]; then
  case $FAKE_KIND in
    openmpi) printf 'mpirun (Open MPI) 4.1.4\n\nReport bugs to http://www.open-mpi.org/community/help/\n' ;;
    slurm) echo "slurm 22.05.8" ;;
    *) printf 'HYDRA build details:\n    Version:  4.0.2\n' ;;
  esac
  exit 0
fi
echo "FOO=${FOO:-}"
for a in "$@"; do echo "[$a]"; done
FAKE
chmod +x "$fake"
argv() { tr '\n' ' ' | sed 's/ $//'; }
ok=0
for k in mpich openmpi slurm; do
  got=$(FAKE_KIND=$k MPIEXEC=$fake NCSF_LAUNCHER= sh -c '. "$1"; ncsf_launch 3 "LD_PRELOAD=/a b/x.so /y.so" FOO=bar -- ./prog "arg one" 2' \
        sh "$top_srcdir/scripts/launcher.sh" 2> /dev/null | argv)
  case $k in
    mpich) want="FOO= [-n] [3] [-genv] [LD_PRELOAD] [/a b/x.so /y.so] [-genv] [FOO] [bar] [./prog] [arg one] [2]" ;;
    openmpi) root=; [ "$(id -u)" = 0 ] && root="[--allow-run-as-root] "
             want="FOO= [--oversubscribe] $root[-n] [3] [-x] [LD_PRELOAD=/a b/x.so /y.so] [-x] [FOO=bar] [./prog] [arg one] [2]" ;;
    slurm) want="FOO=bar [-n] [3] [./prog] [arg one] [2]" ;;
  esac
  [ "$got" = "$want" ] || { echo "$k: got  $got" >&2; echo "$k: want $want" >&2; ok=1; }
done
report $ok "t_launcher: ncsf_launch builds -genv (MPICH), -x --oversubscribe (Open MPI), env before srun, detected from --version"

# the real launcher: a variable reaches every rank
m=$(NCSF_LAUNCH_WRAP="timeout 60" ncsf_launch 2 FOO=bar -- sh -c 'echo "FOO=$FOO"' | grep -c "^FOO=bar$")
[ "$m" = 2 ]; report $? "t_launcher: $NCSF_LAUNCHER's $MPIEXEC passes FOO=bar to both ranks"

# a real Open MPI launcher (this build's, or orterun unpacked by
# scripts/setup.sh into .deps/openmpi, not installed): detected from its own --version, and a
# value with spaces and a semicolon (as NCSF_HINTS has) reaches each of
# three ranks, which Open MPI numbers itself
ompi=$top_builddir/.deps/openmpi/usr/bin/mpirun.openmpi
[ -x "$ompi" ] || ompi=$top_srcdir/.deps/openmpi/usr/bin/mpirun.openmpi
# (or the launcher of this build, when it is Open MPI's)
[ "$this_k" = openmpi ] && ompi=$(command -v "$MPIEXEC")
if [ -x "$ompi" ] && "$ompi" --version > /dev/null 2>&1; then
  k=$(MPIEXEC=$ompi ncsf_launcher_kind)
  got=$(MPIEXEC=$ompi NCSF_LAUNCHER= NCSF_LAUNCH_WRAP="timeout 60" sh -c '. "$1"; ncsf_launch 3 "NCSF_HINTS=subfiling=enable; subfiling_nfiles=2" -- sh -c "echo \$OMPI_COMM_WORLD_RANK:\$NCSF_HINTS"' \
        sh "$top_srcdir/scripts/launcher.sh" 2>&1 | sort | tr '\n' '|')
  want="0:subfiling=enable; subfiling_nfiles=2|1:subfiling=enable; subfiling_nfiles=2|2:subfiling=enable; subfiling_nfiles=2|"
  [ "$k" = openmpi ] && [ "$got" = "$want" ] || { echo "kind $k, got $got" >&2; false; }
  report $? "t_launcher: Open MPI's own mpirun ($("$ompi" --version 2>&1 | head -n 1)) through ncsf_launch: 3 ranks get NCSF_HINTS"
else
  echo "SKIP: t_launcher: Open MPI's launcher not unpacked in .deps/openmpi (scripts/setup.sh does it where apt-get download works)"
fi
finish
