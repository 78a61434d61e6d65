// The playground page's one script (`streamlab serve` embeds index.html,
// page.css and page.js in its binary). Plain JavaScript, no framework, no
// build step. It is in sections, each one job, each an object on `SL`:
//   SL.api      the JSON API of `streamlab serve`
//   SL.diagram  the server's SVG picture of a run, put into the page
//   SL.Player   the clock player (Play/Pause, speed, step)
//   SL.drag     dragging marbles and moving them with the keyboard
//   SL.editor   the editor, its error caret, the program in the address
//   SL.lessons  lessons, examples and exercises
// and at the end the page itself, which wires them together.
"use strict";
window.SL = window.SL || {};

// ==== api ===================================================================
// The JSON API of `streamlab serve`, one function per endpoint. Every call
// resolves to {ok, status, data, text}: a 4xx with a JSON error body is an
// answer the page shows (a parse error has a line and a column), not an
// exception; only a network failure or a non-JSON body becomes one.

SL.api = (function () {
  async function request(method, path, body) {
    const options = { method, headers: {} };
    if (body !== undefined) {
      options.headers["Content-Type"] = "application/json";
      options.body = JSON.stringify(body);
    }
    const response = await fetch(path, options);
    const text = await response.text();
    let data;
    try {
      data = JSON.parse(text);
    } catch (error) {
      data = { error: { message: `the server answered ${response.status} with something that is not JSON` } };
    }
    return { ok: response.ok, status: response.status, data, text };
  }

  return {
    /// The run document (the same as `streamlab eval --format json`), or
    /// with a format, {format, text}.
    run(program, format) {
      return request("POST", "/api/run", format ? { program, format } : { program });
    },
    /// {svg}: the run drawn by the server as `--format svg` draws it, with
    /// the page's hooks. `predict`: the output rows drawn empty;
    /// `pixelsPerMs`: the axis kept at that scale (after a drag).
    picture(program, options) {
      // Every mark with its causes, for a click to show what made it.
      const body = { program, page: true, causes: true };
      if (options && options.predict) body.predict = true;
      if (options && options.pixelsPerMs) body.pixelsPerMs = options.pixelsPerMs;
      // A phone's screen: the server puts each label above its row and
      // fits the time axis to the width the picture is shown at, so it is
      // not shrunk to a third (5 px text at 390 px).
      if (window.innerWidth < 600) {
        body.narrow = true;
        body.pixelWidth = SL.diagram.shownWidth();
      }
      return request("POST", "/api/run", body);
    },
    /// {time, lines}: what each stage of the program holds at `t` ms, the
    /// lines `:at` prints for the stages.
    state(program, t) {
      return request("POST", "/api/run", { program, stateAt: t });
    },
    /// {lines, passedOver}: what `:why` says of the event with cause id `id`.
    why(program, id) {
      return request("POST", "/api/run", { program, why: id });
    },
    /// The program with event `event` of row `row` moved to `t` ms.
    move(program, row, event, t) {
      return request("POST", "/api/move", { program, row, event, t });
    },
    lessons() {
      return request("GET", "/api/lessons");
    },
    lesson(id) {
      return request("GET", "/api/lessons/" + encodeURIComponent(id));
    },
    /// Hint `number` (from 1) of an exercise: {hint, number, count}. The
    /// lesson says only how many there are (`hintCount`).
    hint(lesson, exercise, number) {
      return request("GET", `/api/lessons/${encodeURIComponent(lesson)}/hints/${exercise}/${number}`);
    },
    /// `hintsShown`: how many hints the student has seen; a failure's hint is the next one.
    check(lesson, exercise, answer, hintsShown) {
      return request("POST", "/api/check", { lesson, exercise, answer, hintsShown });
    },
  };
})();

// ==== diagram ================================================================
// The diagram is the server's: `/api/run` with `"page": true` answers the
// picture `streamlab eval --format svg` draws (one layout, one legend rule,
// one long-run path for the terminal and the page), with on each mark its
// row, its event and its time, and on the picture its time axis's scale.
// The page only puts it in, hides what the clock has not reached yet and
// draws the clock's cursor on the server's axis; it never lays anything out.

