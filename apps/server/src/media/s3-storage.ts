import { Readable } from "node:stream";
import { DeleteObjectCommand, GetObjectCommand, S3Client, S3ServiceException } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import type { S3Config } from "../env.ts";
import { type ByteRange, MediaMissingError, type MediaStorage, StorageUnavailableError } from "./storage.ts";

/** How long a presigned download URL works: enough to start the download it was issued for. */
const PRESIGNED_URL_TTL_SECONDS = 60;
/** Multipart upload parts: the SDK holds at most QUEUE of them in memory per upload. */
const PART_BYTES = 8 * 1024 * 1024;
const QUEUE = 2;

/** Whether the service itself refused (4xx other than throttling) rather than being unreachable or failing. */
function isClientRefusal(error: unknown): boolean {
  return error instanceof S3ServiceException && error.$fault === "client" && error.$metadata.httpStatusCode !== 429;
}

function unavailable(error: unknown): Error {
  return isClientRefusal(error) ? (error as Error) : new StorageUnavailableError(error);
}

/**
 * S3-compatible object storage (AWS S3, MinIO, Cloudflare R2) through the
 * official SDK: uploads are streamed as multipart uploads, and downloads are
 * presigned URLs the browser fetches from the bucket itself.
 */
export class S3Storage implements MediaStorage {
  readonly kind = "s3" as const;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: S3Config) {
    this.bucket = config.bucket;
    this.client = new S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
      ...(config.credentials ? { credentials: config.credentials } : {}),
      // Plain uploads and downloads: S3-compatible servers do not all know the SDK's newer checksum trailers.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      // A bucket that does not answer is reported in seconds (503), not after minutes of retries.
      maxAttempts: 2,
      requestHandler: { connectionTimeout: 3_000, requestTimeout: 30_000 },
    });
  }

  async write(key: string, body: Readable, contentType: string): Promise<void> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: body, ContentType: contentType },
      partSize: PART_BYTES,
      queueSize: QUEUE,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      body.destroy();
      throw unavailable(error);
    }
  }

  async read(key: string, range: ByteRange | null): Promise<Readable> {
    if (!range) return Readable.from([]);
    try {
      const answer = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: `bytes=${range.start}-${range.end}` }),
      );
      if (!(answer.Body instanceof Readable)) throw new Error("S3 answered without a body stream");
      return answer.Body;
    } catch (error) {
      if (error instanceof S3ServiceException && error.name === "NoSuchKey") {
        throw new MediaMissingError(`media ${key} is not in bucket ${this.bucket}`);
      }
      throw unavailable(error);
    }
  }

  async remove(key: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (error) {
      throw unavailable(error);
    }
  }

  downloadUrl(key: string, file: { filename: string; mimetype: string }): Promise<string> {
    return getSignedUrl(
      this.client,
      new GetObjectCommand({
        Bucket: this.bucket,
        Key: key,
        ResponseContentType: file.mimetype,
        ResponseContentDisposition: `inline; filename="${file.filename}"`,
        ResponseCacheControl: "private, no-store",
      }),
      { expiresIn: PRESIGNED_URL_TTL_SECONDS },
    );
  }

  destroy(): void {
    this.client.destroy();
  }
}
