"""A PEP 517 build backend for the ncsf package that needs nothing beyond
the Python standard library: no setuptools, no wheel, so that
`pip install ./python` works offline on a machine without them (Debian
bookworm's setuptools needs the separate `wheel` package to build a
wheel). The package is pure Python: a wheel is a zip of ncsf/*.py and
its metadata, read from pyproject.toml."""

import base64
import hashlib
import io
import os
import tarfile
import zipfile

try:
    import tomllib
except ImportError:  # Python < 3.11
    tomllib = None

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _project():
    with open(os.path.join(HERE, "pyproject.toml"), "rb") as f:
        if tomllib is not None:
            return tomllib.load(f)["project"]
    raise RuntimeError("building ncsf needs Python 3.11 (tomllib), or setuptools: "
                       "pip install --no-build-isolation with setuptools and wheel installed")


def _metadata(p):
    lines = ["Metadata-Version: 2.1", "Name: " + p["name"], "Version: " + p["version"],
             "Summary: " + p.get("description", ""), "Requires-Python: " + p.get("requires-python", "")]
    lines += ["License: " + p["license"]["text"]] if "text" in p.get("license", {}) else []
    lines += ["Requires-Dist: " + d for d in p.get("dependencies", [])]
    for extra, deps in p.get("optional-dependencies", {}).items():
        lines.append("Provides-Extra: " + extra)
        lines += ['Requires-Dist: %s; extra == "%s"' % (d, extra) for d in deps]
    text = "\n".join(lines) + "\n"
    readme = os.path.join(HERE, p.get("readme", "README.md"))
    if os.path.exists(readme):
        with open(readme, encoding="utf-8") as f:
            text += "Description-Content-Type: text/markdown\n\n" + f.read()
    return text


def _entry_points(p):
    out = ""
    for group, eps in p.get("entry-points", {}).items():
        out += "[%s]\n" % group + "".join("%s = %s\n" % kv for kv in eps.items()) + "\n"
    return out


def _sources():
    pkg = os.path.join(HERE, "ncsf")
    return sorted(("ncsf/" + n, os.path.join(pkg, n)) for n in os.listdir(pkg) if n.endswith(".py"))


def _license():
    """The checkout's LICENSE (one level up), or the sdist's copy."""
    for p in (os.path.join(HERE, "LICENSE"), os.path.join(os.path.dirname(HERE), "LICENSE")):
        if os.path.exists(p):
            return p
    return None


def _record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return "%s,sha256=%s,%d\n" % (name, digest, len(data))


def _dist_files(p):
    dist = "%s-%s.dist-info" % (p["name"], p["version"])
    files = [(arc, open(src, "rb").read()) for arc, src in _sources()]
    files.append((dist + "/METADATA", _metadata(p).encode()))
    files.append((dist + "/WHEEL", b"Wheel-Version: 1.0\nGenerator: ncsf_build\nRoot-Is-Purelib: true\n"
                                   b"Tag: py3-none-any\n"))
    eps = _entry_points(p)
    if eps:
        files.append((dist + "/entry_points.txt", eps.encode()))
    lic = _license()
    if lic:
        files.append((dist + "/LICENSE", open(lic, "rb").read()))
    return dist, files


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    p = _project()
    dist, files = _dist_files(p)
    name = "%s-%s-py3-none-any.whl" % (p["name"], p["version"])
    record = "".join(_record_line(n, d) for n, d in files) + dist + "/RECORD,,\n"
    with zipfile.ZipFile(os.path.join(wheel_directory, name), "w", zipfile.ZIP_DEFLATED) as z:
        for n, d in files:
            z.writestr(n, d)
        z.writestr(dist + "/RECORD", record)
    return name


def build_sdist(sdist_directory, config_settings=None):
    p = _project()
    root = "%s-%s" % (p["name"], p["version"])
    name = root + ".tar.gz"
    with tarfile.open(os.path.join(sdist_directory, name), "w:gz") as t:
        for rel in ["pyproject.toml", "README.md", "_build/ncsf_build.py"] + [a for a, _ in _sources()]:
            t.add(os.path.join(HERE, rel), arcname=root + "/" + rel)
        if _license():
            t.add(_license(), arcname=root + "/LICENSE")
        info = tarfile.TarInfo(root + "/PKG-INFO")
        meta = _metadata(p).encode()
        info.size = len(meta)
        t.addfile(info, io.BytesIO(meta))
    return name


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []
