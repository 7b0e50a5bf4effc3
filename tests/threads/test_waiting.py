"""``dlxc.base.runner.waiting``: a long C call made in a thread of its own
so that Ctrl-C reaches the main thread while the call runs."""

import _thread
import signal
import threading
import time

import pytest
from legs import C_LEG

from dlxc.base.runner import waiting
from dlxc.lexicon import Lexicon


def test_the_result_and_the_error_come_back():
    assert waiting(divmod, 17, 5) == (3, 2)
    with pytest.raises(ZeroDivisionError):
        waiting(divmod, 1, 0)


def test_outside_the_main_thread_it_is_a_plain_call():
    seen = []

    def work():
        seen.append(waiting(threading.current_thread))

    t = threading.Thread(target=work)
    t.start()
    t.join()
    assert seen == [t]  # called in the thread that asked, not in a new one


def test_ctrl_c_cuts_the_wait_short():
    # time.sleep releases the GIL as a C call does; Ctrl-C (interrupt_main)
    # comes after 0.1 s and must end the wait long before the 8 s call (whose
    # thread then sleeps on alone, briefly)
    # a suite run from a background job inherits SIGINT ignored, and then
    # interrupt_main does nothing: Python's own handler, for this test
    old_handler = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(0.1, _thread.interrupt_main)
    start = time.monotonic()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            waiting(time.sleep, 8)
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, old_handler)
    assert time.monotonic() - start < 6


@pytest.mark.parametrize("backend", [C_LEG, "python"])
def test_a_lexicon_built_while_waiting_is_the_same(tmp_path, backend):
    words = ["cat", "cats", "dog", "dogs", "act", "tac"]
    path = tmp_path / "w.txt"
    path.write_text("\n".join(words) + "\n")
    lex = Lexicon.from_word_file(path, backend=backend)
    assert all(w in lex for w in words)
    assert not any(w in lex for w in ("ca", "cog", "dgo", "acts"))