SL.diagram = (function () {
  const SVG = "http://www.w3.org/2000/svg";

  /// The server's SVG text as a node of this page.
  function parse(text) {
    const parsed = new DOMParser().parseFromString(text, "image/svg+xml");
    const svg = document.importNode(parsed.documentElement, true);
    svg.dataset.width = svg.getAttribute("width");
    svg.dataset.height = svg.getAttribute("height");
    return svg;
  }

  /// The picture's time axis as the server drew it.
  function axis(svg) {
    const left = Number(svg.dataset.left);
    const perMs = Number(svg.dataset.pxPerMs);
    return {
      left,
      right: Number(svg.dataset.right),
      perMs,
      span: Number(svg.dataset.span),
      axisY: Number(svg.dataset.axisY),
      instants: (svg.dataset.instants || "0").split(" ").filter((t) => t !== "").map(Number),
      x: (t) => left + t * perMs,
      t: (x) => (perMs > 0 ? (x - left) / perMs : 0),
    };
  }

  /// Pointer x in the SVG's own coordinates, whatever its displayed scale.
  function svgX(svg, event) {
    const point = svg.createSVGPoint();
    point.x = event.clientX;
    point.y = event.clientY;
    return point.matrixTransform(svg.getScreenCTM().inverse()).x;
  }

  function el(name, attributes, parent, text) {
    const node = document.createElementNS(SVG, name);
    for (const [key, value] of Object.entries(attributes || {})) node.setAttribute(key, String(value));
    if (text !== undefined) node.textContent = text;
    if (parent) parent.appendChild(node);
    return node;
  }

  /// Shows what happened up to `t` virtual ms (Infinity: everything) and
  /// the clock's cursor there.
  function reveal(svg, t) {
    for (const node of svg.querySelectorAll("[data-t]")) {
      node.classList.toggle("future", Number(node.dataset.t) > t);
    }
    const layer = svg.querySelector(".cursor-layer");
    if (!layer) return;
    layer.replaceChildren();
    if (t === Infinity) return;
    const geo = axis(svg);
    const x = geo.x(Math.min(t, geo.span));
    el("line", { x1: x, y1: 8, x2: x, y2: geo.axisY + 4, class: "cursor" }, layer);
    el("text", { x, y: geo.axisY + 36, "text-anchor": "middle", class: "cursor-time" }, layer, `${Math.round(t * 10) / 10}ms`);
  }

  /// Large type: the picture drawn `factor` times as large (the page's CSS
  /// still fits it to the width of the screen).
  function scale(svg, factor) {
    svg.setAttribute("width", Math.round(Number(svg.dataset.width) * factor * 10) / 10);
    svg.setAttribute("height", Math.round(Number(svg.dataset.height) * factor * 10) / 10);
  }

  /// A guess of predict mode: a dashed circle on the output row at `t`.
  function drawGuess(svg, rowIndex, t) {
    const row = svg.querySelector(`.row[data-row="${rowIndex}"]`);
    const line = row && row.querySelector("line.arrow");
    if (!line) return;
    const mark = el("g", { class: "guess", "data-guess": t }, row);
    el("circle", { cx: axis(svg).x(t), cy: line.getAttribute("y1"), r: 13 }, mark);
    el("title", {}, mark, `your guess: ${t}ms`);
  }

  /// The width in px the page shows a picture at: the playground's box
  /// (the page's width less its margins while another view shows), less
  /// for large type, which draws the picture larger.
  function shownWidth() {
    const box = document.getElementById("diagram");
    const width = (box && box.clientWidth) || document.documentElement.clientWidth - 32;
    const large = document.getElementById("opt-large");
    return Math.max(100, Math.floor(width / (large && large.checked ? 1.5 : 1)));
  }

  return { parse, axis, svgX, reveal, scale, drawGuess, shownWidth };
})();

// ==== causes =================================================================
// Why did this marble happen? Each mark the server drew carries its event's
// id and the ids of the events it was made from (`data-id`, `data-causes`),
// and the picture lists the causes of events it made from but did not draw
// (a subscription at 0ms, say). A click on a mark follows the ids back to
// the first event, highlights every mark on the way, across every row, and
// dims the rest; the caption is what `:why` says of it in the terminal. The
// page works out nothing itself: the causes are the server's, recorded as
// the run ran.

SL.causes = (function () {
  /// Every mark of the chain that made `mark`, nearest first (`mark` not included).
  function chain(svg, mark) {
    const drawn = new Map();
    for (const other of svg.querySelectorAll(".mark[data-id]")) drawn.set(other.dataset.id, other);
    const metadata = svg.querySelector("metadata.causes");
    let undrawn = {};
    try {
      undrawn = metadata ? JSON.parse(metadata.textContent) : {};
    } catch (error) {
      undrawn = {};
    }
    const causesOf = (id) => {
      const shown = drawn.get(id);
      if (shown) return (shown.dataset.causes || "").split(" ").filter((cause) => cause !== "");
      return (undrawn[id] || []).map(String);
    };
    const seen = new Set([mark.dataset.id]);
    const marks = [];
    let frontier = [mark.dataset.id];
    while (frontier.length) {
      const next = [];
      for (const id of frontier) {
        for (const cause of causesOf(id)) {
          if (seen.has(cause)) continue;
          seen.add(cause);
          next.push(cause);
          if (drawn.has(cause)) marks.push(drawn.get(cause));
        }
      }
      frontier = next;
    }
    return marks;
  }

  /// Highlights `mark` and its causes, dims the rest.
  function show(svg, mark) {
    clear(svg);
    svg.classList.add("tracing");
    mark.classList.add("asked");
    for (const cause of chain(svg, mark)) cause.classList.add("cause");
  }

  /// The values the asked event's operator passed over (what `debounce`
  /// replaced), which the server names: shown, not dimmed, but hollow.
  function showPassedOver(svg, ids) {
    for (const id of ids) {
      const mark = svg.querySelector(`.mark[data-id="${id}"]`);
      if (mark) mark.classList.add("passed-over");
    }
  }

  function clear(svg) {
    svg.classList.remove("tracing");
    for (const marked of svg.querySelectorAll(".mark.asked, .mark.cause, .mark.passed-over")) {
      marked.classList.remove("asked", "cause", "passed-over");
    }
  }

  /// Wires the picture: a click (or Enter on a focused mark) shows its
  /// causes, a second click on it, a click elsewhere or Escape clears them.
  /// `explain(id)` asks the server for `:why`'s words on the event;
  /// `onCaption(text)` gets them, "" when cleared.
  function attach(svg, explain, onCaption) {
    let asked = null;
    const toggle = async (mark) => {
      if (mark === asked) {
        asked = null;
        clear(svg);
        return onCaption("");
      }
      asked = mark;
      show(svg, mark);
      onCaption("");
      let text;
      try {
        const answer = await explain(Number(mark.dataset.id));
        if (answer.ok) showPassedOver(svg, asked === mark ? answer.data.passedOver : []);
        text = answer.ok ? answer.data.lines.join("\n") : (answer.data.error || {}).message || `the server answered ${answer.status}`;
      } catch (error) {
        text = "The server cannot be reached: " + error.message;
      }
      if (asked === mark) onCaption(text);
    };
    svg.addEventListener("click", (event) => {
      const mark = event.target.closest && event.target.closest(".mark[data-id]");
      // A marble that was dragged away was moved, not asked about.
      if (mark && mark.dataset.target !== undefined) return;
      if (mark) return toggle(mark);
      if (asked) toggle(asked);
    });
    svg.addEventListener("keydown", (event) => {
      const mark = event.target.closest && event.target.closest(".mark[data-id]");
      if (event.key === "Escape" && asked) return toggle(asked);
      if (!mark || (event.key !== "Enter" && event.key !== " ")) return;
      event.preventDefault();
      toggle(mark);
    });
  }

  return { attach, chain };
})();

