import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';

export type VideoFramesOptions = {
  /** Frames to return, evenly spread over the video. */
  maxFrames?: number;
  /** Wall-clock limit for each ffmpeg run (there are two: count, then extract). */
  timeoutMs?: number;
  /** Only the first this-many seconds are read; the hosted flow records about 2 s. */
  maxDurationSeconds?: number;
  ffmpegPath?: string;
};

/**
 * Why frames could not be extracted. `unreadable`, `unsupported_codec`, `too_large` and
 * `no_video_frames` are the upload's fault (HTTP 422); `timeout` means the video was too long or
 * heavy to decode in time; `unavailable` means ffmpeg itself could not run (a server fault).
 */
export type VideoFramesErrorReason =
  'unreadable' | 'unsupported_codec' | 'too_large' | 'no_video_frames' | 'timeout' | 'unavailable';

/**
 * `message` is fixed text that may reach the end user; `detail` (ffmpeg's own words, which name its
 * demuxers and build) is for the server log only.
 */
export type VideoFramesResult =
  | { ok: true; frames: Buffer[]; totalFrames: number; container: 'webm' | 'mp4' }
  | { ok: false; reason: VideoFramesErrorReason; message: string; detail?: string };

const DEFAULTS = { maxFrames: 8, timeoutMs: 15_000, maxDurationSeconds: 30 } as const;

/**
 * The decoders a phone or browser camera records with (MediaRecorder: VP8/VP9/AV1 in WebM, H.264 in
 * MP4). Every other decoder in the binary (PNG, TIFF, the dozens of legacy codecs) stays closed to
 * uploads: ffmpeg refuses to open it.
 */
export const ALLOWED_DECODERS = ['h264', 'vp8', 'vp9', 'libvpx', 'libvpx-vp9', 'libdav1d', 'libaom-av1'];
/** The codec names ffmpeg reports for the decoders above. */
const ALLOWED_CODECS = new Set(['h264', 'vp8', 'vp9', 'av1']);
/** Demuxers: the container is forced from the magic bytes as well, so nothing else is probed. */
const ALLOWED_FORMATS = ['matroska', 'mov'];

/** 1080p in either orientation; the hosted flow records 640×480 to 1280×720. */
const MAX_FRAME_PIXELS = 1920 * 1080;
const MAX_FRAME_SIDE = 1920;
/** 30 s at 60 fps: no camera clip within the duration cap has more. */
const MAX_VIDEO_FRAMES = 1_800;
/**
 * Limits on each ffmpeg process (sh's ulimit, inherited through exec). Address space, not resident
 * memory: decoding a 3 s 1080p clip peaked at 64–82 MB resident but needed 384 MiB (H.264) and
 * 512 MiB (VP9) of address space to start at all, so 768 MiB leaves 1.5× over the largest allowed
 * frame. CPU seconds: two decoder threads for the 15 s wall-clock timeout.
 */
const ADDRESS_SPACE_LIMIT_KIB = 768 * 1024;
const CPU_SECONDS_LIMIT = 30;
const DECODER_THREADS = 2;

/** Error output kept from ffmpeg for the log; pass 1 prints the stream header (about 1 KB). */
const STDERR_LIMIT_BYTES = 16_384;

/** WebM/Matroska starts with the EBML magic; MP4/MOV has an `ftyp` box at offset 4. */
function detectContainer(video: Uint8Array): 'webm' | 'mp4' | null {
  if (video.length >= 4 && video[0] === 0x1a && video[1] === 0x45 && video[2] === 0xdf && video[3] === 0xa3)
    return 'webm';
  if (video.length >= 12 && Buffer.from(video.subarray(4, 8)).toString('latin1') === 'ftyp') return 'mp4';
  return null;
}

type RunOutcome = {
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  spawnError?: string;
};

/** sh's exit codes when the command it execs is missing or not executable, as spawn would name them. */
const EXEC_FAILURES = new Map([
  [127, 'ENOENT'],
  [126, 'EACCES'],
]);

