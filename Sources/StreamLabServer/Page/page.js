// The playground page: runs the editor's program, shows it in the chosen
// format, keeps it in the address, and wires the player, the drag gesture,
// the predict toggle, the lessons and the projector options together.
"use strict";
window.SL = window.SL || {};

(function () {
  const $ = (id) => document.getElementById(id);
  const state = {
    format: "diagram",
    doc: null, // the last run document
    raw: "", // its text as the server sent it (the JSON view shows exactly that)
    model: null,
    selected: null, // {row, event} the marble the keyboard moves
    predict: false,
    revealed: false, // predict: the output is shown again
    guesses: [],
    scale: 1,
    running: 0, // a counter, so an older answer never overwrites a newer one
  };
  const player = new SL.Player(() => redraw());

  // ---- running --------------------------------------------------------------

  function showError(message, line, column) {
    const box = $("error");
    box.hidden = false;
    if (line && column) {
      const source = SL.editor.text.split("\n")[line - 1] || "";
      box.textContent = `${line}:${column}: ${message}\n${source}\n${" ".repeat(column - 1)}^`;
      SL.editor.showCaret(line, column);
    } else {
      box.textContent = message;
    }
    // What is still drawn belongs to the last program that ran, not to this one.
    $("output").classList.add("stale");
  }

  function clearError() {
    $("error").hidden = true;
    $("error").textContent = "";
    $("output").classList.remove("stale");
    SL.editor.hideCaret();
  }

  async function run() {
    const program = SL.editor.text;
    const ticket = ++state.running;
    history.replaceState(null, "", SL.editor.link(program, state.format));
    $("share-link").href = SL.editor.link(program, state.format);
    document.body.classList.add("busy");
    let answer;
    try {
      answer = await SL.api.run(program);
    } catch (error) {
      if (ticket === state.running) showError("The server cannot be reached: " + error.message);
      document.body.classList.remove("busy");
      return;
    }
    if (ticket !== state.running) return;
    document.body.classList.remove("busy");
    if (!answer.ok) {
      const error = answer.data.error || {};
      showError(error.message || `the server answered ${answer.status}`, error.line, error.column);
      return;
    }
    clearError();
    state.doc = answer.data;
    state.raw = answer.text;
    state.model = SL.diagram.model(state.doc);
    state.guesses = [];
    state.revealed = false;
    if (state.selected && !state.model.rows[state.selected.row]) state.selected = null;
    $("predict-score").textContent = "";
    const span = Math.max(state.model.instants[state.model.instants.length - 1], state.model.stop.endTime);
    player.load(state.model.instants, span);
    await showFormat();
    // Which program the output shows, for tools and tests that wait for a run.
    $("output").dataset.program = program;
  }

  /// The text formats come from the server as `eval --format F` prints them.
  async function showFormat() {
    const text = $("text-output");
    const diagram = $("diagram");
    const isDiagram = state.format === "diagram";
    diagram.hidden = !isDiagram;
    text.hidden = isDiagram;
    $("player").hidden = !isDiagram;
    if (isDiagram) return redraw();
    if (state.format === "json") {
      text.textContent = state.raw;
      return;
    }
    const ticket = state.running;
    const answer = await SL.api.run(SL.editor.text, state.format);
    if (ticket !== state.running) return;
    text.textContent = answer.ok ? answer.data.text : (answer.data.error || {}).message || "";
  }

  // ---- the diagram ------------------------------------------------------------

  function redraw() {
    if (!state.model) return;
    const hideOutput = state.predict && !state.revealed;
    const drawing = SL.diagram.draw(state.model, {
      reveal: player.reveal,
      hideOutput,
      guesses: state.predict ? state.guesses : null,
      selected: state.selected,
      scale: state.scale,
    });
    const box = $("diagram");
    const focused = document.activeElement && box.contains(document.activeElement);
    box.replaceChildren(drawing.svg);
    SL.drag.attach(drawing, move, (selection) => (state.selected = selection));
    if (hideOutput) attachPredict(drawing);
    if (focused && state.selected) {
      const mark = box.querySelector(`.mark[data-row="${state.selected.row}"][data-event="${state.selected.event}"]`);
      if (mark) mark.focus({ preventScroll: true });
    }
    $("clock-time").textContent = player.active ? `${Math.round(player.reveal)}ms` : "all";
    $("clock-play").textContent = player.playing ? "Pause" : "Play";
    $("clock-play").setAttribute("aria-pressed", String(player.playing));
  }

  async function move(row, event, t) {
    const answer = await SL.api.move(SL.editor.text, row, event, t);
    if (!answer.ok) {
      showError((answer.data.error || {}).message || `the server answered ${answer.status}`);
      redraw();
      return;
    }
    state.selected = { row, event };
    SL.editor.text = answer.data.program;
    await run();
    const mark = $("diagram").querySelector(`.mark[data-row="${row}"][data-event="${event}"]`);
    if (mark) mark.focus({ preventScroll: true });
  }

  // ---- predict ------------------------------------------------------------------

  /// While the output is hidden, a click on an output row's axis puts a
  /// guess there (snapped like a dragged marble); a click on a guess removes it.
  function attachPredict(drawing) {
    for (const row of drawing.rows.filter((entry) => entry.row.isOutput)) {
      const group = drawing.svg.querySelector(`.row[data-row="${row.index}"]`);
      const hit = document.createElementNS("http://www.w3.org/2000/svg", "rect");
      hit.setAttribute("x", drawing.geometry.left - 16);
      hit.setAttribute("y", row.middle - 24);
      hit.setAttribute("width", drawing.geometry.right - drawing.geometry.left + 32);
      hit.setAttribute("height", 48);
      hit.setAttribute("class", "predict-target");
      group.insertBefore(hit, group.firstChild);
      group.addEventListener("click", (event) => {
        const point = drawing.svg.createSVGPoint();
        point.x = event.clientX;
        point.y = event.clientY;
        const x = point.matrixTransform(drawing.svg.getScreenCTM().inverse()).x;
        const step = drawing.step(row.row);
        const t = Math.max(0, Math.round(drawing.geometry.t(x) / step) * step);
        const existing = state.guesses.findIndex((guess) => guess.row === row.index && guess.t === t);
        if (existing >= 0) state.guesses.splice(existing, 1);
        else state.guesses.push({ row: row.index, t });
        $("predict-reveal").disabled = state.guesses.length === 0;
        redraw();
      });
    }
  }

  /// How many of the output's values the student placed within one step.
  function score() {
    const drawing = SL.diagram.draw(state.model, {});
    let hit = 0;
    let total = 0;
    for (const row of state.model.rows.filter((entry) => entry.isOutput)) {
      const step = drawing.step(row);
      const guesses = state.guesses.filter((guess) => guess.row === row.index).map((guess) => guess.t);
      for (const cell of row.cells) {
        if (!cell.marks.some((mark) => mark.kind === "value")) continue;
        total += 1;
        const close = guesses.findIndex((t) => Math.abs(t - cell.t) <= step / 2);
        if (close >= 0) {
          hit += 1;
          guesses.splice(close, 1);
        }
      }
    }
    return `${hit} of ${total} instant${total === 1 ? "" : "s"} with values guessed` + (hit === total ? " \u2014 all right!" : "");
  }

  function setPredict(on) {
    state.predict = on;
    state.revealed = false;
    state.guesses = [];
    $("predict-reveal").hidden = !on;
    $("predict-reveal").disabled = true;
    $("predict-score").textContent = "";
    redraw();
  }

  // ---- views and options ----------------------------------------------------------

  function setFormat(format) {
    state.format = format;
    for (const tab of document.querySelectorAll(".formats [data-format]")) {
      tab.setAttribute("aria-selected", String(tab.dataset.format === format));
    }
    if (state.doc) {
      history.replaceState(null, "", SL.editor.link(SL.editor.text, format));
      showFormat();
    }
  }

  function setOptions() {
    document.body.classList.toggle("large", $("opt-large").checked);
    document.body.classList.toggle("contrast", $("opt-contrast").checked);
    state.scale = $("opt-large").checked ? 1.5 : 1;
    try {
      localStorage.setItem("streamlab.large", $("opt-large").checked ? "1" : "");
      localStorage.setItem("streamlab.contrast", $("opt-contrast").checked ? "1" : "");
    } catch (error) {
      // Private windows may refuse storage; the options still work for this visit.
    }
    redraw();
  }

  /// The view the address asks for: a lesson, the lesson list, or the
  /// playground with the program of `#p=` (run at once, so a link shows
  /// exactly what its sender saw).
  function route() {
    const hash = SL.editor.readHash();
    const view = hash.lesson ? "lesson" : hash.lessons || location.hash === "#lessons" ? "lessons" : "playground";
    for (const id of ["playground", "lessons", "lesson"]) $(id).hidden = id !== view;
    if (view === "lessons") return SL.lessons.showList($("lesson-list"), state.scale);
    if (view === "lesson") return SL.lessons.showLesson($("lesson-body"), hash.lesson, state.scale);
    if (hash.program !== null) {
      if (hash.format) setFormat(hash.format);
      if (hash.program !== SL.editor.text || !state.doc) {
        SL.editor.text = hash.program;
        run();
      }
    } else if (!state.doc) {
      run();
    }
  }

  // ---- wiring ------------------------------------------------------------------------

  SL.editor.init(run);
  $("run").addEventListener("click", run);
  for (const tab of document.querySelectorAll(".formats [data-format]")) {
    tab.addEventListener("click", () => setFormat(tab.dataset.format));
  }
  $("clock-play").addEventListener("click", () => player.toggle());
  $("clock-forward").addEventListener("click", () => player.forward());
  $("clock-back").addEventListener("click", () => player.back());
  $("clock-start").addEventListener("click", () => player.start());
  $("clock-end").addEventListener("click", () => player.end());
  $("clock-speed").addEventListener("change", (event) => (player.speed = Number(event.target.value)));
  $("predict").addEventListener("change", (event) => setPredict(event.target.checked));
  $("predict-reveal").addEventListener("click", () => {
    state.revealed = true;
    $("predict-score").textContent = score();
    redraw();
  });
  $("opt-large").addEventListener("change", setOptions);
  $("opt-contrast").addEventListener("change", setOptions);
  // → and ← step the clock, unless a marble is selected (then they move it)
  // or the student is typing.
  document.addEventListener("keydown", (event) => {
    const target = event.target;
    if (target instanceof HTMLTextAreaElement || target instanceof HTMLInputElement || target instanceof HTMLSelectElement) return;
    if (target.closest && target.closest(".mark.movable")) return;
    if ($("playground").hidden || state.format !== "diagram") return;
    if (event.key === "ArrowRight") {
      event.preventDefault();
      player.forward();
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      player.back();
    }
  });
  window.addEventListener("hashchange", route);
  try {
    $("opt-large").checked = localStorage.getItem("streamlab.large") === "1";
    $("opt-contrast").checked = localStorage.getItem("streamlab.contrast") === "1";
  } catch (error) {
    // No storage: the options start off.
  }
  document.body.classList.toggle("large", $("opt-large").checked);
  document.body.classList.toggle("contrast", $("opt-contrast").checked);
  state.scale = $("opt-large").checked ? 1.5 : 1;
  route();
})();
