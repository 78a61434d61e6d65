// The clock player: a cursor sweeps the time axis at ¼× to 4× of virtual time
// (1× = one virtual millisecond per real millisecond), or jumps from one
// instant that has an event to the next (→) or back (←). It only decides how
// much of the run is revealed; the diagram draws what the JSON already holds.
"use strict";
window.SL = window.SL || {};

SL.Player = class {
  /// `onChange(reveal)` is called with the revealed virtual time, Infinity
  /// when everything is shown.
  constructor(onChange) {
    this.onChange = onChange;
    this.instants = [0];
    this.span = 0;
    this.reveal = Infinity;
    this.speed = 1;
    this.playing = false;
    this.frame = null;
  }

  /// A new run: everything shown, the clock stopped.
  load(instants, span) {
    this.pause();
    this.instants = instants.length ? instants : [0];
    this.span = Math.max(span, this.instants[this.instants.length - 1]);
    this.set(Infinity);
  }

  set(reveal) {
    this.reveal = reveal;
    this.onChange(reveal);
  }

  get active() {
    return this.reveal !== Infinity;
  }

  play() {
    if (this.playing) return;
    // Playing from the end (or from "everything shown") starts over.
    if (!this.active || this.reveal >= this.span) this.set(0);
    this.playing = true;
    let last = performance.now();
    const tick = (now) => {
      if (!this.playing) return;
      const next = this.reveal + (now - last) * this.speed;
      last = now;
      if (next >= this.span) {
        this.playing = false;
        this.set(this.span);
        this.onChange(this.reveal);
        return;
      }
      this.set(next);
      this.frame = requestAnimationFrame(tick);
    };
    this.frame = requestAnimationFrame(tick);
    this.onChange(this.reveal);
  }

  pause() {
    this.playing = false;
    if (this.frame !== null) cancelAnimationFrame(this.frame);
    this.frame = null;
  }

  toggle() {
    if (this.playing) {
      this.pause();
      this.onChange(this.reveal);
    } else {
      this.play();
    }
  }

  /// To the next instant with an event (from "everything shown": the first).
  forward() {
    this.pause();
    if (!this.active) return this.set(this.instants[0]);
    const next = this.instants.find((t) => t > this.reveal);
    this.set(next === undefined ? this.span : next);
  }

  /// To the previous instant with an event (from "everything shown": the last).
  back() {
    this.pause();
    const current = this.active ? this.reveal : Infinity;
    const earlier = this.instants.filter((t) => t < current);
    this.set(earlier.length ? earlier[earlier.length - 1] : this.instants[0]);
  }

  start() {
    this.pause();
    this.set(0);
  }

  end() {
    this.pause();
    this.set(Infinity);
  }
};