// ==== state panel ==============================================================
// What each stage holds at the player's cursor: demand, the work waiting on
// the clock and what it will send, what buffer, zip, combineLatest and
// collect hold, each subject's subscribers. The server runs the program with
// the instant noted (the lines `:at` prints); the panel asks for the cursor's
// millisecond, one request at a time, and keeps the answers for this run, so
// Play shows the state as fast as the server answers and a step is exact.

SL.StatePanel = class {
  constructor(heading, list) {
    this.heading = heading;
    this.list = list;
    this.program = null;
    this.answers = new Map();
    this.wanted = null;
    this.asking = false;
  }

  /// A new run: nothing known yet.
  load(program) {
    this.program = program;
    this.answers = new Map();
    this.wanted = null;
    this.render(null);
  }

  /// The cursor is at `t` ms (Infinity: the clock is off, everything shown).
  follow(t) {
    if (t === Infinity || this.program === null) {
      this.wanted = null;
      return this.render(null);
    }
    this.wanted = Math.round(t);
    if (this.answers.has(this.wanted)) return this.render(this.wanted);
    this.ask();
  }

  async ask() {
    if (this.asking || this.wanted === null) return;
    const [program, t] = [this.program, this.wanted];
    this.asking = true;
    let lines;
    try {
      const answer = await SL.api.state(program, t);
      lines = answer.ok ? answer.data.lines : [(answer.data.error || {}).message || `the server answered ${answer.status}`];
    } catch (error) {
      lines = ["The server cannot be reached: " + error.message];
    }
    this.asking = false;
    if (program !== this.program) return this.ask();
    this.answers.set(t, lines);
    // Shown even when the cursor has moved on (its time says which instant
    // it is); then the cursor's own instant is asked for.
    if (this.wanted !== null) this.render(t);
    if (this.wanted !== null && this.wanted !== t) this.ask();
  }

  render(t) {
    if (t === null) {
      this.heading.textContent = "Inside the stages";
      const hint = document.createElement("li");
      hint.className = "state-hint";
      hint.textContent = "Step or play the clock: what each stage holds at the cursor shows here.";
      this.list.replaceChildren(hint);
      return;
    }
    this.heading.textContent = `Inside the stages at ${t}ms`;
    const lines = this.answers.get(t) || [];
    this.list.replaceChildren(
      ...lines.map((line) => {
        const item = document.createElement("li");
        // `code` spans, as the terminal's backticks mark them.
        line.split("`").forEach((part, index) => {
          if (index % 2 === 1) {
            const code = document.createElement("code");
            code.textContent = part;
            item.appendChild(code);
          } else if (part) {
            item.appendChild(document.createTextNode(part));
          }
        });
        return item;
      })
    );
  }
};

// ==== player =================================================================
// The clock player: a cursor sweeps the time axis at ¼× to 4× of virtual time
// (1× = one virtual millisecond per real millisecond), or jumps from one
// instant that has an event to the next (→) or back (←). It only decides how
// much of the run is revealed; the diagram draws what the JSON already holds.

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
    // Playing from the end (or from "everything shown") starts over; it is
    // playing already then, so the start is not announced as a stop.
    this.playing = true;
    if (!this.active || this.reveal >= this.span) this.set(0);
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

// ==== drag ===================================================================
// The RxMarbles gesture on any pipeline: a value, `|` or `#` the server drew
// as movable (rows drawn from `marbles "…"` and `events …`) follows the
// pointer, mouse or finger, along the time axis, snapping to the step the
// server gave its row; on release the page asks /api/move for the rewritten
// program. With the keyboard: Tab (or a click) selects a marble, ← and →
// move it one step.

