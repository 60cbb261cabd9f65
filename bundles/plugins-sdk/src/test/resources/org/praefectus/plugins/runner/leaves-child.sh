#!/bin/sh
# Exits with 0 at once, leaving a background child that still holds stdout.
sleep 300 &
echo "stray $!"
exit 0
