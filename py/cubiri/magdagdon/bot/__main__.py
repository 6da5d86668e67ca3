"""`python3 -m cubiri.magdagdon.bot --difficulty D --games N --seed S` (cli.py)."""

import sys

from cubiri.magdagdon.bot.cli import main

sys.exit(main())