function runFfmpeg(ffmpegPath: string, args: string[], timeoutMs: number): Promise<RunOutcome> {
  return new Promise((resolve) => {
    const child = spawn(
      'sh',
      [
        '-c',
        `ulimit -v ${ADDRESS_SPACE_LIMIT_KIB} && ulimit -t ${CPU_SECONDS_LIMIT} && exec "$0" "$@"`,
        ffmpegPath,
        ...args,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      if (stderr.length < STDERR_LIMIT_BYTES) stderr += chunk;
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ code: null, stdout, stderr, timedOut, spawnError: error.message });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      const execFailure = code === null ? undefined : EXEC_FAILURES.get(code);
      if (execFailure) {
        resolve({ code, stdout, stderr, timedOut, spawnError: `spawn ${ffmpegPath} ${execFailure}` });
      } else {
        resolve({ code, stdout, stderr, timedOut });
      }
    });
  });
}

function firstLines(text: string): string {
  return text.trim().split('\n').slice(0, 3).join('; ').slice(0, 300);
}

/** Frame indices spread evenly, each at the middle of its share of the video (skips the dark first frame). */
export function evenFrameIndices(totalFrames: number, maxFrames: number): number[] {
  const count = Math.min(totalFrames, maxFrames);
  return Array.from({ length: count }, (_, i) => Math.floor(((i + 0.5) * totalFrames) / count));
}

/** The first video stream's codec and size, from the header ffmpeg prints at `-loglevel info`. */
export function parseVideoStream(stderr: string): { codec: string; width: number; height: number } | null {
  const line = stderr.split('\n').find((l) => /^\s+Stream #0:\d+.*: Video: /.test(l));
  if (!line) return null;
  const codec = /: Video: ([a-z0-9_]+)/.exec(line)?.[1];
  const size = /, (\d{1,6})x(\d{1,6})[, []/.exec(line);
  if (!codec || !size) return null;
  return { codec, width: Number(size[1]), height: Number(size[2]) };
}

/**
 * Extracts up to `maxFrames` JPEG frames evenly spread over a WebM or MP4 video, with the ffmpeg
 * binary from `@ffmpeg-installer/ffmpeg`. The video goes through a private temp file (MP4 needs a
 * seekable input; browsers' MediaRecorder WebM often has no duration, so frames are counted first).
 * The upload is untrusted and the binary old (2018), so: ffmpeg may only open local files, the
 * container is forced to the one the magic bytes name, only camera decoders and the two demuxers may
 * open, size, duration and frame count are capped, and each run has address-space and CPU limits.
 * Never throws: failures come back as a reason, a client-safe message and a detail for the log.
 */
export async function extractVideoFrames(
  video: Uint8Array,
  options: VideoFramesOptions = {},
): Promise<VideoFramesResult> {
  const maxFrames = options.maxFrames ?? DEFAULTS.maxFrames;
  const timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
  const maxDurationSeconds = options.maxDurationSeconds ?? DEFAULTS.maxDurationSeconds;
  const ffmpegPath = options.ffmpegPath ?? ffmpegInstaller.path;

  const container = detectContainer(video);
  if (!container)
    return {
      ok: false,
      reason: 'unreadable',
      message: 'the file is not a WebM or MP4 video that can be decoded',
    };

  let dir: string | null = null;
  try {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'idv-video-'));
    const inputFile = path.join(dir, container === 'webm' ? 'input.webm' : 'input.mp4');
    await fs.writeFile(inputFile, video, { mode: 0o600 });
    const inputArgs = [
      '-nostdin',
      '-protocol_whitelist',
      'file',
      '-format_whitelist',
      ALLOWED_FORMATS.join(','),
      '-codec_whitelist',
      ALLOWED_DECODERS.join(','),
      '-threads',
      String(DECODER_THREADS),
      '-f',
      container === 'webm' ? 'matroska' : 'mov',
      '-t',
      String(maxDurationSeconds),
      '-i',
      inputFile,
    ];

    // Pass 1: read the stream header and count the video packets (no decoding) so the picks can be
    // spread over the whole clip.
    const count = await runFfmpeg(
      ffmpegPath,
      [
        ...['-hide_banner', '-loglevel', 'info', ...inputArgs],
        ...['-map', '0:v:0', '-c', 'copy', '-frames:v', String(MAX_VIDEO_FRAMES), '-f', 'framecrc', '-'],
      ],
      timeoutMs,
    );
    const stream = parseVideoStream(count.stderr);
    if (stream && !ALLOWED_CODECS.has(stream.codec))
      return {
        ok: false,
        reason: 'unsupported_codec',
        message: 'unsupported video codec: send WebM (VP8, VP9 or AV1) or MP4 (H.264)',
        detail: `codec ${stream.codec}`,
      };
    if (
      stream &&
      (stream.width * stream.height > MAX_FRAME_PIXELS ||
        Math.max(stream.width, stream.height) > MAX_FRAME_SIDE)
    )
      return {
        ok: false,
        reason: 'too_large',
        message: 'video frames are larger than 1920×1080',
        detail: `${stream.width}x${stream.height}`,
      };
    const failure = classify(count, timeoutMs, inputFile);
    if (failure) return failure;
    const totalFrames = count.stdout
      .split('\n')
      .filter((line) => line.length > 0 && !line.startsWith('#')).length;
    if (totalFrames === 0)
      return { ok: false, reason: 'no_video_frames', message: 'video contains no video frames' };

    // Pass 2: decode and keep only the chosen frames.
    const picks = evenFrameIndices(totalFrames, maxFrames);
    const select = `select='${picks.map((n) => `eq(n\\,${n})`).join('+')}'`;
    const pattern = path.join(dir, 'frame-%02d.jpg');
    const extract = await runFfmpeg(
      ffmpegPath,
      [
        ...['-hide_banner', '-loglevel', 'error', ...inputArgs],
        ...['-map', '0:v:0', '-vf', select, '-vsync', '0', '-q:v', '2', '-f', 'image2', pattern],
      ],
      timeoutMs,
    );
    const extractFailure = classify(extract, timeoutMs, inputFile);
    if (extractFailure) return extractFailure;
    const files = (await fs.readdir(dir)).filter((name) => name.startsWith('frame-')).sort();
    const frames = await Promise.all(files.map((name) => fs.readFile(path.join(dir!, name))));
    if (frames.length === 0)
      return { ok: false, reason: 'unreadable', message: 'no frame of the video could be decoded' };
    return { ok: true, frames, totalFrames, container };
  } catch (error) {
    return {
      ok: false,
      reason: 'unavailable',
      message: `video frames could not be extracted: ${(error as Error).message}`,
    };
  } finally {
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  }
}

