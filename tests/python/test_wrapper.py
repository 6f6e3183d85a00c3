"""test_wrapper.py — the Python side of the anywidget front-end, without anywidget.

The Python package anywidget cannot be installed here, so stand-ins for `anywidget` and
`traitlets` (just what the classes use: AnyWidget, Unicode(...).tag(sync=True)) are put in
sys.modules, then:
  * python/attention_playground.py: `_esm` is a file that exists, the one-file module
    (dist-package/standalone.js, whose default export is the front-end), or the CDN address;
    `state` and `preset` are synced Unicode traits defaulting to ""; keyword arguments set them;
  * the README's snippet `anywidget-python` (web/examples/README.md) runs and gives the same
    class, loading the CDN address of this package version.

Run: python3 tests/python/test_wrapper.py   (exit status 0 = passed; prints one line per check)
"""

import importlib.util
import json
import pathlib
import re
import sys
import types

ROOT = pathlib.Path(__file__).resolve().parents[2]
VERSION = json.loads((ROOT / "package.json").read_text())["version"]
CDN = f"https://cdn.jsdelivr.net/npm/attention-playground@{VERSION}/dist-package/standalone.js"


class Unicode:
    """traitlets.Unicode, as far as the wrapper uses it: a default, metadata, a str-only descriptor."""

    def __init__(self, default_value=""):
        self.default_value = default_value
        self.metadata = {}
        self.name = None

    def tag(self, **metadata):
        self.metadata.update(metadata)
        return self

    def __set_name__(self, owner, name):
        self.name = name

    def __get__(self, obj, owner=None):
        return self if obj is None else obj.__dict__.get(self.name, self.default_value)

    def __set__(self, obj, value):
        if not isinstance(value, str):
            raise TypeError(f"The '{self.name}' trait expected a str, not {type(value).__name__}")
        obj.__dict__[self.name] = value


class AnyWidget:
    """anywidget.AnyWidget's constructor: keyword arguments set traits, anything else is an error."""

    def __init__(self, **kwargs):
        for key, value in kwargs.items():
            if not isinstance(getattr(type(self), key, None), Unicode):
                raise TypeError(f"{type(self).__name__} has no trait {key!r}")
            setattr(self, key, value)


def install_stand_ins():
    sys.modules["anywidget"] = types.SimpleNamespace(AnyWidget=AnyWidget)
    sys.modules["traitlets"] = types.SimpleNamespace(Unicode=Unicode)


failures = []


def check(ok, what):
    print(f"{'ok  ' if ok else 'FAIL'} {what}")
    if not ok:
        failures.append(what)


def check_class(cls, where):
    for name in ("state", "preset"):
        trait = cls.__dict__.get(name)
        check(isinstance(trait, Unicode) and trait.default_value == "" and trait.metadata == {"sync": True},
              f"{where}: {name} = traitlets.Unicode('').tag(sync=True)")
    w = cls(preset="seed000")
    check(w.preset == "seed000" and w.state == "", f"{where}: Playground(preset='seed000') sets preset, state stays ''")
    w.state = "op=single_head&mask=causal"
    check(w.state == "op=single_head&mask=causal", f"{where}: state can be set")


def test_module():
    path = ROOT / "python" / "attention_playground.py"
    spec = importlib.util.spec_from_file_location("attention_playground", path)
    module = importlib.util.module_from_spec(spec)
    sys.dont_write_bytecode = True
    spec.loader.exec_module(module)
    check(module.CDN == CDN, f"python/attention_playground.py: CDN is {CDN}")
    esm = module.Playground._esm
    built = ROOT / "dist-package" / "standalone.js"
    if isinstance(esm, pathlib.Path):
        check(esm.is_file(), f"_esm is a file that exists: {esm}")
        text = esm.read_text(encoding="utf-8")
        check(re.search(r"export\s*\{[^}]*\bas default\b", text) is not None, "_esm's module has a default export")
        check("data:application/wasm;base64," in text, "_esm's module carries the WASM inlined")
        check(esm.name == "standalone.js", "_esm is a standalone.js")
    else:
        check(not built.is_file() and not (path.parent / "standalone.js").is_file(), "_esm is the CDN address only when no standalone.js is there")
        check(esm == CDN, f"_esm falls back to {CDN}")
    if built.is_file():
        check(esm == built or esm == path.parent / "standalone.js", f"_esm is a local copy when dist-package/standalone.js is built: {esm}")
    check_class(module.Playground, "attention_playground.Playground")


def test_readme_snippet():
    readme = (ROOT / "web" / "examples" / "README.md").read_text(encoding="utf-8")
    m = re.search(r"<!-- snippet: anywidget-python -->\s*\n(`{3,})[^\n]*\n([\s\S]*?)\n\1", readme)
    check(m is not None, "web/examples/README.md has the snippet anywidget-python")
    if m is None:
        return
    scope = {}
    exec(compile(m.group(2), "README snippet anywidget-python", "exec"), scope)
    cls = scope.get("Playground")
    check(cls is not None and cls._esm == CDN, f"the snippet's _esm is {CDN}")
    check(isinstance(scope.get("w"), cls) and scope["w"].preset == "seed000", "the snippet makes w = Playground(preset='seed000')")
    check_class(cls, "README snippet")


if __name__ == "__main__":
    install_stand_ins()
    test_module()
    test_readme_snippet()
    print(f"test_wrapper.py: {'FAILED ' + str(len(failures)) if failures else 'all passed'}")
    sys.exit(1 if failures else 0)
