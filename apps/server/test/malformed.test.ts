import { malformedSweep } from './malformed-support.ts';

// The first half of the calls, and the envelope's checks (malformed-support.ts).
malformedSweep(0, 2);
