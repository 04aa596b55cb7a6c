# Sourced by the bench scripts. bench_orchestration TREE ARGS… runs `medagent bench orchestration
# --json ARGS…` from TREE's compiled dist/ (no rebuild per row) and prints the JSON line.
bench_orchestration() { node -e '
  const path = require("path"); const root = process.argv[1];
  require(path.join(root, "tools", "alias.js")).register(path.join(root, "dist"));
  process.argv = [process.argv[0], "medagent", ...process.argv.slice(2)];
  require(path.join(root, "dist", "apps", "cli", "src", "main.js"));' "$1" bench orchestration --json "${@:2}" 2>/dev/null | tail -1; }
