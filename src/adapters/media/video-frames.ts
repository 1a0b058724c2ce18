import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export type VideoFramesOptions = {
  /** Frames to return, evenly spread over the video. */
  maxFrames?: number;
  /** Wall-clock limit for the decoding process. */
  timeoutMs?: number;
  /** Only the first this-many seconds are read; the hosted flow records about 2 s. */
  maxDurationSeconds?: number;
  /** The Node binary that runs the decoding process (tests point it at a stand-in). */
  nodePath?: string;
};

/**
 * Why frames could not be extracted. `unreadable`, `unsupported_codec`, `too_large` and
 * `no_video_frames` are the upload's fault (HTTP 422); `timeout` means the video was too long or
 * heavy to decode in time; `unavailable` means the decoder itself could not run (a server fault).
 */
export type VideoFramesErrorReason =
  'unreadable' | 'unsupported_codec' | 'too_large' | 'no_video_frames' | 'timeout' | 'unavailable';

/**
 * `message` is fixed text that may reach the end user; `detail` (the decoder's own words, which name
 * its build and internals) is for the server log only.
 */
export type VideoFramesResult =
  | { ok: true; frames: Buffer[]; totalFrames: number; container: 'webm' | 'mp4' }
  | { ok: false; reason: VideoFramesErrorReason; message: string; detail?: string };

const DEFAULTS = { maxFrames: 8, timeoutMs: 15_000, maxDurationSeconds: 30 } as const;

const CHILD_SCRIPT = fileURLToPath(new URL('./video-decode-child.mjs', import.meta.url));

/**
 * Limits on each decoding process (sh's ulimit, inherited through exec). Address space, not
 * resident memory: Node with the decoder and sharp loaded takes 847 MiB of it before reading a byte,
 * and 3 s of 1080p peaked at 1,110 MiB (H.264) with about 250 MB resident; at 1 GiB that clip kills
 * the decoder (SIGSEGV), so 1.5 GiB leaves about 1.4× over the largest allowed frame. That holds only
 * with glibc's per-thread malloc arenas capped (MALLOC_ARENA_MAX): each decoder thread otherwise
 * reserves 64 MiB more, 1,930 MiB at 1080p on two cores. CPU seconds: the decoder's threads for the
 * 15 s wall-clock timeout.
 */
const ADDRESS_SPACE_LIMIT_KIB = 1536 * 1024;
const CPU_SECONDS_LIMIT = 30;
/** The decoding script keeps little on the JS heap (packets and 8 JPEGs): a runaway is cut short. */
const CHILD_NODE_OPTIONS = ['--max-old-space-size=128'];

/** Output kept from the decoding process: 8 base64 JPEGs of a 1080p clip are about 1.2 MB. */
const STDOUT_LIMIT_BYTES = 16 * 1024 * 1024;
const STDERR_LIMIT_BYTES = 16_384;

const UNREADABLE = 'the file is not a WebM or MP4 video that can be decoded';
const MESSAGES: Record<Exclude<VideoFramesErrorReason, 'timeout' | 'unavailable'>, string> = {
  unreadable: UNREADABLE,
  unsupported_codec: 'unsupported video codec: send WebM (VP8, VP9 or AV1) or MP4 (H.264)',
  too_large: 'video frames are larger than 1920×1080',
  no_video_frames: 'video contains no video frames',
};

/** WebM/Matroska starts with the EBML magic; MP4/MOV has an `ftyp` box at offset 4. */
function detectContainer(video: Uint8Array): 'webm' | 'mp4' | null {
  if (video.length >= 4 && video[0] === 0x1a && video[1] === 0x45 && video[2] === 0xdf && video[3] === 0xa3)
    return 'webm';
  if (video.length >= 12 && Buffer.from(video.subarray(4, 8)).toString('latin1') === 'ftyp') return 'mp4';
  return null;
}

type RunOutcome = {
  code: number | null;
  signal: NodeJS.Signals | null;
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

/** The account a decoder runs as when the service runs as root: it owns no file and no secret. */
const UNPRIVILEGED_ID = 65534;

/** Whether every folder on the way to `file` lets others through, and `file` itself grants them `access`. */
function othersMay(file: string, access: 'read' | 'execute'): boolean {
  try {
    if ((fs.statSync(file).mode & (access === 'read' ? 0o004 : 0o001)) === 0) return false;
    for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
      if ((fs.statSync(dir).mode & 0o001) === 0) return false;
      if (path.dirname(dir) === dir) return true;
    }
  } catch {
    return false;
  }
}

/**
 * A service running as root hands the decoder to the unprivileged account when that account can run
 * it (Node, the decoding script and the decoder package readable by others), so a decoder exploit
 * reads neither the data directory nor the key files. Otherwise the decoder keeps the service's
 * account, with the resource limits and an empty environment as its only fence.
 */
function decoderIdentity(nodePath: string): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const decoderPackage = (() => {
    try {
      return createRequire(CHILD_SCRIPT).resolve('@napi-rs/webcodecs');
    } catch {
      return null;
    }
  })();
  const runnable =
    othersMay(nodePath, 'execute') &&
    othersMay(CHILD_SCRIPT, 'read') &&
    (decoderPackage === null || othersMay(decoderPackage, 'read'));
  return runnable ? { uid: UNPRIVILEGED_ID, gid: UNPRIVILEGED_ID } : undefined;
}

