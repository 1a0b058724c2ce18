import zlib from 'node:zlib';

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A real, decodable PNG of `side`×`side` black grey-scale pixels: 16000 px a side is 256 MP in
 * 1.1 MB (the security review's bomb was 776 KB, in colour with EXIF). The rows are deflated in
 * blocks at level 1 (1 s here; level 9 gives 250 KB in 5.5 s), never holding the 256 MB of pixels.
 */
export async function pngBomb(side = 16_000): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.writeUInt8(8, 8); // bit depth 8, colour type 0 (grey), default compression, filter, no interlace
  const rowsPerBlock = 1000;
  const block = Buffer.alloc((side + 1) * rowsPerBlock); // each row: filter byte 0, then black pixels
  const deflate = zlib.createDeflate({ level: 1 });
  const compressed: Buffer[] = [];
  deflate.on('data', (data: Buffer) => compressed.push(data));
  const finished = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  for (let rows = 0; rows < side; rows += rowsPerBlock) {
    const count = Math.min(rowsPerBlock, side - rows);
    if (!deflate.write(block.subarray(0, count * (side + 1)))) {
      await new Promise((resolve) => deflate.once('drain', resolve));
    }
  }
  deflate.end();
  await finished;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.concat(compressed)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The security review's lying JPEG: a real progressive JPEG of `width`×`height` whose header a
 * separate parser (image-size) reads as 64×64. An APP1 segment ends in a stray byte; libjpeg skips the
 * byte and reads the real frame header, image-size shifts one byte and finds a fake SOF0 inside the
 * APP1 payload.
 */
export async function desyncJpeg(width: number, height: number): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const real = await sharp({ create: { width, height, channels: 3, background: { r: 40, g: 90, b: 160 } } })
    .jpeg({ progressive: true, quality: 40 })
    .toBuffer();
  const segmentLength = 0x0100;
  const payload = Buffer.alloc(segmentLength - 2);
  // Read one byte late, the length field says 3: a fake SOF0 (FF C0) 3 bytes on, with 64×64 in it.
  Buffer.from([0x03, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x40, 0x00, 0x40]).copy(payload);
  const strayByte = Buffer.from([0x00]);
  return Buffer.concat([
    Buffer.from([0xff, 0xd8, 0xff, 0xe1, segmentLength >> 8, segmentLength & 0xff]),
    payload,
    strayByte,
    real.subarray(2),
  ]);
}
