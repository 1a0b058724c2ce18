// Decodes one untrusted selfie video in a process of its own, started by video-frames.ts under
// address-space and CPU-time limits: a decoder fault or a memory bomb ends this process, not the
// service. Plain JavaScript on purpose: tsx's loader instantiates WebAssembly and starts esbuild, and
// neither runs under the address-space limit.
//
// Input: the video on stdin; argv[2] is JSON { container: 'webm' | 'mp4', maxFrames, maxDurationSeconds },
// or `--probe` to check that the decoder loads and has every allowed codec.
// Output: one JSON object on stdout, { ok: true, totalFrames, frames: [base64 JPEG] } or
// { ok: false, reason, detail }; the parent turns reasons into fixed client text.
import { createRequire } from 'node:module';
import { setImmediate as tick } from 'node:timers/promises';

const require = createRequire(import.meta.url);

/**
 * WebCodecs codec strings of the decoders a phone or browser camera records with (MediaRecorder:
 * VP8/VP9/AV1 in WebM, H.264 in MP4 and MOV), checked on the demuxer's stream before any decoder opens.
 */
const ALLOWED_CODECS = [
  { name: 'vp8', pattern: /^vp8$/ },
  { name: 'vp9', pattern: /^vp09\./ },
  { name: 'av1', pattern: /^av01\./ },
  { name: 'h264', pattern: /^avc[13]\./ },
];
/** One sample codec string per allowed decoder, for the readiness probe. */
const PROBE_CODECS = ['vp8', 'vp09.00.10.08', 'av01.0.04M.08', 'avc1.42001E'];

/** 1080p in either orientation; the hosted flow records 640×480 to 1280×720. */
const MAX_FRAME_PIXELS = 1920 * 1080;
const MAX_FRAME_SIDE = 1920;
/** 30 s at 60 fps: no camera clip within the duration cap has more. */
const MAX_VIDEO_FRAMES = 1_800;
/** Packets read from the container per step, so reading stops soon after a cap is reached. */
const DEMUX_BATCH = 64;
/**
 * Chunks handed to the decoder ahead of the frames it has given back. Without this bound every
 * decoded frame of the clip waits in the output queue at once (520 MB resident for 3 s of 1080p
 * instead of 290 MB).
 */
const MAX_DECODE_QUEUE = 2;
const MAX_OUTPUT_LAG = 8;
const JPEG_QUALITY = 90;

class Refusal extends Error {
  constructor(reason, detail) {
    super(detail);
    this.reason = reason;
  }
}

function tooLarge(width, height) {
  return width * height > MAX_FRAME_PIXELS || Math.max(width, height) > MAX_FRAME_SIDE;
}

async function readStdin() {
  const parts = [];
  for await (const part of process.stdin) parts.push(part);
  return Buffer.concat(parts);
}

/** The video track's packets within the duration and frame caps, and its decoder config. */
async function demux(webcodecs, video, container, maxDurationSeconds) {
  const chunks = [];
  let demuxError = null;
  const maxSpanUs = maxDurationSeconds * 1_000_000;
  // Measured from the first packet, as ffmpeg's -t was: a recording need not start at time zero.
  let firstTimestampUs = null;
  const Demuxer = container === 'webm' ? webcodecs.MkvDemuxer : webcodecs.Mp4Demuxer;
  const demuxer = new Demuxer({
    videoOutput: (chunk) => {
      firstTimestampUs ??= chunk.timestamp;
      if (chunks.length < MAX_VIDEO_FRAMES && chunk.timestamp - firstTimestampUs < maxSpanUs)
        chunks.push(chunk);
    },
    error: (error) => {
      demuxError = error;
    },
  });
  try {
    await demuxer.loadBuffer(video);
    const config = demuxer.videoDecoderConfig;
    if (!config) throw new Refusal('no_video_frames', 'no video track');
    const codec = ALLOWED_CODECS.find((allowed) => allowed.pattern.test(config.codec));
    if (!codec) throw new Refusal('unsupported_codec', `codec ${config.codec}`);
    if (tooLarge(config.codedWidth, config.codedHeight))
      throw new Refusal('too_large', `${config.codedWidth}x${config.codedHeight}`);
    let before = -1;
    while (demuxer.state !== 'ended' && chunks.length < MAX_VIDEO_FRAMES && chunks.length !== before) {
      before = chunks.length;
      await demuxer.demuxAsync(DEMUX_BATCH);
      if (demuxError) throw demuxError;
    }
    return { chunks, config, codec: codec.name };
  } finally {
    demuxer.close();
  }
}

