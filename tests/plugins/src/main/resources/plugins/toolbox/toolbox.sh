#!/bin/sh
# A test plugin: the tool name comes from the environment, the request from stdin.
# Every start leaves a marker, so tests can tell that a refused call never started.
: > "started.$PEEKABOOX_PLUGIN_TOOL"
case "$PEEKABOOX_PLUGIN_TOOL" in
  echo)
    request=$(cat)
    printf '{"ok":true,"result":{"request":%s,"root":"%s","environment":"' "$request" "$PEEKABOOX_PLUGIN_ROOT"
    env | sort | tr '\n' ' '
    printf '"}}\n'
    ;;
  sleep)
    sleep 300 &
    echo "child $!" >&2
    ( sleep 300 & echo "grandchild $!" >&2; wait ) &
    wait
    ;;
  flood)
    yes flood | head -n 100000
    ;;
  fail)
    echo '{"ok":false,"error":"the toolbox failed on purpose"}'
    exit 3
    ;;
esac
