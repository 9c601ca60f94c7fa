import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'

/** An S3-compatible server (s3rver, from npm) on 127.0.0.1 with one bucket, its objects in a temporary directory. */
export interface S3Server {
  endpoint: string
  bucket: string
  /** ATRIUM_* variables of an app storing into the bucket. */
  env: Record<string, string>
  /** Keys of the objects in the bucket (from s3rver's directory). */
  objects(): string[]
  close(): Promise<void>
}

export async function startS3(bucket = 'atrium-media'): Promise<S3Server> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'atrium-s3rver-'))
  const server = new S3rver({ port: 0, address: '127.0.0.1', directory: dir, silent: true, configureBuckets: [{ name: bucket, configs: [] }] })
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  return {
    endpoint,
    bucket,
    env: {
      ATRIUM_STORAGE: 's3',
      ATRIUM_S3_ENDPOINT: endpoint,
      ATRIUM_S3_BUCKET: bucket,
      ATRIUM_S3_REGION: 'us-east-1',
      ATRIUM_S3_ACCESS_KEY_ID: 'S3RVER',
      ATRIUM_S3_SECRET_ACCESS_KEY: 'S3RVER',
      ATRIUM_S3_FORCE_PATH_STYLE: 'true',
    },
    objects() {
      // s3rver keeps each object as <bucket>/<key>._S3rver_object (plus metadata files).
      const root = path.join(dir, bucket)
      const out: string[] = []
      const walk = (d: string) => {
        for (const name of readdirSync(d)) {
          const p = path.join(d, name)
          if (statSync(p).isDirectory()) walk(p)
          else if (name.endsWith('._S3rver_object')) out.push(path.relative(root, p).slice(0, -'._S3rver_object'.length))
        }
      }
      walk(root)
      return out.sort()
    },
    async close() {
      await server.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