function runChild(
  nodePath: string,
  args: string[],
  input: Uint8Array | null,
  timeoutMs: number,
): Promise<RunOutcome> {
  return new Promise((resolve) => {
    const child = spawn(
      'sh',
      [
        '-c',
        [
          `ulimit -v ${ADDRESS_SPACE_LIMIT_KIB} && ulimit -t ${CPU_SECONDS_LIMIT}`,
          // Two malloc arenas and two libuv threads: the address-space budget above assumes them.
          'export MALLOC_ARENA_MAX=2 UV_THREADPOOL_SIZE=2',
          // The service's own NODE_OPTIONS (a tsx --import, say) does not run under the limits.
          'unset NODE_OPTIONS',
          'exec "$0" "$@"',
        ].join(' && '),
        nodePath,
        ...CHILD_NODE_OPTIONS,
        CHILD_SCRIPT,
        ...args,
      ],
      {
        stdio: ['pipe', 'pipe', 'pipe'],
        // Nothing of the service's environment (keys, tokens, DATABASE_URL, S3 credentials) reaches the
        // decoder: it gets a system PATH and the two settings the script exports.
        env: { PATH: '/usr/local/bin:/usr/bin:/bin' },
        ...decoderIdentity(nodePath),
      },
    );
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (stdout.length < STDOUT_LIMIT_BYTES) stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      if (stderr.length < STDERR_LIMIT_BYTES) stderr += chunk;
    });
    // A child that dies before reading all of stdin closes the pipe under us: its exit says why.
    child.stdin.on('error', () => {});
    child.stdin.end(input ?? undefined);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ code: null, signal: null, stdout, stderr, timedOut, spawnError: error.message });
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const execFailure = code === null ? undefined : EXEC_FAILURES.get(code);
      resolve({
        code,
        signal,
        stdout,
        stderr,
        timedOut,
        ...(execFailure ? { spawnError: `spawn ${nodePath} ${execFailure}` } : {}),
      });
    });
  });
}

function firstLines(text: string): string {
  return text.trim().split('\n').slice(0, 3).join('; ').slice(0, 300);
}

type ChildReply =
  | { ok: true; totalFrames: number; frames: string[]; version?: string }
  | { ok: false; reason: string; detail?: string };

function parseReply(stdout: string): ChildReply | null {
  try {
    const reply = JSON.parse(stdout) as ChildReply;
    return typeof reply === 'object' && reply !== null && typeof reply.ok === 'boolean' ? reply : null;
  } catch {
    return null;
  }
}

/**
 * Extracts up to `maxFrames` JPEG frames evenly spread over a WebM or MP4 video with the FFmpeg 8
 * inside `@napi-rs/webcodecs` (its demuxers and WebCodecs VideoDecoder), run in a child process:
 * the upload is untrusted and the decoder native code, so the process has address-space and CPU-time
 * limits and a wall-clock kill, and whatever it does to itself leaves the service running. Only
 * bytes with WebM or MP4 magic reach it; it refuses any codec but H.264/VP8/VP9/AV1 and frames over
 * 1080p from the stream header before a decoder opens, and reads at most 30 s and 1,800 frames.
 * Never throws: failures come back as a reason, a client-safe message and a detail for the log.
 */
export async function extractVideoFrames(
  video: Uint8Array,
  options: VideoFramesOptions = {},
): Promise<VideoFramesResult> {
  const maxFrames = options.maxFrames ?? DEFAULTS.maxFrames;
  const timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
  const maxDurationSeconds = options.maxDurationSeconds ?? DEFAULTS.maxDurationSeconds;
  const nodePath = options.nodePath ?? process.execPath;

  const container = detectContainer(video);
  if (!container) return { ok: false, reason: 'unreadable', message: UNREADABLE };

  const run = await runChild(
    nodePath,
    [JSON.stringify({ container, maxFrames, maxDurationSeconds })],
    video,
    timeoutMs,
  );
  if (run.spawnError)
    return { ok: false, reason: 'unavailable', message: `video decoder could not start: ${run.spawnError}` };
  if (run.timedOut)
    return { ok: false, reason: 'timeout', message: `video decoding took longer than ${timeoutMs} ms` };
  const reply = run.code === 0 ? parseReply(run.stdout) : null;
  if (!reply)
    // Killed by a limit (SIGKILL for CPU time, SIGABRT/SIGSEGV when memory runs out) or crashed on
    // the input: the upload's fault as far as the client is told.
    return {
      ok: false,
      reason: 'unreadable',
      message: UNREADABLE,
      detail: `decoder exited (${run.signal ?? `code ${run.code}`}): ${firstLines(run.stderr) || 'no output'}`,
    };
  if (reply.ok) {
    const frames = reply.frames.map((frame) => Buffer.from(frame, 'base64'));
    return { ok: true, frames, totalFrames: reply.totalFrames, container };
  }
  if (reply.reason === 'unavailable')
    return {
      ok: false,
      reason: 'unavailable',
      message: `video decoder could not start: ${reply.detail ?? 'unknown error'}`,
    };
  const reason = reply.reason in MESSAGES ? (reply.reason as keyof typeof MESSAGES) : 'unreadable';
  return { ok: false, reason, message: MESSAGES[reason], ...(reply.detail ? { detail: reply.detail } : {}) };
}

/** Whether the decoding process starts and has every allowed decoder: for /readyz, checked once at start. */
export async function probeVideoDecoder(
  nodePath: string = process.execPath,
): Promise<{ ok: true; version: string } | { ok: false; error: string }> {
  const run = await runChild(nodePath, ['--probe'], null, 10_000);
  if (run.spawnError) return { ok: false, error: run.spawnError };
  const reply = run.code === 0 ? parseReply(run.stdout) : null;
  if (!reply) return { ok: false, error: firstLines(run.stderr) || `exit code ${run.code ?? run.signal}` };
  if (!reply.ok) return { ok: false, error: reply.detail ?? reply.reason };
  return { ok: true, version: reply.version ?? 'unknown version' };
}
