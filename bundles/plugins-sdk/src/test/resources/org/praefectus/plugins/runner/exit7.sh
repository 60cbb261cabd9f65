#!/bin/sh
echo "failing on purpose" >&2
exit 7
