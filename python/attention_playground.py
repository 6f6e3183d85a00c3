"""attention_playground.py — Attention Playground as a Jupyter widget (anywidget).

    from attention_playground import Playground
    w = Playground(preset="seed000")   # the seed 000 example; edit it in the notebook
    w.state                            # its state, the share link's #… form; set it to change the playground
    w.lesson = "dot-product-softmax"   # play a lesson of the course (or a lesson file's address, or its JSON); "" leaves it
    w.grade                            # the lesson's grade, updated as exercises pass:
                                       # {"lesson", "score", "maxScore", "passed", "exercises", "complete"} ({} outside a lesson)

The front-end is the npm package's one-file module, dist-package/standalone.js (the WASM
inlined): a copy beside this file (works offline), else this repository's build, else the CDN:
    Playground._esm = "https://cdn.jsdelivr.net/npm/attention-playground@0.1.0/dist-package/standalone.js"
"""

import pathlib

import anywidget
import traitlets

CDN = "https://cdn.jsdelivr.net/npm/attention-playground@0.1.0/dist-package/standalone.js"
_HERE = pathlib.Path(__file__).resolve().parent
_LOCAL = [p for p in (_HERE / "standalone.js", _HERE.parent / "dist-package" / "standalone.js") if p.is_file()]


class Playground(anywidget.AnyWidget):
    """A playground; `state` (share-link form) is kept in step both ways, `preset` is read when shown,
    `lesson` is played (set it any time), `grade` is written by the page."""

    _esm = _LOCAL[0] if _LOCAL else CDN
    state = traitlets.Unicode("").tag(sync=True)
    preset = traitlets.Unicode("").tag(sync=True)
    lesson = traitlets.Unicode("").tag(sync=True)
    grade = traitlets.Dict().tag(sync=True)
