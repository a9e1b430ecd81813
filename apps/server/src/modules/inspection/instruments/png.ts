import { crc32, deflateSync } from 'node:zlib';
import { SEAL_IMAGE_MAX_BYTES, SEAL_IMAGE_MAX_PX, SEAL_IMAGE_MIN_PX } from '@ec/contract';
import { badRequest } from '../../../platform/errors.ts';

/*
 * Seal images: a PNG with transparency (the seal is printed over a report's text), read from its
 * bytes — the signature, the IHDR header's colour type (4 grey + alpha, 6 RGBA) or a tRNS chunk
 * (a transparent colour of a palette, grey or RGB image) — and a small encoder for the demo seal.
 */

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export interface PngFacts {
  width: number;
  height: number;
  colourType: number;
  transparent: boolean;
}

/** The header facts of a PNG, or null when the bytes are not a well-formed PNG's start. */
export function pngFacts(body: Buffer): PngFacts | null {
  if (body.length < 33 || !body.subarray(0, 8).equals(SIGNATURE)) return null;
  if (body.readUInt32BE(8) !== 13 || body.toString('latin1', 12, 16) !== 'IHDR') return null;
  const width = body.readUInt32BE(16);
  const height = body.readUInt32BE(20);
  const colourType = body[25];
  let transparent = colourType === 4 || colourType === 6;
  // Walk the chunks up to the image data: tRNS must come before the first IDAT.
  for (let at = 8; !transparent && at + 8 <= body.length; ) {
    const length = body.readUInt32BE(at);
    const type = body.toString('latin1', at + 4, at + 8);
    if (type === 'tRNS') transparent = true;
    if (type === 'IDAT' || type === 'IEND') break;
    at += 12 + length;
  }
  return { width, height, colourType, transparent };
}

/** Refuses what cannot be a seal image, with the reason in Chinese (400 on `fileId`). */
export function assertSealImage(body: Buffer): PngFacts {
  const refuse = (message: string) => badRequest(`印章图片：${message}`, [{ field: 'fileId', message }]);
  if (body.length > SEAL_IMAGE_MAX_BYTES)
    throw refuse(`印章图片不能超过 ${Math.round(SEAL_IMAGE_MAX_BYTES / 1024)} KB`);
  const facts = pngFacts(body);
  if (!facts) throw refuse('印章图片必须是 PNG 格式（文件内容不是 PNG）');
  if (!facts.transparent)
    throw refuse('印章图片必须是透明背景的 PNG（带透明通道），请去除白色背景后重新上传');
  const { width, height } = facts;
  if (Math.min(width, height) < SEAL_IMAGE_MIN_PX || Math.max(width, height) > SEAL_IMAGE_MAX_PX)
    throw refuse(`印章图片尺寸应在 ${SEAL_IMAGE_MIN_PX}–${SEAL_IMAGE_MAX_PX} 像素之间`);
  return facts;
}

const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
};

/** Encodes 8-bit pixels: colour type 6 (RGBA, 4 bytes a pixel) or 2 (RGB, 3 bytes a pixel). */
export function encodePng(width: number, height: number, pixels: Buffer, colourType: 2 | 6 = 6): Buffer {
  const bpp = colourType === 6 ? 4 : 3;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, colourType, 0, 0, 0], 8);
  const raw = Buffer.alloc((width * bpp + 1) * height);
  for (let y = 0; y < height; y++)
    pixels.copy(raw, y * (width * bpp + 1) + 1, y * width * bpp, (y + 1) * width * bpp);
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A round red seal on a transparent ground: an outer ring, a thin inner ring and a five-pointed
 * star, anti-aliased by 4×4 supersampling. `size` pixels a side.
 */
export function drawSealPng(size = 240): Buffer {
  const px = Buffer.alloc(size * size * 4);
  const c = size / 2;
  const outer = size * 0.47;
  const ring = size * 0.035;
  const inner = size * 0.4;
  const thin = size * 0.008;
  // The star: five outer points at radius r1, five inner at r2.
  const r1 = size * 0.17;
  const r2 = r1 * 0.382;
  const star: [number, number][] = Array.from({ length: 10 }, (_, i) => {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const r = i % 2 === 0 ? r1 : r2;
    return [c + r * Math.cos(a), c + r * Math.sin(a)];
  });
  const inStar = (x: number, y: number) => {
    let inside = false;
    for (let i = 0, j = star.length - 1; i < star.length; j = i++) {
      const [xi, yi] = star[i];
      const [xj, yj] = star[j];
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
    return inside;
  };
  const painted = (x: number, y: number) => {
    const d = Math.hypot(x - c, y - c);
    return Math.abs(d - (outer - ring / 2)) <= ring / 2 || Math.abs(d - inner) <= thin || inStar(x, y);
  };
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      let hits = 0;
      for (let sy = 0; sy < 4; sy++)
        for (let sx = 0; sx < 4; sx++) if (painted(x + (sx + 0.5) / 4, y + (sy + 0.5) / 4)) hits++;
      const at = (y * size + x) * 4;
      px[at] = 0xd9;
      px[at + 1] = 0x1e;
      px[at + 2] = 0x18;
      px[at + 3] = Math.round((hits / 16) * 255);
    }
  return encodePng(size, size, px, 6);
}
