"""test_wrapper.py — the Python side of the anywidget front-end, without anywidget.

The Python package anywidget cannot be installed here, so stand-ins for `anywidget` and
`traitlets` (just what the classes use: AnyWidget, Unicode(...).tag(sync=True)) are put in
sys.modules, then:
  * python/attention_playground.py: `_esm` is a file that exists, the one-file module
    (dist-package/standalone.js, whose default export is the front-end), or the CDN address;
    `state`, `preset` and `lesson` are synced Unicode traits defaulting to "", `grade` a synced
    Dict defaulting to {} (the front-end writes it); keyword arguments set them;
  * the same module on the real traitlets, where it is installed (anywidget.AnyWidget stood in
    by traitlets.HasTraits): the traits' types, defaults, sync metadata and validation;
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


class Dict(Unicode):
    """traitlets.Dict, as far as the wrapper uses it: a {} default (a fresh one per instance), a dict-only descriptor."""

    def __init__(self, default_value=None):
        super().__init__({} if default_value is None else default_value)

    def __get__(self, obj, owner=None):
        if obj is None:
            return self
        return obj.__dict__.setdefault(self.name, dict(self.default_value))

    def __set__(self, obj, value):
        if not isinstance(value, dict):
            raise TypeError(f"The '{self.name}' trait expected a dict, not {type(value).__name__}")
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
    sys.modules["traitlets"] = types.SimpleNamespace(Unicode=Unicode, Dict=Dict)


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


def load_module():
    path = ROOT / "python" / "attention_playground.py"
    spec = importlib.util.spec_from_file_location("attention_playground", path)
    module = importlib.util.module_from_spec(spec)
    sys.dont_write_bytecode = True
    spec.loader.exec_module(module)
    return module


def check_lesson_traits(cls, where):
    lesson, grade = cls.__dict__.get("lesson"), cls.__dict__.get("grade")
    check(type(lesson) is Unicode and lesson.default_value == "" and lesson.metadata == {"sync": True},
          f"{where}: lesson = traitlets.Unicode('').tag(sync=True)")
    check(type(grade) is Dict and grade.default_value == {} and grade.metadata == {"sync": True},
          f"{where}: grade = traitlets.Dict().tag(sync=True)")
    w = cls(lesson="dot-product-softmax")
    check(w.lesson == "dot-product-softmax" and w.grade == {}, f"{where}: Playground(lesson=…) sets lesson, grade starts as {{}}")
    w.grade = {"lesson": "dot-product-softmax", "score": 1, "maxScore": 4, "passed": 1, "exercises": 4, "complete": False}
    check(w.grade["score"] == 1 and cls().grade == {}, f"{where}: grade holds what the front-end writes, per instance")
    try:
        w.lesson = None
        check(False, f"{where}: lesson refuses a non-string")
    except TypeError:
        check(True, f"{where}: lesson refuses a non-string")


def test_module():
    module = load_module()
    path = ROOT / "python" / "attention_playground.py"
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
    check_lesson_traits(module.Playground, "attention_playground.Playground")


def test_real_traitlets():
    """The module on the real traitlets (anywidget.AnyWidget stood in by traitlets.HasTraits), where it is installed."""
    sys.modules.pop("traitlets", None)  # the stand-in, put back at the end
    try:
        import traitlets
    except ImportError:
        print("skip  the real traitlets: not installed")
        install_stand_ins()
        return
    try:
        sys.modules["anywidget"] = types.SimpleNamespace(AnyWidget=traitlets.HasTraits)
        cls = load_module().Playground
        traits = cls.class_traits()
        kinds = {name: type(traits[name]).__name__ for name in ("state", "preset", "lesson", "grade")}
        check(kinds == {"state": "Unicode", "preset": "Unicode", "lesson": "Unicode", "grade": "Dict"}, f"real traitlets: the traits' types {kinds}")
        check(all(traits[name].metadata.get("sync") is True for name in kinds), "real traitlets: every trait is synced")
        w = cls(lesson="dot-product-softmax")
        check((w.lesson, w.grade, w.state) == ("dot-product-softmax", {}, ""), "real traitlets: Playground(lesson=…), grade {} and state ''")
        try:
            w.grade = "not a dict"
            check(False, "real traitlets: grade refuses a non-dict")
        except traitlets.TraitError:
            check(True, "real traitlets: grade refuses a non-dict")
    finally:
        install_stand_ins()


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
    test_real_traitlets()
    print(f"test_wrapper.py: {'FAILED ' + str(len(failures)) if failures else 'all passed'}")
    sys.exit(1 if failures else 0)
