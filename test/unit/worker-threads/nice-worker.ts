import fs from 'node:fs';
import { runBelowMainThread } from '../../../src/adapters/worker-script.js';

/** The nice value of the calling thread, from the kernel's own record of it. */
const niceOfThisThread = () =>
  Number(fs.readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1]!.split(' ')[16]);

const before = niceOfThisThread();
runBelowMainThread();
const after = niceOfThisThread();

/** A pool task: the thread's nice value before and after the call its module made on loading. */
export default function niceValues(): { before: number; after: number } {
  return { before, after };
}
