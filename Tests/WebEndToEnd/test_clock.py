"""Playing the clock, stepping it, and predicting the output row."""

from playground import drawn_rows, run_program, values

SWITCH = (
    'let q = events 0ms:"ipad", 100ms:"iphone", 400ms:|\n'
    'q | map { x in { just x + "!" | delay x.count * 100ms } } | switchToLatest'
)


def clock_time(page):
    return page.inner_text("#clock-time")


def test_stepping_reveals_one_instant_at_a_time_and_inner_rows_at_their_subscription(page, shoot):
    run_program(page, SWITCH)
    assert clock_time(page) == "all"

    page.click("#clock-forward")  # the first instant: 0ms
    assert clock_time(page) == "0ms"
    rows = drawn_rows(page)
    assert values(rows[0]) == ["ipad@0"]
    assert values(rows[2]) == []
    # "iphone" is subscribed at 100ms: at 0ms its row has no arrow yet.
    # (The clock hides what it has not reached yet; a hidden mark is `.future`.)
    assert page.locator('#diagram .row[data-row="4"] line.arrow:not(.future)').count() == 0
    assert page.locator('#diagram .row[data-row="3"] line.arrow:not(.future)').count() == 1
    shoot("stepped-to-0ms")

    # → steps the clock when no marble is selected.
    page.locator("#diagram").click(position={"x": 5, "y": 5})
    page.keyboard.press("ArrowRight")
    assert clock_time(page) == "100ms"
    rows = drawn_rows(page)
    assert values(rows[0]) == ["ipad@0", "a@100"]
    assert values(rows[3]) == ["!@100"]
    assert values(rows[4]) == ["^@100"]
    shoot("stepped-to-100ms")

    page.keyboard.press("ArrowRight")
    assert clock_time(page) == "400ms"
    page.keyboard.press("ArrowRight")
    assert clock_time(page) == "700ms"
    assert values(drawn_rows(page)[2]) == ["d@700", "|@700"]
    shoot("stepped-to-700ms")

    page.keyboard.press("ArrowLeft")
    assert clock_time(page) == "400ms"
    assert values(drawn_rows(page)[2]) == []

    page.click("#clock-end")
    assert clock_time(page) == "all"
    assert values(drawn_rows(page)[4]) == ["^@100", "d@700", "|@700"]


def test_playing_sweeps_the_cursor_and_shows_only_what_it_has_passed(page, shoot):
    run_program(page, "interval 100ms | take 3")
    page.select_option("#clock-speed", "0.25")
    page.click("#clock-play")
    assert page.inner_text("#clock-play") == "Pause"
    # At ¼× the 300ms run takes 1.2 s: wait until the cursor is inside it.
    page.wait_for_function("() => parseFloat(document.querySelector('#clock-time').textContent) >= 150")
    page.click("#clock-play")  # pause
    shoot("paused-mid-run")
    paused_at = float(clock_time(page).removesuffix("ms"))
    assert 150 <= paused_at < 300
    for row in drawn_rows(page):
        assert all(mark["t"] <= paused_at for mark in row["marks"])
        assert "0@100" in values(row)
    assert page.locator("#diagram svg .cursor").count() == 1

    page.select_option("#clock-speed", "4")
    page.click("#clock-play")
    page.wait_for_function("() => document.querySelector('#clock-play').textContent === 'Play'")
    shoot("played-to-the-end")
    assert clock_time(page) == "300ms"
    assert values(drawn_rows(page)[1]) == ["0@100", "1@200", "2@300", "|@300"]


def test_predict_hides_the_output_until_the_student_has_guessed(page, shoot):
    run_program(page, 'marbles "-1-2-|" | map x*10')
    page.check("#predict")
    # The server draws the output rows empty, and leaves their values out.
    page.wait_for_selector("#diagram svg[data-hides-output]")
    rows = drawn_rows(page)
    assert values(rows[0]) == ["1@100", "2@300", "|@500"]
    assert values(rows[1]) == []
    assert page.locator("#predict-reveal").is_disabled()

    # Click on the output row straight under the input's marbles.
    output_axis = page.locator('#diagram .row[data-row="1"] line.arrow').bounding_box()
    for t in (100, 300):
        marble = page.locator(f'#diagram .row[data-row="0"] .mark[data-t="{t}"]').bounding_box()
        page.mouse.click(marble["x"] + marble["width"] / 2, output_axis["y"])
    assert page.locator("#diagram .guess").count() == 2
    shoot("two-guesses")

    page.click("#predict-reveal")
    page.wait_for_function("() => document.querySelector('#predict-score').textContent !== ''")
    shoot("revealed")
    assert values(drawn_rows(page)[1]) == ["10@100", "20@300", "|@500"]
    assert page.locator("#diagram .guess").count() == 2
    assert page.inner_text("#predict-score") == "2 of 2 instants with values guessed \u2014 all right!"


LIFETIME = "let vm = owner\ninterval 1s sink weak vm store vm\nrelease vm @2500ms"


def test_a_lifetime_row_shows_its_deinit_only_once_the_clock_has_passed_it(page, shoot):
    # Issue 30: the owner's row, its cross at 2500ms and its words, hidden
    # by the player until their time like every other mark.
    run_program(page, LIFETIME)
    assert page.locator("#diagram .lifetime-row").count() == 1
    deinit = page.locator("#diagram .lifetime-row .deinit")
    assert deinit.get_attribute("data-t") == "2500"
    assert "deinit 2500ms" in page.locator("#diagram .lifetime-row").text_content()
    page.click("#clock-start")
    page.click("#clock-forward")
    assert clock_time(page) == "1000ms"
    assert "future" in deinit.get_attribute("class")
    shoot("lifetime-before-deinit")
    page.click("#clock-end")
    assert "future" not in (deinit.get_attribute("class") or "")
    shoot("lifetime-after-deinit")


TASK = (
    "let s = subject 100ms:1, 200ms:2, 300ms:3, 400ms:4, 500ms:5, 600ms:6, 900ms:|\n"
    "task { s | values each 250ms } @..700ms"
)


def test_a_task_row_and_what_its_loop_missed_show_in_the_page(page, shoot):
    # Issue 31: the loop's row gets 1 and 4 (swiftc's Truth/84 for the same
    # loop), the subject's row marks the four values dropped meanwhile, and
    # the task's row ends where `@..700ms` cancelled it.
    run_program(page, TASK)
    rows = {row["label"]: row for row in drawn_rows(page)}
    assert values(rows["values each 250ms"]) == ["1@100", "4@400", "!@700"]
    assert page.locator("#diagram .dropped").count() == 4
    shoot("task-row-all")
    task_marks = page.locator("#diagram .task-mark")
    # Made at 0ms and went on at 100ms (1) and 350ms (its body's sleep ended), 400ms (4), 650ms; cancelled at 700ms.
    assert [task_marks.nth(i).get_attribute("data-t") for i in range(task_marks.count())] == [
        "100", "350", "400", "650", "700"]
    page.click("#clock-start")
    page.click("#clock-forward")
    assert clock_time(page) == "100ms"
    shown = [i for i in range(task_marks.count()) if "future" not in (task_marks.nth(i).get_attribute("class") or "")]
    assert shown == [0]
    # The drops come at 200ms and later: none is shown yet.
    drops = page.locator("#diagram .unmoved-mark:has(.dropped)")
    assert drops.count() == 4
    assert all("future" in (drops.nth(i).get_attribute("class") or "") for i in range(4))
    shoot("task-row-at-100ms")
