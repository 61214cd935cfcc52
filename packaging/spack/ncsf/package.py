# Spack recipe for ncsf (subfiling for Parallel netCDF). Copy this directory
# into a Spack repository (spack repo create / spack repo add), then
#   spack install ncsf ^mpich        (or ^openmpi: PnetCDF is built with it)
# It is also the short version of doc/user-guide.md's "Building and
# installing": ncsf needs an MPI, PnetCDF built with that MPI, netCDF-C (for
# its tools and tests) and the Autotools.

import os

from spack.package import *


class Ncsf(AutotoolsPackage):
    """Subfiling for Parallel netCDF: chosen variables of a PnetCDF dataset
    are split along their leading dimensions into N subfiles, each a valid
    netCDF file written only by the processes whose data falls in it, while
    the program keeps its PnetCDF calls."""

    homepage = "https://github.com/ncsf/ncsf"
    git = "https://github.com/ncsf/ncsf.git"

    license("BSD-3-Clause")

    version("main", branch="main")

    # libncsf is a shared library only (it defines the ncmpi_* names it
    # routes, which a static archive could not beside libpnetcdf.a);
    # libncsf-preload.so, for LD_PRELOAD, is always installed beside it

    depends_on("mpi")
    depends_on("parallel-netcdf")  # built against the same MPI (Spack sees to it)
    depends_on("netcdf-c")  # configure requires it: the tools (--format netcdf4) and the tests' reader
    depends_on("autoconf", type="build")
    depends_on("automake", type="build")
    depends_on("libtool", type="build")
    depends_on("m4", type="build")
    depends_on("pkgconfig", type="build")

    def autoreconf(self, spec, prefix):
        autoreconf_ = which("autoreconf")
        autoreconf_("-fi")

    def configure_args(self):
        spec = self.spec
        args = [
            "--with-pnetcdf={0}".format(spec["parallel-netcdf"].prefix),
            "MPICC={0}".format(spec["mpi"].mpicc),
            "CC={0}".format(spec["mpi"].mpicc),
        ]
        # the tests' launcher: the MPI's own mpiexec (MPICH, Open MPI, ...);
        # scripts/launcher.sh tells which from its --version and passes
        # variables to the ranks its way (-genv, -x), or srun under Slurm
        mpiexec = join_path(spec["mpi"].prefix.bin, "mpiexec")
        if os.path.exists(mpiexec):
            args.append("MPIEXEC={0}".format(mpiexec))
        return args

    def check(self):
        # the test suite runs MPI programs at up to 8 processes (mpiexec)
        make("check")
