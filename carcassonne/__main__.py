"""Command line of the engine; see :mod:`carcassonne.cli`."""

import sys

from .cli import main

sys.exit(main())
