#!/bin/sh
# The accessibility checker the served pages' test runs in the browser:
# axe-core from the npm registry, installed into BUILD/npm once (it is a
# test tool, not part of the referee). Prints the path to axe.min.js.
build=${1:-build}
axe="$build/npm/node_modules/axe-core/axe.min.js"
if [ ! -f "$axe" ]; then
    if ! command -v npm >/dev/null 2>&1; then
        if [ "$(id -u)" = 0 ]; then
            echo "referee: installing Debian's npm, for the pages' accessibility check" >&2
            DEBIAN_FRONTEND=noninteractive apt-get install -y -qq npm >/dev/null || exit 1
        else
            echo "referee: the pages' accessibility check needs npm: sudo apt-get install npm" >&2
            exit 1
        fi
    fi
    npm install --prefix "$build/npm" axe-core@4 --no-audit --no-fund --loglevel=error >&2 || exit 1
fi
echo "$axe"
