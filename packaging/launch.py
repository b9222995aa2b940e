"""Entry script PyInstaller freezes into the `bauhausbox` executable: the same as the `bauhausbox` command."""

import multiprocessing
import os
import sys

# The packaged app is for players: no pygame banner on its console. Set before bauhausbox imports pygame.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from bauhausbox.cli import main

if __name__ == "__main__":
    # `selfplay --jobs N` uses a process pool; frozen child processes must stop here instead of rerunning main().
    multiprocessing.freeze_support()
    sys.exit(main())
