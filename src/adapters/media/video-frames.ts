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
 * Why frames could not be extracted. `unreadable` and `no_video_frames` are the upload's fault
 * (HTTP 422); `timeout` means the video was too long or heavy to decode in time; `unavailable`
 * means ffmpeg itself could not run (a server fault).
 */
export type VideoFramesErrorReason = 'unreadable' | 'no_video_frames' | 'timeout' | 'unavailable';

export type VideoFramesResult =
  | { ok: true; frames: Buffer[]; totalFrames: number; container: 'webm' | 'mp4' }
  | { ok: false; reason: VideoFramesErrorReason; message: string };

const DEFAULTS = { maxFrames: 8, timeoutMs: 15_000, maxDurationSeconds: 30 } as const;

/** Error output kept from ffmpeg for the message; its first lines name the problem. */
const STDERR_LIMIT_BYTES = 4_096;

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

function runFfmpeg(ffmpegPath: string, args: string[], timeoutMs: number): Promise<RunOutcome> {
  return new Promise((resolve) => {
    const child = spawn(ffmpegPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
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
      resolve({ code, stdout, stderr, timedOut });
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

/**
 * Extracts up to `maxFrames` JPEG frames evenly spread over a WebM or MP4 video, with the ffmpeg
 * binary from `@ffmpeg-installer/ffmpeg`. The video goes through a private temp file (MP4 needs a
 * seekable input; browsers' MediaRecorder WebM often has no duration, so frames are counted first).
 * ffmpeg may only open local files, and the container is forced to the one the magic bytes name.
 * Never throws: failures come back as a reason and message.
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
  if (!container) return { ok: false, reason: 'unreadable', message: 'video is not a WebM or MP4 file' };

  let dir: string | null = null;
  try {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'idv-video-'));
    const inputFile = path.join(dir, container === 'webm' ? 'input.webm' : 'input.mp4');
    await fs.writeFile(inputFile, video, { mode: 0o600 });
    const inputArgs = [
      '-hide_banner',
      '-loglevel',
      'error',
      '-nostdin',
      '-protocol_whitelist',
      'file',
      '-f',
      container === 'webm' ? 'matroska' : 'mov',
      '-t',
      String(maxDurationSeconds),
      '-i',
      inputFile,
    ];

    // Pass 1: count the video packets (no decoding) so the picks can be spread over the whole clip.
    const count = await runFfmpeg(
      ffmpegPath,
      [...inputArgs, '-map', '0:v:0', '-c', 'copy', '-f', 'framecrc', '-'],
      timeoutMs,
    );
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
      [...inputArgs, '-map', '0:v:0', '-vf', select, '-vsync', '0', '-q:v', '2', '-f', 'image2', pattern],
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
    // The message may reach the client: name the upload, not the server's temp path.
    const detail = firstLines(
      outcome.stderr
        .split(inputFile)
        .join('video')
        .replace(/ @ 0x[0-9a-f]+\]/g, ']'),
    );
    return {
      ok: false,
      reason: 'unreadable',
      message: `video could not be read${detail ? `: ${detail}` : ''}`,
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
