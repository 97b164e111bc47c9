// Entry of simulate.ts's worker threads: TypeScript is loaded through tsx in the thread itself
// (a worker does not inherit the main thread's module hooks), then the script, which sees it runs
// in a worker and simulates the scenarios it is sent.
import { register } from 'tsx/esm/api';

register();
await import('./simulate.ts');
