import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";

/** A real S3 API server (s3rver) on a free loopback port, with one empty bucket. */
export async function startTestS3(bucket = "portal-test"): Promise<{
  endpoint: string;
  bucket: string;
  close(): Promise<void>;
}> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "s3rver-"));
  const server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory: dir });
  const { port } = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  client.destroy();
  return {
    endpoint,
    bucket,
    async close() {
      // The portal's S3 client keeps its connections alive, and an HTTP server's close waits for
      // every open connection: give it a moment, then go on (the test process ends with its file).
      await Promise.race([server.close(), new Promise((resolve) => setTimeout(resolve, 3000).unref())]);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
