import { malformedSweep } from './malformed-support.ts';

// The second half of the calls (malformed-support.ts).
malformedSweep(1, 2);
