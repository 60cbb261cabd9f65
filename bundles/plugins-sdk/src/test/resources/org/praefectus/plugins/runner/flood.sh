#!/bin/sh
# 50,000 lines of "line" on stdout and one line on stderr.
yes line | head -n 50000
echo "done" >&2
