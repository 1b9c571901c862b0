#!/bin/sh
# Installs the Debian packages the build needs, if any is missing: with
# apt-get when run as root (saying so), else stops with the exact command.
missing=""
for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" ||
        missing="$missing $pkg"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" = 0 ]; then
    echo "referee: installing missing Debian packages:$missing"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq && apt-get install -y -qq$missing >/dev/null || {
        echo "referee: apt-get failed; run: apt-get install$missing" >&2
        exit 1
    }
else
    echo "referee: missing Debian packages:$missing" >&2
    echo "referee: install them with: sudo apt-get install$missing" >&2
    exit 1
fi
