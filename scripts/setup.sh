#!/usr/bin/env bash
# Installs only what is missing, and says what it does. Safe to run again.
#   - the wasm32-unknown-unknown Rust target
#   - the wasm-bindgen CLI at exactly the version of the wasm-bindgen crate in engine-wasm/Cargo.lock
#   - Debian's chromium (Playwright drives /usr/bin/chromium; it never downloads a browser)
#   - node_modules, when missing or older than package-lock.json
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '[setup] %s\n' "$*"; }

# Run as root directly, otherwise through sudo when there is one.
as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
    say "need root for: $*"; return 1
  fi
}

command -v cargo >/dev/null || { say "cargo is missing: install Rust (rustup) first"; exit 1; }
command -v npm >/dev/null || { say "npm is missing: install Node.js 20.19+ first"; exit 1; }

# 1. Rust target for WebAssembly.
if rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  say "rust target wasm32-unknown-unknown: present"
else
  say "rust target wasm32-unknown-unknown: adding"
  rustup target add wasm32-unknown-unknown
fi

# 2. wasm-bindgen CLI, same version as the crate (a mismatch is a hard error at bindgen time).
wb_version() {
  if [ -f engine-wasm/Cargo.lock ]; then
    awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' engine-wasm/Cargo.lock
  fi
}
WB_VER=$(wb_version)
if [ -z "$WB_VER" ]; then
  WB_VER=$(sed -n 's/^wasm-bindgen = "=\([0-9.]*\)".*/\1/p' engine-wasm/Cargo.toml | head -n 1)
fi
[ -n "$WB_VER" ] || { say "cannot find the wasm-bindgen version in engine-wasm/Cargo.lock or Cargo.toml"; exit 1; }
if [ "$(wasm-bindgen --version 2>/dev/null)" = "wasm-bindgen $WB_VER" ]; then
  say "wasm-bindgen CLI $WB_VER: present"
else
  # Without --locked: the locked webpki-roots is not on the crate index this machine reaches.
  # --force: cargo skips a package it has on record even when the binary itself is gone or replaced.
  say "wasm-bindgen CLI $WB_VER: installing with cargo (takes 2-6 minutes)"
  cargo install --force wasm-bindgen-cli --version "$WB_VER"
  [ "$(wasm-bindgen --version 2>/dev/null)" = "wasm-bindgen $WB_VER" ] || {
    say "wasm-bindgen $WB_VER is still not on PATH after the install (is ~/.cargo/bin on PATH?)"; exit 1; }
fi

# 3. Chromium for the end-to-end tests.
if [ -x /usr/bin/chromium ]; then
  say "chromium: present ($(/usr/bin/chromium --version 2>/dev/null | head -n 1))"
else
  say "chromium: installing Debian's package (about 75 s)"
  as_root apt-get update
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium
fi

# 4. JavaScript dependencies. A stamp records which lockfile node_modules was built from.
stamp=node_modules/.aqm-lock.sha256
want=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ -d node_modules ] && [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
  say "node_modules: up to date with package-lock.json"
else
  say "node_modules: missing or stale, running npm ci"
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund
  echo "$want" >"$stamp"
fi

# TypeScript 7 provides `tsc`; `typescript` is the 6.0 API package that typescript-eslint loads.
tsc_version=$(node_modules/.bin/tsc --version 2>/dev/null || true)
case "$tsc_version" in
  "Version 7."*) say "tsc: $tsc_version" ;;
  *) say "node_modules/.bin/tsc is not TypeScript 7 (got '$tsc_version'): remove node_modules and run again"; exit 1 ;;
esac
say "done"
