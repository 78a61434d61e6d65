"""Dragging marbles (the RxMarbles gesture) and moving them with the keyboard."""

from playground import drawn_rows, run_program, values, wait_for_run


def marble(page, row, t):
    return page.locator(f'#diagram .row[data-row="{row}"] .mark.movable[data-t="{t}"]')


def drag_by(page, locator, dx):
    box = locator.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    for step in range(1, 11):
        page.mouse.move(x + dx * step / 10, y)
    page.mouse.up()


def wait_for_program(page, old):
    """Waits until a move has rewritten the program and the new one has run."""
    page.wait_for_function("old => document.querySelector('#program').value !== old", arg=old)
    wait_for_run(page, page.input_value("#program"))


def test_dragging_an_events_value_rewrites_its_time_and_recomputes_the_output(page, shoot):
    program = "events 0ms:1, 250ms:2, 400ms:| | map x*10"
    run_program(page, program)
    assert values(drawn_rows(page)[1]) == ["10@0", "20@250", "|@400"]
    shoot("before-drag")

    # 400ms span over 480px: 1.2px per ms, the step is 10ms; 60px is 50ms.
    drag_by(page, marble(page, 0, 250), 60)
    wait_for_program(page, program)
    shoot("after-drag")

    assert page.input_value("#program") == "events 0ms:1, 300ms:2, 400ms:| | map x*10"
    rows = drawn_rows(page)
    assert values(rows[0]) == ["1@0", "2@300", "|@400"]
    assert values(rows[1]) == ["10@0", "20@300", "|@400"]


def test_dragging_a_completion_moves_where_the_stream_finishes(page, shoot):
    program = 'marbles "-a-b-|" | map x + "!"'
    run_program(page, program)
    finished = page.locator('#diagram .row[data-row="0"] .mark.movable[data-kind="finished"]')
    # 500ms over 480px at least: a frame of 100ms is about 96px; drag two frames.
    drag_by(page, finished, 2 * 96)
    wait_for_program(page, program)
    shoot("completion-dragged")

    rows = drawn_rows(page)
    assert values(rows[0])[-1] == "|@700"
    assert values(rows[1])[-1] == "|@700"
    assert "|" in page.input_value("#program")


def test_a_selected_marble_moves_one_frame_per_arrow_key(page, shoot):
    program = 'marbles "-a-b---|" | map x + "!"'
    run_program(page, program)
    row_before = values(drawn_rows(page)[0])
    assert row_before == ["a@100", "b@300", "|@700"]

    marble(page, 0, 300).focus()
    shoot("marble-selected")
    page.keyboard.press("ArrowRight")
    wait_for_program(page, program)
    shoot("moved-one-frame")

    assert values(drawn_rows(page)[0]) == ["a@100", "b@400", "|@700"]
    # "b!" is drawn as a legend letter; it now leaves map at 400ms too.
    assert [mark["t"] for mark in drawn_rows(page)[1]["marks"]] == [100, 400, 700]
    # The marble keeps the keyboard focus, so the next press moves it again.
    moved = page.input_value("#program")
    page.keyboard.press("ArrowLeft")
    wait_for_program(page, moved)
    assert values(drawn_rows(page)[0]) == ["a@100", "b@300", "|@700"]
    # The clock did not step: arrows belonged to the marble.
    assert page.inner_text("#clock-time") == "all"


def test_only_rows_drawn_from_marbles_and_events_can_be_dragged(page):
    run_program(page, 'marbles "-1-2|" | map x*2')
    rows = drawn_rows(page)
    assert page.locator('#diagram .row[data-row="0"] .mark.movable').count() == 3
    assert page.locator('#diagram .row[data-row="1"] .mark.movable').count() == 0
    assert len(rows) == 2
