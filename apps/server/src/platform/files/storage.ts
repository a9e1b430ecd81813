import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';

/** Where file bytes live. Rows in sys_file point at them by key. */
export interface FileStorage {
  readonly backend: 'local' | 's3';
  put(key: string, body: Buffer, mime: string): Promise<void>;
  get(key: string): Promise<Buffer>;
  delete(key: string): Promise<void>;
  /** Stores a file from the local disk without reading it into memory (large exports); the file is moved or copied. */
  putFile(key: string, file: string, mime: string): Promise<void>;
  /** Reads a stored file as a stream (large downloads). */
  open(key: string): Promise<Readable>;
}

/** A folder under DATA_DIR; keys are spread over two-character subfolders. */
export class LocalStorage implements FileStorage {
  readonly backend = 'local' as const;
  constructor(private readonly root: string) {}

  private pathOf(key: string) {
    if (!/^[\w-]+$/.test(key)) throw new Error('invalid storage key');
    return path.join(this.root, key.slice(0, 2), key);
  }

  async put(key: string, body: Buffer) {
    const file = this.pathOf(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    await fs.writeFile(tmp, body);
    await fs.rename(tmp, file);
  }

  get(key: string) {
    return fs.readFile(this.pathOf(key));
  }

  async delete(key: string) {
    await fs.rm(this.pathOf(key), { force: true });
  }

  async putFile(key: string, file: string) {
    const target = this.pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    try {
      await fs.rename(file, target);
    } catch (err) {
      // Another file system (a temporary folder elsewhere): copy, then remove the source.
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      await fs.copyFile(file, `${target}.tmp`);
      await fs.rename(`${target}.tmp`, target);
      await fs.rm(file, { force: true });
    }
  }

  async open(key: string) {
    const file = this.pathOf(key);
    await fs.access(file);
    return createReadStream(file);
  }
}

/** Keeps bytes in memory: for tests that need no disk. */
export class MemoryStorage implements FileStorage {
  readonly backend = 'local' as const;
  private readonly files = new Map<string, Buffer>();
  async put(key: string, body: Buffer) {
    this.files.set(key, body);
  }
  async get(key: string) {
    const body = this.files.get(key);
    if (!body) throw Object.assign(new Error('not found'), { code: 'ENOENT' });
    return body;
  }
  async delete(key: string) {
    this.files.delete(key);
  }
  async putFile(key: string, file: string) {
    this.files.set(key, await fs.readFile(file));
    await fs.rm(file, { force: true });
  }
  async open(key: string) {
    return Readable.from([await this.get(key)]);
  }
}

/** An S3-compatible bucket (AWS, MinIO, OSS, COS …), used when S3_BUCKET and S3_ENDPOINT are set. */
export async function createS3Storage(config: {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
}): Promise<FileStorage> {
  const { S3Client, PutObjectCommand, GetObjectCommand, DeleteObjectCommand } = await import(
    '@aws-sdk/client-s3'
  );
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: true,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
  });
  return {
    backend: 's3',
    async put(key, body, mime) {
      await client.send(
        new PutObjectCommand({ Bucket: config.bucket, Key: key, Body: body, ContentType: mime }),
      );
    },
    async get(key) {
      const res = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: key }));
      return Buffer.from(await res.Body!.transformToByteArray());
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
    },
    async putFile(key, file, mime) {
      const { size } = await fs.stat(file);
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: key,
          Body: createReadStream(file),
          ContentLength: size,
          ContentType: mime,
        }),
      );
      await fs.rm(file, { force: true });
    },
    async open(key) {
      const res = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: key }));
      return res.Body as Readable;
    },
  };
}
