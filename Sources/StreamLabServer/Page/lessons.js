// Lessons in the browser: the list (GET /api/lessons), one lesson's prose and
// runnable examples (GET /api/lessons/ID), and its exercises, each answer
// checked by the same checker as `streamlab run` (POST /api/check), with
// hints and, on failure, the expected and actual output on one axis.
"use strict";
window.SL = window.SL || {};

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
        h("li", {}, h("a", { href: "#lesson=" + encodeURIComponent(lesson.id) }, lesson.title || lesson.id))
      )
    );
  }

  /// The lesson's parts in order: prose paragraphs and runnable examples.
  /// Reads `parts` (or `blocks`/`sections`) of {kind, text|program}, or
  /// `prose` and `examples`.
  function partsOf(lesson) {
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
    const hints = item.hints || [];
    const given = Array.isArray(item.given) ? item.given : item.given ? [item.given] : [];
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
    let serverHint = null;
    const hintButton = h("button", {
      class: "hint-button",
      onclick: () => {
        const next = shownHints < hints.length ? hints[shownHints] : serverHint;
        if (!next) return;
        shownHints += 1;
        hintList.append(h("li", {}, next));
      },
    }, "Hint");
    const check = async () => {
      feedback.replaceChildren(h("p", {}, "Checking…"));
      const answer = await SL.api.check(lessonId, number, answerBox.value);
      if (!answer.ok) {
        feedback.className = "feedback failed";
        feedback.replaceChildren(h("pre", { class: "error" }, errorText(answer)));
        return;
      }
      const result = answer.data;
      serverHint = result.hint || null;
      feedback.className = "feedback " + (result.passed ? "passed" : "failed");
      feedback.replaceChildren(
        h("p", { class: "verdict" }, result.passed ? "\u2713 Passed" : "\u2717 Not yet"),
        result.message ? h("pre", { class: "message" }, result.message) : null,
        !result.passed && result.hint ? h("p", { class: "hint" }, "Hint: " + result.hint) : null,
        !result.passed && (result.expected || result.actual) ? comparison(result.expected, result.actual, scale) : null
      );
    };
    answerBox.addEventListener("keydown", (event) => {
      if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
        event.preventDefault();
        check();
      }
    });
    return h(
      "section",
      { class: "exercise", "data-exercise": String(number) },
      h("h2", {}, `Exercise ${number}: ${item.title || item.name || ""}`),
      ...given.map((line) => h("pre", { class: "given" }, line)),
      item.task || item.prompt ? h("p", { class: "task" }, item.task || item.prompt) : null,
      answerBox,
      h("div", { class: "exercise-actions" }, h("button", { class: "check primary", onclick: check }, "Check"), hintButton),
      hintList,
      feedback
    );
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
