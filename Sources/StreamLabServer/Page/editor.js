// The program editor: a textarea with line numbers beside it, a caret under
// the column a parse error names, and the program kept in the page's address
// (`#p=` and the program in base64url, so a link reproduces the view).
"use strict";
window.SL = window.SL || {};

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
