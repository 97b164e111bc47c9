// Run as a separate process by the scheduler test: one scheduler pass at a fixed moment
// against TEST_DB_URL; prints the stage transitions this process performed, per assignment.
import { openDatabase } from '../src/db/client';
import { advanceDueAssignments } from '../src/modules/assignments/stage-runner';

const url = process.env.TEST_DB_URL;
const at = process.env.ADVANCE_AT;
if (!url || !at) throw new Error('TEST_DB_URL and ADVANCE_AT are required');
const database = await openDatabase({ url });
const moved = await advanceDueAssignments(database.db, new Date(at));
process.stdout.write(`${JSON.stringify(moved)}\n`);
await database.close();
