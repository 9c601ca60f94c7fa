import { run } from './cli/program.js'

// The CLI entry point (`atrium …`, `npm start`). `serve` keeps the process up; everything else exits with its code.
run(process.argv.slice(2)).then(
  (outcome) => {
    if (outcome !== 'serving') process.exit(outcome)
  },
  (err: unknown) => {
    process.stderr.write(`error: ${err instanceof Error ? err.message : String(err)}\n`)
    process.exit(1)
  },
)
