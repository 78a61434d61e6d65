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
"use strict";
window.SL = window.SL || {};

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
      if (value.trim() !== "" && !isNaN(Number(value))) return null;
      if (["true", "false", "nil"].includes(value)) return null;
      text = value;
    } else return null;
    if (text.length === 0 || text.length > MAX_INLINE_WIDTH) return null;
    for (const ch of text) {
      const code = ch.codePointAt(0);
      if (code <= 0x20 || code >= 0x7f || RESERVED.has(ch)) return null;
    }
    return text;
  }

  /// One legend for the whole diagram, so a value keeps its letter on every row.
  function makeLegend(values) {
    const taken = new Set();
    const needLetters = [];
    const seen = new Set();
    for (const value of values) {
      const key = describe(value);
      if (seen.has(key)) continue;
      seen.add(key);
      const text = inlineText(value);
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
        return letters.get(describe(value)) || inlineText(value) || "*";
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
            const ex = Math.max(geo.x(error.t), reach) + 30;
            const mark = el("g", { class: "runtime-error" }, group);
            el("text", { x: n(ex), y: n(middle + 6), "font-size": 20, "font-weight": "bold" }, mark, "\u26a0");
            el("text", { x: n(ex + 24), y: n(middle + 5), "font-weight": "bold" }, mark, `runtime error at ${error.t}ms`);
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
