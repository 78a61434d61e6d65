// The JSON API of `streamlab serve`, one function per endpoint. Every call
// resolves to {ok, status, data, text}: a 4xx with a JSON error body is an
// answer the page shows (a parse error has a line and a column), not an
// exception; only a network failure or a non-JSON body becomes one.
"use strict";
window.SL = window.SL || {};

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
    check(lesson, exercise, answer) {
      return request("POST", "/api/check", { lesson, exercise, answer });
    },
  };
})();
