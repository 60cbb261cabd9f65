#!/bin/sh
# A process tree that never ends by itself: a child, a grandchild under a waiting subshell, and a
# grandchild whose parent exits so that it is re-parented away from this script.
sleep 300 &
echo "child $!"
( sleep 300 & echo "grandchild $!"; wait ) &
( sleep 300 & echo "orphan $!"; sleep 1 ) &
sleep 2
echo "ready"
wait
