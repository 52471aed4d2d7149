"""The `sheetgen` command's entry point (also `python -m sheetgen`).

Stop signals are caught before the command line and its libraries load, so
Ctrl-C (or SIGTERM, SIGHUP) during those imports ends the run quietly with
128 + the signal's number, never a traceback; `sheetgen.cli.main` then takes
them over.
"""

import signal
import sys

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


def _stopped_early(signum: int, _frame: object) -> None:
    sys.exit(128 + signum)


def main() -> None:
    for signum in STOP_SIGNALS:
        if signal.getsignal(signum) is not signal.SIG_IGN:  # nohup and `cmd &` ignore some: keep that
            signal.signal(signum, _stopped_early)
    from sheetgen.cli import main as run

    run()


if __name__ == "__main__":
    main()