SL.drag = (function () {
  /// Wires the picture. `onMove(row, event, t)` asks for the move;
  /// `onSelect(selection)` keeps the keyboard's selection across redraws.
  function attach(svg, onMove, onSelect) {
    const geo = SL.diagram.axis(svg);

    function snap(step, t) {
      return Math.max(0, Math.round(t / step) * step);
    }

    for (const mark of svg.querySelectorAll(".mark.movable")) {
      const rowIndex = Number(mark.dataset.row);
      const eventIndex = Number(mark.dataset.event);
      const step = Number(mark.closest(".row").dataset.step) || 1;
      const original = Number(mark.dataset.t);

      mark.addEventListener("pointerdown", (down) => {
        down.preventDefault();
        mark.focus();
        onSelect({ row: rowIndex, event: eventIndex });
        mark.setPointerCapture(down.pointerId);
        const startX = SL.diagram.svgX(svg, down);
        let target = original;
        mark.classList.add("dragging");
        // The time the marble would land on, shown above it while it moves.
        const box = mark.getBBox();
        const readout = document.createElementNS("http://www.w3.org/2000/svg", "text");
        readout.setAttribute("class", "drag-time");
        readout.setAttribute("text-anchor", "middle");
        readout.setAttribute("x", box.x + box.width / 2);
        readout.setAttribute("y", box.y - 6);
        readout.textContent = `${original}ms`;
        mark.appendChild(readout);
        const moveTo = (event) => {
          target = snap(step, original + geo.t(SL.diagram.svgX(svg, event)) - geo.t(startX));
          mark.setAttribute("transform", `translate(${geo.x(target) - geo.x(original)} 0)`);
          mark.dataset.target = target;
          readout.textContent = `${target}ms`;
        };
        const finish = (event) => {
          readout.remove();
          mark.removeEventListener("pointermove", moveTo);
          mark.removeEventListener("pointerup", finish);
          mark.removeEventListener("pointercancel", finish);
          mark.classList.remove("dragging");
          if (event.type === "pointerup" && target !== original) onMove(rowIndex, eventIndex, target);
          else mark.removeAttribute("transform");
        };
        mark.addEventListener("pointermove", moveTo);
        mark.addEventListener("pointerup", finish);
        mark.addEventListener("pointercancel", finish);
      });

      mark.addEventListener("focus", () => {
        svg.querySelectorAll(".mark.selected").forEach((other) => other.classList.remove("selected"));
        mark.classList.add("selected");
        onSelect({ row: rowIndex, event: eventIndex });
      });

      mark.addEventListener("keydown", (event) => {
        if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
        event.preventDefault();
        event.stopPropagation();
        const target = snap(step, original + (event.key === "ArrowRight" ? step : -step));
        if (target !== original) onMove(rowIndex, eventIndex, target);
      });
    }
  }

  return { attach };
})();


// ==== editor =================================================================
// The program editor: a textarea with line numbers beside it, a caret under
// the column a parse error names, and the program kept in the page's address
// (`#p=` and the program in base64url, so a link reproduces the view).

SL.editor = (function () {
  let textarea;
  let gutter;
  let caret;

  function lineCount() {
    return textarea.value.split("\n").length;
  }

  function renumber() {
    const lines = [];
    for (let i = 1; i <= lineCount(); i++) lines.push(String(i));
    gutter.textContent = lines.join("\n");
    gutter.scrollTop = textarea.scrollTop;
    textarea.rows = Math.min(Math.max(lineCount(), 3), 16);
  }

  /// One character's width and one line's height in the textarea's font,
  /// so the caret lands under the right column whatever the type size.
  function metrics() {
    const probe = document.createElement("span");
    const style = getComputedStyle(textarea);
    probe.style.font = style.font;
    probe.style.position = "absolute";
    probe.style.visibility = "hidden";
    probe.style.whiteSpace = "pre";
    probe.textContent = "M".repeat(100);
    document.body.appendChild(probe);
    const width = probe.getBoundingClientRect().width / 100;
    probe.remove();
    const lineHeight = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.4;
    return { width, lineHeight, left: parseFloat(style.paddingLeft), top: parseFloat(style.paddingTop) };
  }

  function showCaret(line, column) {
    const m = metrics();
    caret.hidden = false;
    caret.style.left = `${m.left + (column - 1) * m.width - textarea.scrollLeft}px`;
    caret.style.top = `${m.top + line * m.lineHeight - textarea.scrollTop - m.lineHeight * 0.35}px`;
    caret.dataset.line = line;
    caret.dataset.column = column;
    gutter.querySelectorAll("mark").forEach((mark) => mark.replaceWith(mark.textContent));
    const numbers = gutter.textContent.split("\n");
    gutter.innerHTML = numbers
      .map((number, index) => (index + 1 === line ? `<mark>${number}</mark>` : number))
      .join("\n");
    // The text cursor goes there too, so the student can type the fix at once.
    const lines = textarea.value.split("\n");
    let offset = 0;
    for (let i = 0; i < line - 1 && i < lines.length; i++) offset += lines[i].length + 1;
    offset += Math.max(0, column - 1);
    textarea.setSelectionRange(offset, Math.min(offset + 1, textarea.value.length));
  }

  function hideCaret() {
    caret.hidden = true;
    if (gutter.querySelector("mark")) renumber();
  }

  // ---- the address --------------------------------------------------------

  function encode(text) {
    const bytes = new TextEncoder().encode(text);
    let binary = "";
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }

  function decode(text) {
    const base64 = text.replace(/-/g, "+").replace(/_/g, "/");
    const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
    return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (ch) => ch.charCodeAt(0)));
  }

  /// The hash's fields: `p` (the program) and `f` (the format shown).
  function readHash() {
    const fields = new URLSearchParams(location.hash.replace(/^#/, ""));
    let program = null;
    let unreadable = false;
    if (fields.has("p")) {
      try {
        program = decode(fields.get("p"));
      } catch (error) {
        // Said on the page: a link that silently showed another program
        // would look like the sender's.
        unreadable = true;
      }
    }
    return { program, unreadable, format: fields.get("f"), lesson: fields.get("lesson"), lessons: fields.has("lessons") };
  }

  function link(program, format) {
    const fields = new URLSearchParams();
    fields.set("p", encode(program));
    if (format && format !== "diagram") fields.set("f", format);
    return "#" + fields.toString();
  }

  function init(onRun, onEdit) {
    textarea = document.getElementById("program");
    gutter = document.getElementById("gutter");
    caret = document.getElementById("error-caret");
    textarea.addEventListener("input", () => {
      renumber();
      hideCaret();
      if (onEdit) onEdit();
    });
    textarea.addEventListener("scroll", () => {
      gutter.scrollTop = textarea.scrollTop;
      if (!caret.hidden) showCaret(Number(caret.dataset.line), Number(caret.dataset.column));
    });
    textarea.addEventListener("keydown", (event) => {
      if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        onRun();
      }
    });
    renumber();
  }

  return {
    init,
    get text() {
      return textarea.value;
    },
    set text(value) {
      textarea.value = value;
      renumber();
      hideCaret();
    },
    showCaret,
    hideCaret,
    readHash,
    link,
    encode,
    decode,
  };
})();

