"""Typing a program, running it and reading what the page drew."""

from playground import drawn_rows, link, row_labelled, run_program, values


def test_running_a_typed_program_draws_every_stage_on_one_axis(page, shoot):
    run_program(page, "just 1,2,3 | map x*2 | debounce 300ms")
    shoot("debounce-drops-pending-value")

    rows = drawn_rows(page)
    assert [row["label"] for row in rows] == ["just 1,2,3", "map x*2", "debounce 300ms"]
    assert values(rows[0]) == ["1@0", "2@0", "3@0", "|@0"]
    assert values(rows[1]) == ["2@0", "4@0", "6@0", "|@0"]
    # Combine's debounce drops the pending 6 when upstream finishes, and says so.
    assert values(rows[2]) == ["|@0"]
    assert [row["output"] for row in rows] == [False, False, True]
    notes = page.locator("#diagram svg .footer").all_text_contents()
    assert any("debounce dropped the pending value 6" in line for line in notes)


def test_a_program_of_several_lines_with_let_bindings_draws_inner_rows_with_a_legend(page, shoot):
    program = (
        'let q = events 0ms:"ipad", 100ms:"iphone", 400ms:|\n'
        'q | map { x in { just x + "!" | delay x.count * 100ms } } | switchToLatest'
    )
    run_program(page, program)
    shoot("switch-to-latest-inner-rows")

    rows = drawn_rows(page)
    assert [row["label"] for row in rows] == [
        "q",
        'map { x in { just x + "!" | delay x.count * 100ms } }',
        "switchToLatest",
        '\u21b3 "ipad"',
        '\u21b3 "iphone"',
    ]
    # The stale "ipad" request is cancelled when "iphone" arrives at 100ms;
    # "iphone" is subscribed then and answers at 700ms.
    assert values(rows[3]) == ["!@100"]
    # The letters are the terminal's: the server draws the page's diagram.
    assert values(rows[4]) == ["^@100", "d@700", "|@700"]
    legend = page.locator("#diagram svg .footer").all_text_contents()
    assert 'a = "iphone"' in legend
    assert 'd = "iphone!"' in legend


def test_a_parse_error_puts_a_caret_under_its_column_in_the_editor(page, shoot):
    run_program(page, "just 1,2,3")
    page.fill("#program", "just 1\njust 2 | mapp x")
    page.click("#run")
    page.wait_for_selector("#error:not([hidden])")
    shoot("parse-error-caret")

    assert page.inner_text("#error") == (
        "2:10: unknown operator `mapp`; did you mean `map`?\njust 2 | mapp x\n         ^"
    )
    caret = page.locator("#error-caret")
    assert caret.is_visible()
    assert caret.get_attribute("data-line") == "2"
    assert caret.get_attribute("data-column") == "10"
    # The editor's own cursor is on the offending word, ready for the fix.
    selection = page.evaluate("() => [document.querySelector('#program').selectionStart]")
    assert selection == [len("just 1\n") + 9]
    # The old diagram stays, dimmed: it is not this program's.
    assert "stale" in page.get_attribute("#output", "class")


def test_a_runtime_error_is_drawn_on_its_stage_with_its_time(page, shoot):
    run_program(page, "just 1,0 | map 10/x")
    shoot("runtime-error")

    row = row_labelled(page, "map 10/x")
    assert values(row) == ["10@0"]
    # The words are readable: neither the row's line nor its arrowhead crosses them.
    overlaps = page.evaluate(
        """() => {
          const label = document.querySelector('#diagram svg .runtime-error').getBBox();
          const row = document.querySelector('#diagram svg .runtime-error').closest('.row');
          return [...row.querySelectorAll('.head, line.arrow')].map(shape => shape.getBBox()).filter(box =>
            box.x < label.x + label.width && label.x < box.x + box.width &&
            box.y < label.y + label.height && label.y < box.y + box.height).length
        }"""
    )
    assert overlaps == 0
    warning = page.locator("#diagram svg .runtime-error title").text_content()
    assert warning.startswith("stopped by a runtime error in `map 10/x` at 0ms on value 0: division by zero")
    footer = " ".join(page.locator("#diagram svg .runtime-error-text").all_text_contents())
    assert "division by zero" in footer


