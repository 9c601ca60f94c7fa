// Runs one SQL statement against a PostgreSQL URL (CI creates and drops its scratch database with it).
import pg from 'pg'

const [url, statement] = process.argv.slice(2)
const client = new pg.Client({ connectionString: url })
await client.connect()
try {
  await client.query(statement)
} finally {
  await client.end()
}
