"""What a test does on the playground page, in the page's own terms: type and
run a program, read back the rows the page drew, find a marble."""

import base64

# The JavaScript that reads the drawn diagram: for each row its label and
# its marks in drawing order (kind, virtual time, the text inside a marble);
# marks the clock has not reached yet are hidden, and left out.
READ_ROWS = """
() => [...document.querySelectorAll('#diagram svg .row')].map(row => ({
  label: row.querySelector('.label').textContent.trim(),
  output: row.classList.contains('output'),
  marks: [...row.querySelectorAll('.mark:not(.future)')].map(mark => ({
    kind: mark.dataset.kind,
    t: Number(mark.dataset.t),
    text: (mark.querySelector('.token') || {}).textContent || null,
  })),
}))
"""


def link(program, format=None):
    """The address of the playground showing `program` (`#p=` base64url)."""
    encoded = base64.urlsafe_b64encode(program.encode()).decode().rstrip("=")
    return f"/#p={encoded}" + (f"&f={format}" if format else "")


def run_program(page, program):
    """Types `program` into the editor, runs it with Ctrl-Enter and waits
    until the output shows that program's run."""
    page.goto("/")
    page.wait_for_selector("#output[data-program]", state="attached")
    page.fill("#program", program)
    page.press("#program", "Control+Enter")
    wait_for_run(page, program)


def wait_for_run(page, program):
    page.wait_for_function("program => document.querySelector('#output').dataset.program === program", arg=program)


def drawn_rows(page):
    return page.evaluate(READ_ROWS)


def values(row):
    """A row's values as `text@t`, and its ends as `|@t`, `#@t`, `!@t`, `^@t`."""
    symbols = {"finished": "|", "failed": "#", "cancelled": "!", "subscribed": "^"}
    return [
        f"{mark['text']}@{mark['t']:g}" if mark["kind"] == "value" else f"{symbols[mark['kind']]}@{mark['t']:g}"
        for mark in row["marks"]
    ]


def row_labelled(page, label):
    rows = [row for row in drawn_rows(page) if row["label"] == label]
    assert len(rows) == 1, f"one row labelled {label!r} expected in {[row['label'] for row in drawn_rows(page)]}"
    return rows[0]
