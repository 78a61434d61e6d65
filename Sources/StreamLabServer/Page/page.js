// The playground page's one script (`streamlab serve` embeds index.html,
// page.css and page.js in its binary). Plain JavaScript, no framework, no
// build step. It is in sections, each one job, each an object on `SL`:
//   SL.api      the JSON API of `streamlab serve`
//   SL.diagram  the run document drawn as an SVG marble diagram
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
// The run document drawn as an SVG marble diagram, in the look of
// `streamlab eval --format svg`: one arrow per row on one time axis, values in
// coloured circles (letters with a legend when they are long), `|` a bar,
// `#` a cross, `^` a triangle where a later subscription starts, `!` a dashed
// bar where a subscription was cancelled, `…` on rows still running when the
// run stopped. The page only draws what the server's JSON holds: no operator
// is re-implemented here.
//
// `SL.diagram.model(doc)` turns the document into rows, cells and a legend
// once; `SL.diagram.draw(model, view)` draws it as the player, the predict
// toggle and the drag gesture ask (what time is revealed, what is hidden,
// which marble is selected) and returns the SVG with its geometry.

SL.diagram = (function () {
  const SVG = "http://www.w3.org/2000/svg";
  const ROW_HEIGHT = 56;
  const RADIUS = 16;
  const CHAR_WIDTH = 7.8; // 13px monospace
  const LABEL_X = 28;
  const OVERLAP = 4;
  const MAX_BUNDLE = 6;
  const MAX_INLINE_WIDTH = 4;
  const MAX_LABEL = 64;
  const MAX_INSTANTS = 400;
  const PALETTE = ["#f6c343", "#7fc8f8", "#9ad39a", "#f49ac1", "#c5a3ff", "#ffb37b", "#8fd6cf", "#d6d66b"];
  const LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
  // Characters that mean something else in a marble row (as in ValueLegend.swift).
  const RESERVED = new Set(["-", "|", "#", "(", ")", "^", "!", "~", "'", '"', "*"]);
  const TERMINAL = new Set(["finished", "failed", "cancelled"]);

  // ---- values -------------------------------------------------------------

  /// A value as Swift's description writes it: strings quoted, nil, arrays
  /// and tuples in brackets.
  function describe(value) {
    if (value === null || value === undefined) return "nil";
    if (Array.isArray(value)) return "[" + value.map(describe).join(", ") + "]";
    if (typeof value === "string") return JSON.stringify(value);
    if (typeof value === "object") return JSON.stringify(value);
    return String(value);
  }

  /// The value written as itself inside a marble, or null when it needs a letter.
  function inlineText(value) {
    let text;
    if (value === null) text = "nil";
    else if (typeof value === "number" || typeof value === "boolean") text = String(value);
    else if (typeof value === "string") {
      if (readsAsAnotherType(value)) return null;
      text = value;
    } else return null;
    return drawable(text);
  }

  function readsAsAnotherType(text) {
    return (text.trim() !== "" && !isNaN(Number(text))) || ["true", "false", "nil"].includes(text);
  }

  /// A string that reads as a number, a boolean or nil, if it fits a marble.
  function lookalikeText(value) {
    return typeof value === "string" && readsAsAnotherType(value) ? drawable(value) : null;
  }

  function drawable(text) {
    if (text.length === 0 || text.length > MAX_INLINE_WIDTH) return null;
    for (const ch of text) {
      const code = ch.codePointAt(0);
      if (code <= 0x20 || code >= 0x7f || RESERVED.has(ch)) return null;
    }
    return text;
  }

  /// One legend for the whole diagram, so a value keeps its letter on every row.
  /// As in ValueLegend.swift, a string that reads as a number ("1") is written
  /// as itself unless another value on the diagram is written the same way.
  function makeLegend(values) {
    const unique = [];
    const seen = new Set();
    for (const value of values) {
      const key = describe(value);
      if (seen.has(key)) continue;
      seen.add(key);
      unique.push(value);
    }
    const plain = new Set(unique.map(inlineText).filter((text) => text !== null));
    const lookalikeCounts = new Map();
    for (const value of unique) {
      const text = lookalikeText(value);
      if (text !== null) lookalikeCounts.set(text, (lookalikeCounts.get(text) || 0) + 1);
    }
    const lookalikes = new Set(
      unique
        .filter((value) => {
          const text = lookalikeText(value);
          return text !== null && !plain.has(text) && lookalikeCounts.get(text) === 1;
        })
        .map(describe)
    );
    const inline = (value) => (lookalikes.has(describe(value)) ? lookalikeText(value) : inlineText(value));
    const taken = new Set();
    const needLetters = [];
    for (const value of unique) {
      const text = inline(value);
      if (text === null) needLetters.push(value);
      else taken.add(text);
    }
    const free = [...LETTERS].filter((letter) => !taken.has(letter));
    const letters = new Map();
    const entries = [];
    let overflowed = false;
    for (const value of needLetters) {
      const letter = free.shift();
      if (letter) {
        letters.set(describe(value), letter);
        entries.push(`${letter} = ${describe(value)}`);
      } else {
        letters.set(describe(value), "*");
        overflowed = true;
      }
    }
    if (overflowed) entries.push("* = other values (the event list shows them)");
    return {
      token(value) {
        return letters.get(describe(value)) || inline(value) || "*";
      },
      entries,
    };
  }

  /// FNV-1a with a final mix, as SVGDiagram.swift colours values, so a value
  /// keeps its colour from run to run.
  function colour(value) {
    let hash = 0xcbf29ce484222325n;
    for (const byte of new TextEncoder().encode(describe(value))) {
      hash ^= BigInt(byte);
      hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
    }
    hash ^= hash >> 33n;
    hash = (hash * 0xff51afd7ed558ccdn) & 0xffffffffffffffffn;
    hash ^= hash >> 33n;
    return PALETTE[Number(hash % BigInt(PALETTE.length))];
  }

  // ---- the model ----------------------------------------------------------

  /// Why the run stopped, read from its last note (the JSON document's way
  /// of saying it): the time it stopped, whether streams were left running,
  /// and for a runtime error the stage and time it names.
  function stopOf(notes, lastEventTime) {
    const last = notes.length ? notes[notes.length - 1] : "";
    let match = /^stopped at the ([\d.]+)(ms|s) horizon/.exec(last);
    if (match) return { running: true, endTime: Number(match[1]) * (match[2] === "s" ? 1000 : 1) };
    match = /^stopped by a runtime error in `([^`]*)` at ([\d.]+)(ms|s|us)/.exec(last);
    if (match) {
      const scale = { ms: 1, s: 1000, us: 0.001 }[match[3]];
      const t = Number(match[2]) * scale;
      return { running: true, endTime: t, runtimeError: { label: match[1], t, message: last } };
    }
    if (/^stopped (after|by Ctrl-C)/.test(last)) return { running: true, endTime: lastEventTime };
    return { running: false, endTime: lastEventTime };
  }

  function singleLine(text) {
    return text.replace(/\s*\n\s*/g, " ");
  }

  function shortLabel(text) {
    const line = singleLine(text);
    return line.length <= MAX_LABEL ? line : line.slice(0, MAX_LABEL - 1) + "\u2026";
  }

  /// Labels, headers and indentation as the text diagram gives them
  /// (RunResult+Headings.swift): a pipeline gets a header when there are
  /// several or one subscribes late; inner rows hang under their operator.
  function headings(rows) {
    const pipelines = new Map();
    for (const row of rows) {
      if (row.shared !== undefined || row.parent !== undefined) continue;
      const entry = pipelines.get(row.pipeline) || { stages: [], start: 0 };
      if (entry.stages.length === 0) {
        const subscribed = row.events.find((event) => event.kind === "subscribed");
        entry.start = subscribed ? subscribed.t : 0;
      }
      entry.stages.push(singleLine(row.label));
      pipelines.set(row.pipeline, entry);
    }
    const grouped = pipelines.size > 1 || [...pipelines.values()].some((entry) => entry.start > 0);
    const depths = new Map();
    let previousPipeline = null;
    let previousShared = null;
    return rows.map((row) => {
      let depth = 0;
      let arrow = "";
      if (row.parent !== undefined) {
        const outer = row.nestedIn !== undefined ? depths.get(`${row.pipeline}/${row.parent}/${row.nestedIn}`) : 0;
        depth = (outer || 0) + 1;
        depths.set(`${row.pipeline}/${row.parent}/${row.inner}`, depth);
        arrow = row.innerStage !== undefined ? "" : "\u21b3 ";
      }
      const label = shortLabel(row.label);
      if (row.shared !== undefined) {
        const header =
          row.shared !== previousShared
            ? `${row.shared}, shared by ${row.subscribers} subscriber${row.subscribers === 1 ? "" : "s"}:`
            : null;
        previousShared = row.shared;
        return { header, label, indent: 2 + 2 * depth, arrow };
      }
      previousShared = null;
      const entry = pipelines.get(row.pipeline);
      const isNewPipeline = row.pipeline !== previousPipeline;
      previousPipeline = row.pipeline;
      if (!grouped || !entry) return { header: null, label, indent: 2 * depth, arrow };
      const source = entry.stages.join(" | ");
      const header = entry.start > 0 ? `${source} @${entry.start}ms` : source;
      if (entry.stages.length === 1 && row.parent === undefined && source === singleLine(row.label)) {
        return { header: null, label: shortLabel(header), indent: 0, arrow };
      }
      return { header: isNewPipeline ? shortLabel(header) : null, label, indent: 2 + 2 * depth, arrow };
    });
  }

  /// The row of each pipeline that is its output: its last stage row.
  function outputRows(rows) {
    const last = new Map();
    rows.forEach((row, index) => {
      if (row.parent === undefined && row.shared === undefined) last.set(row.pipeline, index);
    });
    return new Set(last.values());
  }

  /// Events of one row grouped by instant, each remembering its index in
  /// the row's `events` (what /api/move names). A subscription at 0 is left
  /// out: every row starts subscribed, only a later one says something.
  function cellsOf(events) {
    const cells = [];
    events.forEach((event, eventIndex) => {
      if (event.kind === "subscribed" && event.t === 0) return;
      const mark = { kind: event.kind, value: event.value, error: event.error, t: event.t, eventIndex };
      const last = cells[cells.length - 1];
      if (last && last.t === event.t) last.marks.push(mark);
      else cells.push({ t: event.t, marks: [mark] });
    });
    return cells.sort((a, b) => a.t - b.t);
  }

  function model(doc) {
    const rows = doc.rows || [];
    const notes = doc.notes || [];
    const outputs = outputRows(rows);
    const heads = headings(rows);
    const values = [];
    let lastEventTime = 0;
    const instants = new Set([0]);
    let truncated = false;
    const modelRows = rows.map((row, index) => {
      // A picture of ten thousand overlapping circles helps nobody: each row
      // shows its first instants, and a note says so (as the SVG output does).
      const allCells = cellsOf(row.events);
      const cells = allCells.slice(0, MAX_INSTANTS);
      truncated = truncated || allCells.length > MAX_INSTANTS;
      for (const event of row.events) {
        if (event.kind === "value") values.push(event.value);
        lastEventTime = Math.max(lastEventTime, event.t);
        instants.add(event.t);
      }
      const subscribed = row.events.find((event) => event.kind === "subscribed");
      const ending = [...row.events].reverse().find((event) => TERMINAL.has(event.kind) || event.kind === "subscribed");
      return {
        index,
        source: row,
        header: heads[index].header,
        label: heads[index].label,
        arrow: heads[index].arrow,
        indent: heads[index].indent,
        isInner: row.parent !== undefined,
        isOutput: outputs.has(index),
        draggable: row.draggable === true,
        frame: typeof row.frame === "number" && row.frame > 0 ? row.frame : null,
        subscribedAt: subscribed ? subscribed.t : 0,
        // When the row's last subscription ended, or null while it is live.
        endedAt: ending && TERMINAL.has(ending.kind) ? ending.t : null,
        cells,
      };
    });
    const stop = stopOf(notes, lastEventTime);
    const legend = makeLegend(values);
    const failures = [];
    for (const row of rows) {
      for (const event of row.events) {
        if (event.kind === "failed" && !failures.includes(event.error)) failures.push(event.error);
      }
    }
    return {
      rows: modelRows,
      legend,
      footer: legend.entries
        .concat(failures.map((message) => `\u2715 = ${JSON.stringify(message)}`))
        .concat(notes.filter((note) => !note.startsWith("stopped")).map((note) => "note: " + note))
        .concat(truncated ? [`note: each row shows its first ${MAX_INSTANTS} instants; the event list shows every event`] : [])
        .concat(notes.filter((note) => note.startsWith("stopped"))),
      stop,
      instants: [...instants].sort((a, b) => a - b),
    };
  }

  // ---- geometry -----------------------------------------------------------

  function marbleWidth(token) {
    return token.length <= 2 ? 2 * RADIUS : token.length * CHAR_WIDTH + 14;
  }

  function clusterWidth(cell, legend) {
    const values = cell.marks.filter((mark) => mark.kind === "value").slice(0, MAX_BUNDLE);
    const widths = values.reduce((sum, mark) => sum + marbleWidth(legend.token(mark.value)) - OVERLAP, 0);
    return widths + (cell.marks.some((mark) => TERMINAL.has(mark.kind)) ? 14 : 0) + RADIUS;
  }

  /// Time to x: wide enough that an instant's marbles end before the next
  /// instant's begin, with the whole between 480 and 2400 px (as the SVG output).
  function geometry(model) {
    const span = Math.max(model.instants[model.instants.length - 1] || 0, model.stop.endTime);
    let perMs = 0;
    for (const row of model.rows) {
      for (let i = 0; i + 1 < row.cells.length; i++) {
        const needed = clusterWidth(row.cells[i], model.legend) + 10;
        perMs = Math.max(perMs, needed / (row.cells[i + 1].t - row.cells[i].t));
      }
    }
    if (span > 0) perMs = Math.min(Math.max(perMs, 480 / span), 2400 / span);
    else perMs = 0;
    const longest = Math.max(0, ...model.rows.map((row) => row.indent + row.arrow.length + row.label.length));
    const left = LABEL_X + longest * CHAR_WIDTH + 28;
    const lastBundle = Math.max(
      0,
      ...model.rows.map((row) => (row.cells.length ? clusterWidth(row.cells[row.cells.length - 1], model.legend) : 0))
    );
    const timelineWidth = Math.max(span * perMs, 0) + lastBundle + 40;
    return {
      span,
      perMs,
      left,
      right: left + timelineWidth,
      x: (t) => left + t * perMs,
      t: (x) => (perMs > 0 ? (x - left) / perMs : 0),
    };
  }

  /// The step a marble moves by on a row: its marble frame, or for `events`
  /// a round time about ten pixels wide.
  function stepOf(row, geo) {
    if (row.frame) return row.frame;
    const rounds = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000];
    return rounds.find((step) => step * geo.perMs >= 10) || 10000;
  }

  /// Words of `line` in lines of at most `columns` characters (a longer
  /// word stands alone); lines after the first are indented by six.
  function wrap(line, columns) {
    const lines = [];
    let current = "";
    for (const word of line.split(" ")) {
      const limit = lines.length === 0 ? columns : columns - 6;
      if (current && current.length + 1 + word.length > limit) {
        lines.push(current);
        current = word;
      } else {
        current = current ? current + " " + word : word;
      }
    }
    lines.push(current);
    return lines;
  }

  // ---- drawing ------------------------------------------------------------

  function el(name, attributes, parent, text) {
    const node = document.createElementNS(SVG, name);
    for (const [key, value] of Object.entries(attributes || {})) node.setAttribute(key, String(value));
    if (text !== undefined) node.textContent = text;
    if (parent) parent.appendChild(node);
    return node;
  }

  function n(value) {
    return Math.round(value * 10) / 10;
  }

  function title(node, text) {
    el("title", {}, node, text);
  }

  /// The marks of one instant. Values of one instant sit side by side,
  /// slightly overlapping; the terminal goes after them.
  function drawCell(group, cell, x, middle, model, row, view) {
    let cursor = x - RADIUS;
    const values = cell.marks.filter((mark) => mark.kind === "value");
    let drawn = 0;
    for (const mark of cell.marks) {
      const selected = view.selected && view.selected.row === row.index && view.selected.event === mark.eventIndex;
      const movable = row.draggable && mark.kind !== "subscribed" && !view.revealing;
      const attributes = {
        "data-row": row.index,
        "data-event": mark.eventIndex,
        "data-t": mark.t,
        "data-kind": mark.kind,
        class: "mark" + (movable ? " movable" : "") + (selected ? " selected" : ""),
      };
      if (movable) {
        attributes.tabindex = 0;
        attributes.role = "button";
        attributes["aria-label"] = `${mark.kind === "value" ? describe(mark.value) : mark.kind} at ${mark.t}ms on ${
          row.label
        }; arrow keys move it`;
      }
      const g = el("g", attributes, group);
      switch (mark.kind) {
        case "subscribed": {
          el("path", { d: `M${n(x)} ${n(middle + 6)} L${n(x - 6)} ${n(middle + 16)} L${n(x + 6)} ${n(middle + 16)} Z`, class: "sub" }, g);
          title(g, `subscribed at ${mark.t}ms`);
          break;
        }
        case "value": {
          drawn += 1;
          if (drawn > MAX_BUNDLE) {
            if (drawn === values.length) {
              el("text", { x: n(cursor + 2), y: n(middle - 20) }, g, `+${values.length - MAX_BUNDLE}`);
            }
            break;
          }
          const token = model.legend.token(mark.value);
          const width = marbleWidth(token);
          const cx = cursor + width / 2;
          if (token.length <= 2) {
            el("circle", { cx: n(cx), cy: n(middle), r: RADIUS, fill: colour(mark.value), class: "marble" }, g);
          } else {
            el("rect", {
              x: n(cx - width / 2), y: n(middle - RADIUS), width: n(width), height: 2 * RADIUS, rx: RADIUS,
              fill: colour(mark.value), class: "marble",
            }, g);
          }
          el("text", { x: n(cx), y: n(middle + 4.5), "text-anchor": "middle", "font-weight": "bold", class: "token" }, g, token);
          title(g, `${describe(mark.value)} at ${mark.t}ms`);
          cursor += width - OVERLAP;
          break;
        }
        case "finished":
        case "cancelled": {
          const barX = values.length === 0 ? x : cursor + OVERLAP + 6;
          el("line", { x1: n(barX), y1: n(middle - 14), x2: n(barX), y2: n(middle + 14), class: mark.kind === "finished" ? "end" : "cancel" }, g);
          // `!` as the terminal writes it, so a cancellation reads at a glance.
          if (mark.kind === "cancelled") {
            el("text", { x: n(barX + 5), y: n(middle - 6), "font-size": 16, "font-weight": "bold", class: "cancel-mark" }, g, "!");
          }
          // A wider invisible target, so a thin bar can be grabbed.
          el("rect", { x: n(barX - 8), y: n(middle - 16), width: 16, height: 32, class: "hit" }, g);
          title(g, `${mark.kind} at ${mark.t}ms`);
          break;
        }
        case "failed": {
          const crossX = values.length === 0 ? x : cursor + OVERLAP + 10;
          el("path", {
            d: `M${n(crossX - 8)} ${n(middle - 8)} L${n(crossX + 8)} ${n(middle + 8)} M${n(crossX + 8)} ${n(middle - 8)} L${n(crossX - 8)} ${n(middle + 8)}`,
            class: "fail",
          }, g);
          el("rect", { x: n(crossX - 10), y: n(middle - 12), width: 20, height: 24, class: "hit" }, g);
          title(g, `failed at ${mark.t}ms: ${mark.error}`);
          break;
        }
      }
    }
  }

  /// Draws the model. `view` says what to show:
  ///   reveal: virtual ms up to which events are shown (Infinity: all)
  ///   hideOutput: output rows drawn empty (the predict toggle)
  ///   guesses: [{row, t}] the student's predicted marbles
  ///   selected: {row, event} the marble the keyboard moves
  ///   scale: 1 or more (large type)
  function draw(model, view) {
    const reveal = view.reveal === undefined ? Infinity : view.reveal;
    const revealing = reveal !== Infinity;
    view = Object.assign({}, view, { revealing });
    const geo = geometry(model);
    const svg = el("svg", { xmlns: SVG, class: "marbles", "font-family": "Menlo, Consolas, 'DejaVu Sans Mono', monospace", "font-size": 13 });
    // The cursor is drawn first, under the marbles it passes.
    const cursorLayer = el("g", { class: "cursor-layer" }, svg);
    // Connectors too: the dashed line down to a later inner row crosses the
    // rows between, and must not hide their marks (a cancellation there).
    const connectorLayer = el("g", { class: "connector-layer" }, svg);
    const body = el("g", {}, svg);
    const rowGeometry = [];
    const middles = new Map();
    let y = 24;
    for (const row of model.rows) {
      if (row.header) {
        el("text", { x: 16, y: y + 14, "font-weight": "bold", class: "header" }, body, row.header);
        y += 26;
      }
      const middle = y + ROW_HEIGHT / 2;
      const hidden = view.hideOutput && row.isOutput;
      const exists = !row.isInner || row.subscribedAt <= reveal;
      const group = el("g", { class: "row" + (row.isOutput ? " output" : "") + (row.isInner ? " inner-row" : "") + (hidden ? " hidden-output" : ""), "data-row": row.index }, body);
      el("text", { x: LABEL_X + row.indent * CHAR_WIDTH, y: middle + 4, "font-weight": row.isOutput ? "bold" : "normal", class: "label" }, group, row.arrow + row.label);
      rowGeometry.push({ index: row.index, middle, row });
      const key = `${row.source.pipeline}/${row.isInner ? row.source.parent : row.source.stage}/${row.isInner ? row.source.inner : 0}`;
      middles.set(row.source.shared === undefined ? key : key + "/shared", middle);
      if (exists) {
        // An inner row exists from its subscription and stops where it ended;
        // while the clock plays it grows with the cursor.
        let start = geo.left - 8;
        let end = geo.right;
        const ended = row.isInner && row.endedAt !== null && row.endedAt <= reveal;
        if (row.isInner) {
          start = geo.x(row.subscribedAt);
          const parentKey = `${row.source.pipeline}/${row.source.parent}/${row.source.nestedIn || 0}`;
          const above = middles.get(parentKey);
          if (above !== undefined) {
            el("line", { x1: n(start), y1: n(above), x2: n(start), y2: n(middle), class: "connector" }, connectorLayer);
          }
          if (ended) {
            const last = row.cells[row.cells.length - 1];
            end = last ? geo.x(last.t) + clusterWidth(last, model.legend) : start;
          }
        }
        if (revealing && !ended) end = Math.max(start, Math.min(end, geo.x(Math.min(reveal, geo.span)) + RADIUS));
        el("line", { x1: n(start), y1: n(middle), x2: n(end), y2: n(middle), class: row.isInner ? "arrow inner" : "arrow", "data-axis-row": row.index }, group);
        if (!ended && !revealing) {
          el("path", { d: `M${n(end + 8)} ${n(middle)} L${n(end - 4)} ${n(middle - 6)} L${n(end - 4)} ${n(middle + 6)} Z`, class: "head" }, group);
        }
        if (!hidden) {
          let live = true;
          let reach = geo.left;
          for (const cell of row.cells) {
            if (cell.t > reveal) break;
            drawCell(group, cell, geo.x(cell.t), middle, model, row, view);
            for (const mark of cell.marks) {
              if (TERMINAL.has(mark.kind)) live = false;
              if (mark.kind === "subscribed") live = true;
            }
            reach = geo.x(cell.t) + clusterWidth(cell, model.legend);
          }
          if (live && model.stop.running && reveal >= model.stop.endTime) {
            el("text", { x: n(Math.max(geo.x(model.stop.endTime), reach) + 8), y: n(middle - 4), "font-size": 22, "font-weight": "bold", class: "running" }, group, "\u2026");
          }
          const error = model.stop.runtimeError;
          if (error && error.label === row.source.label && row.source.parent === undefined && reveal >= error.t) {
            // Above the row's line, not on it: on it the arrowhead of a short
            // row covered the words (seen in the e2e screenshots).
            const ex = Math.max(geo.x(error.t), reach) + 30;
            const mark = el("g", { class: "runtime-error" }, group);
            el("text", { x: n(ex), y: n(middle - 14), "font-size": 20, "font-weight": "bold" }, mark, "\u26a0");
            el("text", { x: n(ex + 24), y: n(middle - 15), "font-weight": "bold" }, mark, `runtime error at ${error.t}ms`);
            title(mark, error.message);
          }
        } else {
          el("text", { x: n(geo.left + 12), y: n(middle - 20), class: "predict-hint" }, group, "? click where you think its marbles fall");
        }
        if (hidden || view.guesses) {
          for (const guess of (view.guesses || []).filter((g) => g.row === row.index)) {
            const gx = geo.x(guess.t);
            const mark = el("g", { class: "guess" }, group);
            el("circle", { cx: n(gx), cy: n(middle), r: RADIUS - 3 }, mark);
            title(mark, `your guess: ${guess.t}ms`);
          }
        }
      }
      y += ROW_HEIGHT;
    }

    // The axis: ticks at round times at least 60px apart.
    const axisY = y + 12;
    const axis = el("g", { class: "axis-group" }, body);
    el("line", { x1: n(geo.left), y1: n(axisY), x2: n(geo.right), y2: n(axisY), class: "axis" }, axis);
    const rounds = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10000, 20000, 50000, 100000];
    const tick = rounds.find((step) => step * geo.perMs >= 60) || Infinity;
    if (geo.span === 0 || geo.perMs === 0) {
      el("text", { x: n(geo.left), y: n(axisY + 20), "text-anchor": "middle" }, axis, "0ms");
    } else {
      for (let time = 0; time <= geo.span; time += tick) {
        const tx = geo.x(time);
        el("line", { x1: n(tx), y1: n(axisY - 4), x2: n(tx), y2: n(axisY + 4), class: "axis" }, axis);
        el("text", { x: n(tx), y: n(axisY + 20), "text-anchor": "middle" }, axis, `${time}ms`);
      }
    }
    if (revealing) {
      const cx = geo.x(Math.min(reveal, geo.span));
      el("line", { x1: n(cx), y1: 8, x2: n(cx), y2: n(axisY + 4), class: "cursor" }, cursorLayer);
      el("text", { x: n(cx), y: n(axisY + 36), "text-anchor": "middle", class: "cursor-time" }, body, `${Math.round(reveal * 10) / 10}ms`);
    }

    // Notes wrap to the picture's width (at least 90 columns), so a long
    // note does not make the diagram scroll sideways on a projector.
    let footerY = axisY + 56;
    const columns = Math.max(90, Math.floor((geo.right + 32 - 32) / CHAR_WIDTH));
    const footer = view.hideOutput ? model.footer.filter((line) => !line.startsWith("note:")) : model.footer;
    for (const line of footer) {
      const isError = model.stop.runtimeError && line === model.stop.runtimeError.message;
      wrap(line, columns).forEach((part, index) => {
        el("text", { x: index === 0 ? 16 : 16 + 6 * CHAR_WIDTH, y: footerY, class: isError ? "footer runtime-error-text" : "footer" }, body, part);
        footerY += 20;
      });
    }
    const footerWidth = Math.min(columns, Math.max(0, ...footer.map((line) => line.length))) * CHAR_WIDTH + 32;
    const width = Math.max(geo.right + 32, footerWidth);
    const height = footerY + 4;
    const scale = view.scale || 1;
    svg.setAttribute("viewBox", `0 0 ${n(width)} ${n(height)}`);
    svg.setAttribute("width", n(width * scale));
    svg.setAttribute("height", n(height * scale));
    return { svg, geometry: geo, rows: rowGeometry, step: (row) => stepOf(row, geo) };
  }

  return { model, draw, describe };
})();

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

// ==== drag ===================================================================
// The RxMarbles gesture on any pipeline: a value, `|` or `#` of a row the
// server marks `"draggable": true` (rows drawn from `marbles "…"` and
// `events …`) follows the pointer along the time axis, snapping to the row's
// frame; on release the page asks /api/move for the rewritten program. With
// the keyboard: Tab (or a click) selects a marble, ← and → move it one frame.

SL.drag = (function () {
  /// Wires the drawn diagram. `drawing` is what SL.diagram.draw returned;
  /// `onMove(row, event, t)` asks for the move; `onSelect(selection)` keeps
  /// the keyboard's selection across redraws.
  function attach(drawing, onMove, onSelect) {
    const svg = drawing.svg;
    const geo = drawing.geometry;
    const rowsByIndex = new Map(drawing.rows.map((row) => [row.index, row.row]));

    function snap(row, t) {
      const step = drawing.step(row);
      return Math.max(0, Math.round(t / step) * step);
    }

    /// Pointer x in the SVG's own coordinates, whatever its displayed scale.
    function svgX(event) {
      const point = svg.createSVGPoint();
      point.x = event.clientX;
      point.y = event.clientY;
      return point.matrixTransform(svg.getScreenCTM().inverse()).x;
    }

    for (const mark of svg.querySelectorAll(".mark.movable")) {
      const rowIndex = Number(mark.dataset.row);
      const eventIndex = Number(mark.dataset.event);
      const row = rowsByIndex.get(rowIndex);
      const original = Number(mark.dataset.t);

      mark.addEventListener("pointerdown", (down) => {
        down.preventDefault();
        mark.focus();
        onSelect({ row: rowIndex, event: eventIndex });
        mark.setPointerCapture(down.pointerId);
        const startX = svgX(down);
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
          target = snap(row, original + geo.t(svgX(event)) - geo.t(startX));
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
        const step = drawing.step(row);
        const target = snap(row, original + (event.key === "ArrowRight" ? step : -step));
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
    return new TextDecoder().decode(Uint8Array.from(binary, (ch) => ch.charCodeAt(0)));
  }

  /// The hash's fields: `p` (the program) and `f` (the format shown).
  function readHash() {
    const fields = new URLSearchParams(location.hash.replace(/^#/, ""));
    let program = null;
    if (fields.has("p")) {
      try {
        program = decode(fields.get("p"));
      } catch (error) {
        program = null;
      }
    }
    return { program, format: fields.get("f"), lesson: fields.get("lesson"), lessons: fields.has("lessons") };
  }

  function link(program, format) {
    const fields = new URLSearchParams();
    fields.set("p", encode(program));
    if (format && format !== "diagram") fields.set("f", format);
    return "#" + fields.toString();
  }

  function init(onRun) {
    textarea = document.getElementById("program");
    gutter = document.getElementById("gutter");
    caret = document.getElementById("error-caret");
    textarea.addEventListener("input", () => {
      renumber();
      hideCaret();
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

  function diagramOf(doc, scale) {
    const box = h("div", { class: "diagram" });
    box.append(SL.diagram.draw(SL.diagram.model(doc), { scale }).svg);
    return box;
  }

  function example(program, scale) {
    const result = h("div", { class: "example-output" });
    const run = async () => {
      const answer = await SL.api.run(program);
      result.replaceChildren(answer.ok ? diagramOf(answer.data, scale) : h("pre", { class: "error" }, errorText(answer)));
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

  /// The last stage row of the document's last pipeline: what a check compares.
  function outputRow(doc) {
    const rows = (doc && doc.rows) || [];
    const stages = rows.filter((row) => row.parent === undefined && row.shared === undefined);
    return stages[stages.length - 1];
  }

  /// Expected and actual on one axis: the expected output row over the
  /// answer's whole run.
  function comparison(expected, actual, scale) {
    const rows = [];
    const expectedRow = outputRow(expected);
    if (expectedRow) rows.push(Object.assign({}, expectedRow, { label: "expected", pipeline: 0, stage: 0 }));
    const answerRows = ((actual && actual.rows) || []).map((row) => Object.assign({}, row, { pipeline: row.pipeline + 1 }));
    const actualRow = outputRow(actual);
    if (actualRow) rows.push(Object.assign({}, actualRow, { label: "your answer", pipeline: 1, stage: 0 }));
    const notes = (actual && actual.notes) || [];
    return diagramOf({ rows, notes }, scale);
  }

  function exercise(lessonId, item, position, scale) {
    const number = item.number !== undefined ? item.number : position + 1;
    const hintCount = item.hintCount || 0;
    const givenList = item.givens || item.given;
    const given = Array.isArray(givenList) ? givenList : givenList ? [givenList] : [];
    const answerBox = h("textarea", {
      class: "answer",
      rows: "2",
      spellcheck: "false",
      "aria-label": `Answer to exercise ${number}`,
    });
    if (item.answer) answerBox.value = item.answer;
    const feedback = h("div", { class: "feedback", role: "status" });
    const hintList = h("ol", { class: "hints" });
    let shownHints = 0;
    // The server sends one hint at a time, when it is asked for.
    const hintButton = h("button", {
      class: "hint-button",
      onclick: async () => {
        if (shownHints >= hintCount) return;
        const answer = await SL.api.hint(lessonId, number, shownHints + 1);
        if (!answer.ok) return;
        shownHints += 1;
        hintList.append(h("li", {}, answer.data.hint));
      },
    }, "Hint");
    const check = async () => {
      feedback.replaceChildren(h("p", {}, "Checking…"));
      const answer = await SL.api.check(lessonId, number, answerBox.value, shownHints);
      if (!answer.ok) {
        feedback.className = "feedback failed";
        feedback.replaceChildren(h("pre", { class: "error" }, errorText(answer)));
        return;
      }
      const result = answer.data;
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
          result.message ? h("pre", { class: "message" }, result.message) : null,
          where ? h("pre", { class: "error" }, where) : null,
          !result.passed && result.hint ? h("p", { class: "hint" }, "Hint: " + result.hint) : null,
          !result.passed && (result.expected || result.actual) ? comparison(result.expected, result.actual, scale) : null,
        ].filter((node) => node !== null)
      );
    };
    answerBox.addEventListener("keydown", (event) => {
      if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        check();
      }
    });
    const section = h(
      "section",
      { class: "exercise" + (item.passed ? " passed" : ""), "data-exercise": String(number) },
      h("h2", {}, `Exercise ${number}: ${item.title || item.name || ""}`),
      ...partsOf(item).flatMap((part) => (part.example ? [example(part.example, scale)] : proseNodes(part.prose))),
      ...given.map((line) => h("pre", { class: "given" }, line)),
      item.task || item.prompt ? h("p", { class: "task" }, item.task || item.prompt) : null,
      answerBox,
      h("div", { class: "exercise-actions" }, h("button", { class: "check primary", onclick: check }, "Check"), hintButton),
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
