#!/usr/bin/env bash
# Neovim 0.10 for the editor test of the ≥ 0.10 set-up (neovim.test.ts), on a Debian 12 machine
# whose own `neovim` is 0.7: Debian 13's build, with the libraries it needs (its C library
# included), unpacked into a folder of its own — nothing is installed on the system — and run
# through that C library's loader by the `nvim` script written beside them.
# Usage: install-neovim-0.10.sh [folder]   (default: ~/.cache/jadpo-test/nvim-0.10); prints the script's path.
set -euo pipefail
dir="${1:-${XDG_CACHE_HOME:-$HOME/.cache}/jadpo-test/nvim-0.10}"
if [ -x "$dir/nvim" ] && "$dir/nvim" --version >/dev/null 2>&1; then echo "$dir/nvim"; exit 0; fi
mkdir -p "$dir/apt/lists/partial" "$dir/apt/archives/partial" "$dir/debs" "$dir/root"
echo "deb http://deb.debian.org/debian trixie main" > "$dir/apt/sources.list"
apt=(-o "APT::Sandbox::User=root" -o "Dir::Etc::sourcelist=$dir/apt/sources.list" -o "Dir::Etc::sourceparts=-" -o "Dir::State::Lists=$dir/apt/lists" -o "Dir::Cache=$dir/apt")
apt-get "${apt[@]}" update >/dev/null
packages=(neovim neovim-runtime libc6 libgcc-s1 libluajit-5.1-2 libluajit-5.1-common libmsgpack-c2 libtree-sitter0.22 libunibilium4 libuv1t64 libvterm0 lua-lpeg lua-luv)
(cd "$dir/debs" && apt-get "${apt[@]}" download "${packages[@]}" >/dev/null)
for deb in "$dir"/debs/*.deb; do dpkg-deb -x "$deb" "$dir/root"; done
cat > "$dir/nvim" <<'SCRIPT'
#!/bin/sh
root="$(dirname "$(readlink -f "$0")")/root"
lib="$root/usr/lib/x86_64-linux-gnu"
export VIMRUNTIME="$root/usr/share/nvim/runtime"
export LUA_CPATH="$lib/lua/5.1/?.so;;"
# The parsers (markdown for hovers, …) are where Debian's build looks for them, under this folder.
exec "$lib/ld-linux-x86-64.so.2" --library-path "$lib" "$root/usr/bin/nvim" --cmd "set runtimepath+=$root/usr/lib/nvim" "$@"
SCRIPT
chmod +x "$dir/nvim"
"$dir/nvim" --version >/dev/null
echo "$dir/nvim"