// ==== lessons ================================================================
// Lessons in the browser: the list (GET /api/lessons), one lesson's prose and
// runnable examples (GET /api/lessons/ID), and its exercises, each answer
// checked by the same checker as `streamlab run` (POST /api/check), with
// hints and, on failure, the expected and actual output on one axis.

SL.lessons = (function () {
  function h(tag, attributes, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attributes || {})) {
      if (key === "class") node.className = value;
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value);
    }
    for (const child of children) {
      if (child === null || child === undefined) continue;
      node.append(typeof child === "string" ? document.createTextNode(child) : child);
    }
    return node;
  }

  function errorText(answer) {
    const error = (answer.data && answer.data.error) || {};
    const where = error.line ? ` (line ${error.line}, column ${error.column})` : "";
    return (error.message || `the server answered ${answer.status}`) + where;
  }

  async function showList(list, scale) {
    list.replaceChildren(h("li", {}, "Loading…"));
    const answer = await SL.api.lessons();
    if (!answer.ok) {
      list.replaceChildren(h("li", { class: "error" }, errorText(answer)));
      return;
    }
    const lessons = Array.isArray(answer.data) ? answer.data : answer.data.lessons || [];
    list.replaceChildren(
      ...lessons.map((lesson) =>
        h(
          "li",
          {},
          h("a", { href: "#lesson=" + encodeURIComponent(lesson.id) }, lesson.title || lesson.id),
          typeof lesson.exercises === "number"
            ? h("span", { class: "progress" }, ` \u2014 ${lesson.passed || 0} of ${lesson.exercises} exercises passed`)
            : null
        )
      )
    );
  }

  /// The lesson's parts in order: prose paragraphs and runnable examples.
  /// Reads `items` of {prose} or {demo} (what `streamlab serve` sends),
  /// `parts` of {kind, text|program}, or `prose` and `examples`.
  function partsOf(lesson) {
    if (Array.isArray(lesson.items)) {
      return lesson.items.map((item) => (item.demo !== undefined ? { example: item.demo } : { prose: item.prose || "" }));
    }
    const list = lesson.parts || lesson.blocks || lesson.sections;
    if (Array.isArray(list)) {
      return list.map((part) => {
        const program = part.program || part.source || (part.kind !== "prose" ? part.text : null);
        return program && part.kind !== "prose" ? { example: program } : { prose: part.text || part.prose || "" };
      });
    }
    const parts = [];
    const prose = Array.isArray(lesson.prose) ? lesson.prose : lesson.prose ? [lesson.prose] : [];
    for (const text of prose) parts.push({ prose: typeof text === "string" ? text : text.text || "" });
    for (const example of lesson.examples || lesson.demos || []) {
      parts.push({ example: typeof example === "string" ? example : example.program || example.source });
    }
    return parts;
  }

  /// Prose: blank lines part paragraphs; indented lines are code.
  function proseNodes(text) {
    return text
      .split(/\n\s*\n/)
      .filter((paragraph) => paragraph.trim() !== "")
      .map((paragraph) =>
        /^( {4}|\t)/.test(paragraph)
          ? h("pre", { class: "prose-code" }, paragraph.replace(/^( {4}|\t)/gm, ""))
          : h("p", {}, ...inlineCode(paragraph.replace(/\s*\n\s*/g, " ")))
      );
  }

  /// `code` in prose as <code>: the lesson files' one piece of markup.
  function inlineCode(text) {
    return text.split("`").map((piece, index) => (index % 2 === 1 ? h("code", {}, piece) : piece));
  }

  /// The server's picture in a box of the page.
  function diagramOf(svgText, scale) {
    const box = h("div", { class: "diagram" });
    const svg = SL.diagram.parse(svgText);
    SL.diagram.scale(svg, scale);
    box.append(svg);
    return box;
  }

  function example(program, scale) {
    const result = h("div", { class: "example-output" });
    const run = async () => {
      const answer = await SL.api.picture(program);
      result.replaceChildren(answer.ok ? diagramOf(answer.data.svg, scale) : h("pre", { class: "error" }, errorText(answer)));
    };
    const node = h(
      "div",
      { class: "example" },
      h("pre", { class: "example-program" }, program),
      h(
        "div",
        { class: "example-actions" },
        h("button", { class: "run-example", onclick: run }, "Run"),
        h("a", { href: SL.editor.link(program) }, "Open in the playground")
      ),
      result
    );
    run();
    return node;
  }

  function exercise(lessonId, item, position, scale) {
    const number = item.number !== undefined ? item.number : position + 1;
    const hintCount = item.hintCount || 0;
    const givenList = item.givens || item.given;
    const given = Array.isArray(givenList) ? givenList : givenList ? [givenList] : [];
    // A test exercise (lesson 15): the answer is an XCTestCase over the code shown.
    const isTest = typeof item.code === "string";
    const answerBox = h("textarea", {
      class: "answer",
      rows: isTest ? "10" : "2",
      spellcheck: "false",
      "aria-label": `Answer to exercise ${number}`,
    });
    if (item.answer) answerBox.value = item.answer;
    const feedback = h("div", { class: "feedback", role: "status" });
    const hintList = h("ol", { class: "hints" });
    let shownHints = 0;
    // Every hint shows once, in the list, whether the button or a failed
    // check brought it; the server sends one hint at a time, when asked.
    const showHint = (text) => {
      if (!text || [...hintList.children].some((li) => li.textContent === text)) return;
      shownHints += 1;
      hintList.append(h("li", {}, text));
    };
    const hintButton = h("button", {
      class: "hint-button",
      onclick: async () => {
        if (shownHints >= hintCount) return;
        const answer = await SL.api.hint(lessonId, number, shownHints + 1);
        if (answer.ok) showHint(answer.data.hint);
      },
    }, "Hint");
    // `predict: yes`: the student says what they expect before answering,
    // as `streamlab run` asks in the terminal.
    const prediction = item.predict
      ? h("textarea", {
          class: "prediction",
          rows: "2",
          spellcheck: "false",
          "aria-label": `Your prediction for exercise ${number}: what do you expect to see?`,
        })
      : null;
    const predictionStep = item.predict
      ? h(
          "div",
          { class: "prediction-step" },
          h("p", { class: "predict-first" }, "Predict first: say what you expect to see, then type your answer."),
          prediction
        )
      : null;
    const answerGate = () => {
      const waiting = prediction !== null && prediction.value.trim() === "";
      answerBox.disabled = waiting;
      checkButton.disabled = waiting;
    };
    if (prediction) prediction.addEventListener("input", answerGate);
    const check = async () => {
      feedback.replaceChildren(h("p", {}, "Checking…"));
      const answer = await SL.api.check(lessonId, number, answerBox.value, shownHints);
      if (!answer.ok) {
        feedback.className = "feedback failed";
        feedback.replaceChildren(h("pre", { class: "error" }, errorText(answer)));
        return;
      }
      const result = answer.data;
      if (!result.passed) showHint(result.hint || null);
      feedback.className = "feedback " + (result.passed ? "passed" : "failed");
      // An answer that does not parse: its line with a caret under the column.
      const answerLine = result.line ? answerBox.value.split("\n")[result.line - 1] || "" : null;
      const where =
        answerLine !== null ? `${answerLine}\n${" ".repeat(Math.max(0, (result.column || 1) - 1))}^` : null;
      if (result.passed) section.classList.add("passed");
      // (The DOM's replaceChildren would write a null as the text "null".)
      feedback.replaceChildren(
        ...[
          h("p", { class: "verdict" }, result.passed ? "\u2713 Passed" : "\u2717 Not yet"),
          // The verdict says "passed" already.
          result.message && !result.passed ? h("pre", { class: "message" }, result.message) : null,
          prediction ? h("p", { class: "your-prediction" }, "You predicted: " + prediction.value.trim()) : null,
          where ? h("pre", { class: "error" }, where) : null,
          !result.passed && result.diagram ? diagramOf(result.diagram, scale) : null,
        ].filter((node) => node !== null)
      );
    };
    answerBox.addEventListener("keydown", (event) => {
      if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        check();
      }
    });
    const checkButton = h("button", { class: "check primary", onclick: check }, "Check");
    answerGate();
    const section = h(
      "section",
      { class: "exercise" + (item.passed ? " passed" : ""), "data-exercise": String(number) },
      h("h2", {}, `Exercise ${number}: ${item.title || item.name || ""}`),
      ...partsOf(item).flatMap((part) => (part.example ? [example(part.example, scale)] : proseNodes(part.prose))),
      ...given.map((line) => h("pre", { class: "given" }, line)),
      item.task || item.prompt ? h("p", { class: "task" }, item.task || item.prompt) : null,
      isTest ? h("p", { class: "code-heading" }, "The code under test:") : null,
      isTest ? h("pre", { class: "code-under-test" }, item.code) : null,
      isTest
        ? h(
            "p",
            { class: "test-rule" },
            "Answer with a test: a final class \u2026: XCTestCase whose test\u2026 methods use this code. It passes when every test passes on the code and some test fails on each near miss of it the lesson knows (a duration changed, an operator swapped or left out)."
          )
        : null,
      predictionStep,
      answerBox,
      h("div", { class: "exercise-actions" }, checkButton, hintButton),
      hintList,
      feedback
    );
    return section;
  }

  async function showLesson(body, id, scale) {
    body.replaceChildren(h("p", {}, "Loading…"));
    const answer = await SL.api.lesson(id);
    if (!answer.ok) {
      body.replaceChildren(h("pre", { class: "error" }, errorText(answer)));
      return;
    }
    const lesson = answer.data;
    body.replaceChildren(
      h("h1", {}, lesson.title || id),
      ...partsOf(lesson).flatMap((part) => (part.example ? [example(part.example, scale)] : proseNodes(part.prose))),
      ...(lesson.exercises || []).map((item, position) => exercise(lesson.id || id, item, position, scale))
    );
  }

  return { showList, showLesson };
})();

