#!/usr/bin/env bash
# Builds the engine to WebAssembly and generates its JS bindings into web/engine/pkg (git-ignored).
set -euo pipefail
cd "$(dirname "$0")/.."

out=web/engine/pkg
wasm=engine-wasm/target/wasm32-unknown-unknown/release/aqm_engine.wasm

echo "[build:wasm] cargo build --release --target wasm32-unknown-unknown --lib"
(cd engine-wasm && cargo build --release --target wasm32-unknown-unknown --lib)
echo "[build:wasm] wasm-bindgen --target web --out-dir $out $wasm"
wasm-bindgen --target web --out-dir "$out" "$wasm"
ls -l "$out" | sed 's/^/[build:wasm] /'
