"""Why did this marble happen? (issue 33): a click on a marble highlights
the marbles it was made from on every row and dims the rest; the state
panel says what each stage holds at the clock's cursor.

The expected marbles are worked by hand from each operator's documented
rule: Combine's `debounce` "publishes elements only after a specified time
interval elapses between events", so the value sent at 500ms is the one
that came at 200ms and was followed by 300ms of quiet, and "i" and "ip"
were replaced; `combineLatest` "publishes a tuple of the most-recent element
from each publisher" when either sends, so the tuple sent at 200ms is `a`'s
2, which arrived then, with `b`'s latest, "x" from 100ms.
"""

from playground import run_program

TYPING = (
    'let typing = events 0ms:"i", 100ms:"ip", 200ms:"iph", 700ms:"ipho", 1200ms:|\n'
    "typing | debounce 300ms"
)
PAIRS = (
    "let a = events 0ms:1, 200ms:2, 400ms:|\n"
    'let b = events 100ms:"x", 300ms:"y", 500ms:|\n'
    "a | combineLatest b"
)

# Each mark as `row label: what@t` with the class the click gave it.
READ_MARKS = """
() => [...document.querySelectorAll('#diagram svg .mark[data-id]')].map(mark => {
  const row = mark.closest('.row').querySelector('.label').textContent.trim();
  const state = ['asked', 'cause', 'passed-over'].find(name => mark.classList.contains(name)) || 'dimmed';
  return {name: `${row}: ${mark.dataset.kind === 'value' ? mark.dataset.what : mark.dataset.kind}@${mark.dataset.t}`,
          state, opacity: getComputedStyle(mark).opacity};
})
"""


def marks_by_state(page, tracing=True):
    grouped = {}
    for mark in page.evaluate(READ_MARKS):
        grouped.setdefault(mark["state"], []).append(mark["name"])
        # What the student sees: while a marble is asked about, what made it
        # at full strength and the rest faded; otherwise every marble as drawn.
        assert (mark["opacity"] == "1") == (not tracing or mark["state"] != "dimmed"), mark
    return grouped


def mark(page, row, t):
    return page.locator(f'#diagram .mark[data-row="{row}"][data-t="{t}"][data-kind="value"]')


def test_clicking_a_debounce_survivor_highlights_what_made_it_and_what_it_replaced(page, shoot):
    run_program(page, TYPING)
    mark(page, 1, 500).click()
    page.wait_for_function("() => document.querySelector('#causes-caption').textContent.startsWith('why')")
    assert marks_by_state(page) == {
        "asked": ['debounce 300ms: "iph"@500'],
        "cause": ['typing: "iph"@200'],
        "passed-over": ['typing: "i"@0', 'typing: "ip"@100'],
        "dimmed": [
            'typing: "ipho"@700',
            "typing: finished@1200",
            'debounce 300ms: "ipho"@1000',
            "debounce 300ms: finished@1200",
        ],
    }
    assert page.inner_text("#causes-caption").splitlines() == [
        'why `debounce 300ms` "iph" at 500ms:',
        '  made from `typing` "iph" at 200ms',
        '  and not from what came before it and made nothing here: `typing` "i" at 0ms, `typing` "ip" at 100ms',
    ]
    shoot("debounce-survivor-asked", page.locator("#playground"))

    # A second click on it clears the highlight.
    mark(page, 1, 500).click()
    assert page.inner_text("#causes-caption") == ""
    assert set(marks_by_state(page, tracing=False)) == {"dimmed"}
    assert page.locator("#diagram svg.tracing").count() == 0


def test_clicking_a_combine_latest_tuple_highlights_the_two_values_it_pairs(page, shoot):
    run_program(page, PAIRS)
    mark(page, 1, 200).click()
    page.wait_for_function("() => document.querySelector('#causes-caption').textContent.startsWith('why')")
    grouped = marks_by_state(page)
    assert grouped["asked"] == ['combineLatest b: (2, "x")@200']
    assert sorted(grouped["cause"]) == ["a: 2@200", '↳ b: "x"@100']
    assert "a: 1@0" in grouped["dimmed"] and '↳ b: "y"@300' in grouped["dimmed"]
    assert "passed-over" not in grouped
    shoot("combine-latest-tuple-asked", page.locator("#playground"))

    # Enter on a focused output marble asks too; Escape clears.
    mark(page, 1, 300).focus()
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.querySelector('#causes-caption').textContent.includes('(2, \"y\")')")
    grouped = marks_by_state(page)
    assert grouped["asked"] == ['combineLatest b: (2, "y")@300']
    assert sorted(grouped["cause"]) == ["a: 2@200", '↳ b: "y"@300']
    page.keyboard.press("Escape")
    assert page.inner_text("#causes-caption") == ""


def test_the_state_panel_follows_the_clocks_cursor(page, shoot):
    run_program(page, TYPING)
    assert page.inner_text("#state-heading") == "Inside the stages"
    for _ in range(3):  # 0ms, 100ms, 200ms
        page.click("#clock-forward")
    page.wait_for_function("() => document.querySelector('#state-heading').textContent.endsWith('at 200ms')")
    lines = page.locator("#state-lines li").all_inner_texts()
    assert lines == [
        "typing: asked for unlimited",
        'debounce 300ms: asked for unlimited; will send value "iph" at 500ms, for the value "iph" it got at 200ms',
    ]
    shoot("state-at-200ms", page.locator("#playground"))

    page.click("#clock-forward")  # 500ms: sent, nothing waits
    page.wait_for_function("() => document.querySelector('#state-heading').textContent.endsWith('at 500ms')")
    assert page.locator("#state-lines li").all_inner_texts()[1] == "debounce 300ms: asked for unlimited"

    page.click("#clock-end")
    assert page.inner_text("#state-heading") == "Inside the stages"


def test_the_state_panel_shows_combine_latest_holding_the_latest_of_each_input(page, shoot):
    run_program(page, PAIRS)
    page.click("#clock-forward")  # 0ms
    page.click("#clock-forward")  # 100ms
    page.click("#clock-forward")  # 200ms
    page.wait_for_function("() => document.querySelector('#state-heading').textContent.endsWith('at 200ms')")
    assert 'combineLatest b: asked for unlimited; latest: a 2 (200ms), b "x" (100ms)' in page.locator(
        "#state-lines li"
    ).all_inner_texts()
    shoot("combine-latest-state-at-200ms", page.locator("#playground"))


def test_predicting_hides_the_state_panel_which_would_tell_the_output(page, shoot):
    run_program(page, TYPING)
    page.check("#predict")
    page.wait_for_selector("#diagram svg[data-hides-output]")
    assert page.locator("#state-panel").is_hidden()
    page.locator("#diagram .row.hidden-output").click(position={"x": 400, "y": 20})
    page.click("#predict-reveal")
    page.wait_for_selector("#diagram svg:not([data-hides-output])")
    assert page.locator("#state-panel").is_visible()