// ==== page ===================================================================
// The playground page: runs the editor's program, shows it in the chosen
// format, keeps it in the address, and wires the player, the drag gesture,
// the predict toggle, the lessons and the projector options together.

(function () {
  const $ = (id) => document.getElementById(id);
  const DEFAULT_PROGRAM = $("program").value;
  const state = {
    format: "diagram",
    svg: null, // the picture drawn for the last run
    program: null, // the program that picture is of
    selected: null, // {row, event} the marble the keyboard moves
    predict: false,
    revealed: false, // predict: the output is shown again
    guesses: [],
    scale: 1,
    running: 0, // a counter, so an older answer never overwrites a newer one
  };
  const player = new SL.Player((reveal) => showClock(reveal));
  const statePanel = new SL.StatePanel($("state-heading"), $("state-lines"));

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

  /// The link always holds what the editor holds, run or not.
  function updateLink() {
    $("share-link").href = SL.editor.link(SL.editor.text, state.format);
  }

  /// Runs the editor's program. `keepAxis`: after a move, the picture keeps
  /// the scale it was dragged in, so the marks that did not move stay put.
  async function run(keepAxis) {
    const program = SL.editor.text;
    const ticket = ++state.running;
    history.replaceState(null, "", SL.editor.link(program, state.format));
    updateLink();
    document.body.classList.add("busy");
    const options = { predict: state.predict && !state.revealed };
    if (keepAxis === true && state.svg) options.pixelsPerMs = Number(state.svg.dataset.pxPerMs);
    let answer;
    try {
      answer = await SL.api.picture(program, options);
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
    const received = performance.now();
    clearError();
    if (!keepAxis) {
      state.guesses = [];
      state.revealed = false;
      $("predict-score").textContent = "";
      $("predict-reveal").disabled = true;
    }
    state.program = program;
    statePanel.load(program);
    show(SL.diagram.parse(answer.data.svg));
    // How long the page took to draw the server's picture, laid out and
    // ready to paint (the run itself is the server's, as in the terminal).
    state.svg.getBBox();
    $("output").dataset.drawMs = String(Math.round(performance.now() - received));
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
    showStatePanel();
    if (isDiagram) return;
    const ticket = state.running;
    const answer = await SL.api.run(SL.editor.text, state.format);
    if (ticket !== state.running) return;
    if (state.format === "json") text.textContent = answer.text;
    else text.textContent = answer.ok ? answer.data.text : (answer.data.error || {}).message || "";
  }

  // ---- the diagram ------------------------------------------------------------

  /// Puts a new picture in: the clock reloaded, the drag and predict wired.
  function show(svg) {
    const box = $("diagram");
    const focused = document.activeElement && box.contains(document.activeElement);
    state.svg = svg;
    SL.diagram.scale(svg, state.scale);
    box.replaceChildren(svg);
    if (state.selected && !svg.querySelector(`.mark[data-row="${state.selected.row}"]`)) state.selected = null;
    const geo = SL.diagram.axis(svg);
    player.load(geo.instants, geo.span);
    SL.drag.attach(svg, move, (selection) => (state.selected = selection));
    $("causes-caption").textContent = "";
    const program = state.program;
    SL.causes.attach(
      svg,
      (id) => SL.api.why(program, id),
      (text) => ($("causes-caption").textContent = text)
    );
    if (svg.dataset.hidesOutput) attachPredict(svg);
    for (const guess of state.predict ? state.guesses : []) SL.diagram.drawGuess(svg, guess.row, guess.t);
    if (focused && state.selected) {
      const mark = box.querySelector(`.mark[data-row="${state.selected.row}"][data-event="${state.selected.event}"]`);
      if (mark) mark.focus({ preventScroll: true });
    }
  }

  /// The clock's readout follows every frame; the screen reader hears it
  /// only when the clock stops on a time (a pause or a step), not 60 times a second.
  function showClock(reveal) {
    if (state.svg) SL.diagram.reveal(state.svg, reveal);
    if (!$("state-panel").hidden) statePanel.follow(reveal);
    const time = player.active ? `${Math.round(reveal)}ms` : "all";
    $("clock-time").textContent = time;
    $("clock-play").textContent = player.playing ? "Pause" : "Play";
    $("clock-play").setAttribute("aria-pressed", String(player.playing));
    if (!player.playing) {
      const words = player.active ? `Clock at ${time}` : "Clock off: everything shown";
      if ($("clock-announce").textContent !== words) $("clock-announce").textContent = words;
    }
  }

  async function move(row, event, t) {
    const answer = await SL.api.move(SL.editor.text, row, event, t);
    if (!answer.ok) {
      showError((answer.data.error || {}).message || `the server answered ${answer.status}`);
      if (state.svg) show(state.svg);
      return;
    }
    state.selected = { row, event };
    SL.editor.text = answer.data.program;
    await run(true);
    const mark = $("diagram").querySelector(`.mark[data-row="${row}"][data-event="${event}"]`);
    if (mark) mark.focus({ preventScroll: true });
  }

  /// The state panel shows with the diagram, and not while the output is
  /// to be predicted: it would say what the output holds.
  function showStatePanel() {
    const shown = state.format === "diagram" && !(state.predict && !state.revealed);
    $("state-panel").hidden = !shown;
    if (shown) statePanel.follow(player.reveal);
  }

  // ---- predict ------------------------------------------------------------------

  /// While the output is hidden, a click on an output row puts a guess there
  /// (snapped like a dragged marble); a click on a guess removes it.
  function attachPredict(svg) {
    const geo = SL.diagram.axis(svg);
    for (const row of svg.querySelectorAll(".row.hidden-output")) {
      const rowIndex = Number(row.dataset.row);
      const step = Number(row.dataset.step) || 1;
      row.addEventListener("click", (event) => {
        const t = Math.max(0, Math.round(geo.t(SL.diagram.svgX(svg, event)) / step) * step);
        const existing = state.guesses.findIndex((guess) => guess.row === rowIndex && guess.t === t);
        if (existing >= 0) state.guesses.splice(existing, 1);
        else state.guesses.push({ row: rowIndex, t });
        $("predict-reveal").disabled = state.guesses.length === 0;
        for (const old of row.querySelectorAll(".guess")) old.remove();
        for (const guess of state.guesses.filter((g) => g.row === rowIndex)) SL.diagram.drawGuess(svg, rowIndex, guess.t);
      });
    }
  }

  /// How many of the output's instants with values the student placed within one step.
  function score(svg) {
    let hit = 0;
    let total = 0;
    for (const row of svg.querySelectorAll(".row.output")) {
      const rowIndex = Number(row.dataset.row);
      const step = Number(row.dataset.step) || 1;
      const guesses = state.guesses.filter((guess) => guess.row === rowIndex).map((guess) => guess.t);
      const times = new Set([...row.querySelectorAll('.mark[data-kind="value"]')].map((mark) => Number(mark.dataset.t)));
      for (const t of times) {
        total += 1;
        const close = guesses.findIndex((guess) => Math.abs(guess - t) <= step / 2);
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
    run();
  }

  async function reveal() {
    state.revealed = true;
    await run(true);
    if (state.svg) $("predict-score").textContent = score(state.svg);
  }

  // ---- views and options ----------------------------------------------------------

  function setFormat(format) {
    state.format = format;
    for (const tab of document.querySelectorAll(".formats [data-format]")) {
      const selected = tab.dataset.format === format;
      tab.setAttribute("aria-selected", String(selected));
      tab.tabIndex = selected ? 0 : -1;
    }
    $("output").setAttribute("aria-labelledby", "tab-" + format);
    updateLink();
    if (state.svg) {
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
    for (const svg of document.querySelectorAll("svg.marbles")) SL.diagram.scale(svg, state.scale);
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
    if (hash.unreadable) {
      SL.editor.text = "";
      updateLink();
      showError(
        "This link's program cannot be read: the text after #p= is not a program encoded by the Link button. " +
          "Ask for the link again, or type a program."
      );
      $("output").dataset.program = "";
      return;
    }
    if (hash.program !== null) {
      if (hash.format) setFormat(hash.format);
      if (hash.program !== SL.editor.text || !state.svg) {
        SL.editor.text = hash.program;
        run();
      }
    } else if (!state.svg) {
      if (!SL.editor.text) SL.editor.text = DEFAULT_PROGRAM;
      run();
    }
  }

  // ---- wiring ------------------------------------------------------------------------

  SL.editor.init(run, updateLink);
  $("run").addEventListener("click", () => run());
  const tabs = [...document.querySelectorAll(".formats [data-format]")];
  for (const tab of tabs) {
    tab.addEventListener("click", () => setFormat(tab.dataset.format));
    // The tab list's arrow keys, as ARIA's tabs pattern has them.
    tab.addEventListener("keydown", (event) => {
      const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
      if (!step) return;
      event.preventDefault();
      event.stopPropagation();
      const next = tabs[(tabs.indexOf(tab) + step + tabs.length) % tabs.length];
      next.focus();
      setFormat(next.dataset.format);
    });
  }
  $("clock-play").addEventListener("click", () => player.toggle());
  $("clock-forward").addEventListener("click", () => player.forward());
  $("clock-back").addEventListener("click", () => player.back());
  $("clock-start").addEventListener("click", () => player.start());
  $("clock-end").addEventListener("click", () => player.end());
  $("clock-speed").addEventListener("change", (event) => (player.speed = Number(event.target.value)));
  $("predict").addEventListener("change", (event) => setPredict(event.target.checked));
  $("predict-reveal").addEventListener("click", reveal);
  $("opt-large").addEventListener("change", setOptions);
  $("opt-contrast").addEventListener("change", setOptions);
  // → and ← step the clock, unless a marble is selected (then they move it)
  // or the student is typing.
  document.addEventListener("keydown", (event) => {
    const target = event.target;
    if (target instanceof HTMLTextAreaElement || target instanceof HTMLInputElement || target instanceof HTMLSelectElement) return;
    if (target.closest && (target.closest(".mark.movable") || target.closest("[role=tab]"))) return;
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
