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
