/** Takes the data-directory lock of the folder given as its argument, prints "locked" and waits to be killed. */
import { lockDataDirectory } from '../../src/adapters/db/data-dir-lock.js';

lockDataDirectory(process.argv[2]!);
process.stdout.write('locked\n');
setInterval(() => {}, 60_000);