def test_the_format_switches_show_text_events_json_and_swift(page, shoot):
    run_program(page, "just 1,2 | map x*2")

    page.click("[data-format=text]")
    page.wait_for_function("() => document.querySelector('#text-output').textContent.includes('> map x*2')")
    shoot("text")
    assert page.inner_text("#text-output").startswith("  just 1,2  (1 2 |)\n> map x*2   (2 4 |)")

    page.click("[data-format=events]")
    page.wait_for_function("() => document.querySelector('#text-output').textContent.includes('t=0ms')")
    shoot("events")
    events = page.inner_text("#text-output")
    assert "map x*2 (output)\n  t=0ms  subscribed\n  t=0ms  value 2\n  t=0ms  value 4\n  t=0ms  finished" in events

    page.click("[data-format=json]")
    shoot("json")
    json_text = page.inner_text("#text-output")
    assert json_text.startswith('{"streamlab": 1,')
    assert '{"t": 0, "kind": "value", "value": 4}' in json_text

    page.click("[data-format=swift]")
    page.wait_for_function("() => document.querySelector('#text-output').textContent.includes('import Combine')")
    shoot("swift")
    assert "import Combine" in page.inner_text("#text-output")
    assert page.locator("#diagram").is_hidden()

    page.click("[data-format=diagram]")
    assert page.locator("#diagram svg").is_visible()


def test_a_shared_link_reproduces_the_program_and_the_view(page, shoot):
    program = 'let a = marbles "-a---b-|"\nlet b = marbles "--1-2---|"\na | merge b'
    page.goto(link(program))
    page.wait_for_selector("#diagram svg")
    shoot("followed-link")

    assert page.input_value("#program") == program
    rows = drawn_rows(page)
    assert [row["label"] for row in rows] == ["a", "merge b", "\u21b3 b"]
    assert values(rows[1]) == ["a@100", "1@200", "2@400", "b@500", "|@800"]

    # Running puts the program in the address, so copying it is the link.
    run_program(page, "just 7")
    assert page.evaluate("() => location.hash") == link("just 7")[1:]


def test_a_link_with_a_format_opens_that_format(page, shoot):
    page.goto(link("just 1", "events"))
    page.wait_for_function("() => document.querySelector('#text-output').textContent.includes('value 1')")
    shoot("link-with-events-format")
    assert page.get_attribute("[data-format=events]", "aria-selected") == "true"


def test_large_type_and_high_contrast_fit_a_projector(page, shoot):
    program = 'let a = marbles "-a---b-|"\nlet b = marbles "--1-2---|"\na | merge b\na | zip b'
    for width, height in [(1280, 720), (1920, 1080)]:
        page.set_viewport_size({"width": width, "height": height})
        run_program(page, program)
        normal_width = float(page.get_attribute("#diagram svg", "width"))
        page.check("#opt-large")
        page.check("#opt-contrast")
        shoot(f"projector-{width}x{height}")

        # 1.5 times as wide, give or take the tenth of a pixel widths are rounded to.
        assert abs(float(page.get_attribute("#diagram svg", "width")) - normal_width * 1.5) <= 0.2
        assert page.evaluate("() => getComputedStyle(document.body).fontSize") == "22px"
        assert page.evaluate("() => document.body.classList.contains('contrast')")
        # The page itself never scrolls sideways: a wide diagram scrolls in its own box.
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width
        # The options are remembered for the next visit.
        page.reload()
        page.wait_for_selector("#output[data-program]", state="attached")
        assert page.is_checked("#opt-large") and page.is_checked("#opt-contrast")
        page.uncheck("#opt-large")
        page.uncheck("#opt-contrast")
