import os
import sys

# The example models live one directory up (examples/models.py).
sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
