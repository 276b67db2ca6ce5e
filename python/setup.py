"""Builds the chesscodec extension: python/src/_chesscodec.c and every library source (src/*/*.c
of the repository this folder sits in), compiled here, so `pip install ./python` needs no prior
CMake build. Offline on Debian 12 (no build isolation: setuptools comes from python3-setuptools):

    python3 -m venv --system-site-packages ~/chess-venv
    ~/chess-venv/bin/pip install --no-build-isolation --no-index ./python

The library sources compile in parallel: CHC_BUILD_JOBS jobs (default: the number of CPUs).
"""
import glob
import os
import subprocess
import platform
from concurrent.futures import ThreadPoolExecutor

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
# Relative to this folder, as setuptools wants ("../src/core/attacks.c").
LIB_SOURCES = sorted(os.path.relpath(p, HERE) for p in glob.glob(os.path.join(ROOT, "src", "*", "*.c")))
if not LIB_SOURCES or not os.path.isfile(os.path.join(ROOT, "include", "chesscodec.h")):
    raise SystemExit("chesscodec: the library sources (../src, ../include) were not found next to "
                     "python/: install from a chesscodec checkout (pip install ./python)")


class ParallelBuildExt(build_ext):
    """build_ext that compiles the sources of an extension in parallel (distutils compiles them
    one after the other)."""

    def build_extensions(self):
        jobs = int(os.environ.get("CHC_BUILD_JOBS", "0") or 0) or os.cpu_count() or 1
        compiler = self.compiler

        def compile_parallel(sources, output_dir=None, macros=None, include_dirs=None, debug=0,
                             extra_preargs=None, extra_postargs=None, depends=None):
            macros, objects, extra_postargs, pp_opts, build = compiler._setup_compile(
                output_dir, macros, include_dirs, sources, depends, extra_postargs)
            cc_args = compiler._get_cc_args(pp_opts, debug, extra_preargs)

            def one(obj):
                src, ext = build[obj]
                compiler._compile(obj, src, ext, cc_args, extra_postargs, pp_opts)

            with ThreadPoolExecutor(max_workers=jobs) as pool:
                list(pool.map(one, list(build)))
            return objects

        compiler.compile = compile_parallel
        super().build_extensions()


# The flags of the library's CMake release build (CMakeLists.txt), minus what CPython's own
# flags already give; -g0 because Debian's Python adds -g (a 10x larger module for nothing).
cflags = ["-std=c11", "-O3", "-g0", "-fvisibility=hidden", "-Wall", "-Wextra", "-Wno-unused-parameter"]
if platform.machine() in ("x86_64", "AMD64"):
    cflags.append("-mpopcnt")

# The library's optional pictures (chc_render_png, chc_render_gif), as CMake finds them: PNG with
# librsvg and cairo (pkg-config), GIF with giflib as well (no pkg-config file: its header).
macros = [("_POSIX_C_SOURCE", "200809L"), ("CHC_EXPERIMENTAL", "1")]
pic_cflags, pic_libs = [], []
try:
    pc = subprocess.run(["pkg-config", "--cflags", "--libs", "librsvg-2.0", "cairo"], capture_output=True,
                        text=True, check=True).stdout.split()
    pic_cflags = [f for f in pc if not f.startswith(("-l", "-L"))]
    pic_libs = [f for f in pc if f.startswith(("-l", "-L"))]
    macros.append(("CHC_HAVE_PNG", "1"))
    if os.path.exists("/usr/include/gif_lib.h"):
        macros.append(("CHC_HAVE_GIF", "1"))
        pic_libs.append("-lgif")
except (OSError, subprocess.CalledProcessError):
    pass
# Compressed files (chc_decompressor): zlib, liblzma and libzstd by pkg-config, libbz2 by its header.
for pkg, macro in (("zlib", "CHC_HAVE_ZLIB"), ("liblzma", "CHC_HAVE_LZMA"), ("libzstd", "CHC_HAVE_ZSTD")):
    try:
        pc = subprocess.run(["pkg-config", "--cflags", "--libs", pkg], capture_output=True, text=True,
                            check=True).stdout.split()
    except (OSError, subprocess.CalledProcessError):
        continue
    pic_cflags += [f for f in pc if not f.startswith(("-l", "-L"))]
    pic_libs += [f for f in pc if f.startswith(("-l", "-L"))]
    macros.append((macro, "1"))
if os.path.exists("/usr/include/bzlib.h"):
    macros.append(("CHC_HAVE_BZIP2", "1"))
    pic_libs.append("-lbz2")

setup(
    packages=["chesscodec"],
    package_data={"chesscodec": ["py.typed", "*.pyi"]},
    ext_modules=[
        Extension(
            "chesscodec._chesscodec",
            sources=[os.path.join("src", "_chesscodec.c")] + LIB_SOURCES,
            include_dirs=[os.path.join("..", "include"), os.path.join("..", "src")],
            define_macros=macros,
            extra_compile_args=cflags + pic_cflags,
            libraries=["m"],
            extra_link_args=["-pthread"] + pic_libs,
        )
    ],
    cmdclass={"build_ext": ParallelBuildExt},
)
