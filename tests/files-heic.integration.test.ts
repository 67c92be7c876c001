import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { DEMO_STUDENTS } from "@/lib/db/demo-school";
import { files } from "@/lib/db/schema";
import { resetEnvCache } from "@/lib/env";
import { diskStorage } from "@/lib/files/disk";
import { decodeHeic } from "@/lib/files/heic";
import { setFileStorage } from "@/lib/files/index";
import { s3Storage } from "@/lib/files/s3";
import type { FileStorage } from "@/lib/files/storage";
import { msg } from "@/lib/i18n/message";
import { render } from "@/lib/i18n/render";
import { LOCALE_COOKIE } from "@/lib/i18n/request-locale";
import { firstAssignmentOf, seedDemo } from "./support/fixtures";
import { cookieJar } from "./support/request-context";
import { startTestS3 } from "./support/s3";
import { signInAs } from "./support/session";
import { downloadFile, uploadFile } from "./support/upload";
import { useTestDatabase } from "./support/test-db";

// iPhone photos (HEIC) handed in as JPEGs (issue 39 item 10, decision 023), on both storages.
// The fixtures are real HEIC files made by libheif's heif-enc (tests/fixtures/heic/README.md).

useTestDatabase();

const BIO = "BIO-P2";
const AVA = DEMO_STUDENTS[0]!.code;
const FIXTURES = path.join(process.cwd(), "tests/fixtures/heic");
/** 96×64 as the sensor saw it, turned a quarter clockwise by its irot box; EXIF with a GPS position. */
const PHOTO = fs.readFileSync(path.join(FIXTURES, "photo-rotated.heic"));
/** 9000×6000 of grey in 13 kB. */
const TOO_MANY_PIXELS = path.join(FIXTURES, "too-many-pixels.heic");

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-heic-"));
let s3: Awaited<ReturnType<typeof startTestS3>>;
let assignmentId: number;

beforeAll(async () => {
  process.env.DATA_DIR = dataDir;
  resetEnvCache();
  s3 = await startTestS3();
  await seedDemo();
  assignmentId = await firstAssignmentOf(BIO);
});
afterAll(async () => {
  setFileStorage(undefined);
  await s3?.close();
  delete process.env.DATA_DIR;
  resetEnvCache();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const handIn = (name: string, content: Uint8Array) =>
  uploadFile(BIO, { kind: "submission", id: assignmentId }, name, content);
const fileCount = async () => (await db().select({ id: files.id }).from(files)).length;

/** The colour at (x, y) of an image, each channel rounded to the nearest 10 (JPEG is lossy). */
async function colourAt(image: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + 3)].map((v) => Math.round(v / 10) * 10);
}

const storages: [string, () => FileStorage][] = [
  ["disk", () => diskStorage(path.join(dataDir, "files"))],
  [
    "S3 (s3rver)",
    () =>
      s3Storage({
        bucket: s3.bucket,
        endpoint: s3.endpoint,
        region: "us-east-1",
        accessKeyId: "S3RVER",
        secretAccessKey: "S3RVER",
        forcePathStyle: true,
      }),
  ],
];

describe.each(storages)("HEIC photos on %s", (_label, make) => {
  beforeAll(() => setFileStorage(make()));

  it("an iPhone photo is stored as a JPEG named .jpg, upright, without its EXIF or GPS position", async () => {
    await signInAs(AVA);
    const up = await handIn("IMG_4032.HEIC", PHOTO);
    expect(up.status, up.json.message).toBe(201);
    expect(up.json.file).toMatchObject({ name: "IMG_4032.jpg", mime: "image/jpeg" });

    const res = await downloadFile(up.json.file!.id, "?inline=1");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(res.headers.get("content-disposition")).toMatch(/^inline; filename="IMG_4032.jpg"/);
    const jpeg = Buffer.from(await res.arrayBuffer());
    const meta = await sharp(jpeg).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 64, height: 96 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    for (const trace of ["Apple", "iPhone fixture", "GPS"]) expect(jpeg.includes(trace), trace).toBe(false);
    // Turned a quarter clockwise as the iPhone shows it: the red half on top, the green corner top right.
    expect(await colourAt(jpeg, 4, 4)).toEqual([220, 20, 20]);
    expect(await colourAt(jpeg, 59, 4)).toEqual([0, 200, 0]);
    expect(await colourAt(jpeg, 32, 90)).toEqual([20, 20, 220]);

    const thumb = await downloadFile(up.json.file!.id, "?thumb=1");
    expect(thumb.headers.get("content-type")).toBe("image/webp");
    expect(await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).toMatchObject({ width: 64, height: 96 });
  });

  it("a HEIC of 54 megapixels in 13 kB is refused before decoding, clearly, storing nothing", async () => {
    await signInAs(AVA);
    const before = await fileCount();
    const bomb = fs.readFileSync(TOO_MANY_PIXELS);
    expect(bomb.length).toBeLessThan(20_000);
    const up = await handIn("IMG_0001.heic", bomb);
    expect(up.status).toBe(422);
    expect(up.json.message).toBe(
      "This photo is too large to convert: at most 50 megapixels. Please send a smaller photo or a JPEG.",
    );
    cookieJar.set(LOCALE_COOKIE, "es");
    expect((await handIn("IMG_0001.heic", bomb)).json.message).toBe(
      "Esta foto es demasiado grande para convertirla: como máximo 50 megapíxeles. Por favor, envíe una foto más pequeña o un JPEG.",
    );
    expect(await fileCount()).toBe(before);
    expect(fs.readdirSync(path.join(dataDir, "upload-staging"))).toEqual([]);
  });

  it("a damaged HEIC (its image data cut off) is refused as unreadable", async () => {
    await signInAs(AVA);
    const before = await fileCount();
    const up = await handIn("IMG_0002.heic", PHOTO.subarray(0, PHOTO.length - 200));
    expect(up.status).toBe(422);
    expect(up.json.message).toBe("This image could not be read. Please take the photo again or send a PDF.");
    expect(await fileCount()).toBe(before);
  });
});

describe("the HEIC decoder's time limit", () => {
  it("stops a decode that runs past it, and the next photo is decoded as usual", async () => {
    const slow = await decodeHeic(TOO_MANY_PIXELS, { maxPixels: 100_000_000, timeoutMs: 100 });
    expect(slow).toEqual({ ok: false, message: msg("uploads.photoTooSlow") });
    expect(render(msg("uploads.photoTooSlow"), "en")).toBe(
      "This photo took too long to convert. Please send it as a JPEG.",
    );
    const photo = path.join(dataDir, "photo.heic");
    fs.writeFileSync(photo, PHOTO);
    const next = await decodeHeic(photo, { maxPixels: 50_000_000, timeoutMs: 60_000 });
    expect(next).toMatchObject({ ok: true, width: 64, height: 96 });
  });
});