function classify(
  outcome: RunOutcome,
  timeoutMs: number,
  inputFile: string,
): Extract<VideoFramesResult, { ok: false }> | null {
  if (outcome.spawnError)
    return { ok: false, reason: 'unavailable', message: `ffmpeg could not start: ${outcome.spawnError}` };
  if (outcome.timedOut)
    return { ok: false, reason: 'timeout', message: `video decoding took longer than ${timeoutMs} ms` };
  if (outcome.code !== 0) {
    const detail = firstLines(
      outcome.stderr
        .split('\n')
        .filter((line) => !/^\s/.test(line) && !line.startsWith('Input #') && !line.startsWith('Output #'))
        .join('\n')
        .split(inputFile)
        .join('video')
        .replace(/ @ 0x[0-9a-f]+\]/g, ']'),
    );
    return {
      ok: false,
      reason: 'unreadable',
      message: 'the file is not a WebM or MP4 video that can be decoded',
      detail: detail || `exit code ${outcome.code}`,
    };
  }
  return null;
}

/** Whether the ffmpeg binary runs here, and which version it is: for /readyz, checked once at start. */
export async function probeFfmpeg(
  ffmpegPath: string = ffmpegInstaller.path,
): Promise<{ ok: true; version: string } | { ok: false; error: string }> {
  const run = await runFfmpeg(ffmpegPath, ['-hide_banner', '-version'], 10_000);
  if (run.spawnError) return { ok: false, error: run.spawnError };
  if (run.code !== 0) return { ok: false, error: firstLines(run.stderr) || `exit code ${run.code}` };
  const version = /ffmpeg version (\S+)/.exec(run.stdout)?.[1] ?? 'unknown version';
  return { ok: true, version };
}
