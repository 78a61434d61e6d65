// The RxMarbles gesture on any pipeline: a value, `|` or `#` of a row the
// server marks `"draggable": true` (rows drawn from `marbles "…"` and
// `events …`) follows the pointer along the time axis, snapping to the row's
// frame; on release the page asks /api/move for the rewritten program. With
// the keyboard: Tab (or a click) selects a marble, ← and → move it one frame.
"use strict";
window.SL = window.SL || {};

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