/** Decodes every chunk in order and keeps the frames at `picks` (output order) as JPEG. */
async function decode(webcodecs, sharp, chunks, config, picks) {
  const wanted = new Set(picks);
  const jpegs = [];
  let decodeError = null;
  let outputs = 0;
  const decoder = new webcodecs.VideoDecoder({
    output: (frame) => {
      const index = outputs++;
      if (tooLarge(frame.codedWidth, frame.codedHeight)) {
        decodeError ??= new Refusal('too_large', `${frame.codedWidth}x${frame.codedHeight} mid-stream`);
        frame.close();
        return;
      }
      if (!wanted.has(index)) {
        frame.close();
        return;
      }
      const width = frame.displayWidth;
      const height = frame.displayHeight;
      const rgba = new Uint8Array(frame.allocationSize({ format: 'RGBA' }));
      jpegs.push(
        frame
          .copyTo(rgba, { format: 'RGBA' })
          .finally(() => frame.close())
          .then(() =>
            sharp(rgba, { raw: { width, height, channels: 4 } })
              .jpeg({ quality: JPEG_QUALITY })
              .toBuffer(),
          ),
      );
    },
    error: (error) => {
      decodeError ??= error;
    },
  });
  try {
    decoder.configure({
      codec: config.codec,
      codedWidth: config.codedWidth,
      codedHeight: config.codedHeight,
      ...(config.description ? { description: config.description } : {}),
      hardwareAcceleration: 'prefer-software',
    });
    for (let i = 0; i < chunks.length && !decodeError; i++) {
      decoder.decode(chunks[i]);
      chunks[i] = null;
      // Waits only while the decoder still holds input, so a codec that needs more chunks before
      // its first frame (H.264 reordering) is never starved.
      while (
        decoder.decodeQueueSize > 0 &&
        (decoder.decodeQueueSize > MAX_DECODE_QUEUE || i + 1 - outputs > MAX_OUTPUT_LAG)
      )
        await tick();
    }
    if (!decodeError) await decoder.flush();
  } finally {
    if (decoder.state !== 'closed') decoder.close();
  }
  if (decodeError) throw decodeError;
  return Promise.all(jpegs);
}

function evenFrameIndices(totalFrames, maxFrames) {
  const count = Math.min(totalFrames, maxFrames);
  return Array.from({ length: count }, (_, i) => Math.floor(((i + 0.5) * totalFrames) / count));
}

/**
 * The prebuilt addon of @napi-rs/webcodecs for this platform. Its platform packages are the
 * dependency, not the wrapper package: the registry has only the Linux x64 ones, and the wrapper's
 * optional dependencies on the others would leave a lock file that `npm ci` refuses.
 */
const ADDON_PACKAGES = ['@napi-rs/webcodecs-linux-x64-gnu', '@napi-rs/webcodecs-linux-x64-musl'];

function loadAddon() {
  const errors = [];
  for (const name of ADDON_PACKAGES) {
    try {
      return { webcodecs: require(name), version: require(`${name}/package.json`).version };
    } catch (error) {
      errors.push(`${name}: ${String(error?.message ?? error).split('\n')[0]}`);
    }
  }
  throw new Error(
    `no @napi-rs/webcodecs addon for ${process.platform}-${process.arch} (${errors.join('; ')})`,
  );
}

async function probe(webcodecs, version) {
  for (const codec of PROBE_CODECS) {
    const support = await webcodecs.VideoDecoder.isConfigSupported({
      codec,
      hardwareAcceleration: 'prefer-software',
    });
    if (!support.supported) return { ok: false, reason: 'unavailable', detail: `no decoder for ${codec}` };
  }
  return { ok: true, version };
}

async function run() {
  let webcodecs;
  let version;
  let sharp;
  try {
    ({ webcodecs, version } = loadAddon());
    sharp = require('sharp');
  } catch (error) {
    return { ok: false, reason: 'unavailable', detail: error.message.split('\n')[0] };
  }
  if (process.argv[2] === '--probe') return probe(webcodecs, version);
  const { container, maxFrames, maxDurationSeconds } = JSON.parse(process.argv[2] ?? '{}');
  // One thread for the JPEG encoding: the frames are few and threads cost address space.
  sharp.concurrency(1);
  try {
    const video = await readStdin();
    const { chunks, config } = await demux(webcodecs, video, container, maxDurationSeconds);
    const totalFrames = chunks.length;
    if (totalFrames === 0) return { ok: false, reason: 'no_video_frames', detail: 'no video packets' };
    const jpegs = await decode(webcodecs, sharp, chunks, config, evenFrameIndices(totalFrames, maxFrames));
    if (jpegs.length === 0) return { ok: false, reason: 'unreadable', detail: 'no frame decoded' };
    return { ok: true, totalFrames, frames: jpegs.map((jpeg) => jpeg.toString('base64')) };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, reason: error.reason, detail: error.message };
    return { ok: false, reason: 'unreadable', detail: String(error?.message ?? error).split('\n')[0] };
  }
}

process.stdout.write(JSON.stringify(await run()), () => process.exit(0));
