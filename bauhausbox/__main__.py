"""``python -m bauhausbox``: the same as the ``bauhausbox`` command."""

import sys

from bauhausbox.cli import main

sys.exit(main())
