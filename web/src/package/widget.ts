// widget.ts — `attention-playground/widget`: the anywidget front-end.
//
//   class Playground(anywidget.AnyWidget):          # python/attention_playground.py
//       _esm = "…/standalone.js"                    # this module's default export, the WASM inlined
//       state = traitlets.Unicode("").tag(sync=True)
//       preset = traitlets.Unicode("").tag(sync=True)
//       lesson = traitlets.Unicode("").tag(sync=True)
//       grade = traitlets.Dict({}).tag(sync=True)
//
// render({ model, el }) mounts a playground in `el` and keeps the `state`
// trait (the share link's #… form, with or without the '#') in step both ways; the
// function it returns removes the playground and its listeners.
//
//   state   in: applied to the playground (as its `state` attribute); "" = no state given
//           out: every change of the playground's state (an edit, a preset, the first
//           screen shown for "") is written with model.set + save_changes, once
//   preset  read once, at render: the starting point when `state` is "" (e.g. "seed000")
//   lesson  in: the element's `lesson` attribute (a course lesson's id, a lesson file's address or
//           its JSON), at render and whenever it changes; "" leaves the lesson. A lesson's step
//           brings its own state, which then reaches `state` as any change does
//   grade   out: the lesson's grade, { lesson, score, maxScore, passed, exercises, complete }, written
//           whenever an exercise's verdict changes (`exercise-checked`) and when a lesson opens
//           ({} when none is open)
//
// Models without a kernel: MyST's {anywidget} directive (myst-theme's
// MystAnyModel) keeps the state in the page, and its save_changes() and off()
// throw "not implemented": the front-end carries on without them (a listener
// that cannot be removed is made inert by the clean-up). A render-only host
// goes further: it calls render() alone (no initialize) with a model built from
// a static JSON body that only answers get() (undefined for a trait it lacks) and
// never sends a change; set, save_changes, on and off may be missing, do nothing
// or throw. Only get() is needed: the playground shows the body's state, preset
// or lesson, and what it would write or listen to is left out.
//
// No echo: the model is written only when the playground's state differs from
// the state the model holds (compared as parsed states: a hand-written form of
// the state shown is left as it is; one the playground had to complete, e.g.
// with the inputs an operation needs, is written back once, completed), and
// the playground is changed only when the model's state differs from what it shows.

import type { AttentionPlayground as PlaygroundElement, PlaygroundChangeDetail } from '../component/attention-playground.component';
import { parse, serialize, type State } from '../model/state';
import { AttentionPlayground } from './index';

/** The part of anywidget's model the front-end uses (traits it does not know read as undefined); only `get` is required. */
export interface WidgetModel {
  get(name: string): unknown;
  /** The front-end writes `state` (text) and `grade` (an object). */
  set?(name: 'state' | 'grade', value: string | object): void;
  save_changes?(): void;
  on?(event: 'change:state' | 'change:lesson', callback: () => void): void;
  off?(event: 'change:state' | 'change:lesson', callback: () => void): void;
}

/** Run one call to the model; a call the host does not implement (missing or throwing) is done without. */
function attempt(call: () => void): void {
  try {
    call();
  } catch {
    // not implemented by this host (MyST's model throws "not implemented", a static one lacks the method)
  }
}

/** A trait's value as a string ("" when the model has no such trait, or cannot say). */
const text = (model: WidgetModel, name: string): string => {
  let v: unknown;
  attempt(() => (v = model.get(name)));
  return typeof v === 'string' ? v : '';
};

/** Whether the state text `value` (a share link's #… form) describes `state`. */
const describes = (value: string, state: State): boolean => value !== '' && serialize(parse(value)) === serialize(state);

/** Write a trait and send it to the kernel (a host without a kernel keeps the value in its model, or drops it). */
function send(model: WidgetModel, name: 'state' | 'grade', value: string | object): void {
  attempt(() => model.set?.(name, value));
  attempt(() => model.save_changes?.());
}

/** Show the lesson `ref` names, unless the playground shows it already ("" leaves the lesson). */
function showLesson(playground: PlaygroundElement, ref: string): void {
  if (ref === (playground.getAttribute('lesson') ?? '')) return;
  if (ref) playground.setAttribute('lesson', ref);
  else playground.removeAttribute('lesson');
  // still loading its core: the element takes a lesson attribute only at its first connection, the property any time
  if (!playground.getCore()) playground.lesson = ref || null;
}

/** Listen to the model's `event` (a render-only host never sends one, and may have no `on`). */
function listen(model: WidgetModel, event: 'change:state' | 'change:lesson', callback: () => void): void {
  attempt(() => model.on?.(event, callback));
}

/** Stop listening to the model (MyST's model cannot: "not implemented"; the callback is then inert once removed). */
function stopListening(model: WidgetModel, event: 'change:state' | 'change:lesson', callback: () => void): void {
  attempt(() => model.off?.(event, callback));
}

/** Mount a playground in `el`, synced with the model's `state`, `lesson` and `grade`; returns the clean-up. */
function render({ model, el }: { model: WidgetModel; el: HTMLElement }): () => void {
  if (!AttentionPlayground) throw new Error('attention-playground widget: no DOM to render in');
  const playground = document.createElement('attention-playground') as PlaygroundElement;
  const preset = text(model, 'preset');
  const initial = text(model, 'state');
  const lesson = text(model, 'lesson');
  if (preset) playground.setAttribute('preset', preset);
  if (initial) playground.setAttribute('state', initial);
  if (lesson) playground.setAttribute('lesson', lesson); // read at its first connection

  let writing = false; // inside our own model.set (anywidget fires change:state for it)
  let removed = false; // cleaned up

  /** The model's state → the playground (unless it already shows it). */
  const fromModel = () => {
    if (writing || removed) return;
    const value = text(model, 'state');
    // still loading its core: the element applies an attribute set now to its first result
    if (!playground.getCore()) {
      if (value) playground.setAttribute('state', value);
      return;
    }
    const shown = playground.getState();
    if (value === '')
      toModel(shown); // no state given: the model gets the one shown
    else if (!describes(value, shown)) playground.setState(parse(value));
  };

  /** The playground's state → the model (unless it holds it already). */
  const toModel = (state: State) => {
    if (describes(text(model, 'state'), state)) return;
    writing = true;
    try {
      send(model, 'state', serialize(state));
    } finally {
      writing = false;
    }
  };

  const lessonFromModel = () => {
    if (!removed) showLesson(playground, text(model, 'lesson'));
  };
  /** The lesson's grade → the model. */
  const gradeToModel = () => {
    if (!removed) send(model, 'grade', playground.getGrade() ?? {});
  };
  const onChange = (e: Event) => toModel((e as CustomEvent<PlaygroundChangeDetail>).detail.state);
  const listeners: [string, (e: Event) => void][] = [
    ['playground-change', onChange],
    ['exercise-checked', gradeToModel],
    ['lesson-opened', gradeToModel],
  ];

  listen(model, 'change:state', fromModel);
  listen(model, 'change:lesson', lessonFromModel);
  for (const [event, listener] of listeners) playground.addEventListener(event, listener);
  el.append(playground);
  return () => {
    removed = true;
    for (const [event, listener] of listeners) playground.removeEventListener(event, listener);
    playground.remove();
    stopListening(model, 'change:state', fromModel);
    stopListening(model, 'change:lesson', lessonFromModel);
  };
}

/** The anywidget front-end module. */
export default { render };
